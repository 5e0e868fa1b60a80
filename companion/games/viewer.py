"""Who receives a state: the viewer a game's ``state_to_json`` answers for."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Viewer:
    """Who receives a state: ``full`` is False for the read-only (view) link; ``seat`` is the seat this
    device says it is (an unchecked "this is me" choice, fine for what is public anyway); ``proven`` is the
    seat whose secret seat token the request carried, checked by the server. A game decides what each viewer
    may see (``Game.state_to_json``) and shows a seat's secrets only to ``proven == seat``."""

    full: bool = True
    seat: int | None = None
    proven: int | None = None

    @classmethod
    def spectator(cls) -> Viewer:
        return cls(full=False, seat=None)
