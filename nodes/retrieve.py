"""Node: search the configured retriever for the question's evidence (DESIGN §4.2)."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import RunContext, State, standalone_question
from contextorg.tools.calls import Meter
from contextorg.tools.retrievers import resolve_retriever


def retrieve(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """The ``top_k`` best contexts for the question become the contexts to organize."""
    meter = Meter.of(runtime.context)
    retriever = resolve_retriever(runtime.context.retriever)
    contexts = retriever.search(standalone_question(state), k=runtime.context.top_k)
    return {"contexts": contexts, "usage": {"retrieve": meter.usage()}}
