"""contextorg as a tool for LangChain and LangGraph agents.

::

    from langchain.agents import create_agent
    from contextorg import as_tool

    tool = as_tool(retriever="docs.index")
    agent = create_agent(model, [tool])

The tool takes a question, and returns the cited answer as its content and the whole
:meth:`Result.summary` as its artifact (``ToolMessage.artifact``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from langchain_core.tools import StructuredTool
from pydantic import BaseModel, Field

from contextorg.api import Result, aask, ask
from contextorg.tools.inputs import ContextLike, as_contexts

DESCRIPTION = (
    "Answers a factual question from the documents, listing every answer the documents "
    "support (they may conflict or be about different things), each with the ids of the "
    "documents that state it in brackets. Ask one standalone question at a time."
)


class Question(BaseModel):
    """The tool's input."""

    question: str = Field(description="A standalone question: name what it is about.")


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

    def content(result: Result) -> tuple[str, dict[str, Any]]:
        return result.text, result.summary()

    def run(question: str) -> tuple[str, dict[str, Any]]:
        return content(ask(question, fixed, **options))

    async def arun(question: str) -> tuple[str, dict[str, Any]]:
        return content(await aask(question, fixed, **options))

    return StructuredTool.from_function(
        func=run,
        coroutine=arun,
        name=name,
        description=description,
        args_schema=Question,
        return_direct=return_direct,
        response_format="content_and_artifact",
    )
