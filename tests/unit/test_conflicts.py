"""Conflict policies: show every answer, or flag the ones a minority of sources support."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.state import AnswerItem
from contextorg.testing import DEMO_READINGS, World
from contextorg.tools.conflicts import flag_minority, show_all


def item(answer: str, about: str | None, sources: int) -> AnswerItem:
    return AnswerItem(
        answer=answer, about=about, citations=[f"{answer}-{n}" for n in range(sources)]
    )


def test_majority_flags_the_minority_answer_about_the_same_thing() -> None:
    answers = [item("1987", "Velmora", 2), item("1991", "velmora", 1), item("2004", "Aster", 1)]
    flagged = {a.answer: a.disputed for a in flag_minority(answers)}
    assert flagged == {"1987": False, "1991": True, "2004": False}
    assert not any(a.disputed for a in show_all(answers))


def test_ties_and_unnamed_answers_are_not_disputed() -> None:
    tie = [item("1987", "Velmora", 1), item("1991", "Velmora", 1)]
    assert not any(a.disputed for a in flag_minority(tie))
    unnamed = [item("1987", None, 3), item("1991", None, 1)]
    assert not any(a.disputed for a in flag_minority(unnamed))


@given(
    st.lists(
        st.tuples(st.sampled_from(["a", "b", None]), st.integers(min_value=1, max_value=5)),
        min_size=1,
        max_size=8,
    )
)
def test_disputed_means_less_than_half_the_sources_about_the_same_thing(
    specs: list[tuple[str | None, int]],
) -> None:
    answers = [item(f"x{n}", about, sources) for n, (about, sources) in enumerate(specs)]
    out = flag_minority(answers)
    assert [a.answer for a in out] == [a.answer for a in answers]  # nothing lost or reordered
    for a in out:
        rivals = [b for b in out if a.about is not None and b.about == a.about]
        support = sum(len(b.citations) for b in rivals)
        assert a.disputed == (len(rivals) > 1 and 2 * len(a.citations) < support)


def test_the_demo_under_majority_says_which_answer_is_disputed() -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), conflict_policy="majority")
    disputed = [a.answer for a in result.answer.answers if a.disputed]
    assert disputed == ["1991"]
    assert "1991 (Velmora), but most sources about it say otherwise." in result.text
    assert result.summary()["answers"][1]["disputed"] is True


def test_an_unknown_policy_fails_before_any_model_call() -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    with pytest.raises(ValueError, match="unknown conflict policy 'vote'; choose one of show"):
        ask(DEMO_QUESTION, demo_contexts(), model=world.model(), conflict_policy="vote")
    assert world.calls == []
