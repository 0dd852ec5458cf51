"""Node: build the relation graph between the contexts."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import Relation, RunContext, State, standalone_question
from contextorg.tools.models.calls import Meter
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.slots import resolve


def classify_relations(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Classify every pair of contexts with the configured classifier and model."""
    meter = Meter.of(runtime.context)
    context = runtime.context
    graph = resolve(context, "relations")(
        standalone_question(state),
        state["contexts"],
        resolve_chat_model(context.model_for("relation")),
        meter,
        context.max_concurrency,
    )
    relations = [Relation(a=a, b=b, label=label) for a, b, label in graph.pairs()]
    known = graph.relevant()
    relevance = {i: v for i, v in known.items() if v is not None}
    return {
        "relations": relations,
        "relevance": relevance if len(relevance) == len(known) else {},
        "readings": dict(graph.context_readings),
        "usage": {"classify_relations": meter.usage()},
    }
