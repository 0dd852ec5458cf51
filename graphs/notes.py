"""The notes subgraph: segments → one note each (``Send``) → merge until it fits (SEGMENT+).

    START ─> split_segments ─(dispatch_segments: Send × segments)─> write_note ─> reduce_notes
          ─> END

The group subgraph's ``notes`` node runs it (:mod:`contextorg.graphs.group`) when a group is
longer than the answer model's budget (one long text from ``contextorg ask --document``, say)
or is marked to be condensed (the ``summarize`` strategy).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from contextorg.graphs.context import given_run_context
from contextorg.graphs.routing import dispatch_segments
from contextorg.nodes.reduce_notes import reduce_notes
from contextorg.nodes.split_segments import split_segments
from contextorg.nodes.write_note import write_note
from contextorg.state import NotesState, RunContext

NOTES_NODES: dict[str, Callable[..., Any]] = {
    "split_segments": split_segments,
    "write_note": write_note,
    "reduce_notes": reduce_notes,
}


def build_notes_graph() -> CompiledStateGraph[NotesState, RunContext, NotesState, NotesState]:
    """Compile the notes subgraph."""
    builder = StateGraph(NotesState, context_schema=RunContext)
    for slot, fn in NOTES_NODES.items():
        builder.add_node(slot, given_run_context(fn))
    builder.add_edge(START, "split_segments")
    builder.add_conditional_edges(
        "split_segments", dispatch_segments, ["write_note", "reduce_notes"]
    )
    builder.add_edge("write_note", "reduce_notes")
    builder.add_edge("reduce_notes", END)
    return builder.compile(name="notes")


notes_graph = build_notes_graph()
