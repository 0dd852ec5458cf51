"""Node: check the question and the run's choices, and clear what the last turn left behind."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Overwrite

from contextorg.state import Context, Organization, RelationGraph, RunContext, State
from contextorg.tools.inputs import (
    InputError,
    as_records,
    check_question,
    check_question_and_contexts,
    check_relation_size,
)
from contextorg.tools.slots import check, resolve


def start_turn(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Fail early on a bad question or an unknown part; start the turn with clean channels.

    A thread keeps every channel between turns: the previous turn's results must not leak
    into this one. Contexts and history given as dicts become records here.
    """
    check_choices(runtime.context)
    records = as_records(state.get("contexts"), state.get("history"))
    check_input(
        state.get("question"), records.get("contexts", state.get("contexts")), runtime.context
    )
    return {
        **records,
        "read_as": "",
        "relation_graph": RelationGraph(),
        "organization": Organization(groups=[]),
        "attribution": [],
        "group_answers": Overwrite([]),
        "usage": Overwrite({}),
    }


def check_input(question: object, contexts: list[Context] | None, context: RunContext) -> None:
    """The question, and the contexts given (retrieved ones are checked by ``retrieve``).

    Raises :class:`InputError` for a missing question, no contexts and no retriever, a
    blank, hidden or repeated id, or more contexts than the relation graph takes.
    """
    if not contexts and context.retriever is not None:
        check_question(question)
        return
    check_question_and_contexts(question, contexts)  # so there are some
    if contexts and resolve(context, "strategy").needs_relations:
        check_relation_size(len(contexts), context)


def check_choices(context: RunContext) -> None:
    """Every part named in the run context exists: a typo fails before the first model call.

    Names are only looked up (``tools/slots.py``): nothing is loaded or connected.
    """
    check(context)
    if context.segment_patience < 1:
        raise InputError(
            f"segment_patience must be 1 or more, got {context.segment_patience}: it is how "
            "many segments in a row must add no answer before segment search stops reading"
        )
    if context.reading_segment_tokens is not None and context.reading_segment_tokens < 1:
        raise InputError(
            f"reading_segment_tokens must be 1 or more, got {context.reading_segment_tokens}: "
            "it is the most tokens of one segment of a long text (None: a call's whole room)"
        )
