"""A third language, added the way docs/translating.md says, with no code: a copy of the app in a temporary
folder, ``python -m companion.translate new pl`` run in it (one catalog per domain, every entry the English,
fuzzy), a few entries translated — Polish, whose plural rule has three forms — and the app started on that copy.
Polish is offered (the switch, Accept-Language, ``?lang=``), the translated entries are used with the right
plural form, an untranslated one falls back to English, and the JSON API answers a refusal in Polish while
keeping ``message_en`` and ``message_ja``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

pytestmark = pytest.mark.slow  # a copy of the app and three interpreters: seconds, not milliseconds

ROOT = Path(__file__).resolve().parent.parent

POLISH = {
    "frame": {
        "language_name": "Polski",
        "create": "Zacznij stół",
        "history_all": ("Cała historia ({n} wpis)", "Cała historia ({n} wpisy)", "Cała historia ({n} wpisów)"),
        "err_bad_request": "Żądanie jest niepoprawne: {detail}",
        "req_body_json": "treść nie jest poprawnym JSON-em",
    },
    "long_seat": {
        "game_name": "Długa ławka",
        "h_lay": "{p} odkrywa {card}.",
    },
}

RUN = textwrap.dedent('''
    import json, sys, tempfile
    from companion.games.texts import COMMON, LANGUAGES
    from companion.web import create_app

    app = create_app(tempfile.mkdtemp() + "/t.db", secret_key="x")
    client = app.test_client()
    out = {"languages": list(LANGUAGES),
           "plural": [COMMON.tn("history_all", n, "pl") for n in (1, 2, 5, 22)]}
    home = client.get("/", headers={"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.5"}).get_data(as_text=True)
    out["home_lang"] = "lang=\\"pl\\"" in home
    out["home_create"] = "Zacznij stół" in home
    out["home_untranslated_english"] = "Which game?" in home  # game_legend: still fuzzy, so English
    out["switch_offers_polish"] = "Polski" in client.get("/?lang=en").get_data(as_text=True)
    games = client.get("/api/games").get_json()["games"]
    out["game_names"] = next(g["name"] for g in games if g["id"] == "long-seat")
    tid = client.post("/api/tables", json={"game": "long-seat", "players": ["Ann", "Bo"]}).get_json()["id"]
    client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "lay", "card": 3}})
    page = client.get(f"/t/{tid}?lang=pl").get_data(as_text=True)
    out["history_line"] = "Ann odkrywa 3." in page
    out["history_count"] = "Cała historia (1 wpis)" in page
    bad = client.post(f"/api/tables/{tid}/actions", data="{", content_type="application/json",
                      headers={"Accept-Language": "pl"})
    out["refusal"] = bad.get_json()
    print(json.dumps(out))
''')


def copy_of_the_app(target: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "tests", "*.pyc")
    for part in ("companion", "templates", "static"):
        shutil.copytree(ROOT / part, target / part, ignore=ignore)
    return target


def translate(po: Path, entries: dict[str, str | tuple[str, ...]]) -> None:
    """What a translator does in their editor: the text in, the fuzzy flag out."""
    with po.open("rb") as fileobj:
        catalog = read_po(fileobj)
    for key, said in entries.items():
        message = next(m for m in catalog if m.id and (m.id if isinstance(m.id, str) else m.id[0]) == key)
        message.string = said
        message.flags.discard("fuzzy")
    with po.open("wb") as fileobj:
        write_po(fileobj, catalog, width=0)


def test_a_third_language_is_offered_and_used_without_code_changes(tmp_path: Path) -> None:
    app = copy_of_the_app(tmp_path / "app")
    env = {**os.environ, "PYTHONPATH": str(app), "PYTHONDONTWRITEBYTECODE": "1"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, *args], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=300)

    made = run("-m", "companion.translate", "new", "pl")
    assert made.returncode == 0, made.stderr[-2000:]
    frame = app / "companion" / "locale" / "pl" / "LC_MESSAGES" / "frame.po"
    game = app / "companion" / "games" / "long_seat" / "locale" / "pl" / "LC_MESSAGES" / "long_seat.po"
    assert frame.is_file() and game.is_file()
    assert "nplurals=3" in frame.read_text(encoding="utf-8")  # Polish: one, few, many
    translate(frame, POLISH["frame"])
    translate(game, POLISH["long_seat"])

    checked = run("-m", "companion.translate", "check", "pl")
    assert checked.returncode == 0, checked.stdout[-2000:]  # only entries left to translate: nothing to fix
    assert "frame [pl]:" in checked.stdout and "to translate" in checked.stdout

    done = run("-c", RUN)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["languages"] == ["en", "ja", "pl"]
    assert out["plural"] == ["Cała historia (1 wpis)", "Cała historia (2 wpisy)", "Cała historia (5 wpisów)",
                             "Cała historia (22 wpisy)"]
    assert out["home_lang"] and out["home_create"] and out["home_untranslated_english"]
    assert out["switch_offers_polish"]
    assert out["game_names"] == {"en": "Long Seat", "ja": "ロングシート", "pl": "Długa ławka"}
    assert out["history_line"] and out["history_count"]
    refusal = out["refusal"]
    assert refusal["error"] == "bad_request"
    assert refusal["message"] == "Żądanie jest niepoprawne: treść nie jest poprawnym JSON-em"
    assert refusal["message_en"] == "The request is malformed: the body is not valid JSON"
    assert refusal["message_ja"].startswith("リクエストの形式が正しくありません")
