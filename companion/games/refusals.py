"""Refusals: every game's, and the ones every game shares. A refusal is a typed exception with a stable
``code`` and a sentence in every language; the engine knows nothing of HTTP (``malformed`` tells the web
layer 400 from 422).

The sentence of a code is the entry ``err_<code>`` of a message catalog (docs/translating.md): a game's own
refusal class names its catalogs (``TEXTS``, which fall back to the frame's for the codes every game shares)
and the codes it raises (``CODES``, listed in docs/api.md); if its params need words first (a pile id "a"
shown as "A"), it overrides ``words``. A sentence with a count is a plural entry: ``COUNTS`` names, per code,
the param (of ``words``) whose number picks the form ("n" unless named).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from .texts import COMMON, Msg, Said, Texts, said

#: The codes every game may answer with; their sentences are the frame catalog's.
COMMON_CODES: tuple[str, ...] = ("bad_request", "nothing_to_undo", "game_over", "not_your_turn")


class RuleError(Said, Exception):
    """Base of every game's refusals. ``code`` is stable (documented in docs/api.md); ``params`` fill the
    sentence; ``message(lang)`` says it in a language (its catalog's ``err_<code>``; the code itself if no
    catalog has it).

    ``malformed`` tells the web layer which kind of refusal this is: the request makes no sense as an
    action (True: HTTP 400) or it is well formed and the rules forbid it (False: 422). The engine knows
    nothing of HTTP; the web layer maps the kinds to status codes."""

    TEXTS: ClassVar[Texts] = COMMON
    CODES: ClassVar[tuple[str, ...]] = ()
    COUNTS: ClassVar[Mapping[str, str]] = {}
    malformed: ClassVar[bool] = False

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def message(self, lang: str = "en") -> str:
        key = f"err_{self.code}"
        if key not in self.TEXTS:
            return self.code
        given = self.words(lang)
        n = None
        if self.TEXTS.is_plural(key):
            count = given.get(self.COUNTS.get(self.code, "n"))
            n = count if isinstance(count, int) and not isinstance(count, bool) else 2
        words = {name: said(value, lang) for name, value in given.items()}
        return self.TEXTS.template(key, lang, n).format_map(Fill(words))

    def say(self, lang: str) -> str:
        """A refusal is a sentence too: passed on (a game's refusal as the service's), it is said the same."""
        return self.message(lang)

    def words(self, lang: str) -> dict[str, Any]:
        """The params as the sentence shows them in ``lang``; a game turns its ids into words here (a param that
        is a :class:`Msg` is said in ``lang`` anyway)."""
        return self.params

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, **{self.params!r})"

    def __str__(self) -> str:
        return f"{self.code}: {self.message('en')}"


class Refusal(RuleError):
    """A generic rule refusal (422) for games that need no subclass of their own."""


class BadRequest(RuleError):
    """A request that is not an action at all (400): wrong types, unknown action type, bad tile string.
    ``detail`` says what is wrong, as a :class:`Msg` (``bad_request``: "The request is malformed: {detail}");
    a refusal with a code of its own (and its own sentence) needs none."""

    malformed = True

    def __init__(self, detail: Msg | None = None, code: str = "bad_request", **params: Any) -> None:
        super().__init__(code, **({"detail": detail} if detail is not None else {}), **params)


class Fill(dict[str, Any]):
    """Params for ``str.format_map``: a name that is missing shows as "?", any other placeholder as itself."""

    def __missing__(self, key: str) -> str:
        return "?" if key.endswith("_name") else "{" + key + "}"

