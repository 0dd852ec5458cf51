"""Where threads live: a LangGraph checkpointer from a URL (SQLite by default, or PostgreSQL).

``sqlite:///path/threads.sqlite`` (or a plain path) and ``postgresql://user@host/db`` are
understood. The default is a SQLite file in the user's data directory
(``$XDG_DATA_HOME/contextorg/threads.sqlite``); ``CONTEXTORG_CHECKPOINTS`` changes it.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from pydantic import BaseModel

from contextorg.state import records
from contextorg.tools.inputs import InputError

SERDE = JsonPlusSerializer(
    allowed_msgpack_modules=[
        (records.__name__, name)
        for name, value in vars(records).items()
        if isinstance(value, type)
        and issubclass(value, BaseModel)
        and value.__module__ == records.__name__
    ]
)
"""Checkpoints hold our records (contexts, turns, answers...): registered, so they load back
without LangGraph's "unregistered type" warning (and will once it blocks unregistered types)."""


SETUP_KEY = 0x636F6E746578746F
"""The advisory lock key under which a PostgreSQL store's tables are created ("contexto").

Tried, not waited for: the migrations create an index CONCURRENTLY, which waits for every
open transaction, a blocked ``pg_advisory_lock`` call of another process's included."""
_TRY_SETUP = "SELECT pg_try_advisory_lock(%s) AS locked"


def default_checkpoints() -> str:
    """The SQLite file threads are kept in unless configured otherwise."""
    data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return f"sqlite:///{data / 'contextorg' / 'threads.sqlite'}"


def store_of(url: str | None) -> tuple[str, str]:
    """``("sqlite", path)`` or ``("postgres", url)`` for a checkpoint store URL."""
    return _kind(url or default_checkpoints())


def _kind(url: str) -> tuple[str, str]:
    if url.startswith(("postgresql://", "postgres://")):
        return "postgres", url
    if url.startswith("sqlite:///"):
        return "sqlite", url.removeprefix("sqlite:///") or ":memory:"
    if "://" in url:
        raise InputError(
            f"unknown checkpoint store {url.split('://')[0]!r}: "
            "use sqlite:///PATH or postgresql://USER@HOST/DB"
        )
    return "sqlite", url


_SQLITE_HEADER = b"SQLite format 3\x00"


def _sqlite_file(target: str) -> str:
    """``target``, made ready for SQLite: refused when it is a folder or another kind of file.

    Said in words, before the run: SQLite's own "unable to open database file" or "file is
    not a database" (raised when the thread is first read) reached the user as an unexpected
    error.
    """
    if target == ":memory:":
        return target
    path = Path(target)
    if path.is_dir():
        raise InputError(
            f"the checkpoint store {path} is a folder: give a file in it, as "
            f"{path / 'threads.sqlite'}"
        )
    if path.is_file() and path.stat().st_size:
        with path.open("rb") as file:
            if file.read(len(_SQLITE_HEADER)) != _SQLITE_HEADER:
                raise InputError(
                    f"the checkpoint store {path} is not a SQLite database: give the path of "
                    "a new file, or of one a thread was kept in"
                )
    path.parent.mkdir(parents=True, exist_ok=True)
    return target


@contextmanager
def open_checkpointer(url: str | None = None) -> Iterator[Any]:
    """A connected checkpointer for ``url`` (default: :func:`default_checkpoints`)."""
    kind, target = _kind(url or default_checkpoints())
    if kind == "postgres":
        from langgraph.checkpoint.postgres import PostgresSaver

        with PostgresSaver.from_conn_string(target) as saver:
            saver.serde = SERDE
            conn: Any = saver.conn  # from a connection string: one connection, not a pool
            while not conn.execute(_TRY_SETUP, (SETUP_KEY,)).fetchone()["locked"]:
                time.sleep(0.1)
            try:  # the first turns on a new database all create its tables: one at a time
                saver.setup()
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (SETUP_KEY,))
            yield saver
        return
    from langgraph.checkpoint.sqlite import SqliteSaver

    connection = sqlite3.connect(_sqlite_file(target), check_same_thread=False, timeout=30)
    try:
        yield SqliteSaver(connection, serde=SERDE)
    finally:
        connection.close()


@asynccontextmanager
async def open_async_checkpointer(url: str | None = None) -> AsyncIterator[Any]:
    """The async twin of :func:`open_checkpointer`, for ``aask`` and async servers."""
    kind, target = _kind(url or default_checkpoints())
    if kind == "postgres":
        from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver

        async with AsyncPostgresSaver.from_conn_string(target, serde=SERDE) as saver:
            conn: Any = saver.conn
            while not (await (await conn.execute(_TRY_SETUP, (SETUP_KEY,))).fetchone())["locked"]:
                await asyncio.sleep(0.1)
            try:
                await saver.setup()
            finally:
                await conn.execute("SELECT pg_advisory_unlock(%s)", (SETUP_KEY,))
            yield saver
        return
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    async with AsyncSqliteSaver.from_conn_string(_sqlite_file(target)) as saver:
        saver.serde = SERDE
        yield saver
