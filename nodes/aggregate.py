"""Node: merge the group answers into one answer that lists every answer, cited (§4.7)."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import Answer, AnswerItem, Organization, RunContext, State
from contextorg.tools.conflicts import get_conflict_policy
from contextorg.tools.text import normalize

OUT_OF_SCOPE = "I could not find an answer to this question in the given contexts."


def aggregate(state: State, runtime: Runtime[RunContext] | None = None) -> dict[str, Any]:
    """Merge identical answers, add dropped duplicates' citations, apply the conflict policy."""
    group_answers = sorted(state.get("group_answers", []), key=lambda g: g.group_id)
    organization = state.get("organization") or Organization(groups=[])
    merged: dict[str, AnswerItem] = {}
    for group in group_answers:
        for item in group.answers:
            key = normalize(item.answer)
            if key in merged:
                kept = merged[key]
                kept.citations = list(dict.fromkeys([*kept.citations, *item.citations]))
                kept.about = kept.about or item.about
            else:
                merged[key] = item.model_copy(deep=True)
    answers = list(merged.values())
    for item in answers:
        extra = [s for c in item.citations for s in organization.supporting.get(c, [])]
        item.citations = list(dict.fromkeys([*item.citations, *extra]))
    policy = runtime.context.conflict_policy if runtime is not None else "show"
    answers = get_conflict_policy(policy)(answers)
    answer = Answer(
        text=render(answers),
        answers=answers,
        out_of_scope=not answers,
        dropped_citations=sum(g.dropped_citations for g in group_answers),
        uncited_answers=sum(g.uncited_answers for g in group_answers),
        failed_groups=sum(g.failed for g in group_answers),
    )
    return {"answer": answer}


def render(answers: list[AnswerItem]) -> str:
    """One sentence per answer: "According to [a][b], the answer is X (about Y)."."""
    if not answers:
        return OUT_OF_SCOPE
    lines = []
    for item in answers:
        sources = "".join(f"[{c}]" for c in item.citations)
        about = f" ({item.about})" if item.about else ""
        doubt = ", but most sources about it say otherwise" if item.disputed else ""
        lines.append(f"According to {sources}, the answer is {item.answer}{about}{doubt}.")
    return "\n".join(lines)
