"""Pyramid's table options: the table's deck (PD5, fixed at set-up) and the risk display (a setting)."""

from __future__ import annotations

from typing import Any

from ..base import Option
from ..pairs import deck_option

OPTIONS: tuple[Option, ...] = (
    deck_option(),
    Option("risk", "bool", True, ("Show the risk of the next card", "次のカードのリスクを表示"), setting=True,
           help=("Before each “turn another?”, the exact chance that the next card busts, counted from the cards "
                 "still in the deck (PD4). Public information only; a table may switch it off.",
                 "「もう1枚めくる？」の前に、山札に残っているカードから次のカードでアウトになる確率を正確に表示します"
                 "（PD4）。公開情報だけを使います。卓の設定でオフにできます。"),
           said=(("The risk of the next card is shown.", "次のカードのリスクを表示するようにしました。"),
                 ("The risk of the next card is hidden.", "次のカードのリスクを表示しないようにしました。"))),
)


def settings_of(options: dict[str, Any] | None) -> dict[str, Any]:
    """The table's current settings (kept in the table record, not in the state: they change during play)."""
    given = options or {}
    return {o.id: given.get(o.id, o.default) for o in OPTIONS if o.setting}
