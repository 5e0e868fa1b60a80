"""The translator's tool (docs/translating.md): ``python -m companion.translate``.

``list``           every catalog domain (the frame's, each game's and kit's) and where its files are
``new LANG``       start a language: one ``LANG.po`` per domain, each entry the English to translate (marked
                   fuzzy: not used until a translator has looked at it), with the language's plural rule
``check [LANG…]``  what is still to do in each language, and what is wrong: a key missing, an entry untranslated
                   or fuzzy, a placeholder the code does not fill, a plural entry with the wrong number of forms

Nothing here runs in the app: it reads and writes the same .po files the app reads at start-up
(``companion.games.catalogs``), with Babel.
"""

from __future__ import annotations

import argparse
import importlib.util
import string
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from .games.catalogs import SOURCE_LANG
from .games.texts import FRAME_DOMAIN, FRAME_LOCALE

GAMES_DIR = Path(__file__).resolve().parent / "games"


@dataclass(frozen=True)
class Domain:
    name: str
    folder: Path  # holds <lang>/LC_MESSAGES/<name>.po

    def path(self, lang: str) -> Path:
        return self.folder / lang / "LC_MESSAGES" / f"{self.name}.po"

    def languages(self) -> list[str]:
        return sorted(p.parent.parent.name for p in self.folder.glob(f"*/LC_MESSAGES/{self.name}.po"))


def domains() -> list[Domain]:
    """The frame's domain, then every game's and kit's: the packages in companion/games and those of the games
    the registry offers (a game installed as its own distribution brings its own locale folder)."""
    found = {FRAME_DOMAIN: Domain(FRAME_DOMAIN, FRAME_LOCALE)}
    folders = [p.parent for p in sorted(GAMES_DIR.glob("*/locale"))]
    from . import games

    for game in games.all_games():
        for package in (*((game.package,) if game.package else ()), *game.kits):
            spec = importlib.util.find_spec(package)
            if spec is not None and spec.submodule_search_locations:
                folders.append(Path(next(iter(spec.submodule_search_locations))))
    for folder in folders:
        name = folder.name
        if name not in found and (folder / "locale" / SOURCE_LANG / "LC_MESSAGES" / f"{name}.po").is_file():
            found[name] = Domain(name, folder / "locale")
    return list(found.values())


def read(path: Path) -> Catalog:
    with path.open("rb") as fileobj:
        return read_po(fileobj)


def key_of(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def forms(message: Message) -> tuple[str, ...]:
    if isinstance(message.string, str):
        return (message.string,)
    return tuple(message.string or ())


def placeholders(text: str) -> set[str]:
    try:
        return {field for _, field, _, _ in string.Formatter().parse(text) if field}
    except ValueError:  # an unbalanced brace: reported as such
        return {"{?"}


def plural_forms(lang: str) -> str:
    """The Plural-Forms header of ``lang`` (CLDR's rule, as Babel knows it)."""
    return Catalog(locale=lang).plural_forms


# --- new ------------------------------------------------------------------------------------------------------

def new_language(lang: str, *, overwrite: bool = False) -> list[Path]:
    """One catalog per domain for ``lang``, from the English: every entry fuzzy (the app uses English for it until
    the translator has translated it and removed the flag), the English kept as a comment."""
    try:
        locale = Locale.parse(lang)
    except (ValueError, UnknownLocaleError):
        raise SystemExit(f"{lang!r} is no language code Babel knows (try e.g. fr, de, pt_BR, zh_Hant)") from None
    written = []
    for domain in domains():
        target = domain.path(lang)
        if target.exists() and not overwrite:
            print(f"kept {target} (it exists)")
            continue
        source = read(domain.path(SOURCE_LANG))
        catalog = Catalog(locale=locale, domain=domain.name)
        for message in source:
            if not message.id:
                continue
            english = forms(message)
            comments = [*message.auto_comments, *(f"English: {form}" for form in english)]
            string_: str | tuple[str, ...] = (english[-1] if message.pluralizable else english[0])
            if message.pluralizable:
                string_ = tuple(english[min(i, len(english) - 1)] for i in range(catalog.num_plurals))
            catalog.add(message.id, string_, auto_comments=comments, flags=("fuzzy",))
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as fileobj:
            write_po(fileobj, catalog, width=0, omit_header=False)
        written.append(target)
        print(f"wrote {target} ({len(catalog)} entries to translate)")
    return written


# --- check ----------------------------------------------------------------------------------------------------

def problems(domain: Domain, lang: str) -> Iterator[tuple[str, str]]:
    """(kind, text) for each thing to do or to fix in ``lang``'s catalog of ``domain``."""
    path = domain.path(lang)
    if not path.is_file():
        yield "missing file", str(path)
        return
    source = {key_of(m): m for m in read(domain.path(SOURCE_LANG)) if m.id}
    catalog = read(path)
    if catalog.plural_forms != plural_forms(lang):
        yield "header", f"Plural-Forms is {catalog.plural_forms!r}; {lang} has {plural_forms(lang)!r}"
    found = {key_of(m): m for m in catalog if m.id}
    for key in sorted(set(source) - set(found)):
        yield "to translate", f"{key}: not in the file"
    for key in sorted(set(found) - set(source)):
        yield "unknown key", f"{key}: English has no such entry (a leftover?)"
    for key, message in found.items():
        english = source.get(key)
        if english is None:
            continue
        if message.fuzzy or not all(forms(message)):
            yield "to translate", f"{key}: {'fuzzy' if message.fuzzy else 'empty'}"
            continue
        if english.pluralizable != message.pluralizable:
            yield "plural", f"{key}: English {'is' if english.pluralizable else 'is not'} a plural entry"
            continue
        if message.pluralizable and len(forms(message)) != catalog.num_plurals:
            yield "plural", f"{key}: {len(forms(message))} forms; {lang} has {catalog.num_plurals}"
        allowed = set().union(*(placeholders(f) for f in forms(english)))
        allowed |= {name for c in english.auto_comments if c.startswith("Placeholders the code fills:")
                    for name in placeholders(c.split(":", 1)[1])}
        used = set().union(*(placeholders(f) for f in forms(message)))
        if used - allowed - {"n"}:
            yield "placeholder", f"{key}: {sorted(used - allowed - {'n'})} is not filled by the code"


def check(langs: list[str]) -> int:
    bad = 0
    for domain in domains():
        for lang in langs or [lang for lang in domain.languages() if lang != SOURCE_LANG]:
            found = list(problems(domain, lang))
            todo = sum(kind == "to translate" for kind, _ in found)
            errors = [(kind, text) for kind, text in found if kind != "to translate"]
            state = "complete" if not found else f"{todo} to translate, {len(errors)} to fix"
            print(f"{domain.name} [{lang}]: {state}")
            for kind, text in found:
                print(f"    {kind}: {text}")
            bad += len(errors)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.translate", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="every catalog domain and its languages")
    new = sub.add_parser("new", help="start a language: one catalog per domain, from the English")
    new.add_argument("lang")
    new.add_argument("--overwrite", action="store_true", help="replace files that exist")
    checked = sub.add_parser("check", help="what is left to translate or to fix")
    checked.add_argument("langs", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "list":
        for domain in domains():
            print(f"{domain.name}: {domain.folder} ({', '.join(domain.languages())})")
        return 0
    if args.command == "new":
        new_language(args.lang, overwrite=args.overwrite)
        return 0
    return check(args.langs)


if __name__ == "__main__":
    sys.exit(main())
