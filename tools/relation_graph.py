"""The relation graph between contexts, built by iterative edge mirroring (CORG Alg. 1).

A classifier is asked about one pivot against every context whose relation to it is still
unknown; every other pair whose relation follows exactly from two known relations is filled
in without asking. The composition rules are exact for relations defined by (entity,
descriptor, answer) triples, so with a perfect classifier the graph equals the truth.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Generic, TypeVar

from contextorg.state.records import RELATION_LABELS, ContextReading, RelationLabel

K = TypeVar("K", bound=Hashable)
Classify = Callable[[K, list[K]], Sequence[RelationLabel]]


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
class Reading:
    """What one context says about the question: does it answer, for what, and what."""

    answers: bool
    descriptor: str | None = None
    answer: str | None = None


@dataclass
class RelationGraph(Generic[K]):
    """Relations between every pair of contexts, and how they were obtained."""

    ids: list[K]
    edges: dict[frozenset[K], RelationLabel] = field(default_factory=dict)
    judgments: list[tuple[K, K]] = field(default_factory=list)
    """Pairs the classifier was asked about, as (pivot, other)."""
    calls: int = 0
    """Classifier invocations."""
    readings: dict[K, Reading] = field(default_factory=dict)
    """What each context says, when the classifier read contexts one by one (``extract``)."""
    context_readings: dict[K, ContextReading] = field(default_factory=dict)
    """The same readings as the user sees them: the model's reply, grounded or not."""
    relevance: dict[K, bool] = field(default_factory=dict)
    """Whether each context answers, when known apart from the relations."""

    def relation(self, a: K, b: K) -> RelationLabel:
        """The relation between two distinct contexts."""
        if a == b:
            raise ValueError(f"a context has no relation to itself: {a!r}")
        return self.edges[frozenset((a, b))]

    def pairs(self) -> list[tuple[K, K, RelationLabel]]:
        """Every pair once, in input order, with its relation."""
        return [(a, b, self.relation(a, b)) for a, b in combinations(self.ids, 2)]

    def relevant(self) -> dict[K, bool | None]:
        """Whether each context answers the question, as far as the relations tell.

        A context with a relation other than ``irrelevant`` answers; one that is ``irrelevant``
        to a context that answers does not. When every relation is ``irrelevant`` at most one
        context answers and the relations cannot tell which: those are ``None``.
        """
        if self.readings:
            return {i: self.readings[i].answers for i in self.ids}
        if self.relevance:
            return {i: self.relevance[i] for i in self.ids}
        known: dict[K, bool | None] = {
            i: True
            if any(self.relation(i, j) != "irrelevant" for j in self.ids if j != i)
            else None
            for i in self.ids
        }
        if any(known.values()):
            return {i: bool(v) for i, v in known.items()}
        return known

    def neighbours(self, node: K, label: RelationLabel) -> list[K]:
        """Contexts related to ``node`` by ``label``, in input order."""
        return [j for j in self.ids if j != node and self.relation(node, j) == label]


def build_relation_graph(
    ids: Sequence[K], classify: Classify[K], infer: bool = True
) -> RelationGraph[K]:
    """Build the full relation graph asking ``classify`` as few times as the rules allow.

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
    graph: RelationGraph[K] = RelationGraph(ids=order)
    unknown = {frozenset(p) for p in combinations(order, 2)}
    while unknown:
        pivot = next(i for i in order if any(i in pair for pair in unknown))
        others = [j for j in order if j != pivot and frozenset((pivot, j)) in unknown]
        labels = list(classify(pivot, others))
        if len(labels) != len(others):
            raise ValueError(f"classify returned {len(labels)} labels for {len(others)} contexts")
        graph.calls += 1
        for other, label in zip(others, labels, strict=True):
            if label not in RELATION_LABELS:
                raise ValueError(f"unknown relation label {label!r}")
            graph.judgments.append((pivot, other))
            graph.edges[frozenset((pivot, other))] = label
            unknown.discard(frozenset((pivot, other)))
        if infer:
            _mirror(graph, unknown)
    return graph


def _mirror(graph: RelationGraph[K], unknown: set[frozenset[K]]) -> None:
    """Fill every unknown pair implied through some third context, until nothing changes."""
    changed = True
    while changed and unknown:
        changed = False
        for pair in sorted(unknown, key=lambda p: sorted(map(graph.ids.index, p))):
            x, y = tuple(pair)
            for z in graph.ids:
                to_x = graph.edges.get(frozenset((z, x)))
                to_y = graph.edges.get(frozenset((z, y)))
                if z in pair or to_x is None or to_y is None:
                    continue
                implied = compose(to_x, to_y)
                if implied is not None:
                    graph.edges[pair] = implied
                    unknown.discard(pair)
                    changed = True
                    break


def relation_between(
    x: Reading,
    y: Reading,
    same_descriptor: Callable[[str | None, str | None], bool] = lambda a, b: a == b,
    same_answer: Callable[[str | None, str | None], bool] = lambda a, b: a == b,
) -> RelationLabel:
    """The relation of two contexts from their readings (the table in DESIGN §4.3).

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
