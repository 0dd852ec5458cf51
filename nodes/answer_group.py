"""Node: answer one group, as the organizer said: by the model, from readings, or by debate.

Whichever way, the answers go through the same citation check (``tools.answering.cite``):
only contexts of the group that state an answer are cited.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.prompts import answer_group as prompt
from contextorg.prompts import tag
from contextorg.prompts._render import render_contexts
from contextorg.state import GroupState, RunContext
from contextorg.tools.answering.citations import Proposed, answer_from_readings, cite
from contextorg.tools.answering.debate import debate
from contextorg.tools.answering.notes import notes_as_contexts
from contextorg.tools.models.calls import Meter, call_structured
from contextorg.tools.models.resolve import resolve_chat_model


def answer_group(task: GroupState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Answer one group; keep only citations of contexts that state the answer.

    A ``readings`` group costs no model call. A ``model`` group that was too long to read
    whole comes with ``notes`` (the group subgraph wrote them first): the answer reads their
    verbatim evidence, still under the original context ids.
    """
    meter = Meter.of(runtime.context)
    group, contexts = task["group"], task["contexts"]
    readings = task.get("readings") or {}
    if group.answered_by == "readings":
        result = answer_from_readings(group.id, contexts, readings, group.question)
        return {"group_answers": [result], "usage": {"answer_group": meter.usage()}}
    model = resolve_chat_model(runtime.context.model_for("answer"))
    if group.answered_by == "debate":
        proposed = debate(
            group.question,
            contexts,
            model,
            meter,
            rounds=runtime.context.debate_rounds,
            max_concurrency=runtime.context.max_concurrency,
        )
        result = cite(group.id, proposed or [], contexts, group.question, readings)
        result.failed = proposed is None
        return {"group_answers": [result], "usage": {"answer_group": meter.usage()}}
    shown, reasoning = contexts, ""
    notes = task.get("notes")
    if notes is not None:
        shown = notes_as_contexts(notes, {c.id: c.title for c in contexts})
        reasoning = " ".join(n.reasoning for n in notes if n.reasoning)
    out = None
    if shown:
        blocks = render_contexts(shown) + (f"\n\nNotes: {reasoning}" if reasoning else "")
        out = call_structured(
            model,
            prompt.GroupAnswers,
            prompt.TEMPLATE.format_messages(contexts=blocks, question=group.question),
            meter,
            prompt=tag(prompt),
        )
    proposed = [
        Proposed(a.answer, a.about, tuple(a.contexts)) for a in (out.answers if out else [])
    ]
    result = cite(group.id, proposed, shown, group.question, readings)
    result.failed = bool(shown) and out is None
    return {"group_answers": [result], "usage": {"answer_group": meter.usage()}}
