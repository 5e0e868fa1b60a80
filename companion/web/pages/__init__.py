"""Server-rendered pages (Jinja + htmx partials), phone first, working without JavaScript, for every game.

URLs (fixed):
  /                      choose a game and start a table; recent tables to rejoin
  /t/<id>                the table for players (full access)        /t/<id>/fragment   the live region alone
  /v/<view_id>           the same table read-only                   /v/<view_id>/fragment
  /t/<id>/qr.svg         QR code of the players' link (PUBLIC_URL or the request's host)
  /t/<id>/act            POST: an action from a form (PRG; htmx gets the fragment back)
  /t/<id>/undo           GET: confirmation page; POST: undo the last action
  /t/<id>/me             POST: "this device is seat N" (a cookie scoped to the table's path)
  /t/<id>/assistant      POST: the table setting that turns a game's private assistant on or off (PRG)
  /t/<id>/switch         POST: any true/false table setting of the game (name, value on/off, anchor) (PRG)
  /t/<id>/log.json|csv   the log, readable (also under /v/<view_id>/)
  /rules, /rules/<game>  each game's rules in our own words
  /plays, /players       plays remembered, each player's record; /t/<id>/again, /t/<id>/next: play again

Each module has one job: ``frame`` (language, texts, assets, errors, manifest), ``home`` (start page and
rules), ``table`` (the table pages and their view), ``history`` (the readable log), ``forms`` (acting through
forms), ``exports`` (QR and logs), ``plays`` (play again, the plays pages), ``live`` (the page stream),
``seatparts`` (the parts of a page that differ with the phone's seat, rendered apart from the rest). Who is
asking is ``companion.web.viewer``'s, shared with the API.
"""

from __future__ import annotations

from flask import Blueprint

pages: Blueprint = Blueprint("pages", __name__)

from . import exports, forms, frame, home, live, plays, seatparts, table  # noqa: E402,F401  (routes register on import)
from .frame import http_error_page  # noqa: E402

__all__ = ["http_error_page", "pages"]
