"""Who waits for which table: the live streams' side of the table service (a mixin of ``TableService``).

A stream waits on its table's condition; a change wakes only that table's streams. Each condition has its
own lock: with one lock shared by every table, 500 streams waking once a second (to notice a phone that has
gone) queued behind one another (docs/scaling.md, third pass). ``_live`` guards only the dicts, briefly,
and is never held while taking a condition or the service's own locks, so a writer notifying can never
deadlock with a waiter.

A table is in the dicts only while some stream waits on it: the last one to leave removes its condition and
version (a server that has seen 100,000 tables keeps none of them here).
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class LiveUpdates:
    def _init_live(self) -> None:
        self._live = threading.Lock()
        self._subscribers: dict[str, threading.Condition] = {}
        self._versions: dict[str, int] = {}  # the newest version notified, per table with waiters
        self._waiting: dict[str, int] = {}  # how many streams wait, per table
        self._listeners: list[Callable[[str, int], None]] = []
        self.closing = False

    def add_listener(self, listener: Callable[[str, int], None]) -> Callable[[], None]:
        """Call ``listener(table_id, version)`` after every change of any table, from the thread that learned of
        it (the writer's, or the store's thread that delivers another process's change; the service can serve
        that version by then). It must be quick and never block: an event loop hands it on with
        ``call_soon_threadsafe``. Returns a function that removes it."""
        with self._live:
            self._listeners.append(listener)

        def remove() -> None:
            with self._live:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return remove

    def _notify(self, table_id: str | None = None, version: int | None = None) -> None:
        """Wake the streams of ``table_id`` (every stream when None: shutting down). The version is set
        before the condition's lock is taken, so a waiter either sees it or is already waiting: none is lost."""
        with self._live:
            if table_id is not None and version is not None and table_id in self._versions:
                # versions only grow: a late notice of an older one (another process's, relayed) changes nothing
                self._versions[table_id] = max(self._versions[table_id], version)
            waiting = [self._subscribers.get(table_id)] if table_id is not None else list(self._subscribers.values())
            listeners = list(self._listeners) if table_id is not None and version is not None else []
        for listener in listeners:
            listener(table_id, version)  # type: ignore[arg-type]
        for condition in waiting:
            if condition is not None:
                with condition:
                    condition.notify_all()

    def wake(self, table_id: str) -> None:
        """Wake the table's streams without a change (one of them lost its phone: it ends now, not later)."""
        self._notify(table_id)

    def _cached_version(self, table_id: str) -> int | None:
        """The version this process holds for the table, without any I/O (None: not held). The service knows."""
        return None

    def wait_for_change(self, table_id: str, known: int, timeout: float,
                        stop: Callable[[], bool] | None = None) -> int:
        """Block until the table's version differs from ``known``, ``stop()`` is true (checked when woken), or
        ``timeout``; return the version."""
        with self._live:
            self._versions.setdefault(table_id, known)
            self._waiting[table_id] = self._waiting.get(table_id, 0) + 1
            condition = self._subscribers.get(table_id)
            if condition is None:
                condition = self._subscribers[table_id] = threading.Condition(threading.Lock())
        try:
            # Registered first, then the version held now: a change notified before we registered had already
            # moved the cache, so it is seen here; one after it is recorded by _notify. None is lost.
            current = self._cached_version(table_id)
            if current is not None:
                with self._live:
                    self._versions[table_id] = max(self._versions[table_id], current)
            versions = self._versions
            with condition:
                condition.wait_for(
                    lambda: self.closing or versions[table_id] != known or (stop is not None and stop()), timeout)
            return versions[table_id]
        finally:
            with self._live:
                left = self._waiting[table_id] - 1
                if left:
                    self._waiting[table_id] = left
                else:  # the last one out: nothing of this table stays behind
                    del self._waiting[table_id], self._versions[table_id], self._subscribers[table_id]

    def close(self) -> None:
        self.closing = True
        self._notify()
