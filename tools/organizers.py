"""Organizers: turn contexts (and their relation graph) into groups answered independently.

``corg`` follows CORG's reranker (DESIGN §4.4). Its baselines (CORG §5.2): ``base`` (all in one
call), ``separate`` (one call each), ``random`` and ``kmeans`` (as many groups as ``corg`` makes,
by chance or by embedding clusters), ``retrieve`` (the five most relevant, diverse contexts) and
``summarize`` (condense everything into notes, then answer once). A peer: ``madam``
(MADAM-RAG: every context in one debate, :mod:`contextorg.tools.debate`). An organizer only
plans groups; the ``organize_groups`` node says how each is answered and asks the plural
question.
"""

from __future__ import annotations

import hashlib
import random
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from contextorg.state.records import Context, Group, GroupMode, Organization
from contextorg.tools.embeddings import Embedder
from contextorg.tools.registry import Registry
from contextorg.tools.relation_graph import RelationGraph


@dataclass(frozen=True)
class Planning:
    """What an organizer plans from."""

    contexts: Sequence[Context]
    graph: RelationGraph[str] | None
    max_group_size: int
    question: str = ""
    embedder: Embedder | None = None
    """Set for organizers that need embeddings."""


Plan = Callable[[Planning], Organization]


@dataclass(frozen=True)
class Organizer:
    """A grouping strategy: what it needs, and how its groups are answered and asked."""

    name: str
    plan: Plan
    needs_relations: bool = False
    needs_embeddings: bool = False
    pluralize: bool = False
    answering: GroupMode = "model"
    """``readings``: from the contexts' readings where there are any (``answer_from``);
    ``debate``: by MADAM-RAG's agents; ``model``: one call per group."""


def plan_base(
    contexts: Sequence[Context], graph: RelationGraph[str] | None, max_group_size: int
) -> Organization:
    """Every context in one group, one call (the usual RAG prompt)."""
    return Organization(groups=[Group(id=0, context_ids=[c.id for c in contexts], question="")])


def plan_separate(
    contexts: Sequence[Context], graph: RelationGraph[str] | None, max_group_size: int
) -> Organization:
    """One group, and one call, per context."""
    return Organization(
        groups=[Group(id=i, context_ids=[c.id], question="") for i, c in enumerate(contexts)]
    )


def plan_corg(
    contexts: Sequence[Context], graph: RelationGraph[str] | None, max_group_size: int
) -> Organization:
    """CORG's rules: drop irrelevant and redundant contexts, keep conflicting ones apart."""
    if graph is None:
        raise ValueError("the corg organizer needs the relation graph")
    by_id = {c.id: c for c in contexts}
    relevance = graph.relevant()
    if any(v is None for v in relevance.values()):
        # Every relation is "irrelevant": at most one context answers and none can be told
        # apart, so nothing conflicts. Let the answer model find it.
        return Organization(groups=_numbered(_chunks(graph.ids, max_group_size)))
    # A context the model could not read is kept: nothing says it does not answer.
    unread = {i for i, r in graph.context_readings.items() if not r.usable}
    dropped = {
        i: "does not answer the question" for i in graph.ids if not relevance[i] and i not in unread
    }
    kept = [i for i in graph.ids if i not in dropped]
    supporting: dict[str, list[str]] = {}

    null = descriptor_nulls(graph, kept)
    for x in kept:
        if null.get(x) is not True:
            continue
        partner = next(
            (
                y
                for y in graph.neighbours(x, "ambiguous")
                if null.get(y) is False and y not in dropped
            ),
            None,
        )
        if partner is not None:
            dropped[x] = f"same answer as {partner}, which names its entity"
            supporting.setdefault(partner, []).append(x)
    kept = [i for i in kept if i not in dropped]

    for cluster in _components(kept, lambda a, b: graph.relation(a, b) == "duplicated"):
        representative = max(cluster, key=lambda i: (len(by_id[i].text), -kept.index(i)))
        for other in cluster:
            if other != representative:
                dropped[other] = f"duplicate of {representative}"
                supporting.setdefault(representative, []).extend(
                    [other, *supporting.pop(other, [])]
                )
    kept = [i for i in kept if i not in dropped]

    groups = _separate_conflicts(kept, graph, by_id, max_group_size)
    return Organization(groups=_numbered(groups), dropped=dropped, supporting=supporting)


def descriptor_nulls(graph: RelationGraph[str], ids: Sequence[str]) -> dict[str, bool]:
    """Which contexts give no descriptor, as far as readings or relations tell.

    Only a context with a descriptor can be ``distracting``; from those, ``ambiguous`` and
    ``unrelated`` edges lead to contexts without one and the other edges keep the status.
    """
    if graph.readings:
        return {i: graph.readings[i].descriptor is None for i in ids}
    null: dict[str, bool] = {}
    frontier = [i for i in ids if graph.neighbours(i, "distracting")]
    null.update(dict.fromkeys(frontier, False))
    while frontier:
        x = frontier.pop()
        for y in ids:
            if y == x or y in null:
                continue
            label = graph.relation(x, y)
            if label == "irrelevant":
                continue
            null[y] = null[x] != (label in ("ambiguous", "unrelated"))
            frontier.append(y)
    return null


def _separate_conflicts(
    kept: list[str], graph: RelationGraph[str], by_id: dict[str, Context], max_size: int
) -> list[list[str]]:
    """Colour the counterfactual graph so conflicts never share a group; balance the rest."""
    conflicted = [i for i in kept if graph.neighbours(i, "counterfactual")]
    colour: dict[str, int] = {}
    for x in sorted(conflicted, key=lambda i: -len(graph.neighbours(i, "counterfactual"))):
        taken = {colour[y] for y in graph.neighbours(x, "counterfactual") if y in colour}
        colour[x] = next(c for c in range(len(kept) + 1) if c not in taken)
    classes = [
        [i for i in kept if colour.get(i) == c] for c in range(max(colour.values(), default=-1) + 1)
    ]
    groups = [chunk for members in classes for chunk in _chunks(members, max_size)]
    free = [i for i in kept if i not in colour]
    needed = -(-len(free) // max_size) if free else 0
    groups.extend([] for _ in range(max(needed - len(groups), 0)))

    def tokens(group: list[str]) -> int:
        return sum(len(by_id[i].text.split()) for i in group)

    for x in sorted(free, key=lambda i: -len(by_id[i].text.split())):
        open_groups = [g for g in groups if len(g) < max_size]
        if not open_groups:
            open_groups = [[]]
            groups.append(open_groups[0])
        min(open_groups, key=tokens).append(x)
    order = {i: n for n, i in enumerate(kept)}
    for group in groups:
        group.sort(key=order.__getitem__)
    return sorted((g for g in groups if g), key=lambda g: order[g[0]])


def _components(ids: list[str], linked: Callable[[str, str], bool]) -> list[list[str]]:
    seen: set[str] = set()
    components = []
    for start in ids:
        if start in seen:
            continue
        component, stack = [], [start]
        seen.add(start)
        while stack:
            x = stack.pop()
            component.append(x)
            for y in ids:
                if y not in seen and linked(x, y):
                    seen.add(y)
                    stack.append(y)
        components.append(component)
    return components


def _chunks(ids: Sequence[str], size: int) -> list[list[str]]:
    return [list(ids[i : i + size]) for i in range(0, len(ids), size)]


def _numbered(groups: list[list[str]]) -> list[Group]:
    return [Group(id=n, context_ids=ids, question="") for n, ids in enumerate(groups)]


def plan_random(planning: Planning) -> Organization:
    """As many groups as ``corg`` makes, filled by chance (seeded by the question), balanced."""
    ids = [c.id for c in planning.contexts]
    count = _corg_group_count(planning)
    seed = int.from_bytes(hashlib.sha256(planning.question.encode()).digest()[:8], "little")
    random.Random(seed).shuffle(ids)
    return Organization(groups=_numbered([ids[n::count] for n in range(count)]))


def plan_kmeans(planning: Planning) -> Organization:
    """As many groups as ``corg`` makes, by k-means over the contexts' embeddings."""
    from sklearn.cluster import KMeans
    from sklearn.exceptions import ConvergenceWarning

    ids = [c.id for c in planning.contexts]
    count = _corg_group_count(planning)
    if count == 1:
        return Organization(groups=_numbered([ids]))
    vectors = _embeddings(planning)
    with warnings.catch_warnings():
        # Identical texts make fewer distinct points than clusters: the empty ones are skipped.
        warnings.simplefilter("ignore", ConvergenceWarning)
        labels = KMeans(n_clusters=count, n_init=10, random_state=0).fit_predict(vectors)
    clusters = [
        [i for i, label in zip(ids, labels, strict=True) if label == k] for k in range(count)
    ]
    return Organization(groups=_numbered([c for c in clusters if c]))


def plan_retrieve(planning: Planning, top: int = 5, trade_off: float = 0.5) -> Organization:
    """The ``top`` contexts by maximal marginal relevance to the question, in one group."""
    ids = [c.id for c in planning.contexts]
    if len(ids) <= top:
        return Organization(groups=_numbered([ids]))
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
    return Organization(groups=_numbered([[ids[n] for n in sorted(chosen)]]), dropped=left)


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


def _structural(
    plan: Callable[[Sequence[Context], RelationGraph[str] | None, int], Organization],
) -> Plan:
    """A plan that reads only the contexts, the graph and the group size."""
    return lambda planning: plan(planning.contexts, planning.graph, planning.max_group_size)


ORGANIZERS: Registry[Organizer] = Registry(
    "strategy",
    {
        "corg": Organizer(
            "corg",
            _structural(plan_corg),
            needs_relations=True,
            pluralize=True,
            answering="readings",
        ),
        "base": Organizer("base", _structural(plan_base)),
        "separate": Organizer("separate", _structural(plan_separate)),
        "random": Organizer("random", plan_random, needs_relations=True, pluralize=True),
        "kmeans": Organizer(
            "kmeans", plan_kmeans, needs_relations=True, needs_embeddings=True, pluralize=True
        ),
        "retrieve": Organizer("retrieve", plan_retrieve, needs_embeddings=True),
        "summarize": Organizer("summarize", plan_summarize),
        "madam": Organizer("madam", _structural(plan_base), answering="debate"),
    },
)
"""Organizers by name; a new strategy is one plan function and one line here."""


def get_organizer(name: str | Organizer) -> Organizer:
    """The organizer for a name, or the organizer itself."""
    return ORGANIZERS.resolve(name)
