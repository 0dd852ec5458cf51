"""One MADAM-RAG agent's answer in a later round, having seen the other agents' answers."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate

from contextorg.prompts.debate_agent import AgentAnswer

NAME = "debate_round"
VERSION = "1"

__all__ = ["NAME", "TEMPLATE", "VERSION", "AgentAnswer"]

TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "You are one of several agents; each reads a different document to answer the "
            "same question. Below are the other agents' last answers. Answer from your "
            "document, using the others' answers only to reconsider yours: they may be about "
            "another thing with the same name, or wrong. Give a short answer and a brief "
            "explanation. If your document does not answer the question, answer unknown.",
        ),
        (
            "human",
            "Document: {document}\n\nOther agents:\n{others}\n\nQuestion: {question}",
        ),
    ]
)
