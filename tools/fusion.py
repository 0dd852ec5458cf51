"""Rank fusion and top-k selection: the pure core of hybrid search."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

RRF_K = 60
"""The reciprocal rank fusion constant (Cormack et al. 2009; RAGonite uses it too)."""


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[int]],
    weights: Sequence[float] | None = None,
    *,
    k: int = RRF_K,
) -> list[tuple[int, float]]:
    """Fuse best-first rankings of item ids: ``score = Σ weight / (k + rank)``, rank from 1.

    Ties keep the order of first appearance, so equal scores never reorder at random.
    """
    weights = [1.0] * len(rankings) if weights is None else list(weights)
    if len(weights) != len(rankings):
        raise ValueError(f"{len(rankings)} rankings but {len(weights)} weights")
    scores: dict[int, float] = {}
    for ranking, weight in zip(rankings, weights, strict=True):
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + weight / (k + rank)
    return sorted(scores.items(), key=lambda pair: -pair[1])


def top_k(scores: npt.NDArray[np.float32], k: int) -> list[tuple[int, float]]:
    """The ``k`` highest scores as ``(index, score)``, best first, in O(n + k log k).

    Equal scores keep index order, at the cut too, so results never depend on the partition.
    """
    n = len(scores)
    if k <= 0 or n == 0:
        return []
    if k < n:
        threshold = -np.partition(-scores, k - 1)[k - 1]
        above = np.flatnonzero(scores > threshold)
        ties = np.flatnonzero(scores == threshold)[: k - len(above)]
        picked = np.concatenate([above, ties])
    else:
        picked = np.arange(n)
    order = picked[np.lexsort((picked, -scores[picked]))]
    return [(int(i), float(scores[i])) for i in order]
