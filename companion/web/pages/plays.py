"""Plays remembered and "play again", as pages (every game; the JSON twins are in web/plays_api.py).

  /plays                 every table's play (finished, running or closed for being idle; reopen a running one)
  /players               each player's record per game
  /t/<id>/again          POST: play again from the end screen (PRG to the new table)
  /t/<id>/next           GET: follow to the table that "play again" made (keeps this phone's seat)
  /v/<view_id>/next      GET: the same for the read-only link (to the new table's read-only link)
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import g, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response as BaseResponse  # what redirect() makes

from ... import games
from ... import plays as record_of
from ...games.ui import parse_uint
from ...service import ServiceError
from ...tables import Snapshot
from ..viewer import ME_COOKIE, request_viewer, seat_cookie, service, visible_plays
from . import pages
from .frame import YEAR

PAGE = 50  # plays listed at first; "show more" adds as many again


def again_view(snap: Snapshot, full: bool) -> dict[str, Any]:
    """The end screen's "play again" slot, for any game: the way to the next table once there is one, else
    (full link, game over) the button, else nothing."""
    record = snap.record
    following = service().next_table(record.id)
    if following is not None:
        base = f"/t/{record.id}" if full else f"/v/{record.view_id}"
        return {"next": f"{base}/next"}
    if full and snap.game.over(snap.state):
        start = (record.start + 1) % len(record.players)
        return {"can": True, "start_name": record.players[start]}
    return {}


@pages.post("/t/<tid>/again")
def play_again(tid: str) -> BaseResponse:
    found, _ = service().resolve(tid, write=True)
    snap, _ = service().play_again(found.id)
    return _follow(found.id, snap.record.id)


@pages.get("/t/<tid>/next")
def follow(tid: str) -> BaseResponse:
    found, full = service().resolve(tid)
    following = service().next_table(found.id)
    if following is None:
        return redirect(url_for("pages.table", tid=tid), 303)
    if not full:
        return redirect(url_for("pages.view", vid=following.view_id), 303)
    return _follow(found.id, following.id)


@pages.get("/v/<vid>/next")
def view_follow(vid: str) -> BaseResponse:
    found, _ = service().resolve(vid)
    following = service().next_table(found.id)
    if following is None:
        return redirect(url_for("pages.view", vid=found.view_id), 303)
    return redirect(url_for("pages.view", vid=following.view_id), 303)


def _follow(old_id: str, new_id: str) -> BaseResponse:
    """To the new table, keeping who this phone is: the same seat (players keep their seats), and at a table
    whose phones claim seats with a token, the seat claimed again for this phone when it proved it here."""

    old, _ = service().resolve(old_id)
    new_snap = service().snapshot(new_id)
    resp = redirect(url_for("pages.table", tid=new_id), 303)
    path = url_for("pages.table", tid=new_id)
    me = request.cookies.get(ME_COOKIE, "")
    if me == "watch" or parse_uint(me, limit=len(old.players)) is not None:
        resp.set_cookie(ME_COOKIE, me, max_age=YEAR, path=path, samesite="Lax", httponly=True)
    proven = request_viewer(old, True).proven
    if proven is not None and new_snap.game.uses_seat_tokens(new_snap.options) \
            and proven not in service().seats(new_id):
        try:
            token, _ = service().claim_seat(new_id, proven)
        except ServiceError:  # another phone was quicker: this one claims by hand
            return resp
        resp.set_cookie(seat_cookie(new_id), token, max_age=YEAR, path="/", samesite="Lax", httponly=True)
    return resp


# --- the Plays and Players pages ---------------------------------------------------------------------------


def _from_this_machine() -> bool:
    from .home import from_this_machine  # the one definition (a proxy, public mode: nobody is)

    return from_this_machine()


def _names() -> dict[str, str]:
    return {gm.id: gm.label(g.lang) for gm in games.all_games()}


@pages.get("/plays")
def plays_page() -> str:
    game = request.args.get("game") or None
    if game is not None and games.get(game) is None:
        game = None
    status = request.args.get("status") if request.args.get("status") in record_of.STATUSES else None
    player = (request.args.get("player") or "")[:200] or None
    everything = visible_plays()
    chosen = record_of.select(everything, game=game, status=status, player=player)
    joined = set(session.get("joined", ()))
    local = _from_this_machine()
    names = _names()
    shown = min(max(parse_uint(request.args.get("n")) or PAGE, PAGE), len(chosen) or PAGE)
    rows = []
    for play in chosen[:shown]:
        # A table's acting link only for a browser that had it, or the host machine (as on the start page).
        full = play["id"] in joined or local
        href = url_for("pages.table", tid=play["id"]) if full else url_for("pages.view", vid=play["table"])
        rows.append({**play, "href": href, "full": full, "game_name": names.get(play["game"], play["game"]),
                     "when": play["created_at"][:16].replace("T", " "), "shows": _shows(play["game"]),
                     "team": _team(play)})
    query: dict[str, Any] = {k: v for k, v in (("game", game), ("status", status), ("player", player)) if v}
    suffix = ("?" + urlencode(query)) if query else ""
    offered = [{"id": gid, "name": name, "selected": gid == game} for gid, name in names.items()]
    more = url_for("pages.plays_page", **query, n=shown + PAGE) if shown < len(chosen) else None
    return render_template("plays.html", plays=rows, total=len(everything), games=offered, status=status,
                           count=len(chosen), more=more,
                           player=record_of.same_name(player) if player else None,
                           csv_url=url_for("plays_api.export_csv") + suffix,
                           bgstats_url=url_for("plays_api.export_bgstats") + suffix)


def _shows(game_id: str) -> str | None:
    """What a finished play shows beside each name: the points, or (a game whose scores are no points, such as
    Pyramid's height, or that has none) the place; a cooperative game neither (its winners are the team)."""
    game = games.get(game_id)
    if game is None or game.cooperative:
        return None
    return "points" if game.scores is not None and game.scores_are_points else "place"


def _team(play: dict[str, Any]) -> str | None:
    """A finished cooperative game's result, said in words: "won" or "lost" (a loss shows no trophy at all)."""
    game = games.get(play["game"])
    if game is None or not game.cooperative or play["status"] != "finished":
        return None
    return "won" if play["winners"] else "lost"


@pages.get("/players")
def players_page() -> str:
    names = _names()
    people = record_of.players(visible_plays())
    for person in people:
        person["href"] = url_for("pages.plays_page", player=person["name"])
        for row in person["games"]:
            row["game_name"] = names.get(row["game"], row["game"])
    return render_template("players.html", players=people)
