"""Node: merge the kept notes in document order until they fit the budget (SEGMENT+ stage 2)."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.prompts import merge_notes as prompt
from contextorg.prompts import tag
from contextorg.state import Note, NotesState, RunContext
from contextorg.tools.answering.notes import reduce_notes as reduce
from contextorg.tools.answering.notes import render_note
from contextorg.tools.models.calls import Meter, call_structured
from contextorg.tools.models.resolve import context_budget, resolve_chat_model, token_counter


def reduce_notes(state: NotesState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Merge batches of notes (reasoning by the model, evidence verbatim) until they fit."""
    meter = Meter.of(runtime.context)
    model = resolve_chat_model(runtime.context.model_for("answer"))

    def merge(batch: list[Note]) -> str:
        out = call_structured(
            model,
            prompt.MergedReasoning,
            prompt.TEMPLATE.format_messages(
                notes="\n\n".join(render_note(n) for n in batch), question=state["question"]
            ),
            meter,
            prompt=tag(prompt),
        )
        # A failed merge keeps every reasoning, joined: nothing is lost, only longer.
        return out.reasoning if out else " ".join(n.reasoning for n in batch if n.reasoning)

    final = reduce(
        state.get("notes", []),
        runtime.context.notes_max_tokens,
        context_budget(model, runtime.context.context_budget),
        token_counter(model),
        merge,
    )
    return {"final_notes": final, "usage": {"reduce_notes": meter.usage()}}
