"""Node: is a group too long for the answer model to read whole?"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import GroupState, RunContext
from contextorg.tools.models.resolve import context_budget, resolve_chat_model, token_counter


def measure_group(task: GroupState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """``too_long``: a model-answered group past the model's budget, counted in its tokens."""
    if task["group"].answered_by != "model" or task["group"].condense:
        return {"too_long": False}
    model = resolve_chat_model(runtime.context.model_for("answer"))
    count = token_counter(model)
    budget = context_budget(model, runtime.context.context_budget)
    return {"too_long": sum(count(c.text) for c in task["contexts"]) > budget}
