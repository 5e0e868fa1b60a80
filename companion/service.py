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
from dataclasses import dataclass, replace
from typing import Any

from . import games
from .games.base import Game, RuleError, Viewer, clean_options
from .store import EventRow, Store, TableRecord, now_iso
from .tables import CachedTable, Entry, Snapshot

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
    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: OrderedDict[str, CachedTable] = OrderedDict()  # least recently used first
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

    def create_table(self, names: list[object], start: object = 0, options: object = None, *,
                     game: object = games.DEFAULT_GAME) -> Snapshot:
        found = games.get(game) if isinstance(game, str) else None
        if found is None:
            raise ServiceError(400, "unknown_game", "There is no such game on this server.",
                               "そのゲームはこのサーバーにありません。")
        lo, hi = found.min_players, found.max_players
        if not isinstance(names, list) or not lo <= len(names) <= hi:
            raise ServiceError(400, "bad_request", f"{found.name[0]} needs {lo} to {hi} players.",
                               f"{found.name[1]}のプレイヤーは{lo}〜{hi}人です。")
        cleaned = [clean_name(n) for n in names]
        if len(set(cleaned)) != len(cleaned):
            raise ServiceError(400, "bad_request", "Player names must all be different.",
                               "プレイヤー名が重複しています。")
        if start == "random":
            start = secrets.randbelow(len(cleaned))
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < len(cleaned):
            raise ServiceError(400, "bad_request", f"“start” must be a seat from 0 to {len(cleaned) - 1}.",
                               f"開始プレイヤーは0〜{len(cleaned) - 1}の席番号で指定してください。")
        try:
            chosen = clean_options(found.options, options)
        except RuleError as exc:
            raise ServiceError(400, "bad_request", exc.message("en"), exc.message("ja")) from None
        record = TableRecord(secrets.token_urlsafe(18), secrets.token_urlsafe(18), tuple(cleaned), start,
                             now_iso(), found.id, chosen)
        table = CachedTable(record, found, 0, [found.new_game(record.players, start, chosen)])
        self.store.create_table(record)
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
        """Change table settings (options the game marks as ``setting``: Laminate's assistant switch and suit
        names). Not a game action and not undoable, but a change all the same: it is logged and bumps the
        version so every device refreshes. Changes to the value a setting already has are dropped (decided
        under the write lock, so two devices sending the same switch log it once); with nothing left, the
        current snapshot comes back and nothing is written. ``changes`` must be cleaned by the caller."""
        with self._write_lock:
            snap = self._table(table_id)
            self._check_version(snap, version)
            record = snap.record
            changes = {k: v for k, v in changes.items() if record.options.get(k) != v}
            if not changes:
                with self._lock:
                    return snap.view()
            options = {**record.options, **changes}
            event = EventRow(snap.version + 1, "settings", None, {"type": "settings", **changes}, None, None,
                             now_iso())
            with self.store.write() as conn:
                self._check_log(conn, snap)
                self.store.append(conn, table_id, event, None)
                self.store.update_options(conn, table_id, options)
            with self._lock:
                snap.record = replace(record, options=options)
                snap.record_entry(Entry(event))
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

    def answer(self, snap: Snapshot, viewer: Viewer | bool = True) -> dict[str, Any]:
        """STATE for one viewer: the table's ids (the full id only for a full-access viewer), its version and
        game, then whatever the game lets this viewer see."""
        if isinstance(viewer, bool):
            viewer = Viewer(full=viewer)
        return _state_json(snap.record, snap.game, snap.state, snap.version, viewer)

    def _table(self, table_id: str) -> CachedTable:
        with self._lock:
            return self._current(table_id)

    def _current(self, table_id: str) -> CachedTable:
        snap = self._cache.get(table_id)
        if snap is None:
            snap = self._rebuild(table_id)
            self._cache_put(table_id, snap)
        else:
            self._cache.move_to_end(table_id)
        return snap

    def _cache_put(self, table_id: str, table: CachedTable) -> None:
        self._cache[table_id] = table
        while len(self._cache) > MAX_CACHED_TABLES:  # old tables are rebuilt from the log if touched again
            self._cache.popitem(last=False)

    def _rebuild(self, table_id: str) -> CachedTable:
        """Replay the log once: actions push, undos pop (the version still counts every event)."""
        record, _ = self.resolve(table_id)
        game = games.get(record.game)
        if game is None:
            raise ServiceError(404, "unknown_game", "This table's game is not offered by this server.",
                               "この卓のゲームはこのサーバーにはありません。")
        snap = CachedTable(record, game, 0, [game.new_game(record.players, record.start, record.options)])
        for event in self.store.events(table_id):
            snap.version = event.seq
            if event.kind == "settings":  # the table row holds the current settings
                snap.record_entry(Entry(event))
            elif event.kind == "undo":
                snap.stack.pop()
                before = snap.states.pop()
                snap.record_entry(Entry(event, before, snap.state))
            else:
                before = snap.state
                snap.states.append(game.apply(before, game.parse_action(event.action, before)))
                snap.stack.append(event)
                snap.record_entry(Entry(event, before, snap.state))
        return snap

    def log(self, table_id: str) -> list[EventRow]:
        return self.store.events(table_id)

    # --- writing ---

    def parse(self, table_id: str, raw: Any) -> Any:
        """The game's action for a JSON ``action`` (raises the game's BadRequest for nonsense)."""
        snap = self.snapshot(table_id)
        return snap.game.parse_action(raw, snap.state)

    def act(self, table_id: str, action: Any, *, version: int | None = None, dry_run: bool = False,
            action_id: str | None = None) -> Result:
        with self._write_lock:
            snap = self._table(table_id)
            replay = self._replayed(table_id, action_id, "action")
            if replay is not None:
                return Result(snap.view(), replay)
            self._check_version(snap, version)
            game = snap.game
            new_state = game.apply(snap.state, action)  # raises the game's RuleError
            if dry_run:
                return Result(snap.view(), {"state": self.answer(snap.view()), "legal": True})
            event = EventRow(snap.version + 1, "action", game.actor(snap.state, action), game.action_to_json(action),
                             None, action_id, now_iso())
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
                raise ServiceError(409, "nothing_to_undo", "There is nothing to undo yet.",
                                   "取り消せる操作はまだありません。")
            if dry_run:
                return Result(snap.view(), {"state": self.answer(snap.view()), "legal": True})
            undone = snap.stack[-1]
            event = EventRow(snap.version + 1, "undo", undone.seat, {"type": "undo"}, undone.seq, action_id,
                             now_iso())
            answer = self._commit(snap, event, None)
            return Result(self.snapshot(table_id), answer)

    def _check_log(self, conn: Any, snap: CachedTable) -> None:
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
    def _check_version(snap: CachedTable, version: int | None) -> None:
        if version is not None and version != snap.version:
            raise Stale(snap.version)

    def _commit(self, snap: CachedTable, event: EventRow, new_state: Any) -> dict[str, Any]:
        """Append the event durably, then move the cached snapshot forward (states pop on undo)."""
        table_id = snap.record.id
        answer_state = new_state if new_state is not None else snap.states[-2]
        answer = {"state": _state_json(snap.record, snap.game, answer_state, event.seq, Viewer(full=True))}
        with self.store.write() as conn:
            self._check_log(conn, snap)
            self.store.append(conn, table_id, event, json.dumps(answer) if event.action_id else None)
        with self._lock:
            before = snap.state
            if new_state is not None:
                snap.states.append(new_state)
                snap.stack.append(event)
            else:
                snap.states.pop()
                snap.stack.pop()
            snap.record_entry(Entry(event, before, snap.state))
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


def _state_json(record: TableRecord, game: Game, state: Any, version: int, viewer: Viewer) -> dict[str, Any]:
    return {"id": record.id if viewer.full else None, "view_id": record.view_id, "version": version,
            "game": game.id, **game.state_to_json(state, viewer, record.options)}


def _plausible_id(value: str) -> bool:
    return 8 <= len(value) <= 64 and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in value)
