"""Grammar-first decoding picks the token masking the whole vocabulary would pick."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from contextorg.tools.models.grammar_first import GrammarFirstSampler


def sampler_over(allowed: set[int], n_vocab: int, shortlist: int) -> GrammarFirstSampler:
    """A sampler whose grammar allows ``allowed`` (no model: the grammar is a set here)."""
    sampler = object.__new__(GrammarFirstSampler)
    sampler.n_vocab = n_vocab
    sampler.shortlists = [shortlist]
    sampler.refused = sampler.masked = 0
    sampler._allowed = lambda ids, logits: np.isin(ids, list(allowed))  # type: ignore[method-assign]
    return sampler


@settings(max_examples=300, deadline=None)
@given(
    logits=st.lists(st.integers(-3, 3), min_size=2, max_size=24),  # few values: many ties
    allowed=st.sets(st.integers(0, 23), min_size=1),
    shortlists=st.lists(st.integers(1, 6), min_size=1, max_size=2),
)
def test_the_shortlist_agrees_with_masking_the_whole_vocabulary(
    logits: list[int], allowed: set[int], shortlists: list[int]
) -> None:
    allowed = {i for i in allowed if i < len(logits)} or {len(logits) - 1}
    values = np.array(logits, dtype=np.float32)
    masked = np.where(np.isin(np.arange(len(values)), list(allowed)), values, -np.inf)
    sampler = sampler_over(allowed, len(values), 1)
    sampler.shortlists = sorted(min(size, len(values) - 1) for size in shortlists)
    assert sampler._best_allowed(values) == int(np.argmax(masked))  # the lowest id on a tie
    assert sampler.refused == 1 and sampler.masked <= 1


def test_a_shortlist_that_holds_the_answer_masks_nothing() -> None:
    sampler = sampler_over({1, 5}, 8, shortlist=3)
    values = np.array([9, 7, 1, 0, 2, 8, 3, 4], dtype=np.float32)
    assert sampler._best_allowed(values) == 5 and sampler.masked == 0
    sampler = sampler_over(
        {3}, 8, shortlist=3
    )  # nothing allowed among the three best: the whole vocabulary
    assert sampler._best_allowed(values) == 3 and sampler.masked == 1
