"""Node: build the relation graph between the contexts."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import RunContext, State, standalone_question
from contextorg.tools.models.calls import Meter
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.slots import resolve


def classify_relations(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Classify every pair of contexts with the configured classifier and model."""
    meter = Meter.of(runtime.context)
    context = runtime.context
    graph = resolve(context, "classifier")(
        standalone_question(state),
        state["contexts"],
        resolve_chat_model(context.model_for("relation")),
        meter,
        context.max_concurrency,
    )
    return {"relation_graph": graph, "usage": {"classify_relations": meter.usage()}}
