"""The shared renderings keep only what can still be asked for (issue 13): a newer version's rendering drops
the older one of the same table and viewer, a late request for an old version never drops the newer one, and
each rendering's live-stream form is made once however many streams wake together."""

from __future__ import annotations

import threading

import pytest

from companion.web import pieces
from companion.web.fragcache import SharedRenders

HTML = '<form><input name="csrf_token" value="CSRFTOKEN"><input name="action_id" value="AID1"></form>' * 50


def _key(version: int, viewer: str = "full", table: str = "t1") -> tuple[object, ...]:
    return (table, version, True, viewer, (), "en", (), (), ())


def test_a_newer_version_drops_the_older_rendering_of_the_same_viewer() -> None:
    shared = SharedRenders()
    shared.get(_key(1), lambda: HTML, lambda: "MINE")
    shared.get(_key(1, viewer="view"), lambda: HTML, lambda: "MINE")
    shared.get(_key(1, table="t2"), lambda: HTML, lambda: "MINE")
    shared.get(_key(2), lambda: HTML, lambda: "MINE")
    kept = set(shared._entries)
    assert _key(1) not in kept, "version 1 of this viewer can never be asked for again"
    assert {_key(2), _key(1, viewer="view"), _key(1, table="t2")} <= kept, "other viewers and tables stay"


def test_a_late_request_for_an_old_version_keeps_the_newer_one() -> None:
    shared = SharedRenders()
    shared.get(_key(5), lambda: HTML, lambda: "MINE")
    shared.get(_key(4), lambda: HTML, lambda: "MINE")
    assert _key(5) in shared._entries
    renders = shared.renders
    shared.get(_key(5), lambda: HTML, lambda: "MINE")
    assert shared.renders == renders, "the newer rendering was still shared"


def test_other_keys_are_kept_as_before() -> None:
    shared = SharedRenders(max_entries=3)
    for n in range(5):
        shared.get(("plain", n), lambda: HTML, lambda: "MINE")
    assert list(shared._entries) == [("plain", 2), ("plain", 3), ("plain", 4)], "least recently used dropped"


def test_streams_waking_together_make_the_event_form_once(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int] = []
    compress = pieces._deflate_blocks

    def counting(parts: list[bytes]) -> list[bytes]:
        built.append(1)
        return compress(parts)

    monkeypatch.setattr(pieces, "_deflate_blocks", counting)
    shared = SharedRenders()
    made: list[int] = []
    gate = threading.Event()

    def render() -> str:
        gate.wait(5)
        made.append(1)
        return HTML

    events: list[tuple[bytes, bytes]] = []
    threads = [threading.Thread(target=lambda: events.append(shared.get_event(_key(3), render, lambda: "OWN")))
               for _ in range(5)]
    for thread in threads:
        thread.start()
    gate.set()
    for thread in threads:
        thread.join(10)
    assert len(made) == 1 and len(events) == 5
    assert len(built) == 1, "one event form for the five streams (it was made by each of them)"
    plains = [plain for plain, _ in events]
    assert sum(b"CSRFTOKEN" in p for p in plains) == 1, "the rendering's own tokens go to the phone that made it"
    assert sum(b"OWN" in p for p in plains) == 4, "the others get their own CSRF token"
