"""Node: attribute every answer to the evidence that caused it (off by default).

The attributor (``attributor``) and the clustering of redundant evidence
(``explain_clusters``) are slots: :mod:`contextorg.tools.attribution.attributors`.
"""

from __future__ import annotations

import time
from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import Attribution, NodeUsage, RunContext, State
from contextorg.tools.attribution.attributors import (
    GroupAnswerer,
    evidence_clusters,
)
from contextorg.tools.retrieval.embeddings import resolve_embedder
from contextorg.tools.slots import resolve


def explain(state: State, runtime: Runtime[RunContext], *, answer: GroupAnswerer) -> dict[str, Any]:
    """One attribution per answer, each a distribution over the evidence used.

    ``answer`` answers a group again with evidence removed: the graph's own group subgraph.
    """
    started = time.perf_counter()
    context = runtime.context
    attribute = resolve(context, "attributor")
    answers = state["answer"].answers
    if not answers:
        return {"attribution": [], "usage": {"explain": NodeUsage()}}
    embedder = resolve_embedder(context.embedder)
    clusters = evidence_clusters(state, context, embedder)
    scored, usage = attribute(state, runtime, clusters, embedder, answer)
    attribution = [
        Attribution(answer=item.answer, scores=s.by_context())
        for item, s in zip(answers, scored, strict=True)
    ]
    usage.seconds = time.perf_counter() - started
    return {"attribution": attribution, "usage": {"explain": usage}}
