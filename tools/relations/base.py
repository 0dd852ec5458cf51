"""What every relation classifier shares: its protocol, the fallback label, what one call shows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from langchain_core.language_models import BaseChatModel

from contextorg.state.records import Context, ContextReading, RelationGraph, RelationLabel
from contextorg.tools.models.budget import fit_contexts, room
from contextorg.tools.models.calls import Meter
from contextorg.tools.models.resolve import context_budget, token_counter
from contextorg.tools.relations.graph import Triple, build_relation_graph, relation_between
from contextorg.tools.text.normalize import same_answer, same_descriptor

FALLBACK: RelationLabel = "distracting"
"""Used when the model gives no usable label: keeps both contexts, in the same group."""


class RelationClassifier(Protocol):
    """Builds the relation graph of ``contexts`` for ``question`` with ``model``."""

    def __call__(
        self,
        question: str,
        contexts: Sequence[Context],
        model: BaseChatModel,
        meter: Meter,
        max_concurrency: int = 4,
    ) -> RelationGraph:
        """The relation graph, counting model calls in ``meter``."""
        ...


def reading_room(model: BaseChatModel, question: str) -> int:
    """Tokens of context one call of ``model`` can show beside ``question``."""
    return room(context_budget(model, None), question, token_counter(model))


def shown_to(model: BaseChatModel, question: str, contexts: Sequence[Context]) -> list[Context]:
    """``contexts`` as one call shows them: cut, if need be, to fit the model's window."""
    count = token_counter(model)
    window = reading_room(model, question)
    return fit_contexts(contexts, window, count, why="reading for the relation graph")


def graph_from_triples(
    contexts: Sequence[Context],
    triples: Sequence[Triple],
    readings: Sequence[ContextReading] = (),
) -> RelationGraph:
    """The relation graph that follows from one triple per context, with no model call.

    ``readings``: what was read in each context, kept in the graph for the user to see.
    """
    ids = [c.id for c in contexts]
    by_id = dict(zip(ids, triples, strict=True))
    graph = build_relation_graph(
        ids,
        lambda pivot, others: [
            relation_between(by_id[pivot], by_id[o], same_descriptor, same_answer) for o in others
        ],
        infer=False,
    )
    return graph.model_copy(
        update={
            "relevance": {i: t.answers for i, t in by_id.items()},
            "readings": dict(zip(ids, readings, strict=True)) if readings else {},
        }
    )
