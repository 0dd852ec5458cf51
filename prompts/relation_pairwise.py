"""Relation between two contexts, one call per pair (CORG Fig. 9, one pair at a time)."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel

from contextorg.prompts.relation_batched import DEFINITIONS, Label

NAME = "relation_pairwise"
VERSION = "1"


class PairRelation(BaseModel):
    """The relation between Context 1 and Context 2."""

    relation: Label


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        ("system", DEFINITIONS),
        (
            "human",
            "{contexts}\n\nQuestion: {question}\n\n"
            "What is the relation between Context 1 and Context 2?",
        ),
    ]
)
