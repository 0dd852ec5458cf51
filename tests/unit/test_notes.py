"""Notes: segmentation, grounding and merging keep every evidence id, end, and fit."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langchain_core.messages import BaseMessage

from contextorg import Context, ScriptedChatModel, ask
from contextorg.state import Evidence, Note
from contextorg.testing import numbered_texts
from contextorg.tools.answering.notes import (
    Segment,
    grounded_evidence,
    notes_tokens,
    reduce_notes,
    render_note,
    split_segments,
)


def words(text: str) -> int:
    return len(text.split())


word = st.text(alphabet="abcdefgh", min_size=1, max_size=6)
sentence = st.lists(word, min_size=1, max_size=12).map(lambda ws: " ".join(ws) + ".")
evidence = st.builds(Evidence, context_id=st.sampled_from(["a", "b", "c", "d"]), text=sentence)
notes_strategy = st.lists(
    st.builds(Note, evidence=st.lists(evidence, min_size=1, max_size=3), reasoning=sentence),
    min_size=1,
    max_size=12,
).map(lambda ns: [n.model_copy(update={"order": i}) for i, n in enumerate(ns)])


@settings(max_examples=200, deadline=None)
@given(
    notes_strategy, st.integers(min_value=8, max_value=80), st.integers(min_value=40, max_value=200)
)
def test_merging_keeps_ids_ends_and_fits(notes: list[Note], max_tokens: int, budget: int) -> None:
    merges: list[int] = []

    def merge(batch: list[Note]) -> str:
        merges.append(len(batch))
        return " ".join(n.reasoning for n in batch)

    out = reduce_notes(notes, max_tokens, budget, words, merge)
    ids = {e.context_id for n in notes for e in n.evidence}
    assert {e.context_id for n in out for e in n.evidence} == ids
    assert len(merges) <= len(notes) - 1, "each merge joins at least two notes"
    assert notes_tokens(out, words) <= budget


@given(notes_strategy)
def test_notes_that_fit_are_left_as_they_are(notes: list[Note]) -> None:
    out = reduce_notes(notes, 10_000, 100_000, words, lambda b: "merged")
    assert out == sorted(notes, key=lambda n: n.order)


@settings(max_examples=200, deadline=None)
@given(notes_strategy.filter(lambda notes: len(notes) > 1))
def test_merged_evidence_is_the_quotes_verbatim_in_document_order(notes: list[Note]) -> None:
    # A budget one token short of the notes forces a merge; the batch holds them all.
    total = notes_tokens(notes, words)
    merged = reduce_notes(notes, total * 2, total - 1, words, lambda batch: "merged")
    assert len(merged) < len(notes), "nothing was merged: the test would check nothing"
    for note in merged:
        for evidence in note.evidence:
            quotes = [
                e.text
                for n in sorted(notes, key=lambda n: n.order)
                for e in n.evidence
                if e.context_id == evidence.context_id
            ]
            assert evidence.text == " ".join(dict.fromkeys(quotes))  # verbatim, in order, once


def test_a_budget_that_cannot_hold_the_ids_is_an_error() -> None:
    notes = [Note(evidence=[Evidence(context_id=f"c{i}", text="x y z")], order=i) for i in range(9)]
    with pytest.raises(ValueError, match="cannot hold 9 evidence ids"):
        reduce_notes(notes, 4, 5, words, lambda b: "")


@given(
    st.lists(st.lists(sentence, min_size=1, max_size=30), min_size=1, max_size=4),
    st.integers(5, 60),
)
def test_segments_cover_the_text_in_order_within_size(texts: list[list[str]], size: int) -> None:
    contexts = [Context(id=f"c{i}", text=" ".join(t)) for i, t in enumerate(texts)]
    segments = split_segments(contexts, size, words)
    for context in contexts:
        parts = [t for s in segments for i, t in s.parts if i == context.id]
        assert " ".join(parts).split() == context.text.split()
    assert [s.order for s in segments] == list(range(len(segments)))
    assert all(sum(words(t) for _, t in s.parts) <= size for s in segments)


def test_grounding_keeps_source_sentences_under_the_right_id() -> None:
    segment = Segment(0, (("a", "The old tower opened in 1987. It is tall."), ("b", "Rain fell.")))
    kept = grounded_evidence(
        [(2, "The tower opened in 1987."), (1, "It was built by elves."), (9, "Rain fell.")],
        segment,
    )
    assert kept == [  # "The tower opened in 1987." stands for the source's own sentence
        Evidence(context_id="a", text="The old tower opened in 1987."),
        Evidence(context_id="b", text="Rain fell."),
    ]


def notes_model() -> ScriptedChatModel:
    """Quotes sentences with a year; merges by joining; answers every quoted year."""

    def respond(messages: list[BaseMessage], schema: dict[str, Any] | None) -> Any:
        title = (schema or {}).get("title")
        shown = numbered_texts(messages)
        if title == "SegmentNote":
            quotes = [
                {"context": n, "sentence": s}
                for n, text in shown.items()
                for s in re.split(r"(?<=\.)\s+", text)
                if re.search(r"\b1\d{3}\b", s)
            ]
            return {"keep": bool(quotes), "evidence": quotes[:4], "reasoning": "a year"}
        if title == "MergedReasoning":
            return {"reasoning": "years were found"}
        if title == "GroupAnswers":
            return {
                "answers": [
                    {"answer": year, "about": None, "contexts": [n]}
                    for n, text in shown.items()
                    for year in re.findall(r"\b1\d{3}\b", text)
                ]
            }
        raise AssertionError(title)

    return ScriptedChatModel(respond=respond)


def test_a_long_group_is_answered_through_notes_with_original_citations() -> None:
    filler = " ".join(f"Filler sentence number {i} says nothing." for i in range(200))
    contexts = [
        Context(id="long", text=f"{filler} The tower was completed in 1987. {filler}"),
        Context(id="short", text="Another page says the tower was completed in 1991."),
    ]
    result = ask(
        "When was the tower completed?",
        contexts,
        model=notes_model(),
        strategy="base",
        context_budget=300,
        segment_tokens=120,
        notes_max_tokens=200,
    )
    assert {(a.answer, tuple(a.citations)) for a in result.answer.answers} == {
        ("1987", ("long",)),
        ("1991", ("short",)),
    }
    assert result.usage["write_note"].llm_calls > 10
    assert "reduce_notes" in result.usage


def test_short_groups_skip_notes() -> None:
    contexts = [Context(id="a", text="The tower was completed in 1987.")]
    result = ask("When?", contexts, model=notes_model(), strategy="base")
    assert "write_note" not in result.usage
    assert [a.answer for a in result.answer.answers] == ["1987"]


def test_render_note() -> None:
    note = Note(evidence=[Evidence(context_id="a", text="x.")], reasoning="r")
    assert render_note(note) == "[a] x.\nReasoning: r"


@given(st.lists(sentence, min_size=1, max_size=8), st.data())
def test_grounded_evidence_is_always_a_source_sentence(
    sentences: list[str], data: st.DataObject
) -> None:
    segment = Segment(0, (("a", " ".join(sentences)),))
    quotes = data.draw(st.lists(st.tuples(st.integers(0, 3), sentence), max_size=5))
    for evidence in grounded_evidence(quotes + [(1, sentences[0])], segment):
        assert evidence.context_id == "a"
        assert evidence.text in sentences
