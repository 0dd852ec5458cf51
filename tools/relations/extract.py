"""``extract``: read every context once (answer, entity, descriptor), compare the readings."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.language_models import BaseChatModel

from contextorg.prompts import extract_reading
from contextorg.state.records import Context, ContextReading
from contextorg.tools.models.calls import Meter, concurrently
from contextorg.tools.relations.base import graph_from_readings
from contextorg.tools.relations.graph import Reading, RelationGraph
from contextorg.tools.relations.reading import first, read_answer


def classify_extract(
    question: str,
    contexts: Sequence[Context],
    model: BaseChatModel,
    meter: Meter,
    max_concurrency: int = 4,
) -> RelationGraph[str]:
    """One call per context reading (answer, entity, descriptor); relations by comparison."""

    def read(context: Context) -> ContextReading:
        return read_answer(
            extract_reading, extract_reading.ExtractedReading, context, question, model, meter
        )

    read_all = concurrently(read, contexts, max_concurrency)
    graph = graph_from_readings(
        contexts, [Reading(r.status == "answers", r.descriptor, first(r)) for r in read_all]
    )
    graph.context_readings = {c.id: r for c, r in zip(contexts, read_all, strict=True)}
    return graph
