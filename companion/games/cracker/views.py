"""What Cracker's pages show, computed from a table request: plain dicts for the templates (no Flask here).

The seats in passing order with their face-down hands, what each is known to hold, the deck, the discard pile,
the received card, the change streak, the forms of the current step, the round's end (highest numbers to
enter, scores) and the final standings."""

from __future__ import annotations

from typing import Any

from ..ui import TableRequest
from .feasible import bounds, feasible, in_deck_at_most, most_held
from .history import scores_list, signed
from .state import Phase, Reason, State, Step
from .texts import hand_text, t, tn, winners_text

PILE_MAX = 6  # layers drawn for the deck pile
FAN_MAX = 10  # card backs drawn in a hand's fan
DISCARD_SHOWN = 6  # top cards of the discard pile shown


def _count(n: int, lang: str) -> str:
    return tn("hand", n, lang)


def seats_view(state: State, me: int | None, lang: str) -> list[dict[str, Any]]:
    play = state.phase == Phase.PLAY
    out = []
    for i, name in enumerate(state.names):
        known = [v for v in range(1, 11) for _ in range(state.known(i)[v - 1])] if play else []
        size = state.sizes[i]
        out.append({
            "seat": i, "name": name, "size": size, "fan": list(range(min(size, FAN_MAX))),
            "count_text": _count(size, lang), "spoken": t("hand_of", lang, name=name, count=_count(size, lang)),
            "dealer": state.dealer == i, "active": play and state.active == i and state.step != Step.BLOCKED,
            "me": me == i,
            "passer": play and state.passer == i, "known": known, "total": signed(state.totals[i]),
            "max": state.maxima[i] if state.maxima else None,
        })
    return out


def allowed_maxima(state: State, seat: int) -> list[int]:
    """CR9 with CR11: the highest numbers this seat may enter now (what ``reveal`` would accept)."""
    size = state.sizes[seat]
    if size == 0:
        return [0]
    known = state.known(seat)
    floor = max((v for v in range(1, 11) if known[v - 1] > 0), default=1)
    return [m for m in range(floor, 11) if feasible(state, bounds(state, maxima={seat: m}))]


def reveals_view(state: State, lang: str) -> list[dict[str, Any]]:
    end = state.end
    rows = []
    for i, name in enumerate(state.names):
        out = end is not None and end.seat == i
        entered = state.maxima[i]
        waiting = not out and entered is None
        allowed = allowed_maxima(state, i) if waiting and state.phase == Phase.REVEAL else []
        rows.append({"seat": i, "name": name, "size": state.sizes[i], "out": out, "max": entered,
                     "waiting": waiting, "allowed": allowed, "empty": state.sizes[i] == 0,
                     "label": t("reveal_for", lang, name=name, n=_count(state.sizes[i], lang))})
    return rows


def end_view(state: State, lang: str) -> dict[str, Any] | None:
    end = state.end
    if end is None:
        return None
    if end.seat is None:
        return {"title": t("empty_title", lang), "hand": [], "name": None}
    name = state.names[end.seat]
    key = "dealt_title" if end.reason == Reason.DEALT else "out_title"
    return {"title": t(key, lang, name=name), "hand": list(end.hand), "name": name,
            "hand_label": t("out_hand", lang, name=name) + ": " + hand_text(end.hand, lang)}


def scores_view(state: State) -> list[dict[str, Any]] | None:
    if state.round_scores is None:
        return None
    end = state.end
    return [{"name": name, "max": "—" if end is not None and end.seat == i else state.maxima[i],
             "score": signed(state.round_scores[i]), "total": signed(state.totals[i]),
             "positive": state.round_scores[i] > 0} for i, name in enumerate(state.names)]


def standings_view(state: State, lang: str) -> dict[str, Any] | None:
    if not state.over:
        return None
    best = max(state.totals)
    order = sorted(range(state.n), key=lambda i: (-state.totals[i], i))
    rows, place = [], 0
    for k, i in enumerate(order):
        if k == 0 or state.totals[i] != state.totals[order[k - 1]]:
            place = k + 1
        rows.append({"place": place, "seat": i, "name": state.names[i], "total": signed(state.totals[i]),
                     "winner": state.totals[i] == best, "rounds": [signed(r.scores[i]) for r in state.history]})
    names = [state.names[i] for i in order if state.totals[i] == best]
    return {"rows": rows, "rounds": [r.round for r in state.history], "winners_text": winners_text(names, lang)}


def status_text(state: State, lang: str) -> str:
    if state.phase == Phase.REVEAL:
        return t("reveal_status", lang, r=state.round)
    if state.phase in (Phase.SCORED, Phase.OVER):
        return t("scored_status", lang, r=state.round)
    name = state.names[state.active]
    if state.step == Step.DRAW:
        return (t("step_draw_change", lang, name=name, c=state.change) if state.change is not None
                else t("step_draw_first", lang, name=name))
    if state.step == Step.BLOCKED:
        return t("step_blocked", lang, c=state.change)
    left = state.names[state.left_of(state.active)]
    key = "step_play_paired" if state.paired else "step_play"
    return t(key, lang, name=name, card=state.received, left=left)


def announcements(state: State, lang: str) -> list[dict[str, str]]:
    out = []
    if state.phase == Phase.PLAY and state.change is not None:
        kind = "ann_change" if state.step == Step.DRAW else "ann_blocked"
        out.append({"key": f"change-{state.round}-{state.passes}", "kind": "end",
                    "text": t(kind, lang, c=state.change)})
    ended = end_view(state, lang)
    if ended is not None:
        text = ended["title"] + (" " + hand_text(ended["hand"], lang) if ended["hand"] else "")
        out.append({"key": f"end-{state.round}", "kind": "end", "text": text})
    if state.round_scores is not None:
        out.append({"key": f"scores-{state.round}", "kind": "last",
                    "text": t("ann_scores", lang, r=state.round, list=scores_list(state, state.round_scores, lang))})
    if state.over:
        standing = standings_view(state, lang)
        out.append({"key": "over", "kind": "over", "text": standing["winners_text"] if standing else ""})
    return out


def _declare_forms(state: State, answer: dict[str, Any], flash: dict[str, Any], lang: str,
                   me: int | None) -> list[dict[str, Any]]:
    """One form per open window (CR7c); this device's own player first."""
    given = flash.get("hand_text")
    typed: dict[str, Any] = given if isinstance(given, dict) else {}
    rows = []
    for seat in sorted(answer.get("can", {}).get("declare", []), key=lambda q: (q != me, q)):
        name = state.names[seat]
        rows.append({"seat": seat, "name": name, "size": state.sizes[seat], "typed": typed.get(str(seat), ""),
                     "title": t("declare_for", lang, name=name),
                     "label": t("declare_label", lang, name=name, n=_count(state.sizes[seat], lang))})
    return rows


def table_view(req: TableRequest[State]) -> dict[str, Any]:
    state = req.state
    lang, answer, full = req.lang, req.answer, req.viewer.full
    play = state.phase == Phase.PLAY
    active = state.active if play else None
    can = answer.get("can", {})
    received_from = None
    if play and state.step == Step.PLAY and state.received is not None:
        received_from = (t("drawn_from_deck", lang) if state.drew else
                         t("received_from", lang, name=state.names[(state.active - 1) % state.n]))
    streak = None
    if state.streak is not None and play:
        card, count = state.streak
        streak = {"card": card, "count": count, "of": state.n, "dots": [k < count for k in range(state.n)],
                  "text": tn("streak_text", state.n, lang, card=card, count=count, of=state.n)}
    standings = standings_view(state, lang)
    last_pass = None
    if play and state.passer is not None and state.change is None:  # a changed card never arrived (CR8)
        last_pass = t("last_pass", lang, p=state.names[state.passer], card=state.received,
                      q=state.names[state.left_of(state.passer)])
    return {
        "answer": answer, "phase": state.phase, "round": state.round,
        "rounds": state.rounds, "dealer_name": state.names[state.dealer], "status": status_text(state, lang),
        "setup_note": (tn("setup_note", state.total, lang, d=state.total - 10 * state.n)
                       if play and state.opening else None),
        "deck_note": tn("deck_note", state.total, lang) if state.total != 55 else None,
        "active": active, "active_name": state.names[active] if active is not None else None,
        "my_turn": active is not None and req.me == active, "can_act": full and play, "can": can,
        "step": state.step if play else None, "received": state.received if play else None,
        "received_from": received_from, "paired": state.paired, "change": state.change if play else None,
        "left_name": state.names[state.left_of(state.active)], "seats": seats_view(state, req.me, lang),
        "deck": state.deck, "deck_pile": list(range(min(PILE_MAX, (state.deck + 4) // 5))),
        "deck_text": tn("deck_n", state.deck, lang), "discard": list(state.discard[-DISCARD_SHOWN:]),
        "discard_count": len(state.discard), "discard_text": t("discard_n", lang, n=len(state.discard)),
        "streak": streak, "last_pass": last_pass,
        "pass_left": ({v: most_held(state, state.active, v) for v in range(1, 11)}
                      if play and state.step == Step.PLAY else None),
        "deck_left": ({v: in_deck_at_most(state, v) for v in range(1, 11)}
                      if play and state.step == Step.DRAW else None),
        "declare": _declare_forms(state, answer, req.flash or {}, lang, req.me) if full and play else [],
        "end": end_view(state, lang),
        "reveals": reveals_view(state, lang) if state.phase != Phase.PLAY else None,
        "reveal_open": state.phase == Phase.REVEAL,
        "scores": scores_view(state), "standings": standings,
        "end_title": standings["winners_text"] if standings else None,
        "announcements": announcements(state, lang),
        "rounds_played": [{"round": r.round, "scores": [signed(x) for x in r.scores]} for r in state.history],
    }
