"""Follow-up questions: completion, threads kept by the checkpointer, and fresh turns."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.testing import DEMO_READINGS, World, ask_demo_in_new_process
from contextorg.tools.inputs import InputError
from contextorg.tools.models import register_chat_model

FOLLOW_UP = "And the one in Port Aster?"
STANDALONE = "When was the Lumen Tower in Port Aster completed?"


@pytest.fixture
def world() -> World:
    world = World(demo_contexts(), DEMO_READINGS, completions={FOLLOW_UP: STANDALONE})
    register_chat_model("scripted-demo", lambda _: world.model(), real=False)
    return world


def test_a_thread_completes_the_follow_up_from_its_history(
    world: World, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    first = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), thread="t1", checkpoints=store)
    assert first.completed_question == DEMO_QUESTION and "CompletedQuestion" not in world.calls
    second = ask(FOLLOW_UP, demo_contexts(), model=world.model(), thread="t1", checkpoints=store)
    assert second.question == FOLLOW_UP and second.completed_question == STANDALONE
    assert second.summary()["completed_question"] == STANDALONE
    prompt = world.prompts[world.calls.index("CompletedQuestion")]
    assert f"User: {DEMO_QUESTION}" in prompt and "1987" in prompt  # the first turn and its answer
    assert second.organization.groups[0].question.startswith(STANDALONE.rstrip("?"))
    other = ask(FOLLOW_UP, demo_contexts(), model=world.model(), thread="t2", checkpoints=store)
    assert other.completed_question == FOLLOW_UP  # another thread has no history
    # Our records load back from the checkpoints as registered types (no LangGraph warning).
    assert "unregistered type" not in caplog.text


def test_a_new_turn_starts_clean(world: World, tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    ask(DEMO_QUESTION, demo_contexts(), model=world.model(), thread="t", checkpoints=store)
    second = ask(
        FOLLOW_UP, demo_contexts(), model=world.model(), thread="t", checkpoints=store,
        strategy="base", completion="concat",
    )  # fmt: skip
    assert second.relations == []  # the first turn's relations do not leak
    assert set(second.usage) == {"complete_question", "organize_groups", "answer_group"}
    assert second.usage["complete_question"].llm_calls == 0
    assert second.completed_question == f"{DEMO_QUESTION} {FOLLOW_UP}"
    assert len(second.answer.answers) >= 1


def test_history_without_a_thread(world: World) -> None:
    history = [{"question": DEMO_QUESTION, "answer": "1987, 1991 and 2004"}]
    result = ask(FOLLOW_UP, demo_contexts(), model=world.model(), history=history)
    assert result.completed_question == STANDALONE


def test_a_thread_survives_a_new_process(world: World, tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    ask(DEMO_QUESTION, demo_contexts(), model=world.model(), thread="t", checkpoints=store)
    summary = ask_demo_in_new_process(
        FOLLOW_UP, thread="t", checkpoints=store, completions={FOLLOW_UP: STANDALONE}
    )
    assert summary["completed_question"] == STANDALONE


def test_cli_thread_and_bad_stores(world: World, tmp_path: Path, run_cli: Any) -> None:
    store = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    base = ["--model", "scripted-demo", "--thread", "c", "--checkpoints", store, "--json"]
    code, out, _ = run_cli(["ask", DEMO_QUESTION, *base])
    assert code == 0 and json.loads(out)["completed_question"] == DEMO_QUESTION
    code, out, _ = run_cli(["ask", FOLLOW_UP, *base])
    assert code == 0 and json.loads(out)["completed_question"] == STANDALONE
    code, _, err = run_cli(["ask", "q", "--model", "scripted-demo", "--thread", "x",
                            "--checkpoints", "mongodb://h/db"])  # fmt: skip
    assert code == 2 and "unknown checkpoint store 'mongodb'" in err
    code, _, err = run_cli(["ask", "q", "--model", "scripted-demo", "--completion", "magic"])
    assert code == 2 and "unknown completion 'magic'" in err


def test_unknown_completion_in_python(world: World) -> None:
    with pytest.raises(ValueError, match="unknown completion"):
        ask(FOLLOW_UP, demo_contexts(), model=world.model(), completion="magic",
            history=[{"question": "q", "answer": "a"}])  # fmt: skip
    with pytest.raises(InputError, match="question is empty"):
        ask(" ", demo_contexts(), model=world.model())
