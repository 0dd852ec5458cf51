"""Graph nodes, one module each: a node reads state and runtime context, returns its keys."""

from contextorg.nodes.aggregate import aggregate
from contextorg.nodes.answer_group import answer_group
from contextorg.nodes.classify_relations import classify_relations
from contextorg.nodes.organize_groups import organize_groups
from contextorg.nodes.retrieve import retrieve

__all__ = ["aggregate", "answer_group", "classify_relations", "organize_groups", "retrieve"]
