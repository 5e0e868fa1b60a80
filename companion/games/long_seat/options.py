"""Long Seat's table options: the table's own deck (PD5) and the risk display (LS10), a setting."""

from __future__ import annotations

from ..base import Option
from ..pairs import deck_option

OPTIONS: tuple[Option, ...] = (
    deck_option(),
    Option("risk", "bool", True, ("Show the risk of the next card", "次のカードのリスクを表示"), setting=True,
           help=("LS10: the exact chance that the next card makes a pair, from the cards still in the deck. "
                 "Turn it off to play from memory.",
                 "LS10：山札に残っているカードから、次の1枚でペアになる確率を正確に表示します。"
                 "記憶だけで遊ぶときはオフにします。"),
           said=(("The risk display was turned back on.", "リスク表示がオンに戻りました。"),
                 ("The risk display was turned off for the table.", "リスク表示が卓全体でオフになりました。"))),
)
