"""Where threads live: a LangGraph checkpointer from a URL (SQLite by default, or PostgreSQL).

``sqlite:///path/threads.sqlite`` (or a plain path) and ``postgresql://user@host/db`` are
understood. The default is a SQLite file in the user's data directory
(``$XDG_DATA_HOME/contextorg/threads.sqlite``); ``CONTEXTORG_CHECKPOINTS`` changes it.
"""

from __future__ import annotations

import os
import sqlite3
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


@contextmanager
def open_checkpointer(url: str | None = None) -> Iterator[Any]:
    """A connected checkpointer for ``url`` (default: :func:`default_checkpoints`)."""
    kind, target = _kind(url or default_checkpoints())
    if kind == "postgres":
        from langgraph.checkpoint.postgres import PostgresSaver

        with PostgresSaver.from_conn_string(target) as saver:
            saver.serde = SERDE
            saver.setup()
            yield saver
        return
    from langgraph.checkpoint.sqlite import SqliteSaver

    if target != ":memory:":
        Path(target).parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(target, check_same_thread=False, timeout=30)
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
            await saver.setup()
            yield saver
        return
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    if target != ":memory:":
        Path(target).parent.mkdir(parents=True, exist_ok=True)
    async with AsyncSqliteSaver.from_conn_string(target) as saver:
        saver.serde = SERDE
        yield saver
