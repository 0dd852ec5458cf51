"""Test helpers that need no model: a bag-of-words embedder, and ``ask`` in a new process."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from contextorg.tools.retrieval.embeddings import Vectors


class HashEmbedder:
    """A deterministic bag-of-words embedder: words hashed into ``dim`` buckets, normalized.

    Texts sharing words are near each other, so dense search behaves sensibly in tests and
    costs microseconds (the scale benchmark uses it to time search alone). ``calls`` counts
    the passages embedded.
    """

    name = "hash"

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim
        self.calls = 0

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """One row per text."""
        self.calls += len(texts)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([self._vector(t) for t in texts])

    def embed_query(self, text: str) -> Vectors:
        """Queries share the passages' space."""
        return self._vector(text)

    def _vector(self, text: str) -> Vectors:
        vector = np.zeros(self.dim, dtype=np.float32)
        for word in re.findall(r"\w+", text.lower()):
            digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
            vector[int.from_bytes(digest, "little") % self.dim] += 1.0
        norm = np.float32(np.linalg.norm(vector))
        return vector / norm if norm else vector


def ask_demo_in_new_process(
    question: str, *, thread: str, checkpoints: str, completions: Mapping[str, str]
) -> dict[str, Any]:
    """``ask`` on the demo corpus in a fresh Python process (scripted model); its JSON summary.

    Shows that a thread lives in its checkpoint store, not in the process that started it.
    """
    script = textwrap.dedent(
        f"""
        import json
        from contextorg import ask
        from contextorg.demo import demo_contexts
        from contextorg.testing import DEMO_READINGS, World
        world = World(demo_contexts(), DEMO_READINGS, completions={dict(completions)!r})
        result = ask({question!r}, demo_contexts(), model=world.model(), thread={thread!r},
                     checkpoints={checkpoints!r})
        print(json.dumps(result.summary()))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    if done.returncode != 0:
        raise RuntimeError(f"the new process failed:\n{done.stderr[-3000:]}")
    summary: dict[str, Any] = json.loads(done.stdout)
    return summary
