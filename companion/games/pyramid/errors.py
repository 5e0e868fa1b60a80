"""Pyramid's typed refusals (docs/rules-pyramid.md; codes listed in docs/api.md): a stable code, a sentence
in English and Japanese, and machine-readable params (card numbers, positions)."""

from __future__ import annotations

from ..base import BadRequest, RuleError

# code -> (English, Japanese); placeholders come from the error's params. The platform refuses an action after
# the end with this game's own sentence for game_over; bad_request and not_your_turn are the platform's.
MESSAGES: dict[str, tuple[str, str]] = {
    "game_over": ("The game is over: the deck ran out.", "山札がなくなり、ゲームは終了しています。"),
    "card_exhausted": ("Every {card} of this deck is already face up: the card turned cannot be a {card}.",
                       "このデッキの{card}はすべて表になっています。めくったカードが{card}のはずはありません。"),
    "deck_empty": ("The deck is empty: no card can be turned.", "山札がないので、カードはめくれません。"),
    "nothing_turned": ("Turn at least one card before stopping (PY4).",
                       "やめる前に、少なくとも1枚めくってください（PY4）。"),
    "not_turning": ("{player_name} has stopped turning: place this turn’s cards in the pyramid.",
                    "{player_name}さんはめくるのをやめました。獲得したカードをピラミッドに置いてください。"),
    "not_building": ("Cards are placed only after stopping (PY6).",
                     "カードを置けるのは、めくるのをやめた後です（PY6）。"),
    "not_acquired": ("{card} is not one of this turn’s cards still to place.",
                     "{card}は、この手番で獲得してまだ置いていないカードではありません。"),
    "occupied": ("Row {row}, place {x} already holds a card; placed cards never move (PY7c).",
                 "{row}段目の位置{x}にはすでにカードがあります。置いたカードは動かせません（PY7c）。"),
    "bottom_gap": ("The bottom row is one unbroken block: a new card goes just left or right of it (PY7a).",
                   "最下段は離さずに並べます。新しいカードは今ある列のすぐ左か右に置きます（PY7a）。"),
    "first_at_origin": ("The first card of a pyramid goes at place 0 of the bottom row (PY7a).",
                        "ピラミッドの最初のカードは最下段の位置0に置きます（PY7a）。"),
    "no_support": ("A card in row {row} needs two cards side by side under it (PY7b).",
                   "{row}段目のカードの下には、2枚並んだカードが必要です（PY7b）。"),
    "too_big": ("{card} is too big to go over {left} and {right}: at most {limit} fits there (PY7b).",
                "{left}と{right}の上に{card}は置けません。置けるのは{limit}以下です（PY7b）。"),
}

class PyramidError(RuleError):
    """A move the Pyramid rules forbid (422)."""

    MESSAGES = MESSAGES


class PyramidBadRequest(BadRequest):
    """A set-up Pyramid cannot play (400)."""

    MESSAGES = MESSAGES
