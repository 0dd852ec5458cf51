"""Typed graph state, run-time context and records."""

from contextorg.state.graph_state import (
    GroupTask,
    InputState,
    NotesState,
    OutputState,
    SegmentTask,
    State,
    merge_usage,
)
from contextorg.state.records import (
    RELATION_LABELS,
    Answer,
    AnswerItem,
    Attribution,
    Context,
    Evidence,
    Group,
    GroupAnswer,
    NodeUsage,
    Note,
    Organization,
    Relation,
    RelationLabel,
    total_usage,
)
from contextorg.state.runtime import RunContext

__all__ = [
    "RELATION_LABELS",
    "Answer",
    "AnswerItem",
    "Attribution",
    "Context",
    "Evidence",
    "Group",
    "GroupAnswer",
    "GroupTask",
    "InputState",
    "NodeUsage",
    "Note",
    "NotesState",
    "Organization",
    "OutputState",
    "Relation",
    "RelationLabel",
    "RunContext",
    "SegmentTask",
    "State",
    "merge_usage",
    "total_usage",
]
