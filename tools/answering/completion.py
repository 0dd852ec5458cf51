"""Question completion strategies: make a follow-up question stand on its own.

Each strategy is ``complete(question, history, model, meter) -> str``, ``model`` a function that
loads the chat model, so strategies without one load nothing. ``llm`` asks the chat model
(prompt ``complete_question``); ``concat`` needs no model: it puts the previous question
before the new one, which keeps its names and versions for search; ``none`` passes it through.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from langchain_core.language_models import BaseChatModel

from contextorg.prompts import complete_question, tag
from contextorg.state.records import Turn
from contextorg.tools.models.budget import fit, room
from contextorg.tools.models.calls import Meter, call_structured
from contextorg.tools.models.resolve import context_budget, token_counter
from contextorg.tools.registry import Registry

ModelGetter = Callable[[], BaseChatModel]
Completer = Callable[[str, Sequence[Turn], ModelGetter, Meter], str]

HISTORY_TURNS = 4
"""How many earlier turns the model sees; older ones rarely hold the referent."""


def complete_with_llm(
    question: str, history: Sequence[Turn], model: ModelGetter, meter: Meter
) -> str:
    """The model's standalone rewrite; the raw question if the model fails (counted)."""
    chat = model()
    count = token_counter(chat)
    share = room(context_budget(chat, None), question, count) // (2 * HISTORY_TURNS)
    lines = []
    for turn in history[-HISTORY_TURNS:]:
        lines.append(f"User: {fit(turn.completed_question or turn.question, share, count)}")
        lines.append(f"Assistant: {fit(turn.answer, share, count)}")
    messages = complete_question.TEMPLATE.format_messages(
        history="\n".join(lines), question=question
    )
    out = call_structured(
        chat, complete_question.CompletedQuestion, messages, meter, prompt=tag(complete_question)
    )
    return out.question.strip() if out and out.question.strip() else question


def complete_by_concat(
    question: str, history: Sequence[Turn], model: ModelGetter, meter: Meter
) -> str:
    """The previous question as asked, then this one.

    Not the previous *completed* question: that holds the one before it, and so on, so a
    long conversation would grow every question without bound.
    """
    return f"{history[-1].question} {question}"


def complete_none(question: str, history: Sequence[Turn], model: ModelGetter, meter: Meter) -> str:
    """The question as asked."""
    return question


COMPLETERS: Registry[Completer] = Registry(
    "completion",
    {
        "llm": complete_with_llm,
        "concat": complete_by_concat,
        "none": complete_none,
    },
)
"""Completion strategies by name; a new one is one function and one line here."""
