"""Conflict policies: what the final answer says when sources disagree about one thing.

``show`` (CORG's way, the default) lists every answer with its citations and takes no side.
``majority`` also lists every answer, but flags as *disputed* an answer that fewer than half of
the sources about the same thing (same descriptor) support; answers without a descriptor, or
alone for theirs, are never disputed. Support counts citations, duplicates' included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from contextorg.state.records import AnswerItem
from contextorg.tools.registry import pick
from contextorg.tools.text import same_descriptor

ConflictPolicy = Callable[[Sequence[AnswerItem]], list[AnswerItem]]


def show_all(answers: Sequence[AnswerItem]) -> list[AnswerItem]:
    """Every answer as it is."""
    return list(answers)


def flag_minority(answers: Sequence[AnswerItem]) -> list[AnswerItem]:
    """Every answer; those backed by a minority of the sources about their thing are disputed."""
    out = []
    for item in answers:
        rivals = [
            other
            for other in answers
            if item.about and other.about and same_descriptor(item.about, other.about)
        ]
        support = sum(len(other.citations) for other in rivals)
        disputed = len(rivals) > 1 and 2 * len(item.citations) < support
        out.append(item.model_copy(update={"disputed": disputed}))
    return out


CONFLICT_POLICIES: dict[str, ConflictPolicy] = {"show": show_all, "majority": flag_minority}
"""Conflict policies by name; a new one is one function and one line here."""


def get_conflict_policy(name: str | ConflictPolicy) -> ConflictPolicy:
    """The policy for a name, or the callable itself."""
    return pick(CONFLICT_POLICIES, name, "conflict policy")
