"""Where a card goes in a pyramid, said in words (history, slot buttons): the bottom row's ends, or a row
counted from the bottom and the two cards it rests on — never the ``(row, x)`` coordinates the API uses."""

from __future__ import annotations

from ..texts import ordinal
from .pyramid import Grid
from .texts import t


def where_text(cells: Grid, row: int, x: int, lang: str) -> str:
    """Where ``(row, x)`` is in the pyramid ``cells`` as it stands before a card goes there: "at the left end
    of the bottom row", "in the 2nd row from the bottom, over 9 and 5" (PY7a, PY7b)."""
    bottom = [bx for (r, bx) in cells if r == 1]
    if row == 1:
        if not bottom:
            return t("where_first", lang)
        return t("where_left" if x < min(bottom) else "where_right", lang)
    left, right = cells.get((row - 1, x)), cells.get((row - 1, x + 1))
    same = [bx for (r, bx), c in cells.items()
            if r == row - 1 and bx != x and (c, cells.get((r, bx + 1))) == (left, right)]
    params = {"row": ordinal(row, lang), "left": left, "right": right}
    if same and bottom:  # another place in this row rests on the same two numbers: say which one
        return t("where_up_at", lang, k=ordinal(x - min(bottom) + 1, lang), **params)
    return t("where_up", lang, **params)
