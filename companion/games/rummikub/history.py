"""One readable sentence per logged Rummikub action (the pages' history and exports), from the states around it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..texts import COMMON, joined
from .actions import Action, Draw, NextRound, Pass, Play, Rack, Timeout
from .rules import rack_value
from .state import State
from .texts import count_text, t, tn
from .tiles import sorted_tiles
from .views import added_tiles, end_text, notation, signed, winners_text


def describe(before: State, after: State, action: Action, seat: int | None, lang: str,
             options: dict[str, Any] | None = None) -> str:
    """One readable sentence (or two) for an action, from the states around it."""
    p = before.names[seat] if seat is not None and 0 <= seat < before.n else "?"
    parts: list[str] = []
    if isinstance(action, Draw):
        parts.append(t("h_draw", lang, p=p))
    elif isinstance(action, Play):
        added = added_tiles(before, after)
        n = len(added)
        first = seat is not None and not before.melded[seat]
        if first:
            old = Counter(tuple(s.tiles) for s in before.table)
            total = 0
            for s in after.table:
                if old[tuple(s.tiles)] > 0:
                    old[tuple(s.tiles)] -= 1
                else:
                    total += s.value
            key = "h_play_initial"
            parts.append(t(key, lang, p=p, count=count_text(n, lang), tiles=notation(added), sum=total))
        else:
            rearranged = not _kept(before, after)
            parts.append(t("h_play_re" if rearranged else "h_play", lang, p=p, count=count_text(n, lang),
                           tiles=notation(added)))
    elif isinstance(action, Pass):
        parts.append(t("h_pass", lang, p=p))
    elif isinstance(action, Timeout):
        drawn = before.pool - after.pool
        parts.append(t("h_timeout", lang, p=p, count=count_text(drawn, lang)) if drawn
                     else t("h_timeout_pass", lang, p=p))
    elif isinstance(action, Rack):
        name = before.names[action.seat] if 0 <= action.seat < before.n else "?"
        value = rack_value(action.tiles, int(before.option("joker_penalty")))
        if action.tiles:
            parts.append(tn("h_rack", value, lang, p=name, tiles=notation(sorted_tiles(action.tiles)), value=value))
        else:
            parts.append(t("h_rack_empty", lang, p=name))
    elif isinstance(action, NextRound):
        parts.append(t("h_next_round", lang, r=after.round, p=after.names[after.start]))
    if before.round_end is None and after.round_end is not None:
        parts.append(end_text(after, lang))
    if before.round_scores is None and after.round_scores is not None:
        listed = COMMON.t("list_sep", lang).join(
            f"{after.names[i]} {signed(s)}" for i, s in enumerate(after.round_scores))
        parts.append(t("h_scored", lang, r=after.round, list=listed))
    if after.over and not before.over:
        parts.append(winners_text(after, lang))
    return joined([x for x in parts if x], lang)


def _kept(before: State, after: State) -> bool:
    """Every old set still lies inside one set of the new table (only extended, or new sets laid beside)."""
    free = [Counter(s.tiles) for s in after.table]
    for s in before.table:
        need = Counter(s.tiles)
        home = next((c for c in free if not need - c), None)
        if home is None:
            return False
        free.remove(home)
    return True
