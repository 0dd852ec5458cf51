"""Does a passage help answer the question (the LLM reranker's yes/no score)."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "rerank_relevance"
VERSION = "1"


class Relevance(BaseModel):
    """Whether the passage contains information that answers the question."""

    relevant: bool = Field(description="does the passage help answer the question?")


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "Say whether the passage contains information that answers the question. "
            "A passage on the same topic that does not give the answer is not relevant.",
        ),
        ("human", "{contexts}\n\nQuestion: {question}"),
    ]
)
