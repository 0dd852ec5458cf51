"""Graph nodes, one module each: a node reads state and runtime context, returns its keys."""

from contextorg.nodes.aggregate import aggregate
from contextorg.nodes.answer_group import answer_group
from contextorg.nodes.classify_relations import classify_relations
from contextorg.nodes.complete_question import complete_question
from contextorg.nodes.explain import explain
from contextorg.nodes.organize_groups import organize_groups
from contextorg.nodes.record_turn import record_turn
from contextorg.nodes.retrieve import retrieve
from contextorg.nodes.start_turn import start_turn

__all__ = [
    "aggregate",
    "answer_group",
    "classify_relations",
    "complete_question",
    "explain",
    "organize_groups",
    "record_turn",
    "retrieve",
    "start_turn",
]
