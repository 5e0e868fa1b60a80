"""STATE as the JSON API shows it (docs/api.md). Pure: no I/O."""

from __future__ import annotations

from typing import Any

from ..base import Viewer
from .deckspec import spec_of
from .rules import outcome
from .state import GameState


def state_to_json(state: GameState, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    """Everything of STATE but the table's ids and version (the service puts those first). Nothing of
    Laminate is secret from a viewer: hands are counts only, so every viewer gets the same."""
    result = outcome(state)
    hints = bool((options or {}).get("hints", True))
    return {
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
        "suit_names": dict((options or {}).get("suit_names") or {}),
        "can": {
            "research_deck": not state.over and state.pending is None and state.can_research(),
            "research_discard": not state.over and state.pending is None and state.discard > 0,
            "review": not state.over and state.pending is None and state.can_review(),
            "pass": not state.over and state.pending is None and state.can_pass(),
        },
        "ranking": list(result.ranking) if result else [],
        "decided_by": result.decided_by if result else None,
        "card_deck": spec_of(state.card_deck),
    }
