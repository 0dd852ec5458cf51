"""The group subgraph: one group, condensed into notes first if it is too long, then answered.

    START ─> measure_group ─┬─(too long, or marked condense)─> notes ─┐
                            └──────────────────────────────────────────┴─> answer_group ─> END

The QA graph runs it once per group (``Send``); ``explain`` runs it again on groups with
evidence removed. ``notes`` runs the notes subgraph (:mod:`contextorg.graphs.notes`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime

from contextorg.graphs.context import given_run_context
from contextorg.graphs.notes import notes_graph
from contextorg.nodes.answer_group import answer_group as default_answer_group
from contextorg.nodes.measure_group import measure_group
from contextorg.state import GroupOutput, GroupState, GroupTask, RunContext


def route_group(task: GroupState) -> Literal["notes", "answer_group"]:
    """Notes first for a model-answered group too long to read whole, or marked so."""
    group = task["group"]
    if group.answered_by != "model":
        return "answer_group"
    return "notes" if group.condense or task.get("too_long") else "answer_group"


def notes(task: GroupState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Condense the group into notes (the notes subgraph) for ``answer_group`` to read."""
    out = notes_graph.invoke(
        {"question": task["group"].question, "contexts": task["contexts"]},
        context=runtime.context,
    )
    return {"notes": out.get("final_notes", []), "usage": out.get("usage", {})}


def build_group_graph(
    answer_group: Callable[..., Any] = default_answer_group,
) -> CompiledStateGraph[GroupState, RunContext, GroupTask, GroupOutput]:
    """Compile the group subgraph around an ``answer_group`` node (the default, or a swap)."""
    builder = StateGraph(
        GroupState, context_schema=RunContext, input_schema=GroupTask, output_schema=GroupOutput
    )
    nodes: dict[str, Callable[..., Any]] = {
        "measure_group": measure_group,
        "notes": notes,
        "answer_group": answer_group,
    }
    for slot, fn in nodes.items():
        builder.add_node(slot, given_run_context(fn))
    builder.add_edge(START, "measure_group")
    builder.add_conditional_edges("measure_group", route_group)
    builder.add_edge("notes", "answer_group")
    builder.add_edge("answer_group", END)
    return builder.compile(name="group")


group_graph = build_group_graph()
