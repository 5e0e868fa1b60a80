"""The private best-play assistant behind ``POST /api/tables/{id}/hints``: a rack in, the exact best play out.

The rack is a question, never stored or logged (the web layer also refuses it with a view link). A player
who has not made the initial meld gets the best initial meld (RK6: new sets from the rack only, worth at
least the table's minimum); anyone else the play that lays the most rack tiles (or the most points),
rearranging the table as needed (RK7) and as the table's options allow (RK8a: locked joker sets). The solving
is ``solver.best_play``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..fields import a_seat, must_be
from . import solver
from .errors import RummikubBadRequest, RummikubError
from .play import examine
from .state import Phase, State
from .texts import RK
from .tiles import over_supply, parse_tile

MAX_RACK = 60  # 14 dealt plus every draw a round could give a player, with room to spare
OBJECTIVES = ("tiles", "value")


def hints(state: State, body: dict[str, Any]) -> dict[str, Any]:
    player = body.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.n:
        raise RummikubBadRequest(must_be("player", a_seat(state.n)))
    raw = body.get("rack")
    if not isinstance(raw, list) or len(raw) > MAX_RACK:
        raise RummikubBadRequest(RK.msgn("req_rack_list", MAX_RACK, most=MAX_RACK))
    rack = [parse_tile(t) for t in raw]
    objective = body.get("objective", "tiles")
    if objective not in OBJECTIVES:
        raise RummikubBadRequest(RK.msg("req_objective"))
    if state.phase != Phase.PLAY:  # no play is accepted now: the refusal a play would get
        raise RummikubError("game_over" if state.over else "round_over")
    # RK7iv: the seat's rack count is public; a rack holding more is not that player's rack (fewer tiles are a
    # fair question: the tiles typed in so far), and every play of it lays at most what the seat holds
    if len(rack) > state.racks[player]:
        raise RummikubError("rack_too_large", seat=player, rack=state.racks[player], got=len(rack),
                            player_name=state.names[player])
    # RK1/RK13: a rack that, with the table, holds a third copy of a tile is not a real rack.
    excess = over_supply([*state.table_tiles, *rack])
    if excess:
        tile, count = excess[0]
        raise RummikubError("tile_not_in_supply", tile=tile, count=count)
    if not solver.available():  # pragma: no cover - only where no HiGHS wheel exists (Termux)
        raise RummikubError("assistant_unavailable")
    initial = not state.melded[player]
    table = [list(s.tiles) for s in state.table]
    play = solver.best_play(table, rack, objective=objective, initial=initial,
                            initial_min=int(state.option("initial_meld_min")), kinds=[s.kind for s in state.table],
                            locked=bool(state.option("joker_sets_locked"))) if rack else None
    return {"play": _as_action(state, player, play) if play is not None else None, "initial": initial,
            "objective": objective}


def _as_action(state: State, player: int, play: solver.Play) -> dict[str, Any]:
    """The play as the table takes it: ``table`` is exactly a play action's table (each set ``{"tiles",
    "kind"}``), checked here by the table's own rules as if it were ``player``'s turn, and described with the
    table's own words (the jokers' stand-ins, ``*5`` in a group; the tiles it adds)."""
    specs = tuple((tuple(tiles), kind) for tiles, kind in zip(play.sets, play.kinds))
    exam = examine(replace(state, active=player), specs)
    if exam.errors:  # the model and the rules disagree: a bug to fix, never a play to suggest
        raise AssertionError(f"the assistant's play is refused: {exam.errors[0].code} {exam.errors[0].params}")
    sets = exam.table
    return {"table": [{"tiles": list(s.tiles), "kind": s.kind} for s in sets],
            "stands": [list(s.stands) for s in sets], "laid": list(exam.added), "tiles": len(exam.added),
            "value": play.value, "kept": play.kept}
