"""Node: answer one group, mapping the model's context numbers back to cited ids (§4.5)."""

from __future__ import annotations

import re
from typing import Any

from langgraph.runtime import Runtime

from contextorg.prompts import answer_group as prompt
from contextorg.prompts import tag
from contextorg.prompts._render import render_contexts
from contextorg.state import AnswerItem, Context, GroupAnswer, GroupTask, NodeUsage, RunContext
from contextorg.tools.calls import Meter, call_structured
from contextorg.tools.models import context_budget, resolve_chat_model, token_counter
from contextorg.tools.notes import notes_as_contexts
from contextorg.tools.text import mentions, normalize


def answer_group(task: GroupTask, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """Ask the answer model about one group; keep only citations of contexts it was given.

    A group longer than the model's budget (or marked ``condense``) is first condensed by the
    notes subgraph; the answer then reads the notes' verbatim evidence, still under the
    original context ids.
    """
    meter = Meter()
    group, contexts = task["group"], task["contexts"]
    model = resolve_chat_model(runtime.context.model_for("answer"))
    usage: dict[str, NodeUsage] = {}
    shown, reasoning = contexts, ""
    count = token_counter(model)
    budget = context_budget(model, runtime.context.context_budget)
    if group.condense or sum(count(c.text) for c in contexts) > budget:
        from contextorg.graphs.notes import notes_graph  # the notes graph imports this package

        notes = notes_graph.invoke(
            {"question": group.question, "contexts": contexts}, context=runtime.context
        )
        usage = notes.get("usage", {})
        final = notes.get("final_notes", [])
        shown = notes_as_contexts(final, {c.id: c.title for c in contexts})
        reasoning = " ".join(n.reasoning for n in final if n.reasoning)
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
    result = cite(group.id, out.answers if out else [], shown)
    result.failed = bool(shown) and out is None
    return {"group_answers": [result], "usage": {**usage, "answer_group": meter.usage()}}


def cite(group_id: int, answers: list[prompt.CitedAnswer], contexts: list[Context]) -> GroupAnswer:
    """Turn numbered citations into context ids, dropping and counting invalid ones.

    A number outside the group is dropped. When some cited contexts state the answer, the
    cited ones that do not are dropped; when none does but others in the group do, those are
    cited instead. An answer left with no citation at all is not shown (and counted).
    """
    result = GroupAnswer(group_id=group_id, answers=[])
    by_id = {c.id: c for c in contexts}
    seen: set[str] = set()
    for item in answers:
        text = item.answer.strip()
        if not text or normalize(text) in seen:
            continue
        valid = [n for n in item.contexts if 1 <= n <= len(contexts)]
        result.dropped_citations += len(item.contexts) - len(valid)
        cited = list(dict.fromkeys(contexts[n - 1].id for n in valid))
        stating = [c for c in cited if mentions(by_id[c].text, text)]
        if stating:
            result.dropped_citations += len(cited) - len(stating)
            cited = stating
        else:
            # The model cited nothing that states the answer: cite what does, if anything.
            stating = [c.id for c in contexts if mentions(c.text, text)]
            if stating:
                cited = stating
            elif not cited and len(contexts) == 1:
                cited = [contexts[0].id]
        if not cited:
            result.uncited_answers += 1
            continue
        seen.add(normalize(text))
        about = (item.about or "").strip() or None
        if about and re.fullmatch(r"(context\s*)?\[?\d+\]?", about, re.IGNORECASE):
            about = None  # small models echo the context number here
        result.answers.append(AnswerItem(answer=text, about=about, citations=cited))
    return result
