"""A server a test or a benchmark starts does not outlive it when it is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

PARENT = """
import subprocess, sys, time
from contextorg.testing import dies_with_parent
tied = sys.argv[1] == "tied"
child = subprocess.Popen(
    [sys.executable, "-c", "import time; time.sleep(300)"],
    preexec_fn=dies_with_parent if tied else None,
)
print(child.pid, flush=True)
time.sleep(300)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone but for its exit status
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(") ")[-1][0] != "Z"


def _child_after_parent_killed(mode: str) -> bool:
    command = [sys.executable, "-c", PARENT, mode]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as parent:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        parent.send_signal(signal.SIGKILL)  # no finally, no atexit
        parent.wait()
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    alive = _alive(child)
    if alive:
        os.kill(child, signal.SIGKILL)
    return alive


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_a_child_started_with_dies_with_parent_goes_when_its_parent_is_killed() -> None:
    assert not _child_after_parent_killed("tied")
    assert _child_after_parent_killed("free")  # what it would do without
