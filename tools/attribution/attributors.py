"""Attributors and clusterings: how ``explain`` tells which evidence caused each answer.

Counterfactual: for every cluster of redundant evidence, the groups holding it are answered
again without it (``explain_samples`` times, concurrently); groups it is not in keep their
answers, so evidence that only repeats another group's answer gets little credit. Each
answer is then scored against the closest counterfactual answer (:mod:`.scores`). Naive: the
cosine between each answer and each context, no model call. Each is one function and one line
in ``ATTRIBUTORS``; a clustering is one function and one line in ``CLUSTERINGS``.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence

from langchain_core.language_models import BaseChatModel
from langgraph.runtime import Runtime

from contextorg.state import (
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
from contextorg.tools.answering.citations import OUT_OF_SCOPE
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
from contextorg.tools.retrieval.embeddings import Embedder

logger = logging.getLogger("contextorg")

Task = tuple[int, frozenset[str], int]
"""One regeneration: group id, the contexts removed from it, sample number."""

GroupAnswerer = Callable[[GroupTask, RunContext], GroupOutput]
"""Answers one group as the graph does (``build_graph`` passes its group subgraph)."""


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


def cluster_duplicates(state: State, context: RunContext, embedder: Embedder) -> list[Cluster]:
    """The relation graph's copies together: a kept context with the copies folded into it."""
    organization = state["organization"]
    grouped = _grouped(state)
    copies = [c for kept in grouped for c in organization.supporting.get(kept, [])]
    ids = list(dict.fromkeys([*grouped, *copies]))
    graph = state.get("relation_graph")
    return duplicate_clusters(ids, graph.relations if graph else [], organization.supporting)


def cluster_dbscan(state: State, context: RunContext, embedder: Embedder) -> list[Cluster]:
    """Contexts whose embeddings lie within ``dbscan_eps`` of each other together."""
    grouped = _grouped(state)
    by_id = {c.id: c for c in state["contexts"]}
    vectors = embedder.embed_passages([by_id[i].text for i in grouped])
    return dbscan_clusters(
        grouped, vectors, eps=context.dbscan_eps, min_samples=context.dbscan_min_samples
    )


def cluster_none(state: State, context: RunContext, embedder: Embedder) -> list[Cluster]:
    """Every context alone."""
    return singletons(_grouped(state))


def cluster_auto(state: State, context: RunContext, embedder: Embedder) -> list[Cluster]:
    """The relation graph's duplicates when relations ran, else DBSCAN over embeddings."""
    graph = state.get("relation_graph")
    chosen = cluster_duplicates if graph and graph.relations else cluster_dbscan
    return chosen(state, context, embedder)


Clustering = Callable[[State, RunContext, Embedder], list[Cluster]]
CLUSTERINGS: Registry[Clustering] = Registry(
    "clustering",
    {
        "auto": cluster_auto,
        "duplicates": cluster_duplicates,
        "dbscan": cluster_dbscan,
        "none": cluster_none,
    },
)
"""How ``explain`` clusters redundant evidence (``RunContext.explain_clusters``)."""


def evidence_clusters(state: State, context: RunContext, embedder: Embedder) -> list[Cluster]:
    """The evidence the answer used (grouped contexts and their dropped copies), clustered."""
    return CLUSTERINGS.resolve(context.explain_clusters)(state, context, embedder)


def _grouped(state: State) -> list[str]:
    """The contexts the groups were answered from, in group order."""
    return list(dict.fromkeys(i for g in state["organization"].groups for i in g.context_ids))


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
    graph = state.get("relation_graph")
    readings = graph.readings if graph else {}
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
