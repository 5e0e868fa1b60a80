"""The Pairs deck's words, shared by the four games that use the deck (its option, its refusals, a card
number): its message catalogs (``locale/<lang>/LC_MESSAGES/pairs.po``; docs/translating.md). Each of those
games' own texts fall back to these, then to the frame's."""

from __future__ import annotations

from pathlib import Path

from ..texts import COMMON, Texts

PAIRS = Texts.load(Path(__file__).resolve().parent / "locale", "pairs", COMMON)

__all__ = ["PAIRS"]
