"""Cracker's refusals: stable codes (docs/api.md, Cracker) with a sentence in English and Japanese."""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, RuleError

# code -> (English, Japanese); placeholders are filled from the error's params. The platform refuses an action
# after the end with this game's own sentence for game_over; bad_request and not_your_turn are the platform's.
MESSAGES: dict[str, tuple[str, str]] = {
    "game_over": ("The match is over: no more actions.", "対戦は終了しています。これ以上の操作はできません。"),
    "round_over": ("This round is over: enter the highest numbers, or start the next round.",
                   "このラウンドは終了しています。残った手札の最大の数字を入力するか、次のラウンドを始めてください。"),
    "wrong_step": ("Not now: {player_name} must first {need}.", "まだできません。{player_name}さんは先に{need}。"),
    "pair_not_received": ("Only the card just received can make a pair (CR5b): that is a {received}, not a {card}.",
                          "ペアにできるのは受け取ったカードだけです（CR5b）。受け取ったのは{received}で、{card}ではありません。"),
    "already_paired": ("One pair per turn (CR5b): {player_name} has already discarded a pair.",
                       "ペアは1手番に1回です（CR5b）。{player_name}さんはすでにペアを捨てました。"),
    "hand_too_small": ("{player_name} holds only the card just received: there is nothing to pair it with (CR5b).",
                       "{player_name}さんの手札は受け取ったカードだけなので、ペアにできません（CR5b）。"),
    "card_exhausted": ("No {card} can be there: every copy of {card} is already accounted for (CR11).",
                       "{card}はもうありえません。{card}はすべて所在がわかっています（CR11）。"),
    "cannot_hold": ("{player_name} cannot hold a {card}: all ten dealt cards are already accounted for (CR11).",
                    "{player_name}さんが{card}を持っているはずがありません。配られた10枚はすべて所在がわかっています（CR11）。"),
    "no_window": ("{player_name} cannot declare now: the active player may after receiving, the last passer "
                  "until the next move, anyone before the first draw (CR7c).",
                  "{player_name}さんは今は上がりを宣言できません。宣言できるのは、手番の人が受け取ったあと、"
                  "直前に渡した人が次の操作まで、配った直後は全員です（CR7c）。"),
    "not_out": ("{hand} is neither all one number nor a run of consecutive numbers (CR7).",
                "{hand}は、すべて同じ数字でも連続した数字でもありません（CR7）。"),
    "hand_size_mismatch": ("{player_name} holds {want} cards, but {got} were entered (CR6).",
                           "{player_name}さんの手札は{want}枚のはずですが、{got}枚が入力されました（CR6）。"),
    "hand_contradicts_public": ("That does not fit the cards everyone saw {player_name} receive, pass and pair "
                                "(CR11).",
                                "{player_name}さんが受け取った・渡した・ペアにしたカードと合いません（CR11）。"),
    "round_not_over": ("The highest numbers are entered only after the round has ended.",
                       "最大の数字の入力はラウンドが終わってからです。"),
    "already_revealed": ("{player_name}'s highest number is already entered.",
                         "{player_name}さんの最大の数字はすでに入力されています。"),
    "went_out": ("{player_name} went out: their hand is already shown.",
                 "{player_name}さんは上がったので、手札はすでに公開されています。"),
    "max_too_low": ("{player_name} is known to hold a {card}, so their highest number is at least {card} (CR9).",
                    "{player_name}さんは{card}を持っているはずなので、最大の数字は{card}以上です（CR9）。"),
    "max_impossible": ("{player_name} holds {size} cards, so their highest number cannot be {max}.",
                       "{player_name}さんの手札は{size}枚なので、最大の数字が{max}になることはありません。"),
    "not_blocked": ("The round ends this way only when a change is due and the deck is empty (CR8a).",
                    "この終わり方ができるのは、チェンジが必要で山札がないときだけです（CR8a）。"),
    "round_not_scored": ("The next round starts once every highest number is entered.",
                         "全員の最大の数字を入力してから次のラウンドを始められます。"),
}

NEEDS: dict[str, tuple[str, str]] = {
    "draw": ("draw the top card of the deck and enter it", "山札の一番上のカードを引いて入力してください"),
    "play": ("pair or pass a card", "ペアを捨てるかカードを渡してください"),
    "blocked": ("end the round or declare (the deck is empty)",
                "ラウンドを終えるか上がりを宣言してください（山札がありません）"),
}


class CrackerError(RuleError):
    """A move the Cracker rules forbid (422)."""

    MESSAGES = MESSAGES

    def words(self, lang: str) -> dict[str, Any]:
        """The step still to do in words ("draw the top card…"); a hand as "3 4 5" / "3・4・5"."""
        params = dict(self.params)
        ja = lang == "ja"
        if params.get("step") in NEEDS:
            params["need"] = NEEDS[params["step"]][1 if ja else 0]
        if isinstance(params.get("hand"), list):
            params["hand"] = ("・" if ja else " ").join(map(str, params["hand"]))
        return params


class CrackerBadRequest(BadRequest):
    """A set-up Cracker cannot play (400): a deck too small to deal."""

    MESSAGES = MESSAGES
