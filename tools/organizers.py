"""Organizers: turn contexts (and their relation graph) into groups answered independently.

``corg`` follows CORG's reranker (DESIGN §4.4); ``base`` and ``separate`` are its baselines.
An organizer only plans groups; the ``organize_groups`` node asks the plural question.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from contextorg.state.records import Context, Group, Organization
from contextorg.tools.registry import pick
from contextorg.tools.relation_graph import RelationGraph

Plan = Callable[[Sequence[Context], "RelationGraph[str] | None", int], Organization]


@dataclass(frozen=True)
class Organizer:
    """A grouping strategy: whether it needs relations and whether groups get a plural question."""

    name: str
    plan: Plan
    needs_relations: bool = False
    pluralize: bool = False


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
    dropped = {i: "does not answer the question" for i in graph.ids if not relevance[i]}
    kept = [i for i in graph.ids if relevance[i]]
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


ORGANIZERS: dict[str, Organizer] = {
    "corg": Organizer("corg", plan_corg, needs_relations=True, pluralize=True),
    "base": Organizer("base", plan_base),
    "separate": Organizer("separate", plan_separate),
}
"""Organizers by name; a new strategy is one plan function and one line here."""


def get_organizer(name: str | Organizer) -> Organizer:
    """The organizer for a name, or the organizer itself."""
    return pick(ORGANIZERS, name, "strategy")
