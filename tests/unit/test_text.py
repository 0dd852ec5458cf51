"""Answer comparison: normalization, containment and yes/no polarity."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg.tools.text import mentions, normalize, same_answer


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("3,559", "3,559 people", True),
        ("1987", "1991", False),
        ("The Beatles", "beatles", True),
        ("Yes", "True", True),
        ("No, it was not", "Yes, it was", False),
        ("no", "false", True),
        ("Mario Sábato", "Mario Sabato", True),
        ("", "x", False),
        ("No. 5", "No. 7", False),
        ("North", "no", False),
    ],
)
def test_same_answer(a: str, b: str, same: bool) -> None:
    assert same_answer(a, b) is same


@given(st.text(), st.text())
def test_same_answer_is_symmetric(a: str, b: str) -> None:
    assert same_answer(a, b) == same_answer(b, a)


@given(st.text())
def test_normalize_is_idempotent(text: str) -> None:
    assert normalize(normalize(text)) == normalize(text)


def test_mentions() -> None:
    assert mentions("It was completed in 1987.", "1987")
    assert not mentions("It was completed in 1987.", "1991")
    assert not mentions("anything", "")
