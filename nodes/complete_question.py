"""Node: make the question stand on its own, and start a fresh turn (DESIGN §4.1)."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Overwrite

from contextorg.state import Organization, RunContext, State
from contextorg.tools.calls import Meter
from contextorg.tools.completion import get_completer
from contextorg.tools.conflicts import get_conflict_policy
from contextorg.tools.inputs import as_records, check_question
from contextorg.tools.models import resolve_chat_model
from contextorg.tools.organizers import get_organizer
from contextorg.tools.relations import get_classifier


def complete_question(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Rewrite a follow-up with the thread's history; clear what the last turn left behind.

    Without history the question passes through and no model is called.
    """
    meter = Meter.of(runtime.context)
    check_question(state.get("question"))
    check_choices(runtime.context)
    question = state["question"]
    records = as_records(state.get("contexts"), state.get("history"))
    history = records.pop("history", None) or state.get("history") or []
    completed = question
    if history:
        completed = get_completer(runtime.context.completion)(
            question, history, lambda: resolve_chat_model(runtime.context.model), meter
        )
    return {
        **records,
        "completed_question": completed,
        # A thread keeps every channel: the previous turn's results must not leak into this one.
        "relations": [],
        "relevance": {},
        "readings": {},
        "organization": Organization(groups=[]),
        "attribution": [],
        "group_answers": Overwrite([]),
        "usage": Overwrite({"complete_question": meter.usage()}),
    }


def check_choices(context: RunContext) -> None:
    """Every part named in the run context exists: a typo fails before the first model call."""
    get_completer(context.completion)
    get_organizer(context.strategy)
    get_classifier(context.relations)
    get_conflict_policy(context.conflict_policy)
