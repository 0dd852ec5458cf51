"""A SQLite cache of model responses, so a rerun of an evaluation costs no model call.

A LangChain ``BaseCache``: the key is a SHA-256 of the prompt and the model's identifying
parameters (file, temperature, seed, bound schema, a server's host but not its port on this
machine...), the value the generations, serialized by LangChain and compressed, so a cache of
thousands of responses is small enough to commit beside the results it reproduces. It is set
on one model instance (:func:`with_response_cache`), never globally, so ``ask`` stays uncached
unless asked. Safe across threads; one file can serve many runs and processes.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
import warnings
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from langchain_core._api.beta_decorator import LangChainBetaWarning
from langchain_core.caches import BaseCache
from langchain_core.language_models import BaseChatModel
from langchain_core.load import Serializable, dumps, loads
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, Generation

SAVED: list[type[Serializable]] = [ChatGeneration, Generation, AIMessage]
"""What the cache stores, and all it will load back."""


class SQLiteResponseCache(BaseCache):
    """Model responses in one SQLite file, keyed by prompt and model parameters."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, timeout=30)
        with self._lock, self._db:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS replies (key BLOB PRIMARY KEY, generations BLOB)"
            )
        self.hits = 0
        self.misses = 0

    def lookup(self, prompt: str, llm_string: str) -> Sequence[Generation] | None:
        """The cached generations, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT generations FROM replies WHERE key = ?", (_key(prompt, llm_string),)
            ).fetchone()
            if row is None:
                self.misses += 1
                return None
            self.hits += 1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", LangChainBetaWarning)  # loads() is "beta" since 0.1
            text = zlib.decompress(row[0]).decode("utf-8")
            generations: list[Generation] = loads(text, allowed_objects=SAVED)
        return generations

    def update(self, prompt: str, llm_string: str, return_val: Sequence[Generation]) -> None:
        """Store the generations of one call."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO replies VALUES (?, ?)",
                (_key(prompt, llm_string), zlib.compress(dumps(list(return_val)).encode(), 9)),
            )

    def clear(self, **kwargs: Any) -> None:
        """Forget every response."""
        with self._lock, self._db:
            self._db.execute("DELETE FROM replies")

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM replies").fetchone()[0])

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()


def _key(prompt: str, llm_string: str) -> bytes:
    llm_string = _LOOPBACK_PORT.sub(r"\1", llm_string)
    return hashlib.sha256(f"{llm_string}\0{prompt}".encode()).digest()


_LOOPBACK_PORT = re.compile(r"(https?://(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])):\d+")
"""A server on this machine's port, which a run picks afresh: the model is the same whichever
port serves it, so a rerun through a server started again replays (another host does not)."""


def with_response_cache(model: BaseChatModel, cache: BaseCache | None) -> BaseChatModel:
    """A copy of ``model`` whose responses go through ``cache`` (the model itself if None)."""
    if cache is None:
        return model
    return model.model_copy(update={"cache": cache})
