"""What one context says about the question: answer, entity and descriptor (one call each)."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, ConfigDict, Field

NAME = "extract_reading"
VERSION = "1"


class ExtractedReading(BaseModel):
    """Whether the context answers the question, and about which specific thing.

    Not to be confused with the record it becomes (``contextorg.state.ContextReading``); its
    schema keeps the title the prompt has always sent, so cached replies still match.
    """

    model_config = ConfigDict(title="ContextReading")

    answers_question: bool = Field(description="does the text answer the question?")
    answer: str | None = Field(default=None, max_length=120)
    entity: str | None = Field(
        default=None, max_length=120, description="the thing the question asks about"
    )
    descriptor: str | None = Field(
        default=None,
        max_length=120,
        description="what tells this thing apart from others with the same name, or null",
    )


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "Read the context and say whether it answers the question. If it does, give the "
            "short answer, the entity the question is about as this context names it, and the "
            "descriptor that tells this entity apart from others with the same name (a place, "
            "a year, a kind of work), or null if the context gives none.",
        ),
        ("human", "{contexts}\n\nQuestion: {question}"),
    ]
)
