"""``pairwise``: one call per pair the edge mirroring cannot infer."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.language_models import BaseChatModel

from contextorg.prompts import relation_pairwise, tag
from contextorg.prompts._render import render_contexts
from contextorg.state.records import Context, RelationGraph, RelationLabel
from contextorg.tools.models.calls import Meter, call_structured, concurrently
from contextorg.tools.relations.base import FALLBACK, shown_to
from contextorg.tools.relations.graph import build_relation_graph


def classify_pairwise(
    question: str,
    contexts: Sequence[Context],
    model: BaseChatModel,
    meter: Meter,
    max_concurrency: int = 4,
) -> RelationGraph:
    """One call per pair asked; the pairs of one pivot run concurrently."""
    by_id = {c.id: c for c in contexts}

    def one_pair(pivot: str, other: str) -> RelationLabel:
        messages = relation_pairwise.TEMPLATE.format_messages(
            contexts=render_contexts(shown_to(model, question, [by_id[pivot], by_id[other]])),
            question=question,
        )
        out = call_structured(
            model, relation_pairwise.PairRelation, messages, meter, prompt=tag(relation_pairwise)
        )
        return out.relation if out else FALLBACK

    def classify(pivot: str, others: list[str]) -> list[RelationLabel]:
        return concurrently(lambda o: one_pair(pivot, o), others, max_concurrency)

    return build_relation_graph([c.id for c in contexts], classify)
