"""Node: attribute every answer to the evidence that caused it (off by default).

Counterfactual: for every cluster of redundant evidence, the groups holding it are answered
again without it (``explain_samples`` times, concurrently); groups it is not in keep their
answers, so evidence that only repeats another group's answer gets little credit. Each
answer is then scored against the closest counterfactual answer (``tools.attribution``).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph.runtime import Runtime

from contextorg.nodes.aggregate import OUT_OF_SCOPE
from contextorg.state import (
    Attribution,
    Context,
    ContextReading,
    Group,
    GroupOutput,
    GroupTask,
    NodeUsage,
    RunContext,
    State,
    standalone_question,
    total_usage,
)
from contextorg.tools.attribution.clusters import (
    Cluster,
    dbscan_clusters,
    duplicate_clusters,
    singletons,
)
from contextorg.tools.attribution.scores import Scored, counterfactual_scores, naive_scores
from contextorg.tools.inputs import InputError
from contextorg.tools.models.calls import concurrently
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.registry import Registry
from contextorg.tools.retrieval.embeddings import Embedder, resolve_embedder

logger = logging.getLogger("contextorg")

Task = tuple[int, frozenset[str], int]
"""One regeneration: group id, the contexts removed from it, sample number."""

GroupAnswerer = Callable[[GroupTask, RunContext], GroupOutput]
"""Answers one group as the graph does (``build_graph`` passes its group subgraph)."""


def explain(state: State, runtime: Runtime[RunContext], *, answer: GroupAnswerer) -> dict[str, Any]:
    """One attribution per answer, each a distribution over the evidence used.

    ``answer`` answers a group again with evidence removed: the graph's own group subgraph.
    """
    started = time.perf_counter()
    context = runtime.context
    attribute = ATTRIBUTORS.resolve(context.attributor)
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


def attribute_counterfactually(
    state: State,
    runtime: Runtime[RunContext],
    clusters: Sequence[Cluster],
    embedder: Embedder,
    answer: GroupAnswerer,
) -> tuple[list[Scored], NodeUsage]:
    """Regenerate without each cluster; score each answer by how far it moved."""
    counterfactuals, usage = regenerate(state, runtime, clusters, answer)
    question = standalone_question(state)
    scored = [
        counterfactual_scores(
            question,
            item.answer,
            counterfactuals,
            embedder,
            temperature=runtime.context.explain_temperature,
            nothing=OUT_OF_SCOPE,
        )
        for item in state["answer"].answers
    ]
    return scored, usage


def attribute_naively(
    state: State,
    runtime: Runtime[RunContext],
    clusters: Sequence[Cluster],
    embedder: Embedder,
    answer: GroupAnswerer,
) -> tuple[list[Scored], NodeUsage]:
    """The baseline: cosine between each answer and each context used, no model call."""
    by_id = {c.id: c for c in state["contexts"]}
    texts = {i: by_id[i].text for cluster in clusters for i in cluster}
    question = standalone_question(state)
    scored = [
        naive_scores(
            question,
            item.answer,
            texts,
            embedder,
            temperature=runtime.context.explain_temperature,
        )
        for item in state["answer"].answers
    ]
    return scored, NodeUsage()


Attributor = Callable[
    [State, Runtime[RunContext], Sequence[Cluster], Embedder, GroupAnswerer],
    tuple[list[Scored], NodeUsage],
]
ATTRIBUTORS: Registry[Attributor] = Registry(
    "attributor", {"counterfactual": attribute_counterfactually, "naive": attribute_naively}
)
"""Attributors by name (``RunContext.attributor``); a function of the same shape works too."""


CLUSTERINGS: Registry[str] = Registry(
    "clustering", {name: name for name in ("auto", "duplicates", "dbscan", "none")}
)
"""How ``explain`` clusters redundant evidence (``RunContext.explain_clusters``)."""


def evidence_clusters(state: State, context: RunContext, embedder: Embedder) -> list[Cluster]:
    """The evidence the answer used (grouped contexts and their dropped copies), clustered."""
    organization = state["organization"]
    grouped = list(dict.fromkeys(i for g in organization.groups for i in g.context_ids))
    mode = CLUSTERINGS[context.explain_clusters]
    if mode == "auto":
        mode = "duplicates" if state.get("relations") else "dbscan"
    if mode == "duplicates":
        copies = [c for kept in grouped for c in organization.supporting.get(kept, [])]
        ids = list(dict.fromkeys([*grouped, *copies]))
        return duplicate_clusters(ids, state.get("relations", []), organization.supporting)
    if mode == "dbscan":
        by_id = {c.id: c for c in state["contexts"]}
        vectors = embedder.embed_passages([by_id[i].text for i in grouped])
        return dbscan_clusters(
            grouped, vectors, eps=context.dbscan_eps, min_samples=context.dbscan_min_samples
        )
    return singletons(grouped)


def regenerate(
    state: State, runtime: Runtime[RunContext], clusters: Sequence[Cluster], answer: GroupAnswerer
) -> tuple[dict[Cluster, list[list[str]]], NodeUsage]:
    """The answers of every sample with each cluster removed, and what the calls cost.

    Only groups holding part of a cluster are asked again; identical regenerations (the
    same contexts removed from the same group) are asked once.
    """
    context = runtime.context
    if context.explain_samples < 1:
        raise InputError(f"explain_samples must be at least 1, got {context.explain_samples}")
    groups = {g.id: g for g in state["organization"].groups}
    by_id = {c.id: c for c in state["contexts"]}
    readings = state.get("readings") or {}
    original = {g.group_id: [a.answer for a in g.answers] for g in state.get("group_answers", [])}
    samples = range(context.explain_samples)
    plans: dict[Cluster, dict[int, frozenset[str]]] = {}
    for cluster in clusters:
        removed = set(cluster)
        plans[cluster] = {
            g.id: frozenset(removed & set(g.context_ids))
            for g in groups.values()
            if removed & set(g.context_ids)
        }
    tasks = list(
        dict.fromkeys(
            (group_id, removed, j)
            for plan in plans.values()
            for group_id, removed in plan.items()
            for j in samples
        )
    )
    models = _sampling_models(context, len(samples))

    def run(task: Task) -> tuple[list[str], NodeUsage]:
        group_id, removed, j = task
        kept = [by_id[i] for i in groups[group_id].context_ids if i not in removed]
        return answer_without(groups[group_id], kept, runtime, models[j], readings, answer)

    results = dict(zip(tasks, concurrently(run, tasks, context.max_concurrency), strict=True))
    counterfactuals: dict[Cluster, list[list[str]]] = {}
    for cluster, plan in plans.items():
        counterfactuals[cluster] = [
            [
                answer
                for group_id in groups
                for answer in (
                    results[(group_id, plan[group_id], j)][0]
                    if group_id in plan
                    else original.get(group_id, [])
                )
            ]
            for j in (samples if plan else range(1))
        ]
    usage = total_usage({str(n): usage for n, (_, usage) in enumerate(results.values())})
    return counterfactuals, usage


def answer_without(
    group: Group,
    kept: list[Context],
    runtime: Runtime[RunContext],
    model: BaseChatModel,
    readings: Mapping[str, ContextReading],
    answer: GroupAnswerer,
) -> tuple[list[str], NodeUsage]:
    """The answers the group subgraph gives the group's question from ``kept`` alone.

    A group answered from readings is answered from the kept contexts' readings: no call.
    """
    if not kept:
        return [], NodeUsage()
    sampled = dataclasses.replace(runtime.context, answer_model=model)
    task = GroupTask(
        group=group,
        contexts=kept,
        readings={c.id: readings[c.id] for c in kept if c.id in readings},
    )
    out = answer(task, sampled)
    return [a.answer for a in out["group_answers"][0].answers], total_usage(out["usage"])


def _sampling_models(context: RunContext, count: int) -> list[BaseChatModel]:
    """The answer model, then copies that sample (a different seed each) for more samples."""
    model = resolve_chat_model(context.model_for("answer"))
    fields = type(model).model_fields
    if count > 1 and not {"temperature", "seed"} <= set(fields):
        logger.warning(
            "explain: %s has no temperature and seed to sample with; its %d samples may repeat",
            type(model).__name__,
            count,
        )
        return [model] * count
    return [model] + [
        model.model_copy(update={"temperature": context.explain_sampling_temperature, "seed": j})
        for j in range(1, count)
    ]
