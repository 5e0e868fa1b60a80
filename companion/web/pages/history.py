"""The readable log of a table, for its page and its exports: one sentence per logged event, from the states
the service already holds (nothing is replayed). The game says what its actions did (``GameUI.describe``,
with the action parsed for a game on the contract); the platform says the rest (undo, seats, play again, a
setting turned on or off from the option's own ``said`` sentences)."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from ...games.base import Game, RuleError
from ...games.ui import GameUI
from ...tables import Entry, Snapshot
from .frame import game_ui, texts_for

_ROWS: OrderedDict[tuple[str, int, str, str], list[dict[str, Any]]] = OrderedDict()  # shared by every phone
_ROWS_LOCK = threading.Lock()
_ROWS_MAX = 64
# Each logged action's sentence, made once per language and settings: (table id, seq, lang, settings) -> text.
# A table's log only grows, so a sentence never changes; whole tables are forgotten oldest first.
_SENTENCES: OrderedDict[str, dict[tuple[int, str, str], str]] = OrderedDict()
_SENTENCES_TABLES = 256


def history_rows(snap: Snapshot, lang: str) -> list[dict[str, Any]]:
    """The readable log up to the snapshot's version, from the states the service already holds (nothing is
    replayed). Each entry's sentence is made once per language and settings, then kept (``_SENTENCES``)."""
    key = (lang, json.dumps(snap.options, sort_keys=True, ensure_ascii=False))
    cache_key = (snap.record.id, snap.version, *key)
    with _ROWS_LOCK:
        cached = _ROWS.get(cache_key)
        if cached is not None:
            _ROWS.move_to_end(cache_key)
            return cached
    rows = _history_rows(snap, lang, key)
    with _ROWS_LOCK:
        _ROWS[cache_key] = rows
        while len(_ROWS) > _ROWS_MAX:
            _ROWS.popitem(last=False)
    return rows


def _history_rows(snap: Snapshot, lang: str, key: tuple[str, str]) -> list[dict[str, Any]]:
    ui = game_ui(snap.game)
    texts = texts_for(snap.game)
    players = snap.record.players
    rows: list[dict[str, Any]] = []
    by_seq: dict[int, dict[str, Any]] = {}
    with _ROWS_LOCK:
        sentences = _SENTENCES.setdefault(snap.record.id, {})
        _SENTENCES.move_to_end(snap.record.id)
        while len(_SENTENCES) > _SENTENCES_TABLES:
            _SENTENCES.popitem(last=False)
    for entry in snap.history:
        ev = entry.event
        action = snap.game.public_action(ev.action)  # a secret in the logged action never reaches a page
        row = {"seq": ev.seq, "seat": ev.seat, "at": ev.at, "kind": ev.kind, "undone": snap.undone(entry),
               "undoes": ev.undoes, "action": action, "shown": True,
               "player": players[ev.seat] if ev.seat is not None and 0 <= ev.seat < len(players) else None,
               "by": ev.by, "by_name": players[ev.by] if ev.by is not None and 0 <= ev.by < len(players) else None}
        slot = (ev.seq, *key)
        text = sentences.get(slot)
        if ev.kind == "next":  # "play again" made the next table (web/pages/plays.py)
            text = texts.t("h_next_table", lang)
        elif ev.kind == "seat":
            name = row["player"] or "?"
            text = texts.t("h_seat_taken_over" if ev.action.get("take_over") else "h_seat", lang, name=name)
        elif ev.kind == "settings":
            changes = {k: v for k, v in ev.action.items() if k != "type"}
            said = ui.describe_setting(changes, lang) if ui is not None and ui.describe_setting else None
            said = said if said is not None else _said(snap.game, changes, lang)
            text, row["shown"] = said if said is not None else (texts.t("h_settings", lang), False)
        elif ev.kind == "undo":
            target = by_seq.get(ev.undoes) if ev.undoes is not None else None
            text = texts.t("h_undo", lang, what=target["text"] if target else "?")
        elif text is None:
            text = _sentence(snap, ui, entry, action, lang) if ui is not None else ""
            sentences[slot] = text
        row["text"] = text
        rows.append(row)
        by_seq[ev.seq] = row
    return rows


def _sentence(snap: Snapshot, ui: GameUI[Any, Any], entry: Entry, action: dict[str, Any], lang: str) -> str:
    """What the game says one logged action did; a log its engine cannot read still gets a sentence."""
    game = snap.game
    try:
        parsed = game.parse(action, snap.context(entry.before))
    except RuleError:
        players = snap.record.players
        seat = entry.event.seat
        who = players[seat] if seat is not None and 0 <= seat < len(players) else "?"
        return texts_for(game).t("h_unknown", lang, p=who, type=str(action.get("type", "?"))[:20])
    return ui.describe(entry.before, entry.after, parsed, entry.event.seat, lang, snap.options)


def _said(game: Game[Any, Any], changes: dict[str, Any], lang: str) -> tuple[str, bool] | None:
    """A true/false setting turned on or off, in the words its option gives (``Option.said``)."""
    if len(changes) != 1:
        return None
    (name, value), = changes.items()
    option = next((o for o in game.options if o.id == name), None)
    if option is None or option.said is None or not isinstance(value, bool):
        return None
    return (option.said[0] if value else option.said[1]).say(lang), True
