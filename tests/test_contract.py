"""The contract's declarative actions (companion/games/moves.py, fields.py), on their own and for every game
declared with them: one declaration gives a strict JSON parser, a form reader, the log's JSON and both
schemas, and they agree — every example validates, is read back as itself, and stands in docs/api.md."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import pytest
from catalog_files import texts_from
from game_folders import folder, shown
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from companion import games
from companion.games.base import BadRequest, RuleError
from companion.games.enums import StrEnum
from companion.games.fields import Choice, Context, Flag, Int, Key, ListOf, Seat, Unreadable
from companion.games.moves import ActionSet, Move

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Pick(Move, kind="pick"):
    """Pick a number, from somewhere, maybe with friends."""

    number: Annotated[int, Int(-5, 5)]
    source: Annotated[str, Choice("left", "right", fold_case=True), Key("from")] = "left"
    friends: Annotated[tuple[int, ...] | None, ListOf(Seat(), 3, typed=True)] = None
    loud: Annotated[bool, Flag()] = False


@dataclass(frozen=True)
class Wait(Move, kind="wait"):
    """Do nothing."""


ACTIONS: ActionSet[Pick | Wait] = ActionSet(Pick, Wait, examples=(Pick(3, "right", (0, 2), True), Wait()))
CTX = Context(None, 3, {})


def test_parse_is_strict_and_names_the_field_in_both_languages() -> None:
    assert ACTIONS.parse({"type": "pick", "number": -2}, CTX) == Pick(-2)
    assert ACTIONS.parse({"type": "pick", "number": 1, "from": " RIGHT ", "friends": [2], "player": 1}, CTX) == \
        Pick(1, "right", (2,), player=1)
    assert ACTIONS.parse({"type": "pick", "number": 1, "friends": None, "player": None}, CTX) == Pick(1)
    for raw, field in (({"type": "pick", "number": "1"}, "number"), ({"type": "pick", "number": 9}, "number"),
                       ({"type": "pick", "number": 1, "player": 3}, "player"),
                       ({"type": "pick", "number": 1, "player": "0"}, "player"),
                       ({"type": "pick", "number": 1, "friends": [0, 5]}, "friends"),
                       ({"type": "pick", "number": 1, "loud": "yes"}, "loud"),
                       ({"type": "pick"}, "number"), ({"type": "pick", "number": 1, "to": "x"}, "to")):
        with pytest.raises(BadRequest) as caught:
            ACTIONS.parse(raw, CTX)
        err = caught.value
        assert err.code == "bad_request" and err.malformed and err.params["field"] == field
        assert f"“{field}”" in err.message("en") and f"「{field}」" in err.message("ja")


def test_without_a_table_a_seat_is_any_of_the_most_a_game_seats() -> None:
    assert ACTIONS.parse({"type": "pick", "number": 0, "player": 7}, Context()).player == 7
    with pytest.raises(BadRequest):
        ACTIONS.parse({"type": "pick", "number": 0, "player": 8}, Context())


def test_a_form_is_read_from_text() -> None:
    read = ACTIONS.read_form({"type": ["pick"], "number": ["-3"], "from": ["right"], "friends": ["0, 2"],
                              "loud": ["on"], "csrf_token": ["x"], "version": ["4"], "action_id": ["abcdefgh"]}, CTX)
    assert read == Pick(-3, "right", (0, 2), True)
    assert ACTIONS.read_form({"type": ["pick"], "number": ["4"], "friends": [""]}, CTX) == Pick(4)  # empty: not given
    assert ACTIONS.read_form({"type": ["wait"]}, CTX) == Wait()
    for posted in ({"number": ["x"]}, {"number": ["٣"]}, {"number": ["6"]}, {"number": ["1"], "friends": ["0 9"]},
                   {"number": ["9" * 40]}):
        with pytest.raises(Unreadable) as caught:
            ACTIONS.read_form({"type": ["pick"], **posted}, CTX)
        assert caught.value.code == "bad_value" and caught.value.message("en").startswith("“")
        assert "ではありません" in caught.value.message("ja")
    for posted in ({"type": ["pick"]}, {"type": ["pick"], "number": ["1"], "evil": ["1"]}, {"type": ["pick", "wait"]},
                   {}):
        with pytest.raises(BadRequest) as refused:
            ACTIONS.read_form(posted, CTX)
        assert refused.value.code == "bad_request"


def test_dump_leaves_defaults_out_and_reads_back() -> None:
    assert ACTIONS.dump(Pick(1)) == {"type": "pick", "number": 1}
    assert ACTIONS.dump(Pick(1, "right", (0,), True, player=2)) == {
        "type": "pick", "number": 1, "from": "right", "friends": [0], "loud": True, "player": 2}
    with pytest.raises(TypeError):
        ACTIONS.dump("pick")  # type: ignore[arg-type]


@given(number=st.integers(-5, 5), source=st.sampled_from(["left", "right"]),
       friends=st.none() | st.lists(st.integers(0, 2), max_size=3).map(tuple), loud=st.booleans(),
       player=st.none() | st.integers(0, 2))
def test_every_action_round_trips_and_matches_both_schemas(number: int, source: str, friends: Any, loud: bool,
                                                            player: int | None) -> None:
    action = Pick(number, source, friends, loud, player=player)
    raw = ACTIONS.dump(action)
    assert ACTIONS.parse(json.loads(json.dumps(raw)), CTX) == action
    request = Draft202012Validator({"anyOf": ACTIONS.request_schemas(3)})
    logged = Draft202012Validator({"anyOf": ACTIONS.logged_schemas(3)})
    assert request.is_valid(raw) and logged.is_valid(raw)


def test_a_declaration_without_a_field_type_or_a_kind_is_refused_at_import() -> None:
    @dataclass(frozen=True)
    class Bare(Move, kind="bare"):
        n: int

    @dataclass(frozen=True)
    class Nameless(Move):
        pass

    for cls in (Bare, Nameless):
        with pytest.raises(TypeError):
            ActionSet(cls)
    with pytest.raises(TypeError):
        ActionSet(Wait, Wait)


def test_str_enums_are_their_words() -> None:
    class Phase(StrEnum):
        PLAY = "play"

    assert Phase.PLAY == "play" and str(Phase.PLAY) == "play" and f"{Phase.PLAY}" == "play"
    assert json.dumps({"phase": Phase.PLAY}) == '{"phase": "play"}'


# --- every game on the contract -------------------------------------------------------------------------------

ON_CONTRACT = [g for g in games.all_games() if g.actions is not None]


def test_the_pilots_are_on_the_contract() -> None:
    assert {g.id for g in ON_CONTRACT} >= {"the-pairs", "pyramid"}


@pytest.mark.parametrize("game", ON_CONTRACT, ids=lambda g: g.id)
def test_each_example_validates_reads_back_and_is_in_the_docs(game: Any) -> None:
    actions = game.actions
    request = Draft202012Validator({"anyOf": actions.request_schemas(game.max_players)})
    logged = Draft202012Validator({"anyOf": actions.logged_schemas(game.max_players)})
    ctx = Context(None, game.max_players, {})
    documented = _doc_actions(game)
    assert {type(e).kind for e in actions.examples} == set(actions.kinds), "an example of every action"
    for example in actions.examples:
        raw = actions.dump(example)
        assert request.is_valid(raw) and logged.is_valid(raw), raw
        assert actions.parse(raw, ctx) == example
        assert raw in documented, f"the API docs show no {raw}"
    for raw in documented:  # and every action the docs show is one the declaration reads
        try:
            actions.parse(raw, ctx)
        except RuleError as exc:
            raise AssertionError(f"the API docs show {raw}, which is refused: {exc}") from None


def _doc_actions(game: Any) -> list[dict[str, Any]]:
    """The JSON actions of a game's section of the API docs: ``## <name> over the JSON API`` in docs/api.md, or
    in ``api.md`` in the game's own folder; its ```json blocks that are an action."""
    heading = f"## {game.label('en')} over the JSON API"
    places = [ROOT / "docs" / "api.md", folder(game) / "api.md"]
    texts = [p.read_text(encoding="utf-8") for p in places if p.is_file()]
    text = next((t for t in texts if heading in t), None)
    assert text is not None, f"no {heading!r}: write it in {shown(places[1])} (or docs/api.md)"
    start = text.index(heading)
    end = text.find("\n## ", start + 10)
    section = text[start:end if end > 0 else None]
    found = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, flags=re.S)]
    return [raw for raw in found if isinstance(raw, dict) and "type" in raw]


def test_a_game_may_keep_its_api_section_in_its_own_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``<package>/api.md``: the contract test reads the game's actions there, and the OpenAPI document carries
    it as the game's tag (docs/api.md says where such sections are)."""
    from dataclasses import replace

    from test_platform_fake_game import RACE

    from companion.web.openapi import document

    package = tmp_path / "folder_game"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "api.md").write_text("## Race to N over the JSON API\n\n```json\n{\"type\": \"add\", \"n\": 2}\n```\n"
                                    "\n## Next\n\n```json\n{\"type\": \"nope\"}\n```\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    game = replace(RACE, id="folder-race", package="folder_game")
    assert _doc_actions(game) == [{"type": "add", "n": 2}]  # its own section only
    games.register(game)
    document.cache_clear()
    try:
        tags = {t["name"]: t["description"] for t in document()["tags"]}
        assert tags["folder-race"].startswith("## Race to N over the JSON API")
    finally:
        games.unregister(game.id)
        document.cache_clear()
    with pytest.raises(AssertionError, match=r"no '## Nameless over the JSON API': write it in .*api\.md"):
        nameless = texts_from("nameless", {"en": {"game_name": "Nameless"}, "ja": {"game_name": "名無し"}})
        _doc_actions(replace(game, name=nameless.msg("game_name")))
