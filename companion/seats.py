"""Seats held by phones at tables with hidden information: a claim gives a phone a secret token (only its
hash is stored) that later proves the seat (``Viewer.proven``). Part of the table service (a mixin of
``TableService``), kept apart because only games that hide something use it."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from .games.texts import COMMON
from .refusal import ServiceError
from .store import EventRow, Store, Transaction, now_iso
from .tables import Behind, CachedTable, Snapshot

T = TypeVar("T")


class _Service(Protocol):
    """What the seat claims need of the service they are part of (``TableService`` has all of it)."""

    store: Store
    _lock: threading.RLock

    def _retrying(self, table_id: str, attempt: Callable[[CachedTable], T]) -> T: ...
    def _append(self, entry: CachedTable, event: EventRow, answer: str | None = None,
                also: Callable[[Transaction], None] | None = None) -> None: ...
    def _moved(self, entry: CachedTable, event: EventRow, new_state: Any = None) -> Snapshot: ...
    def _catch_up(self, entry: CachedTable) -> bool: ...
    def _notify(self, table_id: str, version: int) -> None: ...


class SeatClaims:
    def seats(self: _Service, table_id: str) -> set[int]:
        """The seats some phone holds with a token."""
        return set(self.store.seat_hashes(table_id))

    def proven_seat(self: _Service, table_id: str, token: str | None) -> int | None:
        """The seat this token holds at this table, if it is a current seat token."""
        if not token or len(token) > 100:
            return None
        digest = _token_hash(token)
        for seat, stored in self.store.seat_hashes(table_id).items():
            if hmac.compare_digest(stored, digest):
                return seat
        return None

    def claim_seat(self: _Service, table_id: str, seat: object, *, take_over: bool = False) -> tuple[str, Snapshot]:
        """Give this phone ``seat``: a new secret token (returned once; only its hash is kept). A seat another
        phone holds needs ``take_over``, which that phone loses and the history records for everyone."""
        def attempt(snap: CachedTable) -> tuple[str, Snapshot]:
            record = snap.record
            if not snap.game.uses_seat_tokens(record.options):
                raise ServiceError(409, "no_seat_claims", COMMON.msg("svc_no_seat_claims"))
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(record.players):
                raise ServiceError(400, "bad_request", COMMON.msg("svc_claim_seat", top=len(record.players) - 1))
            held = seat in self.store.seat_hashes(table_id)
            if held and not take_over:
                name = record.players[seat]
                raise ServiceError(409, "seat_taken", COMMON.msg("svc_seat_taken", name=name))
            blocked = snap.game.take_over_blocked(snap.state, seat) if held and snap.game.take_over_blocked else None
            if blocked is not None:  # the new phone would be shown the old one's secret (a die in the box)
                if self._catch_up(snap):  # judged on the latest state: another process may have moved it on
                    raise Behind
                raise ServiceError(409, blocked.code, blocked)
            token = secrets.token_urlsafe(24)
            event = EventRow(snap.version + 1, "seat", seat, {"type": "seat", "seat": seat, "take_over": held},
                             None, None, now_iso(), seat)
            self._append(snap, event, also=lambda tx: tx.put_seat(table_id, seat, _token_hash(token), event.at))
            with self._lock:
                view = self._moved(snap, event)
            self._notify(table_id, view.version)
            return token, view

        return self._retrying(table_id, attempt)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()
