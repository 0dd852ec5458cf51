"""Salient terms: the names and numbers that tell entities apart."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextorg.tools.text.salience import disambiguators, overlap, salient_terms


def test_names_numbers_and_possessives() -> None:
    text = "Kelso's oldest club was founded in 1901. The club met in New Harrow, said Ann."
    assert salient_terms(text) == {"kelso", "1901", "new", "harrow", "ann"}


def test_sentence_openers_and_exclusions() -> None:
    text = "Designed by Ilse Marrow, it opened. It is tall."
    assert salient_terms(text) == {"ilse", "marrow"}
    assert salient_terms(text, exclude={"marrow"}) == {"ilse"}


def test_a_number_against_the_letters_of_a_script_without_spaces_is_whole() -> None:
    assert salient_terms("林德奎斯特体育馆可容纳14,500名观众。") == {"14500"}


def test_a_text_that_names_nothing() -> None:
    assert salient_terms("The tower was completed long ago and still stands.") == set()


@given(
    st.sets(st.text(alphabet="abc", min_size=1, max_size=3)),
    st.sets(st.text(alphabet="abc", min_size=1, max_size=3)),
)
def test_overlap_is_symmetric_and_bounded(a: set[str], b: set[str]) -> None:
    assert overlap(a, b) == overlap(b, a)
    assert 0.0 <= overlap(a, b) <= 1.0
    if a and a <= b:
        assert overlap(a, b) == 1.0


def test_title_disambiguators_become_vocabulary() -> None:
    words = disambiguators(["Redwick Otters (ice hockey)", "Redwick Otters", None, "Tenn (river)"])
    assert words == {"ice", "hockey", "river"}
    text = "Their ice hockey team plays in Redwick."
    assert salient_terms(text) == {"redwick"}
    assert salient_terms(text, vocabulary=words) == {"redwick", "ice", "hockey"}
