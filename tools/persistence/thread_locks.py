"""One turn at a time on a thread, across processes: a lock the thread's database holds.

Two turns on one thread that run at once both start from the same last checkpoint; the one
that writes last wins and the other turn is lost from the history. Each turn therefore takes
the thread's lock before it reads the thread and keeps it until its checkpoint is written.
A turn that finds the thread busy says so once, waits, and is refused with a clear error
when the wait runs out.

- PostgreSQL: a session advisory lock (``pg_try_advisory_lock``) on a key hashed from the
  thread id, on a connection of its own. The server frees it when that connection ends, so a
  process killed mid-turn never leaves the thread locked.
- SQLite: a row in a table of the same database file (``contextorg_thread_locks``), written
  in a transaction that the database serializes. A row whose process is gone (same host, no
  such pid, or a pid reused since) is taken over, so a killed turn does not lock the thread.
"""

from __future__ import annotations

import hashlib
import logging
import os
import socket
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from contextorg.tools.inputs import InputError

logger = logging.getLogger("contextorg")

POLL = 0.2
"""Seconds between two tries for a busy thread."""


class ThreadBusyError(InputError):
    """Another turn held the thread for longer than this turn would wait."""


@contextmanager
def thread_lock(
    kind: str,
    target: str,
    thread: str,
    timeout: float,
    on_wait: Callable[[str], None] | None = None,
) -> Iterator[None]:
    """Hold ``thread``'s lock in the store (``kind`` ``sqlite`` or ``postgres`` at ``target``).

    Waits at most ``timeout`` seconds for a turn already under way, calling ``on_wait`` once
    with a message that says who holds it; then raises :class:`ThreadBusyError`.
    """
    lock = _PostgresLock(target, thread) if kind == "postgres" else _SQLiteLock(target, thread)
    deadline = time.monotonic() + timeout
    told = False
    try:
        while not lock.try_acquire():
            holder = lock.holder()
            if not told:
                told = True
                message = f"thread {thread!r} is busy with another turn ({holder}): waiting"
                logger.warning("%s (at most %.0f s)", message, timeout)
                if on_wait is not None:
                    on_wait(message)
            if time.monotonic() >= deadline:
                raise ThreadBusyError(
                    f"thread {thread!r} is busy: another turn ({holder}) held it for more than "
                    f"{timeout:.0f} s; ask again when it is done, or wait longer "
                    "(--thread-wait SECONDS, or thread_wait= in the run context)"
                )
            time.sleep(POLL)
        yield
    finally:
        lock.release()


def _key(thread: str) -> int:
    """A signed 64-bit advisory lock key for the thread id."""
    digest = hashlib.sha256(f"contextorg-thread:{thread}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class _PostgresLock:
    def __init__(self, url: str, thread: str) -> None:
        import psycopg

        self.key = _key(thread)
        self.connection: Any = psycopg.connect(url, autocommit=True)
        self.held = False

    def try_acquire(self) -> bool:
        row = self.connection.execute("SELECT pg_try_advisory_lock(%s)", (self.key,)).fetchone()
        self.held = bool(row and row[0])
        return self.held

    def holder(self) -> str:
        row = self.connection.execute(
            "SELECT pid, backend_start FROM pg_locks JOIN pg_stat_activity USING (pid) "
            "WHERE locktype = 'advisory' AND granted "
            "AND (classid::bigint << 32) | objid::bigint = %s::bigint LIMIT 1",
            (self.key,),
        ).fetchone()
        return f"server process {row[0]}, connected {row[1]:%H:%M:%S}" if row else "unknown"

    def release(self) -> None:
        try:
            if self.held:
                self.connection.execute("SELECT pg_advisory_unlock(%s)", (self.key,))
        finally:
            self.connection.close()


_TABLE = """CREATE TABLE IF NOT EXISTS contextorg_thread_locks (
    thread TEXT PRIMARY KEY, host TEXT NOT NULL, pid INTEGER NOT NULL,
    started TEXT NOT NULL, since REAL NOT NULL)"""


class _SQLiteLock:
    def __init__(self, path: str, thread: str) -> None:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path, self.thread = path, thread
        self.me = (socket.gethostname(), os.getpid(), _started(os.getpid()))
        self.held = False

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        for attempt in range(50):
            # The checkpointer switches the file to WAL on first use, which fails while any
            # other connection holds a lock: switched here first, it is a no-op there.
            try:
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute(_TABLE)
                return connection
            except sqlite3.OperationalError:
                if attempt == 49:
                    connection.close()
                    raise
                time.sleep(POLL / 2)
        raise AssertionError("unreachable")

    def try_acquire(self) -> bool:
        connection = self._connect()
        try:
            connection.execute("BEGIN IMMEDIATE")  # one writer at a time decides
            row = connection.execute(
                "SELECT host, pid, started FROM contextorg_thread_locks WHERE thread = ?",
                (self.thread,),
            ).fetchone()
            if row is not None and _alive(*row):
                connection.execute("ROLLBACK")
                return False
            connection.execute(
                "INSERT OR REPLACE INTO contextorg_thread_locks VALUES (?, ?, ?, ?, ?)",
                (self.thread, *self.me, time.time()),
            )
            connection.execute("COMMIT")
            self.held = True
            return True
        finally:
            connection.close()

    def holder(self) -> str:
        connection = self._connect()
        try:
            row = connection.execute(
                "SELECT host, pid, since FROM contextorg_thread_locks WHERE thread = ?",
                (self.thread,),
            ).fetchone()
        finally:
            connection.close()
        if row is None:
            return "just finished"
        return (
            f"pid {row[1]} on {row[0]}, since {time.strftime('%H:%M:%S', time.localtime(row[2]))}"
        )

    def release(self) -> None:
        if not self.held:
            return
        connection = self._connect()
        try:
            connection.execute(
                "DELETE FROM contextorg_thread_locks WHERE thread = ? AND host = ? AND pid = ?",
                (self.thread, *self.me[:2]),
            )
        finally:
            connection.close()
        self.held = False


def _started(pid: int) -> str:
    """When process ``pid`` started (its start time in clock ticks since boot), or "" if unknown.

    With the pid it names one process: a pid the system reused belongs to a later start.
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return stat.rsplit(")", 1)[1].split()[19]


def _alive(host: str, pid: int, started: str) -> bool:
    """Whether the process that wrote a lock row still runs (another host's always counts)."""
    if host != socket.gethostname():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return not started or _started(pid) == started
