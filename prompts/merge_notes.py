"""Merge the reasoning of several notes into one (their evidence is kept verbatim)."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "merge_notes"
VERSION = "1"


class MergedReasoning(BaseModel):
    """One short reasoning that keeps every point of the notes relevant to the question."""

    reasoning: str = Field(max_length=400)


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "These notes were taken on different parts of one long text, in order. Merge their "
            "reasoning into one or two sentences for the question, keeping every distinct answer "
            "they mention and dropping repetition.",
        ),
        ("human", "{notes}\n\nQuestion: {question}"),
    ]
)
