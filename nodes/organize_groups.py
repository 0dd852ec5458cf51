"""Node: organize the contexts into groups and say how each is answered.

Groups the model answers together are asked the question in plural.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph.runtime import Runtime

from contextorg.prompts import pluralize, tag
from contextorg.state import ContextReading, Group, RunContext, State, question_read_as
from contextorg.tools.models.calls import Meter, call_structured
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.organizers.base import Organizer, Planning
from contextorg.tools.retrieval.embeddings import resolve_embedder
from contextorg.tools.slots import resolve


def organize_groups(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Plan the groups with the configured strategy and give each its question."""
    meter = Meter.of(runtime.context)
    organizer = resolve(runtime.context, "strategy")
    question = question_read_as(state)
    contexts = state["contexts"]
    graph = state.get("relation_graph") if organizer.needs_relations else None
    embedder = resolve_embedder(runtime.context.embedder) if organizer.needs_embeddings else None
    organization = organizer.plan(
        Planning(contexts, graph, runtime.context.max_group_size, question, embedder)
    )
    groups = assign_answering(
        organization.groups, organizer, runtime.context, graph.readings if graph else {}
    )
    plural = question
    if organizer.pluralize and any(
        len(g.context_ids) > 1 and g.answered_by == "model" for g in groups
    ):
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
        g.model_copy(
            update={
                "question": plural
                if len(g.context_ids) > 1 and g.answered_by == "model"
                else question
            }
        )
        for g in groups
    ]
    return {"organization": organization, "usage": {"organize_groups": meter.usage()}}


def assign_answering(
    groups: list[Group],
    organizer: Organizer,
    context: RunContext,
    readings: Mapping[str, ContextReading],
) -> list[Group]:
    """Say how each group is answered, splitting off what has no reading to answer from.

    Under ``readings``, the contexts of a group that were read as answering are answered from
    their readings; those the model could not read go to groups of their own, which the
    model answers (at most ``max_group_size`` contexts each).
    """
    if organizer.answering != "readings":
        return [g.model_copy(update={"answered_by": organizer.answering}) for g in groups]
    if context.answer_from == "model" or not readings:
        return [g.model_copy(update={"answered_by": "model"}) for g in groups]
    read: list[Group] = []
    unread: list[str] = []
    for group in groups:
        answered = [i for i in group.context_ids if i in readings and readings[i].answers]
        unread.extend(i for i in group.context_ids if i not in answered)
        if answered:
            read.append(group.model_copy(update={"context_ids": answered}))
    size = context.max_group_size
    asked = [unread[n : n + size] for n in range(0, len(unread), size)]
    return [
        *(g.model_copy(update={"id": n, "answered_by": "readings"}) for n, g in enumerate(read)),
        *(
            Group(id=len(read) + n, context_ids=ids, question="", answered_by="model")
            for n, ids in enumerate(asked)
        ),
    ]
