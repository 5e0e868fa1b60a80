"""The store's one interface: what the rest of the app may ask of a database, and the records it hands back.

Two implementations: ``sqlite.py`` (one file, the default) and ``postgres.py`` (a server several processes
share). All SQL lives in this package. Whatever the backend, the database itself enforces:

* one winner per version: ``events`` has the primary key (table_id, seq);
* idempotent retries: an ``action_id`` appears at most once per table (a unique index);
* a write transaction is whole or absent, and durable before ``write()`` returns.

Changes made by any process reach every other through ``listen`` (PostgreSQL: NOTIFY sent inside the write's
transaction; SQLite: a watcher of ``PRAGMA data_version``) and ``changes`` (what a cache must check before
it serves a table).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any


class StoreError(RuntimeError):
    """The database cannot be used (unreachable, failed check, bad address): a clear one-line message."""


class IntegrityError(StoreError):
    """A write the database refused because it would break a constraint (a taken seq, a reused action id,
    a duplicate table id): the transaction was rolled back whole."""


@dataclass(frozen=True)
class TableRecord:
    """A table as created: which game, who sits where (clockwise), who starts, and the game's options
    (those marked as settings may change later; the row always holds their current values)."""

    id: str
    view_id: str
    players: tuple[str, ...]
    start: int
    created_at: str
    game: str = "laminate"
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EventRow:
    seq: int
    kind: str  # "action", "undo", "settings", "seat" or "next"
    seat: int | None
    action: dict[str, Any]
    undoes: int | None
    action_id: str | None
    at: str
    by: int | None = None  # the seat the acting device claimed (proven or chosen); None if it said nothing


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


#: (table id, its last seq): a table some writer moved on.
Change = tuple[str, int]


class Transaction(ABC):
    """One write transaction (``Store.write``): everything in it commits together or not at all."""

    @abstractmethod
    def last_seq(self, table_id: str) -> int:
        """The table's last seq as this transaction sees it (nobody else can append before it commits)."""

    @abstractmethod
    def append(self, table_id: str, event: EventRow, answer: str | None) -> None:
        """Add an event (the caller has checked ``seq`` is next; the database refuses it otherwise) and tell
        every process of the change once the transaction commits."""

    @abstractmethod
    def insert_table(self, record: TableRecord) -> None:
        """A new table (its id and view id are unique: the database refuses a second)."""

    @abstractmethod
    def update_options(self, table_id: str, options: dict[str, Any]) -> None:
        """The table's current options (after a settings change)."""

    @abstractmethod
    def put_seat(self, table_id: str, seat: int, token_hash: str, at: str) -> None:
        """This seat is now held by the phone with this token (its hash)."""

    @abstractmethod
    def link_next(self, table_id: str, next_id: str, at: str) -> None:
        """``next_id`` is the table that follows ``table_id`` (play again)."""


class Store(ABC):
    #: what the store was opened with (a file path, or a URL); ``open_store(location)`` opens it again
    location: str
    #: for people: the path, or the URL without its password
    display: str

    @abstractmethod
    def close(self) -> None: ...

    # --- tables ---

    @abstractmethod
    def create_table(self, record: TableRecord) -> None: ...

    @abstractmethod
    def find_table(self, any_id: str) -> tuple[TableRecord, bool] | None:
        """(record, full access?) for a full id or a view id; None if neither."""

    @abstractmethod
    def recent_tables(self, limit: int = 10) -> list[tuple[TableRecord, int, str | None]]:
        """Most recent tables with their version (last seq) and last activity time."""

    @abstractmethod
    def next_of(self, table_id: str) -> TableRecord | None:
        """The table that follows this one (play again), if any."""

    # --- events ---

    @abstractmethod
    def write(self, table_id: str | None = None) -> AbstractContextManager[Transaction]:
        """A write transaction; with ``table_id`` its writers queue (per table where the backend can, the whole
        database otherwise). Raises ``IntegrityError`` (rolled back) when a constraint refuses a write."""

    @abstractmethod
    def last_seq(self, table_id: str) -> int: ...

    @abstractmethod
    def events(self, table_id: str, after: int = 0) -> list[EventRow]:
        """The table's events with ``seq > after``, in order (a cache catches up with ``after`` = its version)."""

    @abstractmethod
    def stored_answer(self, table_id: str, action_id: str) -> tuple[str, str] | None:
        """(event kind, stored JSON answer) of the event made with this action_id, if any."""

    # --- seats held by phones (hidden information) ---

    @abstractmethod
    def seat_hashes(self, table_id: str) -> dict[int, str]:
        """seat -> hash of the token of the phone that holds it."""

    # --- plays ---

    @abstractmethod
    def table_versions(self) -> list[dict[str, Any]]:
        """Every table, newest first, as {id, game, created_at, version, last_at}."""

    @abstractmethod
    def cached_plays(self, table_ids: list[str]) -> dict[str, tuple[int, str]]:
        """table id -> (version, JSON) of the cached plays of these tables."""

    @abstractmethod
    def put_plays(self, rows: list[tuple[str, int, str]]) -> None:
        """Cache plays: (table id, version it describes, JSON)."""

    # --- changes made by any process ---

    @abstractmethod
    def changes(self, table_id: str) -> list[Change]:
        """What a cache must learn before it serves ``table_id``: tables that writers (this process or another)
        moved on and that the caller may not know of yet, ``table_id`` among them if it moved. It costs next to
        nothing when nothing changed (SQLite: one ``PRAGMA data_version``; PostgreSQL: one indexed query)."""

    @abstractmethod
    def versions(self, table_ids: list[str]) -> dict[str, int]:
        """The last seq of each of these tables (a listener that may have missed notices resynchronises)."""

    @abstractmethod
    def listen(self, deliver: Callable[[list[Change]], None]) -> Callable[[], None]:
        """Call ``deliver(changes)`` from a thread of the store's own for changes committed by any process
        (this one's too: the receiver ignores what it knows). Returns a function that stops it."""
