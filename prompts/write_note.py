"""A note on one segment of a long text: quoted evidence and short reasoning (SEGMENT+)."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "write_note"
VERSION = "1"


class Quote(BaseModel):
    """A sentence copied exactly from one context."""

    context: int = Field(description="number of the context the sentence is from")
    sentence: str = Field(max_length=400)


class SegmentNote(BaseModel):
    """Evidence quoted from the segment and what it means for the question."""

    keep: bool = Field(description="true if the segment has information for the question")
    evidence: list[Quote] = Field(default_factory=list, max_length=4)
    reasoning: str = Field(default="", max_length=300)


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "You read one part of a long text for a question. Copy, word for word, the sentences "
            "that help answer it (at most four), each with the number of its context, and say in "
            "one or two sentences what they mean for the question. If this part has nothing "
            "useful, set keep to false and leave the evidence empty.",
        ),
        ("human", "{contexts}\n\nQuestion: {question}"),
    ]
)
