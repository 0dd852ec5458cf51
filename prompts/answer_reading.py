"""Does one context answer the question, and with what (one call per context)."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "answer_reading"
VERSION = "1"


class AnswerReading(BaseModel):
    """Whether the text answers the question, and the short answer it gives."""

    answers_question: bool = Field(description="does the text answer the question?")
    answer: str | None = Field(default=None, max_length=100, description="short answer, or null")


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "Say whether the text answers the question and, if it does, give the short answer "
            "exactly as the text states it.",
        ),
        ("human", "{contexts}\n\nQuestion: {question}"),
    ]
)
