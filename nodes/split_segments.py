"""Node: cut a long question's contexts into segments of about ``segment_tokens`` tokens."""

from __future__ import annotations

import logging
from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import NotesState, RunContext, SegmentTask
from contextorg.tools.answering.notes import split_segments as split
from contextorg.tools.models.resolve import resolve_chat_model, token_counter

logger = logging.getLogger("contextorg")


def split_segments(state: NotesState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """The segments notes are written on, counted in the answer model's tokens.

    Past ``max_segments`` the rest is left out, with a warning.
    """
    context = runtime.context
    model = resolve_chat_model(context.model_for("answer"))
    titles = {c.id: c.title for c in state["contexts"]}
    segments = split(state["contexts"], context.segment_tokens, token_counter(model))
    if len(segments) > context.max_segments:
        logger.warning(
            "notes: %d segments of about %d tokens, more than max_segments=%d: only the "
            "first %d are read",
            len(segments),
            context.segment_tokens,
            context.max_segments,
            context.max_segments,
        )
        segments = segments[: context.max_segments]
    tasks = [
        SegmentTask(question=state["question"], order=s.order, contexts=s.contexts(titles))
        for s in segments
    ]
    return {"segments": tasks}
