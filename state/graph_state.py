"""Graph channels: the input, the internal state, the output and the ``Send`` payload."""

from __future__ import annotations

import operator
from typing import Annotated, NotRequired

from typing_extensions import TypedDict

from contextorg.state.records import (
    Answer,
    Attribution,
    Context,
    ContextReading,
    Group,
    GroupAnswer,
    NodeUsage,
    Note,
    Organization,
    RelationGraph,
    Turn,
)


def merge_usage(
    left: dict[str, NodeUsage] | None, right: dict[str, NodeUsage] | None
) -> dict[str, NodeUsage]:
    """Reducer: add usage per node, so parallel group runs sum up."""
    merged = dict(left or {})
    for node, usage in (right or {}).items():
        merged[node] = merged[node] + usage if node in merged else usage
    return merged


class _Question(TypedDict, total=False):
    question: str


class InputState(_Question, total=False):
    """What a caller gives the graph: a question and the contexts to answer it from.

    ``history`` holds earlier turns; in a thread the checkpointer keeps it, so a caller only
    passes it when there is no checkpointer. Pass ``contexts=[]`` in a thread to search anew.
    """

    contexts: list[Context]
    history: Annotated[list[Turn], operator.add]


class OutputState(_Question, total=False):
    """What a caller gets back: the answer and how it was reached."""

    completed_question: str
    """The question rewritten to stand on its own (the question itself without history)."""
    read_as: str
    """The question put in the language of the hits ``retrieve`` found (asked in German of
    English pages, say), which it searched with too; empty when it was not translated."""
    contexts: list[Context]
    answer: Answer
    attribution: list[Attribution]
    """Per answer, how much each context caused it (only when ``explain`` ran)."""
    organization: Organization
    relation_graph: RelationGraph
    """The relations between the contexts and what was read in each (strategies that use it)."""
    group_answers: Annotated[list[GroupAnswer], operator.add]
    usage: Annotated[dict[str, NodeUsage], merge_usage]


class State(InputState, OutputState, total=False):
    """Everything the QA graph keeps while it runs."""


def standalone_question(state: State) -> str:
    """The question the nodes work on: completed if a completion ran, else as asked."""
    return state.get("completed_question") or state["question"]


def question_read_as(state: State) -> str:
    """The question the contexts are read and answered with.

    :func:`standalone_question`, or its translation into the contexts' language when
    ``retrieve`` or the relation step made one (``RelationGraph.read_as``).
    """
    graph = state.get("relation_graph")
    translated = graph.read_as if graph is not None else None
    return translated or state.get("read_as") or standalone_question(state)


class GroupTask(TypedDict):
    """The ``Send`` payload for one group: its question, its contexts and their readings."""

    group: Group
    contexts: list[Context]
    readings: NotRequired[dict[str, ContextReading]]
    """The relation step's readings of the group's contexts (a ``readings`` group needs them)."""


class GroupOutput(TypedDict):
    """What one group's run adds to the QA graph: its answers and the usage of its nodes."""

    group_answers: Annotated[list[GroupAnswer], operator.add]
    usage: Annotated[dict[str, NodeUsage], merge_usage]


class GroupState(GroupTask, total=False):
    """The group subgraph: the ``Send`` payload, the notes of a condensed group, the output."""

    too_long: bool
    """The group is past the answer model's budget: it is read through notes."""
    notes: list[Note]
    """The final notes, when the group was too long to read whole (verbatim evidence)."""
    group_answers: Annotated[list[GroupAnswer], operator.add]
    usage: Annotated[dict[str, NodeUsage], merge_usage]


class NotesState(TypedDict, total=False):
    """The notes subgraph: a question over contexts too long for one call."""

    question: str
    contexts: list[Context]
    segments: list[SegmentTask]
    """What notes are written on, one ``Send`` each."""
    notes: Annotated[list[Note], operator.add]
    final_notes: list[Note]
    usage: Annotated[dict[str, NodeUsage], merge_usage]


class SegmentTask(TypedDict):
    """The ``Send`` payload for one segment."""

    question: str
    order: int
    contexts: list[Context]
