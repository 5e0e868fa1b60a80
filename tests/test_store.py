"""The store, on SQLite and on PostgreSQL: an append-only log whose (table, seq) cannot repeat and whose action
ids cannot either (the database refuses them, whichever connection or process writes), transactions that roll
back whole, writers that queue instead of failing, versioned migrations (a file of today's schema and older ones
upgrade in place), and changes that reach other stores on the same database (``changes`` and ``listen``)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from companion.store import EventRow, IntegrityError, Store, StoreError, TableRecord, now_iso, open_store

pytestmark = pytest.mark.both_stores
DATA = Path(__file__).resolve().parent / "data"


def record(i: int = 0) -> TableRecord:
    return TableRecord(f"table-id-{i:08d}", f"view-id-{i:08d}", ("A", "B", "C"), 0, now_iso(), "laminate",
                       {"hints": True})


def event(seq: int, action_id: str | None = None, kind: str = "action") -> EventRow:
    return EventRow(seq, kind, seq % 3, {"type": "research", "from": "deck"}, None, action_id, now_iso())


@pytest.fixture
def store(db_location: str):
    s = open_store(db_location)
    yield s
    s.close()


def append(store: Store, table_id: str, ev: EventRow, answer: str | None = None) -> None:
    with store.write(table_id) as tx:
        tx.append(table_id, ev, answer)


def wait_until(condition, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


def test_sqlite_pragmas_wal_and_full_sync(tmp_path):
    store = open_store(str(tmp_path / "s.db"))
    conn = store.conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 5
    store.close()


def test_postgres_keeps_the_default_durable_commit(postgres_url, request):
    from stores import new_location

    store = open_store(new_location("postgres", None, request))
    with store.pool.connection() as conn:
        assert conn.execute("SHOW synchronous_commit").fetchone()[0] == "on"
        assert [r[0] for r in conn.execute("SELECT version FROM schema_migrations")] == [1]
    store.close()


def test_schema_and_reopen_is_idempotent(db_location):
    rec = record(1)
    s1 = open_store(db_location)
    s1.create_table(rec)
    append(s1, rec.id, event(1))
    s1.close()
    s2 = open_store(db_location)  # migrations run again without harm, data intact
    assert [e.seq for e in s2.events(rec.id)] == [1]
    assert s2.find_table(rec.id) == (rec, True)
    s2.close()


def test_two_stores_opening_a_new_database_together_migrate_it_once(db_location):
    opened: list[Store] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def go() -> None:
        try:
            barrier.wait(10)
            opened.append(open_store(db_location))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=go) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    assert errors == [] and len(opened) == 4
    opened[0].create_table(record(1))
    assert all(s.find_table(record(1).id) is not None for s in opened)
    for s in opened:
        s.close()


def test_a_database_of_a_newer_schema_is_refused(db_location, store_kind):
    open_store(db_location).close()
    if store_kind == "sqlite":
        conn = sqlite3.connect(db_location)
        conn.execute("PRAGMA user_version = 99")
        conn.close()
    else:
        import psycopg

        with psycopg.connect(db_location, autocommit=True) as conn:
            conn.execute("INSERT INTO schema_migrations (version) VALUES (99)")
    with pytest.raises(StoreError, match="newer companion"):
        open_store(db_location)


def test_find_table_by_id_and_view_id(store):
    rec = record(1)
    store.create_table(rec)
    assert store.find_table(rec.id) == (rec, True)
    assert store.find_table(rec.view_id) == (rec, False)
    assert store.find_table("nothing-here") is None


def test_view_id_and_id_are_unique(store):
    store.create_table(record(1))
    with pytest.raises(IntegrityError):
        store.create_table(record(1))
    other = TableRecord("another-id-1", record(1).view_id, ("A", "B", "C"), 0, now_iso())
    with pytest.raises(IntegrityError):
        store.create_table(other)
    assert len(store.table_versions()) == 1


def test_events_in_order_with_fields(store):
    rec = record(1)
    store.create_table(rec)
    for seq in (1, 2, 3):
        append(store, rec.id, event(seq, f"act-{seq:06d}"), json.dumps({"state": seq}))
    append(store, rec.id, EventRow(4, "undo", 2, {"type": "undo"}, 3, None, now_iso(), 1))
    rows = store.events(rec.id)
    assert [r.seq for r in rows] == [1, 2, 3, 4]
    assert rows[0].action == {"type": "research", "from": "deck"} and rows[0].kind == "action"
    assert rows[3].kind == "undo" and rows[3].undoes == 3 and rows[3].by == 1
    assert [r.seq for r in store.events(rec.id, after=2)] == [3, 4]
    assert store.events(rec.id, after=4) == []
    assert store.last_seq(rec.id) == 4
    assert store.stored_answer(rec.id, "act-000002") == ("action", '{"state": 2}')
    assert store.stored_answer(rec.id, "act-999999") is None
    assert store.versions([rec.id, "no-such-table"]) == {rec.id: 4}


def test_duplicate_seq_is_impossible(store):
    rec = record(1)
    store.create_table(rec)
    append(store, rec.id, event(1))
    with pytest.raises(IntegrityError):
        append(store, rec.id, event(1))
    assert [e.seq for e in store.events(rec.id)] == [1]


def test_action_id_unique_per_table_only(store):
    a, b = record(1), record(2)
    store.create_table(a)
    store.create_table(b)
    append(store, a.id, event(1, "same-id-123"))
    append(store, b.id, event(1, "same-id-123"))  # another table may reuse it
    with pytest.raises(IntegrityError):
        append(store, a.id, event(2, "same-id-123"))
    assert store.last_seq(a.id) == 1


def test_failed_transaction_rolls_back_whole(store):
    rec = record(1)
    store.create_table(rec)
    with pytest.raises(RuntimeError), store.write(rec.id) as tx:
        tx.append(rec.id, event(1), None)
        tx.update_options(rec.id, {"hints": False})
        raise RuntimeError("boom")
    assert store.events(rec.id) == [] and store.find_table(rec.id)[0].options == {"hints": True}
    append(store, rec.id, event(1))  # the connection is usable again
    assert store.last_seq(rec.id) == 1


def test_a_refused_write_rolls_back_what_came_before_it(store):
    rec = record(1)
    store.create_table(rec)
    append(store, rec.id, event(1))
    with pytest.raises(IntegrityError), store.write(rec.id) as tx:
        tx.put_seat(rec.id, 0, "hash", now_iso())
        tx.append(rec.id, event(1), None)  # seq 1 is taken
    assert store.seat_hashes(rec.id) == {}


def test_last_seq_in_the_transaction_sees_its_own_append(store):
    rec = record(1)
    store.create_table(rec)
    with store.write(rec.id) as tx:
        assert tx.last_seq(rec.id) == 0
        tx.append(rec.id, event(1), None)
        assert tx.last_seq(rec.id) == 1


def test_recent_tables(store):
    for i in range(3):
        store.create_table(record(i))
    append(store, record(0).id, event(1))
    recent = store.recent_tables(10)
    assert recent[0][0].id == record(0).id and recent[0][1] == 1
    assert {r[0].id for r in recent} == {record(i).id for i in range(3)}
    assert len(store.recent_tables(2)) == 2


def test_seats_links_and_plays(store):
    a, b = record(1), record(2)
    store.create_table(a)
    with store.write(a.id) as tx:
        tx.put_seat(a.id, 1, "first", now_iso())
    with store.write(a.id) as tx:
        tx.put_seat(a.id, 1, "second", now_iso())  # a take-over replaces the holder
        tx.insert_table(b)
        tx.link_next(a.id, b.id, now_iso())
    assert store.seat_hashes(a.id) == {1: "second"}
    assert store.next_of(a.id) == b and store.next_of(b.id) is None
    with pytest.raises(IntegrityError), store.write(a.id) as tx:
        tx.link_next(a.id, b.id, now_iso())  # one next table per table
    store.put_plays([(a.id, 0, '{"x": 1}')])
    store.put_plays([(a.id, 3, '{"x": 2}')])
    assert store.cached_plays([a.id, b.id]) == {a.id: (3, '{"x": 2}')}
    assert {r["id"]: r["version"] for r in store.table_versions()} == {a.id: 0, b.id: 0}


def test_threads_share_one_store_without_locking_errors(store):
    rec = record(1)
    store.create_table(rec)
    errors: list[BaseException] = []
    barrier = threading.Barrier(16)

    def writer() -> None:
        try:
            barrier.wait()
            for _ in range(25):
                with store.write(rec.id) as tx:
                    tx.append(rec.id, event(tx.last_seq(rec.id) + 1), None)
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


def test_two_stores_on_one_database_queue_instead_of_failing(db_location, store_kind):
    """Two stores on one database (as two server processes are): writers of one table queue (SQLite: BEGIN
    IMMEDIATE and the busy timeout; PostgreSQL: the table's row lock), none fails, no seq repeats."""
    s1, s2 = open_store(db_location), open_store(db_location)
    rec = record(1)
    s1.create_table(rec)
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def writer(store: Store) -> None:
        try:
            barrier.wait()
            for _ in range(20):
                with store.write(rec.id) as tx:
                    tx.append(rec.id, event(tx.last_seq(rec.id) + 1), None)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(s1 if i % 2 else s2,)) for i in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert [e.seq for e in s1.events(rec.id)] == list(range(1, 161))
    if store_kind == "sqlite":
        assert s1.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    s1.close()
    s2.close()


def test_the_database_refuses_a_second_winner_across_stores(db_location):
    """Without the row lock or a check, two writers that both believe seq 1 is free: one commits, the other's
    insert is refused by the primary key (the last word on "one winner per version")."""
    s1, s2 = open_store(db_location), open_store(db_location)
    rec = record(1)
    s1.create_table(rec)
    append(s1, rec.id, event(1, "winner-0001"))
    with pytest.raises(IntegrityError):
        append(s2, rec.id, event(1, "loser-00001"))
    with pytest.raises(IntegrityError):
        append(s2, rec.id, event(2, "winner-0001"))  # and the same action id cannot land twice
    assert [(e.seq, e.action_id) for e in s2.events(rec.id)] == [(1, "winner-0001")]
    s1.close()
    s2.close()


def test_changes_tell_what_another_store_moved_on(db_location, store_kind):
    s1, s2 = open_store(db_location), open_store(db_location)
    a, b = record(1), record(2)
    s1.create_table(a)
    s1.create_table(b)
    s2.changes(a.id)  # whatever was there before
    append(s1, a.id, event(1))
    append(s1, a.id, event(2))
    assert (a.id, 2) in s2.changes(a.id)
    if store_kind == "sqlite":  # one pragma says "nothing new" until some connection commits again
        assert s2.changes(a.id) == []
        append(s1, b.id, event(1))
        assert s2.changes(a.id) == [(b.id, 1)]
    else:  # the table's own last seq, asked every time
        assert s2.changes(a.id) == [(a.id, 2)]
    s1.close()
    s2.close()


def test_listen_delivers_other_stores_commits_and_never_before_their_data(db_location):
    s1, s2 = open_store(db_location), open_store(db_location)
    rec = record(1)
    s1.create_table(rec)
    heard: list[tuple[str, int, bool]] = []

    def deliver(changes) -> None:
        for table_id, seq in changes:  # the data is there when the notice is
            heard.append((table_id, seq, any(e.seq == seq for e in s2.events(table_id, after=seq - 1))))

    stop = s2.listen(deliver)
    time.sleep(0.2)  # the listener is set up (PostgreSQL: its LISTEN is in place)
    for seq in (1, 2, 3):
        append(s1, rec.id, event(seq))
    with pytest.raises(RuntimeError), s1.write(rec.id) as tx:  # a rolled-back append is never announced
        tx.append(rec.id, event(4), None)
        raise RuntimeError("boom")
    assert wait_until(lambda: max((s for _, s, _ in heard), default=0) >= 3)
    time.sleep(0.1)
    assert {s for _, s, _ in heard} <= {1, 2, 3} and 3 in {s for _, s, _ in heard}
    assert all(t == rec.id and present for t, _, present in heard)
    stop()
    s1.close()
    s2.close()


def test_now_iso_is_utc_iso8601():
    from datetime import datetime

    stamp = now_iso()
    assert stamp.endswith("Z")
    assert datetime.fromisoformat(stamp.replace("Z", "+00:00")).utcoffset().total_seconds() == 0


# --- migrations of files made by earlier code (SQLite only: PostgreSQL starts at the versioned schema) ---


def test_a_file_of_todays_schema_upgrades_in_place(tmp_path) -> None:
    """tests/data/schema4.sql is a file the code before versioned migrations made (a Laminate table with actions,
    an undo, retried action ids and a settings change; a すたっぷすたっぷ table with a seat claimed; cached plays):
    the current store opens it in place, marks it schema 5, and the service serves it as before."""
    from companion.service import TableService

    path = str(tmp_path / "today.db")
    conn = sqlite3.connect(path)
    conn.executescript((DATA / "schema4.sql").read_text())
    conn.close()
    expected = json.loads((DATA / "schema4-expected.json").read_text())
    service = TableService(open_store(path))
    assert service.store.conn.execute("PRAGMA user_version").fetchone()[0] == 5
    tid = expected["laminate"]
    assert service.answer(service.snapshot(tid)) == expected["state"]
    assert service.store.stored_answer(tid, "old-act-0002")[0] == "action"
    assert service.act(tid, _research(), action_id="old-act-0002").answer["state"]["version"] == 3  # a retry
    assert len(service.store.seat_hashes(expected["stapstap"])) == 1
    assert service.act(tid, _research(), version=expected["state"]["version"]).snapshot.version == 7
    service.close()
    service.store.close()
    reopened = open_store(path)  # and it opens again as it is
    assert reopened.last_seq(tid) == 7
    reopened.close()


def _research():
    from companion.games.laminate import Research

    return Research("deck")


def test_a_version_1_database_is_migrated_and_its_tables_keep_their_options(tmp_path) -> None:
    """Before many games, a table row had no game and kept Laminate's options in ``hints``/``settings``, and the
    log had no unique action ids: opening such a file adds the columns and the index and reads those rows as
    Laminate tables with their options."""
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
                                   NULL, 'first-try-01', NULL, '2026-01-01T00:00:01.000Z');
    """)
    conn.commit()
    conn.close()
    store = open_store(path)
    found = store.find_table("old-table-id-0001")
    assert found is not None
    rec, full = found
    assert full and rec.game == "laminate" and rec.start == 1
    assert rec.options == {"hints": False, "suit_names": {"suit6": "Star"}}
    with pytest.raises(IntegrityError):  # the unique action ids the first files lacked
        append(store, rec.id, EventRow(2, "action", 2, {"type": "pass"}, None, "first-try-01", now_iso()))
    from companion.service import TableService

    service = TableService(store)
    snap = service.snapshot(rec.id)
    assert snap.version == 1 and snap.state.hands[1] == 4 and service.answer(snap)["hints"] is False
    service.close()
    store.close()


# --- opening ---


def test_open_store_tells_a_path_from_a_url(tmp_path):
    from companion.store import is_url
    from companion.store.postgres import redact

    assert is_url("postgresql://u:p@h:5432/db") and is_url("postgres://h/db") and is_url("POSTGRESQL://h/db")
    assert not is_url(str(tmp_path / "x.db")) and not is_url("postgresql:")
    assert redact("postgresql://ann:secret@db.local:5432/companion") == "postgresql://ann:***@db.local:5432/companion"
    assert redact("postgresql://db.local/companion") == "postgresql://db.local/companion"


@pytest.mark.parametrize("url", ["postgresql://nobody@127.0.0.1:1/companion", "postgresql://[::1/x",
                                 "postgresql://u@127.0.0.1:1/db?sslmode=nonsense"])
def test_an_unusable_postgres_url_is_a_store_error_with_its_reason(url):
    with pytest.raises(StoreError) as info:
        open_store(url)
    assert "\n" not in str(info.value) and "secret" not in str(info.value)


def test_a_file_that_is_no_database_is_a_store_error(tmp_path):
    path = tmp_path / "not.db"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="SQLite"):
        open_store(str(path))
