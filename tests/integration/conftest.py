"""Fixtures shared by the integration tests: local servers started and stopped here."""

from __future__ import annotations

import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from contextorg.testing import dies_with_parent
from contextorg.testing import free_port as _free_port

Serve = Callable[..., str]


@pytest.fixture
def free_port() -> Callable[[], int]:
    """``free_port()``: a TCP port nothing listens on, on 127.0.0.1."""
    return _free_port


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    """``serve(command, health_url, env=..., cwd=...)`` starts a server, waits until the URL
    answers, and returns it; every server is stopped when the test ends."""
    started: list[tuple[subprocess.Popen[bytes], object]] = []

    def start(
        command: list[str], health: str, *, env: dict[str, str], cwd: Path | None = None
    ) -> str:
        log_file = tmp_path / f"server-{len(started)}.log"
        log = log_file.open("w")
        server = subprocess.Popen(
            command, env=env, cwd=cwd, stdout=log, stderr=log, preexec_fn=dies_with_parent
        )
        started.append((server, log))
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(health, timeout=2):
                    return health
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"{command[0]} did not start: {log_file.read_text()[-2000:]}")
                time.sleep(0.5)

    yield start
    for server, log in started:
        server.terminate()
        server.wait(timeout=30)
        log.close()  # type: ignore[attr-defined]
