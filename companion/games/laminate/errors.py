"""Typed refusals with stable codes (docs/api.md) and a sentence in Japanese and English. The platform refuses
what every game shares (``bad_request``, ``not_your_turn``, ``game_over``: ``Game.play``) with its own sentences;
the codes here are the rules' (R1–R18)."""

from __future__ import annotations

from typing import Any

from ..base import COMMON_MESSAGES, Fill, RuleError
from .cardnames import card_label
from .papers import PAPERS

# code -> (English, Japanese). Placeholders are filled from the error's params (``IllegalAction.words``).
MESSAGES: dict[str, tuple[str, str]] = {
    "bad_card": ("“{card}” is not a card of this deck.", "「{card}」はこのデッキにないカードです。"),
    "unknown_paper": ("“{paper_id}” is not a paper type.", "「{paper_id}」という論文の種類はありません。"),
    "no_match": ("These cards do not make {paper}: {why}", "このカードでは{paper}になりません：{why}"),
    "supply_empty": ("No {paper} is left in the supply.", "{paper}は場に残っていません。"),
    "already_owned": ("{player_name} already has a {paper} paper; nobody may hold two of one type.",
                      "{player_name}さんはすでに{paper}を持っています。同じ論文は2枚持てません。"),
    "cite_unknown": ("There is no paper #{paper_ref} on the table to cite.",
                     "引用する論文 #{paper_ref} は場にありません。"),
    "cite_not_complete": ("Paper #{paper_ref} is still under review; only complete papers can be cited.",
                          "論文 #{paper_ref} はまだ査読中です。引用できるのは完成した論文だけです。"),
    "cite_duplicate": ("Paper #{paper_ref} is cited twice; cite each paper once.",
                       "論文 #{paper_ref} が2回引用されています。1つの論文は1回だけ引用できます。"),
    "card_on_table": ("{card_name} already lies in a paper on the table, so it cannot come from a hand.",
                      "{card_name}はすでに場の論文にあるので、手札から出せません。"),
    "duplicate_card": ("{card_name} is listed twice.", "{card_name}が2回指定されています。"),
    "rank_exhausted": ("The deck has only {copies} cards of rank {rank}; this would put more on the table.",
                       "ランク{rank}のカードはデッキに{copies}枚しかありません。それを超えて場に出すことになります。"),
    "no_hand_card": ("A paper needs at least one card from your hand; citations alone are not new work.",
                     "論文には手札から少なくとも1枚出す必要があります。引用だけでは発表できません。"),
    "hand_too_small": ("{player_name} holds {hand} cards but this needs {need}.",
                       "{player_name}さんの手札は{hand}枚ですが、{need}枚必要です。"),
    "research_impossible": ("Deck and discard pile are both empty: nothing to research.",
                            "山札も捨て札もないので研究できません。"),
    "discard_empty": ("The discard pile is empty; draw from the deck instead.",
                      "捨て札がありません。山札から研究してください。"),
    "paper_unknown": ("There is no paper #{paper_ref} on the table.", "論文 #{paper_ref} は場にありません。"),
    "not_under_review": ("Paper #{paper_ref} is complete; only papers under review can be reviewed.",
                         "論文 #{paper_ref} は完成しています。査読できるのは査読中の論文だけです。"),
    "card_not_in_paper": ("{card_name} is not in paper #{paper_ref}.", "{card_name}は論文 #{paper_ref} にありません。"),
    "pass_not_allowed": ("You can still {can}, so you cannot pass.", "まだ{can}ができるので、パスはできません。"),
    "endflag_pending": ("{player_name} must first lay the End Flag with one card from hand.",
                        "先に{player_name}さんがエンドフラグを手札1枚と一緒に出す必要があります。"),
    "no_endflag_pending": ("Nobody is due the End Flag now.", "今はエンドフラグを受け取る人はいません。"),
    "endflag_not_publishable": ("The End Flag cannot be published; it goes to whoever meets the end condition.",
                                "エンドフラグは発表できません。終了条件を満たした人が受け取ります。"),
}

# Words that some messages insert (why a meld fails, what is still possible).
WORDS: dict[str, tuple[str, str]] = {
    "research": ("research", "研究"),
    "review": ("review", "査読"),
    "research or review": ("research or review", "研究か査読"),
}


class IllegalAction(RuleError):
    """A refusal. ``code`` is stable (docs/api.md); ``message(lang)`` is a sentence for players. The engine knows
    no HTTP: the web layer maps a refusal to its status (``malformed`` ones to 400)."""

    MESSAGES = MESSAGES

    def __init__(self, code: str, **params: Any) -> None:
        if code not in MESSAGES and code not in COMMON_MESSAGES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(code, **params)

    def words(self, lang: str) -> dict[str, Any]:
        """The params, with the words some sentences insert in ``lang``: the paper's name, the card's, why a
        meld fails and what is still possible."""
        idx = 1 if lang == "ja" else 0
        out = dict(self.params)
        if "paper_id" in out:
            paper = PAPERS.get(str(out["paper_id"]))
            out.setdefault("paper", paper.name(lang) if paper else str(out["paper_id"]))
        if "card" in out:
            out.setdefault("card_name", card_label(str(out["card"]), lang))
        if "why_key" in out:
            out.setdefault("why", WHY[out["why_key"]][idx].format_map(Fill(out)))
        if "can_key" in out:
            out.setdefault("can", WORDS[out["can_key"]][idx])
        return out


class Malformed(IllegalAction):
    """The request names something that does not exist (400): a card not in this table's deck, a paper type."""

    malformed = True


# Why a meld is not the paper asked for (no_match), per pattern family.
WHY: dict[str, tuple[str, str]] = {
    "count": ("it needs {want} cards, not {got}.", "{want}枚必要ですが{got}枚です。"),
    "run": ("the ranks must follow one another with no gap or repeat (K and A do not connect).",
            "ランクが途切れず重ならずに連続している必要があります（KとAはつながりません）。"),
    "suit": ("every card must be of one suit.", "すべて同じスートである必要があります。"),
    "kind": ("every card must have the same rank.", "すべて同じランクである必要があります。"),
    "groups": ("it needs {groups} different ranks with {size} cards each.",
               "異なる{groups}つのランクを{size}枚ずつ必要です。"),
    "sum49": ("the ranks add up to {total}, not exactly 49.", "ランクの合計が{total}で、ちょうど49ではありません。"),
    "sum100": ("the ranks add up to {total}, less than 100.", "ランクの合計が{total}で、100に届きません。"),
    "ak": ("it takes exactly one A and one K.", "AとKをちょうど1枚ずつです。"),
    "evens": ("it takes exactly one each of 2, 4, 6, 8, 10 and Q.", "2・4・6・8・10・Qをちょうど1枚ずつです。"),
}
