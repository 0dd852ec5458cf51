"""Spans reach a real Arize Phoenix, started here on 127.0.0.1, checked through its own API."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration
# Phoenix lives in its own virtual environment (`make test` makes it): its pins are not ours.
PHOENIX = Path(
    os.environ.get(
        "CONTEXTORG_PHOENIX_BIN", Path(__file__).parents[2] / ".venv-phoenix/bin/phoenix"
    )
)


def get_json(url: str) -> dict:  # type: ignore[type-arg]
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


def spans_of(url: str, project: str, root: str) -> list[dict]:  # type: ignore[type-arg]
    """The project's spans, once Phoenix has ingested them all.

    Phoenix writes in batches and the root span ends last, so a count of spans can be reached
    before the root lands: this waits for the root, then for one poll that adds nothing.
    """
    deadline = time.monotonic() + 60
    spans: list[dict] = []  # type: ignore[type-arg]
    seen = -1
    while time.monotonic() < deadline:
        rooted = any(s["name"] == root and s["parent_id"] is None for s in spans)
        if rooted and len(spans) == seen:
            break
        seen = len(spans)
        time.sleep(1)
        try:
            spans = get_json(f"{url}/v1/projects/{project}/spans?limit=1000")["data"]
        except urllib.error.HTTPError as exc:  # 404 until the project's first span lands
            if exc.code != 404:
                raise
    return spans


@pytest.fixture
def phoenix(tmp_path: Path, serve: Any, free_port: Any) -> str:
    if not PHOENIX.exists():
        pytest.skip(f"no Phoenix at {PHOENIX}: `make test` installs it into .venv-phoenix")
    port = free_port()
    env = {
        **os.environ,
        "PHOENIX_WORKING_DIR": str(tmp_path / "phoenix"),
        "PHOENIX_HOST": "127.0.0.1",
        "PHOENIX_PORT": str(port),
        "PHOENIX_GRPC_PORT": str(free_port()),
        "PHOENIX_TELEMETRY_ENABLED": "false",
    }
    url = f"http://127.0.0.1:{port}"
    serve([str(PHOENIX), "serve"], f"{url}/healthz", env=env)
    return url


def test_graph_node_and_model_spans_arrive(phoenix: str) -> None:
    # A separate process: LangChain is instrumented once per process, for good.
    script = textwrap.dedent(
        f"""
        from contextorg import ask
        from contextorg.demo import DEMO_QUESTION, demo_contexts
        from contextorg.testing import DEMO_READINGS, World
        world = World(demo_contexts(), DEMO_READINGS)
        answer = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), phoenix={phoenix!r})
        print(answer.answer.model_calls)
        print(answer.text)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "1987" in done.stdout
    spans = spans_of(phoenix, "contextorg", root="contextorg")
    names = {s["name"] for s in spans}
    assert "contextorg" in names  # the graph
    assert {"classify_relations", "organize_groups", "answer_group", "aggregate"} <= names
    models = [s for s in spans if s["span_kind"] == "LLM"]
    calls = int(done.stdout.splitlines()[0])
    assert calls >= 5  # n readings and the aggregate, at least
    assert len(models) == calls  # every model call is a span, no more
    roots = [s for s in spans if s["parent_id"] is None]
    assert [r["name"] for r in roots] == ["contextorg"]
