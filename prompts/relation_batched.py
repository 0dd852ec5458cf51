"""Relation of one pivot context to every other context, in one call (CORG Fig. 9)."""

from __future__ import annotations

from typing import Literal

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "relation_batched"
VERSION = "1"

Label = Literal[
    "duplicated", "counterfactual", "distracting", "ambiguous", "unrelated", "irrelevant"
]

DEFINITIONS = """\
For a question, each context gives an answer (or none), the entity the answer is about, and a
descriptor: the detail that tells this entity apart from others with the same name (Null if the
context gives none). Example: "The Simpsons Movie was released on July 27, 2007" for "When was
The Simpsons released?" has answer "July 27, 2007", entity "The Simpsons", descriptor "Movie";
"The Simpsons debuted on December 17, 1989" has descriptor Null.

Relations between two contexts:
- irrelevant: one of them does not answer the question
- duplicated: same descriptor and same answer
- counterfactual: same descriptor, different answer (they conflict)
- distracting: different descriptors, both given (different entities with the same name)
- ambiguous: different descriptors, one Null, same answer
- unrelated: different descriptors, one Null, different answer"""


class PairLabel(BaseModel):
    """The relation of the pivot to one other context."""

    context: int = Field(description="number of the other context")
    relation: Label


class BatchedRelations(BaseModel):
    """The relation of the pivot context to each other context."""

    relations: list[PairLabel] = Field(max_length=24)


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        ("system", DEFINITIONS),
        (
            "human",
            "{contexts}\n\nQuestion: {question}\n\n"
            "Give the relation from Context 1 to each of Contexts 2 to {last}.",
        ),
    ]
)
