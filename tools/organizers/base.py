"""What an organizer is: a plan from the contexts (and their relations) to groups."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from contextorg.state.records import Context, Group, GroupMode, Organization, RelationGraph
from contextorg.tools.retrieval.embeddings import Embedder


@dataclass(frozen=True)
class Planning:
    """What an organizer plans from."""

    contexts: Sequence[Context]
    graph: RelationGraph | None
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


def components(ids: list[str], linked: Callable[[str, str], bool]) -> list[list[str]]:
    """The connected components of ``ids`` under ``linked``, in first-seen order."""
    seen: set[str] = set()
    found = []
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
        found.append(component)
    return found


def chunks(ids: Sequence[str], size: int) -> list[list[str]]:
    """``ids`` in consecutive runs of at most ``size``."""
    return [list(ids[i : i + size]) for i in range(0, len(ids), size)]


def numbered(groups: list[list[str]]) -> list[Group]:
    """Groups of ids as numbered groups, their questions still to be asked."""
    return [Group(id=n, context_ids=ids, question="") for n, ids in enumerate(groups)]


def structural(
    plan: Callable[[Sequence[Context], RelationGraph | None, int], Organization],
) -> Plan:
    """A plan that reads only the contexts, the graph and the group size."""
    return lambda planning: plan(planning.contexts, planning.graph, planning.max_group_size)
