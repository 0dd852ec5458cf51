"""Node: build the relation graph between the contexts."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import RunContext, State, standalone_question
from contextorg.tools.models.calls import Meter
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.relations.reading import question_in_their_language
from contextorg.tools.relations.segments import SegmentSearch, reading_segments
from contextorg.tools.slots import resolve


def classify_relations(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Classify every pair of contexts with the configured classifier and model.

    A question asked in another language than every context's is first put in theirs (one
    call; :func:`~contextorg.tools.relations.reading.question_in_their_language`), unless
    ``retrieve`` already did. A text past the model's window is read segment by segment, best
    first with ``segment_search`` (:mod:`~contextorg.tools.relations.segments`).
    """
    meter = Meter.of(runtime.context)
    context = runtime.context
    search = (
        SegmentSearch(context.embedder, context.segment_patience)
        if context.segment_search
        else None
    )
    model = resolve_chat_model(context.model_for("relation"))
    question = standalone_question(state)
    read_as = state.get("read_as") or question_in_their_language(
        question, state["contexts"], model, meter
    )
    with reading_segments(search, context.reading_segment_tokens):
        graph = resolve(context, "classifier")(
            read_as, state["contexts"], model, meter, context.max_concurrency
        )
    if read_as != question:
        graph = graph.model_copy(update={"read_as": read_as})
    return {"relation_graph": graph, "usage": {"classify_relations": meter.usage()}}
