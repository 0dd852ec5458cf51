"""``corg``: CORG's organizer: a group per entity, conflicts apart, copies dropped."""

from __future__ import annotations

from collections.abc import Sequence

from contextorg.state.records import Context, Organization, RelationGraph
from contextorg.tools.answering.citations import unsure_stance
from contextorg.tools.organizers.base import chunks, components, numbered
from contextorg.tools.text.visible import one_line


def plan_corg(
    contexts: Sequence[Context], graph: RelationGraph | None, max_group_size: int
) -> Organization:
    """CORG's rules: drop irrelevant and redundant contexts, keep conflicting ones apart."""
    if graph is None:
        raise ValueError("the corg organizer needs the relation graph")
    by_id = {c.id: c for c in contexts}
    relevance = graph.relevant()
    if any(v is None for v in relevance.values()):
        # Every relation is "irrelevant": at most one context answers and none can be told
        # apart, so nothing conflicts. Let the answer model find it.
        return Organization(groups=numbered(chunks(graph.ids, max_group_size)))
    # A context the model could not read is kept: nothing says it does not answer.
    unread = {i for i, r in graph.readings.items() if not r.usable}
    dropped = {
        i: _not_answering(graph, i)
        for i in graph.ids
        if i not in unread and (not relevance[i] or _unsure(graph, i))
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

    for cluster in components(kept, lambda a, b: graph.relation(a, b) == "duplicated"):
        for copy, representative in _copies(cluster, graph, by_id, kept).items():
            dropped[copy] = f"duplicate of {representative}"
            supporting.setdefault(representative, []).extend([copy, *supporting.pop(copy, [])])
    kept = [i for i in kept if i not in dropped]

    groups = _separate_conflicts(kept, graph, by_id, max_group_size)
    return Organization(groups=numbered(groups), dropped=dropped, supporting=supporting)


def _not_answering(graph: RelationGraph, context_id: str) -> str:
    """Why a context is left out as not answering.

    It does not; or it takes no clear side of a yes/no question; or not in the part that was
    read; or it names the answer it was read to give only to deny or correct it; or the
    model's answer is not in its text.
    """
    reading = graph.readings.get(context_id)
    if reading is not None and unsure_stance(reading):
        return 'takes no clear side (the model read "yes", too unsure of it to tell)'
    if reading is not None and reading.clipped:
        return "no answer in the part that was read (the text is too long: not read past it)"
    said = one_line(reading.said) if reading is not None and reading.said else None
    if reading is not None and reading.status == "denied" and said:
        return f'does not answer the question: it mentions "{said}" only to deny or correct it'
    if reading is not None and reading.status == "ungrounded" and said:
        return (
            f'does not answer the question (the model read "{said}", which the text does not say)'
        )
    return "does not answer the question"


def _unsure(graph: RelationGraph, context_id: str) -> bool:
    reading = graph.readings.get(context_id)
    return reading is not None and unsure_stance(reading)


def _copies(
    cluster: list[str], graph: RelationGraph, by_id: dict[str, Context], order: list[str]
) -> dict[str, str]:
    """Each context of a cluster of copies that is dropped, and the one it is a copy of.

    Longest text first; a context is dropped only as a copy of a kept one it is itself
    ``duplicated`` with. A chain of copies (A of B, B of C) never folds A into C: their
    readings may differ ("Chen", "Maya Chen", "Maya"), and both must stay.
    """
    ranked = sorted(cluster, key=lambda i: (-len(by_id[i].text), order.index(i)))
    representatives: list[str] = []
    copies: dict[str, str] = {}
    for i in ranked:
        of = next((r for r in representatives if graph.relation(i, r) == "duplicated"), None)
        if of is None:
            representatives.append(i)
        else:
            copies[i] = of
    return copies


def descriptor_nulls(graph: RelationGraph, ids: Sequence[str]) -> dict[str, bool]:
    """Which contexts give no descriptor, as far as the relations tell.

    Only a context with a descriptor can be ``distracting``; from those, ``ambiguous`` and
    ``unrelated`` edges lead to contexts without one and the other edges keep the status.
    """
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
    kept: list[str], graph: RelationGraph, by_id: dict[str, Context], max_size: int
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
    groups = [chunk for members in classes for chunk in chunks(members, max_size)]
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
