"""The documents cover the game: docs/api.md's すたっぷすたっぷ section names every action type and every refusal
code, docs/rules-stapstap.md has every rule the code and tests cite, and each refusal code has a sentence in both
languages."""

from __future__ import annotations

import re
from pathlib import Path

from companion.games.stapstap import GAME, StapError

ROOT = Path(__file__).resolve().parents[4]
HERE = Path(__file__).resolve().parent
ERROR_CODES = GAME.codes


def _section() -> str:
    text = (ROOT / "docs/api.md").read_text(encoding="utf-8")
    start = text.index("## Stap-stap over the JSON API")
    end = text.find("\n## ", start + 5)
    return text[start:end if end > 0 else None]


def test_api_md_names_every_action_and_code():
    section = _section()
    assert GAME.actions is not None
    for kind in GAME.actions.kinds:
        assert f"`{kind}`" in section, kind
    for code in ERROR_CODES:
        if code in ("bad_request",):
            continue
        assert f"`{code}`" in section, code


def test_every_cited_rule_exists():
    rules = (ROOT / "docs/rules-stapstap.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"\*\*(ST\d+[a-z①②③]?)", rules))
    cited = set()
    for path in [*HERE.parent.glob("*.py"), *HERE.glob("*.py")]:
        cited |= set(re.findall(r"\bST(\d+)", path.read_text(encoding="utf-8")))
    numbers = {re.match(r"ST(\d+)", d).group(1) for d in defined}
    assert cited <= numbers, cited - numbers
    assert {str(n) for n in range(1, 17)} <= numbers


def test_every_code_speaks_both_languages():
    for code in ERROR_CODES:
        if code == "bad_request":
            continue
        err = StapError(code, player_name="Aki", parent_name="Ben", asked_name="Cho", payer_name="Dai",
                        card=3, count=4, expected="start", what="die")
        en, ja = err.message("en"), err.message("ja")  # its sentence in the game's catalogs (err_<code>)
        assert en and ja and en != ja and en != code, code
        assert "{" not in err.message("en") and "{" not in err.message("ja"), code
