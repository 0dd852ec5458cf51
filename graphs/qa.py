"""The QA graph: retrieval → relations → groups → one ``Send`` per group → aggregate (DESIGN §4).

    START ─┬─(no contexts)─> retrieve ─┐
           ├───────────────────────────┴─> classify_relations ─> organize_groups ─┬─> ...
           └───────────────────(base, separate)───────────────────────────────────┘
    ... answer_group (×groups) ─> aggregate

Question completion (issue 4) slots in before ``route_start``; notes for long
groups (issue 5) inside ``answer_group``; attribution (issue 6) after ``aggregate``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from contextorg.graphs.routing import dispatch_groups, route_contexts, route_start
from contextorg.nodes import (
    aggregate,
    answer_group,
    classify_relations,
    organize_groups,
    retrieve,
)
from contextorg.state import InputState, OutputState, RunContext, State

NODES: dict[str, Callable[..., Any]] = {
    "retrieve": retrieve,
    "classify_relations": classify_relations,
    "organize_groups": organize_groups,
    "answer_group": answer_group,
    "aggregate": aggregate,
}
"""The default node of each slot; ``build_graph(nodes={...})`` swaps any of them."""


def build_graph(
    *,
    nodes: Mapping[str, Callable[..., Any]] | None = None,
    checkpointer: BaseCheckpointSaver[Any] | None = None,
    name: str = "contextorg",
) -> CompiledStateGraph[State, RunContext, InputState, OutputState]:
    """Compile the QA graph, with any node replaced by a function of the same shape.

    Args:
        nodes: Replacement nodes by slot name (see :data:`NODES`).
        checkpointer: Where to keep thread state between runs, if anywhere.
        name: The graph's run name in traces.
    """
    chosen = {**NODES, **(nodes or {})}
    unknown = set(chosen) - set(NODES)
    if unknown:
        raise ValueError(f"unknown node slots {sorted(unknown)}; slots are {sorted(NODES)}")
    builder = StateGraph(
        State, context_schema=RunContext, input_schema=InputState, output_schema=OutputState
    )
    for slot, fn in chosen.items():
        builder.add_node(slot, fn)
    builder.add_conditional_edges(START, route_start)
    builder.add_conditional_edges("retrieve", route_contexts)
    builder.add_edge("classify_relations", "organize_groups")
    builder.add_conditional_edges("organize_groups", dispatch_groups, ["answer_group", "aggregate"])
    builder.add_edge("answer_group", "aggregate")
    builder.add_edge("aggregate", END)
    return builder.compile(checkpointer=checkpointer, name=name)


graph = build_graph()
