"""Every refusal the API gives says it in Japanese: ``message_ja`` never carries an English sentence fragment
(issue 19: “hand” must be a list of cards, “game” must be the id of a game… inside the Japanese message).

The walk drives hostile input to every endpoint of every game: bodies that are not JSON objects, table
creation with every option and field ill-typed, every action type of every game with each of its fields
replaced by hostile values (on top of a plausible action built from the game's own OpenAPI schema), every
question, the settings, seat claims, undo, the plays filters. Each 4xx answer's ``message_ja`` is checked
for English: two Latin words in a row outside quotes (“must be”, “a list of cards”). Quoted field names and
echoed input (「hand」), codes and numbers (JSON, R1) are fine.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from companion import games
from companion.web.openapi import document

ENGLISH = re.compile(r"[A-Za-z]{2,}(?: [A-Za-z]+)+|\b(?:must|needs?|the|is|are|of|an?)\b [A-Za-z]")
QUOTED = re.compile(r"「[^」]*」|“[^”]*”|'[^']*'")  # a field name, a command, what the request said


def says_english(ja: str) -> bool:
    """Two Latin words in a row outside quotes: an English phrase, not a name, code or number."""
    return bool(ENGLISH.search(QUOTED.sub("「」", ja)))
HOSTILE: list[Any] = [None, True, -1, 0, 7, 10**12, 1.5, "", "x", "1", "日本", [], [None], ["x"], [1, 1], [-1], [[]],
                      {}, {"a": 1}, "x" * 300, list(range(70))]
NAMES = ["Aki", "Ben", "Cho", "Dai", "Emi", "Fuu"]


class Walk:
    """Sends requests and keeps every refusal (status, code, message_ja, what was sent)."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.refusals: dict[tuple[str, str], tuple[int, str]] = {}  # (code, message_ja) -> (status, request)
        self.components = document()["components"]["schemas"]

    def send(self, method: str, path: str, **kwargs: Any) -> Any:
        resp = self.client.open(path, method=method, **kwargs)
        if 400 <= resp.status_code < 500 and resp.is_json:
            body = resp.get_json()
            key = (body["error"], body["message_ja"])
            self.refusals.setdefault(key, (resp.status_code, f"{method} {path} {kwargs.get('json', '')!r}"[:300]))
        return resp

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema:
            schema = self.components[schema["$ref"].rsplit("/", 1)[1]]
        return schema

    def example(self, schema: dict[str, Any], depth: int = 0) -> Any:
        """A plausible value for a schema: enough to get past the first checks to the deeper ones."""
        schema = self.resolve(schema)
        if depth > 4:
            return None
        if "const" in schema:
            return schema["const"]
        if "enum" in schema:
            return schema["enum"][0]
        for key in ("anyOf", "oneOf"):
            if key in schema:
                return self.example(schema[key][0], depth + 1)
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), None)
        if kind == "integer":
            return max(schema.get("minimum", 1), 1) if schema.get("maximum", 1) >= 1 else schema.get("minimum", 0)
        if kind == "number":
            return 1
        if kind == "boolean":
            return True
        if kind == "string":
            return "x"
        if kind == "array":
            item = self.example(schema.get("items", {}), depth + 1)
            return [item] * max(schema.get("minItems", 1), 1)
        if kind == "object" or "properties" in schema:
            props = schema.get("properties", {})
            return {k: self.example(props[k], depth + 1) for k in schema.get("required", []) if k in props}
        return None

    def mutations(self, schema: dict[str, Any]) -> list[dict[str, Any]]:
        """The plausible object, then each of its fields (and one unknown field) replaced by hostile values."""
        schema = self.resolve(schema)
        base = self.example(schema) or {}
        out = [base, {**base, "zz_unknown": 1}, {}]
        for name, prop in schema.get("properties", {}).items():
            if "const" in self.resolve(prop):
                continue
            plausible = {**base, name: self.example(prop)}
            out.append(plausible)
            out += [{**base, name: value} for value in HOSTILE]
        return out


def new_table(walk: Walk, game: games.Game, **options: Any) -> dict[str, Any]:
    resp = walk.send("POST", "/api/tables", json={"game": game.id, "players": NAMES[:game.min_players],
                                                  "options": options})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def walk_game(walk: Walk, game: games.Game, **options: Any) -> None:
    part = game.api_part() or {}  # every game: on the contract or not
    table = new_table(walk, game, **options)
    tid = table["id"]
    for action in part.get("actions", []):
        for raw in walk.mutations(action):
            walk.send("POST", f"/api/tables/{tid}/actions", json={"action": raw})
    for name, query in part.get("queries", {}).items():
        for raw in walk.mutations(query["request"]):
            walk.send("POST", f"/api/tables/{tid}/{name}", json=raw)
    for name, schema in part.get("settings", {}).items():
        for value in [walk.example(schema), *HOSTILE]:
            walk.send("POST", f"/api/tables/{tid}/settings", json={name: value})
    walk.send("POST", f"/api/tables/{tid}/settings", json={"zz_unknown": 1})
    walk.send("POST", f"/api/tables/{tid}/settings", json={})
    for option in game.options:
        for value in HOSTILE:
            walk.send("POST", "/api/tables", json={"game": game.id, "players": NAMES[:game.min_players],
                                                   "options": {option.id: value}})
            walk.send("POST", "/api/tables", json={"game": game.id, "players": NAMES[:game.min_players],
                                                   option.id: value})
    for players in (None, "Aki", [], NAMES[:1], NAMES[:game.max_players] + ["Zed"], ["Aki", "Aki", "Ben"],
                    ["Aki", 3, "Ben"], ["Aki", "", "Ben"], ["Aki", "B\u202eb", "Cho"], ["x" * 41, "Ben", "Cho"]):
        walk.send("POST", "/api/tables", json={"game": game.id, "players": players})
    for start in (-1, 99, "x", True, 1.5, None):
        walk.send("POST", "/api/tables", json={"game": game.id, "players": NAMES[:game.min_players],
                                               "start": start})
    for body in ({"take_over": "yes"}, {}, {"take_over": True}):
        for seat in (0, 99):
            walk.send("POST", f"/api/tables/{tid}/seats/{seat}/claim", json=body)
    walk.send("POST", f"/api/tables/{tid}/undo", json={})


def walk_everything(walk: Walk) -> None:
    for game in games.all_games():
        walk_game(walk, game)
    walk_game(walk, games.get("stapstap"), mode="box")  # type: ignore[arg-type]
    tid = new_table(walk, games.get("laminate"))["id"]  # type: ignore[arg-type]
    research = {"type": "research", "from": "deck"}
    for body in ({"action": research, "version": -1}, {"action": research, "version": "1"},
                 {"action": research, "dry_run": "yes"}, {"action": research, "action_id": "no"},
                 {"action": research, "action_id": 5}, {"nothing": 1}, {"action": research, "version": 99}):
        walk.send("POST", f"/api/tables/{tid}/actions", json=body)
    for data, kind in (("", "application/json"), ("[]", "application/json"), ("{bad", "application/json"),
                       ("\n", "application/json"), ('{"a": NaN}', "application/json"), ("a=1", "text/plain"),
                       ('{"a": "\\ud800"}', "application/json"), ("[" * 20 + "]" * 20, "application/json"),
                       ('{"a":' * 12 + "1" + "}" * 12, "application/json")):
        walk.send("POST", f"/api/tables/{tid}/actions", data=data, content_type=kind)
        walk.send("POST", "/api/tables", data=data, content_type=kind)
    for body in ({"game": "chess", "players": NAMES[:3]}, {"game": 3, "players": NAMES[:3]},
                 {"players": NAMES[:3], "options": []}, {"players": NAMES[:3], "options": {"zz": 1}}):
        walk.send("POST", "/api/tables", json=body)
    for query in ("game=chess", "status=lost", "player=" + "x" * 201):
        for path in ("/api/plays", "/api/plays/export.csv", "/api/plays/bgstats.json"):
            walk.send("GET", f"{path}?{query}")
    walk.send("GET", "/api/tables/no-such-table")
    walk.send("POST", f"/api/tables/{tid}/again", json={})
    walk.send("POST", f"/api/tables/{table_view(walk, tid)}/actions", json={"action": research})
    walk.send("POST", f"/api/tables/{tid}/nothing-here", json={})
    walk.send("GET", f"/api/tables/{tid}/actions")
    walk.send("POST", f"/api/tables/{tid}/actions", json={"action": research}, headers={"Host": "evil.example"})


def table_view(walk: Walk, tid: str) -> str:
    return walk.client.get(f"/api/tables/{tid}").get_json()["view_id"]


def test_no_refusal_says_english_in_message_ja(client: FlaskClient) -> None:
    walk = Walk(client)
    walk_everything(walk)
    codes = {code for code, _ in walk.refusals}
    # distinct (code, message) pairs: the walk reached far (fewer than the 150 it found while Laminate worded its
    # own malformed actions, now the contract's shared sentences, which name the field)
    assert len(walk.refusals) > 140 and {"bad_request", "read_only", "not_found", "stale",
                                         "unsupported_media_type", "method_not_allowed", "bad_host"} <= codes
    english = {ja: sent for (code, ja), (status, sent) in walk.refusals.items() if says_english(ja)}
    assert not english, "English inside message_ja:\n" + "\n".join(f"{ja}   <- {sent}"
                                                                    for ja, sent in sorted(english.items()))


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


SAID_BY = ("BadRequest", "ServiceError", "FormRefusal", "Refused", "Malformed", "_bad", "bad", "_form_error")


def test_every_refusal_in_the_code_is_worded_by_a_catalog() -> None:
    """The walk reaches what hostile input reaches; this finds the rest. No refusal is made of a sentence written
    in the code (a string or f-string given to ``…BadRequest``, ``ServiceError``, ``FormRefusal``, a ``_bad``
    helper): every sentence is a catalog's (``Texts.msg``), and tests/test_catalogs.py checks that every
    catalog entry has its Japanese."""
    root = Path(__file__).resolve().parents[2] / "companion"
    written = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not _name(node.func).endswith(SAID_BY):
                continue
            texts = [a for a in (*node.args, *(k.value for k in node.keywords if k.arg != "code"))
                     if isinstance(a, ast.JoinedStr) or (isinstance(a, ast.Constant) and isinstance(a.value, str)
                                                         and " " in a.value)]
            if texts:
                written.append(f"{path.relative_to(root.parent)}:{node.lineno}: {ast.unparse(node)[:100]}")
    assert not written, "refusals worded in the code, not in a catalog:\n" + "\n".join(written)
