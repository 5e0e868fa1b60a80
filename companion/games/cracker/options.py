"""Cracker's table options: the table's own deck (PD5) and the length of the match (CR10)."""

from __future__ import annotations

from ..base import Option
from ..pairs import deck_option

OPTIONS: tuple[Option, ...] = (
    Option("rounds", "int", 3, ("Rounds in the match", "ラウンド数"), minimum=1, maximum=20,
           help=("CR10: the highest total after this many rounds wins. The deal passes to the left each round.",
                 "CR10：このラウンド数を終えた時点で合計点が最も高い人の勝ちです。ディーラーは毎ラウンド左隣へ移ります。")),
    deck_option(),
)
