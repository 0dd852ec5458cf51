"""Node: make the question stand on its own."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import RunContext, State
from contextorg.tools.models.calls import Meter
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.slots import resolve


def complete_question(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Rewrite a follow-up with the thread's history (``completion``: llm, concat or none).

    Without history the question passes through and no model is called.
    """
    meter = Meter.of(runtime.context)
    question = state["question"]
    completed = question
    history = state.get("history") or []
    if history:
        completed = resolve(runtime.context, "completion")(
            question, history, lambda: resolve_chat_model(runtime.context.model), meter
        )
    return {"completed_question": completed, "usage": {"complete_question": meter.usage()}}
