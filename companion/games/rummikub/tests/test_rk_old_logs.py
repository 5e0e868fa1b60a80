"""Old logs replay unchanged: a two-round match as the code before the contract logged it (``data/old_log.json``,
made by commit dfa0e97: sets as lists and as {"tiles", "kind"}, tiles typed in capitals, ``player`` on some
turns, a timeout, the assistant switched off and on, undone plays and racks, a round gone out and one blocked)
is read by today's code into the same STATE, the same history in both languages and the same CSV; and each
logged action reads back to exactly what the log holds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Flask
from rk_helpers import parse

from companion.games.rummikub import GAME
from companion.store import EventRow, TableRecord, open_store

OLD = json.loads((Path(__file__).resolve().parent / "data" / "old_log.json").read_text(encoding="utf-8"))
TID, VID = "old-rummikub-table", "old-rummikub-view"


def stored(location: str) -> None:
    """The old table and its events, written to the store as they were logged."""
    store = open_store(location)
    try:
        store.create_table(TableRecord(TID, VID, tuple(OLD["players"]), OLD["start"], OLD["created_at"], "rummikub",
                                       OLD["options"]))
        with store.write(TID) as tx:
            for event in OLD["events"]:
                tx.append(TID, EventRow(**event), None)
    finally:
        store.close()


def test_an_old_log_replays_to_the_same_state_history_and_exports(app: Flask, db_location: str) -> None:
    stored(db_location)
    client = app.test_client()
    state: dict[str, Any] = client.get(f"/api/tables/{TID}").get_json()
    assert {k: v for k, v in state.items() if k not in ("id", "view_id")} == OLD["state"]
    for lang in ("en", "ja"):
        log = client.get(f"/t/{TID}/log.json", headers={"Accept-Language": lang}).get_json()
        assert [e["text"] for e in log["events"]] == OLD["history"][lang]
    assert client.get(f"/t/{TID}/log.csv").get_data(as_text=True) == OLD["csv"]
    assert client.get(f"/t/{TID}").status_code == 200


def test_every_old_logged_action_reads_back_to_itself() -> None:
    actions = [e["action"] for e in OLD["events"] if e["kind"] == "action"]
    assert {a["type"] for a in actions} == {"play", "draw", "timeout", "pass", "rack", "next_round"}
    for action in actions:
        assert GAME.dump(parse(action)) == action
