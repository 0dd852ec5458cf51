"""Which way one context argues a yes/no question (one call per context).

Asked "does the text answer, and with what?", the 1.5B model reads "yes" from most texts
whichever way they argue. Asked which answer the text argues for, with the answer limited
to three words, it reads the side (benchmarks/README.md, relation accuracy).
"""

from __future__ import annotations

from typing import Literal

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "stance_reading"
VERSION = "1"


class StanceReading(BaseModel):
    """The answer a text argues for, or ``unknown`` when it is about something else."""

    answer: Literal["yes", "no", "unknown"] = Field(description="yes, no, or unknown")

    @property
    def answers_question(self) -> bool:
        """Whether the text takes a side on the question."""
        return self.answer != "unknown"


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "Which answer to the question does the text argue for: yes, or no? Judge only by "
            "what the text says, even if you think it is wrong. If the text is about "
            "something else, answer unknown.",
        ),
        ("human", "{contexts}\n\nQuestion: {question}"),
    ]
)
