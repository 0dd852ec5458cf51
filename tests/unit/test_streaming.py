"""Streaming: node-by-node events and model tokens, and the chat REPL built on them."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from contextorg import ask, ask_stream
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.testing import DEMO_READINGS, World
from contextorg.tools.models.resolve import register_chat_model

FOLLOW_UP = "And the one in Port Aster?"
STANDALONE = "When was the Lumen Tower in Port Aster completed?"


@pytest.fixture
def world() -> World:
    return World(demo_contexts(), DEMO_READINGS, completions={FOLLOW_UP: STANDALONE})


def test_events_come_node_by_node_then_the_result(world: World) -> None:
    events = list(ask_stream(DEMO_QUESTION, demo_contexts(), model=world.model()))
    nodes = [e.node for e in events if e.kind == "node"]
    assert nodes[:4] == ["start_turn", "complete_question", "classify_relations", "organize_groups"]
    assert nodes.count("group") == 2 and nodes[-2:] == ["aggregate", "record_turn"]
    tokens = [e for e in events if e.kind == "token"]
    assert {e.node for e in tokens} == {"classify_relations"}  # groups answered from readings
    assert events[-1].kind == "result"
    streamed = events[-1].data
    assert streamed.text == ask(DEMO_QUESTION, demo_contexts(), model=world.model()).text
    assert streamed.usage["classify_relations"].llm_calls == 6
    assert streamed.usage["classify_relations"].output_tokens > 0, "usage counts when streaming"


def test_group_answers_stream_their_tokens_too(world: World) -> None:
    events = list(
        ask_stream(DEMO_QUESTION, demo_contexts(), model=world.model(), answer_from="model")
    )
    tokens = [e for e in events if e.kind == "token"]
    assert {e.node for e in tokens} == {"classify_relations", "organize_groups", "answer_group"}
    streamed = events[-1].data
    assert streamed.usage["answer_group"].llm_calls == 2
    assert streamed.usage["answer_group"].output_tokens > 0, "usage is counted when streaming"


def test_streaming_a_thread_remembers_the_turn(world: World, tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    options: dict[str, Any] = {"model": world.model(), "thread": "t", "checkpoints": store}
    list(ask_stream(DEMO_QUESTION, demo_contexts(), **options))
    *_, last = ask_stream(FOLLOW_UP, demo_contexts(), **options)
    assert last.data.completed_question == STANDALONE


def test_chat_shows_each_node_and_continues_the_thread(
    world: World, tmp_path: Path, run_cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    register_chat_model("scripted-chat", lambda _: world.model(), real=False)
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    argv = ["chat", "--model", "scripted-chat", "--checkpoints", store, "--thread", "t1"]
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{DEMO_QUESTION}\n\n{FOLLOW_UP}\n/exit\n"))
    code, out, err = run_cli(argv)
    assert code == 0
    assert "thread t1" in err
    assert "✓ classify_relations" in err and "✓ group" in err
    groups = "2 groups (from readings): velmora-guide | velmora-blog, port-aster"
    assert any(line.endswith(groups) for line in err.splitlines()), "each node on one line"
    assert f"✓ complete_question  {STANDALONE}" in err, "the follow-up was completed"
    assert "According to [velmora-guide][velmora-history], the answer is 1987" in out
    # A new process on the same thread still knows the conversation.
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{FOLLOW_UP}\n"))
    code, _, err = run_cli(argv)
    assert code == 0 and f"✓ complete_question  {STANDALONE}" in err


def test_chat_names_a_long_thread_on_one_line(
    world: World, tmp_path: Path, run_cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    register_chat_model("scripted-chat", lambda _: world.model(), real=False)
    thread = "support-ticket-" * 6
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    monkeypatch.setattr("sys.stdin", io.StringIO("/exit\n"))
    code, _, err = run_cli(["chat", "--model", "scripted-chat", "--checkpoints", store,
                            "--thread", thread])  # fmt: skip
    assert code == 0
    assert f"thread {thread} (continue it later with --thread {thread}); /help" in err


def test_chat_commands_are_not_asked_as_questions(
    world: World, run_cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    register_chat_model("scripted-chat", lambda _: world.model(), real=False)
    monkeypatch.setattr("sys.stdin", io.StringIO("/help\n/thread\n/exti\n/exit\n"))
    code, out, err = run_cli(["chat", "--model", "scripted-chat", "--thread", "t7"])
    assert code == 0 and world.calls == [], "no command reached the model"
    assert "/exit    end (also /quit, or Ctrl-D)" in err
    assert "thread t7 (continue it later with --thread t7)\n" in err
    assert "unknown command /exti: /help lists the commands" in err


def test_chat_bad_input_is_one_clear_line(run_cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _, err = run_cli(["chat", "--index", "nowhere", "--contexts", "x.jsonl"])
    assert code == 2 and "give one of --index or --contexts" in err
    code, _, err = run_cli(["chat", "--strategy", "nope"])
    assert code == 2 and "unknown strategy 'nope'" in err
