"""Routing functions of the QA graph: pure functions of state and run-time context."""

from __future__ import annotations

from typing import Literal

from langgraph.runtime import Runtime
from langgraph.types import Send

from contextorg.state import GroupTask, NotesState, RunContext, State
from contextorg.tools.slots import resolve


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
    graph = state.get("relation_graph")
    readings = graph.readings if graph else {}
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


def dispatch_segments(state: NotesState) -> list[Send] | Literal["reduce_notes"]:
    """One ``Send`` per segment (``split_segments`` cut them) into ``write_note``."""
    segments = state.get("segments") or []
    if not segments:
        return "reduce_notes"
    return [Send("write_note", segment) for segment in segments]
