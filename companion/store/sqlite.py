"""The store in one SQLite file (the default): tables and their append-only event log.

Durability: WAL journal with ``synchronous=FULL``, so a commit is on disk before the answer leaves. Every
write runs in ``BEGIN IMMEDIATE`` on one connection under one lock (one writer per process; SQLite's own lock
queues the processes), so concurrent requests queue instead of failing with "database is locked".

Changes by other processes are found through ``PRAGMA data_version`` on a connection of its own (it changes
when any other connection commits): while it stays put, nothing changed, for the price of one pragma; when it
moves, the events added since the last rowid seen tell which tables moved on (rowids grow in commit order:
SQLite has one writer at a time and the log is never deleted from).
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .base import Change, EventRow, IntegrityError, Store, StoreError, TableRecord, Transaction

#: The schema this code writes (``PRAGMA user_version``). 0: a file from before versioned migrations (or
#: new); 4: everything up to the plays (what the unversioned code made); 5: action ids unique in every file.
SCHEMA_VERSION = 5
POLL_SECONDS = 0.015  # how often the watcher looks at data_version for other processes' writes
_EVENT_COLUMNS = "seq, kind, seat, action, undoes, action_id, at, by_seat"


OPEN_TIMEOUT = 30.0  # seconds an opening keeps trying while other processes open the same new file


def _busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _connect(path: str) -> sqlite3.Connection:
    return sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)


def _event(row: tuple) -> EventRow:
    seq, kind, seat, action, undoes, action_id, at, by = row
    return EventRow(seq, kind, seat, json.loads(action), undoes, action_id, at, by)


def _record(row: dict[str, Any]) -> TableRecord:
    if row.get("options") is not None:
        options = json.loads(row["options"])
    else:  # a version-1 row: a Laminate table with its hints flag and settings in their own columns
        options = {"hints": bool(row["hints"]), **json.loads(row["settings"] or "{}")}
    return TableRecord(row["id"], row["view_id"], tuple(json.loads(row["players"])), row["start"],
                       row["created_at"], row.get("game") or "laminate", options)


class SQLiteTransaction(Transaction):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def last_seq(self, table_id: str) -> int:
        row = self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])

    def append(self, table_id: str, event: EventRow, answer: str | None) -> None:
        # Other processes learn of it from data_version and the new rowid: nothing to send.
        self.conn.execute(
            "INSERT INTO events (table_id, seq, kind, seat, action, undoes, action_id, answer, at, by_seat) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, event.seq, event.kind, event.seat, json.dumps(event.action), event.undoes,
             event.action_id, answer, event.at, event.by))

    def insert_table(self, record: TableRecord) -> None:
        self.conn.execute(
            "INSERT INTO tables (id, view_id, players, start, hints, created_at, settings, game, options) "
            "VALUES (?, ?, ?, ?, 1, ?, '{}', ?, ?)",
            (record.id, record.view_id, json.dumps(record.players), record.start, record.created_at,
             record.game, json.dumps(record.options)))

    def update_options(self, table_id: str, options: dict[str, Any]) -> None:
        self.conn.execute("UPDATE tables SET options = ? WHERE id = ?", (json.dumps(options), table_id))

    def put_seat(self, table_id: str, seat: int, token_hash: str, at: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO seats (table_id, seat, token_hash, claimed_at) VALUES (?, ?, ?, ?)",
                          (table_id, seat, token_hash, at))

    def link_next(self, table_id: str, next_id: str, at: str) -> None:
        self.conn.execute("INSERT INTO links (table_id, next_id, at) VALUES (?, ?, ?)", (table_id, next_id, at))


class SQLiteStore(Store):
    def __init__(self, path: str) -> None:
        self.path = self.location = self.display = path
        self.lock = threading.RLock()
        deadline = time.monotonic() + OPEN_TIMEOUT
        attempt = 0
        while True:
            try:
                conn = _connect(path)
            except sqlite3.DatabaseError as exc:  # a folder, a path that cannot be made...
                raise StoreError(f"cannot open the SQLite database {path}: {exc}") from None
            self.conn = conn
            try:
                with self.lock:
                    self._prepare()
                break
            except sqlite3.OperationalError as exc:
                conn.close()
                # Several processes opening one new file at once: switching it to WAL takes it whole, and SQLite
                # answers "locked" at once rather than waiting in its busy handler where waiting could deadlock.
                # Opening again a moment later is what its documentation asks of the application.
                if not _busy(exc) or time.monotonic() >= deadline:
                    raise StoreError(f"cannot open the SQLite database {path}: {exc}") from None
                attempt += 1
                time.sleep(min(0.5, 0.02 * attempt) * random.uniform(0.5, 1.5))
            except sqlite3.DatabaseError as exc:  # not a database, unreadable...
                conn.close()
                raise StoreError(f"cannot open the SQLite database {path}: {exc}") from None
            except BaseException:
                conn.close()
                raise
        memory = path == ":memory:"
        # A second connection for reads: in WAL mode it never waits for the writer's fsync.
        self._reader = conn if memory else _connect(path)
        self.read_lock = self.lock if memory else threading.Lock()
        # A third that only watches for commits, for the reads' checks (the listener has a watcher of its own:
        # each is told every change once, and a read never takes one away from the listener).
        self._memory = memory
        self._watch = _Watcher(conn, self.lock) if memory else _Watcher(_connect(path), threading.Lock())
        self._watchers = [self._watch]
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def _prepare(self) -> None:
        """The connection's settings, the file's check and its migration (with the write lock held)."""
        conn, path = self.conn, self.path
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

    def close(self) -> None:
        self._stop.set()
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(5)
        with self.lock, self.read_lock:
            for watcher in self._watchers:
                watcher.close()
            for conn in {id(c): c for c in (self._reader, self.conn)}.values():
                conn.close()

    def _read(self, sql: str, params: tuple | dict = ()) -> list[dict[str, Any]]:
        with self.read_lock:
            cursor = self._reader.execute(sql, params)
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row)) for row in cursor.fetchall()]

    # --- schema ---

    def _migrate(self) -> None:
        """Create the schema, or bring an older file up to date in place (existing tables keep working). Inside
        one BEGIN IMMEDIATE: two processes opening one new file at once migrate it once."""
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError(f"{self.path} was written by a newer companion (schema {version}; this one knows "
                                 f"up to {SCHEMA_VERSION})")
            if version < 4:
                _unversioned_to_4(conn)
            if version < 5:
                # Files made before this version without the index (the first ones) get it: a retried action
                # id is refused by the database itself, whichever process writes it.
                conn.execute("CREATE UNIQUE INDEX IF NOT EXISTS events_action_id ON events(table_id, action_id) "
                             "WHERE action_id IS NOT NULL")
            if version != SCHEMA_VERSION:
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    # --- writing ---

    @contextmanager
    def write(self, table_id: str | None = None) -> Iterator[Transaction]:
        """One write transaction, taken with BEGIN IMMEDIATE under the single-writer lock (SQLite writes one
        transaction at a time whatever the table)."""
        with self.lock:
            conn = self.conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield SQLiteTransaction(conn)
                conn.execute("COMMIT")
            except BaseException as exc:
                # A failed COMMIT may leave the transaction open; never leave the one connection inside it.
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.IntegrityError):
                    raise IntegrityError(str(exc)) from exc
                raise

    # --- tables ---

    def create_table(self, record: TableRecord) -> None:
        with self.write() as tx:
            tx.insert_table(record)

    def find_table(self, any_id: str) -> tuple[TableRecord, bool] | None:
        rows = self._read("SELECT * FROM tables WHERE id = :k OR view_id = :k LIMIT 1", {"k": any_id})
        if not rows:
            return None
        record = _record(rows[0])
        return record, record.id == any_id

    def recent_tables(self, limit: int = 10) -> list[tuple[TableRecord, int, str | None]]:
        rows = self._read(
            "SELECT t.*, COALESCE(MAX(e.seq), 0) AS version, MAX(e.at) AS last_at FROM tables t "
            "LEFT JOIN events e ON e.table_id = t.id GROUP BY t.id "
            "ORDER BY COALESCE(MAX(e.at), t.created_at) DESC LIMIT :n", {"n": limit})
        return [(_record(r), r["version"], r["last_at"]) for r in rows]

    def next_of(self, table_id: str) -> TableRecord | None:
        rows = self._read("SELECT t.* FROM links l JOIN tables t ON t.id = l.next_id WHERE l.table_id = ?",
                          (table_id,))
        return _record(rows[0]) if rows else None

    # --- events ---

    def last_seq(self, table_id: str) -> int:
        with self.read_lock:
            row = self._reader.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = ?",
                                       (table_id,)).fetchone()
        return int(row[0])

    def events(self, table_id: str, after: int = 0) -> list[EventRow]:
        with self.read_lock:
            rows = self._reader.execute(f"SELECT {_EVENT_COLUMNS} FROM events WHERE table_id = ? AND seq > ? "
                                        "ORDER BY seq", (table_id, after)).fetchall()
        return [_event(r) for r in rows]

    def stored_answer(self, table_id: str, action_id: str) -> tuple[str, str] | None:
        rows = self._read("SELECT kind, answer FROM events WHERE table_id = ? AND action_id = ?",
                          (table_id, action_id))
        return (rows[0]["kind"], rows[0]["answer"]) if rows else None

    def seat_hashes(self, table_id: str) -> dict[int, str]:
        rows = self._read("SELECT seat, token_hash FROM seats WHERE table_id = ?", (table_id,))
        return {r["seat"]: r["token_hash"] for r in rows}

    # --- plays ---

    def table_versions(self) -> list[dict[str, Any]]:
        # the last event's seq and time, found through the primary key: no scan of the log
        return self._read(
            "SELECT t.id, t.game, t.created_at, COALESCE(e.seq, 0) AS version, e.at AS last_at FROM tables t "
            "LEFT JOIN events e ON e.table_id = t.id AND e.seq = "
            "(SELECT MAX(seq) FROM events m WHERE m.table_id = t.id) ORDER BY t.created_at DESC, t.id")

    def cached_plays(self, table_ids: list[str]) -> dict[str, tuple[int, str]]:
        found: dict[str, tuple[int, str]] = {}
        for i in range(0, len(table_ids), 500):  # SQLite's limit on bound parameters is 999 in old versions
            chunk = table_ids[i:i + 500]
            marks = ", ".join("?" * len(chunk))
            for r in self._read(f"SELECT table_id, version, data FROM plays WHERE table_id IN ({marks})",
                                tuple(chunk)):
                found[r["table_id"]] = (r["version"], r["data"])
        return found

    def put_plays(self, rows: list[tuple[str, int, str]]) -> None:
        if not rows:
            return
        with self.write() as tx:
            tx.conn.executemany(  # type: ignore[attr-defined]
                "INSERT OR REPLACE INTO plays (table_id, version, data) VALUES (?, ?, ?)", rows)

    # --- changes made by any process ---

    def changes(self, table_id: str = "") -> list[Change]:
        return self._watch.poll()

    def versions(self, table_ids: list[str]) -> dict[str, int]:
        found: dict[str, int] = {}
        for i in range(0, len(table_ids), 500):
            chunk = table_ids[i:i + 500]
            marks = ", ".join("?" * len(chunk))
            with self.read_lock:
                rows = self._reader.execute(f"SELECT table_id, MAX(seq) FROM events WHERE table_id IN ({marks}) "
                                            "GROUP BY table_id", tuple(chunk)).fetchall()
            found.update({r[0]: r[1] for r in rows})
        return found

    def listen(self, deliver: Callable[[list[Change]], None]) -> Callable[[], None]:
        """A thread that looks at data_version every ~15 ms (no server needed) and delivers what moved."""
        stop = threading.Event()
        watcher = self._watch if self._memory else _Watcher(_connect(self.path), threading.Lock())
        self._watchers.append(watcher)

        def watch() -> None:
            while not stop.wait(POLL_SECONDS) and not self._stop.is_set():
                try:
                    found = watcher.poll()
                except sqlite3.Error:  # closed under us: the store is shutting down
                    return
                if found:
                    deliver(found)

        thread = threading.Thread(target=watch, daemon=True, name="companion-sqlite-watch")
        self._threads.append(thread)
        thread.start()

        def stop_listening() -> None:
            stop.set()
            if thread is not threading.current_thread():
                thread.join(5)

        return stop_listening


class _Watcher:
    """A connection that only looks for commits: ``PRAGMA data_version`` moves when any other connection (of this
    process or another) commits; then the events past the last rowid seen tell which tables moved on."""

    def __init__(self, conn: sqlite3.Connection, lock: threading.Lock | threading.RLock) -> None:
        self.conn, self.lock = conn, lock
        with lock:
            self.version = conn.execute("PRAGMA data_version").fetchone()[0]
            self.rowid = conn.execute("SELECT COALESCE(MAX(rowid), 0) FROM events").fetchone()[0]

    def poll(self) -> list[Change]:
        with self.lock:
            version = self.conn.execute("PRAGMA data_version").fetchone()[0]
            if version == self.version:
                return []
            self.version = version  # read first: a commit after this moves it again, and is seen next time
            rows = self.conn.execute("SELECT table_id, MAX(seq), MAX(rowid) FROM events WHERE rowid > ? "
                                     "GROUP BY table_id", (self.rowid,)).fetchall()
            if rows:
                self.rowid = max(r[2] for r in rows)
        return [(r[0], r[1]) for r in rows]

    def close(self) -> None:
        with self.lock:
            self.conn.close()


def _unversioned_to_4(conn: sqlite3.Connection) -> None:
    """What the unversioned code did at every start, step by step from whatever it finds: the schema up to
    version 4 (plays). Each step looks before it changes anything, so a file from any earlier code upgrades."""

    def tables() -> set[str]:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def columns(table: str) -> set[str]:
        return {r[1] for r in conn.execute(f"PRAGMA table_info([{table}])")}

    if "tables" not in tables():
        conn.execute("CREATE TABLE [tables] ([id] TEXT PRIMARY KEY, [view_id] TEXT NOT NULL, [players] TEXT NOT NULL, "
                     "[start] INTEGER NOT NULL, [hints] INTEGER NOT NULL, [created_at] TEXT NOT NULL, [settings] TEXT)")
        conn.execute("CREATE UNIQUE INDEX [idx_tables_view_id] ON [tables] ([view_id])")
        conn.execute("CREATE INDEX [idx_tables_created_at] ON [tables] ([created_at])")
    if "events" not in tables():
        # (table_id, seq) as primary key: a duplicate seq cannot exist.
        conn.execute("CREATE TABLE [events] ([table_id] TEXT REFERENCES [tables]([id]), [seq] INTEGER, "
                     "[kind] TEXT NOT NULL, [seat] INTEGER, [action] TEXT NOT NULL, [undoes] INTEGER, "
                     "[action_id] TEXT, [answer] TEXT, [at] TEXT NOT NULL, PRIMARY KEY ([table_id], [seq]))")
        conn.execute("CREATE UNIQUE INDEX IF NOT EXISTS events_action_id ON events(table_id, action_id) "
                     "WHERE action_id IS NOT NULL")
    # Version 2 (many games): a table records its game and options. Rows from version 1 are Laminate
    # tables whose options live in the old ``hints`` and ``settings`` columns; they are read from there.
    if "game" not in columns("tables"):
        conn.execute("ALTER TABLE tables ADD COLUMN game TEXT NOT NULL DEFAULT 'laminate'")
    if "options" not in columns("tables"):
        conn.execute("ALTER TABLE tables ADD COLUMN options TEXT")
    # Version 3: which device acted (the seat it claimed), and the seats phones hold with a secret token
    # (games with hidden information). Only a hash of each token is stored.
    if "by_seat" not in columns("events"):
        conn.execute("ALTER TABLE events ADD COLUMN by_seat INTEGER")
    if "seats" not in tables():
        conn.execute("CREATE TABLE [seats] ([table_id] TEXT REFERENCES [tables]([id]), [seat] INTEGER, "
                     "[token_hash] TEXT NOT NULL, [claimed_at] TEXT NOT NULL, PRIMARY KEY ([table_id], [seat]))")
    # Version 4 (plays): "play again" links a finished table to the next one; ``plays`` caches what each
    # table's log says about its play (players, outcome, scores), valid while the table's version is unchanged.
    if "links" not in tables():
        conn.execute("CREATE TABLE [links] ([table_id] TEXT PRIMARY KEY REFERENCES [tables]([id]), "
                     "[next_id] TEXT NOT NULL, [at] TEXT NOT NULL)")
    if "plays" not in tables():
        conn.execute("CREATE TABLE [plays] ([table_id] TEXT PRIMARY KEY REFERENCES [tables]([id]), "
                     "[version] INTEGER NOT NULL, [data] TEXT NOT NULL)")
