"""The authority for tables: load, check version, apply the rules, append, notify listeners.

Exactly one place decides whether an action is accepted. The current state of each table is cached
in memory with its version, so a read never replays the log; the log is replayed once when a table is
first touched after start-up. Several processes may serve one database: before a cached table is served it
learns whether another process moved it on (``Store.changes``) and then replays only the new events; a write is
computed on the cached state and verified inside its transaction (the log must end where the cache thinks),
and one that lost a race catches up and is judged again.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, TypeVar

from . import games
from .games.base import Game, RuleError, Viewer, clean_options
from .games.texts import COMMON
from .refusal import ServiceError, Stale
from .seats import SeatClaims
from .store import Change, EventRow, IntegrityError, Store, TableRecord, Transaction, now_iso
from .subscribers import LiveUpdates
from .tables import Behind, CachedTable, Entry, Snapshot

NAME_MAX = 40
MAX_CACHED_TABLES = 256
MAX_ATTEMPTS = 50  # a write that loses this many races in a row to other processes is told stale

T = TypeVar("T")
log = logging.getLogger("companion.service")


@dataclass(frozen=True)
class Result:
    snapshot: Snapshot
    answer: dict[str, Any]  # the JSON answer ({"state": STATE}); replayed verbatim for a repeated action_id


def clean_name(raw: object) -> str:
    if not isinstance(raw, str):
        raise ServiceError(400, "bad_request", COMMON.msg("svc_name_text"))
    name = unicodedata.normalize("NFC", raw).strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise ServiceError(400, "bad_request", COMMON.msgn("svc_name_length", NAME_MAX, most=NAME_MAX))
    # Format characters are refused (bidi overrides can disguise a name) except the zero-width joiner
    # that emoji sequences such as 👩‍💻 need.
    if any(unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"} and ch != "\u200d"
           for ch in name):
        raise ServiceError(400, "bad_request", COMMON.msg("svc_name_control"))
    return name


class TableService(SeatClaims, LiveUpdates):
    #: Public mode (``companion serve --public``): a table without any event for this many seconds is closed —
    #: it takes no more changes (its play stays in the plays record). None: tables never close (a LAN).
    close_idle_after: float | None = None

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock  # seconds since the epoch; what "idle" is measured with
        self._cache: OrderedDict[str, CachedTable] = OrderedDict()  # least recently used first
        # _lock guards only the cache and the entries' fields (briefly: never across disk or network I/O), so
        # reads stay fast while a write waits for its commit. Writers of one table queue on its entry's lock;
        # writers of different tables only meet in the store (SQLite: one at a time; PostgreSQL: in parallel).
        self._lock = threading.RLock()
        self._together = threading.local()  # reads_together(): the tables this thread has caught up in the block
        self._init_live()  # the streams' side: companion/subscribers.py
        # Changes committed by other processes (and this one's, which it already knows) arrive on a store thread.
        self._stop_listening = store.listen(self._delivered)

    def close(self) -> None:
        self._stop_listening()
        super().close()

    # --- tables ---

    def create_table(self, names: object, start: object = 0, options: object = None, *,
                     game: object = games.DEFAULT_GAME) -> Snapshot:
        table = self._new_table(names, start, options, game)
        self.store.create_table(table.record)
        with self._lock:
            self._cache_put(table.record.id, table)
            return table.view()

    def _new_table(self, names: object, start: object, options: object, game: object) -> CachedTable:
        """A new table's cache entry (nothing stored yet), or the refusal of its set-up."""
        found = games.get(game) if isinstance(game, str) else None
        if found is None:
            raise ServiceError(400, "unknown_game", COMMON.msg("svc_unknown_game"))
        lo, hi = found.min_players, found.max_players
        if not isinstance(names, list) or not lo <= len(names) <= hi:
            raise ServiceError(400, "bad_request", COMMON.msgn("svc_player_count", hi, game=found.name, lo=lo, hi=hi))
        cleaned = [clean_name(n) for n in names]
        if len(set(cleaned)) != len(cleaned):
            raise ServiceError(400, "bad_request", COMMON.msg("svc_names_differ"))
        if start == "random":
            start = secrets.randbelow(len(cleaned))
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < len(cleaned):
            raise ServiceError(400, "bad_request", COMMON.msg("svc_start_seat", top=len(cleaned) - 1))
        try:
            chosen = clean_options(found.options, options)
        except RuleError as exc:
            raise ServiceError(400, "bad_request", exc) from None
        record = TableRecord(secrets.token_urlsafe(18), secrets.token_urlsafe(18), tuple(cleaned), start,
                             now_iso(), found.id, chosen)
        try:  # a game may refuse a set-up its options allow one by one (a deck too small to deal)
            first = found.new_game(record.players, start, chosen)
        except RuleError as exc:
            raise ServiceError(400, exc.code, exc) from None
        return CachedTable(record, found, 0, [first])

    def resolve(self, any_id: str, *, write: bool = False) -> tuple[TableRecord, bool]:
        """The table behind a full or view id; 404 if none, 403 if ``write`` with a view id."""
        found = self.store.find_table(any_id) if _plausible_id(any_id) else None
        if found is None:
            raise ServiceError(404, "not_found", COMMON.msg("svc_no_table"))
        record, full = found
        if write and not full:
            raise ServiceError(403, "read_only", COMMON.msg("svc_read_only"))
        return record, full

    def update_settings(self, table_id: str, changes: dict[str, Any],
                        version: int | None = None) -> Snapshot:
        """Change table settings (options the game marks as ``setting``: Laminate's assistant switch and suit
        names). Not a game action and not undoable, but a change all the same: it is logged and bumps the
        version so every device refreshes. Changes to the value a setting already has are dropped (decided
        on the table's latest state, so two devices sending the same switch log it once); with nothing left, the
        current snapshot comes back and nothing is written. ``changes`` must be cleaned by the caller."""
        def attempt(entry: CachedTable) -> Snapshot:
            self._check_version(entry, version)
            record = entry.record
            wanted = {k: v for k, v in changes.items() if record.options.get(k) != v}
            if not wanted:
                if self._catch_up(entry):  # "already so" must hold on the latest state too
                    raise Behind
                with self._lock:
                    return entry.view()
            options = {**record.options, **wanted}
            event = EventRow(entry.version + 1, "settings", None, {"type": "settings", **wanted}, None, None,
                             now_iso())
            self._append(entry, event, also=lambda tx: tx.update_options(table_id, options))
            with self._lock:
                entry.record = replace(record, options=options)
                view = self._moved(entry, event)
            self._notify(table_id, view.version)
            return view

        return self._retrying(table_id, attempt)

    def recent(self, limit: int = 10) -> list[tuple[TableRecord, int, str | None]]:
        return self.store.recent_tables(limit)

    # --- plays: play again, and reading every table for the plays record ---

    def next_table(self, table_id: str) -> TableRecord | None:
        """The table that "play again" made from this one, if any."""
        return self.store.next_of(table_id)

    def play_again(self, table_id: str) -> tuple[Snapshot, bool]:
        """A new table for a finished one: the same players and seats, the start moved on one seat, the same
        options (settings included). The old table logs a ``next`` event (the version goes up, so every phone
        refreshes and follows). Asked twice (two phones at once, through any processes), the second gets the same
        new table: (snapshot of the new table, whether it was made now)."""
        def attempt(entry: CachedTable) -> tuple[Snapshot | str, bool]:
            found = self.store.next_of(table_id)
            if found is not None:  # read after this table's lock is let go: locks are never held two at a time
                return found.id, False
            record, game = entry.record, entry.game
            if not game.over(entry.state):
                if self._catch_up(entry):
                    raise Behind
                raise ServiceError(409, "game_not_over", COMMON.msg("svc_game_not_over"))
            options = {o.id: record.options[o.id] for o in game.options if o.id in record.options}
            new = self._new_table(list(record.players), (record.start + 1) % len(record.players), options, game.id)
            event = EventRow(entry.version + 1, "next", None, {"type": "next_table"}, None, None, now_iso())

            def link(tx: Transaction) -> None:
                # the new table, the link and the old table's event: together or not at all
                tx.insert_table(new.record)
                tx.link_next(table_id, new.record.id, event.at)

            self._append(entry, event, also=link)
            with self._lock:
                self._cache_put(new.record.id, new)
                made = new.view()
                view = self._moved(entry, event)
            self._notify(table_id, view.version)
            return made, True

        made, now = self._retrying(table_id, attempt)
        return (self.snapshot(made) if isinstance(made, str) else made), now

    def peek(self, table_id: str) -> Snapshot:
        """A table as it is now, without caching it: the plays pages read every table, and replaying an old
        one must not push a live table out of the cache."""
        with self._lock:
            cached = self._cache.get(table_id)
        if cached is not None:
            return self.snapshot(table_id)
        return self._rebuild(table_id).view()

    # --- reading ---

    def snapshot(self, table_id: str) -> Snapshot:
        entry = self._fresh(table_id)
        with self._lock:
            return entry.view()

    def version(self, table_id: str) -> int:
        """The table's version, after learning of any other process's change (see ``_fresh``)."""
        return self._fresh(table_id).version

    def answer(self, snap: Snapshot, viewer: Viewer | bool = True) -> dict[str, Any]:
        """STATE for one viewer: the table's ids (the full id only for a full-access viewer), its version and
        game, then whatever the game lets this viewer see."""
        if isinstance(viewer, bool):
            viewer = Viewer(full=viewer)
        return _state_json(snap.record, snap.game, snap.state, snap.version, viewer)

    def log(self, table_id: str) -> list[EventRow]:
        return self.store.events(table_id)

    # --- the cache, and keeping it in step with the database ---

    def _fresh(self, table_id: str) -> CachedTable:
        """The table's entry, caught up with whatever any process committed before this call: the store says
        what moved (SQLite: nothing, for one pragma, unless some connection committed; PostgreSQL: the table's
        last seq), and only an entry that is behind replays the new events. Inside ``reads_together`` the
        store is asked once per table."""
        asked: set[str] | None = getattr(self._together, "asked", None)
        if asked is None or table_id not in asked:
            moved = self.store.changes(table_id)
            if moved:
                self._caught_up(moved, relay=False)
            if asked is not None:
                asked.add(table_id)
        return self._entry(table_id)

    @contextmanager
    def reads_together(self) -> Iterator[None]:
        """Reads in this thread, in this block, that belong to one moment — the live layer's rendering of a
        change for each of a table's phones — ask the store whether the table moved once, not once per read
        (on PostgreSQL a query each: five phones made five). A change committed meanwhile by another process
        is not missed: its notice starts the next rendering."""
        outer = getattr(self._together, "asked", None)
        self._together.asked = set() if outer is None else outer
        try:
            yield
        finally:
            self._together.asked = outer

    def _entry(self, table_id: str) -> CachedTable:
        """The cached entry, or one replayed from the log (outside the cache lock) and cached."""
        with self._lock:
            entry = self._cache.get(table_id)
            if entry is not None:
                self._cache.move_to_end(table_id)
                return entry
        built = self._rebuild(table_id)
        with self._lock:
            entry = self._cache.get(table_id)  # another thread may have built it meanwhile: one entry per table
            if entry is None:
                entry = built
                self._cache_put(table_id, entry)
            return entry

    def cached_version(self, table_id: str) -> int | None:
        """The version this process holds for the table, or None: never any I/O, so an event loop may ask it
        (``version()`` may ask the database first: on PostgreSQL one query)."""
        with self._lock:
            entry = self._cache.get(table_id)
            return entry.version if entry is not None else None

    _cached_version = cached_version  # what the streams' side (subscribers.py) asks

    def _cache_put(self, table_id: str, table: CachedTable) -> None:
        self._cache[table_id] = table
        while len(self._cache) > MAX_CACHED_TABLES:  # old tables are rebuilt from the log if touched again
            self._cache.popitem(last=False)

    def _rebuild(self, table_id: str) -> CachedTable:
        """Replay the log once: actions push, undos pop (the version still counts every event)."""
        record, _ = self.resolve(table_id)
        game = games.get(record.game)
        if game is None:
            raise ServiceError(404, "unknown_game", COMMON.msg("svc_game_not_offered"))
        entry = CachedTable(record, game, 0, [game.new_game(record.players, record.start, record.options)])
        events = self.store.events(table_id)
        entry.advance(events)
        if any(e.kind == "settings" for e in events):  # the row as it is after the last settings event read
            entry.record = self.resolve(table_id)[0]
        return entry

    def _catch_up(self, entry: CachedTable) -> bool:
        """Bring a cached entry up to the log's end by replaying only the events after its version (never the
        whole log). Whether it moved. Takes the entry's lock, so it never replays under a writer of this process
        whose event is committed but not yet applied."""
        table_id = entry.record.id
        with entry.lock:
            events = self.store.events(table_id, after=entry.version)
            if not events:
                return False
            # a settings change is in the row as well as in the log: read the row after the events it goes with
            record = self.store.find_table(table_id) if any(e.kind == "settings" for e in events) else None
            with self._lock:
                try:
                    entry.advance(events)
                except BaseException:  # a log this server cannot replay: forget the entry, never serve it half-way
                    self._cache.pop(table_id, None)
                    raise
                if record is not None:
                    entry.record = record[0]
        return True

    def _caught_up(self, moved: list[Change], *, relay: bool) -> None:
        """Tables some writer moved on: each cached one that is behind catches up, and its streams and listeners
        hear of the version it can now serve. ``relay``: these came from the store's listener, which tells of every
        change once, so a table this process does not hold is announced too (a read only looks)."""
        for table_id, seq in moved:
            if not table_id:  # the listener may have missed notices (its connection was lost): check every table
                self._resync()
                continue
            with self._lock:
                entry = self._cache.get(table_id)
            if entry is None:
                if relay:
                    self._notify(table_id, seq)
                continue
            if entry.version >= seq:  # known already: this process's own write, or caught up (and told) before
                continue
            if self._catch_up(entry):
                self._notify(table_id, entry.version)

    def _resync(self) -> None:
        with self._lock:
            held = list(self._cache)
        latest = self.store.versions(held)
        self._caught_up([(tid, latest[tid]) for tid in held if tid in latest], relay=True)

    def _delivered(self, moved: list[Change]) -> None:
        """From the store's listener thread: changes committed by any process."""
        try:
            self._caught_up(moved, relay=True)
        except Exception:  # noqa: BLE001 - a table this server cannot serve must not stop the others' notices
            log.exception("could not follow a change of another process")

    # --- tables left idle (public mode) ---

    def idle_for(self, table_id: str) -> float | None:
        """Seconds since the table's last event (or its creation), as this process holds it (no I/O: the event
        loop may ask); None when it holds no such table."""
        with self._lock:
            entry = self._cache.get(table_id)
            if entry is None:
                return None
            last = entry.entries[-1].event.at if entry.entries else entry.record.created_at
        return self.clock() - _epoch(last)

    def idle_past_limit(self, last_at: str) -> bool:
        """Whether a table whose last event (or creation) was at ``last_at`` is closed for being idle by now
        (public mode's ``close_idle_after``): what the plays record says of a table this process need not hold."""
        limit = self.close_idle_after
        return limit is not None and self.clock() - _epoch(last_at) > limit

    def is_closed(self, table_id: str) -> bool:
        """Whether the table is closed for being idle past ``close_idle_after`` (as this process holds it)."""
        limit = self.close_idle_after
        idle = self.idle_for(table_id) if limit is not None else None
        return idle is not None and limit is not None and idle > limit

    def closed_refusal(self) -> ServiceError:
        """What a write to a table closed for being idle is told (409 ``table_closed``); the page says it too."""
        hours = f"{(self.close_idle_after or 0) / 3600:.3g}"
        return ServiceError(409, "table_closed", COMMON.msg("svc_table_closed", hours=hours))

    def _check_open(self, entry: CachedTable) -> None:
        """Before a write: a table closed for being idle takes no more (``closed_refusal``), judged on the latest
        log — another process may have written to it a moment ago (then the write is judged again)."""
        if not self.is_closed(entry.record.id):
            return
        if self._catch_up(entry):
            raise Behind
        raise self.closed_refusal()

    # --- writing ---

    def _retrying(self, table_id: str, attempt: Callable[[CachedTable], T]) -> T:
        """Make one write's ``attempt`` with the table's entry and its lock held. An attempt that finds the log
        moved on (``Behind``: the entry has caught up) is made again, judged on the new state. An attempt never
        takes another table's lock (a read of another table waits until it is done): with one table lock per
        thread at a time, two writers can never wait for each other."""
        for _ in range(MAX_ATTEMPTS):
            entry = self._entry(table_id)
            with entry.lock:
                try:
                    return attempt(entry)
                except Behind:
                    continue
        raise Stale(self.store.last_seq(table_id))  # other writers kept winning: the device looks again

    def _append(self, entry: CachedTable, event: EventRow, answer: str | None = None,
                also: Callable[[Transaction], None] | None = None) -> None:
        """Append ``event`` durably (with what ``also`` writes, in the same transaction) if the log still ends
        where the entry thinks it does; else catch the entry up and raise ``Behind`` (the caller's attempt is
        judged again). The database has the last word: a seq or action id another process took meanwhile is
        refused by its keys, and that too is a caught-up entry and another attempt."""
        table_id = entry.record.id
        self._check_open(entry)
        try:
            with self.store.write(table_id) as tx:
                if tx.last_seq(table_id) != entry.version:
                    raise Behind
                if also is not None:
                    also(tx)
                tx.append(table_id, event, answer)
        except (Behind, IntegrityError):
            self._catch_up(entry)
            raise Behind from None

    def _moved(self, entry: CachedTable, event: EventRow, new_state: Any = None) -> Snapshot:
        """Under ``_lock``, after the commit: the entry takes its own event (states push, or pop on undo)."""
        before = entry.state
        if event.kind == "action":
            entry.states.append(new_state)
            entry.stack.append(event)
            entry.record_entry(Entry(event, before, entry.state))
        elif event.kind == "undo":
            entry.states.pop()
            entry.stack.pop()
            entry.record_entry(Entry(event, before, entry.state))
        else:
            entry.record_entry(Entry(event))
        entry.version = event.seq
        return entry.view()

    def parse(self, table_id: str, raw: Any) -> Any:
        """The game's action for a JSON ``action`` (raises the game's BadRequest for nonsense)."""
        snap = self.snapshot(table_id)
        return snap.game.parse(raw, snap.context())

    def act(self, table_id: str, action: Any, *, version: int | None = None, dry_run: bool = False,
            action_id: str | None = None, viewer: Viewer | None = None) -> Result:
        """Apply one action. ``viewer`` is the requesting device: its proven seat must match what the game's
        ``proof_needed`` asks for, and the answer shows what that device may see."""
        viewer = viewer or Viewer(full=True)
        if dry_run:  # a dry run is a read: judged on the latest state
            self._fresh(table_id)

        def attempt(entry: CachedTable) -> Result:
            replay = self._replayed(table_id, action_id, "action")
            if replay is not None:
                with self._lock:
                    return Result(entry.view(), replay)
            self._check_version(entry, version)
            game = entry.game
            with self._judged(entry):
                self._check_proof(entry, action, viewer)
                prepared = action
                if not dry_run and game.prepare is not None:  # server randomness, filled in before it is logged
                    prepared = game.prepare(entry.state, action, secrets.randbelow)
                new_state = game.play(entry.state, prepared, entry.record.players)  # raises the game's RuleError
            if dry_run:
                with self._lock:
                    view = entry.view()
                return Result(view, {"state": self.answer(view, viewer), "legal": True})
            event = EventRow(entry.version + 1, "action", game.actor(entry.state, prepared),
                             game.dump(prepared), None, action_id, now_iso(), _acting_seat(viewer))
            return self._commit(entry, event, new_state, viewer)

        return self._retrying(table_id, attempt)

    @staticmethod
    def _check_proof(snap: CachedTable, action: Any, viewer: Viewer, state: Any = None) -> None:
        """403 unless ``viewer`` proves the seat the game's ``proof_needed`` asks for ``action`` in ``state``
        (the current state, or for an undo the state the undone action was taken in)."""
        game = snap.game
        state = snap.state if state is None else state
        needed = game.proof_needed(state, action) if game.proof_needed is not None else None
        if needed is not None and viewer.proven != needed:
            name = snap.record.players[needed] if 0 <= needed < len(snap.record.players) else "?"
            raise ServiceError(403, "seat_proof_needed", COMMON.msg("svc_seat_proof", name=name))

    def undo(self, table_id: str, *, version: int | None = None, action_id: str | None = None,
             dry_run: bool = False, viewer: Viewer | None = None) -> Result:
        viewer = viewer or Viewer(full=True)
        if dry_run:
            self._fresh(table_id)

        def attempt(entry: CachedTable) -> Result:
            replay = self._replayed(table_id, action_id, "undo")
            if replay is not None:
                with self._lock:
                    return Result(entry.view(), replay)
            self._check_version(entry, version)
            with self._judged(entry):
                if not entry.stack:
                    raise ServiceError(409, "nothing_to_undo", COMMON.msg("err_nothing_to_undo"))
                undone, game = entry.stack[-1], entry.game
                if game.proof_needed is not None or game.undo_blocked is not None:  # a game with secrets
                    before = entry.states[-2]
                    undone_action = game.parse(undone.action, entry.context(before))
                    refusal = game.undo_blocked(before, undone_action) if game.undo_blocked is not None else None
                    if refusal is not None:  # e.g. a secret die already revealed stays revealed
                        raise refusal
                    # Taking an action back needs the seat proof the action itself needed (a phone without the
                    # parent's token cannot withdraw the parent's declaration).
                    self._check_proof(entry, undone_action, viewer, before)
            if dry_run:
                with self._lock:
                    view = entry.view()
                return Result(view, {"state": self.answer(view, viewer), "legal": True})
            event = EventRow(entry.version + 1, "undo", undone.seat, {"type": "undo"}, undone.seq, action_id,
                             now_iso(), _acting_seat(viewer))
            return self._commit(entry, event, None, viewer)

        return self._retrying(table_id, attempt)

    @contextmanager
    def _judged(self, entry: CachedTable) -> Iterator[None]:
        """A refusal judged on the cached state holds only if the log has not moved on meanwhile (another process
        wrote): then the entry catches up and the attempt is made again (a refusal costs one look at the log)."""
        try:
            yield
        except (RuleError, ServiceError) as exc:
            if isinstance(exc, ServiceError) and exc.status == 400:  # bad input whatever the state
                raise
            if self._catch_up(entry):
                raise Behind from None
            raise

    def _replayed(self, table_id: str, action_id: str | None, kind: str) -> dict[str, Any] | None:
        """The stored answer of an earlier request with this action_id (a retry), if any."""
        if action_id is None:
            return None
        stored = self.store.stored_answer(table_id, action_id)
        if stored is None:
            return None
        stored_kind, answer = stored
        if stored_kind != kind:
            raise ServiceError(400, "bad_request", COMMON.msg("svc_action_id_reused"))
        return json.loads(answer)

    def _check_version(self, entry: CachedTable, version: int | None) -> None:
        """The device's version must be the table's. When it differs from the cache, the cache may be the one
        behind (another process wrote): it catches up first, so a device that sent the latest version is never
        told ``stale`` because of this process."""
        if version is not None and version != entry.version:
            self._catch_up(entry)
            if version != entry.version:
                raise Stale(entry.version)

    def _commit(self, entry: CachedTable, event: EventRow, new_state: Any,
                viewer: Viewer | None = None) -> Result:
        """Append the event durably, then move the cached entry forward (states pop on undo). The answer
        kept for a retried action_id is what any full-link device may see; the caller gets its own view."""
        answer_state = new_state if new_state is not None else entry.states[-2]
        public = {"state": _state_json(entry.record, entry.game, answer_state, event.seq, Viewer(full=True))}
        answer = public if viewer is None or viewer.proven is None else \
            {"state": _state_json(entry.record, entry.game, answer_state, event.seq, viewer)}
        self._append(entry, event, json.dumps(public) if event.action_id else None)
        with self._lock:
            view = self._moved(entry, event, new_state)
        self._notify(view.record.id, view.version)
        return Result(view, answer)


def _state_json(record: TableRecord, game: Game, state: Any, version: int, viewer: Viewer) -> dict[str, Any]:
    return {"id": record.id if viewer.full else None, "view_id": record.view_id, "version": version,
            "game": game.id, **game.state_to_json(state, viewer, record.options)}


def _acting_seat(viewer: Viewer) -> int | None:
    """Which device acted, for the history: the seat it proved, else the seat it says it is."""
    return viewer.proven if viewer.proven is not None else viewer.seat


def _epoch(iso: str) -> float:
    """Seconds since the epoch of a stored time (``now_iso``: UTC, with a ``Z``)."""
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def _plausible_id(value: str) -> bool:
    return 8 <= len(value) <= 64 and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in value)
