"""Attribution scores (RAGonite §5): how much each evidence cluster caused an answer.

For every cluster (:mod:`~contextorg.tools.attribution.clusters`) the answer is regenerated
without it; the further the counterfactual answer moves from the real one, the more the
cluster caused it:

    contribution(C) = 1 − mean_j sim(embed(q + a), embed(q + a_cf,j(C)))
    attribution     = softmax(contribution / t)

The pure parts live here (softmax, scoring); ``attributors`` makes the calls.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from contextorg.tools.attribution.clusters import Cluster
from contextorg.tools.inputs import InputError
from contextorg.tools.retrieval.embeddings import Embedder


def softmax(values: Sequence[float], temperature: float) -> list[float]:
    """``softmax(values / temperature)``, stable for any temperature > 0."""
    if temperature <= 0:
        raise InputError(f"the attribution temperature must be > 0, got {temperature}")
    if not values:
        return []
    scaled = np.asarray(values, dtype=np.float64) / temperature
    weights = np.exp(scaled - scaled.max())
    return [float(w) for w in weights / weights.sum()]


@dataclass(frozen=True)
class Scored:
    """One answer's distribution over clusters and over their members."""

    clusters: dict[Cluster, float]
    contributions: dict[Cluster, float]

    def by_context(self) -> dict[str, float]:
        """A cluster's weight split evenly over its members (for display)."""
        return {
            member: weight / len(cluster)
            for cluster, weight in self.clusters.items()
            for member in cluster
        }


def counterfactual_scores(
    question: str,
    answer: str,
    counterfactuals: Mapping[Cluster, Sequence[Sequence[str]]],
    embedder: Embedder,
    *,
    temperature: float,
    nothing: str,
) -> Scored:
    """Attribution of ``answer`` from its counterfactual answers, per removed cluster.

    ``counterfactuals[C][j]`` are the answers of sample ``j`` once cluster ``C`` is removed;
    the closest of them stands for the answer (the others answer other things), and no
    answer at all reads as ``nothing`` (the out-of-scope message).
    """
    clusters = list(counterfactuals)
    texts = [f"{question} {answer}"]
    spans: list[list[tuple[int, int]]] = []
    for cluster in clusters:
        spans.append([])
        for sample in counterfactuals[cluster]:
            options = list(sample) or [nothing]
            spans[-1].append((len(texts), len(texts) + len(options)))
            texts.extend(f"{question} {option}" for option in options)
    row = {text: n for n, text in enumerate(dict.fromkeys(texts))}
    vectors = embedder.embed_passages(list(row))
    similarity = vectors @ vectors[0]
    sim = [float(similarity[row[text]]) for text in texts]
    contributions = {
        cluster: 1.0 - float(np.mean([max(sim[a:b]) for a, b in samples])) if samples else 0.0
        for cluster, samples in zip(clusters, spans, strict=True)
    }
    weights = softmax(list(contributions.values()), temperature)
    return Scored(dict(zip(clusters, weights, strict=True)), contributions)


def naive_scores(
    question: str,
    answer: str,
    texts: Mapping[str, str],
    embedder: Embedder,
    *,
    temperature: float,
) -> Scored:
    """The similarity baseline: softmax over cosine(question + answer, evidence) per context.

    No model call, no clusters: what it measures is resemblance, not cause.
    """
    ids = list(texts)
    vectors = embedder.embed_passages([f"{question} {answer}", *texts.values()])
    cosine = (vectors[1:] @ vectors[0]).tolist()
    weights = softmax(cosine, temperature)
    return Scored(
        {(i,): w for i, w in zip(ids, weights, strict=True)},
        {(i,): c for i, c in zip(ids, cosine, strict=True)},
    )
