"""Refusals that are not rules: an unknown table (404), a read-only id used to write (403), bad input (400),
a table that moved on (409 ``stale``). The service and the seat claims raise them; the web layer answers
them in the documented JSON shape or as a page. Below both, so neither has to import the other for them.
Their sentences are the frame catalog's (docs/translating.md)."""

from __future__ import annotations

from .games.texts import COMMON, Said


class ServiceError(Exception):
    """A refusal that is not a rule: unknown table (404), read-only id (403), bad input (400). ``words`` is
    its sentence (a catalog's :class:`Msg`, or a game's refusal passed on), said in whichever language the answer
    needs (``message``)."""

    def __init__(self, status: int, code: str, words: Said) -> None:
        super().__init__(words.say("en"))
        self.status, self.code, self.words = status, code, words

    def message(self, lang: str = "en") -> str:
        return self.words.say(lang)


class Stale(ServiceError):
    def __init__(self, current: int) -> None:
        super().__init__(409, "stale", COMMON.msg("svc_stale", current=current))
        self.current = current
