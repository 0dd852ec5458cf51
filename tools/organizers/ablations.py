"""CORG's ablations (§5.2): ``random``, ``kmeans``, ``retrieve`` and ``summarize``."""

from __future__ import annotations

import hashlib
import random
import warnings

import numpy as np

from contextorg.state.records import Group, Organization
from contextorg.tools.organizers.base import Planning, numbered
from contextorg.tools.organizers.corg import plan_corg


def plan_random(planning: Planning) -> Organization:
    """As many groups as ``corg`` makes, filled by chance (seeded by the question), balanced."""
    ids = [c.id for c in planning.contexts]
    count = _corg_group_count(planning)
    seed = int.from_bytes(hashlib.sha256(planning.question.encode()).digest()[:8], "little")
    random.Random(seed).shuffle(ids)
    return Organization(groups=numbered([ids[n::count] for n in range(count)]))


def plan_kmeans(planning: Planning) -> Organization:
    """As many groups as ``corg`` makes, by k-means over the contexts' embeddings."""
    from sklearn.cluster import KMeans
    from sklearn.exceptions import ConvergenceWarning

    ids = [c.id for c in planning.contexts]
    count = _corg_group_count(planning)
    if count == 1:
        return Organization(groups=numbered([ids]))
    vectors = _embeddings(planning)
    with warnings.catch_warnings():
        # Identical texts make fewer distinct points than clusters: the empty ones are skipped.
        warnings.simplefilter("ignore", ConvergenceWarning)
        labels = KMeans(n_clusters=count, n_init=10, random_state=0).fit_predict(vectors)
    clusters = [
        [i for i, label in zip(ids, labels, strict=True) if label == k] for k in range(count)
    ]
    return Organization(groups=numbered([c for c in clusters if c]))


def plan_retrieve(planning: Planning, top: int = 5, trade_off: float = 0.5) -> Organization:
    """The ``top`` contexts by maximal marginal relevance to the question, in one group."""
    ids = [c.id for c in planning.contexts]
    if len(ids) <= top:
        return Organization(groups=numbered([ids]))
    assert planning.embedder is not None, "retrieve needs an embedder"
    vectors = _embeddings(planning)
    relevance = vectors @ np.asarray(planning.embedder.embed_query(planning.question))
    chosen: list[int] = []
    while len(chosen) < top:
        redundancy = (vectors @ vectors[chosen].T).max(axis=1) if chosen else np.zeros(len(ids))
        score = trade_off * relevance - (1 - trade_off) * redundancy
        score[chosen] = -np.inf
        chosen.append(int(np.argmax(score)))
    left = {ids[n]: "not among the five most relevant, diverse contexts" for n in range(len(ids))}
    for n in chosen:
        del left[ids[n]]
    return Organization(groups=numbered([[ids[n] for n in sorted(chosen)]]), dropped=left)


def plan_summarize(planning: Planning) -> Organization:
    """Everything in one group that is condensed into notes first, then answered once."""
    ids = [c.id for c in planning.contexts]
    return Organization(groups=[Group(id=0, context_ids=ids, question="", condense=True)])


def _corg_group_count(planning: Planning) -> int:
    if planning.graph is None:
        raise ValueError("this organizer makes as many groups as corg: it needs the relations")
    corg = plan_corg(planning.contexts, planning.graph, planning.max_group_size)
    return max(1, min(len(corg.groups), len(planning.contexts)))


def _embeddings(planning: Planning) -> np.ndarray:
    if planning.embedder is None:
        raise ValueError("this organizer needs an embedder")
    return np.asarray(planning.embedder.embed_passages([c.text for c in planning.contexts]))
