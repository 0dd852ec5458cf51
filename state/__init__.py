"""Typed graph state, run-time context and records."""

from contextorg.state.graph_state import GroupTask, InputState, OutputState, State, merge_usage
from contextorg.state.records import (
    RELATION_LABELS,
    Answer,
    AnswerItem,
    Context,
    Group,
    GroupAnswer,
    NodeUsage,
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
    "Context",
    "Group",
    "GroupAnswer",
    "GroupTask",
    "InputState",
    "NodeUsage",
    "Organization",
    "OutputState",
    "Relation",
    "RelationLabel",
    "RunContext",
    "State",
    "merge_usage",
    "total_usage",
]
