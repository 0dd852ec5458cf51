"""The QA graph: completion → retrieval → relations → groups → ``Send`` per group.

    START ─> start_turn ─> complete_question ─┬─(no contexts)─> retrieve ─┐
                                              ├───────────────────────────┴─> classify_relations
                                              └─(base, separate)─> organize_groups
    classify_relations ─> organize_groups
    organize_groups ─> group (×groups) ─> aggregate ─┬─(explain)─> explain ─┐
                                                     └──────────────────────┴─> record_turn
    group: START ─┬─(too long)─> notes ─┐
                  └─────────────────────┴─> answer_group ─> END
    record_turn ─> END

``group`` is the group subgraph (:mod:`contextorg.graphs.group`): notes first for a group
too long to read whole, then ``answer_group``. ``explain`` (off by default) attributes each
answer to the contexts that caused it, answering groups again through the same subgraph.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from contextorg.graphs.context import given_run_context
from contextorg.graphs.group import build_group_graph
from contextorg.graphs.routing import dispatch_groups, route_contexts, route_explain, route_start
from contextorg.nodes import (
    aggregate,
    answer_group,
    classify_relations,
    complete_question,
    explain,
    organize_groups,
    record_turn,
    retrieve,
    start_turn,
)
from contextorg.state import InputState, OutputState, RunContext, State

NODES: dict[str, Callable[..., Any]] = {
    "start_turn": start_turn,
    "complete_question": complete_question,
    "retrieve": retrieve,
    "classify_relations": classify_relations,
    "organize_groups": organize_groups,
    "answer_group": answer_group,
    "aggregate": aggregate,
    "explain": explain,
    "record_turn": record_turn,
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
    # One group's run is a subgraph (notes if too long, then answer_group), the node "group".
    group = build_group_graph(chosen["answer_group"])
    builder.add_node("group", group)
    for slot, fn in chosen.items():
        if slot == "answer_group":
            continue
        if slot == "explain" and "answer" in inspect.signature(fn).parameters:
            answer_alone = partial(_answer_alone, group)
            builder.add_node(slot, given_run_context(partial(fn, answer=answer_alone)))
        else:
            builder.add_node(slot, given_run_context(fn))
    builder.add_edge(START, "start_turn")
    builder.add_edge("start_turn", "complete_question")
    builder.add_conditional_edges("complete_question", given_run_context(route_start))
    builder.add_conditional_edges("retrieve", given_run_context(route_contexts))
    builder.add_edge("classify_relations", "organize_groups")
    builder.add_conditional_edges("organize_groups", dispatch_groups, ["group", "aggregate"])
    builder.add_edge("group", "aggregate")
    builder.add_conditional_edges("aggregate", given_run_context(route_explain))
    builder.add_edge("explain", "record_turn")
    builder.add_edge("record_turn", END)
    return builder.compile(checkpointer=checkpointer, name=name)


def _answer_alone(group: Any, task: Any, context: RunContext) -> Any:
    return group.invoke(task, context=context)


graph = build_graph()
