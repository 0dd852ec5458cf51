"""Put the question in the language of the texts it is asked of, so answers are copied."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "translate_question"
VERSION = "1"


class TranslatedQuestion(BaseModel):
    """The question, translated."""

    question: str = Field(min_length=1, max_length=400, description="the translated question")


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "Translate the user's question into {language}. Keep names, numbers, codes, "
            "versions and quoted titles exactly as they are. Do not answer it.",
        ),
        ("human", "{question}"),
    ]
)
