"""CORG's baselines (§5.2): ``base`` (every context in one call) and ``separate`` (one each)."""

from __future__ import annotations

from collections.abc import Sequence

from contextorg.state.records import Context, Group, Organization, RelationGraph


def plan_base(
    contexts: Sequence[Context], graph: RelationGraph | None, max_group_size: int
) -> Organization:
    """Every context in one group, one call (the usual RAG prompt)."""
    return Organization(groups=[Group(id=0, context_ids=[c.id for c in contexts], question="")])


def plan_separate(
    contexts: Sequence[Context], graph: RelationGraph | None, max_group_size: int
) -> Organization:
    """One group, and one call, per context."""
    return Organization(
        groups=[Group(id=i, context_ids=[c.id], question="") for i, c in enumerate(contexts)]
    )
