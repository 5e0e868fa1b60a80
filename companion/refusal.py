"""Refusals that are not rules: an unknown table (404), a read-only id used to write (403), bad input (400),
a table that moved on (409 ``stale``). The service and the seat claims raise them; the web layer answers
them in the documented JSON shape or as a page. Below both, so neither has to import the other for them."""

from __future__ import annotations


class ServiceError(Exception):
    """A refusal that is not a rule: unknown table (404), read-only id (403), bad input (400)."""

    def __init__(self, status: int, code: str, message: str, message_ja: str | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.text, self.text_ja = status, code, message, message_ja or message

    def message(self, lang: str = "en") -> str:
        return self.text_ja if lang == "ja" else self.text


class Stale(ServiceError):
    def __init__(self, current: int) -> None:
        super().__init__(409, "stale", "The table changed since this device last looked: it is now at "
                         f"version {current}. Check the table and try again.",
                         f"この端末が見たあとで卓が更新されました（現在の版 {current}）。確認してからもう一度どうぞ。")
        self.current = current
