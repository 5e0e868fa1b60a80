"""The one place with SQL: tables and their append-only event log, in SQLite through sqlite-utils.

Durability: WAL journal with ``synchronous=FULL``, so a commit is on disk before the answer leaves.
Every write runs in ``BEGIN IMMEDIATE`` on one connection under one lock (one writer), so concurrent
requests queue instead of failing with "database is locked".
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

import sqlite_utils


class StoreError(RuntimeError):
    pass


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
    kind: str  # "action", "undo" or "settings"
    seat: int | None
    action: dict[str, Any]
    undoes: int | None
    action_id: str | None
    at: str
    by: int | None = None  # the seat the acting device claimed (proven or chosen); None if it said nothing


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Store:
    def __init__(self, path: str) -> None:
        self.path = path
        conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        self.db = sqlite_utils.Database(conn)
        self.lock = threading.RLock()
        with self.lock:
            conn.execute("PRAGMA busy_timeout = 30000")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if path != ":memory:" and str(mode).lower() != "wal":
                raise StoreError(f"could not switch {path} to WAL (got {mode})")
            # FULL: the WAL is synced at every commit, so an acknowledged action survives power loss.
            conn.execute("PRAGMA synchronous = FULL")
            check = conn.execute("PRAGMA integrity_check").fetchone()[0]
            if check != "ok":
                raise StoreError(f"database {path} failed its integrity check: {check}")
            self._migrate()
        # A second connection for reads: in WAL mode it never waits for the writer's fsync.
        self._reader = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30) \
            if path != ":memory:" else conn
        self.read_lock = threading.Lock() if self._reader is not conn else self.lock

    def close(self) -> None:
        with self.lock, self.read_lock:
            if self._reader is not self.db.conn:
                self._reader.close()
            self.db.conn.close()

    def _read(self, sql: str, params: tuple | dict = ()) -> list[dict[str, Any]]:
        with self.read_lock:
            cursor = self._reader.execute(sql, params)
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row)) for row in cursor.fetchall()]

    def _migrate(self) -> None:
        """Create the schema, or bring an older database up to date (existing tables keep working)."""
        if "tables" not in self.db.table_names():
            self.db.table("tables").create(
                {"id": str, "view_id": str, "players": str, "start": int, "hints": int,
                 "created_at": str, "settings": str},
                pk="id", not_null={"view_id", "players", "start", "hints", "created_at"},
            )
            self.db.table("tables").create_index(["view_id"], unique=True)
            self.db.table("tables").create_index(["created_at"])
        if "events" not in self.db.table_names():
            # (table_id, seq) as primary key: a duplicate seq cannot exist.
            self.db.table("events").create(
                {"table_id": str, "seq": int, "kind": str, "seat": int, "action": str, "undoes": int,
                 "action_id": str, "answer": str, "at": str},
                pk=("table_id", "seq"), not_null={"kind", "action", "at"},
                foreign_keys=[("table_id", "tables", "id")],
            )
            self.db.conn.execute(
                "CREATE UNIQUE INDEX IF NOT EXISTS events_action_id ON events(table_id, action_id) "
                "WHERE action_id IS NOT NULL")
        # Version 2 (many games): a table records its game and options. Rows from version 1 are Laminate
        # tables whose options live in the old ``hints`` and ``settings`` columns; they are read from there.
        columns = {c.name for c in self.db["tables"].columns}
        if "game" not in columns:
            self.db.conn.execute("ALTER TABLE tables ADD COLUMN game TEXT NOT NULL DEFAULT 'laminate'")
        if "options" not in columns:
            self.db.conn.execute("ALTER TABLE tables ADD COLUMN options TEXT")
        # Version 3: which device acted (the seat it claimed), and the seats phones hold with a secret token
        # (games with hidden information). Only a hash of each token is stored.
        if "by_seat" not in {c.name for c in self.db["events"].columns}:
            self.db.conn.execute("ALTER TABLE events ADD COLUMN by_seat INTEGER")
        if "seats" not in self.db.table_names():
            self.db.table("seats").create({"table_id": str, "seat": int, "token_hash": str, "claimed_at": str},
                                    pk=("table_id", "seat"), not_null={"token_hash", "claimed_at"},
                                    foreign_keys=[("table_id", "tables", "id")])
        # Version 4 (plays): "play again" links a finished table to the next one; ``plays`` caches what each
        # table's log says about its play (players, outcome, scores), valid while the table's version is unchanged.
        if "links" not in self.db.table_names():
            self.db.table("links").create({"table_id": str, "next_id": str, "at": str}, pk="table_id",
                                    not_null={"next_id", "at"}, foreign_keys=[("table_id", "tables", "id")])
        if "plays" not in self.db.table_names():
            self.db.table("plays").create({"table_id": str, "version": int, "data": str}, pk="table_id",
                                    not_null={"version", "data"}, foreign_keys=[("table_id", "tables", "id")])

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken with BEGIN IMMEDIATE under the single-writer lock."""
        with self.lock:
            conn = self.db.conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                # A failed COMMIT may leave the transaction open; never leave the one connection inside it.
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    # --- tables ---

    def create_table(self, record: TableRecord) -> None:
        with self.write():
            self.db.table("tables").insert({
                "id": record.id, "view_id": record.view_id, "players": json.dumps(record.players),
                "start": record.start, "hints": 1, "created_at": record.created_at, "settings": "{}",
                "game": record.game, "options": json.dumps(record.options),
            })

    def update_options(self, conn: sqlite3.Connection, table_id: str, options: dict[str, Any]) -> None:
        """Inside a ``write()`` transaction: the table's current options (after a settings change)."""
        conn.execute("UPDATE tables SET options = ? WHERE id = ?", (json.dumps(options), table_id))

    def _record(self, row: dict[str, Any]) -> TableRecord:
        if row.get("options") is not None:
            options = json.loads(row["options"])
        else:  # a version-1 row: a Laminate table with its hints flag and settings in their own columns
            options = {"hints": bool(row["hints"]), **json.loads(row["settings"] or "{}")}
        return TableRecord(row["id"], row["view_id"], tuple(json.loads(row["players"])), row["start"],
                           row["created_at"], row.get("game") or "laminate", options)

    def find_table(self, any_id: str) -> tuple[TableRecord, bool] | None:
        """(record, full access?) for a full id or a view id; None if neither."""
        rows = self._read("SELECT * FROM tables WHERE id = :k OR view_id = :k LIMIT 1", {"k": any_id})
        if not rows:
            return None
        record = self._record(rows[0])
        return record, record.id == any_id

    def recent_tables(self, limit: int = 10) -> list[tuple[TableRecord, int, str | None]]:
        """Most recent tables with their version (last seq) and last activity time."""
        rows = self._read(
            "SELECT t.*, COALESCE(MAX(e.seq), 0) AS version, MAX(e.at) AS last_at FROM tables t "
            "LEFT JOIN events e ON e.table_id = t.id GROUP BY t.id "
            "ORDER BY COALESCE(MAX(e.at), t.created_at) DESC LIMIT :n", {"n": limit})
        return [(self._record(r), r["version"], r["last_at"]) for r in rows]

    # --- events ---

    def last_seq(self, table_id: str) -> int:
        rows = self._read("SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = ?", (table_id,))
        return int(next(iter(rows[0].values())))

    def events(self, table_id: str) -> list[EventRow]:
        rows = self._read("SELECT seq, kind, seat, action, undoes, action_id, at, by_seat FROM events "
                          "WHERE table_id = ? ORDER BY seq", (table_id,))
        return [EventRow(r["seq"], r["kind"], r["seat"], json.loads(r["action"]), r["undoes"], r["action_id"],
                         r["at"], r["by_seat"]) for r in rows]

    def stored_answer(self, table_id: str, action_id: str) -> tuple[str, str] | None:
        """(event kind, stored JSON answer) of the event made with this action_id, if any."""
        rows = self._read("SELECT kind, answer FROM events WHERE table_id = ? AND action_id = ?",
                          (table_id, action_id))
        return (rows[0]["kind"], rows[0]["answer"]) if rows else None

    def append(self, conn: sqlite3.Connection, table_id: str, event: EventRow, answer: str | None) -> None:
        """Insert inside a ``write()`` transaction; the caller has checked ``seq`` is next."""
        conn.execute(
            "INSERT INTO events (table_id, seq, kind, seat, action, undoes, action_id, answer, at, by_seat) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, event.seq, event.kind, event.seat, json.dumps(event.action), event.undoes,
             event.action_id, answer, event.at, event.by))

    # --- seats held by phones (hidden information) ---

    def seat_hashes(self, table_id: str) -> dict[int, str]:
        """seat -> hash of the token of the phone that holds it."""
        rows = self._read("SELECT seat, token_hash FROM seats WHERE table_id = ?", (table_id,))
        return {r["seat"]: r["token_hash"] for r in rows}

    def put_seat(self, conn: sqlite3.Connection, table_id: str, seat: int, token_hash: str, at: str) -> None:
        """Inside a ``write()`` transaction: this seat is now held by the phone with this token."""
        conn.execute("INSERT OR REPLACE INTO seats (table_id, seat, token_hash, claimed_at) VALUES (?, ?, ?, ?)",
                     (table_id, seat, token_hash, at))

    # --- plays: "play again" links and the cache of each table's play ---

    def link_next(self, conn: sqlite3.Connection, table_id: str, next_id: str, at: str) -> None:
        """Inside a ``write()`` transaction: ``next_id`` is the table that follows ``table_id`` (play again)."""
        conn.execute("INSERT INTO links (table_id, next_id, at) VALUES (?, ?, ?)", (table_id, next_id, at))

    def next_of(self, table_id: str) -> TableRecord | None:
        """The table that follows this one (play again), if any."""
        rows = self._read("SELECT t.* FROM links l JOIN tables t ON t.id = l.next_id WHERE l.table_id = ?",
                          (table_id,))
        return self._record(rows[0]) if rows else None

    def table_versions(self) -> list[dict[str, Any]]:
        """Every table, newest first, as {id, game, created_at, version, last_at} (the last event's seq and
        time, found through the primary key: no scan of the log)."""
        return self._read(
            "SELECT t.id, t.game, t.created_at, COALESCE(e.seq, 0) AS version, e.at AS last_at FROM tables t "
            "LEFT JOIN events e ON e.table_id = t.id AND e.seq = "
            "(SELECT MAX(seq) FROM events m WHERE m.table_id = t.id) ORDER BY t.created_at DESC, t.id")

    def cached_plays(self, table_ids: list[str]) -> dict[str, tuple[int, str]]:
        """table id -> (version, JSON) of the cached plays of these tables."""
        found: dict[str, tuple[int, str]] = {}
        for i in range(0, len(table_ids), 500):  # SQLite's limit on bound parameters is 999 in old versions
            chunk = table_ids[i:i + 500]
            marks = ", ".join("?" * len(chunk))
            for r in self._read(f"SELECT table_id, version, data FROM plays WHERE table_id IN ({marks})",
                                tuple(chunk)):
                found[r["table_id"]] = (r["version"], r["data"])
        return found

    def put_plays(self, rows: list[tuple[str, int, str]]) -> None:
        """Cache plays: (table id, version it describes, JSON)."""
        if not rows:
            return
        with self.write() as conn:
            conn.executemany("INSERT OR REPLACE INTO plays (table_id, version, data) VALUES (?, ?, ?)", rows)

    def last_seq_in(self, conn: sqlite3.Connection, table_id: str) -> int:
        row = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])
