"""``batched``: one call per pivot asks its relation to each context still unknown (CORG Alg. 1)."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.language_models import BaseChatModel

from contextorg.prompts import relation_batched, tag
from contextorg.prompts._render import render_contexts
from contextorg.state.records import Context, RelationGraph, RelationLabel
from contextorg.tools.models.calls import Meter, call_structured
from contextorg.tools.relations.base import FALLBACK, shown_to
from contextorg.tools.relations.graph import build_relation_graph


def classify_batched(
    question: str,
    contexts: Sequence[Context],
    model: BaseChatModel,
    meter: Meter,
    max_concurrency: int = 4,
) -> RelationGraph:
    """One call per pivot: the relation of the pivot to every unresolved context."""
    by_id = {c.id: c for c in contexts}

    def classify(pivot: str, others: list[str]) -> list[RelationLabel]:
        shown = shown_to(model, question, [by_id[pivot], *(by_id[o] for o in others)])
        messages = relation_batched.TEMPLATE.format_messages(
            contexts=render_contexts(shown), question=question, last=len(shown)
        )
        out = call_structured(
            model, relation_batched.BatchedRelations, messages, meter, prompt=tag(relation_batched)
        )
        labels = {r.context: r.relation for r in out.relations} if out else {}
        return [labels.get(number, FALLBACK) for number in range(2, len(shown) + 1)]

    return build_relation_graph([c.id for c in contexts], classify)
