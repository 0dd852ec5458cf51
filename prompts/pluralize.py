"""Rewrite a question in plural form, so a model reading several contexts gives every answer."""

from __future__ import annotations

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

NAME = "pluralize"
VERSION = "1"


class PluralQuestion(BaseModel):
    """The question asking for all answers."""

    question: str = Field(max_length=300)


TEMPLATE = ChatPromptTemplate.from_messages(
    [
        (
            "system",
            "Rewrite the question in plural form so that it asks for every answer, keeping its "
            'meaning. Example: "2019 World Ice Hockey Championships host country?" becomes '
            '"2019 World Ice Hockey Championships host countries?"; "Who wrote Dune?" becomes '
            '"Who are the people who wrote Dune?".',
        ),
        ("human", "{question}"),
    ]
)
