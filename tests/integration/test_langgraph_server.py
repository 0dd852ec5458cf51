"""`langgraph dev` serves the graph (from its own venv); the langgraph SDK asks it questions.

The server runs the repository's graph with a scripted model registered by a small module
next to a copy of langgraph.json, so it needs no model weights; threads, JSON input and
streaming go through the real langgraph-api in-memory server.
"""

from __future__ import annotations

import json
import os
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph_sdk import get_sync_client

from contextorg.demo import DEMO_QUESTION, demo_contexts

pytestmark = pytest.mark.integration
ROOT = Path(__file__).parents[2]
# langgraph-api pins grpcio apart from weaviate-client: `make test` gives it .venv-langgraph.
LANGGRAPH = Path(os.environ.get("CONTEXTORG_LANGGRAPH_BIN", ROOT / ".venv-langgraph/bin/langgraph"))
FOLLOW_UP = "And the one in Port Aster?"
STANDALONE = "When was the Lumen Tower in Port Aster completed?"


@pytest.fixture
def server(tmp_path: Path, serve: Any, free_port: Any) -> str:
    if not LANGGRAPH.exists():
        pytest.skip(f"no langgraph CLI at {LANGGRAPH}: `make test` installs .venv-langgraph")
    shipped = json.loads((ROOT / "langgraph.json").read_text())
    graph_file = ROOT / shipped["graphs"]["contextorg"].split(":")[0]
    assert graph_file.is_file(), f"langgraph.json points at {graph_file}, which is missing"
    (tmp_path / "scripted.py").write_text(
        textwrap.dedent(
            f"""
            from contextorg import register_chat_model
            from contextorg.demo import demo_contexts
            from contextorg.graphs.qa import graph
            from contextorg.testing import DEMO_READINGS, World

            completions = {{{FOLLOW_UP!r}: {STANDALONE!r}}}
            world = World(demo_contexts(), DEMO_READINGS, completions=completions)
            register_chat_model("scripted-demo", lambda _: world.model(), real=False)
            """
        )
    )
    config = {**shipped, "graphs": {"contextorg": "./scripted.py:graph"}, "env": {}}
    (tmp_path / "langgraph.json").write_text(json.dumps(config))
    port = free_port()
    env = {
        **os.environ,
        "LANGSMITH_TRACING": "false",
        "LANGCHAIN_TRACING_V2": "false",
        "LANGGRAPH_CLI_NO_ANALYTICS": "1",
    }
    command = [str(LANGGRAPH), "dev", "--host", "127.0.0.1", "--port", str(port)]
    url = f"http://127.0.0.1:{port}"
    serve([*command, "--no-browser", "--no-reload"], f"{url}/ok", env=env, cwd=tmp_path)
    return url


@pytest.fixture
def client(server: str) -> Iterator[Any]:
    with get_sync_client(url=server) as sdk:
        yield sdk


def test_the_sdk_asks_follows_up_and_streams(client: Any) -> None:
    assert [a["graph_id"] for a in client.assistants.search()] == ["contextorg"]
    contexts = [c.model_dump() for c in demo_contexts()]
    context = {"model": "scripted-demo"}
    thread = client.threads.create()["thread_id"]
    question = {"question": DEMO_QUESTION, "contexts": contexts}
    first = client.runs.wait(thread, "contextorg", input=question, context=context)
    assert isinstance(first, dict)
    text = first["answer"]["text"]
    assert "According to [velmora-guide][velmora-history], the answer is 1987" in text
    assert {a["answer"] for a in first["answer"]["answers"]} == {"1987", "1991", "2004"}
    # The thread keeps the history (and the contexts) for the follow-up.
    second = client.runs.wait(thread, "contextorg", input={"question": FOLLOW_UP}, context=context)
    assert isinstance(second, dict)
    assert second["completed_question"] == STANDALONE
    nodes = [
        next(iter(part.data))
        for part in client.runs.stream(
            None,
            "contextorg",
            input=question,
            context=context,
            stream_mode="updates",
        )
        if part.event == "updates"
    ]
    assert nodes[:2] == ["start_turn", "complete_question"]
    assert nodes[-2:] == ["aggregate", "record_turn"]
    assert nodes.count("group") == 2


def test_bad_input_comes_back_as_a_clear_error(client: Any) -> None:
    run = client.runs.wait(
        None,
        "contextorg",
        input={"question": DEMO_QUESTION, "contexts": [{"title": "no id or text"}]},
        context={"model": "scripted-demo"},
        raise_error=False,
    )
    assert isinstance(run, dict)
    assert "context 1 is not valid (text: Field required)" in json.dumps(run)


def test_contexts_without_ids_are_named_by_position(client: Any) -> None:
    contexts = [{"text": c.text, "title": c.title} for c in demo_contexts()]
    run = client.runs.wait(
        None,
        "contextorg",
        input={"question": DEMO_QUESTION, "contexts": contexts},
        context={"model": "scripted-demo", "completion": "none"},
    )
    assert isinstance(run, dict)
    assert [c["id"] for c in run["contexts"]] == [str(n) for n in range(1, len(contexts) + 1)]
    assert {a["answer"] for a in run["answer"]["answers"]} == {"1987", "1991", "2004"}
