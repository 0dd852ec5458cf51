"""The relation graph between contexts, built by iterative edge mirroring (CORG Alg. 1).

A classifier is asked about one pivot against every context whose relation to it is still
unknown; every other pair whose relation follows exactly from two known relations is filled
in without asking. The composition rules are exact for relations defined by (entity,
descriptor, answer) triples, so with a perfect classifier the graph equals the truth.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from contextorg.state.records import RELATION_LABELS, Relation, RelationGraph, RelationLabel

Classify = Callable[[str, list[str]], Sequence[RelationLabel]]


def compose(to_x: RelationLabel, to_y: RelationLabel) -> RelationLabel | None:
    """The relation between x and y implied by rel(p, x) and rel(p, y), or None if not implied."""
    if to_x == "duplicated":
        return to_y
    if to_y == "duplicated":
        return to_x
    if "irrelevant" in (to_x, to_y):
        # Exactly one irrelevant: p is relevant (it relates to the other), so that context is not.
        return "irrelevant" if to_x != to_y else None
    pair = {to_x, to_y}
    if pair == {"counterfactual", "distracting"}:
        return "distracting"
    if pair == {"counterfactual", "ambiguous"}:
        return "unrelated"
    return None


@dataclass(frozen=True)
class Triple:
    """What one context says about the question: whether it answers, for what, and what.

    Relations follow from two contexts' triples (:func:`relation_between`).
    """

    answers: bool
    descriptor: str | None = None
    answer: str | None = None


def build_relation_graph(
    ids: Sequence[str], classify: Classify, infer: bool = True
) -> RelationGraph:
    """Build the full relation graph asking ``classify`` as few times as the rules allow.

    The labels live in an n x n matrix: choosing the next pivot and each mirroring step are
    vectorized, so building costs O(n^2) memory and, with an oracle, well under a second for
    500 contexts (``tests/unit/test_relation_graph.py``). The classifier's own cost is what
    limits n in practice: ``signals`` reads each context once.

    Args:
        ids: The contexts, in the order pivots are chosen (retrieval rank works well).
        classify: ``classify(pivot, others)`` returns the relation of ``pivot`` to each of
            ``others``, in order.
        infer: Fill pairs implied through a third context instead of asking. Turn it off when
            a judgment costs no model call (relations compared from readings): inference is
            only as good as the judgments it composes.

    Returns:
        The graph, with the judgments the classifier made and how often it was called.
    """
    order = list(ids)
    if len(set(order)) != len(order):
        raise ValueError("context ids must be unique")
    labels = _Labels(len(order))
    judgments: list[tuple[str, str]] = []
    calls = 0
    while (pivot := labels.next_pivot()) is not None:
        others = labels.unknown_of(pivot)
        given = list(classify(order[pivot], [order[o] for o in others]))
        if len(given) != len(others):
            raise ValueError(f"classify returned {len(given)} labels for {len(others)} contexts")
        calls += 1
        for label in given:
            if label not in RELATION_LABELS:
                raise ValueError(f"unknown relation label {label!r}")
        judgments.extend((order[pivot], order[o]) for o in others)
        labels.set_row(pivot, others, np.array([CODE[lb] for lb in given], dtype=np.int8))
        if infer:
            labels.mirror_from(pivot)
    relations = [
        Relation(a=order[a], b=order[b], label=RELATION_LABELS[labels.matrix[a, b]])
        for a, b in zip(*np.triu_indices(len(order), k=1), strict=True)
    ]
    return RelationGraph(ids=order, relations=relations, judgments=judgments, calls=calls)


CODE: dict[str, int] = {label: n for n, label in enumerate(RELATION_LABELS)}
UNKNOWN, SELF = -1, -2
_DUP, _CF, _DISTR, _AMB, _UNREL, _IRR = (CODE[lb] for lb in RELATION_LABELS)


class _Labels:
    """The relation codes of every pair (``UNKNOWN`` until judged or implied), symmetric."""

    def __init__(self, n: int) -> None:
        self.matrix = np.full((n, n), UNKNOWN, dtype=np.int8)
        np.fill_diagonal(self.matrix, SELF)
        self.open = np.full(n, max(n - 1, 0))
        """Unknown pairs per context."""

    def next_pivot(self) -> int | None:
        """The first context (in input order) with a pair still unknown."""
        waiting = np.flatnonzero(self.open)
        return int(waiting[0]) if len(waiting) else None

    def unknown_of(self, node: int) -> list[int]:
        """The contexts whose relation to ``node`` is unknown, in input order."""
        return [int(i) for i in np.flatnonzero(self.matrix[node] == UNKNOWN)]

    def set_row(self, node: int, others: Sequence[int] | np.ndarray, codes: np.ndarray) -> None:
        """Set ``node``'s relation to each of ``others`` (both ways)."""
        cols = np.asarray(others, dtype=np.intp)
        self.matrix[node, cols] = codes
        self.matrix[cols, node] = codes
        self.open[node] -= len(cols)
        np.subtract.at(self.open, cols, 1)

    def mirror_from(self, start: int) -> None:
        """Fill every unknown pair implied through some third context, until none is.

        A pair can only become implied through a context whose row just changed: start from
        the pivot, then visit both ends of every pair filled, until nothing changes.
        """
        queue, queued = [start], {start}
        while queue:
            z = queue.pop()
            queued.discard(z)
            for x, y in self._fill_through(z):
                for node in (x, y):
                    if node not in queued:
                        queued.add(node)
                        queue.append(node)

    def _fill_through(self, z: int) -> list[tuple[int, int]]:
        """Fill the unknown pairs (x, y) that rel(z, x) and rel(z, y) imply (:func:`compose`)."""
        row = self.matrix[z]
        of = {code: np.flatnonzero(row == code) for code in CODE.values()}
        known = np.flatnonzero(row >= 0)
        blocks = [
            (of[_DUP], known, row[known]),  # x is a copy of z: rel(x, y) = rel(z, y)
            (of[_IRR], np.setdiff1d(known, of[_IRR]), _IRR),
            (of[_CF], of[_DISTR], _DISTR),
            (of[_CF], of[_AMB], _UNREL),
        ]
        filled: list[tuple[int, int]] = []
        for xs, ys, value in blocks:
            if not len(xs) or not len(ys):
                continue
            block = self.matrix[np.ix_(xs, ys)]
            wanted = block == UNKNOWN
            if not wanted.any():
                continue
            values = np.broadcast_to(np.asarray(value, dtype=np.int8), block.shape)
            rows, cols = np.nonzero(wanted)
            for r, c, v in zip(xs[rows], ys[cols], values[rows, cols], strict=True):
                if self.matrix[r, c] == UNKNOWN:  # pairs met twice in one block: fill once
                    self.set_row(int(r), [int(c)], np.array([v], dtype=np.int8))
                    filled.append((int(r), int(c)))
        return filled


def relation_between(
    x: Triple,
    y: Triple,
    same_descriptor: Callable[[str | None, str | None], bool] = lambda a, b: a == b,
    same_answer: Callable[[str | None, str | None], bool] = lambda a, b: a == b,
) -> RelationLabel:
    """The relation of two contexts from their readings.

    Two missing descriptors count as the same; ``same_descriptor`` compares two present ones.
    """
    if not (x.answers and y.answers):
        return "irrelevant"
    agree = same_answer(x.answer, y.answer)
    nulls = (x.descriptor is None) + (y.descriptor is None)
    if nulls == 2 or (nulls == 0 and same_descriptor(x.descriptor, y.descriptor)):
        return "duplicated" if agree else "counterfactual"
    if nulls == 0:
        return "distracting"
    return "ambiguous" if agree else "unrelated"
