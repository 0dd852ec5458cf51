"""The OpenAI-compatible path against a real server: llama.cpp's, serving the embedded weights.

The server runs from its own virtual environment (``make test`` makes it, as ``make
model-server`` does), on 127.0.0.1; the tests start and stop it.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from contextorg import Context, ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.testing import (
    BRIDGE,
    BRIDGE_QUESTION,
    MODEL_SERVER_NAME,
    free_port,
    start_model_server,
)
from contextorg.tools.models import methods
from contextorg.tools.models.resolve import resolve_chat_model

pytestmark = [pytest.mark.integration, pytest.mark.slow]

SERVER_PYTHON = Path(__file__).parents[2] / ".venv-model-server" / "bin" / "python"
NAME = MODEL_SERVER_NAME


def start_server(port: int, log: Path) -> subprocess.Popen[bytes]:
    if not SERVER_PYTHON.exists():
        pytest.skip(f"no model server at {SERVER_PYTHON}: `make test` installs it")
    try:
        return start_model_server(SERVER_PYTHON, port, log)
    except RuntimeError as exc:
        pytest.fail(str(exc))


def requests_in(log: Path) -> list[str]:
    """The requests the server logged (uvicorn's access log)."""
    return re.findall(r'"((?:GET|POST) \S+) HTTP', log.read_text())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    port = free_port()
    log = tmp_path_factory.mktemp("model-server") / "server.log"
    process = start_server(port, log)
    yield f"http://127.0.0.1:{port}/v1", log
    process.terminate()
    process.wait(timeout=30)


@pytest.fixture
def over(
    server: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Any]:
    """``openai:NAME`` at the test server, remembering methods in this test's own home."""
    monkeypatch.setenv("OPENAI_BASE_URL", server[0])
    monkeypatch.setattr(methods, "_memory_path", lambda: tmp_path / methods.MEMORY_FILE)
    methods.clear_known_servers()
    yield resolve_chat_model(f"openai:{NAME}")
    methods.clear_known_servers()


def cited(result: Any) -> list[tuple[str, list[str]]]:
    return sorted((a.answer, sorted(a.citations)) for a in result.answer.answers)


def test_answers_match_the_embedded_model_in_comparable_time(over: Any) -> None:
    models = {"embedded": "local", "server": over}
    # The demo warms both (the weights loaded in this process, and paged in by the server with
    # its methods found: its first call reads cold weights and probes what it accepts).
    warm = {
        side: ask(DEMO_QUESTION, demo_contexts(), model=model) for side, model in models.items()
    }
    assert cited(warm["server"]) == cited(warm["embedded"]), warm["server"].text
    # Then one question twice each, the second time in the other order, and the faster of each
    # side's two compared: on a shared machine one pair once came out 1.7x apart with the same
    # calls and tokens.
    seconds: dict[str, list[float]] = {"embedded": [], "server": []}
    for order in (("embedded", "server"), ("server", "embedded")):
        results = {}
        for side in order:
            started = time.perf_counter()
            results[side] = ask(BRIDGE_QUESTION, BRIDGE, model=models[side])
            seconds[side].append(time.perf_counter() - started)
        assert cited(results["server"]) == cited(results["embedded"]), results["server"].text
    assert min(seconds["server"]) <= 1.5 * min(seconds["embedded"]) + 2, seconds


def test_the_schema_goes_beside_json_object_and_a_no_reads_as_in_process(
    over: Any, tmp_path: Path
) -> None:
    # llama-cpp-python's server refuses json_schema; a forced tool call's prompt made the
    # model read "unknown" where the page says "no".
    question = "Can I bring my dog into the Marlow gallery?"
    contexts = [Context(id="rules", text="Dogs are not allowed in the Marlow gallery.")]
    served = ask(question, contexts, model=over)
    memo = json.loads((tmp_path / methods.MEMORY_FILE).read_text())
    assert list(memo["methods"].values()) == ["json_object_schema"]
    assert cited(served) == cited(ask(question, contexts, model="local")) == [("no", ["rules"])]


def test_groups_answered_in_parallel_on_the_server(over: Any) -> None:
    # The server takes one request at a time: calls sent together wait their turn, none fails.
    result = ask(DEMO_QUESTION, demo_contexts(), model=over, answer_from="model", max_concurrency=4)
    assert len(result.organization.groups) >= 2 and result.usage["answer_group"].llm_calls >= 2
    assert not any(usage.failures for usage in result.usage.values()), result.usage
    assert result.answer.answers, result.text


def test_a_thread_follows_up_through_the_server(over: Any, tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    first = ask(DEMO_QUESTION, demo_contexts(), model=over, thread="t", checkpoints=store)
    assert first.answer.answers
    second = ask(
        "And the one in Port Aster?", demo_contexts(), model=over, thread="t", checkpoints=store
    )
    assert "Port Aster" in second.completed_question, second.completed_question
    assert any("2004" in a.answer for a in second.answer.answers), second.text


def contextorg(base_url: str, home: Path, *args: str) -> tuple[int, str, float]:
    """``contextorg ask ARGS`` in a new process: exit code, output, seconds."""
    env = {**os.environ, "OPENAI_BASE_URL": base_url, "CONTEXTORG_HOME": str(home)}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "contextorg", "ask", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.returncode, done.stdout + done.stderr, time.monotonic() - started


def test_a_wrong_url_or_model_is_one_line_within_seconds(
    server: tuple[str, Path], tmp_path: Path
) -> None:
    url, log = server
    root = url.removesuffix("/v1")
    # What a new process costs before it asks anything: a model name refused at once.
    code, out, startup = contextorg(url, tmp_path, "--model", "nosuch:model")
    assert code == 2 and "unknown model 'nosuch:model'" in out, out
    cases = [
        (f"http://127.0.0.1:{free_port()}/v1", NAME, "cannot reach the model server"),
        (root, NAME, "answered 404"),  # the path without /v1
        (url, "gpt-5", f"does not serve 'gpt-5'; it serves: {NAME}"),
    ]
    for base, name, said in cases:
        before = len(requests_in(log))
        code, out, seconds = contextorg(base, tmp_path, "--model", f"openai:{name}")
        assert code == 2 and said in out and out.count("\n") == 1, out
        assert seconds < startup + 5, (seconds, startup)
        assert len(requests_in(log)) - before <= 3, requests_in(log)[before:]


def test_a_server_killed_mid_question_degrades_visibly(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    process = start_server(port, log)
    env = {
        **os.environ,
        "OPENAI_BASE_URL": f"http://127.0.0.1:{port}/v1",
        "CONTEXTORG_HOME": str(tmp_path),
    }
    command = [sys.executable, "-m", "contextorg", "ask", "--model", f"openai:{NAME}"]
    started = time.monotonic()
    run = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        while len([r for r in requests_in(log) if r.startswith("POST")]) < 3:
            assert run.poll() is None and time.monotonic() - started < 120, log.read_text()
            time.sleep(0.2)
        process.send_signal(signal.SIGKILL)
        out, err = run.communicate(timeout=90)
    finally:
        process.kill()
        run.kill()
    text = out.decode() + err.decode()
    assert "Traceback" not in text, text
    assert re.search(r"Connection error|gave no usable reply", text), text
    if run.returncode == 0:  # some calls answered before the kill: the answer says what failed
        assert "model calls gave no usable reply; the answer may be incomplete" in text, text
    else:
        assert run.returncode == 3, text
