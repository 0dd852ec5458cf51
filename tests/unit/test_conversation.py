"""Follow-up questions: completion, threads kept by the checkpointer, and fresh turns."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from contextorg import Context, aask, ask, build_graph
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.testing import DEMO_READINGS, World, ask_demo_in_new_process, first_number
from contextorg.tools.inputs import InputError
from contextorg.tools.models.resolve import register_chat_model
from contextorg.tools.persistence.checkpoints import open_checkpointer

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


def test_a_sqlite_url_reads_its_path_as_sqlalchemy_does(
    world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "here").mkdir()
    for store in ("sqlite:///here/threads.sqlite", f"sqlite:///{tmp_path}/abs.sqlite"):
        ask(DEMO_QUESTION, demo_contexts(), model=world.model(), thread="t", checkpoints=store)
    assert (tmp_path / "here" / "threads.sqlite").is_file()  # three slashes: a relative path
    assert (tmp_path / "abs.sqlite").is_file()  # four: an absolute one


def test_a_thread_run_keeps_the_graph_name_in_traces(world: World, tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    trace = tmp_path / "trace.jsonl"
    ask(DEMO_QUESTION, demo_contexts(), model=world.model(), thread="t", checkpoints=store,
        trace=trace)  # fmt: skip
    roots = [r for r in map(json.loads, trace.read_text().splitlines()) if r["parent_id"] is None]
    assert [r["name"] for r in roots] == ["contextorg"]  # not LangGraph's default name


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


@pytest.mark.parametrize("asking", ["ask", "aask"])
def test_a_store_that_is_a_folder_or_another_file_is_refused_first(
    world: World, tmp_path: Path, asking: str
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a database")
    run = ask if asking == "ask" else lambda *a, **k: asyncio.run(aask(*a, **k))
    options: dict[str, Any] = {"model": world.model(), "thread": "t"}
    with pytest.raises(InputError, match=f"store {tmp_path} is a folder: give a file in it, as"):
        run(DEMO_QUESTION, demo_contexts(), checkpoints=str(tmp_path), **options)
    with pytest.raises(InputError, match="notes.txt is not a SQLite database: give the path of"):
        run(DEMO_QUESTION, demo_contexts(), checkpoints=f"sqlite:///{notes}", **options)
    assert notes.read_text() == "my notes, not a database" and world.calls == []


def test_unknown_completion_in_python(world: World) -> None:
    with pytest.raises(ValueError, match="unknown completion"):
        ask(FOLLOW_UP, demo_contexts(), model=world.model(), completion="magic",
            history=[{"question": "q", "answer": "a"}])  # fmt: skip
    with pytest.raises(InputError, match="question is empty"):
        ask(" ", demo_contexts(), model=world.model())


KILLED_MID_TURN = """
import sys
from contextorg import Context, ask, build_graph
from contextorg.demo import demo_contexts
from contextorg.testing import DEMO_READINGS, Fault, World, faulty
store, question = sys.argv[1], sys.argv[2]
world = World(demo_contexts(), DEMO_READINGS)
model = faulty(world.respond, Fault("hang", schema="AnswerReading", seconds=600))
print("asking", flush=True)
ask(question, demo_contexts(), model=model, thread="t", checkpoints=store)
"""


@pytest.mark.slow
def test_a_thread_killed_mid_question_keeps_its_history(world: World, tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    ask(DEMO_QUESTION, demo_contexts(), model=world.model(), thread="t", checkpoints=store)
    run = subprocess.Popen(
        [sys.executable, "-c", KILLED_MID_TURN, store, "What about the festival?"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert run.stdout is not None and run.stdout.readline().strip() == "asking"
    time.sleep(2.0)  # inside the turn: its first checkpoints are written, its calls hang
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=30)
    run.stdout.close()
    with open_checkpointer(store) as saver:
        state = build_graph(checkpointer=saver).get_state({"configurable": {"thread_id": "t"}})
    assert [turn.question for turn in state.values["history"]] == [DEMO_QUESTION]
    # A new process picks the thread up: the finished turn is its history, the killed one is not.
    again = ask_demo_in_new_process(
        FOLLOW_UP, thread="t", checkpoints=store, completions={FOLLOW_UP: STANDALONE}
    )
    assert again["completed_question"] == STANDALONE  # completed from the first turn
    assert "2004" in again["text"]


def test_eight_threads_at_once_on_one_store_each_get_their_own_answer(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    names = ["north", "south", "east", "west", "upper", "lower", "old", "new"]

    def one(n: int) -> tuple[str, str]:
        contexts = [Context(id="a", text=f"The {names[n]} bridge opened in {1900 + n}.")]
        model = World([], {}, unknown=first_number).model()
        question = f"When did the {names[n]} bridge open?"
        for _ in range(2):  # two turns each, so every thread also reads its own history
            result = ask(question, contexts, model=model, thread=names[n], checkpoints=store)
        return names[n], result.text

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = dict(pool.map(one, range(8)))
    assert answers == {
        name: f"According to [a], the answer is {1900 + n}." for n, name in enumerate(names)
    }
    with open_checkpointer(store) as saver:
        graph = build_graph(checkpointer=saver)
        for name in names:
            history = graph.get_state({"configurable": {"thread_id": name}}).values["history"]
            assert [t.question for t in history] == [f"When did the {name} bridge open?"] * 2
