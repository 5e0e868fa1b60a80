"""Seven cards in words: the notation's rank letters (A, J, Q, K) and a card's name in English or Japanese
("Coin 7" / "コイン7"), from the deck data file. No deck object and no refusals here: the deck (which refuses a
card it lacks, ``deck.py``) and the refusals' sentences (``errors.py``) both build on this module."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from .texts import LAMINATE

RANK_LETTERS = {"A": 1, "J": 11, "Q": 12, "K": 13}
FACE = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_NUMBER = re.compile(r"[1-9][0-9]?")  # no sign, no spaces, no leading zero


def rank_label(rank: int) -> str:
    return FACE.get(rank, str(rank))


def read_rank(text: str) -> int | None:
    """A rank as the notation writes it (``"7"``, ``"K"``, ``"k"``), else None."""
    upper = text.upper()
    if upper in RANK_LETTERS:
        return RANK_LETTERS[upper]
    return int(upper) if _RANK_NUMBER.fullmatch(upper) else None


def name(suit_name: str, rank: int, lang: str) -> str:
    """'Coin 7' / 'コイン7' (face letters for 1 and 11-13)."""
    return LAMINATE.t("card_name", lang, suit=suit_name, rank=rank_label(rank))


@cache
def default_deck_data() -> dict[str, Any]:
    """The deck data file shipped with the game (R1): its suits, their names and ranks."""
    return json.loads(resources.files(__package__).joinpath("deck.json").read_text(encoding="utf-8"))


def card_label(card: str, lang: str) -> str:
    """Human name of a card id of the default deck such as 'coin-7' (Coin 7 / コイン7); the id itself for
    anything else."""
    suit_id, sep, rank_text = card.rpartition("-")
    rank = read_rank(rank_text) if sep else None
    if rank is None:
        return card
    for suit in default_deck_data()["suits"]:
        if str(suit["id"]).lower() == suit_id.lower() and rank in suit["ranks"]:
            return name(suit["ja"] if lang == "ja" else suit["en"], rank, lang)
    return card
