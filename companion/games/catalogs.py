"""Message catalogs: the .po files every sentence of the app comes from (docs/translating.md).

A catalog is one language of one *domain*: ``<folder>/<lang>/LC_MESSAGES/<domain>.po``. The frame's domain lives in
``companion/locale``, each game's in its own package (``companion/games/<game>/locale``), so a game stays one folder.
Message ids are symbolic keys (``history_all``); ``en.po`` holds the English (the source), ``ja.po`` the Japanese,
and any other ``<lang>.po`` found is one more language. A plural entry has ``msgid_plural`` and one ``msgstr[i]``
per plural form of its language (its ``Plural-Forms`` header: English two, Japanese one).

Catalogs are read once, at start-up, straight from the .po files (no build step), with Babel: ``read_po`` parses a
file, and ``write_mo`` turns it in memory into what the standard library's ``gettext.GNUTranslations`` reads, which
picks a plural form by the catalog's own rule. Pure: files in, strings out; no Flask.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

SOURCE_LANG = "en"  # the source catalog: every key exists here; a language lacking a key falls back to it

Entry = str | tuple[str, ...]  # a message, or a plural entry's forms (msgstr[0], msgstr[1], …)


@dataclass(frozen=True)
class Catalog:
    """One language of one domain: its messages by key, and its plural rule."""

    lang: str
    domain: str
    messages: Mapping[str, Entry]
    translations: gettext.GNUTranslations  # the catalog compiled in memory: ngettext() applies its plural rule

    def plural(self, key: str, n: int) -> str:
        """The form of the plural entry ``key`` for the number ``n``, by this language's rule."""
        return self.translations.ngettext(key, key, n)


def read_catalog(path: Path, lang: str) -> Catalog:
    """A .po file as a :class:`Catalog`. Entries left empty or marked fuzzy are not translations yet: they are left
    out, so that the key falls back to the source language (whose empty entries are meant: nothing to say)."""
    with path.open("rb") as fileobj:
        catalog = read_po(fileobj, locale=_known_locale(lang), domain=path.stem)
    messages: dict[str, Entry] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        source = lang == SOURCE_LANG
        if isinstance(message.string, str):
            if source or message.string:
                messages[key] = message.string
        elif message.string is not None and (source or all(message.string)):
            messages[key] = tuple(message.string)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Catalog(lang, path.stem, messages, gettext.GNUTranslations(compiled))


def read_domain(folder: Path, domain: str) -> dict[str, Catalog]:
    """Every language of ``domain`` under ``folder`` (``<lang>/LC_MESSAGES/<domain>.po``), by language code."""
    return {po.parent.parent.name: read_catalog(po, po.parent.parent.name)
            for po in sorted(folder.glob(f"*/LC_MESSAGES/{domain}.po"))}


def _known_locale(lang: str) -> str | None:
    """The language as Babel knows it (its plural rule when a file has no Plural-Forms header), or None."""
    try:
        Locale.parse(lang)
    except (ValueError, UnknownLocaleError):
        return None
    return lang


def plural_categories(lang: str) -> dict[str, int]:
    """For the scripts: a sample count of each CLDR plural category of ``lang`` ("one": 1, "other": 0, …). A script
    asks the browser's ``Intl.PluralRules`` for the category of a number and shows the form the catalog gives for
    that category's sample (the catalog's own rule chose it). An unknown language: "other" only."""
    try:
        rule = Locale.parse(lang).plural_form
    except (ValueError, UnknownLocaleError):
        return {"other": 2}
    samples: dict[str, int] = {}
    for n in range(0, 1000):
        samples.setdefault(rule(n), n)
    return samples
