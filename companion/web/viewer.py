"""Who is asking, for the pages and the JSON API alike: this app's table service, the seat a request proves
with its seat token (the ``X-Seat-Token`` header, or the page's cookie) and the seat a page says it is.

Below both the pages and the API (they import it; it imports neither), so the viewer is decided in one place.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request, session

from ..games.base import Viewer
from ..games.ui import parse_uint
from ..service import TableService
from ..store import TableRecord

SEAT_HEADER = "X-Seat-Token"
ME_COOKIE = "me"  # the table page's "this device is seat N" (or "watch"), scoped to the table's path


def service() -> TableService:
    """The one table service of this app (``create_app`` puts it there)."""
    service: TableService = current_app.extensions["companion"]
    return service


def public_mode() -> bool:
    """``companion serve --public``: a hosted instance anyone can reach, not a LAN (docs/security.md)."""
    return bool(current_app.config.get("PUBLIC_MODE"))


def joined_tables() -> list[str]:
    """The tables this browser holds the full link of (remembered in its signed session), newest first."""
    joined = session.get("joined", [])
    return [t for t in joined if isinstance(t, str)] if isinstance(joined, list) else []


def visible_plays() -> list[dict[str, Any]]:
    """The plays this request may list: every table's on a LAN; in public mode only the tables this browser
    joined (no one else's tables, names or view links)."""
    from .. import plays

    if public_mode():
        return plays.plays_of(service(), joined_tables())
    return plays.plays(service())


def seat_cookie(table_id: str) -> str:
    """The cookie a page keeps this phone's seat token in (one per table; set by the claim form)."""
    return f"seat_{table_id[:16]}"


def me_of(record: TableRecord) -> int | None:
    """The seat this device said it is (an unchecked choice, fine for what is public anyway)."""
    return parse_uint(request.cookies.get(ME_COOKIE), limit=len(record.players))


def request_viewer(record: TableRecord, full: bool, me: int | None = None) -> Viewer:
    """Who is asking: the read-only link never proves a seat; a full-link request proves one with its seat
    token (the X-Seat-Token header, or the page's cookie). ``me`` is the seat a page says it is."""
    if not full:
        return Viewer.spectator()
    token = request.headers.get(SEAT_HEADER) or request.cookies.get(seat_cookie(record.id))
    proven = service().proven_seat(record.id, token) if token else None
    return Viewer(full=True, seat=proven if proven is not None else me, proven=proven)
