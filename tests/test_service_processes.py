"""Several table services on one database, as several server processes are (issue 18), on SQLite and on
PostgreSQL: a write through one is read at once through another (no stale read from a cache), a cache behind
catches up by replaying only the new events, a write computed on a cache that was behind is judged again on the
latest state (a device that sent the latest version is never told ``stale`` because of the process it reached),
refusals too, and every change is heard by the other's streams and listeners once it can serve it."""

from __future__ import annotations

import threading
import time
from collections import Counter

import pytest

from companion.games.laminate import Pass, Research
from companion.service import ServiceError, Stale, TableService
from companion.store import open_store

pytestmark = pytest.mark.both_stores
RESEARCH = Research("deck")


@pytest.fixture
def pair(db_location):
    """Two services on one database: ``a`` and ``b``."""
    services = [TableService(open_store(db_location)) for _ in range(2)]
    yield services
    for service in services:
        service.close()
        service.store.close()


def counting_events(service: TableService) -> list[int]:
    """Record the ``after`` of every log read of this service (0: the whole log)."""
    calls: list[int] = []
    real = service.store.events

    def events(table_id: str, after: int = 0):
        calls.append(after)
        return real(table_id, after)

    service.store.events = events  # type: ignore[method-assign]
    return calls


def test_a_write_through_one_is_read_at_once_through_the_other(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    assert b.snapshot(tid).version == 0  # b's cache is warm at 0
    for expected in range(1, 6):
        done = a.act(tid, RESEARCH, version=expected - 1)  # a phone writes through a ...
        # ... and reads through b straight away: no wait for any notice
        assert b.version(tid) == expected
        assert b.answer(b.snapshot(tid)) == a.answer(done.snapshot)
    a.undo(tid)
    assert b.answer(b.snapshot(tid)) == a.answer(a.snapshot(tid))


def test_a_cache_behind_replays_only_the_new_events(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    for _ in range(5):
        a.act(tid, RESEARCH)
    assert b.snapshot(tid).version == 5
    calls = counting_events(b)
    a.act(tid, RESEARCH)
    a.undo(tid)
    a.update_settings(tid, {"hints": False})
    a.act(tid, RESEARCH)
    snap = b.snapshot(tid)
    assert snap.version == 9 and b.answer(snap) == a.answer(a.snapshot(tid))
    assert snap.record.options["hints"] is False  # the settings row is read with the event
    assert calls and 0 not in calls and min(calls) >= 5, calls
    assert [e.event.seq for e in snap.history] == list(range(1, 10))
    assert snap.undone(snap.history[5]) and not snap.undone(snap.history[4])


def test_a_write_on_a_cache_that_was_behind_is_judged_again_never_stale_for_it(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    b.snapshot(tid)  # warm at 0
    a.act(tid, RESEARCH)
    # b's cache says 0; the device read version 1 (through a): accepted, after b catches up
    done = b.act(tid, RESEARCH, version=1)
    assert done.snapshot.version == 2 and done.answer["state"]["version"] == 2
    a.act(tid, RESEARCH)
    # without a version: computed on b's cache (2), refused by the transaction's check, judged again at 3
    assert b.act(tid, RESEARCH).snapshot.version == 4
    # a device that really is behind is told so, with the version it missed
    with pytest.raises(Stale) as info:
        b.act(tid, RESEARCH, version=2)
    assert info.value.current == 4
    events = a.log(tid)
    assert [e.seq for e in events] == [1, 2, 3, 4]
    assert [e.seat for e in events] == [0, 1, 2, 0]  # each judged on the state before it


def test_a_refusal_judged_on_a_cache_that_was_behind_is_judged_again(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    b.snapshot(tid)  # warm at 0: nothing to undo there
    a.act(tid, RESEARCH)
    undone = b.undo(tid)  # not "nothing_to_undo": the action a took is there
    assert undone.snapshot.version == 2 and a.snapshot(tid).state == undone.snapshot.state
    with pytest.raises(ServiceError) as info:
        b.undo(tid)
    assert info.value.code == "nothing_to_undo"
    with pytest.raises(Exception) as refused:  # noqa: PT011 - the game's RuleError
        b.act(tid, Pass())  # a real refusal stays one
    assert getattr(refused.value, "code", None) and a.version(tid) == 2


def test_the_same_action_id_through_both_lands_once(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    b.snapshot(tid)
    barrier = threading.Barrier(8)
    answers: list[object] = []

    def send(service: TableService) -> None:
        barrier.wait(10)
        answers.append(service.act(tid, RESEARCH, action_id="double-tap-0001").answer)

    threads = [threading.Thread(target=send, args=(pair[i % 2],)) for i in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    assert len(answers) == 8 and all(x == answers[0] for x in answers)
    assert [e.seq for e in a.log(tid)] == [1] and b.version(tid) == 1


def test_one_winner_per_version_across_both(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    b.snapshot(tid)
    barrier = threading.Barrier(12)
    outcomes: list[str] = []

    def send(service: TableService) -> None:
        barrier.wait(10)
        try:
            service.act(tid, RESEARCH, version=0)
            outcomes.append("won")
        except Stale:
            outcomes.append("stale")

    threads = [threading.Thread(target=send, args=(pair[i % 2],)) for i in range(12)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    assert Counter(outcomes) == {"won": 1, "stale": 11}
    assert a.version(tid) == b.version(tid) == 1


def test_writers_through_both_without_versions_all_land_in_order(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    errors: list[BaseException] = []

    def play(service: TableService) -> None:
        try:
            for _ in range(10):
                service.act(tid, RESEARCH)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(pair[i % 2],)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert errors == []
    assert [e.seq for e in a.log(tid)] == list(range(1, 41))
    assert [e.seat for e in a.log(tid)] == [i % 3 for i in range(40)]
    assert a.answer(a.snapshot(tid)) == b.answer(b.snapshot(tid))


def test_the_other_hears_every_change_once_it_can_serve_it(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    b.snapshot(tid)
    heard: list[tuple[str, int, int | None]] = []
    b.add_listener(lambda table_id, version: heard.append((table_id, version, b._cached_version(table_id))))
    for _ in range(3):
        a.act(tid, RESEARCH)
    deadline = time.monotonic() + 10
    while (not heard or heard[-1][1] < 3) and time.monotonic() < deadline:
        time.sleep(0.005)
    assert heard and heard[-1][1] == 3
    assert all(t == tid and held is not None and held >= v for t, v, held in heard)  # servable when told
    versions = [v for _, v, _ in heard]
    assert versions == sorted(set(versions))  # each once, in order


def test_a_stream_on_the_other_is_woken_by_a_write_here(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    b.snapshot(tid)
    threading.Timer(0.1, lambda: a.act(tid, RESEARCH)).start()
    assert b.wait_for_change(tid, 0, 30) == 1
    assert b.snapshot(tid).version == 1


def test_a_table_the_other_does_not_hold_is_announced_too(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    heard: list[tuple[str, int]] = []
    b.add_listener(lambda table_id, version: heard.append((table_id, version)))
    a.act(tid, RESEARCH)
    deadline = time.monotonic() + 10
    while not heard and time.monotonic() < deadline:
        time.sleep(0.005)
    assert heard == [(tid, 1)]
    assert b.snapshot(tid).version == 1


def test_play_again_through_both_makes_one_new_table(pair):
    from test_plays import RK_OUT, RK_RACKS

    a, b = pair
    tid = a.create_table(["A", "B", "C"], 0, {"rounds": 1, "turn_timer": 0}, game="rummikub").record.id
    a.act(tid, a.parse(tid, {"type": "play", "table": RK_OUT}))  # the start seat goes out at once (RK7)
    for seat, rack in zip([1, 2], RK_RACKS):
        a.act(tid, a.parse(tid, {"type": "rack", "seat": seat, "tiles": rack}))
    assert b.snapshot(tid).game.over(b.snapshot(tid).state)
    made: list[tuple[str, bool]] = []
    barrier = threading.Barrier(4)

    def again(service: TableService) -> None:
        barrier.wait(10)
        snap, now = service.play_again(tid)
        made.append((snap.record.id, now))

    threads = [threading.Thread(target=again, args=(pair[i % 2],)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    assert len(made) == 4 and len({m[0] for m in made}) == 1 and sum(1 for m in made if m[1]) == 1
    assert a.next_table(tid).id == made[0][0] == b.next_table(tid).id
    assert len(a.store.table_versions()) == 2  # no orphan table from the race: made in the winner's transaction
    assert a.version(tid) == b.version(tid) == 4  # three moves and the "next" event


def test_a_read_never_takes_a_change_away_from_the_listener(pair):
    """A read's check may see another process's commit before the listener does: the listener still hears it
    (each has its own look at the log), so a table this process does not hold is announced all the same."""
    a, b = pair
    held = a.create_table(["A", "B", "C"]).record.id
    elsewhere = a.create_table(["A", "B", "C"]).record.id
    b.snapshot(held)
    heard: list[tuple[str, int]] = []
    b.add_listener(lambda table_id, version: heard.append((table_id, version)))
    for version in range(1, 6):
        a.act(elsewhere, RESEARCH)
        b.snapshot(held)  # straight after the commit: SQLite's read check usually sees it before the listener
        deadline = time.monotonic() + 5
        while (elsewhere, version) not in heard and time.monotonic() < deadline:
            time.sleep(0.005)
        assert (elsewhere, version) in heard, heard


def test_postgres_a_lost_notice_connection_reconnects_and_catches_up(postgres_url, request):
    """PostgreSQL: when a process's LISTEN connection is cut, notices sent meanwhile are lost; it reconnects and
    checks every table it holds, so its streams still hear the change."""
    import psycopg
    from stores import new_location

    location = new_location("postgres", None, request)
    a, b = TableService(open_store(location)), TableService(open_store(location))
    try:
        tid = a.create_table(["A", "B", "C"]).record.id
        b.snapshot(tid)
        heard: list[int] = []
        b.add_listener(lambda table_id, version: heard.append(version))
        time.sleep(0.3)
        channel = b.store.channel
        with psycopg.connect(location, autocommit=True) as admin:
            cut = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = %s",
                                (f'LISTEN "{channel}"',)).fetchall()
            assert cut, "b's LISTEN connection was found"
            a.act(tid, RESEARCH)  # sent while b listens on nothing: b's notice is lost
        deadline = time.monotonic() + 15
        while 1 not in heard and time.monotonic() < deadline:
            time.sleep(0.01)
        assert 1 in heard and b.cached_version(tid) == 1
    finally:
        for service in (a, b):
            service.close()
            service.store.close()


def counting_changes(service: TableService) -> list[str]:
    """Record every "did the table move?" question this service asks its store."""
    calls: list[str] = []
    real = service.store.changes

    def changes(table_id: str):
        calls.append(table_id)
        return real(table_id)

    service.store.changes = changes  # type: ignore[method-assign]
    return calls


def test_reads_together_ask_the_store_once_per_table_and_the_next_read_outside_sees_the_other_write(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    other = a.create_table(["D", "E", "F"]).record.id
    b.snapshot(tid), b.snapshot(other)
    asked = counting_changes(b)
    with b.reads_together():  # the live layer's rendering of one change for each of a table's five phones
        for _ in range(5):
            assert b.snapshot(tid).version == 0
        b.snapshot(other)
        with b.reads_together():  # nested: still the one moment
            b.snapshot(tid)
    assert asked == [tid, other]
    a.act(tid, RESEARCH, version=0)  # another process moves the table
    assert b.snapshot(tid).version == 1  # outside the block every read asks again: never stale
    assert asked == [tid, other, tid]


def test_reads_together_are_per_thread(pair):
    a, b = pair
    tid = a.create_table(["A", "B", "C"]).record.id
    b.snapshot(tid)
    asked = counting_changes(b)
    inside = threading.Event()
    done = threading.Event()

    def hold() -> None:
        with b.reads_together():
            b.snapshot(tid)
            inside.set()
            done.wait(5)

    thread = threading.Thread(target=hold)
    thread.start()
    assert inside.wait(5)
    a.act(tid, RESEARCH, version=0)
    assert b.snapshot(tid).version == 1  # another thread's block does not make this read skip its question
    done.set()
    thread.join(5)
    assert asked == [tid, tid]
