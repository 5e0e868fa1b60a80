"""Refusals: every game's, and the ones every game shares. A refusal is a typed exception with a stable
``code`` and a sentence in English and Japanese; the engine knows nothing of HTTP (``malformed`` tells the web
layer 400 from 422).

A game's own refusal class names its sentences (``MESSAGES``: code -> (en, ja) templates with ``{param}``
placeholders) and, if its params need words first (a pile id "a" shown as "A"), overrides ``words``.
"""

from __future__ import annotations

from typing import Any, ClassVar


class RuleError(Exception):
    """Base of every game's refusals. ``code`` is stable (documented in docs/api.md); ``params`` fill the
    sentence; ``message(lang)`` says it in Japanese or English. A subclass supplies ``MESSAGES``
    (code -> (en, ja) templates with ``{param}`` placeholders) or overrides ``message``.

    ``malformed`` tells the web layer which kind of refusal this is: the request makes no sense as an
    action (True: HTTP 400) or it is well formed and the rules forbid it (False: 422). The engine knows
    nothing of HTTP; the web layer maps the kinds to status codes."""

    MESSAGES: ClassVar[dict[str, tuple[str, str]]] = {}
    malformed: ClassVar[bool] = False

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def message(self, lang: str = "en") -> str:
        pair = self.MESSAGES.get(self.code) or COMMON_MESSAGES.get(self.code)
        if pair is None:
            return self.code
        template = pair[1] if lang == "ja" else pair[0]
        return template.format_map(Fill(self.words(lang)))

    def words(self, lang: str) -> dict[str, Any]:
        """The params as the sentence shows them in ``lang``; a game turns its ids into words here."""
        return self.params

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, **{self.params!r})"

    def __str__(self) -> str:
        return f"{self.code}: {self.message('en')}"


class Refusal(RuleError):
    """A generic rule refusal (422) for games that need no subclass of their own."""


class BadRequest(RuleError):
    """A request that is not an action at all (400): wrong types, unknown action type, bad tile string."""

    malformed = True

    def __init__(self, detail: str, code: str = "bad_request", *, detail_ja: str | None = None,
                 **params: Any) -> None:
        super().__init__(code, detail=detail, **params)
        self.detail_ja = detail_ja

    def message(self, lang: str = "en") -> str:
        if lang == "ja" and self.detail_ja and self.code == "bad_request":
            return COMMON_MESSAGES["bad_request"][1].format(detail=self.detail_ja)
        return super().message(lang)


COMMON_MESSAGES: dict[str, tuple[str, str]] = {
    "bad_request": ("The request is malformed: {detail}", "リクエストの形式が正しくありません：{detail}"),
    "nothing_to_undo": ("There is nothing to undo yet.", "取り消せる操作はまだありません。"),
    "game_over": ("The game is over: no more actions.", "ゲームは終了しています。これ以上の操作はできません。"),
    "not_your_turn": ("It is {active_name}'s turn, not {player_name}'s.",
                      "今は{active_name}さんの手番です（{player_name}さんではありません）。"),
}


class Fill(dict[str, Any]):
    """Params for ``str.format_map``: a name that is missing shows as "?", any other placeholder as itself."""

    def __missing__(self, key: str) -> str:
        return "?" if key.endswith("_name") else "{" + key + "}"
