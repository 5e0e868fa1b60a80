"""What The Pairs' pages show, computed from a table request: plain dicts for the templates (no Flask here).

The felt (deck, the two piles with what each takes), the players (hand counts as card backs, each place),
the numbers not seen yet, the controls of the active step, the end, and the announcements. Nothing here is
derived from a hand (TP3): only from the public table.
"""

from __future__ import annotations

from typing import Any

from ..pairs import NUMBERS
from ..ui import TableRequest
from .rules import accepts, can_pass, draw_sources, fits, stuck_refusal, surely_stuck
from .state import PILES, State
from .texts import numbers, t, tn

UNDER_SHOWN = 4  # earlier cards drawn peeking out under a pile's top
BACKS_SHOWN = 6  # card backs drawn per hand
DECK_LAYERS = 6


def piles_view(state: State, lang: str, hand_left: bool) -> list[dict[str, Any]]:
    unseen = state.unseen()
    last = state.last
    out = []
    for pile in PILES:
        cards = state.pile(pile)
        top = state.top(pile)
        letter = pile.upper()
        takes = [{"n": v, "pair": v == top, "left": unseen.get(v, 0),
                  "disabled": not hand_left or unseen.get(v, 0) <= 0} for v in accepts(top)]
        if not cards:
            spoken = t("pile_spoken_empty", lang, p=letter)
        else:
            spoken = tn("pile_spoken", len(cards), lang, p=letter, top=top)
        out.append({"id": pile, "letter": letter, "count": len(cards), "top": top, "empty": not cards,
                    "under": list(cards[-1 - UNDER_SHOWN:-1]), "hidden_under": max(0, len(cards) - 1 - UNDER_SHOWN),
                    "takes": takes, "takes_text": numbers(accepts(top), lang) if cards else t("pile_takes_any", lang),
                    "spoken": spoken, "label": t("pile_label", lang, p=letter),
                    "new": bool(last and last.to == pile and cards)})
    return out


def players_view(state: State, me: int | None, lang: str) -> list[dict[str, Any]]:
    out = []
    for i, name in enumerate(state.names):
        place = state.places[i]
        active = not state.over and state.active == i
        out.append({
            "seat": i, "name": name, "hand": state.hands[i], "backs": list(range(min(state.hands[i], BACKS_SHOWN))),
            "more": max(0, state.hands[i] - BACKS_SHOWN), "place": place, "active": active, "me": me == i,
            "fresh": active and state.placed_now, "out_of_cards": can_pass(state, i),
            "fell_out": state.fell_out == i,
            "hand_text": tn("hand_of", state.hands[i], lang, name=name),
            "place_text": (t("place_of", lang, name=name, card=place) if place is not None
                           else t("place_of_empty", lang, name=name)),
        })
    return out


def controls_view(state: State, lang: str) -> dict[str, Any] | None:
    """The active step's choices, from the public table (what a real hand holds is the player's business)."""
    if state.over:
        return None
    seat = state.active
    place = state.places[seat]
    hand = state.hands[seat]
    unseen = state.unseen()
    if state.step == "draw":
        sources = draw_sources(state)
        return {"step": "draw", "deck": state.deck, "can_deck": "deck" in sources, "place": place,
                "can_place": "place" in sources, "place_blocked": place is not None and state.placed_now}
    moves = ([{"pile": p, "letter": p.upper(), "fits": fits(state, p, place)} for p in PILES]
             if place is not None else [])
    return {
        "step": "play", "hand": hand, "place": place,
        "place_free": place is None and hand > 0,
        "left": {v: unseen.get(v, 0) for v in NUMBERS},
        "moves": moves, "moves_fit": any(m["fits"] for m in moves),
        "can_pass": can_pass(state, seat),
        "can_stuck": stuck_refusal(state, seat) is None,
        "surely_stuck": surely_stuck(state),
    }


def end_view(state: State, lang: str) -> dict[str, Any] | None:
    if state.result == "won":
        return {"won": True, "title": t("won_title", lang),
                "text": tn("won_text", state.total, lang, total=state.total)}
    if state.result == "lost" and state.fell_out is not None:
        name = state.names[state.fell_out]
        revealed = None
        if state.revealed is not None:
            revealed = t("revealed", lang, name=name, cards=numbers(sorted(state.revealed), lang) or "—",
                         a=state.top("a"), b=state.top("b"))
        return {"won": False, "title": t("lost_title", lang), "text": t("lost_text", lang, name=name),
                "revealed": revealed, "revealed_cards": sorted(state.revealed or ())}
    return None


def announcements(state: State, lang: str) -> list[dict[str, str]]:
    """Milestones each device announces once: a pair, the empty deck, the end."""
    out: list[dict[str, str]] = []
    last = state.last
    if last is not None and last.pair and not state.over:
        out.append({"key": f"pair-{state.turn - 1}-{state.on_piles}", "kind": "flag",
                    "text": t("ann_pair", lang, p=last.to.upper(), name=state.names[last.seat])})
    if state.deck == 0 and not state.over:
        out.append({"key": "deck-empty", "kind": "last", "text": t("ann_deck_empty", lang)})
    if state.result == "won":
        out.append({"key": "won", "kind": "over", "text": tn("ann_won", state.total, lang, total=state.total)})
    elif state.result == "lost" and state.fell_out is not None:
        out.append({"key": "lost", "kind": "over", "text": t("ann_lost", lang, name=state.names[state.fell_out])})
    return out


def table_view(req: TableRequest[State]) -> dict[str, Any]:
    state = req.state
    lang = req.lang
    full = req.viewer.full
    active = None if state.over else state.active
    unseen = state.unseen()
    controls = controls_view(state, lang) if full else None
    end = end_view(state, lang)
    return {
        "answer": req.answer, "step": state.step,
        "active": active, "active_name": state.names[active] if active is not None else None,
        "my_turn": active is not None and req.me == active,
        "can_act": full and not state.over, "controls": controls,
        "turn": state.turn, "deck": state.deck, "deck_layers": list(range(min(DECK_LAYERS, (state.deck + 7) // 8))),
        "total": state.total, "on_piles": state.on_piles,
        "piles": piles_view(state, lang, hand_left=active is not None and state.hands[active] > 0),
        "players": players_view(state, req.me, lang),
        "unseen": [{"n": v, "left": unseen.get(v, 0), "of": state.deck_copies.count(v)} for v in NUMBERS],
        "end": end, "end_title": end["title"] if end else None,
        "announcements": announcements(state, lang),
        "stuck_text": req.flash.get("stuck_text", "") if isinstance(req.flash.get("stuck_text"), str) else "",
    }
