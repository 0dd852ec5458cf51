"""Every prompt stays inside the model's window, whatever the input's size: cut, visibly."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import pytest
from langchain_core.messages import BaseMessage

from contextorg import Context, ask
from contextorg.state import ContextReading
from contextorg.testing import World, first_number
from contextorg.tools.inputs import InputError
from contextorg.tools.models.structured import ScriptedChatModel
from contextorg.tools.relations.segments import merge_segments

WINDOW = 6000  # tokens (words, for the scripted model) a model without a known window gets
FILLER = " ".join(f"Filler sentence {n} says nothing." for n in range(250_000))  # about 6 MB
BIG = Context(id="big", text="The bridge opened in 1901 after a flood. " + FILLER)
SMALL = Context(id="small", text="Locals say the bridge opened in 1903.")


def bounded_model() -> tuple[ScriptedChatModel, list[int]]:
    """A scripted model that records the size of every prompt it is sent."""
    world = World([], {}, unknown=first_number)
    sizes: list[int] = []

    def respond(messages: Sequence[BaseMessage], schema: dict[str, Any] | None) -> Any:
        sizes.append(sum(len(m.text.split()) for m in messages))
        return world.respond(messages, schema)

    return ScriptedChatModel(respond=respond), sizes


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        {"strategy": "corg"},
        {"strategy": "corg", "classifier": "batched"},
        {"strategy": "corg", "classifier": "pairwise"},
        {"strategy": "corg", "answer_from": "model"},
        {"strategy": "base", "max_segments": 8},
        {"strategy": "separate", "max_segments": 8},
        {"strategy": "madam"},
    ],
    ids=lambda o: "-".join(str(v) for v in o.values()),
)
def test_a_six_megabyte_context_never_overflows_a_prompt(
    options: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    model, sizes = bounded_model()
    with caplog.at_level(logging.WARNING, logger="contextorg"):
        result = ask("When did the bridge open?", [BIG, SMALL], model=model, **options)
    assert sizes and max(sizes) <= WINDOW
    assert "1901" in result.text  # read from the part that fits
    said = ("cut to", "only the first 8 are read", "the rest is not read")
    assert any(words in caplog.text for words in said)


def test_a_text_past_the_window_is_read_segment_by_segment_to_its_end() -> None:
    # The answer is in the last of three segments: read whole, not cut to its beginning.
    quiet = " ".join("Filler sentence says nothing." for _ in range(4000))
    long = Context(id="long", text=f"{quiet} The bridge opened in 1901.")
    model, sizes = bounded_model()
    result = ask(
        "When did the bridge open?", [long, SMALL], model=model, reading_segment_tokens=None
    )
    reading = result.readings["long"]
    assert max(sizes) <= WINDOW and len(sizes) == 4  # 3 segments and the small context
    assert (reading.status, reading.answers, reading.clipped) == ("answers", ["1901"], False)
    [(start, end)] = reading.spans
    assert "1901" in long.text[start:end] and end == len(long.text)
    [item] = [a for a in result.answer.answers if a.answer == "1901"]
    assert item.spans == {"long": (start, end)}
    assert f"[long, characters {start}-{end}]" in result.text


@pytest.mark.slow
def test_a_text_past_the_segments_read_says_it_was_cut() -> None:
    model, _ = bounded_model()
    result = ask("When did the bridge open?", [BIG, SMALL], model=model)
    assert result.readings["big"].clipped and not result.readings["small"].clipped
    assert result.readings["big"].answers[0] == "1901"
    assert result.readings["big"].spans[0][0] == 0


@pytest.mark.slow
def test_a_cut_text_that_answers_nothing_is_not_said_to_answer_nothing() -> None:
    quiet = " ".join("Filler sentence says nothing." for _ in range(250_000))
    model, _ = bounded_model()
    result = ask("When did the bridge open?", [Context(id="quiet", text=quiet), SMALL], model=model)
    assert result.readings["quiet"].clipped
    assert "not read past" in result.organization.dropped["quiet"]


def test_a_huge_question_is_refused_before_any_call() -> None:
    model, sizes = bounded_model()
    with pytest.raises(InputError, match="more than 4,000: ask a shorter question"):
        ask("Why? " * 2000, [SMALL], model=model)
    assert sizes == []


def test_two_thousand_contexts_are_refused_by_corg_and_bounded_by_base() -> None:
    contexts = [
        Context(id=f"c{n}", text=f"Page {n} says the bridge opened in 1901.") for n in range(2000)
    ]
    model, sizes = bounded_model()
    with pytest.raises(InputError, match="2000 contexts are more than the relation graph takes"):
        ask("When did the bridge open?", contexts, model=model)
    assert sizes == []
    result = ask("When did the bridge open?", contexts, model=model, strategy="base")
    assert max(sizes) <= WINDOW and len(sizes) < 300
    assert result.answer.answers


def reading(status: str, *answers: str) -> ContextReading:
    return ContextReading(
        status=status, answers=list(answers), said=answers[0] if answers else None
    )  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("parts", "status", "answers", "spans"),
    [
        # every answer a segment states, once, with the first segment stating it
        (
            [reading("silent"), reading("answers", "1901"), reading("answers", "1901", "1903")],
            "answers",
            ["1901", "1903"],
            [(10, 20), (20, 30)],
        ),
        # a failed segment may be the one that answers: the text is not read as silent
        ([reading("failed"), reading("silent")], "failed", [], []),
        ([reading("failed"), reading("failed")], "failed", [], []),
        ([reading("silent"), reading("denied"), reading("ungrounded")], "denied", [], []),
        ([reading("failed"), reading("answers", "1901")], "answers", ["1901"], [(10, 20)]),
    ],
)
def test_a_long_texts_reading_merges_its_segments(
    parts: list[ContextReading], status: str, answers: list[str], spans: list[tuple[int, int]]
) -> None:
    merged = merge_segments([((n * 10, n * 10 + 10), r) for n, r in enumerate(parts)])
    assert (merged.status, merged.answers, merged.spans) == (status, answers, spans)
