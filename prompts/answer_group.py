"""Answer a question from a small group of contexts, citing context numbers."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "answer_group"
VERSION = "1"


class CitedAnswer(BaseModel):
    """One answer and the numbers of the contexts that state it."""

    answer: str = Field(max_length=200, description="short answer, as the context states it")
    about: str | None = Field(
        default=None, max_length=120, description="which entity this answer is for, if several"
    )
    contexts: list[int] = Field(max_length=8, description="numbers of the supporting contexts")


class GroupAnswers(BaseModel):
    """Every answer the contexts give; empty when none of them answers."""

    answers: list[CitedAnswer] = Field(max_length=6)


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "Answer the question using only the given contexts. Contexts may disagree or be "
            "about different things with the same name: give every answer they support, each "
            "with the numbers of the contexts that state it and, when it helps, which entity it "
            "is about. If no context answers, return an empty list.",
        ),
        ("human", "{contexts}\n\nQuestion: {question}"),
    ]
)
