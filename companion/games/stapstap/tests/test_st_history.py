"""The history sentences (shared by every phone) tell the story from the redacted log: a phone-box roll says
its seal but never its face (ST4), a doubt says the revealed face (ST7), forced skips and eliminations are
named (ST10, ST11), and a game's end lists the scores (ST14)."""

from __future__ import annotations

from st_helpers import act, parse, rng_below, slots, started, with_player

from companion.games.stapstap import GAME, prepare, redact_action
from companion.games.stapstap.history import describe


def step(state, raw, lang="en"):
    """One action as the service logs it, and its sentence as the pages make it: from the redacted log entry,
    parsed again, with the seat the platform records (``actor``)."""
    action = prepare(state, parse(raw, state), rng_below(3))
    after = GAME.play(state, action, state.names)
    logged = redact_action(GAME.dump(action))
    seat = GAME.actor(state, action)
    return after, describe(state, after, parse(logged, state), seat, lang), action


def test_st4_a_box_roll_is_told_without_its_face():
    state = started(mode="box")
    after, text, action = step(state, {"type": "roll"})
    assert action.face is not None and "seal" in text and str(action.commit)[:8] in text
    for face in range(1, 7):
        assert f" {face}" not in text.replace(str(action.commit)[:8], "")


def test_st7_a_doubt_tells_the_revealed_face_in_both_languages():
    state = act(act(started(mode="box"), {"type": "roll"}), {"type": "declare", "face": 6, "card": 1})
    face = state.box.face
    _, en, _ = step(state, {"type": "doubt", "player": 1})
    _, ja, _ = step(state, {"type": "doubt", "player": 1}, "ja")
    assert f"It was a {face}" in en and "Ben doubts" in en
    assert f"出目は{face}" in ja


def test_st10_forced_skips_are_named():
    state = with_player(started(), 1, dice=0, coins=0, slots=slots(2, None, None))
    state = act(act(state, {"type": "roll"}), {"type": "declare", "face": 3, "card": 1})
    state = act(state, {"type": "pass"})
    _, text, _ = step(state, {"type": "pass"})
    assert "A 3 goes on Aki's card 1" in text and "Ben skipped" in text


def test_st11_elimination_is_told():
    state = with_player(started(), 1, dice=0, coins=1, slots=slots(None, None, None))
    state = act(act(state, {"type": "roll"}), {"type": "declare", "face": 2, "card": 1})
    _, text, _ = step(state, {"type": "doubt", "face": 2})
    assert "Ben pays Aki a coin" in text and "Ben is out" in text
