"""The readable log is made once per version from the previous version's (issue 20: rebuilding every row per
version made a page grow with the game) and must be exactly the log made whole from the snapshot — for any
run of actions, undos and settings, whichever versions are asked for and in whatever order, and the earlier
versions' logs unchanged by the later ones."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.fields import Context
from companion.games.laminate import GAME as LAMINATE
from companion.service import ServiceError
from companion.web import create_app
from companion.web.pages import history
from companion.web.pages.history import history_log

STEPS = st.lists(st.sampled_from(["research", "pass", "undo", "hints_off", "hints_on"]), min_size=1, max_size=14)

_APP: list[Any] = []


def _app() -> Any:
    if not _APP:
        tmp = tempfile.mkdtemp(prefix="history-log-")
        _APP.append(create_app(str(Path(tmp) / "t.db"), secret_key="test"))
    return _APP[0]


def _whole(snap: Any, lang: str) -> history.Log:
    return history._extend(snap, lang, json.dumps(snap.options, sort_keys=True, ensure_ascii=False), None)


def _play(service: Any, tid: str, step: str) -> None:
    try:
        if step == "undo":
            service.undo(tid)
        elif step.startswith("hints"):
            service.update_settings(tid, {"hints": step == "hints_on"})
        else:
            service.act(tid, LAMINATE.parse({"type": "research", "from": "deck"} if step == "research"
                                            else {"type": "pass"}, Context()))
    except (ServiceError, RuleError):  # nothing to undo, a pass refused: the step is skipped
        pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=STEPS, order=st.randoms(use_true_random=False), lang=st.sampled_from(["en", "ja"]))
def test_the_log_made_version_by_version_is_the_log_made_whole(steps: list[str], order: Any, lang: str) -> None:
    app = _app()
    service = app.extensions["companion"]
    tid = app.test_client().post("/api/tables", json={"players": ["Ann", "Ben", "Cy"]}).get_json()["id"]
    snaps = [service.snapshot(tid)]
    for step in steps:
        _play(service, tid, step)
        snaps.append(service.snapshot(tid))
    asked = list(snaps)
    order.shuffle(asked)
    with app.test_request_context("/"):
        made: list[tuple[history.Log, list[dict[str, Any]]]] = []
        for snap in [*snaps, *asked]:  # in order (as the pages do), then again in any order (late requests)
            log = history_log(snap, lang)
            made.append((log, copy.deepcopy(log.rows)))
            whole = _whole(snap, lang)
            assert log.rows == whole.rows and log.shown == whole.shown and log.kept == whole.kept
            assert [r for r in log.rows if r["shown"]] == log.shown
            last = log.last_kept()
            standing = [r for r in log.rows if r["kind"] == "action" and not r["undone"]]
            assert last == (standing[-1] if standing else None)
    for log, rows in made:
        assert log.rows == rows, "a later version's log changed an earlier version's rows"
