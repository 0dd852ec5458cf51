"""contextorg as a tool for LangChain and LangGraph agents.

::

    from langchain.agents import create_agent
    from contextorg import as_tool

    tool = as_tool(retriever="docs.index")
    agent = create_agent(model, [tool])

The tool takes a question, and returns the cited answer as its content and the whole
:meth:`Result.summary` as its artifact (``ToolMessage.artifact``). Asked a question it has
answered already, it returns that answer again, saying so, without another run: a small
model that calls it with the same question over and over is told to stop.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from langchain_core.tools import StructuredTool
from pydantic import BaseModel, Field

from contextorg.api import Result, aask, ask
from contextorg.tools.inputs import ContextLike, as_contexts
from contextorg.tools.text.normalize import normalize

DESCRIPTION = (
    "Answers a factual question from the documents, listing every answer the documents "
    "support (they may conflict or be about different things), each with the ids of the "
    "documents that state it in brackets. Ask one standalone question at a time."
)


class Question(BaseModel):
    """The tool's input."""

    question: str = Field(description="A standalone question: name what it is about.")


ALREADY = (
    "You already asked this question and its answer is below. Do not ask it again: "
    "answer the user from it, or ask a different question.\n\n{answer}"
)
"""What a repeated call returns: small models otherwise loop, asking the same thing."""


class _Answered:
    """The questions a tool answered (normalized), with their answers: the last ``size``."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.answers: OrderedDict[str, tuple[str, dict[str, Any]]] = OrderedDict()
        self.lock = threading.Lock()

    def again(self, question: str) -> tuple[str, dict[str, Any]] | None:
        """The earlier answer of a question asked before, said to be a repeat; else None."""
        with self.lock:
            earlier = self.answers.get(normalize(question))
        if earlier is None:
            return None
        return ALREADY.format(answer=earlier[0]), {**earlier[1], "repeated": True}

    def keep(self, question: str, text: str, summary: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """Remember an answer; returns it as the tool's content and artifact."""
        with self.lock:
            self.answers[normalize(question)] = (text, summary)
            while len(self.answers) > self.size:
                self.answers.popitem(last=False)
        return text, summary


def as_tool(
    contexts: Iterable[ContextLike] | None = None,
    *,
    name: str = "contextorg",
    description: str = DESCRIPTION,
    return_direct: bool = False,
    **options: Any,
) -> StructuredTool:
    """A tool that answers questions over ``contexts`` or a retriever, citing every answer.

    Args:
        contexts: The evidence for every question; ``None`` to search ``retriever``.
        name: The tool's name, as the agent's model sees it.
        description: What the tool does, as the agent's model sees it.
        return_direct: End the agent's turn with the tool's cited answer as it is, instead of
            letting the agent's model restate it (small models drop the citations when they
            do). The last message is then the ``ToolMessage``.
        **options: Anything :func:`contextorg.ask` takes (``retriever``, ``model``,
            ``strategy``, ``explain``, ``thread``...).
    """
    fixed = as_contexts(contexts) if contexts is not None else None
    if fixed is None and options.get("retriever") is None:
        raise ValueError("give the tool contexts, or a retriever to search (retriever=...)")
    answered = _Answered()

    def content(question: str, result: Result) -> tuple[str, dict[str, Any]]:
        text = result.text
        if result.completed_question and normalize(result.completed_question) != normalize(
            question
        ):  # a follow-up, completed from the thread: say how it was read
            text = f"Question answered: {result.completed_question}\n{text}"
        return answered.keep(question, text, result.summary())

    def run(question: str) -> tuple[str, dict[str, Any]]:
        return answered.again(question) or content(question, ask(question, fixed, **options))

    async def arun(question: str) -> tuple[str, dict[str, Any]]:
        again = answered.again(question)
        return again or content(question, await aask(question, fixed, **options))

    return StructuredTool.from_function(
        func=run,
        coroutine=arun,
        name=name,
        description=description,
        args_schema=Question,
        return_direct=return_direct,
        response_format="content_and_artifact",
    )
