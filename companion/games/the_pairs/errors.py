"""Typed refusals of The Pairs with stable codes (docs/api.md, The Pairs) and a sentence in English and Japanese.

Params hold machine-readable values (card numbers, pile letters); the sentences render piles as "pile A" /
"捨て札A".
"""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, RuleError

# code -> (English, Japanese); placeholders are filled from the error's params. The refusals every game shares
# (bad_request, game_over, not_your_turn) are the platform's.
MESSAGES: dict[str, tuple[str, str]] = {
    "deck_too_small": ("The table's deck has {total} cards, too few to deal 4 to each of {players} players (TP2).",
                       "この卓のデッキは{total}枚で、{players}人に4枚ずつ配れません（TP2）。"),
    "not_adjacent": ("Pile {pile_letter} takes only {accepts} now (top card {top}); {card} does not fit (TP7).",
                     "捨て札{pile_letter}に出せるのは今{accepts}だけです（一番上は{top}）。{card}は出せません（TP7）。"),
    "place_full": ("{player_name}'s place already holds a {place}: it takes one card only (TP6b).",
                   "{player_name}さんの場札置場にはもう{place}があります。置けるのは1枚だけです（TP6b）。"),
    "place_empty": ("{player_name}'s place is empty: there is no place card (TP6c, TP9).",
                    "{player_name}さんの場札置場は空です。場札がありません（TP6c・TP9）。"),
    "not_place_card": ("The card on {player_name}'s place is a {place}, not a {card}.",
                       "{player_name}さんの場札は{place}です（{card}ではありません）。"),
    "hand_empty": ("{player_name} has no card in hand.", "{player_name}さんの手札はありません。"),
    "card_exhausted": ("Every {card} of this deck ({copies}) already lies face up on a pile or a place.",
                       "このデッキの{card}（{copies}枚）はすべて捨て札か場札として表になっています。"),
    "play_first": ("First play a card, then draw (TP5).", "先にカードを出してから引きます（TP5）。"),
    "must_draw": ("{player_name} has played this turn; now draw a card (TP9).",
                  "{player_name}さんはこの手番のカードを出しました。次はカードを引きます（TP9）。"),
    "no_draw_after_pair": ("{player_name} made a pair: no draw this turn, and the turn has passed (TP9).",
                           "{player_name}さんはペアを作ったので、この手番は引けません。手番は次に移りました（TP9）。"),
    "place_just_played": ("The card put on the place this turn cannot be taken back this turn (TP9).",
                          "この手番に場札置場に出したカードは、同じ手番には引けません（TP9）。"),
    "deck_empty": ("The deck is empty: take your place card, or there is nothing to draw (TP9).",
                   "山札がありません。場札を引くか、引けるカードはありません（TP9）。"),
    "cannot_pass": ("A player may pass only when their hand, their place and the deck are all empty (TP8).",
                    "パスできるのは手札・自分の場札・山札がすべてなくなったときだけです（TP8）。"),
    "can_play_to_place": ("{player_name}'s place is empty: any hand card can go there, so a play exists (TP6b).",
                          "{player_name}さんの場札置場は空なので、手札のどれでも出せます（TP6b）。"),
    "pile_takes_any": ("Pile {pile_letter} is empty and takes any card, so a play exists (TP7).",
                       "捨て札{pile_letter}は空でどのカードでも出せます（TP7）。"),
    "place_card_fits": ("The place card {place} fits pile {pile_letter}: that is a play (TP6c).",
                        "場札の{place}は捨て札{pile_letter}に出せます（TP6c）。"),
    "can_pass": ("Hand, place and deck are all empty: pass instead (TP8).",
                 "手札・場札・山札がすべてないのでパスしてください（TP8）。"),
    "hand_size_mismatch": ("{player_name} holds {want} cards, but {got} were shown.",
                           "{player_name}さんの手札は{want}枚ですが、{got}枚が入力されました。"),
    "hand_card_fits": ("The {card} in the hand fits pile {pile_letter}: that is a play (TP7).",
                       "手札の{card}は捨て札{pile_letter}に出せます（TP7）。"),
}


def render(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Params as words: a pile id "a" becomes the letter "A", a list of numbers "6, 7 or 8" / "6・7・8"."""
    out = dict(params)
    pile = out.get("pile")
    if isinstance(pile, str):
        out["pile_letter"] = pile.upper()
    accepts = out.get("accepts")
    if isinstance(accepts, list):
        nums = [str(n) for n in accepts]
        if lang == "ja":
            out["accepts"] = "・".join(nums)
        else:
            out["accepts"] = ", ".join(nums[:-1]) + " or " + nums[-1] if len(nums) > 1 else "".join(nums)
    return out


class PairsError(RuleError):
    """A move the rules of The Pairs forbid (422)."""

    MESSAGES = MESSAGES

    def words(self, lang: str) -> dict[str, Any]:
        return render(self.params, lang)


class PairsBadRequest(BadRequest):
    """A set-up The Pairs cannot play (400): a deck too small to deal."""

    MESSAGES = MESSAGES

    def words(self, lang: str) -> dict[str, Any]:
        return render(self.params, lang)
