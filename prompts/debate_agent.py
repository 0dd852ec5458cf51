"""One MADAM-RAG agent's answer from its own document (the debate's first round)."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "debate_agent"
VERSION = "1"


class AgentAnswer(BaseModel):
    """What one agent answers from its document, and why."""

    answer: str = Field(max_length=100, description="short answer, or unknown")
    explanation: str = Field(max_length=240, description="why, in a sentence or two")


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "You are one of several agents; each reads a different document to answer the "
            "same question. Answer from your document alone, with a short answer and a brief "
            "explanation. If your document does not answer the question, answer unknown.",
        ),
        ("human", "Document: {document}\n\nQuestion: {question}"),
    ]
)
