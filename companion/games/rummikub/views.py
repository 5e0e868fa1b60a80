"""What Rummikub's pages show, computed from a table request: plain dicts for the templates (no Flask here).

The table as sets of tiles, the players with their rack counts and initial-meld status, the pool, the turn
timer (remaining seconds computed here from the time of the last logged action), the round's end (racks to
enter, scores), the final standings and announcements. The sentence per logged action is in ``history``.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timezone
from typing import Any

from ..texts import COMMON
from ..ui import TableRequest
from .rules import rack_value
from .sets import check_set
from .state import EndReason, Phase, State
from .texts import join_names, t, tn
from .tilenames import COLOURS, JOKER, colour_name, label
from .tiles import sorted_tiles

PILE_MAX = 8  # layers drawn for the pool pile
STACK_MAX = 7  # tiles drawn in a rack's little stack

# --- tiles ------------------------------------------------------------------------------------------------


def tile_view(tile: str, lang: str, stand: str | None = None, new: bool = False) -> dict[str, Any]:
    joker = tile == JOKER
    view = {"t": tile, "joker": joker, "colour": "j" if joker else tile[0], "num": "" if joker else tile[1:],
            "label": label(tile, lang), "stand": None, "stand_label": None, "new": new}
    if joker and stand:
        view["stand"] = stand[1:]
        view["stand_colour"] = "any" if stand.startswith("*") else stand[0]
        view["stand_label"] = label(stand, lang)
        view["label"] = t("joker_as", lang, tile=label(stand, lang))
    return view


def notation(tiles: list[str] | tuple[str, ...]) -> str:
    return " ".join(tiles)


def _set_view(s: Any, index: int, lang: str, new_tiles: Counter[str] | None = None) -> dict[str, Any]:
    fresh = Counter(new_tiles or {})
    tiles = []
    for tile, stand in zip(s.tiles, s.stands, strict=True):
        new = fresh[tile] > 0
        if new:
            fresh[tile] -= 1
        tiles.append(tile_view(tile, lang, stand, new))
    kind = t("kind_" + s.kind, lang)
    spoken = t("set_label", lang, n=index, kind=kind, tiles=COMMON.t("list_sep", lang).join(
        x["label"] for x in tiles), value=s.value)
    return {"index": index, "kind": s.kind, "kind_label": kind, "tiles": tiles, "value": s.value,
            "spoken": spoken, "long": len(tiles) > 7}


def added_tiles(before: State, after: State) -> list[str]:
    """Tiles the play put down: the new table minus the old one (as multisets), in table order."""
    old = Counter(before.table_tiles)
    out = []
    for tile in after.table_tiles:
        if old[tile] > 0:
            old[tile] -= 1
        else:
            out.append(tile)
    return out


# --- timer ------------------------------------------------------------------------------------------------


def _parse_at(at: Any) -> datetime | None:
    if not isinstance(at, str):
        return None
    try:
        when = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def timer_view(state: State, history: list[dict[str, Any]], lang: str,
               now: datetime | None = None) -> dict[str, Any] | None:
    """RK9: the turn clock, advisory. Remaining = timer − (now − time of the last logged change)."""
    seconds = int(state.option("turn_timer"))
    if not seconds or state.phase != Phase.PLAY or state.active is None:
        return None
    last = next((r for r in reversed(history) if r.get("kind") != "settings"), None)
    since = _parse_at(last.get("at")) if last else None
    now = now or datetime.now(timezone.utc)
    elapsed = max(0.0, (now - since).total_seconds()) if since else 0.0
    remaining = max(0, int(round(seconds - elapsed)))
    penalty = int(state.option("timeout_penalty_tiles"))
    draws = min(penalty, state.pool)
    consequence = (t("timeout_do", lang, n=draws) if draws else t("timeout_do_pass", lang))
    return {"seconds": seconds, "remaining": remaining, "up": remaining == 0,
            "offset": round(100 - 100 * remaining / seconds, 1), "consequence": consequence,
            "key": f"{state.round}-{state.turn}-{len(history)}",
            "text": t("timer_left", lang, s=remaining), "draws": draws}


# --- players ------------------------------------------------------------------------------------------------


def players_view(state: State, me: int | None, lang: str) -> list[dict[str, Any]]:
    minimum = int(state.option("initial_meld_min"))
    out = []
    for i, name in enumerate(state.names):
        rack = state.racks[i]
        out.append({
            "seat": i, "name": name, "rack": rack, "melded": state.melded[i], "total": state.totals[i],
            "active": state.active == i and state.phase == Phase.PLAY, "me": me == i,
            "stack": list(range(min(rack, STACK_MAX))),
            "rack_text": tn("tiles", rack, lang),
            "meld_text": t("melded", lang) if state.melded[i] else t("not_melded", lang, n=minimum),
            "total_text": signed(state.totals[i]),
            "entered": bool(state.entered) and state.entered[i] is not None,
        })
    return out


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


# --- round end ----------------------------------------------------------------------------------------------


def racks_view(state: State, lang: str, flash: dict[str, Any]) -> list[dict[str, Any]]:
    """Phase "racks": each seat's entry (its counted size, whether it is in, what was entered)."""
    penalty = int(state.option("joker_penalty"))
    typed = flash.get("rack_text") or {}
    rows = []
    for i, name in enumerate(state.names):
        entered = state.entered[i] if state.entered else None
        rows.append({"seat": i, "name": name, "want": state.racks[i], "entered": entered is not None,
                     "tiles": [tile_view(x, lang) for x in sorted_tiles(entered)] if entered else [],
                     "value": rack_value(entered, penalty) if entered is not None else None,
                     "out": state.round_end is not None and state.round_end.seat == i,
                     "typed": typed.get(str(i), "") if isinstance(typed, dict) else ""})
    return rows


def scores_view(state: State, lang: str) -> dict[str, Any] | None:
    """The ended round's values and scores, with running totals (phases "scored" and "over")."""
    if state.round_scores is None or state.round_end is None:
        return None
    penalty = int(state.option("joker_penalty"))
    values = [rack_value(r or (), penalty) for r in state.entered]
    rows = [{"seat": i, "name": name, "value": values[i], "score": signed(state.round_scores[i]),
             "positive": state.round_scores[i] > 0, "total": signed(state.totals[i]),
             "tiles": [tile_view(x, lang) for x in sorted_tiles(state.entered[i] or ())]}
            for i, name in enumerate(state.names)]
    return {"rows": rows, "remainder": state.remainder, "reason": end_text(state, lang)}


def end_text(state: State, lang: str) -> str:
    end = state.round_end
    if end is None:
        return ""
    if end.reason == EndReason.OUT and end.seat is not None:
        return t("round_end_out", lang, r=state.round, name=state.names[end.seat])
    return t("round_end_blocked", lang, r=state.round)


def standings_view(state: State, lang: str) -> dict[str, Any] | None:
    if not state.over:
        return None
    best = max(state.totals)
    order = sorted(range(state.n), key=lambda i: (-state.totals[i], i))
    rows, place, last = [], 0, None
    for k, i in enumerate(order):
        if state.totals[i] != last:
            place, last = k + 1, state.totals[i]
        rows.append({"seat": i, "name": state.names[i], "place": place, "total": signed(state.totals[i]),
                     "winner": state.totals[i] == best,
                     "rounds": [signed(r.scores[i]) for r in state.history]})
    return {"rows": rows, "rounds": [r.round for r in state.history], "winners_text": winners_text(state, lang)}


def winners_text(state: State, lang: str) -> str:
    best = max(state.totals)
    names = [state.names[i] for i in range(state.n) if state.totals[i] == best]
    if len(names) == 1:
        return t("winner_one", lang, name=names[0])
    return t("winner_many", lang, names=join_names(names, lang))


# --- picker -----------------------------------------------------------------------------------------------------


def picker_rows(lang: str) -> list[dict[str, Any]]:
    """Every tile kind by colour (for the script's pickers and the rules page)."""
    rows = [{"colour": c, "name": colour_name(c, lang),
             "tiles": [tile_view(f"{c}{n}", lang) for n in range(1, 14)]} for c in COLOURS]
    rows.append({"colour": "j", "name": t("joker", lang), "tiles": [tile_view(JOKER, lang)]})
    return rows


# --- announcements ------------------------------------------------------------------------------------------------


def announcements(state: State, latest: dict[str, Any] | None, lang: str) -> list[dict[str, str]]:
    """Milestones each device announces once (a key per milestone). Whose turn it is shows on every phone
    without a pop-up: a pop-up for every turn would be noise at a real table."""
    out: list[dict[str, str]] = []
    if state.phase == Phase.PLAY and state.pool == 0:
        out.append({"key": f"pool-empty-{state.round}", "kind": "end", "text": t("ann_pool_empty", lang)})
    if latest is not None and latest.get("initial") and not latest.get("old"):
        out.append({"key": f"meld-{latest['seq']}", "kind": "flag",
                    "text": t("ann_meld", lang, name=latest["name"], n=latest["initial"])})
    end = state.round_end
    if end is not None and end.reason == EndReason.OUT and end.seat is not None:
        out.append({"key": f"out-{state.round}", "kind": "end",
                    "text": t("ann_out", lang, name=state.names[end.seat])})
    elif end is not None:
        out.append({"key": f"blocked-{state.round}", "kind": "end", "text": t("ann_blocked", lang, r=state.round)})
    if state.round_scores is not None:
        parts = COMMON.t("list_sep", lang).join(
            f"{state.names[i]} {signed(s)}" for i, s in enumerate(state.round_scores))
        out.append({"key": f"scores-{state.round}", "kind": "last",
                    "text": t("ann_scores", lang, r=state.round, list=parts)})
    if state.over:
        out.append({"key": "over", "kind": "over", "text": winners_text(state, lang)})
    return out


# --- the table view ------------------------------------------------------------------------------------------------


def table_view(req: TableRequest[State]) -> dict[str, Any]:
    state = req.state
    lang = req.lang
    answer = req.answer
    full = req.viewer.full
    flash = req.flash or {}
    history = req.history
    latest = last_play(history) if state.phase == Phase.PLAY else None
    by_set: list[Counter[str]] = latest["added_by_set"] if latest and not latest.get("old") else []
    if len(by_set) != len(state.table):  # not the table this play laid (never, while the log is the table's)
        by_set = [Counter()] * len(state.table)
    table = [_set_view(s, i + 1, lang, by_set[i]) for i, s in enumerate(state.table)]
    players = players_view(state, req.me, lang)
    active = state.active if state.phase == Phase.PLAY else None
    minimum = int(state.option("initial_meld_min"))
    can = answer.get("can", {})
    hints_on = bool(answer.get("hints", True))
    standings = standings_view(state, lang)
    view: dict[str, Any] = {
        "answer": answer, "phase": state.phase,
        "round": state.round, "rounds": state.rounds, "turn": state.turn, "pool": state.pool,
        "pool_pile": list(range(min(PILE_MAX, (state.pool + 9) // 10))),
        "pool_text": tn("pool_n", state.pool, lang),
        "table": table, "tiles_on_table": len(state.table_tiles),
        "table_json": [{"tiles": list(s.tiles), "kind": s.kind} for s in state.table],
        "players": players, "active": active, "active_name": state.names[active] if active is not None else None,
        "my_turn": active is not None and req.me == active,
        "can_act": full and state.phase == Phase.PLAY, "can": can,
        "active_melded": state.melded[active] if active is not None else True,
        "active_rack": state.racks[active] if active is not None else 0,
        "initial_min": minimum, "passes": state.passes,
        "timer": timer_view(state, history, lang) if state.phase == Phase.PLAY else None,
        "announcements": announcements(state, latest, lang),
        "racks": racks_view(state, lang, flash) if state.phase == Phase.RACKS else None,
        "racks_left": sum(1 for i in range(state.n) if not (state.entered and state.entered[i] is not None)),
        "scores": scores_view(state, lang) if state.phase in (Phase.SCORED, Phase.OVER) else None,
        "round_end_text": end_text(state, lang),
        "standings": standings,
        "end_title": standings["winners_text"] if standings else None,
        "rounds_played": _rounds_played(state),
        "play_text": flash.get("play_text") if isinstance(flash.get("play_text"), str) else
        "\n".join(_set_line(s) for s in state.table),
        "play_open": bool(flash.get("play_text")) or (req.query.get("play", [""])[0] == "text"),
        "hints_on": hints_on,
        "assistant": ({"on": hints_on, "me": req.me, "watching": req.watching,
                       "name": state.names[req.me] if req.me is not None else None,
                       "rack": state.racks[req.me] if req.me is not None else None}
                      if full and not state.over else None),
        "picker": picker_rows(lang) if full else [],
    }
    return view


def _set_line(s: Any) -> str:
    ambiguous = sum(1 for x in s.tiles if x == JOKER) == len(s.tiles) - 1
    return notation(s.tiles) + (f" {s.kind}" if ambiguous else "")


def _rounds_played(state: State) -> list[dict[str, Any]]:
    return [{"round": r.round, "scores": [signed(x) for x in r.scores]} for r in state.history]


def last_play(history: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The last standing play of the current round, from the log alone: who, the tiles it added to each set
    (``_new_in_each_set``: its table against the table of the play before it) and, for a seat's first play of
    the round, the value of its new sets (RK6). Only plays change the table and ``next_round`` clears it, so the
    log is enough."""
    table: list[list[str]] = []
    melded: set[int] = set()
    found: dict[str, Any] | None = None
    for row in history:
        if row.get("kind") != "action" or row.get("undone"):
            continue
        action = row.get("action") or {}
        kind = action.get("type")
        if kind == "next_round":
            table, melded, found = [], set(), None
        elif kind == "play":
            new = _sets_of(action.get("table"))
            added_by_set = _new_in_each_set(table, [tiles for tiles, _ in new])
            seat = row.get("seat")
            first = seat not in melded
            total = None
            if first:
                before = Counter(tuple(s) for s in table)
                total = 0
                for tiles, kind_given in new:
                    if before[tuple(tiles)] > 0:
                        before[tuple(tiles)] -= 1
                        continue
                    checked = check_set(tiles, kind_given)
                    total += checked.table_set.value if checked.table_set is not None else 0
            if isinstance(seat, int):
                melded.add(seat)
            table = [list(s[0]) for s in new]
            found = {"seq": row.get("seq"), "seat": seat, "name": row.get("player") or "?",
                     "added_by_set": added_by_set, "initial": total}
        elif kind in ("draw", "pass", "timeout", "rack") and found is not None:
            found = {**found, "old": True}
    return found


def _new_in_each_set(before: list[list[str]], after: list[list[str]]) -> list[Counter[str]]:
    """For each set of the table after a play, the tiles the play brought to it. The table's tiles cannot say
    which of two equal tiles is the new one; the sets can, mostly: a set that lies exactly as a set before the
    play (the same tiles) was not touched, so a new blue 5 is marked in the set it joined, not in an untouched
    set holding the other blue 5. Among the sets the play changed, the tiles that were on the table before are
    taken in table order."""
    untouched = Counter(tuple(sorted(s)) for s in before)
    kept = [False] * len(after)
    for i, tiles in enumerate(after):
        key = tuple(sorted(tiles))
        if untouched[key] > 0:
            untouched[key] -= 1
            kept[i] = True
    pool = Counter(x for s in before for x in s)
    for i, tiles in enumerate(after):
        if kept[i]:
            pool.subtract(tiles)
    out: list[Counter[str]] = []
    for i, tiles in enumerate(after):
        brought: Counter[str] = Counter()
        if not kept[i]:
            for x in tiles:
                if pool[x] > 0:
                    pool[x] -= 1
                else:
                    brought[x] += 1
        out.append(brought)
    return out


def _sets_of(raw: Any) -> list[tuple[list[str], str | None]]:
    out: list[tuple[list[str], str | None]] = []
    for s in raw if isinstance(raw, list) else []:
        if isinstance(s, dict):
            out.append(([str(x) for x in s.get("tiles", [])], s.get("kind")))
        elif isinstance(s, list):
            out.append(([str(x) for x in s], None))
    return out
