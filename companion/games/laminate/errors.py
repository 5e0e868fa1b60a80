"""Typed refusals with stable codes (docs/api.md), each with its sentence in Laminate's catalogs (``err_<code>``;
docs/translating.md). The platform refuses what every game shares (``bad_request``, ``not_your_turn``,
``game_over``: ``Game.play``) with its own sentences; the codes here are the rules' (R1–R18)."""

from __future__ import annotations

from typing import Any

from ..base import COMMON_CODES, Fill, RuleError
from ..texts import COMMON
from .cardnames import card_label
from .papers import PAPERS
from .texts import LAMINATE

# The codes of Laminate's own sentences (err_<code>). Placeholders are filled from the error's params
# (``IllegalAction.words``): why a meld fails (why_<key>) and what is still possible (can_<key>) in words.
CODES: tuple[str, ...] = (
    "bad_card", "unknown_paper", "no_match", "supply_empty", "already_owned", "cite_unknown", "cite_not_complete",
    "cite_duplicate", "card_on_table", "duplicate_card", "rank_exhausted", "no_hand_card", "hand_too_small",
    "research_impossible", "discard_empty", "paper_unknown", "not_under_review", "card_not_in_paper",
    "pass_not_allowed", "endflag_pending", "no_endflag_pending", "endflag_not_publishable",
)



class IllegalAction(RuleError):
    """A refusal. ``code`` is stable (docs/api.md); ``message(lang)`` is a sentence for players. The engine knows
    no HTTP: the web layer maps a refusal to its status (``malformed`` ones to 400)."""

    TEXTS = LAMINATE
    CODES = CODES
    COUNTS = {"rank_exhausted": "copies", "hand_too_small": "hand"}

    def __init__(self, code: str, **params: Any) -> None:
        if code not in CODES and code not in COMMON_CODES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(code, **params)

    def words(self, lang: str) -> dict[str, Any]:
        """The params, with the words some sentences insert in ``lang``: the paper's name, the card's, why a
        meld fails and what is still possible."""
        out = dict(self.params)
        if "paper_id" in out:
            paper = PAPERS.get(str(out["paper_id"]))
            out.setdefault("paper", paper.name(lang) if paper else str(out["paper_id"]))
        if "card" in out:
            out.setdefault("card_name", card_label(str(out["card"]), lang))
        if "why_key" in out:
            out.setdefault("why", _why(str(out["why_key"]), out, lang))
        if "can_key" in out:
            out.setdefault("can", LAMINATE.t("can_" + str(out["can_key"]).replace(" ", "_"), lang))
        return out


class Malformed(IllegalAction):
    """The request names something that does not exist (400): a card not in this table's deck, a paper type."""

    malformed = True


def _why(key: str, params: dict[str, Any], lang: str) -> str:
    """Why a meld is not the paper asked for (no_match), per pattern family: ``why_<key>`` filled from the params."""
    if key == "groups":  # two counts: each said with its own plural form
        params = {**params, "ranks": LAMINATE.tn("n_ranks", int(params.get("groups", 0)), lang),
                  "cards": COMMON.tn("count_cards", int(params.get("size", 0)), lang)}
    if key == "count":
        return LAMINATE.template("why_count", lang, int(params.get("want", 0))).format_map(Fill(params))
    return LAMINATE.template(f"why_{key}", lang).format_map(Fill(params))
