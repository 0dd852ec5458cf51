"""A text past the model's window: every segment in order, or best first with segment search."""

from __future__ import annotations

import itertools
import json
import logging
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
from langchain_core.messages import BaseMessage

from contextorg import Context, ask
from contextorg.testing import Fault, Faults, HashEmbedder, World, first_number
from contextorg.testing.faults import FaultKind
from contextorg.tools.inputs import InputError
from contextorg.tools.models.budget import segment_spans
from contextorg.tools.models.resolve import register_chat_model
from contextorg.tools.models.structured import ScriptedChatModel
from contextorg.tools.relations.segments import SegmentSearch, best_first
from contextorg.tools.retrieval.embeddings import EMBEDDERS

QUESTION = "When did the Corvale bridge open?"
COLOURS = "amber cobalt crimson ochre olive teal violet umber".split()
BODIES = "committee council guild board panel society union league".split()


def filler(sentences: int) -> str:
    """Sentences that state no number and share no word with the question."""
    pairs = itertools.cycle(itertools.product(COLOURS, BODIES))
    return " ".join(
        f"The {c} {b} met and adjourned." for c, b in itertools.islice(pairs, sentences)
    )


def long_text(*needles: tuple[int, str]) -> str:
    """Eight segments of filler (6,000-word window), ``needles`` after those sentences."""
    sentences = filler(7000).split(". ")
    for at, needle in sorted(needles, reverse=True):
        sentences.insert(at, needle.rstrip("."))
    return ". ".join(sentences)


def counting_model(respond: Any = None) -> tuple[ScriptedChatModel, list[str]]:
    """A scripted model that reads the first number of a text; ``texts`` records each prompt."""
    world = World([], {}, unknown=first_number)
    texts: list[str] = []

    def reply(messages: Sequence[BaseMessage], schema: dict[str, Any] | None) -> Any:
        texts.append(" ".join(m.text for m in messages))
        return (respond or world.respond)(messages, schema)

    return ScriptedChatModel(respond=reply), texts


WHOLE = {"reading_segment_tokens": None}
"""Segments that fill the window: eight of :func:`long_text`."""


def ask_searching(text: str, model: ScriptedChatModel, **options: Any) -> Any:
    """``ask`` over one long context, ``minutes``, with segment search (hash embedder)."""
    contexts = [Context(id="minutes", text=text)]
    options = {**WHOLE, **options}
    return ask(
        QUESTION, contexts, model=model, segment_search=True, embedder=HashEmbedder(), **options
    )


def reads_of(texts: list[str], word: str = "adjourned") -> int:
    """How many calls read a segment of the long text."""
    return sum(word in t for t in texts)


def test_search_reads_the_segment_that_answers_first_and_stops_when_answers_settle(
    caplog: pytest.LogCaptureFixture,
) -> None:
    text = long_text((4000, "The Corvale bridge opened in 1901."))
    model, texts = counting_model()
    with caplog.at_level(logging.WARNING, logger="contextorg"):
        result = ask_searching(text, model)
    reading = result.readings["minutes"]
    assert (reading.status, reading.answers, reading.clipped) == ("answers", ["1901"], False)
    [(start, end)] = reading.spans
    assert "1901" in text[start:end]
    assert reads_of(texts) == 3  # the needle's segment, then two that add nothing
    assert "segments of about" in caplog.text and "read best first" in caplog.text
    assert "3 of 8 segments read, best first; the last 2 added no answer" in caplog.text
    assert f"[minutes, characters {start}-{end}]" in result.text


def test_without_search_every_segment_is_read_in_order() -> None:
    text = long_text((4000, "The Corvale bridge opened in 1901."))
    model, texts = counting_model()
    result = ask(QUESTION, [Context(id="minutes", text=text)], model=model, **WHOLE)
    assert result.readings["minutes"].answers == ["1901"]
    assert reads_of(texts) == 8


class InFlight:
    """A responder that counts how many calls it answers at the same time.

    Until ``expect`` calls have been in flight together, each call waits (up to two seconds)
    for the others to arrive, so a loaded machine that starts threads slowly still sees them
    together, and a run that never sends ``expect`` at once is seen as such.
    """

    def __init__(self, respond: Any, expect: int) -> None:
        self.respond, self.expect, self.now, self.most = respond, expect, 0, 0
        self.arrived = threading.Condition()

    def __call__(self, messages: Sequence[BaseMessage], schema: dict[str, Any] | None) -> Any:
        with self.arrived:
            self.now += 1
            self.most = max(self.most, self.now)
            self.arrived.notify_all()
            self.arrived.wait_for(lambda: self.most >= self.expect, timeout=2)
        try:
            return self.respond(messages, schema)
        finally:
            with self.arrived:
                self.now -= 1


class InProcess(ScriptedChatModel):
    runs_in_process: ClassVar[bool] = True


@pytest.mark.parametrize(
    ("kind", "at_once"), [(ScriptedChatModel, 4), (InProcess, 1)], ids=["served", "in-process"]
)
def test_every_segment_of_one_text_is_read_several_at_once_by_a_served_model(
    kind: type[ScriptedChatModel], at_once: int
) -> None:
    text = long_text((800, "The Corvale bridge opened in 1901."), (6200, "It reopened in 1903."))
    readings = []
    for concurrency in (1, 4):
        expect = 1 if concurrency == 1 else at_once
        calls = InFlight(World([], {}, unknown=first_number).respond, expect)
        model = kind(respond=calls)
        result = ask(QUESTION, [Context(id="minutes", text=text)], model=model,
                     max_concurrency=concurrency)  # fmt: skip
        assert calls.most == expect
        readings.append(result.readings["minutes"])
    assert readings[0] == readings[1]  # the same reading, spans and all, whatever the concurrency
    assert readings[0].answers == ["1901", "1903"]


def test_search_reads_the_same_segments_whatever_the_concurrency() -> None:
    text = long_text((4000, "The Corvale bridge opened in 1901."))
    for concurrency in (1, 4):
        model, texts = counting_model()
        result = ask_searching(text, model, max_concurrency=concurrency)
        assert result.readings["minutes"].answers == ["1901"]
        assert reads_of(texts) == 3


def test_search_keeps_every_answer_the_ranked_segments_give() -> None:
    text = long_text(
        (800, "The Corvale bridge opened in 1901."),
        (6200, "Later records say the Corvale bridge opened in 1903."),
    )
    model, texts = counting_model()
    result = ask_searching(text, model, segment_patience=1)
    reading = result.readings["minutes"]
    assert reading.answers == ["1901", "1903"]  # in the text's order, whatever was read first
    assert [s for s, _ in reading.spans] == sorted(s for s, _ in reading.spans)
    assert reads_of(texts) == 3


def test_search_reads_a_text_with_no_answer_to_its_end() -> None:
    model, texts = counting_model()
    result = ask_searching(long_text(), model)
    reading = result.readings["minutes"]
    assert (reading.status, reading.clipped) == ("silent", False)
    assert reads_of(texts) == 8
    assert "minutes" in result.organization.dropped


@pytest.mark.parametrize(
    ("kind", "status"),
    [("raise", "failed"), ("garble", "answers"), ("empty", "answers"), ("truncate", "answers")],
)
def test_a_segment_that_cannot_be_read_never_loses_the_answer(kind: FaultKind, status: str) -> None:
    # The best segment holds the answer and its call goes wrong. A bad reply is asked again
    # (answers); a call that raises is not retried here (model_retries=0): every other
    # segment is read, and the text is kept for the answer step, not left out as silent.
    text = long_text((4000, "The Corvale bridge opened in 1901."))
    world = World([], {}, unknown=first_number)
    faults = Faults(world.respond, [Fault(kind, schema="AnswerReading", times=1)])
    model, texts = counting_model(faults)
    result = ask_searching(text, model, model_retries=0)
    assert faults.applied == [(kind, "AnswerReading")]
    assert result.readings["minutes"].status == status
    if status == "failed":
        assert reads_of(texts) > 8  # every segment, then the answer step
    assert "minutes" not in result.organization.dropped
    assert "1901" in result.text


def test_the_segments_are_ranked_by_their_best_passage() -> None:
    text = long_text((6500, "The Corvale bridge opened in 1901."))
    spans = [
        (0, len(text) // 3),
        (len(text) // 3, 2 * len(text) // 3),
        (2 * len(text) // 3, len(text)),
    ]
    order = best_first(QUESTION, text, spans, SegmentSearch(HashEmbedder()))
    assert order[0] == 2 and sorted(order) == [0, 1, 2]


def test_smaller_segments_read_apart_what_one_window_holds_together() -> None:
    # Two needles 200 sentences apart share a window-sized segment, and a reading gives one
    # answer: in segments of 1,024 words (the default) each is read in a segment of its own.
    text = long_text((100, "The Corvale bridge opened in 1901."), (300, "It reopened in 1903."))
    model, texts = counting_model()
    whole = ask(QUESTION, [Context(id="minutes", text=text)], model=model, **WHOLE)
    assert whole.readings["minutes"].answers == ["1901"] and reads_of(texts) == 8
    model, texts = counting_model()
    small = ask(QUESTION, [Context(id="minutes", text=text)], model=model)
    reading = small.readings["minutes"]
    assert reading.answers == ["1901", "1903"] and not reading.clipped
    assert reads_of(texts) >= 40  # the same text, each segment about a sixth of the window
    assert all(len(text[s:e].split()) <= 1024 for s, e in reading.spans)
    model, texts = counting_model()
    short = "The Corvale bridge opened in 1901. " + filler(400)  # fits one call: read whole
    ask(QUESTION, [Context(id="minutes", text=short)], model=model, reading_segment_tokens=100)
    assert reads_of(texts) == 1


def test_a_segment_size_under_one_token_is_refused_before_any_call() -> None:
    model, texts = counting_model()
    with pytest.raises(InputError, match="reading_segment_tokens must be 1 or more"):
        ask(QUESTION, [Context(id="a", text="x")], model=model, reading_segment_tokens=0)
    assert texts == []


def test_a_patience_under_one_is_refused_before_any_call() -> None:
    model, texts = counting_model()
    with pytest.raises(InputError, match="segment_patience must be 1 or more"):
        ask(QUESTION, [Context(id="a", text="x")], model=model, segment_patience=0)
    assert texts == []


def test_the_cli_reads_best_first_with_segment_search(
    tmp_path: Path, run_cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    register_chat_model("scripted-numbers", lambda _: counting_model()[0], real=False)
    monkeypatch.setitem(EMBEDDERS, "hash", HashEmbedder)
    file = tmp_path / "contexts.jsonl"
    text = long_text((4000, "The Corvale bridge opened in 1901."))
    file.write_text(json.dumps({"id": "minutes", "text": text}) + "\n")
    argv = ["ask", QUESTION, "-c", str(file), "--model", "scripted-numbers", "--json"]
    code, out, err = run_cli([*argv, "--segment-search", "--embedder", "hash"])
    assert code == 0, err
    summary = json.loads(out)
    assert [a["answer"] for a in summary["answers"]] == ["1901"]
    assert summary["usage"]["by_node"]["classify_relations"]["llm_calls"] == 3
    code, out, err = run_cli(argv)  # every segment of 1,024 words, in order
    spans = segment_spans(text, 1024, lambda t: len(t.split()))
    assert json.loads(out)["usage"]["by_node"]["classify_relations"]["llm_calls"] == len(spans)
