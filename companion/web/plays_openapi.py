"""The plays and "play again" part of the OpenAPI document (web/openapi.py includes it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..games.schema import nat, obj, ref

ID = {"type": "string", "pattern": r"^[A-Za-z0-9_-]{8,64}$"}
TIME = {"type": "string", "format": "date-time"}
NAME = {"type": "string", "minLength": 1}

NEXT_TABLE = obj({"id": {**ID, "type": ["string", "null"]}, "view_id": ID}, ("id", "view_id"),
                 description="Only once \"play again\" made the next table: its full id (null when this table is "
                             "read through its view id) and its view id. Every device follows it.")

PLAY_PLAYER = obj({
    "seat": nat(), "name": NAME, "start": {"type": "boolean", "description": "This seat started."},
    "score": {"type": ["integer", "null"], "description": "The game's score for this seat: its points, or what "
                                                          "it ranks by when that is no points (Pyramid: the "
                                                          "height); null for a game without scores."},
    "winner": {"type": "boolean"},
    "place": {"type": ["integer", "null"], "minimum": 1,
              "description": "1 = won; null while running, and in a cooperative game the players lost."},
}, ("seat", "name", "start", "score", "winner", "place"))

PLAY = obj({
    "table": {**ID, "description": "The table's view id (read-only link: /v/{table})."},
    "game": {"type": "string"}, "status": {"enum": ["finished", "running", "closed"]},
    "created_at": TIME, "finished_at": {**TIME, "type": ["string", "null"]}, "last_at": TIME,
    "duration_min": {"type": ["integer", "null"], "minimum": 0},
    "start": nat(), "options": {"type": "object"}, "version": nat(),
    "players": {"type": "array", "items": PLAY_PLAYER},
    "winners": {"type": "array", "items": nat()}, "ranking": {"type": "array", "items": nat()},
    "decided_by": {"type": ["string", "null"]},
}, ("table", "game", "status", "created_at", "finished_at", "last_at", "duration_min", "start", "options",
    "version", "players", "winners", "ranking", "decided_by"))

PLAYER_GAME = obj({"game": {"type": "string"}, "plays": nat(1), "wins": nat(), "last": TIME,
                   "average": {"type": ["number", "null"]}, "best": {"type": ["integer", "null"]}},
                  ("game", "plays", "wins", "last", "average", "best"))

PLAYER = obj({"name": NAME, "plays": nat(1), "wins": nat(), "last": TIME,
              "games": {"type": "array", "items": PLAYER_GAME}}, ("name", "plays", "wins", "last", "games"))

# Board Game Stats' import file, as the app itself writes and reads it (docs/api.md cites the sources: BG
# Stats' own page on plays pushed from other apps, and a file the app exported). Every list refers to the
# others by numeric id; dates are local "YYYY-MM-DD HH:MM:SS"; a score is text, "" when the game has no points.
BG_DATE = {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$"}
BG_UUID = {"type": "string", "format": "uuid",
           "pattern": r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"}
BG_TEXT = {"type": "string"}
BG_FLAG = {"type": "boolean"}

BG_PLAYER_SCORE = obj({
    "playerRefId": nat(1), "winner": {**BG_FLAG, "description": "Won; in a cooperative game every player has "
                                                                "the team's result."},
    "score": {"type": "string", "pattern": r"^(-?\d+)?$",
              "description": "The game's points as text; \"\" for a game without points (noPoints)."},
    "rank": {**nat(), "description": "Place, 1 = best (tied players share one); 0 = none (a cooperative game)."},
    "startPlayer": BG_FLAG, "seatOrder": nat(1), "newPlayer": BG_FLAG, "role": BG_TEXT, "team": BG_TEXT,
}, ("playerRefId", "winner", "score", "rank", "startPlayer", "seatOrder", "newPlayer"))

BG_STATS_FILE = obj({
    "about": BG_TEXT,
    "players": {"type": "array", "items": obj({
        "id": nat(1), "uuid": BG_UUID, "name": NAME, "isAnonymous": BG_FLAG, "modificationDate": BG_DATE,
        "bggUsername": BG_TEXT}, ("id", "uuid", "name", "isAnonymous", "modificationDate"))},
    "locations": {"type": "array", "items": obj({
        "id": nat(1), "uuid": BG_UUID, "name": NAME, "modificationDate": BG_DATE},
        ("id", "uuid", "name", "modificationDate"))},
    "games": {"type": "array", "items": obj({
        "id": nat(1), "uuid": BG_UUID, "name": NAME,
        "bggId": {**nat(), "description": "BoardGameGeek's id; 0 = none (matched by name on import)."},
        "bggName": BG_TEXT, "bggYear": nat(), "modificationDate": BG_DATE,
        "cooperative": {**BG_FLAG, "description": "The players win or lose together."},
        "highestWins": {**BG_FLAG, "description": "The highest score wins (false: the lowest)."},
        "noPoints": {**BG_FLAG, "description": "No points: the result is the winners and the ranks."},
        "usesTeams": BG_FLAG, "sourceGameId": BG_TEXT},
        ("id", "uuid", "name", "bggId", "modificationDate", "cooperative", "highestWins", "noPoints", "usesTeams"))},
    "plays": {"type": "array", "items": obj({
        "uuid": BG_UUID, "modificationDate": BG_DATE, "playDate": BG_DATE, "durationMin": nat(),
        "gameRefId": nat(1), "locationRefId": nat(1), "ignored": BG_FLAG,
        "manualWinner": {**BG_FLAG, "description": "The winners are not simply the best scores (a cooperative "
                                                   "win, a game without points, a tie the rules broke)."},
        "usesTeams": BG_FLAG, "rounds": nat(), "board": BG_TEXT, "comments": BG_TEXT,
        "playerScores": {"type": "array", "minItems": 1, "items": BG_PLAYER_SCORE}},
        ("uuid", "modificationDate", "playDate", "durationMin", "gameRefId", "locationRefId", "ignored",
         "manualWinner", "usesTeams", "playerScores"))},
}, ("about", "players", "locations", "games", "plays"))

FILTERS = [
    {"name": "game", "in": "query", "required": False, "schema": ref("GameId"),
     "description": "Only this game's plays: an id GET /api/games lists; any other value is bad_request (400)."},
    {"name": "player", "in": "query", "required": False, "schema": {"type": "string", "maxLength": 200},
     "description": "Only plays with this player, matched as typed at the table (Unicode NFC, trimmed; case "
                    "counts)."},
    {"name": "status", "in": "query", "required": False, "schema": {"enum": ["finished", "running", "closed"]}},
]


def plays_paths(table_param: dict[str, Any], as_json: Callable[..., dict[str, Any]],
                errors: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    new_table = obj({"id": ref("Id"), "view_id": ref("Id"), "state": ref("State")}, ("id", "view_id", "state"))
    return {
        "/api/tables/{table_id}/again": {"post": {
            "operationId": "playAgain",
            "summary": "Play again (full id only, finished games only): a new table with the same players in the "
                       "same seats, the start moved on one seat, the same options and settings. The old table logs "
                       "a next_table event and its STATE gains next_table. Asked again, answers the same table.",
            "parameters": [table_param],
            "requestBody": {"required": False, "content": {"application/json": {"schema": obj({}, closed=False)}}},
            "responses": {"201": as_json("The new table.", new_table),
                          "200": as_json("The table an earlier request already made.", new_table),
                          **errors(400, 403, 404, 409, 413, 415)},
        }},
        "/api/plays": {"get": {
            "operationId": "plays", "summary": "Every table's play, newest first: players, seats, start, options, "
                                               "scores, winners, duration; unfinished tables too "
                                               "(running, or closed for being idle).",
            "parameters": FILTERS,
            "responses": {"200": as_json("The plays.", obj({"plays": {"type": "array", "items": PLAY}},
                                                          ("plays",))), **errors(400)},
        }},
        "/api/players": {"get": {
            "operationId": "players", "summary": "Each player (a name as typed) with finished plays, wins, average "
                                                 "and best score per game.",
            "responses": {"200": as_json("The players.", obj({"players": {"type": "array", "items": PLAYER}},
                                                            ("players",)))},
        }},
        "/api/plays/export.csv": {"get": {
            "operationId": "playsCsv", "summary": "Every play as CSV, one row per seat (filters as /api/plays).",
            "parameters": FILTERS,
            "responses": {"200": {"description": "CSV (UTF-8 with a byte order mark).",
                                  "content": {"text/csv": {"schema": {"type": "string"}}}}, **errors(400)},
        }},
        "/api/plays/bgstats.json": {"get": {
            "operationId": "playsBgStats",
            "summary": "Finished plays in Board Game Stats' import format (players, locations, games, plays with "
                       "playerScores), to open with the BG Stats app (filters as /api/plays).",
            "parameters": FILTERS,
            "responses": {"200": as_json("A BG Stats file.", BG_STATS_FILE), **errors(400)},
        }},
    }
