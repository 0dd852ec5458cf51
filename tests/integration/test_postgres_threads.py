"""A thread kept in a real PostgreSQL (Debian's package), started here on 127.0.0.1."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator

import pytest

from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.testing import DEMO_READINGS, World, ask_demo_in_new_process

pytestmark = pytest.mark.integration
BIN = next(iter(sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)), None)
FOLLOW_UP, STANDALONE = (
    "And the one in Port Aster?",
    "When was the Lumen Tower in Port Aster completed?",
)


def as_owner(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the package's ``postgres`` user then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@pytest.fixture
def postgres() -> Iterator[str]:
    if BIN is None:
        pytest.skip("needs Debian's postgresql package (.ci/run installs it)")
    folder = tempfile.mkdtemp(prefix="contextorg-pg-")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = f"{folder}/data"
    run = lambda *args: subprocess.run(as_owner(list(args)), check=True, capture_output=True)  # noqa: E731
    run(f"{BIN}/initdb", "-D", data, "-U", "postgres", "--auth=trust")
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1"
    run(f"{BIN}/pg_ctl", "-D", data, "-o", options, "-l", f"{folder}/log", "-w", "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        run(f"{BIN}/pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def test_a_postgres_thread_survives_a_new_process(postgres: str) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    first = ask(
        DEMO_QUESTION, demo_contexts(), model=world.model(), thread="pg", checkpoints=postgres
    )
    assert {a.answer for a in first.answer.answers} == {"1987", "1991", "2004"}
    summary = ask_demo_in_new_process(
        FOLLOW_UP, thread="pg", checkpoints=postgres, completions={FOLLOW_UP: STANDALONE}
    )
    assert summary["completed_question"] == STANDALONE
