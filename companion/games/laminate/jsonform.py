"""STATE as the JSON API shows it (API.md). Pure: no I/O."""

from __future__ import annotations

from typing import Any

from .rules import outcome
from .state import GameState


def state_to_json(state: GameState, *, table_id: str | None, view_id: str, version: int,
                  hints: bool = True) -> dict[str, Any]:
    result = outcome(state)
    return {
        "id": table_id,
        "view_id": view_id,
        "version": version,
        "players": [
            {"seat": seat, "name": name, "hand": state.hands[seat], "score": state.score(seat),
             "complete": state.complete_count(seat)}
            for seat, name in enumerate(state.names)
        ],
        "active": state.active,
        "pending": state.pending,
        "deck": state.deck,
        "discard": state.discard,
        "supply": state.supply_dict(),
        "papers": [
            {"id": p.id, "owner": p.owner, "type": p.type, "cards": [str(c) for c in p.cards],
             "complete": p.complete}
            for p in state.papers
        ],
        "end": None if state.end is None else {"trigger": state.end.trigger,
                                               "turns_left": state.end.turns_left},
        "over": state.over,
        "winners": list(result.winners) if result else [],
        # additions beyond API.md
        "start": state.start,
        "turn": state.turn,
        "passes": state.passes,
        "hints": hints,
        "can": {
            "research_deck": not state.over and state.pending is None and state.can_research(),
            "research_discard": not state.over and state.pending is None and state.discard > 0,
            "review": not state.over and state.pending is None and state.can_review(),
            "pass": not state.over and state.pending is None and state.can_pass(),
        },
        "ranking": list(result.ranking) if result else [],
        "decided_by": result.decided_by if result else None,
    }
