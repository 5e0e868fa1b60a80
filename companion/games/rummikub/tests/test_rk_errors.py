"""Every error code is reachable with the code promised, and each has a finished sentence in both languages."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from rk_helpers import apply, board, game, parse, play_action, tiles

from companion.games.base import RuleError
from companion.games.rummikub import (
    CODES,
    GAME,
    Draw,
    EndReason,
    NextRound,
    Pass,
    Phase,
    Rack,
    RoundEnd,
    Timeout,
)
from companion.games.rummikub.texts import RK


def _ended(table: tuple[str, ...] = ()):
    state = board(*table, n=2, racks=(0, 2), pool=0)
    return replace(state, active=None, phase=Phase.RACKS, round_end=RoundEnd(EndReason.OUT, 0), entered=((), None))


def _play(*sets: str, **kw: object) -> Callable[[], object]:
    melded = kw.pop("melded", True)
    table = kw.pop("table", ())
    racks = kw.pop("racks", None)
    return lambda: apply(board(*table, melded=melded, racks=racks, **kw), play_action(*sets))


CASES: dict[str, Callable[[], object]] = {
    "bad_request": lambda: parse({"type": "nope"}, game()),
    "bad_tile": lambda: parse({"type": "play", "table": [["r99"]]}, game()),
    "game_over": lambda: apply(replace(game(), phase=Phase.OVER), Draw()),
    "not_your_turn": lambda: apply(game(), Draw(player=1)),
    "round_over": lambda: apply(_ended(), Draw()),
    "pool_empty": lambda: apply(board(pool=0), Draw()),
    "cannot_pass": lambda: apply(game(), Pass()),
    "timer_off": lambda: apply(game(turn_timer=0), Timeout()),
    "round_not_over": lambda: apply(game(), Rack(0, ())),
    "round_not_scored": lambda: apply(game(), NextRound()),
    "rack_size_mismatch": lambda: apply(_ended(), Rack(1, ("r1",))),
    "rack_already_entered": lambda: apply(_ended(), Rack(0, ())),
    "tile_not_in_supply": lambda: apply(_ended(table=("J r2 r3",)), Rack(1, ("J", "J"))),
    "set_too_short": _play("r1 r2"),
    "run_gap": _play("r1 r2 r4"),
    "run_mixed_colours": _play("r1 r2 b3"),
    "run_out_of_range": _play("r12 r13 J"),
    "run_too_long": _play(" ".join(f"r{n}" for n in range(1, 14)) + " J"),
    "group_mixed_numbers": _play("r1 b1 k2"),
    "group_repeated_colour": _play("r1 r1 k1"),
    "group_too_big": _play("r1 b1 k1 y1 J"),
    "not_a_set": _play("r1 b5 k9"),
    "table_tile_removed": _play("b1 b2 b3", table=("r5 r6 r7",)),
    "no_rack_tile": _play("r5 r6 r7", table=("r5 r6 r7",)),
    "rack_count_exceeded": _play("b1 b2 b3", racks=(2, 14, 14)),
    "initial_meld_uses_table": _play("r5 r6 r7 r8", "b10 r10 k10", table=("r5 r6 r7",), melded=False),
    "initial_meld_too_low": _play("b1 b2 b3", melded=False),
    "joker_set_broken": _play("r9 r10 r11", "J b6 b7", table=("r9 J r11",), joker_sets_locked=True),
    "rack_too_large": lambda: _hints(board(racks=(2, 14, 14)), ["r1", "r2", "r3"]),
    "assistant_unavailable": lambda: _without_solver(),
}


def _hints(state: object, rack: list[str]) -> None:
    from companion.games.rummikub import assistant

    assistant.hints(state, {"player": 0, "rack": rack})  # type: ignore[arg-type]


def _without_solver() -> None:
    """Where no HiGHS wheel exists (Termux), the assistant says so instead of failing."""
    from companion.games.rummikub import assistant, solver

    real = solver.available
    solver.available = lambda: False
    try:
        assistant.hints(game(2), {"player": 0, "rack": ["r1"]})
    finally:
        solver.available = real


def test_every_code_has_a_case_and_a_message() -> None:
    """The platform's codes (bad_request, not_your_turn) and Rummikub's own (its sentence for game_over too)."""
    assert set(CASES) == set(GAME.codes) == set(CODES) | {"bad_request", "not_your_turn"}
    for code in GAME.codes:  # each its sentence: Rummikub's catalogs (err_<code>), the platform's in the frame's
        assert f"err_{code}" in RK, code


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_reachable(code: str) -> None:
    with pytest.raises(RuleError) as caught:
        CASES[code]()
    err = caught.value
    assert err.code == code
    assert err.malformed == (code in ("bad_request", "bad_tile"))
    for lang in ("en", "ja"):
        text = err.message(lang)
        assert text and not re.search(r"[{}]", text) and "?" not in text, (lang, text)
    assert re.search(r"[ぁ-んァ-ン一-龥]", err.message("ja"))


def test_set_errors_carry_the_set_and_its_tiles() -> None:
    with pytest.raises(RuleError) as caught:
        CASES["run_gap"]()
    assert caught.value.params == {"set": 1, "tiles": tiles("r1 r2 r4"), "numbers": [3]}
    assert caught.value.message("en") == "Set 1: red 1, red 2, red 4 is not a run: 3 is missing."
    assert caught.value.message("ja") == "セット1（赤の1、赤の2、赤の4）はランになっていません。3が足りません。"
