"""Long Seat's refusals: stable codes (docs/api.md, Long Seat) with a sentence in English and Japanese."""

from __future__ import annotations

from ..base import BadRequest, RuleError

# code -> (English, Japanese); placeholders are filled from the error's params. The refusals every game shares
# (bad_request, not_your_turn) are the platform's; game_over is the platform's check in Long Seat's words.
MESSAGES: dict[str, tuple[str, str]] = {
    "game_over": ("The deck is used up and the game is over: no more cards.",
                  "山札がなくなりゲームは終了しています。これ以上カードは置けません。"),
    "card_exhausted": ("No {card} is left in the deck (the table's deck has {copies}, all already out). Check the "
                       "number on the card.",
                       "山札に{card}はもう残っていません（この卓のデッキの{copies}枚はすべて出ています）。"
                       "カードの数字を確かめてください。"),
    "nothing_laid": ("Lay at least one card before you stop: a turn lays one card or more.",
                     "終了を宣言する前に、少なくとも1枚は場に置いてください。"),
}


class LongSeatError(RuleError):
    """A move the Long Seat rules forbid (422)."""

    MESSAGES = MESSAGES


class LongSeatBadRequest(BadRequest):
    """A set-up Long Seat cannot play (400): a player count or a first seat out of range."""

    MESSAGES = MESSAGES
