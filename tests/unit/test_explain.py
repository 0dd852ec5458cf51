"""explain: counterfactual attribution lands on the contexts that caused each answer."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg import Context, ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.state import Relation
from contextorg.testing import DEMO_READINGS, HashEmbedder, World
from contextorg.tools.attribution.clusters import duplicate_clusters
from contextorg.tools.attribution.scores import Scored, counterfactual_scores, softmax
from contextorg.tools.inputs import InputError
from contextorg.tools.models.resolve import register_chat_model
from contextorg.tools.relations.graph import Triple


def explained(contexts: list[Context], readings: dict[str, Triple], **options: Any) -> Any:
    world = World(contexts, readings)
    options.setdefault("embedder", "hash")
    return ask(DEMO_QUESTION, contexts, model=world.model(), explain=True, **options)


def top(scores: dict[str, float]) -> str:
    return max(scores, key=scores.__getitem__)


def test_mass_lands_on_the_contexts_that_state_each_answer() -> None:
    result = explained(demo_contexts(), DEMO_READINGS)
    by_answer = {a.answer: a.scores for a in result.attribution}
    assert set(by_answer) == {"1987", "1991", "2004"}
    assert by_answer["1991"]["velmora-blog"] > 0.8
    velmora = by_answer["1987"]["velmora-guide"] + by_answer["1987"]["velmora-history"]
    assert velmora > 0.8
    # Duplicates are one cluster, removed together, and share its weight.
    assert by_answer["1987"]["velmora-guide"] == pytest.approx(by_answer["1987"]["velmora-history"])
    lighthouse = by_answer["2004"]["port-aster"] + by_answer["2004"]["lighthouse-list"]
    assert lighthouse > 0.8
    assert "festival" not in by_answer["1987"], "a context the answer did not use gets no weight"
    for scores in by_answer.values():
        assert sum(scores.values()) == pytest.approx(1.0)
        assert all(w > 0 for w in scores.values())


def test_answers_from_readings_are_explained_without_a_model_call() -> None:
    # Each group's answers are its contexts' readings: removing a cluster removes its readings.
    result = explained(demo_contexts(), DEMO_READINGS)
    assert result.usage["explain"].llm_calls == 0
    by_answer = {a.answer: a.scores for a in result.attribution}
    assert top(by_answer["1991"]) == "velmora-blog"
    assert by_answer["2004"]["port-aster"] + by_answer["2004"]["lighthouse-list"] > 0.8


def test_only_groups_holding_a_cluster_are_asked_again() -> None:
    result = explained(demo_contexts(), DEMO_READINGS, answer_from="model")
    # Groups: [velmora-guide] and [velmora-blog, port-aster]. Removing the Velmora cluster
    # empties the first group (no call); the other two clusters each re-ask the second.
    assert [g.context_ids for g in result.organization.groups] == [
        ["velmora-guide"],
        ["velmora-blog", "port-aster"],
    ]
    assert result.usage["explain"].llm_calls == 2


def test_explain_is_off_by_default() -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model())
    assert result.attribution == [] and "explain" not in result.usage


def copies() -> tuple[list[Context], dict[str, Triple]]:
    text = "The Lumen Tower of Velmora was completed in 1987."
    contexts = [
        Context(id="a", text=text),
        Context(id="b", text=text + " It is tall."),
        Context(id="c", text="Velmora's Lumen Tower, some say, was finished in 1991."),
    ]
    readings = {
        "a": Triple(True, "Velmora", "1987"),
        "b": Triple(True, "Velmora", "1987"),
        "c": Triple(True, "Velmora", "1991"),
    }
    return contexts, readings


def test_clusters_give_credit_that_single_removals_miss() -> None:
    contexts, readings = copies()
    alone = explained(contexts, readings, strategy="base", explain_clusters="none")
    scores = {a.answer: a.scores for a in alone.attribution}["1987"]
    # Removing either copy alone leaves the other: nothing changes, so nothing stands out.
    assert max(scores.values()) - min(scores.values()) < 0.01
    together = explained(contexts, readings, strategy="base", dbscan_eps=0.3)
    scores = {a.answer: a.scores for a in together.attribution}["1987"]
    assert scores["a"] + scores["b"] > 0.9


def test_naive_baseline_needs_no_model_call() -> None:
    result = explained(demo_contexts(), DEMO_READINGS, attributor="naive")
    assert result.usage["explain"].llm_calls == 0
    assert top({a.answer: a.scores for a in result.attribution}["1991"]) == "velmora-blog"
    assert all(sum(a.scores.values()) == pytest.approx(1.0) for a in result.attribution)


def test_samples_repeat_when_the_model_cannot_sample(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="contextorg"):
        result = explained(demo_contexts(), DEMO_READINGS, explain_samples=3, answer_from="model")
    assert result.usage["explain"].llm_calls == 6
    assert "no temperature and seed" in caplog.text


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"attributor": "shapley"}, "unknown attributor 'shapley'"),
        ({"explain_clusters": "kmeans"}, "unknown clustering 'kmeans'"),
        ({"explain_samples": 0}, "explain_samples must be at least 1"),
        ({"explain_temperature": 0.0}, "temperature must be > 0"),
    ],
)
def test_bad_options_say_what_to_do(options: dict[str, Any], message: str) -> None:
    with pytest.raises((ValueError, InputError), match=message):
        explained(demo_contexts(), DEMO_READINGS, **options)


def test_cli_explain_prints_bars_and_json(run_cli: Any) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    register_chat_model("scripted-explain", lambda _: world.model(), real=False)
    argv = ["ask", "--model", "scripted-explain", "--explain", "--embedder", "hash"]
    code, out, _ = run_cli([*argv, "--json"])
    assert code == 0
    data = json.loads(out)
    assert {a["answer"] for a in data["attribution"]} == {"1987", "1991", "2004"}
    assert all(sum(a["scores"].values()) == pytest.approx(1.0) for a in data["attribution"])
    code, out, _ = run_cli(argv)
    assert code == 0
    assert "What caused '1991'" in out and "velmora-blog" in out and "█" in out


weights = st.lists(st.floats(-5, 5, allow_nan=False), min_size=1, max_size=30)


@given(weights, st.floats(0.01, 10))
def test_softmax_is_a_distribution_that_keeps_order(values: list[float], t: float) -> None:
    out = softmax(values, t)
    assert sum(out) == pytest.approx(1.0)
    assert all(0 <= w <= 1 for w in out)
    for x, y, wx, wy in zip(values, values[1:], out, out[1:], strict=False):
        if x < y:
            assert wx <= wy


@given(weights, st.floats(-3, 3))
def test_softmax_ignores_a_shift(values: list[float], shift: float) -> None:
    shifted = softmax([v + shift for v in values], 0.05)
    assert shifted == pytest.approx(softmax(values, 0.05), abs=1e-9)


ids = st.lists(st.sampled_from("abcdefgh"), unique=True, min_size=1)


@given(ids, st.data())
def test_duplicate_clusters_partition_the_evidence(members: list[str], data: Any) -> None:
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(members), st.sampled_from(members))))
    relations = [Relation(a=a, b=b, label="duplicated") for a, b in pairs]
    clusters = duplicate_clusters(members, relations, {})
    assert sorted(i for c in clusters for i in c) == sorted(members)
    cluster_of = {i: c for c in clusters for i in c}
    for a, b in pairs:
        assert cluster_of[a] == cluster_of[b]
    weights = [1.0 / len(clusters)] * len(clusters)
    scored = Scored(dict(zip(clusters, weights, strict=True)), {})
    assert sum(scored.by_context().values()) == pytest.approx(1.0)


def test_an_unchanged_answer_means_no_contribution() -> None:
    scored = counterfactual_scores(
        "q",
        "1987",
        {("a",): [["1987"]], ("b",): [["1991"]], ("c",): [[]]},
        HashEmbedder(),
        temperature=0.05,
        nothing="no answer",
    )
    assert scored.contributions[("a",)] == pytest.approx(0.0, abs=1e-6)
    assert scored.contributions[("b",)] > 0 and scored.contributions[("c",)] > 0
    assert top(scored.by_context()) != "a"
