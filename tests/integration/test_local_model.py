"""The embedded local model, end to end on the demo corpus (slow: real inference on CPU)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from contextorg import Context, ask, ask_stream
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.prompts import answer_group, stance_reading
from contextorg.prompts._render import render_contexts
from contextorg.tools.models.calls import (
    CANCELLED,
    Meter,
    ModelCancelledError,
    call_structured,
    call_structured_raw,
)
from contextorg.tools.models.grammar_first import GrammarFirstSampler
from contextorg.tools.models.llama import LlamaCppChatModel
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.relations.reading import read_stance, yes_lean
from contextorg.tools.text.normalize import mentions

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_every_answer_cites_a_context_that_states_it() -> None:
    contexts = {c.id: c for c in demo_contexts()}
    result = ask(DEMO_QUESTION, list(contexts.values()), model="local")
    assert result.answer.answers, result.text
    for item in result.answer.answers:
        assert item.citations
        assert all(c in contexts for c in item.citations)
        assert any(mentions(contexts[c].text, item.answer) for c in item.citations), item
    assert result.summary()["usage"]["llm_calls"] >= 3
    assert result.usage["classify_relations"].output_tokens > 0
    for item in result.answer.answers:  # read from the contexts: each states what it cites
        assert all(item.answer in result.readings[c].answers for c in item.citations[:1])


def test_group_answers_from_the_model_cite_contexts_that_state_them() -> None:
    contexts = {c.id: c for c in demo_contexts()}
    result = ask(DEMO_QUESTION, list(contexts.values()), model="local", answer_from="model")
    assert result.answer.answers and result.usage["answer_group"].output_tokens > 0
    for item in result.answer.answers:
        assert any(mentions(contexts[c].text, item.answer) for c in item.citations), item


def test_a_call_past_its_deadline_stops_and_the_model_still_answers() -> None:
    model = resolve_chat_model("local")
    messages = answer_group.TEMPLATE.format_messages(
        contexts=render_contexts(demo_contexts()), question=DEMO_QUESTION
    )
    meter = Meter(timeout=0.5, retries=0)
    started = time.perf_counter()
    late = call_structured(model, answer_group.GroupAnswers, messages, meter, prompt="t@1")
    assert late is None and meter.failures == 1
    assert time.perf_counter() - started < 2.0  # the caller does not wait for the reply
    started = time.perf_counter()
    after = call_structured(model, answer_group.GroupAnswers, messages, Meter(), prompt="t@1")
    assert after is not None and after.answers  # the stopped reply left the model usable
    assert time.perf_counter() - started < 120  # it did not wait for a runaway reply
    CANCELLED.set()
    try:
        with pytest.raises(ModelCancelledError):
            model.invoke("Count from one to a hundred.")
    finally:
        CANCELLED.clear()


def test_cli_json_with_the_local_model(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "contextorg", "ask", "--json", "--strategy", "base"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["usage"]["llm_calls"] == 1
    assert data["groups"] == [[c.id for c in demo_contexts()]]
    assert any(a["answer"] in {"1987", "1991", "2004"} for a in data["answers"]), data["text"]


def test_notes_path_keeps_citations_to_the_original_contexts() -> None:
    contexts = {c.id: c for c in demo_contexts()}
    result = ask(
        DEMO_QUESTION,
        list(contexts.values()),
        model="local",
        strategy="base",
        context_budget=150,
        segment_tokens=120,
        notes_max_tokens=300,
    )
    assert result.usage["write_note"].llm_calls >= 2
    assert result.answer.answers, result.text
    for item in result.answer.answers:
        assert any(mentions(contexts[c].text, item.answer) for c in item.citations), item


def test_tokens_stream_and_are_counted() -> None:
    events = list(ask_stream(DEMO_QUESTION, demo_contexts(), model="local", strategy="base"))
    tokens = [e for e in events if e.kind == "token"]
    assert len(tokens) > 5 and {e.node for e in tokens} == {"answer_group"}
    result = events[-1].data
    assert result.usage["answer_group"].output_tokens == len(tokens)
    assert result.usage["answer_group"].input_tokens > 300  # the prompt holds six contexts
    written = json.loads("".join(e.data for e in tokens))
    assert {a["answer"] for a in written["answers"]} >= {a.answer for a in result.answer.answers}


def test_explain_puts_each_answer_on_a_context_it_cites() -> None:
    result = ask(DEMO_QUESTION, demo_contexts(), model="local", strategy="base", explain=True)
    assert len(result.attribution) == len(result.answer.answers) > 0
    cited = {a.answer: a.citations for a in result.answer.answers}
    for part in result.attribution:
        assert sum(part.scores.values()) == pytest.approx(1.0)
        top = max(part.scores.values())  # ties happen: removing any of them loses the answer
        assert any(part.scores[c] == top for c in cited[part.answer]), part
    assert result.usage["explain"].llm_calls >= 1


def test_the_local_model_runs_a_react_agent_with_the_tool() -> None:
    from langchain.agents import create_agent
    from langchain_core.messages import ToolMessage

    from contextorg import as_tool
    from contextorg.tools.models.resolve import resolve_chat_model

    # The tool answers from the scripted demo world; the agent is the real local model.
    tool = as_tool(demo_contexts(), model="scripted:demo")
    agent = create_agent(resolve_chat_model("local"), [tool])
    out = agent.invoke({"messages": [("user", DEMO_QUESTION)]})
    called = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    assert called and "[velmora-guide]" in called[0].text
    final = out["messages"][-1]
    assert not final.tool_calls and "1987" in final.text


def test_the_local_model_reports_how_sure_it_is_of_a_stance() -> None:
    model = resolve_chat_model("local")
    question = "Did the Orvel Canal freeze over in the winter of 1895?"
    texts = {
        "yes": "In the great frost of 1895 the Orvel Canal froze solid, and skaters crossed it.",
        "no": "The Orvel Canal did not freeze in 1895: warm water from the mill kept it open.",
    }
    for side, text in texts.items():
        context = Context(id=side, text=text)
        messages = stance_reading.TEMPLATE.format_messages(
            contexts=render_contexts([context]), question=question
        )
        out, message = call_structured_raw(
            model,
            stance_reading.StanceReading,
            messages,
            Meter(),
            prompt="stance",
            logprobs=True,
            top_logprobs=5,
        )
        assert out is not None and message is not None
        assert message.response_metadata["logprobs"]["content"], message
        lean = yes_lean(message)
        assert lean is not None and (lean > 0) == (out.answer == "yes"), (out, lean)
        assert read_stance(context, question, model, Meter()) == side


def test_grammar_first_decoding_writes_the_chains_replies() -> None:
    """Both decoders, every demo prompt of a corg run and a plural answer: the same text.

    One call at a time: the order of concurrent calls changes which prompt prefix the KV
    cache reuses, and with it the last bits of the logits.
    """
    path = resolve_chat_model("local").model_path  # type: ignore[attr-defined]
    replies = {}
    for first in (True, False):
        model = LlamaCppChatModel(model_path=path, n_threads=2, grammar_first=first)
        result = ask(
            DEMO_QUESTION, demo_contexts(), model=model, answer_from="model", max_concurrency=1
        )
        replies[first] = (result.summary()["answers"], result.readings, result.usage)
        assert isinstance(model._llama()._sampler, GrammarFirstSampler) is first
    assert replies[True][:2] == replies[False][:2]
    assert {n: u.output_tokens for n, u in replies[True][2].items()} == {
        n: u.output_tokens for n, u in replies[False][2].items()
    }
