"""Redundant evidence clustered, so that two copies of one fact do not each look unnecessary."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from contextorg.state.records import Relation
from contextorg.tools.retrieval.embeddings import Vectors

Cluster = tuple[str, ...]


def duplicate_clusters(
    ids: Sequence[str], relations: Iterable[Relation], supporting: Mapping[str, Sequence[str]]
) -> list[Cluster]:
    """Connected components of the ``duplicated`` edges and the organizer's dropped copies.

    Every id is in exactly one cluster; clusters keep the order of ``ids``.
    """
    parent = {i: i for i in ids}

    def root(i: str) -> str:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(a: str, b: str) -> None:
        if a in parent and b in parent:
            parent[root(a)] = root(b)

    for relation in relations:
        if relation.label == "duplicated":
            join(relation.a, relation.b)
    for kept, copies in supporting.items():
        for copy in copies:
            join(kept, copy)
    return _components(ids, root)


def dbscan_clusters(
    ids: Sequence[str], vectors: Vectors, *, eps: float, min_samples: int
) -> list[Cluster]:
    """DBSCAN over cosine distance; noise points are clusters of their own."""
    if len(ids) != len(vectors):
        raise ValueError(f"{len(ids)} ids but {len(vectors)} vectors")
    if not ids:
        return []
    from sklearn.cluster import DBSCAN  # imported here: it takes a second to load

    labels = DBSCAN(eps=eps, min_samples=min_samples, metric="cosine").fit_predict(vectors)
    label_of = {
        i: (f"c{label}" if label >= 0 else f"noise-{i}")
        for i, label in zip(ids, labels, strict=True)
    }
    return _components(ids, label_of.__getitem__)


def singletons(ids: Sequence[str]) -> list[Cluster]:
    """Every context on its own: attribution without clustering."""
    return [(i,) for i in ids]


def _components(ids: Sequence[str], key: Callable[[str], str]) -> list[Cluster]:
    members: dict[str, list[str]] = {}
    for i in ids:
        members.setdefault(key(i), []).append(i)
    return [tuple(m) for m in members.values()]
