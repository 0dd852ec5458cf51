"""Rank fusion and top-k selection: the pure core of hybrid search."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from contextorg.state.records import Context

RRF_K = 60
"""The reciprocal rank fusion constant (Cormack et al. 2009; RAGonite uses it too)."""

IDENTIFIER_WEIGHT = 0.3
"""What one identifier shared by the query and a title is worth, as a share of a first place in
one fused ranking (``1 / (RRF_K + 1)``); an identifier the title has and the query lacks costs as
much. See :func:`agree_on_identifiers`."""

_IDENTIFIER = re.compile(r"(?u)\b\w*\d\w*(?:\.\w+)*\b")
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")


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


def fuse_contexts(rankings: Sequence[Sequence[Context]], *, k: int = RRF_K) -> list[Context]:
    """Best-first context lists fused into one by reciprocal rank fusion, each context once.

    A context found by several searches keeps the first record of it (its ``score`` from the
    first ranking it is in).
    """
    first: dict[str, Context] = {}
    for ranking in rankings:
        for found in ranking:
            first.setdefault(found.id, found)
    ids = list(first)
    position = {context_id: n for n, context_id in enumerate(ids)}
    fused = reciprocal_rank_fusion([[position[c.id] for c in r] for r in rankings], k=k)
    return [first[ids[n]] for n, _ in fused]


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


def identifiers(text: str) -> set[str]:
    """The words of ``text`` that contain a digit, lowercased.

    Versions (``9.0.2``, ``rc0``), years, days, model numbers. Ordinals count as their number
    (``15th`` is ``15``).
    """
    found = set()
    for word in _IDENTIFIER.findall(text.lower()):
        ordinal = _ORDINAL.match(word)
        found.add(ordinal.group(1) if ordinal else word)
    return found


def agree_on_identifiers(
    ranked: Sequence[tuple[int, float]],
    query: str,
    title: Callable[[int], str],
    *,
    weight: float = IDENTIFIER_WEIGHT,
    k: int = RRF_K,
) -> list[tuple[int, float]]:
    """Re-sort fused hits by whether their titles name the query's identifiers.

    Dense retrievers barely tell ``OpenXT 9.0`` from ``OpenXT 8.0`` or one meeting date from the
    next, and BM25 gives a number one term among many. So when the query names identifiers (see
    :func:`identifiers`), each one a hit's title shares adds ``weight / (k + 1)`` to its fused
    score and each one only its title has subtracts as much. Queries without identifiers, and
    titles without any, are left as they were. Ties keep the fused order.
    """
    asked = identifiers(query)
    if not asked or weight == 0:
        return list(ranked)
    step = weight / (k + 1)
    adjusted = []
    for item, score in ranked:
        named = identifiers(title(item))
        adjusted.append((item, score + step * (len(named & asked) - len(named - asked))))
    return sorted(adjusted, key=lambda pair: -pair[1])
