"""Plays remembered: what every stored table says about its play (players, seats, start, options, scores,
winners, duration), each player's record per game, and the exports (CSV, and JSON in BG Stats' import format).

Nothing here is stored twice: a play is derived from the table's record and its log (the game's ``outcome``
and optional ``scores`` on the replayed state). Replaying every table on every page view would be slow, so
each derived play is cached in the store with the table version it describes; a table that moved on (an
action, an undo) is derived again. The core stays game-agnostic: games are reached only through ``Game``.
"""

from __future__ import annotations

import csv
import io
import json
import threading
import unicodedata
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from . import games
from .games.base import Game, Outcome, RuleError
from .service import ServiceError, TableService
from .tables import Snapshot

FORMAT = 2  # bump when the shape of a derived play changes: cached plays of another format are derived again
STATUSES = ("finished", "running", "closed")  # closed: unfinished, closed for being idle (public mode)

#: A namespace for the plays' UUIDs in the BG Stats file: stable per table (a second import updates, never
#: duplicates) without giving away the table's view id.
PLAY_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://companion.invalid/plays")

ABOUT = ("Plays exported by Table Companion in Board Game Stats' import format "
         "(open this file with the BG Stats app to import the plays).")


def _parse_time(iso: str) -> datetime:
    return datetime.fromisoformat(iso.replace("Z", "+00:00"))


def _minutes(start: str, end: str) -> int:
    return max(0, round((_parse_time(end) - _parse_time(start)).total_seconds() / 60))


def derive(snap: Snapshot, last_at: str | None) -> dict[str, Any]:
    """One table's play as JSON-ready data, from its current snapshot."""
    record, game, state = snap.record, snap.game, snap.state
    over = game.over(state)
    outcome = game.outcome(state) if over else None
    scores = game.scores(state) if game.scores is not None else None
    n = len(record.players)
    if scores is not None and len(scores) != n:  # a game's mistake must not break the record
        scores = None
    finished_at = None
    if over:  # the event that ended it: the last action still standing (undone ones took nothing)
        standing = [e for e in snap.history if e.event.kind == "action" and not snap.undone(e)]
        finished_at = standing[-1].event.at if standing else record.created_at
    winners = tuple(outcome.winners) if outcome else ()
    ranking = tuple(outcome.ranking) if outcome and outcome.ranking else winners
    places = _places(game, outcome, ranking, scores, n) if outcome else {}
    return {
        "format": FORMAT, "scored": game.scores is not None, "id": record.id,
        "table": record.view_id, "game": game.id, "status": "finished" if over else "running",
        "created_at": record.created_at, "finished_at": finished_at, "last_at": last_at or record.created_at,
        "duration_min": _minutes(record.created_at, finished_at) if finished_at else None,
        "start": record.start, "options": record.options, "version": snap.version,
        "players": [{"seat": i, "name": name, "start": i == record.start,
                     "score": scores[i] if scores is not None else None,
                     "winner": i in winners, "place": places.get(i)} for i, name in enumerate(record.players)],
        "winners": list(winners), "ranking": list(ranking),
        "decided_by": outcome.decided_by if outcome else None,
    }


def _places(game: Game, outcome: Outcome, ranking: tuple[int, ...], scores: Any, n: int) -> dict[int, int]:
    """Place per seat (1 = won). A cooperative game places only its winners (all first, or nobody when the
    players lost together); the places the game gives, if it gives them; else every winner is first and a seat
    level on points with the non-winner before it shares its place (never a winner's: a tie the rules broke,
    such as Long Seat's face-down cards, leaves the loser second; and never on a measure that is no points:
    equal heights may still rank apart); a seat the game's ranking leaves out has none."""
    winners = tuple(outcome.winners)
    if game.cooperative:
        return {seat: 1 for seat in winners}
    if len(outcome.places) == n and all(isinstance(p, int) and p >= 1 for p in outcome.places):
        return {seat: (1 if seat in winners else place) for seat, place in enumerate(outcome.places)}
    level = scores if game.scores_are_points else None
    places: dict[int, int] = {}
    previous: int | None = None
    for index, seat in enumerate(ranking):
        if seat in winners:
            places[seat] = 1
        elif previous is not None and previous not in winners and level is not None \
                and level[seat] == level[previous]:
            places[seat] = places[previous]
        else:
            places[seat] = index + 1
        previous = seat
    return places


# Plays already read, per database and table: (version, play). Shared by every request of this process; a
# play whose table moved on is never used (its version differs). Bounded: dropped whole when it grows too big.
_MEMORY: dict[tuple[str, str], tuple[int, dict[str, Any]]] = {}
_MEMORY_LOCK = threading.Lock()
_MEMORY_MAX = 20_000


def plays(service: TableService) -> list[dict[str, Any]]:
    """Every table's play, newest first (callers must not change them). A play is taken from memory, else from
    the store's cache, while its table's version is unchanged; the others are derived again (replaying the log
    only for tables the service does not hold) and cached."""
    store = service.store
    rows = [r for r in store.table_versions() if games.get(r["game"]) is not None]  # a game no longer offered:
    with _MEMORY_LOCK:                                                               # its tables are left out
        known = {r["id"]: _MEMORY.get((store.location, r["id"])) for r in rows}
    missing = [r["id"] for r in rows if (known[r["id"]] or (-1,))[0] != r["version"]]
    stored = store.cached_plays(missing) if missing else {}
    fresh: list[tuple[str, int, str]] = []
    out: list[dict[str, Any]] = []
    for row in rows:
        tid, version = row["id"], row["version"]
        hit = known[tid]
        play = hit[1] if hit is not None and hit[0] == version else None
        if play is None:
            play = _cached(games.get(row["game"]), version, stored.get(tid))
        if play is None:
            play = _derive(service, tid, row["last_at"])
            if play is None:
                continue
            fresh.append((tid, play["version"], json.dumps(play, ensure_ascii=False)))
        play["last_at"] = row["last_at"] or play["created_at"]
        if hit is None or hit[1] is not play:
            with _MEMORY_LOCK:
                if len(_MEMORY) >= _MEMORY_MAX:
                    _MEMORY.clear()
                _MEMORY[(store.location, tid)] = (play["version"], play)
        out.append(_as_now(service, play))
    store.put_plays(fresh)
    return out


def _as_now(service: TableService, play: dict[str, Any]) -> dict[str, Any]:
    """The play as it stands now: an unfinished table closed for being idle (public mode) is ``closed``, not
    ``running`` — it takes no more moves. Decided at each read (time passes without a new version), on a copy
    (the play itself is kept for the next reads)."""
    if play["status"] == "running" and service.idle_past_limit(play["last_at"]):
        return {**play, "status": "closed"}
    return play


def plays_of(service: TableService, table_ids: Iterable[str]) -> list[dict[str, Any]]:
    """The plays of these tables only, newest first (public mode: a device sees the tables it joined, never the
    whole server's); derived each time (a device remembers a few dozen tables at most)."""
    out = []
    for tid in dict.fromkeys(table_ids):
        try:
            snap = service.peek(tid)
        except (ServiceError, RuleError):  # gone, a game no longer offered, a log this server cannot replay
            continue
        last = snap.history[-1].event.at if snap.history else None
        out.append(_as_now(service, derive(snap, last)))
    out.sort(key=lambda p: (p["created_at"], p["id"]), reverse=True)
    return out


def _cached(game: Game | None, version: int, cached: tuple[int, str] | None) -> dict[str, Any] | None:
    if game is None or cached is None or cached[0] != version:
        return None
    play = json.loads(cached[1])
    if play.get("format") != FORMAT or play.get("scored") != (game.scores is not None):
        return None
    return play


def _derive(service: TableService, table_id: str, last_at: str | None) -> dict[str, Any] | None:
    try:
        return derive(service.peek(table_id), last_at)
    except (ServiceError, RuleError):  # a game no longer offered, or a log this server cannot replay
        return None


def same_name(raw: str) -> str:
    """A name as the tables store it (the rules of ``service.clean_name``): NFC, trimmed; case kept."""
    return unicodedata.normalize("NFC", raw).strip()


def select(all_plays: Iterable[dict[str, Any]], *, game: str | None = None, player: str | None = None,
           status: str | None = None) -> list[dict[str, Any]]:
    wanted = same_name(player) if player else None
    return [p for p in all_plays
            if (game is None or p["game"] == game) and (status is None or p["status"] == status)
            and (wanted is None or any(x["name"] == wanted for x in p["players"]))]


def players(all_plays: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each player's finished plays, wins, average and best score, per game and in all (names as typed).
    Best is the highest score, or the lowest for a game whose lowest score wins (``highest_wins``)."""
    by_name: dict[str, dict[str, dict[str, Any]]] = {}
    for play in all_plays:
        if play["status"] != "finished":
            continue
        for p in play["players"]:
            row = by_name.setdefault(p["name"], {}).setdefault(
                play["game"], {"game": play["game"], "plays": 0, "wins": 0, "scores": [], "last": None})
            row["plays"] += 1
            row["wins"] += int(p["winner"])
            if p["score"] is not None:
                row["scores"].append(p["score"])
            moment = play["finished_at"] or play["created_at"]
            row["last"] = max(row["last"] or moment, moment)
    out = []
    for name, per_game in by_name.items():
        rows = []
        for row in per_game.values():
            scores = row.pop("scores")
            row["average"] = round(sum(scores) / len(scores), 1) if scores else None
            row["best"] = (max if _sheet(row["game"]).highest_wins else min)(scores) if scores else None
            rows.append(row)
        rows.sort(key=lambda r: (-r["plays"], r["game"]))
        out.append({"name": name, "plays": sum(r["plays"] for r in rows), "wins": sum(r["wins"] for r in rows),
                    "last": max(r["last"] for r in rows), "games": rows})
    out.sort(key=lambda p: (-p["plays"], -p["wins"], p["name"]))
    return out


def public(play: dict[str, Any]) -> dict[str, Any]:
    """A play as the API shows it: without the cache's bookkeeping, and never the table's full (acting) id."""
    return {k: v for k, v in play.items() if k not in ("format", "scored", "id")}


# --- exports ------------------------------------------------------------------------------------------------------


def _local(iso: str) -> str:
    """BG Stats' playDate: local time of this server, "YYYY-MM-DD HH:MM:SS"."""
    return _parse_time(iso).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def bgstats(all_plays: Iterable[dict[str, Any]], game_names: dict[str, str], location: str) -> dict[str, Any]:
    """Finished plays as a BG Stats import file (docs/api.md cites the format): players, locations and games
    listed once with numeric ids, plays referring to them (playerRefId, gameRefId, locationRefId).

    Each game reads as its declaration says, the way BG Stats itself writes such a game: a cooperative game
    (``cooperative``) gives every player the team's result (all winners, or none) and no rank; a game without
    points, or whose scores are no points (Pyramid's height), gives empty scores and its places as ranks
    (``noPoints``); ``highestWins`` follows the game. ``manualWinner`` says the winners are not simply the
    best scores (a tie broken by the rules, a game without points), so the app keeps them as given."""
    finished = [p for p in all_plays if p["status"] == "finished"]
    finished.sort(key=lambda p: p["created_at"])
    now = datetime.now(timezone.utc).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    player_ids: dict[str, int] = {}
    game_ids: dict[str, int] = {}
    scored: dict[str, bool] = {}
    out_plays = []
    for play in finished:
        sheet = _sheet(play["game"])
        game_ref = game_ids.setdefault(play["game"], len(game_ids) + 1)
        points = [p["score"] if sheet.points else None for p in play["players"]]
        scored[play["game"]] = scored.get(play["game"], False) or any(x is not None for x in points)
        out_plays.append({
            "uuid": str(uuid.uuid5(PLAY_NAMESPACE, play["table"])),
            "modificationDate": now, "playDate": _local(play["created_at"]),
            "durationMin": play["duration_min"] or 0, "gameRefId": game_ref, "locationRefId": 1,
            "ignored": False, "manualWinner": _manual_winner(play, points, sheet), "usesTeams": False, "rounds": 0,
            "board": "", "comments": "",
            "playerScores": [{
                "playerRefId": player_ids.setdefault(p["name"], len(player_ids) + 1),
                "score": "" if score is None else str(score), "winner": p["winner"],
                "rank": 0 if sheet.cooperative else p["place"] or 0, "startPlayer": p["start"],
                "seatOrder": p["seat"] + 1, "newPlayer": False, "role": "", "team": ""}
                for p, score in zip(play["players"], points)],
        })
    return {
        "about": ABOUT,
        "players": [{"id": i, "uuid": str(uuid.uuid5(PLAY_NAMESPACE, "player:" + name)), "name": name,
                     "isAnonymous": False, "modificationDate": now, "bggUsername": ""}
                    for name, i in player_ids.items()],
        "locations": [{"id": 1, "uuid": str(uuid.uuid5(PLAY_NAMESPACE, "location")), "name": location,
                       "modificationDate": now}],
        "games": [{"id": i, "uuid": str(uuid.uuid5(PLAY_NAMESPACE, "game:" + gid)), "name": game_names.get(gid, gid),
                   "bggId": _sheet(gid).bgg_id, "bggName": "", "bggYear": 0, "modificationDate": now,
                   "cooperative": _sheet(gid).cooperative, "highestWins": _sheet(gid).highest_wins,
                   "noPoints": not scored.get(gid, False), "usesTeams": False, "sourceGameId": gid}
                  for gid, i in game_ids.items()],
        "plays": out_plays,
    }


@dataclass(frozen=True)
class _Sheet:
    """How a game's result reads on a score sheet: its declaration's ``bgg_id`` (BoardGameGeek's id, for BG
    Stats to match games on import; 0 when unknown: the player matches it by hand), ``cooperative``,
    ``highest_wins``, and whether its scores are points."""

    bgg_id: int = 0
    cooperative: bool = False
    highest_wins: bool = True
    points: bool = True


def _sheet(game_id: str) -> _Sheet:
    game = games.get(game_id)
    if game is None:  # a game no longer offered: plays are listed without it, so this is only a guard
        return _Sheet()
    return _Sheet(game.bgg_id, game.cooperative, game.highest_wins, game.scores_are_points)


def _manual_winner(play: dict[str, Any], points: list[Any], sheet: _Sheet) -> bool:
    """Whether the winners were chosen otherwise than by the best score: a cooperative win, a game without
    points, a tie the rules broke. A play nobody won has no winner to choose (BG Stats: false)."""
    winners = {p["seat"] for p in play["players"] if p["winner"]}
    if not winners:
        return False
    if sheet.cooperative or any(x is None for x in points):
        return True
    best = (max if sheet.highest_wins else min)(points)
    return winners != {seat for seat, x in enumerate(points) if x == best}


CSV_COLUMNS = ("play", "game", "game_name", "status", "started", "finished", "duration_min", "seat", "player",
               "start_player", "score", "place", "winner")


def _cell(value: Any) -> Any:
    """Keep spreadsheet programs from reading a player's name as a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_text(all_plays: Iterable[dict[str, Any]], game_names: dict[str, str]) -> str:
    """Every play, one row per seat (unfinished tables too, with status "running" or "closed" and no place)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for play in all_plays:
        ref = str(uuid.uuid5(PLAY_NAMESPACE, play["table"]))[:8]
        for p in play["players"]:
            writer.writerow([_cell(x) for x in (
                ref, play["game"], game_names.get(play["game"], play["game"]), play["status"], play["created_at"],
                play["finished_at"] or "", "" if play["duration_min"] is None else play["duration_min"], p["seat"],
                p["name"], "yes" if p["start"] else "", "" if p["score"] is None else p["score"],
                p["place"] or "", "yes" if p["winner"] else "")])
    return "\ufeff" + out.getvalue()
