"""Node: check the question and the run's choices, and clear what the last turn left behind."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Overwrite

from contextorg.state import Organization, RunContext, State
from contextorg.tools.inputs import as_records, check_question
from contextorg.tools.slots import check


def start_turn(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Fail early on a bad question or an unknown part; start the turn with clean channels.

    A thread keeps every channel between turns: the previous turn's results must not leak
    into this one. Contexts and history given as dicts become records here.
    """
    check_question(state.get("question"))
    check_choices(runtime.context)
    return {
        **as_records(state.get("contexts"), state.get("history")),
        "relations": [],
        "relevance": {},
        "readings": {},
        "organization": Organization(groups=[]),
        "attribution": [],
        "group_answers": Overwrite([]),
        "usage": Overwrite({}),
    }


def check_choices(context: RunContext) -> None:
    """Every part named in the run context exists: a typo fails before the first model call.

    Names are only looked up (``tools/slots.py``): nothing is loaded or connected.
    """
    check(context)
