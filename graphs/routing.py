"""Routing functions of the QA graph: pure functions of state and run-time context."""

from __future__ import annotations

import logging
from typing import Literal

from langgraph.runtime import Runtime
from langgraph.types import Send

from contextorg.state import GroupTask, NotesState, RunContext, SegmentTask, State
from contextorg.tools.answering.notes import split_segments
from contextorg.tools.models.resolve import resolve_chat_model, token_counter
from contextorg.tools.slots import resolve

logger = logging.getLogger("contextorg")


def route_start(
    state: State, runtime: Runtime[RunContext]
) -> Literal["retrieve", "classify_relations", "organize_groups"]:
    """Search first unless contexts were given; skip relations if the strategy does not use them."""
    if not state.get("contexts") and runtime.context.retriever is not None:
        return "retrieve"
    return route_contexts(state, runtime)


def route_contexts(
    state: State, runtime: Runtime[RunContext]
) -> Literal["classify_relations", "organize_groups"]:
    """Skip the relation graph when the strategy does not use it, or nothing was retrieved.

    The input was checked already (``start_turn``, ``retrieve``): routes only choose.
    """
    if not state.get("contexts"):  # nothing retrieved: an empty organization, out of scope
        return "organize_groups"
    if resolve(runtime.context, "strategy").needs_relations:
        return "classify_relations"
    return "organize_groups"


def route_explain(state: State, runtime: Runtime[RunContext]) -> Literal["explain", "record_turn"]:
    """Explain the answer only when asked to (it costs a regeneration per evidence cluster)."""
    return "explain" if runtime.context.explain else "record_turn"


def dispatch_groups(state: State) -> list[Send] | Literal["aggregate"]:
    """One ``Send`` per group into the ``group`` subgraph; straight to ``aggregate`` if none."""
    by_id = {c.id: c for c in state["contexts"]}
    readings = state.get("readings") or {}
    groups = state["organization"].groups
    if not groups:
        return "aggregate"
    return [
        Send(
            "group",
            GroupTask(
                group=group,
                contexts=[by_id[i] for i in group.context_ids],
                readings={i: readings[i] for i in group.context_ids if i in readings},
            ),
        )
        for group in groups
    ]


def dispatch_segments(
    state: NotesState, runtime: Runtime[RunContext]
) -> list[Send] | Literal["reduce_notes"]:
    """One ``Send`` per segment of about ``segment_tokens`` model tokens into ``write_note``."""
    model = resolve_chat_model(runtime.context.model_for("answer"))
    titles = {c.id: c.title for c in state["contexts"]}
    segments = split_segments(
        state["contexts"], runtime.context.segment_tokens, token_counter(model)
    )
    if not segments:
        return "reduce_notes"
    if len(segments) > runtime.context.max_segments:
        logger.warning(
            "notes: %d segments of about %d tokens, more than max_segments=%d: only the "
            "first %d are read",
            len(segments),
            runtime.context.segment_tokens,
            runtime.context.max_segments,
            runtime.context.max_segments,
        )
        segments = segments[: runtime.context.max_segments]
    return [
        Send(
            "write_note",
            SegmentTask(question=state["question"], order=s.order, contexts=s.contexts(titles)),
        )
        for s in segments
    ]
