"""Node: check the question and the run's choices, and clear what the last turn left behind."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Overwrite

from contextorg.state import Organization, RunContext, State
from contextorg.tools.answering.completion import get_completer
from contextorg.tools.answering.conflicts import get_conflict_policy
from contextorg.tools.attribution.attributors import ATTRIBUTORS, CLUSTERINGS
from contextorg.tools.inputs import as_records, check_question
from contextorg.tools.models.methods import check_method
from contextorg.tools.models.resolve import CHAT_MODELS
from contextorg.tools.organizers import get_organizer
from contextorg.tools.relations import get_classifier
from contextorg.tools.retrieval.embeddings import EMBEDDERS
from contextorg.tools.retrieval.rerankers import RERANKERS


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

    Names are only looked up here: nothing is loaded or connected.
    """
    for role in ("relation", "answer"):
        if isinstance(spec := context.model_for(role), str):
            CHAT_MODELS.by_prefix(spec)
    get_completer(context.completion)
    get_organizer(context.strategy)
    get_classifier(context.relations)
    get_conflict_policy(context.conflict_policy)
    check_method(context.structured_output)
    ATTRIBUTORS.resolve(context.attributor)
    CLUSTERINGS[context.explain_clusters]
    if isinstance(context.embedder, str):
        EMBEDDERS[context.embedder]
    if isinstance(context.reranker, str):
        RERANKERS.by_prefix(context.reranker)
