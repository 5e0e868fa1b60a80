"""The readable log of a table, for its page and its exports: one sentence per logged event, from the states
the service already holds (nothing is replayed). The game says what its actions did (``GameUI.describe``,
with the action parsed for a game on the contract); the platform says the rest (undo, seats, play again, a
setting turned on or off from the option's own ``said`` sentences)."""

from __future__ import annotations

import bisect
import json
import threading
from collections import OrderedDict
from typing import Any

from ...games.base import Game, RuleError
from ...games.ui import GameUI
from ...tables import Entry, Snapshot
from .frame import game_ui, texts_for

# Each logged action's sentence, made once per language and settings: (table id, seq, lang, settings) -> text.
# A table's log only grows, so a sentence never changes; whole tables are forgotten oldest first.
_SENTENCES: OrderedDict[str, dict[tuple[int, str, str], str]] = OrderedDict()
_SENTENCES_TABLES = 256
# The newest readable log of each table per language and settings, shared by every phone: the next version's
# is this one with its new rows added (a log only grows, and an undo only marks an earlier row undone), so a
# version costs its new entries, not the whole log (issue 20: 2,000 rows rebuilt per version were most of a
# fragment's cost late in a long game).
_LOGS: OrderedDict[tuple[str, str, str], Log] = OrderedDict()
_LOGS_MAX = 512
_LOCK = threading.Lock()


class Log:
    """A table's readable log up to one version: ``rows`` (every entry, oldest first) and ``shown`` (those the
    page lists). Never changed once made: the next version's log is a new one made from it."""

    __slots__ = ("version", "count", "rows", "shown", "seqs", "shown_seqs", "kept")

    def __init__(self, version: int, count: int, rows: list[dict[str, Any]], shown: list[dict[str, Any]],
                 seqs: list[int], shown_seqs: list[int], kept: list[int]) -> None:
        self.version, self.count = version, count
        self.rows, self.shown, self.seqs, self.shown_seqs = rows, shown, seqs, shown_seqs
        self.kept = kept  # the seqs of the actions still in force, oldest first (undo pops the last)

    def last_kept(self) -> dict[str, Any] | None:
        """The row of the latest action still in force (the one Undo takes back), if any."""
        if not self.kept:
            return None
        at = _index(self.seqs, self.kept[-1])
        return self.rows[at] if at is not None else None


def history_rows(snap: Snapshot, lang: str) -> list[dict[str, Any]]:
    """The readable log up to the snapshot's version (dicts: seq, seat, player, at, kind, text, undone, undoes,
    action, shown, by, by_name), from the states the service already holds (nothing is replayed)."""
    return history_log(snap, lang).rows


def history_log(snap: Snapshot, lang: str) -> Log:
    """The readable log up to the snapshot's version: the newest one made for this table, language and settings,
    with the entries since added; an older version than the newest is made whole (a late request)."""
    settings = json.dumps(snap.options, sort_keys=True, ensure_ascii=False)
    lineage = (snap.record.id, lang, settings)
    count = snap.history_length
    with _LOCK:
        latest = _LOGS.get(lineage)
        if latest is not None:
            _LOGS.move_to_end(lineage)
    if latest is not None and latest.version == snap.version and latest.count == count:
        return latest
    base = latest if latest is not None and latest.count <= count and latest.version <= snap.version else None
    log = _extend(snap, lang, settings, base)
    with _LOCK:
        newest = _LOGS.get(lineage)
        if newest is None or newest.count <= log.count:
            _LOGS[lineage] = log
            _LOGS.move_to_end(lineage)
            while len(_LOGS) > _LOGS_MAX:
                _LOGS.popitem(last=False)
    return log


def _extend(snap: Snapshot, lang: str, settings: str, base: Log | None) -> Log:
    """``base`` (an earlier version's log of the same table, language and settings; None: nothing) with the
    snapshot's later entries added and the rows their undos take back marked, copied, never changed in place."""
    ui = game_ui(snap.game)
    texts = texts_for(snap.game)
    players = snap.record.players
    start = base.count if base is not None else 0
    rows = list(base.rows) if base is not None else []
    shown = list(base.shown) if base is not None else []
    seqs = list(base.seqs) if base is not None else []
    shown_seqs = list(base.shown_seqs) if base is not None else []
    kept = list(base.kept) if base is not None else []
    with _LOCK:
        sentences = _SENTENCES.setdefault(snap.record.id, {})
        _SENTENCES.move_to_end(snap.record.id)
        while len(_SENTENCES) > _SENTENCES_TABLES:
            _SENTENCES.popitem(last=False)
    for entry in snap.history_from(start):
        ev = entry.event
        action = snap.game.public_action(ev.action)  # a secret in the logged action never reaches a page
        row = {"seq": ev.seq, "seat": ev.seat, "at": ev.at, "kind": ev.kind, "undone": snap.undone(entry),
               "undoes": ev.undoes, "action": action, "shown": True,
               "player": players[ev.seat] if ev.seat is not None and 0 <= ev.seat < len(players) else None,
               "by": ev.by, "by_name": players[ev.by] if ev.by is not None and 0 <= ev.by < len(players) else None}
        slot = (ev.seq, lang, settings)
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
            at = _index(seqs, ev.undoes)
            target = rows[at] if at is not None else None
            text = texts.t("h_undo", lang, what=target["text"] if target else "?")
            if kept and kept[-1] == ev.undoes:
                kept.pop()  # undo takes back the latest action still in force
            elif ev.undoes in kept:
                kept.remove(ev.undoes)
            if target is not None and not target["undone"]:  # taken back now: a copy says so
                marked = {**target, "undone": True}
                rows[at] = marked  # type: ignore[index]
                shown_at = _index(shown_seqs, target["seq"])
                if shown_at is not None:
                    shown[shown_at] = marked
        elif text is None:
            text = _sentence(snap, ui, entry, action, lang) if ui is not None else ""
            sentences[slot] = text
        row["text"] = text
        if ev.kind == "action":
            kept.append(ev.seq)
        rows.append(row)
        seqs.append(ev.seq)
        if row["shown"]:
            shown.append(row)
            shown_seqs.append(ev.seq)
    return Log(snap.version, snap.history_length, rows, shown, seqs, shown_seqs, kept)


def _index(seqs: list[int], seq: int | None) -> int | None:
    """Where ``seq`` is in a log's ascending list of seqs, if it is there."""
    if seq is None:
        return None
    at = bisect.bisect_left(seqs, seq)
    return at if at < len(seqs) and seqs[at] == seq else None


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
