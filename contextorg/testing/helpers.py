"""Test helpers: a bag-of-words embedder, ``ask`` in a new process, local servers, a scenario."""

from __future__ import annotations

import ctypes
import glob
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from contextorg.graphs.qa import build_graph
from contextorg.state import Context
from contextorg.tools.models.weights import ensure_weights
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


def dies_with_parent() -> None:
    """Make the calling child process die when the process that started it does (Linux).

    For ``subprocess.Popen(preexec_fn=...)``: a server a test or a benchmark starts on
    loopback must not outlive it when it is killed (a ``finally`` never runs on SIGKILL).
    Linux ties the child to the thread that started it: start it from one that lasts (the
    main thread). Elsewhere than Linux this does nothing.
    """
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


PR_SET_PDEATHSIG = 1
"""prctl(2)'s option: the signal a child gets when its parent dies."""


def free_port() -> int:
    """A TCP port nothing listens on, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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

    port = free_port()
    data = f"{folder}/data"
    run(f"{bin_dir}/initdb", "-D", data, "-U", "postgres", "--auth=trust")
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1"
    run(f"{bin_dir}/pg_ctl", "-D", data, "-o", options, "-l", f"{folder}/log", "-w", "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        run(f"{bin_dir}/pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


BRIDGE_QUESTION = "When did the Corvale Bridge open?"
BRIDGE = [
    Context(id="atlas", text="The Corvale Bridge over the Min river opened to traffic in 1932."),
    Context(
        id="gazette",
        text="Residents celebrated as the Corvale Bridge opened in 1932 after six years of work.",
    ),
    Context(
        id="archive",
        text="The Corvale Bridge actually opened in 1934, not in 1932 as many guides claim; "
        "the 1932 date was only the planned opening.",
    ),
]
"""A correction beside what it corrects: ``archive`` states 1934 and denies 1932."""

MODEL_SERVER_NAME = "qwen2.5-coder-1.5b"
"""The model name ``start_model_server`` (and ``make model-server``) serves the weights as."""


def start_model_server(
    python: Path, port: int, log: Path, *, threads: int | None = None, wait: float = 120.0
) -> subprocess.Popen[bytes]:
    """llama.cpp's OpenAI-compatible server on the embedded weights, once it listens.

    ``python`` is the interpreter of the venv holding ``llama-cpp-python[server]``; the server
    listens on 127.0.0.1:``port`` as :data:`MODEL_SERVER_NAME`, with ``threads`` (None: every
    core), and writes to ``log``. Raises :class:`RuntimeError` with the log's end if it has
    not started within ``wait`` seconds.
    """
    command = [
        str(python), "-m", "llama_cpp.server", "--model", str(ensure_weights()),
        "--model_alias", MODEL_SERVER_NAME, "--host", "127.0.0.1", "--port", str(port),
        "--n_ctx", "8192", "--n_threads", str(threads or os.cpu_count() or 1),
    ]  # fmt: skip
    with log.open("w") as out:  # the server writes to its own copy of the file
        server = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, preexec_fn=dies_with_parent
        )
    deadline = time.monotonic() + wait
    while "Uvicorn running" not in log.read_text():
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise RuntimeError(f"the model server did not start:\n{log.read_text()[-2000:]}")
        time.sleep(0.5)
    return server
