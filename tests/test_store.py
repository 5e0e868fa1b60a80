"""The store: SQLite in WAL with synchronous=FULL, an append-only log whose (table, seq) cannot repeat,
transactions that roll back whole, and writers that queue instead of failing with "database is locked"."""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest

from companion.store import EventRow, Store, TableRecord, now_iso


def record(i: int = 0) -> TableRecord:
    return TableRecord(f"table-id-{i:08d}", f"view-id-{i:08d}", ("A", "B", "C"), 0, now_iso(), "laminate",
                       {"hints": True})


def event(seq: int, action_id: str | None = None, kind: str = "action") -> EventRow:
    return EventRow(seq, kind, seq % 3, {"type": "research", "from": "deck"}, None, action_id, now_iso())


@pytest.fixture
def store(tmp_path):
    s = Store(str(tmp_path / "s.db"))
    yield s
    s.close()


def append(store: Store, table_id: str, ev: EventRow, answer: str | None = None) -> None:
    with store.write() as conn:
        store.append(conn, table_id, ev, answer)


def test_pragmas_wal_and_full_sync(store):
    conn = store.db.conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000


def test_schema_and_reopen_is_idempotent(tmp_path):
    path = str(tmp_path / "s.db")
    s1 = Store(path)
    s1.create_table(record(1))
    append(s1, record(1).id, event(1))
    s1.close()
    s2 = Store(path)  # migrations run again without harm, data intact
    assert {"tables", "events"} <= set(s2.db.table_names())
    assert [e.seq for e in s2.events(record(1).id)] == [1]
    s2.close()


def test_find_table_by_id_and_view_id(store):
    rec = record(1)
    store.create_table(rec)
    assert store.find_table(rec.id) == (rec, True)
    assert store.find_table(rec.view_id) == (rec, False)
    assert store.find_table("nothing-here") is None


def test_view_id_and_id_are_unique(store):
    store.create_table(record(1))
    with pytest.raises(sqlite3.IntegrityError):
        store.create_table(record(1))
    other = TableRecord("another-id-1", record(1).view_id, ("A", "B", "C"), 0, now_iso())
    with pytest.raises(sqlite3.IntegrityError):
        store.create_table(other)


def test_events_in_order_with_fields(store):
    rec = record(1)
    store.create_table(rec)
    for seq in (1, 2, 3):
        append(store, rec.id, event(seq, f"act-{seq:06d}"), json.dumps({"state": seq}))
    append(store, rec.id, EventRow(4, "undo", 2, {"type": "undo"}, 3, None, now_iso()))
    rows = store.events(rec.id)
    assert [r.seq for r in rows] == [1, 2, 3, 4]
    assert rows[0].action == {"type": "research", "from": "deck"} and rows[0].kind == "action"
    assert rows[3].kind == "undo" and rows[3].undoes == 3
    assert store.last_seq(rec.id) == 4
    assert store.stored_answer(rec.id, "act-000002") == ("action", '{"state": 2}')
    assert store.stored_answer(rec.id, "act-999999") is None


def test_duplicate_seq_is_impossible(store):
    rec = record(1)
    store.create_table(rec)
    append(store, rec.id, event(1))
    with pytest.raises(sqlite3.IntegrityError):
        append(store, rec.id, event(1))
    assert [e.seq for e in store.events(rec.id)] == [1]


def test_action_id_unique_per_table_only(store):
    a, b = record(1), record(2)
    store.create_table(a)
    store.create_table(b)
    append(store, a.id, event(1, "same-id-123"))
    append(store, b.id, event(1, "same-id-123"))  # another table may reuse it
    with pytest.raises(sqlite3.IntegrityError):
        append(store, a.id, event(2, "same-id-123"))
    assert store.last_seq(a.id) == 1


def test_failed_transaction_rolls_back_whole(store):
    rec = record(1)
    store.create_table(rec)
    with pytest.raises(RuntimeError), store.write() as conn:
        store.append(conn, rec.id, event(1), None)
        raise RuntimeError("boom")
    assert store.events(rec.id) == []
    append(store, rec.id, event(1))  # the connection is usable again
    assert store.last_seq(rec.id) == 1


def test_last_seq_in_sees_the_open_transaction(store):
    rec = record(1)
    store.create_table(rec)
    with store.write() as conn:
        assert store.last_seq_in(conn, rec.id) == 0
        store.append(conn, rec.id, event(1), None)
        assert store.last_seq_in(conn, rec.id) == 1


def test_recent_tables(store):
    for i in range(3):
        store.create_table(record(i))
    append(store, record(0).id, event(1))
    recent = store.recent_tables(10)
    assert recent[0][0].id == record(0).id and recent[0][1] == 1
    assert {r[0].id for r in recent} == {record(i).id for i in range(3)}
    assert len(store.recent_tables(2)) == 2


def test_threads_share_one_store_without_locking_errors(store):
    rec = record(1)
    store.create_table(rec)
    errors: list[BaseException] = []
    barrier = threading.Barrier(16)

    def writer() -> None:
        try:
            barrier.wait()
            for _ in range(25):
                with store.write() as conn:
                    seq = store.last_seq_in(conn, rec.id) + 1
                    store.append(conn, rec.id, event(seq), None)
                store.events(rec.id)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=writer) for _ in range(16)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert [e.seq for e in store.events(rec.id)] == list(range(1, 401))


def test_two_connections_queue_instead_of_database_is_locked(tmp_path):
    """Two Store objects on one file (as two server processes would be): BEGIN IMMEDIATE + busy timeout."""
    path = str(tmp_path / "two.db")
    s1, s2 = Store(path), Store(path)
    rec = record(1)
    s1.create_table(rec)
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def writer(store: Store) -> None:
        try:
            barrier.wait()
            for _ in range(20):
                with store.write() as conn:
                    seq = store.last_seq_in(conn, rec.id) + 1
                    store.append(conn, rec.id, event(seq), None)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(s1 if i % 2 else s2,)) for i in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert [e.seq for e in s1.events(rec.id)] == list(range(1, 161))
    assert s1.db.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    s1.close()
    s2.close()


def test_now_iso_is_utc_iso8601():
    from datetime import datetime

    stamp = now_iso()
    assert stamp.endswith("Z")
    assert datetime.fromisoformat(stamp.replace("Z", "+00:00")).utcoffset().total_seconds() == 0


def test_a_version_1_database_is_migrated_and_its_tables_keep_their_options(tmp_path) -> None:
    """Before many games, a table row had no game and kept Laminate's options in ``hints``/``settings``:
    opening such a file adds the columns and reads those rows as Laminate tables with their options."""
    path = str(tmp_path / "v1.db")
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, view_id TEXT NOT NULL, players TEXT NOT NULL, start INTEGER NOT NULL,
                             hints INTEGER NOT NULL, created_at TEXT NOT NULL, settings TEXT);
        CREATE UNIQUE INDEX idx_tables_view_id ON tables (view_id);
        CREATE TABLE events (table_id TEXT REFERENCES tables(id), seq INTEGER, kind TEXT NOT NULL, seat INTEGER,
                             action TEXT NOT NULL, undoes INTEGER, action_id TEXT, answer TEXT, at TEXT NOT NULL,
                             PRIMARY KEY (table_id, seq));
        INSERT INTO tables VALUES ('old-table-id-0001', 'old-view-id-00001', '["A", "B", "C"]', 1, 0,
                                   '2026-01-01T00:00:00.000Z', '{"suit_names": {"suit6": "Star"}}');
        INSERT INTO events VALUES ('old-table-id-0001', 1, 'action', 1, '{"type": "research", "from": "deck"}',
                                   NULL, NULL, NULL, '2026-01-01T00:00:01.000Z');
    """)
    conn.commit()
    conn.close()
    store = Store(path)
    found = store.find_table("old-table-id-0001")
    assert found is not None
    rec, full = found
    assert full and rec.game == "laminate" and rec.start == 1
    assert rec.options == {"hints": False, "suit_names": {"suit6": "Star"}}
    from companion.service import TableService

    service = TableService(store)
    snap = service.snapshot(rec.id)
    assert snap.version == 1 and snap.state.hands[1] == 4 and service.answer(snap)["hints"] is False
    store.close()
