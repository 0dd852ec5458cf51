"""MADAM-RAG (Wang et al., 2025): agents debate over their documents, an aggregator collates.

One agent per context answers from that context alone. In each later round every agent
also sees the other agents' previous answers and may revise its own. After every round an
aggregator lists every correct answer, leaving out misinformation and noise. At most
``rounds`` rounds; the debate stops early when no agent changes its answer, and the last
aggregation stands. Same structure as the authors' ``run_madam_rag.py``; the prompts are our
own wording (``prompts/debate_*``) with structured output, so the aggregator cites agents,
which are contexts.

Calls: n per round and one aggregation per round that changed something, so between
2n + 1 (no agent changes in round 2) and 3n + 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from langchain_core.language_models import BaseChatModel

from contextorg.prompts import debate_agent, debate_aggregate, debate_round, tag
from contextorg.state.records import Context
from contextorg.tools.answering.citations import Proposed, full_text
from contextorg.tools.models.budget import fit, fit_contexts, room
from contextorg.tools.models.calls import Meter, call_structured, concurrently
from contextorg.tools.models.resolve import context_budget, token_counter
from contextorg.tools.text.normalize import normalize

UNKNOWN = "unknown"


@dataclass(frozen=True)
class Said:
    """One agent's answer in one round."""

    answer: str
    explanation: str = ""

    def render(self, number: int) -> str:
        """As the other agents and the aggregator see it."""
        return f"Agent {number}: {self.answer}. {self.explanation}".strip()


def debate(
    question: str,
    contexts: Sequence[Context],
    model: BaseChatModel,
    meter: Meter,
    *,
    rounds: int = 3,
    max_concurrency: int = 4,
) -> list[Proposed] | None:
    """The answers the last aggregation keeps, citing agents' contexts; None if it failed."""
    said = _round(question, contexts, model, meter, None, max_concurrency)
    aggregation = _aggregate(question, said, model, meter)
    for _ in range(rounds - 1):
        revised = _round(question, contexts, model, meter, said, max_concurrency)
        if all(_unchanged(old.answer, new.answer) for old, new in zip(said, revised, strict=True)):
            break
        said = revised
        aggregation = _aggregate(question, said, model, meter) or aggregation
    return aggregation


def _round(
    question: str,
    contexts: Sequence[Context],
    model: BaseChatModel,
    meter: Meter,
    before: Sequence[Said] | None,
    max_concurrency: int,
) -> list[Said]:
    """Every agent's answer, each having seen the others' answers ``before`` (if any)."""
    others = [_others(before, n) if before else "" for n in range(len(contexts))]
    return concurrently(
        lambda n: _agent(question, contexts[n], model, meter, others[n]),
        range(len(contexts)),
        max_concurrency,
    )


def _agent(
    question: str,
    context: Context,
    model: BaseChatModel,
    meter: Meter,
    others: str = "",
) -> Said:
    module = debate_round if others else debate_agent
    count = token_counter(model)
    window = room(context_budget(model, None), question, count)
    others = fit(others, window // 2, count) if others else ""
    [fitted] = fit_contexts([context], window - count(others), count, why="debate agent")
    document = full_text(fitted)
    messages = module.TEMPLATE.format_messages(document=document, question=question, others=others)
    out = call_structured(model, debate_agent.AgentAnswer, messages, meter, prompt=tag(module))
    if out is None:
        return Said(UNKNOWN, "(no usable reply)")
    return Said(out.answer.strip() or UNKNOWN, out.explanation.strip())


def _others(said: Sequence[Said], me: int) -> str:
    return "\n".join(s.render(n) for n, s in enumerate(said, start=1) if n - 1 != me)


def _aggregate(
    question: str, said: Sequence[Said], model: BaseChatModel, meter: Meter
) -> list[Proposed] | None:
    agents = "\n".join(s.render(n) for n, s in enumerate(said, start=1))
    count = token_counter(model)
    agents = fit(agents, room(context_budget(model, None), question, count), count)
    messages = debate_aggregate.TEMPLATE.format_messages(question=question, agents=agents)
    out = call_structured(
        model, debate_aggregate.Aggregation, messages, meter, prompt=tag(debate_aggregate)
    )
    if out is None:
        return None
    return [
        Proposed(a.answer, contexts=tuple(a.agents))
        for a in out.answers
        if normalize(a.answer) not in ("", UNKNOWN)
    ]


def _unchanged(before: str, after: str) -> bool:
    """The authors' test: one normalized answer contains the other."""
    old, new = normalize(before), normalize(after)
    return old in new or new in old
