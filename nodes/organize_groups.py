"""Node: organize the contexts into groups and ask multi-context groups in plural (§4.4)."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.prompts import pluralize, tag
from contextorg.state import RunContext, State, standalone_question
from contextorg.tools.calls import Meter, call_structured
from contextorg.tools.embeddings import resolve_embedder
from contextorg.tools.models import resolve_chat_model
from contextorg.tools.organizers import Planning, get_organizer
from contextorg.tools.relation_graph import RelationGraph


def organize_groups(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Plan the groups with the configured strategy and give each its question."""
    meter = Meter()
    organizer = get_organizer(runtime.context.strategy)
    question = standalone_question(state)
    contexts = state["contexts"]
    graph = None
    if organizer.needs_relations:
        graph = RelationGraph(ids=[c.id for c in contexts], relevance=state.get("relevance", {}))
        for relation in state.get("relations", []):
            graph.edges[frozenset((relation.a, relation.b))] = relation.label
    embedder = resolve_embedder(runtime.context.embedder) if organizer.needs_embeddings else None
    organization = organizer.plan(
        Planning(contexts, graph, runtime.context.max_group_size, question, embedder)
    )
    plural = question
    if organizer.pluralize and any(len(g.context_ids) > 1 for g in organization.groups):
        model = resolve_chat_model(runtime.context.model_for("answer"))
        out = call_structured(
            model,
            pluralize.PluralQuestion,
            pluralize.TEMPLATE.format_messages(question=question),
            meter,
            prompt=tag(pluralize),
        )
        plural = out.question.strip() if out and out.question.strip() else question
    organization.groups = [
        g.model_copy(update={"question": plural if len(g.context_ids) > 1 else question})
        for g in organization.groups
    ]
    return {"organization": organization, "usage": {"organize_groups": meter.usage()}}
