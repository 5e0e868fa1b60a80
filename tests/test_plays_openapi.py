"""The plays and play-again endpoints are in the OpenAPI document and their real answers (each documented
status) validate against it, the old table's STATE with ``next_table`` and its log's ``next_table`` event too."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from test_plays import NAMES, create, rummikub_game

from companion.web.openapi import document

BASE = "/api/tables/{table_id}"


def check(client: FlaskClient, method: str, template: str, path: str, seen: set, **kw: Any) -> Any:
    doc = document()
    resp = client.open(path, method=method, **kw)
    operation = doc["paths"][template][method.lower()]
    status = str(resp.status_code)
    assert status in operation["responses"], (method, path, status, resp.get_data(as_text=True)[:300])
    spec = operation["responses"][status]
    if "$ref" in spec:
        spec = doc["components"]["responses"][spec["$ref"].rsplit("/", 1)[1]]
    (media_type, content), = spec["content"].items()
    assert resp.mimetype == media_type and resp.headers["Content-Type"].endswith("charset=utf-8")
    if media_type == "application/json":
        schema = {**content["schema"], "components": doc["components"]}
        errors = sorted(Draft202012Validator(schema).iter_errors(resp.get_json()), key=str)
        assert not errors, f"{method} {path} {status}: {errors[0].message} at {list(errors[0].path)}"
    seen.add((method, template))
    return resp


def test_plays_answers_match_the_document(client: FlaskClient) -> None:
    seen: set[tuple[str, str]] = set()
    running = create(client, "rummikub", NAMES, 0, rounds=1)
    assert check(client, "POST", BASE + "/again", f"/api/tables/{running['id']}/again", seen).status_code == 409
    done = rummikub_game(client, NAMES, 1)
    tid, vid = done["id"], done["view_id"]
    assert check(client, "POST", BASE + "/again", f"/api/tables/{vid}/again", seen).status_code == 403
    assert check(client, "POST", BASE + "/again", f"/api/tables/{tid}/again", seen).status_code == 201
    assert check(client, "POST", BASE + "/again", f"/api/tables/{tid}/again", seen, json={}).status_code == 200
    assert check(client, "POST", BASE + "/again", "/api/tables/nothing-here-at-all/again", seen).status_code == 404
    assert check(client, "GET", BASE, f"/api/tables/{tid}", seen).get_json()["next_table"]["id"]
    assert check(client, "GET", BASE, f"/api/tables/{vid}", seen).get_json()["next_table"]["id"] is None
    assert check(client, "GET", BASE + "/log", f"/api/tables/{vid}/log", seen).get_json()["events"][-1][
        "action"] == {"type": "next_table"}
    assert len(check(client, "GET", "/api/plays", "/api/plays", seen).get_json()["plays"]) == 3
    check(client, "GET", "/api/plays", "/api/plays?status=finished&game=rummikub&player=Aki", seen)
    assert check(client, "GET", "/api/plays", "/api/plays?status=nope", seen).status_code == 400
    assert check(client, "GET", "/api/players", "/api/players", seen).get_json()["players"]
    assert check(client, "GET", "/api/plays/export.csv", "/api/plays/export.csv", seen).status_code == 200
    assert check(client, "GET", "/api/plays/export.csv", "/api/plays/export.csv?game=x", seen).status_code == 400
    assert check(client, "GET", "/api/plays/bgstats.json", "/api/plays/bgstats.json", seen).status_code == 200
    ours = {(m.upper(), p) for p, ops in document()["paths"].items() for m in ops
            if p.startswith(("/api/plays", "/api/players")) or p.endswith("/again")}
    assert ours == {("POST", BASE + "/again"), ("GET", "/api/plays"), ("GET", "/api/players"),
                    ("GET", "/api/plays/export.csv"), ("GET", "/api/plays/bgstats.json")}
    assert ours <= seen
