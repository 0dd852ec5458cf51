"""``extract``: read every context once (answer, entity, descriptor), compare the readings."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.language_models import BaseChatModel

from contextorg.prompts import extract_reading
from contextorg.state.records import Context, ContextReading, RelationGraph
from contextorg.tools.models.calls import Meter, concurrently
from contextorg.tools.relations.base import graph_from_triples
from contextorg.tools.relations.graph import Triple
from contextorg.tools.relations.reading import first, read_answer, segments_at_once


def classify_extract(
    question: str,
    contexts: Sequence[Context],
    model: BaseChatModel,
    meter: Meter,
    max_concurrency: int = 4,
) -> RelationGraph:
    """One call per context reading (answer, entity, descriptor); relations by comparison."""
    at_once = segments_at_once(model, len(contexts), max_concurrency)

    def read(context: Context) -> ContextReading:
        return read_answer(
            extract_reading,
            extract_reading.ExtractedReading,
            context,
            question,
            model,
            meter,
            at_once,
        )

    read_all = concurrently(read, contexts, max_concurrency)
    triples = [Triple(r.status == "answers", r.descriptor, first(r)) for r in read_all]
    return graph_from_triples(contexts, triples, read_all)
