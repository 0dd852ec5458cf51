"""Rewrite the latest question of a conversation so it stands on its own (RAGonite §3's idea)."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "complete_question"
VERSION = "1"


class CompletedQuestion(BaseModel):
    """The latest question, rewritten so it can be understood without the conversation."""

    question: str = Field(min_length=1, max_length=400, description="the standalone question")


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "Rewrite the user's latest question so that it can be understood without the "
            "conversation. Replace pronouns and vague references (it, that, the second one, "
            "and what about ...) with the names, products, versions and dates they refer to. "
            "Keep the question's language and intent; do not answer it. If it already stands "
            "on its own, return it unchanged.",
        ),
        ("human", "Conversation so far:\n{history}\n\nLatest question: {question}"),
    ]
)
