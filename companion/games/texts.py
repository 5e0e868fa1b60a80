"""The small machinery that looks a sentence up, and the words every game's pages share (whose turn, undo,
history, game over). Pure: no Flask.

Every sentence comes from a message catalog (``companion.games.catalogs``; docs/translating.md): the frame's
(``companion/locale``: the pages' frame, the plays pages and the words every game shares) and each game's own
(``companion/games/<game>/locale``). A game's :class:`Texts` looks a key up in its own catalogs first, then in
the frame's. The languages offered are the languages the frame has a catalog for."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.core import Locale, UnknownLocaleError

from .catalogs import SOURCE_LANG, Catalog, Entry, plural_categories, read_domain

FRAME_LOCALE = Path(__file__).resolve().parent.parent / "locale"  # companion/locale
FRAME_DOMAIN = "frame"


class Texts:
    """Sentences by key, in every language a catalog was found for: looked up in ``catalogs`` (language ->
    :class:`Catalog`) first and then in ``parents``. A key belongs to the first level whose source (English)
    catalog has it; in another language that level's translation is used, or its English if it has none yet."""

    def __init__(self, catalogs: Mapping[str, Catalog], *parents: Texts) -> None:
        self.catalogs = dict(catalogs)
        self.parents = parents
        source = self.catalogs.get(SOURCE_LANG)
        self.own: Mapping[str, Entry] = source.messages if source is not None else {}
        self._owner: dict[str, Texts | None] = {}  # a page looks up ~500 keys: each walk once

    @classmethod
    def load(cls, folder: Path, domain: str, *parents: Texts) -> Texts:
        """The catalogs of ``domain`` under ``folder`` (``<lang>/LC_MESSAGES/<domain>.po``)."""
        return cls(read_domain(folder, domain), *parents)

    def owner(self, key: str) -> Texts | None:
        """The level of the chain that says ``key``."""
        try:
            return self._owner[key]
        except KeyError:
            pass
        found: Texts | None = self if key in self.own else None
        if found is None:
            for parent in self.parents:
                found = parent.owner(key)
                if found is not None:
                    break
        if len(self._owner) < 8192:  # keys come from the code, not from requests: bounded anyway
            self._owner[key] = found
        return found

    def __contains__(self, key: str) -> bool:
        return self.owner(key) is not None

    def _catalog(self, key: str, lang: str) -> Catalog:
        level = self.owner(key)
        if level is None:
            raise KeyError(key)
        catalog = level.catalogs.get(lang)
        if catalog is None or key not in catalog.messages:
            catalog = level.catalogs[SOURCE_LANG]
        return catalog

    def is_plural(self, key: str) -> bool:
        return isinstance(self._catalog(key, SOURCE_LANG).messages[key], tuple)

    def t(self, key: str, lang: str, /, **params: Any) -> str:
        """The sentence ``key`` in ``lang``, its ``{name}`` placeholders filled from ``params``."""
        template = self._catalog(key, lang).messages[key]
        if isinstance(template, tuple):
            raise TypeError(f"text {key!r} has plural forms: say it with tn(key, n, …)")
        return template.format(**params) if params else template

    def tn(self, key: str, n: int, lang: str, /, **params: Any) -> str:
        """The plural entry ``key`` in ``lang`` in its form for the number ``n`` (the language's plural rule), its
        placeholders filled from ``params`` and ``{n}`` from ``n`` unless ``params`` names it (the count may be another
        number of the sentence: "{n} of {total} cards" follows ``total``)."""
        catalog = self._catalog(key, lang)
        if not isinstance(catalog.messages[key], tuple):
            raise TypeError(f"text {key!r} has no plural forms: say it with t(key, …)")
        return catalog.plural(key, n).format(**{"n": n, **params})

    def template(self, key: str, lang: str, n: int | None = None) -> str:
        """The sentence ``key`` in ``lang`` with its placeholders unfilled; for a plural entry, its form for ``n``."""
        catalog = self._catalog(key, lang)
        entry = catalog.messages[key]
        if isinstance(entry, tuple):
            return catalog.plural(key, 1 if n is None else n)
        return entry

    def msg(self, key: str, /, **params: Any) -> Msg:
        """The sentence ``key`` as a :class:`Msg`: said later, in whichever language is asked for."""
        return Msg(self, key, params)

    def msgn(self, key: str, n: int, /, **params: Any) -> Msg:
        """The plural entry ``key`` for the number ``n`` as a :class:`Msg`."""
        return Msg(self, key, params, n)

    def forms(self, key: str, lang: str) -> dict[str, str]:
        """For the scripts: a plural entry's form for each plural category of ``lang`` ("one", "other", …)."""
        catalog = self._catalog(key, lang)
        return {category: catalog.plural(key, sample) for category, sample in plural_categories(catalog.lang).items()}


class Said:
    """Something to be said in the reader's language, once it is known (``say``): a :class:`Msg`, a
    :class:`Listed`. A parameter of a Msg may be one: it is said in the sentence's language."""

    def say(self, lang: str) -> str:
        raise NotImplementedError


class Listed(Said):
    """Words listed the language's way: joined by the catalog entry ``sep`` (``list_sep``: ", " / "、"), the last
    two by ``last`` if given (" or " / "・"), each put into the entry ``each`` first if given (``quoted``:
    “{word}” / 「{word}」); the entries are looked up in ``texts`` (the frame's unless given). Words are data
    (numbers, names, codes): they are never looked up."""

    def __init__(self, words: Sequence[Any], *, sep: str = "list_sep", last: str | None = None,
                 each: str | None = None, join: str | None = None, texts: Texts | None = None) -> None:
        self.words, self.sep, self.last, self.each, self.join = tuple(words), sep, last, each, join
        self.texts = texts

    def say(self, lang: str) -> str:
        texts = self.texts or COMMON
        items = [texts.t(self.each, lang, word=w) if self.each else str(w) for w in self.words]
        if self.join is not None:  # "{a}, {b}": a language may join with nothing at all ("{a}{b}")
            return joined(items, lang, self.join, texts)
        if self.last is not None and len(items) > 1:
            return texts.t(self.sep, lang).join(items[:-1]) + texts.t(self.last, lang) + items[-1]
        return texts.t(self.sep, lang).join(items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Listed):
            return NotImplemented
        return (self.words, self.sep, self.last, self.each) == (other.words, other.sep, other.last, other.each)

    def __hash__(self) -> int:
        return hash(self.words)

    def __repr__(self) -> str:
        return f"Listed({list(self.words)!r})"


@dataclass(frozen=True, eq=False)
class Msg(Said):
    """A sentence not said yet: a catalog key, its parameters and, for a plural entry, its count. Code that does
    not know the reader's language (an engine's refusal, a game's option label, a field's "a card number") hands
    one on; whoever knows the language says it (``say``). A parameter may be a Msg itself, said in the same
    language ("“{key}” must be {expects}")."""

    texts: Texts
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    n: int | None = None

    def say(self, lang: str) -> str:
        params = {name: said(value, lang) for name, value in self.params.items()}
        if self.n is None:
            return self.texts.t(self.key, lang, **params)
        return self.texts.tn(self.key, self.n, lang, **params)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Msg):
            return NotImplemented
        same = (self.key, self.n, dict(self.params)) == (other.key, other.n, dict(other.params))
        return same and self.texts.owner(self.key) is other.texts.owner(other.key)

    def __hash__(self) -> int:
        return hash((self.key, self.n))

    def __repr__(self) -> str:
        count = "" if self.n is None else f", n={self.n}"
        return f"Msg({self.key!r}{count}, {dict(self.params)!r})"


def said(value: Any, lang: str) -> Any:
    """A parameter as it goes into a sentence in ``lang``: a :class:`Said` said, anything else as it is."""
    return value.say(lang) if isinstance(value, Said) else value


COMMON = Texts.load(FRAME_LOCALE, FRAME_DOMAIN)
"""The frame's catalogs: the pages' frame, the plays pages, and the words every game's pages share."""

LANGUAGES: tuple[str, ...] = tuple(sorted(COMMON.catalogs))
"""The languages offered: one for each catalog of the frame found (today en and ja)."""


def joined(parts: Sequence[str], lang: str, entry: str = "sentences", texts: Texts | None = None) -> str:
    """Parts joined two by two with the catalog entry ``entry`` ("{a} {b}": sentences of one history line, with
    a space in English and none in Japanese). An entry, not a separator: a translation may join with nothing,
    and an empty translation would mean "not translated yet"."""
    texts = texts or COMMON
    out = ""
    for part in parts:
        out = part if not out else texts.t(entry, lang, a=out, b=part)
    return out


def ordinal(n: int, lang: str) -> str:
    """``n`` as an ordinal ("2nd"; "2" in Japanese, whose sentence says 段目 itself): the frame catalog's
    ``ordinal_<category>`` for the CLDR ordinal category of ``n`` in ``lang`` (English: one, two, few, other),
    ``ordinal_other`` for a category the catalog does not give."""
    try:
        category = Locale.parse(lang).ordinal_form(n)
    except (ValueError, UnknownLocaleError):
        category = "other"
    key = f"ordinal_{category}"
    return COMMON.t(key if key in COMMON else "ordinal_other", lang, n=n)


def language_name(lang: str) -> str:
    """A language's name in that language ("English", "日本語"): its frame catalog says it."""
    return COMMON.t("language_name", lang)


def join_names(names: list[str], lang: str) -> str:
    """'A', 'A and B', 'A, B and C' / 'A', 'AさんとB', 'Aさん、BさんとC' (the caller adds the last さん). The
    patterns are the language's (the frame catalog's ``names_*``: start, middle and end of a longer list, and two)."""
    if len(names) <= 1:
        return "".join(names)
    if len(names) == 2:
        return COMMON.t("names_two", lang, a=names[0], b=names[1])
    joined = COMMON.t("names_end", lang, a=names[-2], b=names[-1])
    for name in reversed(names[1:-2]):
        joined = COMMON.t("names_middle", lang, a=name, b=joined)
    return COMMON.t("names_start", lang, a=names[0], b=joined)
