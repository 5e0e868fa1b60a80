"""The registry of games is filled atomically: right after start, a request that arrives while another
thread is still importing the game modules waits for them and sees every game, never a half-filled registry
(issue 19: a phone creating a table 20–50 ms after another opened the start page got 400 unknown_game).

The import of one game module is held open on an event, so the race happens every run: one thread starts
loading the registry and stops inside the import of the last game; a second thread then asks for the games.
"""

from __future__ import annotations

import sys
import threading
import types

import pytest

from companion import games

GATE_MODULE = "_registry_race_gate"
SLOW_MODULE = "_registry_race_slow_game"


@pytest.fixture
def gated_registry(monkeypatch, tmp_path):
    """An empty registry whose last built-in game's import waits until ``gate.release`` is set."""
    gate = types.ModuleType(GATE_MODULE)
    gate.entered = threading.Event()
    gate.release = threading.Event()
    gate.game = types.SimpleNamespace(id="slow-game")
    monkeypatch.setitem(sys.modules, GATE_MODULE, gate)
    (tmp_path / f"{SLOW_MODULE}.py").write_text(
        f"import {GATE_MODULE} as gate\n"
        "gate.entered.set()\n"
        "gate.release.wait(30)\n"
        "GAME = gate.game\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, SLOW_MODULE, raising=False)
    monkeypatch.setattr(games, "BUILTIN", (*games.BUILTIN, ("slow-game", SLOW_MODULE)))
    monkeypatch.setattr(games, "_GAMES", {})
    monkeypatch.setattr(games, "_loaded", False, raising=False)
    yield gate
    gate.release.set()


def test_a_lookup_during_the_first_load_waits_for_every_game(gated_registry):
    gate = gated_registry
    seen: dict[str, object] = {}
    first = threading.Thread(target=lambda: seen.setdefault("first", [g.id for g in games.all_games()]))
    first.start()
    assert gate.entered.wait(30), "the first load never reached the last game"

    def second_lookup() -> None:
        seen["second"] = [g.id for g in games.all_games()]
        seen["laminate"] = games.get("laminate") is not None
        seen["stapstap"] = games.get("stapstap") is not None

    second = threading.Thread(target=second_lookup)
    second.start()
    second.join(0.5)  # time for a lookup that does not wait to answer (the bug); the fix keeps it waiting
    gate.release.set()
    first.join(30)
    second.join(30)
    want = [game_id for game_id, _ in games.BUILTIN]
    assert seen["first"] == want
    assert seen["second"] == want, "a lookup during the first load saw a half-filled registry"
    assert seen["laminate"] and seen["stapstap"]


def test_the_registry_lists_the_builtin_games_in_order():
    before = games.all_games()
    assert [g.id for g in before] == [game_id for game_id, _ in games.BUILTIN]
    assert games.all_games() == before  # a second look-up imports nothing again
    assert games.get("no-such-game") is None
