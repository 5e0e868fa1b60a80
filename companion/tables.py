"""What the service keeps in memory per table: every state since the start (undo is a pop, not a replay),
every log entry with the states around it (the pages' history comes from here), and the immutable
snapshots it hands out. Pure data and the replay of events onto it: no I/O (the service reads the log and
takes the locks; each entry carries the lock its writers queue on)."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .games.base import Game
from .games.fields import Context
from .store import EventRow, TableRecord


class Behind(Exception):
    """A write found the log moved on past its cached entry (another process wrote): the entry has caught up, and
    the request is judged again on the new state (the service's retry loop catches this)."""


@dataclass(frozen=True)
class Entry:
    """One event of a table's log with the states around it, kept by the service so that the pages draw
    the history without replaying anything. ``before``/``after`` are None for undo and settings events.
    Immutable: what the pages make of it (its sentence) they keep themselves."""

    event: EventRow
    before: Any = None
    after: Any = None


@dataclass(frozen=True)
class Snapshot:
    """A table at one version, safe to read while other requests act."""

    record: TableRecord
    version: int
    state: Any
    game: Game
    _entries: list[Entry] = field(repr=False, compare=False, default_factory=list)
    _count: int = 0
    _undone_by: Mapping[int, int] = field(repr=False, compare=False, default_factory=dict)  # seq -> undo's seq

    @property
    def history(self) -> list[Entry]:
        """The log up to this version, oldest first (entries are append-only, so a prefix is stable; an
        entry may be undone later than this version — ask ``undone``)."""
        return self._entries[:self._count]

    @property
    def history_length(self) -> int:
        """How many log entries this version has (``len(history)`` without copying the list)."""
        return self._count

    def history_from(self, start: int) -> list[Entry]:
        """The log's entries from the ``start``-th on, up to this version (what a reader that has the first
        ``start`` already still needs)."""
        return self._entries[start:self._count]

    def entry(self, seq: int) -> Entry | None:
        """The log entry ``seq`` up to this version, looked for from the newest (the pages ask for recent ones)."""
        for at in range(self._count - 1, -1, -1):
            entry = self._entries[at]
            if entry.event.seq == seq:
                return entry
            if entry.event.seq < seq:
                return None
        return None

    def undone(self, entry: Entry) -> bool:
        """Whether ``entry`` was taken back by an undo at or before this snapshot's version."""
        by = self._undone_by.get(entry.event.seq)
        return by is not None and by <= self.version

    @property
    def options(self) -> dict[str, Any]:
        return self.record.options

    def context(self, state: Any = None) -> Context:
        """What the game's parser may know of this table: a state (the current one unless given), its seats,
        its options."""
        return Context(self.state if state is None else state, len(self.record.players), self.record.options)


@dataclass
class CachedTable:
    """The service's mutable cache entry of one table. ``states[i]`` is the state after the i-th effective action,
    so undo is a pop, not a replay."""

    record: TableRecord
    game: Game
    version: int
    states: list[Any]
    stack: list[EventRow] = field(default_factory=list)  # effective (not undone) action events
    entries: list[Entry] = field(default_factory=list)  # every event, for the history
    undone_by: dict[int, int] = field(default_factory=dict)  # seq of an action -> seq of the undo that took it
    #: writers of this table in this process queue here (other tables write in parallel); so does a catch-up
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)

    @property
    def state(self) -> Any:
        return self.states[-1]

    def context(self, state: Any = None) -> Context:
        """As ``Snapshot.context``."""
        return Context(self.state if state is None else state, len(self.record.players), self.record.options)

    def view(self) -> Snapshot:
        return Snapshot(self.record, self.version, self.states[-1], self.game, self.entries, len(self.entries),
                        self.undone_by)

    def record_entry(self, entry: Entry) -> None:
        self.entries.append(entry)
        if entry.event.kind == "undo" and entry.event.undoes is not None:
            self.undone_by[entry.event.undoes] = entry.event.seq

    def advance(self, events: Iterable[EventRow]) -> None:
        """Replay logged events onto this entry: actions push, undos pop; settings, seat and "next" events only
        count (the row holds the settings; seats and links are in the store). The version counts every event."""
        game = self.game
        for event in events:
            self.version = event.seq
            if event.kind in ("settings", "seat", "next"):
                self.record_entry(Entry(event))
            elif event.kind == "undo":
                self.stack.pop()
                before = self.states.pop()
                self.record_entry(Entry(event, before, self.state))
            else:
                before = self.state
                self.states.append(game.apply(before, game.parse(event.action, self.context(before))))
                self.stack.append(event)
                self.record_entry(Entry(event, before, self.state))
