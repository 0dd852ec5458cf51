"""Turns on one thread run one at a time across processes: none is lost, none waits forever."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from contextorg import Context, ask
from contextorg.testing import World, first_number, race_turns, thread_questions
from contextorg.tools.persistence.thread_locks import ThreadBusyError, thread_lock


@pytest.mark.slow
def test_eight_racing_turns_on_one_thread_are_all_kept_in_the_order_they_ran(
    tmp_path: Path,
) -> None:
    finished, kept = race_turns(f"sqlite:///{tmp_path / 'threads.sqlite'}", 8)
    assert kept == finished  # every turn, in the order they ran
    assert len(set(finished)) == 8


def test_a_turn_waits_for_the_thread_then_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    path = str(tmp_path / "threads.sqlite")
    store = f"sqlite:///{path}"
    model = World([], {}, unknown=first_number).model()
    contexts = [Context(id="a", text="The bridge opened in 1932.")]
    told: list[str] = []
    with thread_lock("sqlite", path, "t", timeout=1.0):
        started = time.monotonic()
        with pytest.raises(ThreadBusyError, match=r"thread 't' is busy: another turn \(pid \d+"):
            ask("When?", contexts, model=model, thread="t", checkpoints=store, thread_wait=0.5)
        assert 0.5 <= time.monotonic() - started < 5
        # Another thread on the same store is not held up.
        ask("When?", contexts, model=model, thread="other", checkpoints=store, thread_wait=0.5)
        with pytest.raises(ThreadBusyError):
            with thread_lock("sqlite", path, "t", timeout=0.3, on_wait=told.append):
                pass
    assert told and "busy with another turn" in told[0]
    ask("When?", contexts, model=model, thread="t", checkpoints=store, thread_wait=0.5)
    assert thread_questions(store, "t") == ["When?"]


HOLD = """
import sys, time
from contextorg.tools.persistence.thread_locks import thread_lock
with thread_lock("sqlite", sys.argv[1], "t", timeout=5):
    print("held", flush=True)
    time.sleep(600)
"""


@pytest.mark.slow
def test_a_turn_killed_while_holding_the_thread_does_not_lock_it(tmp_path: Path) -> None:
    path = str(tmp_path / "threads.sqlite")
    holder = subprocess.Popen([sys.executable, "-c", HOLD, path], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    with pytest.raises(ThreadBusyError):
        with thread_lock("sqlite", path, "t", timeout=0.3):
            pass
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=30)
    holder.stdout.close()
    started = time.monotonic()
    with thread_lock("sqlite", path, "t", timeout=5):
        assert time.monotonic() - started < 1  # the dead holder's row is taken over at once


def test_cli_waits_and_refuses_with_one_line(tmp_path: Path, run_cli: object) -> None:
    path = str(tmp_path / "threads.sqlite")
    contexts = tmp_path / "c.jsonl"
    contexts.write_text('{"id": "a", "text": "It opened in 1932."}\n')
    argv = ["ask", "When?", "--contexts", str(contexts), "--model", "scripted:any"]
    argv += ["--thread", "t", "--checkpoints", f"sqlite:///{path}", "--thread-wait", "0.3"]
    with thread_lock("sqlite", path, "t", timeout=1):
        code, _, err = run_cli(argv)  # type: ignore[operator]
    assert code == 2 and "is busy" in err and "--thread-wait" in err
