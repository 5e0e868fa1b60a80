"""The store on PostgreSQL (psycopg 3 and its pool): one database that several server processes share.

Durability: PostgreSQL's default ``synchronous_commit = on`` (a commit is flushed to its WAL before it
returns). Writers of one table queue on that table's row (``SELECT … FOR UPDATE``), so different tables are
written in parallel; the primary key (table_id, seq) and the unique (table_id, action_id) are the last word
whatever a process's cache believed.

Every append sends ``pg_notify`` inside its own transaction: PostgreSQL delivers it only when the transaction
commits, in commit order, so a notice never arrives before its data. One connection per process LISTENs (a
thread) and hands ``(table, seq)`` to whoever listens (the service). A read does not wait for notices: before a
cache serves a table it asks the table's last seq (one indexed query), so a phone that wrote through another
process a moment ago reads its own write.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import sql
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from .base import Change, EventRow, IntegrityError, Store, StoreError, TableRecord, Transaction

log = logging.getLogger("companion.store")

CONNECT_TIMEOUT = 10  # seconds: an unreachable server is an error at start, not a hang
POOL_MAX = 20  # connections per process (requests wait for a free one rather than overload the server)
_EVENT_COLUMNS = "seq, kind, seat, action, undoes, action_id, at, by_seat"

#: Versioned migrations: (version, statements). Applied in order inside one transaction each, under an
#: advisory lock (two processes starting together migrate once); ``schema_migrations`` records each.
MIGRATIONS: list[tuple[int, list[str]]] = [
    (1, [
        "CREATE TABLE tables (id TEXT PRIMARY KEY, view_id TEXT NOT NULL UNIQUE, players TEXT NOT NULL, "
        "start INTEGER NOT NULL, created_at TEXT NOT NULL, game TEXT NOT NULL, options TEXT NOT NULL)",
        "CREATE INDEX tables_created_at ON tables (created_at)",
        # (table_id, seq) as primary key: one winner per version, whichever process wrote it.
        "CREATE TABLE events (table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, "
        "kind TEXT NOT NULL, seat INTEGER, action TEXT NOT NULL, undoes INTEGER, action_id TEXT, answer TEXT, "
        "at TEXT NOT NULL, by_seat INTEGER, PRIMARY KEY (table_id, seq))",
        "CREATE UNIQUE INDEX events_action_id ON events (table_id, action_id) WHERE action_id IS NOT NULL",
        "CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, "
        "token_hash TEXT NOT NULL, claimed_at TEXT NOT NULL, PRIMARY KEY (table_id, seat))",
        "CREATE TABLE links (table_id TEXT PRIMARY KEY REFERENCES tables(id), next_id TEXT NOT NULL, "
        "at TEXT NOT NULL)",
        "CREATE TABLE plays (table_id TEXT PRIMARY KEY REFERENCES tables(id), version INTEGER NOT NULL, "
        "data TEXT NOT NULL)",
    ]),
]
SCHEMA_VERSION = MIGRATIONS[-1][0]
_MIGRATION_LOCK = 0x636F6D70  # "comp": an advisory lock key of this app's own


def redact(url: str) -> str:
    """The URL without its password, for logs and the start-up lines."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "postgresql://…"
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    return urlunsplit(parts._replace(netloc=netloc[0].split(":", 1)[0] + ":***@" + netloc[1]))


def check_url(url: str) -> None:
    """Refuse a URL libpq cannot read (its message, without the password), before any connection is tried."""
    try:
        psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.Error as exc:
        raise StoreError(f"not a usable PostgreSQL URL: {_first_line(exc, url)}") from None


def _first_line(exc: BaseException, url: str = "") -> str:
    """libpq's reason in one line (its first: the second is a hint), never with the password in it."""
    text = str(exc).strip()
    line = text.splitlines()[0].strip() if text else type(exc).__name__
    return line.replace(url, redact(url)) if url else line


def _event(row: tuple) -> EventRow:
    seq, kind, seat, action, undoes, action_id, at, by = row
    return EventRow(seq, kind, seat, json.loads(action), undoes, action_id, at, by)


def _record(row: dict[str, Any]) -> TableRecord:
    return TableRecord(row["id"], row["view_id"], tuple(json.loads(row["players"])), row["start"],
                       row["created_at"], row["game"], json.loads(row["options"]))


def _refused(exc: psycopg.Error) -> StoreError:
    if isinstance(exc, psycopg.errors.IntegrityError):
        return IntegrityError(str(exc).splitlines()[0])
    return StoreError(f"PostgreSQL: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")


class PostgresTransaction(Transaction):
    def __init__(self, conn: psycopg.Connection, channel: str) -> None:
        self.conn, self.channel = conn, channel

    def lock(self, table_id: str) -> None:
        # Writers of one table queue here (and only they): the next statement's snapshot sees the one before.
        self.conn.execute("SELECT 1 FROM tables WHERE id = %s FOR UPDATE", (table_id,))

    def last_seq(self, table_id: str) -> int:
        row = self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = %s", (table_id,)).fetchone()
        return int(row[0])  # type: ignore[index]

    def append(self, table_id: str, event: EventRow, answer: str | None) -> None:
        self.conn.execute(
            "INSERT INTO events (table_id, seq, kind, seat, action, undoes, action_id, answer, at, by_seat) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (table_id, event.seq, event.kind, event.seat, json.dumps(event.action), event.undoes,
             event.action_id, answer, event.at, event.by))
        # Inside the transaction: delivered at commit, in commit order, never before the row is visible.
        self.conn.execute("SELECT pg_notify(%s, %s)", (self.channel, f"{event.seq} {table_id}"))

    def insert_table(self, record: TableRecord) -> None:
        self.conn.execute(
            "INSERT INTO tables (id, view_id, players, start, created_at, game, options) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (record.id, record.view_id, json.dumps(record.players), record.start, record.created_at,
             record.game, json.dumps(record.options)))

    def update_options(self, table_id: str, options: dict[str, Any]) -> None:
        self.conn.execute("UPDATE tables SET options = %s WHERE id = %s", (json.dumps(options), table_id))

    def put_seat(self, table_id: str, seat: int, token_hash: str, at: str) -> None:
        self.conn.execute(
            "INSERT INTO seats (table_id, seat, token_hash, claimed_at) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (table_id, seat) DO UPDATE SET token_hash = EXCLUDED.token_hash, "
            "claimed_at = EXCLUDED.claimed_at", (table_id, seat, token_hash, at))

    def link_next(self, table_id: str, next_id: str, at: str) -> None:
        self.conn.execute("INSERT INTO links (table_id, next_id, at) VALUES (%s, %s, %s)", (table_id, next_id, at))


class PostgresStore(Store):
    def __init__(self, url: str, *, pool_max: int = POOL_MAX) -> None:
        self.location, self.display = url, redact(url)
        self._url = url
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn:
                # NOTIFY reaches every LISTENer of the database: a channel per schema keeps two apps (or two test
                # modules) sharing one database apart.
                schema = conn.execute("SELECT current_schema()").fetchone()[0]  # type: ignore[index]
                if schema is None:
                    raise StoreError("no schema to work in (check the search_path)")
                self.schema = schema
                self._migrate(conn)
        except psycopg.Error as exc:
            raise StoreError(_first_line(exc, url)) from None
        self.channel = f"companion:{self.schema}"
        self.pool = ConnectionPool(url, min_size=2, max_size=pool_max, open=True, timeout=30,
                                   kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
                                   name="companion")
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def close(self) -> None:
        self._stop.set()
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(5)
        self.pool.close()

    # --- schema ---

    def _migrate(self, conn: psycopg.Connection) -> None:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                         "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
            done = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
            newer = [v for v in done if v > SCHEMA_VERSION]
            if newer:
                raise StoreError(f"{self.display} was written by a newer companion (schema {max(newer)}; this one "
                                 f"knows up to {SCHEMA_VERSION})")
            for version, statements in MIGRATIONS:
                if version in done:
                    continue
                for statement in statements:
                    conn.execute(statement)
                conn.execute("INSERT INTO schema_migrations (version) VALUES (%s)", (version,))

    # --- plumbing ---

    @contextmanager
    def _conn(self) -> Iterator[psycopg.Connection]:
        try:
            with self.pool.connection() as conn:
                yield conn
        except PoolTimeout as exc:
            raise StoreError(f"no connection to {self.display} within {self.pool.timeout:.0f} s") from exc
        except psycopg.Error as exc:
            raise _refused(exc) from exc

    def _read(self, query: str, params: tuple | dict = ()) -> list[dict[str, Any]]:
        with self._conn() as conn, conn.cursor(row_factory=dict_row) as cur:
            cur.execute(query, params)
            return cur.fetchall()

    @contextmanager
    def write(self, table_id: str | None = None) -> Iterator[Transaction]:
        with self._conn() as conn, conn.transaction():
            tx = PostgresTransaction(conn, self.channel)
            if table_id is not None:
                tx.lock(table_id)
            yield tx

    # --- tables ---

    def create_table(self, record: TableRecord) -> None:
        with self.write() as tx:
            tx.insert_table(record)

    def find_table(self, any_id: str) -> tuple[TableRecord, bool] | None:
        rows = self._read("SELECT * FROM tables WHERE id = %(k)s OR view_id = %(k)s LIMIT 1", {"k": any_id})
        if not rows:
            return None
        record = _record(rows[0])
        return record, record.id == any_id

    def recent_tables(self, limit: int = 10) -> list[tuple[TableRecord, int, str | None]]:
        rows = self._read(
            "SELECT t.*, COALESCE(MAX(e.seq), 0) AS version, MAX(e.at) AS last_at FROM tables t "
            "LEFT JOIN events e ON e.table_id = t.id GROUP BY t.id "
            "ORDER BY COALESCE(MAX(e.at), t.created_at) DESC LIMIT %(n)s", {"n": limit})
        return [(_record(r), r["version"], r["last_at"]) for r in rows]

    def next_of(self, table_id: str) -> TableRecord | None:
        rows = self._read("SELECT t.* FROM links l JOIN tables t ON t.id = l.next_id WHERE l.table_id = %s",
                          (table_id,))
        return _record(rows[0]) if rows else None

    # --- events ---

    def last_seq(self, table_id: str) -> int:
        with self._conn() as conn:
            row = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = %s", (table_id,)).fetchone()
        return int(row[0])  # type: ignore[index]

    def events(self, table_id: str, after: int = 0) -> list[EventRow]:
        with self._conn() as conn:
            rows = conn.execute(f"SELECT {_EVENT_COLUMNS} FROM events WHERE table_id = %s AND seq > %s "
                                "ORDER BY seq", (table_id, after)).fetchall()
        return [_event(r) for r in rows]

    def stored_answer(self, table_id: str, action_id: str) -> tuple[str, str] | None:
        rows = self._read("SELECT kind, answer FROM events WHERE table_id = %s AND action_id = %s",
                          (table_id, action_id))
        return (rows[0]["kind"], rows[0]["answer"]) if rows else None

    def seat_hashes(self, table_id: str) -> dict[int, str]:
        rows = self._read("SELECT seat, token_hash FROM seats WHERE table_id = %s", (table_id,))
        return {r["seat"]: r["token_hash"] for r in rows}

    # --- plays ---

    def table_versions(self) -> list[dict[str, Any]]:
        return self._read(
            "SELECT t.id, t.game, t.created_at, COALESCE(e.seq, 0) AS version, e.at AS last_at FROM tables t "
            "LEFT JOIN events e ON e.table_id = t.id AND e.seq = "
            "(SELECT MAX(seq) FROM events m WHERE m.table_id = t.id) ORDER BY t.created_at DESC, t.id")

    def cached_plays(self, table_ids: list[str]) -> dict[str, tuple[int, str]]:
        rows = self._read("SELECT table_id, version, data FROM plays WHERE table_id = ANY(%s)", (table_ids,))
        return {r["table_id"]: (r["version"], r["data"]) for r in rows}

    def put_plays(self, rows: list[tuple[str, int, str]]) -> None:
        if not rows:
            return
        with self.write() as tx, tx.conn.cursor() as cur:  # type: ignore[attr-defined]
            cur.executemany("INSERT INTO plays (table_id, version, data) VALUES (%s, %s, %s) ON CONFLICT (table_id) "
                            "DO UPDATE SET version = EXCLUDED.version, data = EXCLUDED.data", rows)

    # --- changes made by any process ---

    def changes(self, table_id: str) -> list[Change]:
        # Notices may still be on their way: the table's own last seq is the truth (the primary key answers it).
        return [(table_id, self.last_seq(table_id))]

    def versions(self, table_ids: list[str]) -> dict[str, int]:
        rows = self._read("SELECT table_id, MAX(seq) AS seq FROM events WHERE table_id = ANY(%s) GROUP BY table_id",
                          (table_ids,))
        return {r["table_id"]: r["seq"] for r in rows}

    def listen(self, deliver: Callable[[list[Change]], None]) -> Callable[[], None]:
        """A thread with its own connection LISTENing on this schema's channel. After a lost connection it
        reconnects and delivers ``("", 0)``: notices may have been missed, the receiver resynchronises."""
        stop = threading.Event()
        ready = threading.Event()

        def run() -> None:
            lost = False
            while not stop.is_set() and not self._stop.is_set():
                try:
                    with psycopg.connect(self._url, autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn:
                        conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                        ready.set()
                        if lost:
                            deliver([("", 0)])
                        while not stop.is_set() and not self._stop.is_set():
                            # handed on one by one, as they come (the timeout only lets the loop see ``stop``)
                            for notice in conn.notifies(timeout=0.25):
                                seq, _, table = notice.payload.partition(" ")
                                deliver([(table, int(seq))])
                except psycopg.Error as exc:
                    if stop.is_set() or self._stop.is_set():
                        return
                    lost = True
                    log.warning("lost the PostgreSQL notice connection (%s); reconnecting", type(exc).__name__)
                    time.sleep(0.5)

        thread = threading.Thread(target=run, daemon=True, name="companion-pg-listen")
        self._threads.append(thread)
        thread.start()
        # Back only once LISTEN is in place: a change committed after this call is never missed (a cache made
        # before it reads the database; one made after hears of what follows).
        if not ready.wait(CONNECT_TIMEOUT):
            log.warning("the PostgreSQL notice connection is not up yet; it keeps trying")

        def stop_listening() -> None:
            stop.set()
            if thread is not threading.current_thread():
                thread.join(5)

        return stop_listening
