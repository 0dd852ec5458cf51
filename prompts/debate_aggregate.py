"""The MADAM-RAG aggregator: every correct answer among the agents', misinformation left out."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "debate_aggregate"
VERSION = "2"


class AggregatedAnswer(BaseModel):
    """One answer the aggregator keeps, and the agents who gave it."""

    answer: str = Field(max_length=100)
    agents: list[int] = Field(max_length=12, description="numbers of the agents who gave it")


class Aggregation(BaseModel):
    """Every correct answer; empty when none is.

    The explanation comes first: asked for the list first, the 1.5B model opens it empty and
    then explains which answer every agent gave (the demo question, all agents agreeing).
    """

    explanation: str = Field(max_length=300)
    answers: list[AggregatedAnswer] = Field(max_length=6)


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "You read the answers of agents who each answered a question from a different "
            "document. Several answers can all be correct when the question's name fits "
            "several different things: keep each, with the agents who gave it. Leave out "
            "answers that contradict better-supported answers about the same thing "
            "(misinformation) and agents that answered unknown. If no answer is correct, "
            "return an empty list. First explain briefly, then list the answers.\n\n"
            "Example. Question: When did the Halden Bridge open?\n"
            "Agent 1: 1921. The document says the Halden Bridge over the Tista opened in 1921.\n"
            "Agent 2: 1921. The Norwegian bridge at Halden opened in 1921.\n"
            "Agent 3: 1898. This document is about the Halden Bridge in Oregon, opened in "
            "1898.\n"
            "Agent 4: 1930. The document says the Halden Bridge over the Tista opened in 1930.\n"
            "Agent 5: unknown. The document is about Halden's fortress.\n"
            "Explanation: agent 4 contradicts agents 1 and 2 about the same bridge; agent 5 "
            'does not answer. Answers: "1921" (agents 1, 2) and "1898" (agent 3).',
        ),
        ("human", "Question: {question}\n\n{agents}"),
    ]
)
