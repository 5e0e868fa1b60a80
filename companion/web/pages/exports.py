"""What leaves a table as a file: the QR code of its links, and its log as JSON or CSV (any game)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any
from urllib.parse import quote

import qrcode
import qrcode.image.svg
from flask import Response, g

from ...games.base import Game
from ...games.texts import COMMON
from ...service import ServiceError
from ...store import TableRecord
from ..viewer import service
from . import pages
from .frame import game_ui
from .history import history_rows
from .table import public_base


def _qr(url: str) -> Response:
    img = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathFillImage, border=2)
    resp = Response(img.to_string(encoding="unicode"), mimetype="image/svg+xml")
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@pages.get("/t/<tid>/qr.svg")
def qr(tid: str) -> Response:
    record, full = service().resolve(tid)
    if not full:
        raise ServiceError(404, "not_found", COMMON.msg("svc_no_table"))
    return _qr(public_base() + "/t/" + quote(record.id))


@pages.get("/v/<vid>/qr.svg")
def view_qr(vid: str) -> Response:
    record, _ = service().resolve(vid)
    return _qr(public_base() + "/v/" + quote(record.view_id))


def _log_rows(record: TableRecord) -> list[dict[str, Any]]:
    rows = []
    for e in history_rows(service().snapshot(record.id), g.lang):
        row = {"seq": e["seq"], "at": e["at"], "seat": e["seat"], "player": e["player"], "action": e["action"],
               "undone": e["undone"], "text": e["text"]}
        if e["undoes"] is not None:
            row["undoes"] = e["undoes"]
        rows.append(row)
    return rows


def _download_name(record: TableRecord, ext: str) -> str:
    return f"{record.game}-{record.created_at[:10]}-{record.view_id[:6]}.{ext}"


def _log_json(record: TableRecord) -> Response:
    snap = service().snapshot(record.id)
    body = {"table": {"game": record.game, "view_id": record.view_id, "players": list(record.players),
                      "start": record.start, "options": record.options, "created_at": record.created_at,
                      "version": snap.version, "lang": g.lang},
            "events": _log_rows(record), "state": service().answer(snap, False)}
    resp = Response(json.dumps(body, ensure_ascii=False, indent=1), mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="{_download_name(record, "json")}"'
    return resp


def _cell(value: Any) -> Any:
    """Keep spreadsheet programs from reading a player's name as a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_columns(game: Game[Any, Any]) -> tuple[str, ...]:
    """The log's CSV columns for a game: "type", then every field its actions have, in the order they are
    declared (``player`` last)."""
    keys = [slot.key for shape in game.actions.shapes.values() for slot in shape.slots]
    return ("type", *sorted(dict.fromkeys(keys), key=lambda k: k == "player"))


def _joined(value: Any) -> Any:
    return " ".join(map(str, value)) if isinstance(value, list) else value


PLATFORM_EVENTS = ("undo", "settings", "seat", "next_table", "next")  # logged by the platform, not a game


def _is_action(action: dict[str, Any]) -> bool:
    return action.get("type") not in PLATFORM_EVENTS


def _log_csv(record: TableRecord) -> Response:
    game = service().snapshot(record.id).game
    ui = game_ui(game)
    columns = (ui.csv_columns if ui is not None and ui.csv_columns else None) or csv_columns(game)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["seq", "at", "seat", "player", *columns, "undone", "undoes", "text"])
    for row in _log_rows(record):
        action = row["action"]
        if not _is_action(action):  # undo, settings, a seat claim, play again: the platform's, first column only
            cells = [action.get("type", ""), *[""] * (len(columns) - 1)]
        elif ui is not None and ui.csv_cells is not None:
            cells = ui.csv_cells(action)
        else:
            cells = [_joined(action.get(column, "")) for column in columns]
        writer.writerow([_cell(x) for x in (
            row["seq"], row["at"], "" if row["seat"] is None else row["seat"], row["player"] or "", *cells,
            "yes" if row["undone"] else "", row.get("undoes", ""), row["text"])])
    resp = Response("\ufeff" + out.getvalue(), mimetype="text/csv")
    resp.headers["Content-Disposition"] = f'attachment; filename="{_download_name(record, "csv")}"'
    return resp


@pages.get("/t/<tid>/log.json")
def log_json(tid: str) -> Response:
    return _log_json(service().resolve(tid)[0])


@pages.get("/t/<tid>/log.csv")
def log_csv(tid: str) -> Response:
    return _log_csv(service().resolve(tid)[0])


@pages.get("/v/<vid>/log.json")
def view_log_json(vid: str) -> Response:
    return _log_json(service().resolve(vid)[0])


@pages.get("/v/<vid>/log.csv")
def view_log_csv(vid: str) -> Response:
    return _log_csv(service().resolve(vid)[0])
