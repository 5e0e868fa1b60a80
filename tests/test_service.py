"""TableService: the one authority per table — versions, undo, dry runs, retries, the per-version cache
(reads never replay), and replay == cache after whole random games; on SQLite and on PostgreSQL, and with
several services on one database (as several processes are): no stale read, catch-up by the new events alone,
a write that lost a race judged again, changes heard across them."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "api"))
from api_harness import FlaskCaller, random_game  # noqa: E402

from companion.games.laminate import IllegalAction, Pass, Publish, Research, Review  # noqa: E402
from companion.games.laminate.deck import DEFAULT_DECK  # noqa: E402
from companion.service import ServiceError, Stale, TableService  # noqa: E402
from companion.store import open_store  # noqa: E402
from companion.web import create_app  # noqa: E402

pytestmark = pytest.mark.both_stores
RESEARCH = Research("deck")
_opened: list[TableService] = []


@pytest.fixture
def db(db_location: str) -> str:
    return db_location


@pytest.fixture(autouse=True)
def _close_services():
    yield
    while _opened:
        service = _opened.pop()
        service.close()
        service.store.close()


@pytest.fixture
def svc(db):
    return fresh(db)


def fresh(db: str) -> TableService:
    """Another service on the same database, with a cold cache (as after a restart, or another process)."""
    service = TableService(open_store(db))
    _opened.append(service)
    return service


@pytest.mark.parametrize(("names", "start", "hints"), [
    (["A", "B"], 0, True), (["A", "B", "C", "D", "E", "F"], 0, True), ("ABC", 0, True),
    (["A", "B", "A"], 0, True), (["A", "B", ""], 0, True), (["A", "B", "C\x00"], 0, True),
    (["A", "B", "C"], 3, True), (["A", "B", "C"], "0", True), (["A", "B", "C"], 0, "no"),
])
def test_create_table_validation(svc, names, start, hints):
    with pytest.raises(ServiceError) as info:
        svc.create_table(names, start, {"hints": hints})
    assert info.value.status == 400


def test_resolve(svc):
    snap = svc.create_table(["A", "B", "C"])
    assert svc.resolve(snap.record.id) == (snap.record, True)
    assert svc.resolve(snap.record.view_id, write=False)[1] is False
    with pytest.raises(ServiceError) as info:
        svc.resolve(snap.record.view_id, write=True)
    assert info.value.status == 403
    for bad in ("x" * 24, "", "short", "ü" * 20, "a/b/c/d/e/f"):
        with pytest.raises(ServiceError) as info:
            svc.resolve(bad)
        assert info.value.status == 404


def test_act_undo_and_versions(svc):
    tid = svc.create_table(["A", "B", "C"]).record.id
    r1 = svc.act(tid, RESEARCH)
    assert r1.snapshot.version == 1 and r1.answer["state"]["version"] == 1
    r2 = svc.act(tid, RESEARCH, version=1)
    assert r2.snapshot.version == 2
    with pytest.raises(Stale) as info:
        svc.act(tid, RESEARCH, version=1)
    assert info.value.status == 409 and info.value.current == 2
    u = svc.undo(tid)
    assert u.snapshot.version == 3 and u.snapshot.state == r1.snapshot.state
    u = svc.undo(tid, version=3)
    assert u.snapshot.version == 4 and u.snapshot.state.hands == (3, 3, 3)
    with pytest.raises(ServiceError) as info:
        svc.undo(tid)
    assert info.value.code == "nothing_to_undo" and info.value.status == 409
    assert svc.version(tid) == 4
    assert [e.kind for e in svc.log(tid)] == ["action", "action", "undo", "undo"]
    assert [e.undoes for e in svc.log(tid)] == [None, None, 2, 1]


def test_refusal_stores_nothing(svc):
    tid = svc.create_table(["A", "B", "C"]).record.id
    with pytest.raises(IllegalAction):
        svc.act(tid, Pass())
    with pytest.raises(IllegalAction):
        svc.act(tid, Review(1, DEFAULT_DECK.parse("heart-1")))
    assert svc.version(tid) == 0 and svc.log(tid) == []


def test_dry_run(svc):
    tid = svc.create_table(["A", "B", "C"]).record.id
    kind3 = Publish("kind3", tuple(DEFAULT_DECK.parse(c) for c in ("heart-7", "book-7", "coin-7")))
    before = svc.snapshot(tid)
    result = svc.act(tid, kind3, dry_run=True)
    assert result.answer["state"] == svc.answer(before)
    assert svc.snapshot(tid) == before and svc.log(tid) == []
    assert fresh(svc.store.location).snapshot(tid).version == 0


def test_action_id_replay(svc):
    tid = svc.create_table(["A", "B", "C"]).record.id
    first = svc.act(tid, RESEARCH, version=0, action_id="abc-12345")
    again = svc.act(tid, RESEARCH, version=0, action_id="abc-12345")
    assert again.answer == first.answer
    assert len(svc.log(tid)) == 1
    # after a restart the stored answer is still there
    other = fresh(svc.store.location)
    assert other.act(tid, Pass(), action_id="abc-12345").answer == first.answer
    assert len(other.log(tid)) == 1


def test_snapshots_are_immutable_values(svc):
    tid = svc.create_table(["A", "B", "C"]).record.id
    s0 = svc.snapshot(tid)
    svc.act(tid, RESEARCH)
    assert s0.version == 0 and s0.state.hands == (3, 3, 3)
    assert svc.snapshot(tid).version == 1


def test_reads_use_the_cache_not_the_log(svc, monkeypatch):
    tid = svc.create_table(["A", "B", "C"]).record.id
    for _ in range(30):
        svc.act(tid, RESEARCH)
    calls = []
    real = svc.store.events
    monkeypatch.setattr(svc.store, "events", lambda table_id: calls.append(table_id) or real(table_id))
    for _ in range(10):
        svc.snapshot(tid)
        svc.version(tid)
    svc.act(tid, RESEARCH)
    svc.undo(tid)
    assert calls == []


def test_cold_cache_replays_once(db, svc):
    tid = svc.create_table(["A", "B", "C"]).record.id
    for _ in range(5):
        svc.act(tid, RESEARCH)
    svc.undo(tid)
    cold = fresh(db)
    calls = []
    real = cold.store.events
    cold.store.events = lambda table_id: calls.append(table_id) or real(table_id)
    assert cold.answer(cold.snapshot(tid)) == svc.answer(svc.snapshot(tid))
    cold.snapshot(tid)
    assert len(calls) == 1


def test_wait_for_change(svc):
    tid = svc.create_table(["A", "B", "C"]).record.id
    assert svc.wait_for_change(tid, 0, 0.1) == 0  # nothing happened: the timeout answers the same version
    threading.Timer(0.05, lambda: svc.act(tid, RESEARCH)).start()
    assert svc.wait_for_change(tid, 0, 30) == 1  # woken by the change, long before the timeout


def test_waiting_streams_never_block_writers(svc):
    """Many waiters polling while writers act: no deadlock between the write lock and the change signal."""
    tid = svc.create_table(["A", "B", "C"]).record.id
    stop = threading.Event()

    def waiter() -> None:
        known = 0
        while not stop.is_set():
            known = svc.wait_for_change(tid, known, 0.001)

    waiters = [threading.Thread(target=waiter, daemon=True) for _ in range(8)]
    for th in waiters:
        th.start()
    done = threading.Event()

    def writer() -> None:
        for _ in range(30):
            svc.act(tid, RESEARCH)
            svc.snapshot(tid)
        done.set()

    threading.Thread(target=writer, daemon=True).start()
    assert done.wait(20), "writer blocked: lock-order deadlock between act() and wait_for_change()"
    stop.set()
    for th in waiters:
        th.join(5)


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_replay_equals_cache_after_a_random_game(db, seed):
    app = create_app(db)
    caller = FlaskCaller(app.test_client())
    rec = random_game(caller, seed, 3 + seed % 3)
    tid = rec.table["id"]
    cached = app.extensions["companion"]
    cold = fresh(db)
    assert cold.answer(cold.snapshot(tid)) == cached.answer(cached.snapshot(tid)) == rec.states[-1]
    # and at intermediate versions: replay the log prefix on a cold service
    warm_answer = caller.call("GET", f"/api/tables/{tid}")[1]
    assert warm_answer == rec.states[-1]
    assert cold.snapshot(tid).version == len(cold.log(tid))
    _opened.append(app.extensions["companion"])


def test_replay_equals_cache_at_every_step(db):
    """After each change of a shorter game, a cold service on the same file answers the identical STATE."""
    app = create_app(db)
    _opened.append(app.extensions["companion"])
    caller = FlaskCaller(app.test_client())
    rec = random_game(caller, 7, 3, undo_p=0.15)
    tid = rec.table["id"]
    store = open_store(db)
    for state in rec.states[:: max(1, len(rec.states) // 25)]:
        # rebuild from the prefix of the log up to this version
        prefix = [e for e in store.events(tid) if e.seq <= state["version"]]
        cold = TableService(_Prefix(store, prefix))
        assert cold.answer(cold.snapshot(tid)) == state
        cold.close()
    store.close()


class _Prefix:
    """A store view that shows only the first events (as the file was at that version)."""

    def __init__(self, store, events) -> None:
        self._store, self._events = store, events

    def events(self, table_id: str, after: int = 0):
        return [e for e in self._events if e.seq > after]

    def changes(self, table_id: str):
        return []  # the file as it was: nothing moved on

    def listen(self, deliver):
        return lambda: None

    def __getattr__(self, name: str):
        return getattr(self._store, name)


def test_names_are_nfc_and_trimmed(svc):
    snap = svc.create_table(["  Cafe\u0301 ", "B", "C"])
    assert snap.state.names[0] == "Café"
