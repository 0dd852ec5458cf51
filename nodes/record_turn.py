"""Node: add this turn to the thread's history, for the next question's completion."""

from __future__ import annotations

from typing import Any

from contextorg.state import State, Turn


def record_turn(state: State) -> dict[str, Any]:
    """The question, its standalone form and the answer text, appended to ``history``."""
    turn = Turn(
        question=state["question"],
        completed_question=state.get("completed_question", ""),
        answer=state["answer"].text,
    )
    return {"history": [turn]}
