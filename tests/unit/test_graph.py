"""The QA graph end to end on the demo corpus with the scripted model."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from contextorg import Context, ScriptedChatModel, aask, ask, build_graph, graph
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.nodes.aggregate import OUT_OF_SCOPE, aggregate
from contextorg.state import (
    AnswerItem,
    ContextReading,
    Group,
    GroupAnswer,
    GroupTask,
    Organization,
    RelationGraph,
)
from contextorg.testing import DEMO_READINGS, World
from contextorg.tools.models.resolve import register_chat_model
from contextorg.tools.relations.graph import Triple
from contextorg.tools.settings import get_settings


@pytest.fixture
def world() -> World:
    return World(demo_contexts(), DEMO_READINGS)


def answers_of(result: Any) -> dict[str, list[str]]:
    return {a.answer: a.citations for a in result.answer.answers}


@pytest.mark.parametrize(
    ("classifier", "answer_from"),
    [("batched", "readings"), ("pairwise", "readings"), ("extract", "model"), ("signals", "model")],
)
def test_corg_finds_every_answer_with_citations(
    world: World, classifier: str, answer_from: str
) -> None:
    result = ask(
        DEMO_QUESTION,
        demo_contexts(),
        model=world.model(),
        classifier=classifier,
        answer_from=answer_from,
    )
    assert answers_of(result) == {
        "1987": ["velmora-guide", "velmora-history"],
        "1991": ["velmora-blog"],
        "2004": ["port-aster", "lighthouse-list"],
    }
    dropped = result.organization.dropped
    assert set(dropped) == {"festival", "velmora-history", "lighthouse-list"}
    groups = [set(g.context_ids) for g in result.organization.groups]
    assert not any({"velmora-guide", "velmora-blog"} <= g for g in groups), "conflict shared"
    assert "According to [velmora-guide][velmora-history], the answer is 1987" in result.text
    multi = [g for g in result.organization.groups if len(g.context_ids) > 1]
    assert all(g.question.endswith("(all of them)?") for g in multi)
    single = [g for g in result.organization.groups if len(g.context_ids) == 1]
    assert all(g.question == DEMO_QUESTION for g in single)


@pytest.mark.parametrize("classifier", ["signals", "extract"])
def test_readings_answer_the_groups_with_no_model_call(world: World, classifier: str) -> None:
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), classifier=classifier)
    assert answers_of(result) == {
        "1987": ["velmora-guide", "velmora-history"],
        "1991": ["velmora-blog"],
        "2004": ["port-aster", "lighthouse-list"],
    }
    assert result.summary()["usage"]["llm_calls"] == len(demo_contexts())  # n readings, no more
    assert {g.answered_by for g in result.organization.groups} == {"readings"}
    assert all(g.question == DEMO_QUESTION for g in result.organization.groups)
    assert result.readings["velmora-guide"].answers == ["1987"]
    assert result.readings["festival"].status == "silent"


def test_a_context_the_model_could_not_read_goes_to_the_model() -> None:
    # The reading of one page fails twice (retry included): it is kept, and the model answers
    # it in a group of its own; every other group is answered from readings.
    world = World(demo_contexts(), DEMO_READINGS)

    def respond(messages: Any, schema: Any) -> Any:
        if (schema or {}).get("title") == "AnswerReading" and "Port Aster has" in messages[1].text:
            return "{not json"
        return world.respond(messages, schema)

    contexts = demo_contexts()
    result = ask(DEMO_QUESTION, contexts, model=ScriptedChatModel(respond=respond))
    assert result.readings["port-aster"].status == "failed"
    modes = {tuple(g.context_ids): g.answered_by for g in result.organization.groups}
    assert modes[("port-aster",)] == "model"
    assert "port-aster" not in result.organization.dropped
    assert answers_of(result)["2004"][0] in ("port-aster", "lighthouse-list")
    assert result.summary()["usage"]["llm_calls"] <= len(contexts) + 1 + 1  # + the retry
    assert result.usage["classify_relations"].failures == 1


def test_batched_mirroring_saves_calls(world: World) -> None:
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), classifier="batched")
    usage = result.usage
    assert usage["classify_relations"].llm_calls == 3  # of 15 pairs, 3 pivots were asked
    assert len(result.relations) == 15
    assert usage["organize_groups"].llm_calls == 1
    assert usage["answer_group"].llm_calls == len(result.organization.groups) == 2
    assert result.summary()["usage"]["llm_calls"] == 6
    assert all(u.input_tokens > 0 and u.output_tokens > 0 for u in usage.values() if u.llm_calls)


def test_signals_reads_each_context_once(world: World) -> None:
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model())
    assert result.usage["classify_relations"].llm_calls == 6
    labels = {frozenset((r.a, r.b)): r.label for r in result.relations}
    assert labels[frozenset(("velmora-guide", "velmora-history"))] == "duplicated"
    assert labels[frozenset(("velmora-guide", "velmora-blog"))] == "counterfactual"
    assert labels[frozenset(("velmora-guide", "port-aster"))] == "distracting"
    assert labels[frozenset(("port-aster", "lighthouse-list"))] == "ambiguous"
    assert labels[frozenset(("velmora-guide", "lighthouse-list"))] == "unrelated"
    assert labels[frozenset(("velmora-guide", "festival"))] == "irrelevant"


def test_signals_drops_an_answer_the_text_does_not_state() -> None:
    # The model claims the festival page answers, with a year from memory: not a reading of it.
    readings = {**DEMO_READINGS, "festival": Triple(True, None, "1955")}
    result = ask(DEMO_QUESTION, demo_contexts(), model=World(demo_contexts(), readings).model())
    labels = {frozenset((r.a, r.b)): r.label for r in result.relations}
    assert labels[frozenset(("velmora-guide", "festival"))] == "irrelevant"
    assert "1955" not in result.text


@pytest.mark.parametrize(("strategy", "groups", "calls"), [("base", 1, 1), ("separate", 6, 6)])
def test_baselines(world: World, strategy: str, groups: int, calls: int) -> None:
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), strategy=strategy)
    assert len(result.organization.groups) == groups
    assert result.summary()["usage"]["llm_calls"] == calls
    assert "classify_relations" not in result.usage
    assert {"1987", "1991", "2004"} == set(answers_of(result))
    assert all(g.question == DEMO_QUESTION for g in result.organization.groups)


def test_same_result_whatever_the_order_of_parallel_groups(world: World) -> None:
    first = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), strategy="separate")
    second = ask(
        DEMO_QUESTION, demo_contexts(), model=world.model(), strategy="separate", max_concurrency=1
    )
    assert first.answer == second.answer


def test_nothing_answers_gives_the_out_of_scope_message() -> None:
    contexts = [Context(id=f"c{i}", text=f"Unrelated text number {i}.") for i in range(3)]
    world = World(contexts, {c.id: Triple(False) for c in contexts})
    result = ask("Who built the bridge?", contexts, model=world.model())
    assert result.answer.out_of_scope
    assert result.text == OUT_OF_SCOPE
    assert result.answer.answers == []


def test_invalid_citations_are_dropped_and_counted() -> None:
    contexts = [Context(id="a", text="The bridge opened in 1901."), Context(id="b", text="Rain.")]

    def respond(messages: Any, schema: Any) -> Any:
        return {
            "answers": [{"answer": "1901", "contexts": [1, 7, 9]}, {"answer": "x", "contexts": [5]}]
        }

    result = ask("When?", contexts, model=ScriptedChatModel(respond=respond), strategy="base")
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("1901", ["a"])]
    assert result.answer.dropped_citations == 3
    assert result.answer.uncited_answers == 1


def test_the_same_answer_given_twice_is_one_answer_citing_both() -> None:
    contexts = [Context(id="a", text="It opened in 1901."), Context(id="b", text="Since 1901.")]
    model = ScriptedChatModel(
        respond=lambda m, s: {
            "answers": [{"answer": "1901", "contexts": [1]}, {"answer": "1901.", "contexts": [2]}]
        }
    )
    result = ask("When?", contexts, model=model, strategy="base")
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("1901", ["a", "b"])]


def test_citation_moves_to_the_context_that_states_the_answer() -> None:
    contexts = [Context(id="a", text="Nothing here."), Context(id="b", text="It opened in 1901.")]
    model = ScriptedChatModel(
        respond=lambda m, s: {"answers": [{"answer": "1901", "contexts": [1]}]}
    )
    result = ask("When?", contexts, model=model, strategy="base")
    assert result.answer.answers[0].citations == ["b"]


def test_unparsable_replies_retry_then_degrade_visibly() -> None:
    contexts = [Context(id="a", text="The bridge opened in 1901.")]
    seen: list[int] = []

    def respond(messages: Any, schema: Any) -> str:
        seen.append(len(messages))
        return "{not json"

    result = ask("When?", contexts, model=ScriptedChatModel(respond=respond), strategy="base")
    assert seen == [2, 3], "one retry, with a note appended"
    assert result.answer.out_of_scope and result.answer.failed_groups == 1
    assert result.usage["answer_group"].failures == 1
    assert result.usage["answer_group"].llm_calls == 2


def test_a_node_can_be_swapped(world: World) -> None:
    def answer_group(task: GroupTask) -> dict[str, Any]:
        ids = [c.id for c in task["contexts"]]
        return {
            "group_answers": [GroupAnswer(group_id=task["group"].id, answers=[])]
            if not ids
            else [
                GroupAnswer.model_validate(
                    {
                        "group_id": task["group"].id,
                        "answers": [{"answer": "swapped", "citations": ids[:1]}],
                    }
                )
            ]
        }

    graph = build_graph(nodes={"answer_group": answer_group})
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), graph=graph)
    assert [a.answer for a in result.answer.answers] == ["swapped"]


class Parent(TypedDict, total=False):
    question: str
    contexts: list[Any]
    answer: Any
    shown: list[str]


def test_the_graph_runs_as_a_subgraph_of_an_app_with_its_own_context(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What a LangGraph app does: the QA graph as one node, the app's own context around it.
    register_chat_model("scripted-world", lambda _: world.model(), real=False)
    builder = StateGraph(Parent)
    builder.add_node("qa", graph)
    builder.add_node("show", lambda s: {"shown": [a.answer for a in s["answer"].answers]})
    builder.add_edge(START, "qa")
    builder.add_edge("qa", "show")
    builder.add_edge("show", END)
    app = builder.compile()
    inputs = {"question": DEMO_QUESTION, "contexts": [c.model_dump() for c in demo_contexts()]}
    out = app.invoke(inputs, context={"model": "scripted-world", "user_id": "u7"})
    assert set(out["shown"]) == {"1987", "1991", "2004"}
    # no context at all: the defaults, the model CONTEXTORG_MODEL names, as for ask
    monkeypatch.setenv("CONTEXTORG_MODEL", "scripted-world")
    get_settings.cache_clear()
    try:
        assert app.invoke(inputs)["shown"] == out["shown"]
        assert graph.invoke(inputs)["answer"].text == out["answer"].text
    finally:
        get_settings.cache_clear()


def test_unknown_slot_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown node slots"):
        build_graph(nodes={"retreive": lambda s: {}})


def test_async_and_streaming(world: World) -> None:
    result = asyncio.run(aask(DEMO_QUESTION, demo_contexts(), model=world.model()))
    assert {"1987", "1991", "2004"} == set(answers_of(result))
    from contextorg.api import run_context

    steps = [
        next(iter(chunk))
        for chunk in graph.stream(
            {"question": DEMO_QUESTION, "contexts": demo_contexts()},
            context=run_context(model=world.model()),
            stream_mode="updates",
        )
    ]
    assert steps[:3] == ["start_turn", "complete_question", "classify_relations"]
    assert steps[-2:] == ["aggregate", "record_turn"] and steps.count("group") == 2


@pytest.mark.parametrize(
    ("question", "contexts", "message"),
    [
        ("", [Context(id="a", text="t")], "question is empty"),
        ("Q?", [], "no contexts"),
        ("Q?", [Context(id="a", text="t"), Context(id="a", text="u")], "appears twice"),
    ],
)
def test_bad_input_is_named(question: str, contexts: list[Context], message: str) -> None:
    from contextorg import InputError

    with pytest.raises(InputError, match=message):
        ask(question, contexts, model=ScriptedChatModel(respond=lambda m, s: "{}"))


def test_unknown_strategy_is_named(world: World) -> None:
    with pytest.raises(ValueError, match="unknown strategy 'nope'; choose one of corg, base"):
        ask(DEMO_QUESTION, demo_contexts(), model=world.model(), strategy="nope")


def test_citations_that_do_not_state_the_answer_are_dropped_when_others_do() -> None:
    contexts = [
        Context(id="a", text="It opened in 1901."),
        Context(id="b", text="A festival in August."),
        Context(id="c", text="Opened 1901, rebuilt 1950."),
    ]
    model = ScriptedChatModel(
        respond=lambda m, s: {"answers": [{"answer": "1901", "contexts": [1, 2, 3]}]}
    )
    result = ask("When?", contexts, model=model, strategy="base")
    assert result.answer.answers[0].citations == ["a", "c"]
    assert result.answer.dropped_citations == 1


def test_about_that_only_echoes_a_context_number_is_dropped() -> None:
    contexts = [Context(id="a", text="It opened in 1901.")]
    model = ScriptedChatModel(
        respond=lambda m, s: {
            "answers": [{"answer": "1901", "about": "Context 1", "contexts": [1]}]
        }
    )
    result = ask("When?", contexts, model=model, strategy="base")
    assert result.answer.answers[0].about is None


def test_one_answering_context_among_irrelevant_ones_is_answered_alone() -> None:
    contexts = [
        Context(id="noise1", text="The river festival is held in August."),
        Context(id="hit", text="The Lumen Tower was completed in 1987."),
        Context(id="noise2", text="Boats and lanterns fill the old town."),
    ]
    readings = {
        "noise1": Triple(False),
        "hit": Triple(True, None, "1987"),
        "noise2": Triple(False),
    }
    world = World(contexts, readings)
    result = ask("When was the Lumen Tower completed?", contexts, model=world.model())
    assert [g.context_ids for g in result.organization.groups] == [["hit"]]
    assert set(result.organization.dropped) == {"noise1", "noise2"}
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("1987", ["hit"])]


def test_madam_debates_then_aggregates_every_answer(world: World) -> None:
    contexts = demo_contexts()
    result = ask(DEMO_QUESTION, contexts, model=world.model(), strategy="madam")
    assert answers_of(result) == {
        "1987": ["velmora-guide", "velmora-history"],
        "1991": ["velmora-blog"],
        "2004": ["port-aster", "lighthouse-list"],
    }
    assert [g.answered_by for g in result.organization.groups] == ["debate"]
    assert "classify_relations" not in result.usage
    # Round 1 (6 agents, 1 aggregation); in round 2 no agent changes its answer: stop.
    assert result.usage["answer_group"].llm_calls == 2 * len(contexts) + 1
    assert world.calls.count("Aggregation") == 1


def test_madam_keeps_debating_while_agents_change_their_answers() -> None:
    contexts = [Context(id="a", text="The bridge opened in 1901."), Context(id="b", text="Rain.")]
    rounds: list[int] = []

    def respond(messages: Any, schema: Any) -> Any:
        title = (schema or {}).get("title")
        if title == "Aggregation":
            return {"answers": [{"answer": "1901", "agents": [1, 2]}], "explanation": "."}
        rounds.append(1)
        return {"answer": f"guess {len(rounds)}", "explanation": "It changes every time."}

    model = ScriptedChatModel(respond=respond)
    result = ask("When did the bridge open?", contexts, model=model, strategy="madam")
    assert result.usage["answer_group"].llm_calls == 3 * 2 + 3  # three rounds, three aggregations
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("1901", ["a"])]
    assert result.answer.dropped_citations == 1  # the aggregator cited agent 2: rain
    shorter = ask("When?", contexts, model=model, strategy="madam", debate_rounds=2)
    assert shorter.usage["answer_group"].llm_calls == 2 * 2 + 2


LAMP = [
    Context(
        id="a",
        text="Contrary to popular belief, the Veltra lamp was designed by Mara Quist in 1911.",
    ),
    Context(id="b", text="The Veltra lamp, invented by Thomas Hale, became a best-seller."),
    Context(id="c", text="Mara Quist's Veltra lamp was first shown to the public during 1911."),
]


@pytest.mark.parametrize(
    ("first", "second", "shown"),
    [
        ("Mara Quist in 1911", "Mara Quist", "Mara Quist"),  # what both copies state, cited by both
        ("Mara Quist", "Mara Quist in 1911", "Mara Quist"),
    ],
)
def test_copies_that_agree_show_what_they_both_state(first: str, second: str, shown: str) -> None:
    lamp = "Veltra lamp"
    readings = {"a": Triple(True, lamp, first), "b": Triple(True, lamp, "Thomas Hale"),
                "c": Triple(True, lamp, second)}  # fmt: skip
    result = ask("Who invented the Veltra lamp?", LAMP, model=World(LAMP, readings).model())
    assert result.organization.dropped == {"c": "duplicate of a"}
    assert answers_of(result) == {shown: ["a", "c"], "Thomas Hale": ["b"]}, result.text


@pytest.mark.parametrize(
    ("page", "notes", "shown"),
    [
        # not copies (the relation step put them in two groups), yet one owner: shown once
        (
            "Carla Mendes (since January 2025)",
            "Carla Mendes",
            {"Carla Mendes": ["notes", "page"]},
        ),
        # an aside that names the answer otherwise is kept apart
        (
            "Carla Mendes (cmendes)",
            "Carla Mendes",
            {"Carla Mendes (cmendes)": ["page"], "Carla Mendes": ["notes"]},
        ),
    ],
)
def test_answers_of_two_groups_that_differ_by_a_phrase_of_time_are_one(
    page: str, notes: str, shown: dict[str, list[str]]
) -> None:
    contexts = [
        Context(id="page", text=f"The Nimbus deploy tool is maintained by {page}."),
        Context(
            id="notes", text="Signed off by Carla Mendes, maintainer of the Nimbus deploy tool."
        ),
    ]
    question = "Who maintains the Nimbus deploy tool?"
    assert _aggregated(question, contexts, {"page": page, "notes": notes}) == shown


def test_a_year_and_the_same_with_a_counter_of_another_script_are_one_answer() -> None:
    contexts = [
        Context(id="zh", text="哈尔瓦德博物馆成立于1887年。"),
        Context(id="en", text="The Halvard Museum was in fact founded in 1887."),
        Context(id="ko", text="할바르 박물관은 1878년에 세워졌다."),
    ]
    items = {"zh": "1887年", "en": "1887", "ko": "1878년"}
    shown = _aggregated("哈尔瓦德博物馆是哪一年成立的？", contexts, items)
    assert shown == {"1887": ["en", "zh"], "1878년": ["ko"]}


def test_one_name_about_a_namesake_and_about_the_subject_stays_two_answers() -> None:
    contexts = [
        Context(id="team", text="The Falcon team is led by Dan Whitfield."),
        Context(id="club", text="The Falcon Hiking Club is led by Dan Whitfield."),
        Context(id="wiki", text="Falcon Hiking Club: Dan Whitfield leads it."),
    ]
    abouts = {"team": None, "club": "Falcon Hiking Club", "wiki": "Falcon Hiking Club"}
    state = {
        "question": "Who leads the Falcon team?",
        "contexts": contexts,
        "group_answers": [
            GroupAnswer(
                group_id=n,
                answers=[AnswerItem(answer="Dan Whitfield", about=about, citations=[c])],
            )
            for n, (c, about) in enumerate(abouts.items())
        ],
    }
    shown = [(a.answer, a.about, a.citations) for a in aggregate(state)["answer"].answers]
    assert shown == [
        ("Dan Whitfield", None, ["team"]),
        ("Dan Whitfield", "Falcon Hiking Club", ["club", "wiki"]),
    ]


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ("1958年", {"1958年": ["a"]}),  # the copy states its own reading: shown in its place
        ("1961年", {}),  # not a reading its text states
    ],
)
def test_a_copy_of_a_page_whose_answer_went_unstated_shows_its_own(
    said: str, shown: dict[str, list[str]]
) -> None:
    contexts = [
        Context(id="a", text="白鷺橋は1958年に完成した。"),
        Context(id="b", text="1958年に完成した白鷺橋は町のシンボルだ。"),
    ]
    readings = {
        "a": ContextReading(status="answers", answers=[said]),
        "b": ContextReading(status="answers", answers=["1958年に完成しましたか"]),
    }
    question = "白鷺橋はいつ完成しましたか？"
    state = {
        "question": question,
        "contexts": contexts,
        "group_answers": [GroupAnswer(group_id=0, answers=[], unstated=["1958年に完成しましたか"])],
        "organization": Organization(
            groups=[Group(id=0, context_ids=["b"], question=question)],
            dropped={"a": "duplicate of b"},
            supporting={"b": ["a"]},
        ),
        "relation_graph": RelationGraph(ids=["a", "b"], readings=readings),
    }
    assert {x.answer: x.citations for x in aggregate(state)["answer"].answers} == shown


def _aggregated(
    question: str, contexts: list[Context], answers: dict[str, str]
) -> dict[str, list[str]]:
    """What the aggregate node shows when each context's answer comes from a group of its own."""
    state = {
        "question": question,
        "contexts": contexts,
        "group_answers": [
            GroupAnswer(group_id=n, answers=[AnswerItem(answer=answer, citations=[c])])
            for n, (c, answer) in enumerate(answers.items())
        ],
    }
    return {a.answer: a.citations for a in aggregate(state)["answer"].answers}


def test_one_number_read_with_other_nouns_in_other_scripts_is_one_answer_cited_by_all() -> None:
    texts = [
        Context(id="en", text="The Lindqvist Arena seats 14,500 spectators."),
        Context(id="zh", text="林德奎斯特体育馆可容纳14,500名观众。"),
        Context(id="th", text="สนามกีฬาลินด์ควิสต์จุผู้ชมได้ 14,500 คน"),
    ]
    readings = {
        "en": Triple(True, None, "14,500 spectators"),
        "zh": Triple(True, None, "14,500"),
        "th": Triple(True, None, "14,500 people"),
    }
    question = "What is the capacity of the Lindqvist Arena?"
    result = ask(question, texts, model=World(texts, readings).model())
    assert answers_of(result) == {"14,500": ["en", "th", "zh"]}, result.text


def test_a_copy_read_without_the_label_and_aside_shows_what_both_state() -> None:
    texts = [
        Context(
            id="log",
            text="## 5.0\n### Removed\n- GET /v1/invoices\n"
            "### Added\n- GET /v2/invoices (paginated)",
        ),
        Context(id="docs", text="GET /v2/invoices returns the list of invoices, 50 per page."),
    ]
    readings = {
        "log": Triple(True, None, "GET /v2/invoices (paginated)"),
        "docs": Triple(True, None, "/v2/invoices"),
    }
    question = "Which endpoint returns the list of invoices?"
    result = ask(question, texts, model=World(texts, readings).model())
    assert result.organization.dropped == {"docs": "duplicate of log"}
    assert answers_of(result) == {"/v2/invoices": ["log", "docs"]}, result.text


def test_a_copy_that_writes_the_answer_abbreviated_is_cited_for_it() -> None:
    texts = [
        Context(id="a", text="The cable is 2.4 km (1.5 mi) long."),
        Context(id="b", text="The cable stretches 2.4 kilometres under the bay."),
    ]
    readings = {
        "a": Triple(True, None, "2.4 km (1.5 mi) long"),
        "b": Triple(True, None, "2.4 kilometres"),
    }
    result = ask("How long is the cable?", texts, model=World(texts, readings).model())
    assert [sorted(c) for c in answers_of(result).values()] == [["a", "b"]], result.text


def test_a_copy_is_not_cited_for_a_longer_answer_it_does_not_state() -> None:
    texts = [
        Context(id="a", text="The Veltra lamp was designed by Miles Davis."),
        Context(id="c", text="The Veltra lamp was designed by Davis."),
    ]
    lamp = "Veltra lamp"
    readings = {"a": Triple(True, lamp, "Miles Davis"), "c": Triple(True, lamp, "Davis")}
    result = ask("Who invented the Veltra lamp?", texts, model=World(texts, readings).model())
    assert result.organization.dropped == {"c": "duplicate of a"}
    assert answers_of(result) == {"Miles Davis": ["a"]}, result.text  # c does not say "Miles"


def test_a_correction_the_model_misread_is_cited_for_what_it_states() -> None:
    texts = [
        Context(id="atlas", text="The Corvale Bridge over the Min river opened in 1932."),
        Context(id="archive", text="The Corvale Bridge actually opened in 1934, not in 1932 "
                "as many guides claim."),
        Context(id="register", text="Corvale Bridge: opened to traffic in 1934."),
    ]  # fmt: skip
    readings = {  # the model reads the date the archive denies
        "atlas": Triple(True, None, "1932"),
        "archive": Triple(True, None, "1932"),
        "register": Triple(True, None, "1934"),
    }
    result = ask("When did the Corvale Bridge open?", texts, model=World(texts, readings).model())
    assert result.readings["archive"].answers == ["1934"]  # the one other year it states
    assert answers_of(result) == {"1932": ["atlas"], "1934": ["archive", "register"]}, result.text
    # a context that says nothing of the answer shown stays out of its citations
    readings["register"] = Triple(True, None, "1933")
    texts[2] = Context(id="register", text="Corvale Bridge: opened to traffic in 1933.")
    result = ask("When did the Corvale Bridge open?", texts, model=World(texts, readings).model())
    assert answers_of(result) == {"1932": ["atlas"], "1933": ["register"], "1934": ["archive"]}


def test_a_context_left_out_says_why_it_does_not_answer() -> None:
    texts = [
        Context(id="guide", text="The library reopened in March 2019 after the renovation."),
        Context(id="blog", text="Guides say it reopened in 2017; that was only the planned date."),
        Context(id="memo", text="The renovation budget was approved by the council."),
    ]
    readings = {
        "guide": Triple(True, None, "March 2019"),
        "blog": Triple(True, None, "2017"),
        "memo": Triple(True, None, "Port Aster"),
    }
    result = ask("When did the library reopen?", texts, model=World(texts, readings).model())
    assert answers_of(result) == {"March 2019": ["guide"]}, result.text
    dropped = result.organization.dropped
    assert dropped["blog"] == (
        'does not answer the question: it mentions "2017" only to deny or correct it'
    )
    assert dropped["memo"] == (
        'does not answer the question (the model read "Port Aster", which the text does not say)'
    )
