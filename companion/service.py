"""The authority for tables: load, check version, apply the rules, append, notify listeners.

Exactly one place decides whether an action is accepted. The current state of each table is cached
in memory with its version, so a read never replays the log; the log is replayed once when a table is
first touched after start-up.
"""

from __future__ import annotations

import json
import secrets
import threading
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

from .games.laminate import (
    DEFAULT_DECK,
    Action,
    Deck,
    GameState,
    IllegalAction,
    action_to_json,
    apply,
    new_game,
    parse_action,
)
from .games.laminate.jsonform import state_to_json
from .store import EventRow, Store, TableRecord, now_iso

NAME_MAX = 40
MAX_CACHED_TABLES = 256


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


@dataclass(frozen=True)
class Snapshot:
    """A table at one version, safe to read while other requests act."""

    record: TableRecord
    version: int
    state: GameState


@dataclass
class _Table:
    """The service's mutable cache entry. ``states[i]`` is the state after the i-th effective action,
    so undo is a pop, not a replay."""

    record: TableRecord
    version: int
    states: list[GameState]
    stack: list[EventRow] = field(default_factory=list)  # effective (not undone) action events

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def view(self) -> Snapshot:
        return Snapshot(self.record, self.version, self.states[-1])


@dataclass(frozen=True)
class Result:
    snapshot: Snapshot
    answer: dict[str, Any]  # the JSON answer ({"state": STATE}); replayed verbatim for a repeated action_id


def clean_name(raw: object) -> str:
    if not isinstance(raw, str):
        raise ServiceError(400, "bad_request", "Each player name must be text.",
                           "プレイヤー名は文字で入力してください。")
    name = unicodedata.normalize("NFC", raw).strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise ServiceError(400, "bad_request", f"Player names must be 1–{NAME_MAX} characters long.",
                           f"プレイヤー名は1〜{NAME_MAX}文字にしてください。")
    # Format characters are refused (bidi overrides can disguise a name) except the zero-width joiner
    # that emoji sequences such as 👩‍💻 need.
    if any(unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"} and ch != "\u200d"
           for ch in name):
        raise ServiceError(400, "bad_request", "Player names cannot contain control characters.",
                           "プレイヤー名に制御文字は使えません。")
    return name


class TableService:
    def __init__(self, store: Store, deck: Deck = DEFAULT_DECK) -> None:
        self.store = store
        self.deck = deck
        self._cache: OrderedDict[str, _Table] = OrderedDict()  # least recently used first
        # Writers queue on _write_lock for the whole act-and-append; _lock guards only the cache and is
        # never held across disk I/O, so reads stay fast while a write waits for fsync.
        self._write_lock = threading.RLock()
        self._lock = threading.RLock()
        # Streams wait on this; it guards only ``_versions`` and is never held while taking ``_lock``,
        # so a writer notifying can never deadlock with a waiter.
        self._changed = threading.Condition(threading.Lock())
        self._versions: dict[str, int] = {}
        self.closing = False

    # --- tables ---

    def create_table(self, names: list[object], start: object = 0, hints: object = True,
                     settings: dict[str, Any] | None = None) -> Snapshot:
        if not isinstance(names, list) or not 3 <= len(names) <= 5:
            raise ServiceError(400, "bad_request", "A table needs 3 to 5 players.", "プレイヤーは3〜5人です。")
        cleaned = [clean_name(n) for n in names]
        if len(set(cleaned)) != len(cleaned):
            raise ServiceError(400, "bad_request", "Player names must all be different.",
                               "プレイヤー名が重複しています。")
        if start == "random":
            start = secrets.randbelow(len(cleaned))
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < len(cleaned):
            raise ServiceError(400, "bad_request", f"“start” must be a seat from 0 to {len(cleaned) - 1}.",
                               f"開始プレイヤーは0〜{len(cleaned) - 1}の席番号で指定してください。")
        if not isinstance(hints, bool):
            raise ServiceError(400, "bad_request", "“hints” must be true or false.", "hints は true か false です。")
        record = TableRecord(secrets.token_urlsafe(18), secrets.token_urlsafe(18), tuple(cleaned), start,
                             hints, now_iso(), settings or {})
        self.store.create_table(record)
        table = _Table(record, 0, [new_game(cleaned, start, self.deck)])
        with self._lock:
            self._cache_put(record.id, table)
            return table.view()

    def resolve(self, any_id: str, *, write: bool = False) -> tuple[TableRecord, bool]:
        """The table behind a full or view id; 404 if none, 403 if ``write`` with a view id."""
        found = self.store.find_table(any_id) if _plausible_id(any_id) else None
        if found is None:
            raise ServiceError(404, "not_found", "There is no table with this id.", "このIDの卓はありません。")
        record, full = found
        if write and not full:
            raise ServiceError(403, "read_only", "This is a read-only link: it can watch the table but not act.",
                               "これは閲覧用リンクです。見ることはできますが操作はできません。")
        return record, full

    def update_settings(self, table_id: str, changes: dict[str, Any],
                        version: int | None = None) -> Snapshot:
        """Change table settings (assistant switch, suit names). Not a game action and not undoable,
        but a change all the same: it is logged and bumps the version so every device refreshes. Changes to
        the value a setting already has are dropped (decided under the write lock, so two devices sending the
        same switch log it once); with nothing left, the current snapshot comes back and nothing is written."""
        with self._write_lock:
            snap = self._table(table_id)
            self._check_version(snap, version)
            record = snap.record
            current = {**record.settings, "hints": record.hints}
            changes = {k: v for k, v in changes.items() if k not in current or current[k] != v}
            if not changes:
                with self._lock:
                    return snap.view()
            hints = changes.get("hints", record.hints)
            settings = {**record.settings, **{k: v for k, v in changes.items() if k != "hints"}}
            event = EventRow(snap.version + 1, "settings", None, {"type": "settings", **changes}, None, None,
                             now_iso())
            with self.store.write() as conn:
                self._check_log(conn, snap)
                self.store.append(conn, table_id, event, None)
                self.store.update_table(conn, table_id, hints, settings)
            with self._lock:
                snap.record = replace(record, hints=hints, settings=settings)
                snap.version = event.seq
                view = snap.view()
        self._notify(table_id, view.version)
        return view

    def recent(self, limit: int = 10) -> list[tuple[TableRecord, int, str | None]]:
        return self.store.recent_tables(limit)

    # --- reading ---

    def snapshot(self, table_id: str) -> Snapshot:
        with self._lock:
            return self._current(table_id).view()

    def version(self, table_id: str) -> int:
        with self._lock:
            return self._current(table_id).version

    def answer(self, snap: Snapshot, full: bool = True) -> dict[str, Any]:
        return state_to_json(snap.state, table_id=snap.record.id if full else None,
                             view_id=snap.record.view_id, version=snap.version, hints=snap.record.hints)

    def _table(self, table_id: str) -> _Table:
        with self._lock:
            return self._current(table_id)

    def _current(self, table_id: str) -> _Table:
        snap = self._cache.get(table_id)
        if snap is None:
            snap = self._rebuild(table_id)
            self._cache_put(table_id, snap)
        else:
            self._cache.move_to_end(table_id)
        return snap

    def _cache_put(self, table_id: str, table: _Table) -> None:
        self._cache[table_id] = table
        while len(self._cache) > MAX_CACHED_TABLES:  # old tables are rebuilt from the log if touched again
            self._cache.popitem(last=False)

    def _rebuild(self, table_id: str) -> _Table:
        """Replay the log once: actions push, undos pop (the version still counts every event)."""
        record, _ = self.resolve(table_id)
        snap = _Table(record, 0, [new_game(record.players, record.start, self.deck)])
        for event in self.store.events(table_id):
            snap.version = event.seq
            if event.kind == "settings":
                continue  # the table row holds the current settings
            if event.kind == "undo":
                snap.stack.pop()
                snap.states.pop()
            else:
                snap.states.append(apply(snap.state, parse_action(event.action, self.deck), self.deck))
                snap.stack.append(event)
        return snap

    def log(self, table_id: str) -> list[EventRow]:
        return self.store.events(table_id)

    # --- writing ---

    def act(self, table_id: str, action: Action, *, version: int | None = None, dry_run: bool = False,
            action_id: str | None = None) -> Result:
        with self._write_lock:
            snap = self._table(table_id)
            replay = self._replayed(table_id, action_id, "action")
            if replay is not None:
                return Result(snap.view(), replay)
            self._check_version(snap, version)
            new_state = apply(snap.state, action, self.deck)  # raises IllegalAction
            if dry_run:
                return Result(snap.view(), {"state": self.answer(snap.view()), "legal": True})
            event = EventRow(snap.version + 1, "action", snap.state.active, action_to_json(action), None,
                             action_id, now_iso())
            answer = self._commit(snap, event, new_state)
            return Result(self.snapshot(table_id), answer)

    def undo(self, table_id: str, *, version: int | None = None, action_id: str | None = None,
             dry_run: bool = False) -> Result:
        with self._write_lock:
            snap = self._table(table_id)
            replay = self._replayed(table_id, action_id, "undo")
            if replay is not None:
                return Result(snap.view(), replay)
            self._check_version(snap, version)
            if not snap.stack:
                raise IllegalAction("nothing_to_undo")
            if dry_run:
                return Result(snap.view(), {"state": self.answer(snap.view()), "legal": True})
            undone = snap.stack[-1]
            event = EventRow(snap.version + 1, "undo", undone.seat, {"type": "undo"}, undone.seq, action_id,
                             now_iso())
            answer = self._commit(snap, event, None)
            return Result(self.snapshot(table_id), answer)

    def _check_log(self, conn: Any, snap: _Table) -> None:
        """Inside the write transaction: the log must end where the cache thinks it does."""
        last = self.store.last_seq_in(conn, snap.record.id)
        if last != snap.version:
            # Another process wrote to this table: drop the cache; the caller's device is stale.
            with self._lock:
                self._cache.pop(snap.record.id, None)
            raise Stale(last)

    def _replayed(self, table_id: str, action_id: str | None, kind: str) -> dict[str, Any] | None:
        """The stored answer of an earlier request with this action_id (a retry), if any."""
        if action_id is None:
            return None
        stored = self.store.stored_answer(table_id, action_id)
        if stored is None:
            return None
        stored_kind, answer = stored
        if stored_kind != kind:
            raise ServiceError(400, "bad_request", "This action_id was already used for a different request.",
                               "この action_id はすでに別の操作に使われています。")
        return json.loads(answer)

    @staticmethod
    def _check_version(snap: _Table, version: int | None) -> None:
        if version is not None and version != snap.version:
            raise Stale(snap.version)

    def _commit(self, snap: _Table, event: EventRow, new_state: GameState | None) -> dict[str, Any]:
        """Append the event durably, then move the cached snapshot forward (states pop on undo)."""
        table_id = snap.record.id
        answer_state = new_state if new_state is not None else snap.states[-2]
        answer = {"state": state_to_json(answer_state, table_id=table_id, view_id=snap.record.view_id,
                                         version=event.seq, hints=snap.record.hints)}
        with self.store.write() as conn:
            self._check_log(conn, snap)
            self.store.append(conn, table_id, event, json.dumps(answer) if event.action_id else None)
        with self._lock:
            if new_state is not None:
                snap.states.append(new_state)
                snap.stack.append(event)
            else:
                snap.states.pop()
                snap.stack.pop()
            snap.version = event.seq
        self._notify(table_id, snap.version)
        return answer

    # --- live updates ---

    def _notify(self, table_id: str | None = None, version: int | None = None) -> None:
        with self._changed:
            if table_id is not None and version is not None:
                self._versions[table_id] = version
            self._changed.notify_all()

    def wait_for_change(self, table_id: str, known: int, timeout: float) -> int:
        """Block until the table's version differs from ``known`` (or timeout); return the version."""
        with self._changed:
            self._versions.setdefault(table_id, known)
            self._changed.wait_for(lambda: self.closing or self._versions[table_id] != known, timeout)
            return self._versions[table_id]

    def close(self) -> None:
        self.closing = True
        self._notify()


def _plausible_id(value: str) -> bool:
    return 8 <= len(value) <= 64 and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in value)
