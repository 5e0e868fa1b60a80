"""The message catalogs (docs/translating.md): every language has every key, every message renders in every
language (plural entries with the counts 0, 1 and 2) with its placeholders filled, every key the code, the
templates and the scripts use exists (found with Babel's extractors), and no English sentence puts a number
before a countable noun without plural forms ("1 cards")."""

from __future__ import annotations

import ast
import importlib
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_javascript, extract_python
from babel.messages.pofile import read_po
from jinja2.ext import babel_extract

from companion.games.catalogs import SOURCE_LANG
from companion.games.texts import COMMON, FRAME_DOMAIN, FRAME_LOCALE, LANGUAGES, Texts
from companion.web.ui_text import JS_TEXT as FRAME_JS_TEXT

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "companion" / "games"
GAME_PACKAGES = sorted(p.parent.name for p in GAMES_DIR.glob("*/locale"))


def game_texts(package: str) -> Texts:
    """The package's own Texts (its catalogs, then the kit's or the frame's), as its pages use it."""
    module = importlib.import_module(f"companion.games.{package}.texts")
    found = [v for v in vars(module).values()
             if isinstance(v, Texts) and v.catalogs and next(iter(v.catalogs.values())).domain == package]
    assert len(found) == 1, package
    return found[0]


def domains() -> Iterator[tuple[str, Path, Texts]]:
    """(domain, locale folder, its Texts) for the frame and every game with catalogs."""
    yield FRAME_DOMAIN, FRAME_LOCALE, COMMON
    for package in GAME_PACKAGES:
        yield package, GAMES_DIR / package / "locale", game_texts(package)


DOMAINS = list(domains())
IDS = [d for d, _, _ in DOMAINS]


def test_the_languages_offered_are_the_frames_catalogs() -> None:
    assert set(LANGUAGES) == {p.parent.parent.name for p in FRAME_LOCALE.glob(f"*/LC_MESSAGES/{FRAME_DOMAIN}.po")}
    assert {"en", "ja"} <= set(LANGUAGES)
    # every game, and the Pairs deck's kit
    assert sorted(["cracker", "laminate", "long_seat", "pairs", "pyramid", "rummikub", "stapstap",
                   "the_pairs"]) == GAME_PACKAGES


# --- every key in every language ---------------------------------------------------------------------------


@pytest.mark.parametrize(("domain", "folder", "texts"), DOMAINS, ids=IDS)
def test_every_language_has_every_key_with_its_plural_forms(domain: str, folder: Path, texts: Texts) -> None:
    for lang in LANGUAGES:
        path = folder / lang / "LC_MESSAGES" / f"{domain}.po"
        assert path.is_file(), f"{path} is missing: every language the frame offers needs every catalog"
        with path.open("rb") as fileobj:
            catalog = read_po(fileobj)
        assert catalog.locale is not None and str(catalog.locale) == lang, (path, catalog.locale)
        assert catalog.plural_forms == type(catalog)(locale=lang).plural_forms, (
            f"{path}: its Plural-Forms header is not Babel's rule for {lang}")
        source = texts.catalogs[SOURCE_LANG].messages
        found = texts.catalogs[lang].messages
        assert set(found) == set(source), (lang, sorted(set(source) ^ set(found)))
        for message in catalog:
            if not message.id:
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            assert not message.fuzzy, (path, key)
            assert isinstance(message.id, tuple) == isinstance(source[key], tuple), (path, key, "plural or not")
            if isinstance(message.id, tuple):
                assert message.id[1] == key, (path, key, "msgid_plural repeats the key")
                assert len(message.string) == catalog.num_plurals, (path, key, message.string)


# --- every message renders ---------------------------------------------------------------------------------


def placeholders(text: str) -> set[str]:
    names = set()
    for _, field, spec, conversion in string.Formatter().parse(text):
        if field is None:
            continue
        assert field.isidentifier() and not spec and not conversion, (text, field)
        names.add(field)
    return names


def forms(entry: str | tuple[str, ...]) -> tuple[str, ...]:
    return entry if isinstance(entry, tuple) else (entry,)


LEFTOVER = re.compile(r"\{\w*\}")


def declared(folder: Path, domain: str) -> dict[str, set[str]]:
    """Placeholders a source entry's comment lists beyond its own ("#. Placeholders the code fills: {a_card},
    {card}, {p}": English says "a 7" where other languages say the number)."""
    with (folder / SOURCE_LANG / "LC_MESSAGES" / f"{domain}.po").open("rb") as fileobj:
        catalog = read_po(fileobj)
    out: dict[str, set[str]] = {}
    for message in catalog:
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        for comment in message.auto_comments:
            if comment.startswith("Placeholders the code fills:"):
                out[key] = set(re.findall(r"\{(\w+)\}", comment))
    return out


@pytest.mark.parametrize(("domain", "folder", "texts"), DOMAINS, ids=IDS)
def test_every_message_renders_in_every_language_with_counts_0_1_2(domain: str, folder: Path, texts: Texts) -> None:
    source = texts.catalogs[SOURCE_LANG].messages
    extra = declared(folder, domain)
    for key, english in source.items():
        wanted = set().union(*(placeholders(f) for f in forms(english))) | extra.get(key, set())
        params = {name: f"<{name}>" for name in wanted}
        for lang in LANGUAGES:
            said = forms(texts.catalogs[lang].messages[key])
            used = set().union(*(placeholders(f) for f in said))
            # a translation fills only what the code passes: the source's placeholders (and those its comment lists)
            assert used <= wanted | {"n"}, (domain, lang, key, used - wanted)
            if isinstance(english, tuple):
                for n in (0, 1, 2):
                    text = texts.tn(key, n, lang, **params)
                    assert text and not LEFTOVER.search(text), (domain, lang, key, n, text)
                    if "n" in used and "n" not in params:
                        assert str(n) in text, (domain, lang, key, n, text)
            else:
                text = texts.t(key, lang, **params) if params else texts.t(key, lang)
                assert not LEFTOVER.search(text), (domain, lang, key, text)
                assert text or not english, (domain, lang, key, "empty where the source says something")


def test_a_plural_entry_takes_the_form_of_its_count_in_each_language() -> None:
    assert COMMON.tn("history_all", 1, "en") == "Whole history (1 entry)"
    assert COMMON.tn("history_all", 2, "en") == "Whole history (2 entries)"
    assert COMMON.tn("history_all", 0, "en") == "Whole history (0 entries)"
    assert COMMON.tn("history_all", 1, "ja") == "すべての履歴（1件）"
    with pytest.raises(TypeError):
        COMMON.t("history_all", "en")  # a count is said with tn
    with pytest.raises(TypeError):
        COMMON.tn("undo", 2, "en")  # a sentence without a count is said with t
    with pytest.raises(KeyError):
        COMMON.t("no_such_key", "en")


# --- the plural-slip check ---------------------------------------------------------------------------------

# Placeholders that hold words (names, cards, a list…), never a bare count.
WORDS = {"name", "names", "p", "q", "me", "payer", "receiver", "doubter", "parent", "victim", "winner", "winners",
         "owner", "player_name", "active_name", "asked_name", "parent_name", "payer_name", "card", "cards", "a_card",
         "face", "tile", "tiles", "list", "paper", "what", "word", "pile", "top", "kind", "declared", "type", "game",
         "salt", "seal", "points", "count", "counts", "id", "papers", "deck", "rows", "left", "stay"}
ORDINAL = re.compile(r"(?:round|game|set|seat|card|row|pile|turn|place|paper|#)\s*$", re.IGNORECASE)  # "Round {r}"
NOT_NOUNS = {"is", "was", "has", "this", "its", "his", "does", "goes", "needs", "as", "us", "yes", "plus", "less",
             "lies", "fits"}
STOP = {"but", "and", "or", "so", "of", "to", "from", "in", "on", "at", "for", "with"}
IRREGULAR = {"dice", "people", "children", "men", "women"}
AFTER = re.compile(r"\{(\w+)\}\)?((?:\s+[a-z]+){1,3})")


def plural_slips(text: str) -> list[tuple[str, str]]:
    """(placeholder, noun) for each number placeholder followed, within three words, by a plural noun: "{n} cards",
    "{n} older entries". A heuristic: a name before a verb ("{p} passes"), an ordinal ("Round {r} scores") or a
    range ("{lo}–{hi} players", always plural… but a plural entry all the same) are told apart as above."""
    found = []
    for match in AFTER.finditer(text):
        name = match.group(1)
        if name in WORDS or ORDINAL.search(text[:match.start()]):
            continue
        for word in match.group(2).split():
            if word in STOP:
                break
            if word in IRREGULAR or (len(word) >= 3 and word.endswith("s") and not word.endswith("ss")
                                     and word not in NOT_NOUNS):
                found.append((name, word))
                break
    return found


def test_the_slip_check_finds_the_slips_the_issue_lists_and_not_verbs() -> None:
    for slip in ("Whole history ({n} entries)", "{n} tiles in {s} sets", "{h} rows · {n} cards",
                 "{n} cards in the deck", "{name}: {n} cards in hand", "{n} coins", "{n} dice", "{n} pts",
                 "{n} older entries are in the log", "The table says you hold {total} cards."):
        assert plural_slips(slip), slip
    for fine in ("{p} passes.", "Round {r} scores: {list}.", "{name} wins!", "{card} fits in {where}", "{n} left",
                 "Turn {n}", "{s} s left", "The hand is too small: it holds {hand} but this needs {need}."):
        assert not plural_slips(fine), fine


@pytest.mark.parametrize(("domain", "folder", "texts"), DOMAINS, ids=IDS)
def test_no_english_count_before_a_countable_noun_without_plural_forms(domain: str, folder: Path,
                                                                        texts: Texts) -> None:
    slips = {key: plural_slips(text) for key, text in texts.catalogs[SOURCE_LANG].messages.items()
             if isinstance(text, str) and plural_slips(text)}
    assert slips == {}, f"make these plural entries (msgid_plural) and say them with tn(key, n): {slips}"


# --- every key used exists ---------------------------------------------------------------------------------

def used_keys(path: Path) -> Iterator[tuple[str, str, int]]:
    """(function, key, line) of every t/tn call with a literal key in a Python file (Babel's extractor), a
    template (Jinja's extractor for Babel) or a script (Babel's). A key made at run time ("kind_" + kind) is not
    a literal: the render test above covers every entry all the same."""
    if path.suffix == ".py":
        extractor, keywords = extract_python, ["t", "tn", "_t", "msg", "msgn"]
    elif path.suffix == ".html":
        extractor, keywords = babel_extract, ["t", "tn"]
    else:
        extractor, keywords = extract_javascript, ["tx", "tn"]
    text = path.read_text(encoding="utf-8")
    with path.open("rb") as fileobj:
        for line, function, message, _ in extractor(fileobj, keywords, [], {}):
            key = message[0] if isinstance(message, tuple) else message
            literal = re.compile(rf"\b{function}\(\s*(['\"]){re.escape(key or '')}\1\s*[,)]")
            if key and literal.search(text):
                yield ("tn" if function in ("tn", "msgn") else "t"), key, line


def owner_of(path: Path) -> Texts:
    """The texts a file's calls look keys up in: its game's, or the frame's."""
    parts = path.relative_to(ROOT).parts
    if parts[:2] == ("companion", "games") and len(parts) > 3 and parts[2] in GAME_PACKAGES:
        return game_texts(parts[2])
    if parts[0] == "templates" and len(parts) > 2 and parts[1].replace("-", "_") in GAME_PACKAGES:
        return game_texts(parts[1].replace("-", "_"))
    game = script_game(path) if path.suffix == ".js" else None
    return game_texts(game.replace("-", "_")) if game else COMMON


def includers(path: Path) -> list[Texts]:
    """For a frame template a game's template includes (the assistant's switch): the texts of those games."""
    found = []
    for package in GAME_PACKAGES:
        folders = [ROOT / "templates" / package.replace("_", "-"), GAMES_DIR / package / "templates"]
        if any(path.name in f.read_text(encoding="utf-8") for d in folders if d.is_dir() for f in d.rglob("*.html")):
            found.append(game_texts(package))
    return found


def sources() -> list[Path]:
    found = [p for p in (ROOT / "companion").rglob("*.py") if "/tests/" not in str(p)]
    found += list((ROOT / "templates").rglob("*.html")) + list(GAMES_DIR.glob("*/templates/**/*.html"))
    found += list((ROOT / "static" / "js").rglob("*.js")) + list(GAMES_DIR.glob("*/static/*.js"))
    return sorted(p for p in found if not p.name.endswith(".min.js"))


def test_every_key_the_code_templates_and_scripts_use_exists_in_every_language() -> None:
    missing, wrong_kind, checked = [], [], 0
    for path in sources():
        for function, key, line in used_keys(path):
            checked += 1
            where = f"{path.relative_to(ROOT)}:{line}"
            texts = owner_of(path)
            if key not in texts and texts is COMMON and path.suffix == ".html":
                shared = includers(path)  # a partial the games' pages include: each of them says the key
                texts = next((t for t in shared if key not in t), shared[0]) if shared else texts
            if key not in texts:
                missing.append((where, key))
                continue
            level = texts.owner(key)
            assert level is not None
            for lang in LANGUAGES:
                if key not in level.catalogs[lang].messages:
                    missing.append((where, f"{key} ({lang})"))
            if function == "tn" and not texts.is_plural(key):
                wrong_kind.append((where, key, "tn on a sentence without plural forms"))
            elif function == "t" and texts.is_plural(key):
                wrong_kind.append((where, key, "a plural entry said with t: use tn"))
    assert checked > 500  # the extractors found the calls
    assert missing == [] and wrong_kind == [], (missing, wrong_kind)


def script_game(path: Path) -> str | None:
    """The game whose page loads a script (its package's static/, or static/js/games/<game>*.js); None: the frame."""
    parts = path.relative_to(ROOT).parts
    if parts[:2] == ("companion", "games"):
        return parts[2].replace("_", "-")
    if parts[:3] == ("static", "js", "games"):
        return next(g.replace("_", "-") for g in GAME_PACKAGES if path.stem.startswith(g.replace("_", "-")))
    return None


def test_every_text_the_scripts_read_is_listed_for_their_page_and_in_the_catalogs() -> None:
    from companion import games
    from companion.web.pages.frame import game_ui

    listed: dict[str | None, set[str]] = {None: set(FRAME_JS_TEXT)}
    for game in games.all_games():
        ui = game_ui(game)
        if ui is not None:
            assert all(key in ui.texts for key in ui.js_text), game.id
            listed[game.id] = set(ui.js_text) | set(FRAME_JS_TEXT)
    problems, checked = [], 0
    for path in sources():
        if path.suffix != ".js":
            continue
        game_id = script_game(path)
        texts = owner_of(path)
        for function, key, line in used_keys(path):
            checked += 1
            where = f"{path.relative_to(ROOT)}:{line}"
            if key not in listed[game_id]:
                problems.append((where, key, "not in the page's js_text: the script would show the key itself"))
            elif function == "tn" and not texts.is_plural(key):
                problems.append((where, key, "tn on a sentence without plural forms"))
            elif function == "t" and texts.is_plural(key):
                problems.append((where, key, "a plural entry said with tx: use tn"))
    assert checked > 100
    assert problems == []


# --- no sentence pairs left in the code --------------------------------------------------------------------

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]")


def _string(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return ast.unparse(node) if isinstance(node, ast.JoinedStr) else None


def english_japanese_pairs(source: str) -> list[tuple[int, str]]:
    """(line, English) of every English text written next to a Japanese one: a 2-tuple ``("…", "…")``, or two
    arguments in a row (``BadRequest("…", detail_ja="…")``) — the way texts were written before the catalogs."""
    found = []
    for node in ast.walk(ast.parse(source)):
        seq: list[ast.expr] = []
        if isinstance(node, ast.Tuple):
            seq = list(node.elts)
        elif isinstance(node, ast.Call):
            seq = [*node.args, *(k.value for k in node.keywords)]
        for first, second in zip(seq, seq[1:]):
            en, ja = _string(first), _string(second)
            if en is not None and ja is not None and JAPANESE.search(ja) and not JAPANESE.search(en):
                found.append((node.lineno, en))
    return sorted(found)


def test_the_pair_finder_finds_pairs() -> None:
    assert sorted(english_japanese_pairs('X = {"k": ("Turn", "手番")}\nraise E("bad", detail_ja="だめ")')) == [
        (1, "Turn"), (2, "bad")]
    assert english_japanese_pairs('SPLIT = re.compile(r"[\\s,、]+")\nt("key", "ja")') == []


def test_no_english_japanese_pair_is_left_in_the_code() -> None:
    """Every user-facing text is a catalog's: none written in the code as an (English, Japanese) pair."""
    left = [f"{path.relative_to(ROOT)}:{line}: {en[:60]!r}" for path in sorted((ROOT / "companion").rglob("*.py"))
            if "tests" not in path.relative_to(ROOT).parts
            for line, en in english_japanese_pairs(path.read_text(encoding="utf-8"))]
    assert left == [], "texts written as (English, Japanese) pairs; move them to the catalogs:\n" + "\n".join(left)
