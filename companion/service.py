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
from .refusal import ServiceError, Stale
from .seats import SeatClaims
from .store import EventRow, Store, TableRecord, now_iso
from .subscribers import LiveUpdates
from .tables import CachedTable, Entry, Snapshot

NAME_MAX = 40
MAX_CACHED_TABLES = 256


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


class TableService(SeatClaims, LiveUpdates):
    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: OrderedDict[str, CachedTable] = OrderedDict()  # least recently used first
        # Writers queue on _write_lock for the whole act-and-append; _lock guards only the cache and is
        # never held across disk I/O, so reads stay fast while a write waits for fsync.
        self._write_lock = threading.RLock()
        self._lock = threading.RLock()
        self._init_live()  # the streams' side: companion/subscribers.py

    # --- tables ---

    def create_table(self, names: object, start: object = 0, options: object = None, *,
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
        try:  # a game may refuse a set-up its options allow one by one (a deck too small to deal)
            first = found.new_game(record.players, start, chosen)
        except RuleError as exc:
            raise ServiceError(400, exc.code, exc.message("en"), exc.message("ja")) from None
        table = CachedTable(record, found, 0, [first])
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

    # --- plays: play again, and reading every table for the plays record ---

    def next_table(self, table_id: str) -> TableRecord | None:
        """The table that "play again" made from this one, if any."""
        return self.store.next_of(table_id)

    def play_again(self, table_id: str) -> tuple[Snapshot, bool]:
        """A new table for a finished one: the same players and seats, the start moved on one seat, the same
        options (settings included). The old table logs a ``next`` event (the version goes up, so every phone
        refreshes and follows). Asked twice (two phones at once), the second gets the same new table:
        (snapshot of the new table, whether it was made now)."""
        with self._write_lock:
            snap = self._table(table_id)
            found = self.store.next_of(table_id)
            if found is not None:
                return self.snapshot(found.id), False
            record, game = snap.record, snap.game
            if not game.over(snap.state):
                raise ServiceError(409, "game_not_over", "The game is not over yet: finish it before playing again.",
                                   "ゲームはまだ終わっていません。終わってからもう一度遊べます。")
            options = {o.id: record.options[o.id] for o in game.options if o.id in record.options}
            new = self.create_table(list(record.players), (record.start + 1) % len(record.players), options,
                                    game=game.id)
            event = EventRow(snap.version + 1, "next", None, {"type": "next_table"}, None, None, now_iso())
            with self.store.write() as conn:
                self._check_log(conn, snap)
                self.store.append(conn, table_id, event, None)
                self.store.link_next(conn, table_id, new.record.id, event.at)
            with self._lock:
                snap.record_entry(Entry(event))
                snap.version = event.seq
        self._notify(table_id, event.seq)
        return new, True

    def peek(self, table_id: str) -> Snapshot:
        """A table as it is now, without caching it: the plays pages read every table, and replaying an old
        one must not push a live table out of the cache."""
        with self._lock:
            cached = self._cache.get(table_id)
            if cached is not None:
                return cached.view()
        return self._rebuild(table_id).view()

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
            if event.kind in ("settings", "seat", "next"):  # the row holds the settings; seats, links are in the store
                snap.record_entry(Entry(event))
            elif event.kind == "undo":
                snap.stack.pop()
                before = snap.states.pop()
                snap.record_entry(Entry(event, before, snap.state))
            else:
                before = snap.state
                snap.states.append(game.apply(before, game.parse(event.action, snap.context(before))))
                snap.stack.append(event)
                snap.record_entry(Entry(event, before, snap.state))
        return snap

    def log(self, table_id: str) -> list[EventRow]:
        return self.store.events(table_id)

    # --- writing ---

    def parse(self, table_id: str, raw: Any) -> Any:
        """The game's action for a JSON ``action`` (raises the game's BadRequest for nonsense)."""
        snap = self.snapshot(table_id)
        return snap.game.parse(raw, snap.context())

    def act(self, table_id: str, action: Any, *, version: int | None = None, dry_run: bool = False,
            action_id: str | None = None, viewer: Viewer | None = None) -> Result:
        """Apply one action. ``viewer`` is the requesting device: its proven seat must match what the game's
        ``proof_needed`` asks for, and the answer shows what that device may see."""
        viewer = viewer or Viewer(full=True)
        with self._write_lock:
            snap = self._table(table_id)
            replay = self._replayed(table_id, action_id, "action")
            if replay is not None:
                return Result(snap.view(), replay)
            self._check_version(snap, version)
            game = snap.game
            self._check_proof(snap, action, viewer)
            if not dry_run and game.prepare is not None:  # server randomness, filled in before it is logged
                action = game.prepare(snap.state, action, secrets.randbelow)
            new_state = game.play(snap.state, action, snap.record.players)  # raises the game's RuleError
            if dry_run:
                return Result(snap.view(), {"state": self.answer(snap.view(), viewer), "legal": True})
            event = EventRow(snap.version + 1, "action", game.actor(snap.state, action), game.dump(action),
                             None, action_id, now_iso(), _acting_seat(viewer))
            answer = self._commit(snap, event, new_state, viewer)
            return Result(self.snapshot(table_id), answer)

    @staticmethod
    def _check_proof(snap: CachedTable, action: Any, viewer: Viewer, state: Any = None) -> None:
        """403 unless ``viewer`` proves the seat the game's ``proof_needed`` asks for ``action`` in ``state``
        (the current state, or for an undo the state the undone action was taken in)."""
        game = snap.game
        state = snap.state if state is None else state
        needed = game.proof_needed(state, action) if game.proof_needed is not None else None
        if needed is not None and viewer.proven != needed:
            name = snap.record.players[needed] if 0 <= needed < len(snap.record.players) else "?"
            raise ServiceError(403, "seat_proof_needed",
                               f"Only {name}'s own phone can do this: claim the seat on that phone first.",
                               f"これは{name}さん本人の端末でしかできません。その端末で席を登録してください。")

    def undo(self, table_id: str, *, version: int | None = None, action_id: str | None = None,
             dry_run: bool = False, viewer: Viewer | None = None) -> Result:
        viewer = viewer or Viewer(full=True)
        with self._write_lock:
            snap = self._table(table_id)
            replay = self._replayed(table_id, action_id, "undo")
            if replay is not None:
                return Result(snap.view(), replay)
            self._check_version(snap, version)
            if not snap.stack:
                raise ServiceError(409, "nothing_to_undo", "There is nothing to undo yet.",
                                   "取り消せる操作はまだありません。")
            undone, game = snap.stack[-1], snap.game
            if game.proof_needed is not None or game.undo_blocked is not None:  # a game with secrets
                before = snap.states[-2]
                undone_action = game.parse(undone.action, snap.context(before))
                refusal = game.undo_blocked(before, undone_action) if game.undo_blocked is not None else None
                if refusal is not None:  # e.g. a secret die already revealed stays revealed
                    raise refusal
                # Taking an action back needs the seat proof the action itself needed (a phone without the
                # parent's token cannot withdraw the parent's declaration).
                self._check_proof(snap, undone_action, viewer, before)
            if dry_run:
                return Result(snap.view(), {"state": self.answer(snap.view(), viewer), "legal": True})
            event = EventRow(snap.version + 1, "undo", undone.seat, {"type": "undo"}, undone.seq, action_id,
                             now_iso(), _acting_seat(viewer))
            answer = self._commit(snap, event, None, viewer)
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

    def _commit(self, snap: CachedTable, event: EventRow, new_state: Any,
                viewer: Viewer | None = None) -> dict[str, Any]:
        """Append the event durably, then move the cached snapshot forward (states pop on undo). The answer
        kept for a retried action_id is what any full-link device may see; the caller gets its own view."""
        table_id = snap.record.id
        answer_state = new_state if new_state is not None else snap.states[-2]
        public = {"state": _state_json(snap.record, snap.game, answer_state, event.seq, Viewer(full=True))}
        answer = public if viewer is None or viewer.proven is None else \
            {"state": _state_json(snap.record, snap.game, answer_state, event.seq, viewer)}
        with self.store.write() as conn:
            self._check_log(conn, snap)
            self.store.append(conn, table_id, event, json.dumps(public) if event.action_id else None)
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


def _state_json(record: TableRecord, game: Game, state: Any, version: int, viewer: Viewer) -> dict[str, Any]:
    return {"id": record.id if viewer.full else None, "view_id": record.view_id, "version": version,
            "game": game.id, **game.state_to_json(state, viewer, record.options)}


def _acting_seat(viewer: Viewer) -> int | None:
    """Which device acted, for the history: the seat it proved, else the seat it says it is."""
    return viewer.proven if viewer.proven is not None else viewer.seat


def _plausible_id(value: str) -> bool:
    return 8 <= len(value) <= 64 and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in value)
