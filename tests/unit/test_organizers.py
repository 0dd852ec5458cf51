"""CORG's organizer rules, on hand-made graphs and on random worlds (hypothesis)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextorg import Context, build_relation_graph
from contextorg.state import RelationGraph
from contextorg.testing import HashEmbedder
from contextorg.tools.organizers import ORGANIZERS
from contextorg.tools.organizers.ablations import (
    plan_kmeans,
    plan_random,
    plan_retrieve,
    plan_summarize,
)
from contextorg.tools.organizers.base import Planning
from contextorg.tools.organizers.corg import descriptor_nulls, plan_corg
from contextorg.tools.relations.graph import Triple, relation_between

readings = st.builds(
    Triple,
    answers=st.booleans(),
    descriptor=st.sampled_from([None, "d1", "d2"]),
    answer=st.sampled_from(["a1", "a2", "a3"]),
)


def setup(
    world: list[Triple], lengths: list[int] | None = None
) -> tuple[list[Context], RelationGraph]:
    lengths = lengths or [10] * len(world)
    contexts = [Context(id=f"c{i}", text="w " * n) for i, n in enumerate(lengths)]
    by_id = {c.id: r for c, r in zip(contexts, world, strict=True)}
    graph = build_relation_graph(
        [c.id for c in contexts],
        lambda p, others: [relation_between(by_id[p], by_id[o]) for o in others],
    )
    return contexts, graph


@settings(max_examples=300, deadline=None)
@given(st.lists(readings, min_size=1, max_size=14), st.integers(min_value=1, max_value=5))
def test_corg_invariants(world: list[Triple], max_size: int) -> None:
    contexts, graph = setup(world)
    org = plan_corg(contexts, graph, max_size)
    placed = [i for g in org.groups for i in g.context_ids]
    assert len(placed) == len(set(placed)), "a context in two groups"
    assert set(placed) | set(org.dropped) == {c.id for c in contexts}, "a context was lost"
    assert not set(placed) & set(org.dropped)
    assert all(len(g.context_ids) <= max_size for g in org.groups)
    if (
        any(r.answers for r in world)
        and len(world) > 1
        and any(graph.relation(a, b) != "irrelevant" for a, b in combinations(graph.ids, 2))
    ):
        truth = {c.id: r for c, r in zip(contexts, world, strict=True)}
        assert all(truth[i].answers for i in placed), "an irrelevant context was kept"
        for group in org.groups:
            for a, b in combinations(group.context_ids, 2):
                assert graph.relation(a, b) != "counterfactual", (
                    "conflicting contexts share a group"
                )
        kept_answers = {truth[i].answer for i in placed}
        assert kept_answers == {r.answer for r in world if r.answers}, "an answer was lost"
    for rep, others in org.supporting.items():
        assert rep in placed and all(o in org.dropped for o in others)


@given(st.lists(readings, min_size=2, max_size=10))
def test_descriptor_nulls_agree_with_truth(world: list[Triple]) -> None:
    contexts, graph = setup(world)
    kept = [c.id for c, r in zip(contexts, world, strict=True) if r.answers]
    for i, null in descriptor_nulls(graph, kept).items():
        assert null == (world[int(i[1:])].descriptor is None)


def test_rules_on_a_hand_made_world() -> None:
    world = [
        Triple(True, "Velmora", "1987"),  # c0
        Triple(True, "Velmora", "1987"),  # c1 duplicate, longer
        Triple(True, "Velmora", "1991"),  # c2 counterfactual
        Triple(True, "Aster", "2004"),  # c3 distracting
        Triple(True, None, "2004"),  # c4 ambiguous with c3
        Triple(False),  # c5 irrelevant
    ]
    contexts, graph = setup(world, lengths=[10, 20, 10, 10, 10, 10])
    org = plan_corg(contexts, graph, 4)
    assert org.dropped.keys() == {"c0", "c4", "c5"}
    assert org.supporting == {"c1": ["c0"], "c3": ["c4"]}
    assert sorted(g.context_ids for g in org.groups) == [["c1"], ["c2", "c3"]]  # balanced by length


def test_null_descriptor_with_a_different_answer_is_kept() -> None:
    world = [Triple(True, "Aster", "2004"), Triple(True, None, "1999")]
    contexts, graph = setup(world)
    org = plan_corg(contexts, graph, 4)
    assert not org.dropped and [g.context_ids for g in org.groups] == [["c0", "c1"]]


def test_balancing_by_length_and_size() -> None:
    world = [Triple(True, "x", "a"), Triple(True, "x", "b")] + [
        Triple(True, f"d{i}", "c") for i in range(4)
    ]
    contexts, graph = setup(world, lengths=[5, 5, 40, 30, 20, 10])
    org = plan_corg(contexts, graph, 3)
    sizes = sorted(len(g.context_ids) for g in org.groups)
    assert sizes == [3, 3]
    tokens = sorted(
        sum(len(contexts[int(i[1:])].text.split()) for i in g.context_ids) for g in org.groups
    )
    assert tokens == [55, 55]


def test_unknown_organizer_named() -> None:
    with pytest.raises(ValueError, match="choose one of corg, base, separate, random, kmeans"):
        ORGANIZERS.resolve("clusters")


@settings(max_examples=100, deadline=None)
@given(st.lists(readings, min_size=1, max_size=12), st.integers(min_value=1, max_value=4))
def test_random_and_kmeans_make_as_many_groups_as_corg(world: list[Triple], size: int) -> None:
    contexts, graph = setup(world)
    contexts = [
        c.model_copy(update={"text": f"topic{n % 3} words"}) for n, c in enumerate(contexts)
    ]
    corg = plan_corg(contexts, graph, size)
    planning = Planning(contexts, graph, size, "q?", HashEmbedder())
    for plan in (plan_random, plan_kmeans):
        org = plan(planning)
        placed = [i for g in org.groups for i in g.context_ids]
        assert sorted(placed) == sorted(c.id for c in contexts), plan.__name__  # nothing dropped
        assert len(org.groups) <= max(len(corg.groups), 1)
    assert len(plan_random(planning).groups) == max(1, len(corg.groups))
    assert plan_random(planning) == plan_random(planning)  # seeded by the question


def test_kmeans_groups_similar_texts_together() -> None:
    texts = ["red apple fruit", "green apple fruit", "fast red car", "fast blue car"]
    contexts = [Context(id=f"c{n}", text=t) for n, t in enumerate(texts)]
    world = [Triple(True, "x", "1"), Triple(True, "x", "2"), Triple(True, "y", "1"),
             Triple(True, "y", "2")]  # fmt: skip
    by_id = dict(zip([c.id for c in contexts], world, strict=True))
    graph = build_relation_graph(
        [c.id for c in contexts], lambda p, o: [relation_between(by_id[p], by_id[x]) for x in o]
    )
    org = plan_kmeans(Planning(contexts, graph, 4, "q?", HashEmbedder()))
    assert sorted(g.context_ids for g in org.groups) == [["c0", "c1"], ["c2", "c3"]]


def test_retrieve_keeps_five_relevant_and_diverse_contexts() -> None:
    copies = ["tower built 1987"] * 3
    texts = [*copies, "tower completed 1991", "tower opened 2004", "river lanterns", "fish market"]
    contexts = [Context(id=f"c{n}", text=t) for n, t in enumerate(texts)]
    org = plan_retrieve(Planning(contexts, None, 4, "when was the tower built", HashEmbedder()))
    (group,) = org.groups
    assert len(group.context_ids) == 5 and {"c3", "c4"} <= set(group.context_ids)
    assert len({"c0", "c1", "c2"} & set(group.context_ids)) == 1  # copies add nothing
    assert org.dropped.keys() == {"c0", "c1", "c2"} - set(group.context_ids)


def test_summarize_condenses_everything_then_answers_once() -> None:
    contexts = [Context(id=f"c{n}", text="w") for n in range(3)]
    (group,) = plan_summarize(Planning(contexts, None, 4)).groups
    assert group.condense and group.context_ids == ["c0", "c1", "c2"]
    with pytest.raises(ValueError, match="as many groups as corg: it needs the relations"):
        plan_random(Planning(contexts, None, 4))


@pytest.mark.parametrize("strategy", ["random", "kmeans", "retrieve", "summarize"])
def test_every_baseline_answers_the_demo_end_to_end(strategy: str) -> None:
    from contextorg import ask
    from contextorg.demo import DEMO_QUESTION, demo_contexts

    result = ask(
        DEMO_QUESTION, demo_contexts(), model="scripted:demo", strategy=strategy,
        embedder=HashEmbedder(),
    )  # fmt: skip
    assert {a.answer for a in result.answer.answers} == {"1987", "1991", "2004"}
    assert ("classify_relations" in result.usage) == (strategy in ("random", "kmeans"))
    assert ("write_note" in result.usage) == (strategy == "summarize")
    if strategy in ("retrieve", "summarize"):
        assert len(result.organization.groups) == 1
