"""Node: write one note on one segment; notes with no grounded evidence are removed."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.prompts import tag
from contextorg.prompts import write_note as prompt
from contextorg.prompts._render import render_contexts
from contextorg.state import Note, RunContext, SegmentTask
from contextorg.tools.answering.notes import Segment, grounded_evidence
from contextorg.tools.models.calls import Meter, call_structured
from contextorg.tools.models.resolve import resolve_chat_model


def write_note(task: SegmentTask, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Ask for quoted evidence and reasoning; keep the quotes that are really in the segment."""
    meter = Meter.of(runtime.context)
    out = call_structured(
        resolve_chat_model(runtime.context.model_for("answer")),
        prompt.SegmentNote,
        prompt.TEMPLATE.format_messages(
            contexts=render_contexts(task["contexts"]), question=task["question"]
        ),
        meter,
        prompt=tag(prompt),
    )
    if out is None or not out.keep:
        return {"notes": [], "usage": {"write_note": meter.usage()}}
    segment = Segment(task["order"], tuple((c.id, c.text) for c in task["contexts"]))
    evidence = grounded_evidence([(q.context, q.sentence) for q in out.evidence], segment)
    notes = [Note(evidence=evidence, reasoning=out.reasoning, order=task["order"])]
    return {"notes": notes if evidence else [], "usage": {"write_note": meter.usage()}}
