"""Test helpers that need no model: a bag-of-words embedder, and ``ask`` in a new process."""

from __future__ import annotations

import glob
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np

from contextorg.graphs.qa import build_graph
from contextorg.tools.persistence.checkpoints import open_checkpointer
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


_TURN = """
import json, sys, time
from contextorg import Context, ask
from contextorg.testing import World, first_number
store, question, thread = sys.argv[1], sys.argv[2], sys.argv[3]
world = World([], {}, unknown=first_number)
respond = world.respond
def slow(messages, schema):  # a turn long enough for the others to start during it
    time.sleep(0.3)
    return respond(messages, schema)
world.respond = slow
context = [Context(id="a", text="The bridge opened in 1932.")]
ask(question, context, model=world.model(), thread=thread, checkpoints=store, completion="none")
print(json.dumps({"question": question, "done": time.time()}), flush=True)
"""


def race_turns(checkpoints: str, count: int, thread: str = "t") -> tuple[list[str], list[str]]:
    """``count`` processes ask one turn each on ``thread`` at once, on a scripted model.

    Returns the questions in the order their turns finished, and the thread's history
    afterwards: with turns serialized they are the same list.
    """
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", _TURN, checkpoints, f"When did bridge {n} open?", thread],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(count)
    ]
    done = []
    for run in runs:
        out, err = run.communicate(timeout=300)
        if run.returncode != 0:
            raise RuntimeError(f"a racing turn failed:\n{err[-3000:]}")
        done.append(json.loads(out))
    finished = [d["question"] for d in sorted(done, key=lambda d: d["done"])]
    return finished, thread_questions(checkpoints, thread)


def thread_questions(checkpoints: str, thread: str) -> list[str]:
    """The questions of a thread's history, oldest first, as its checkpointer keeps them."""
    with open_checkpointer(checkpoints) as saver:
        state = build_graph(checkpointer=saver).get_state({"configurable": {"thread_id": thread}})
    return [turn.question for turn in state.values.get("history", [])]


@contextmanager
def local_postgres() -> Iterator[str | None]:
    """A PostgreSQL server of Debian's package on 127.0.0.1 for as long as the block runs.

    Yields its URL, or None when the package is not installed. Started as the package's
    ``postgres`` user when run as root (PostgreSQL refuses root), and removed afterwards.
    """
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    if not found:
        yield None
        return
    bin_dir, folder = found[0], tempfile.mkdtemp(prefix="contextorg-pg-")
    root = os.geteuid() == 0
    if root:
        shutil.chown(folder, "postgres")

    def run(*args: str) -> None:
        command = ["runuser", "-u", "postgres", "--", *args] if root else list(args)
        subprocess.run(command, check=True, capture_output=True)

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = f"{folder}/data"
    run(f"{bin_dir}/initdb", "-D", data, "-U", "postgres", "--auth=trust")
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1"
    run(f"{bin_dir}/pg_ctl", "-D", data, "-o", options, "-l", f"{folder}/log", "-w", "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        run(f"{bin_dir}/pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)
