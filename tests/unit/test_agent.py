"""contextorg inside LangChain: the graph as a Runnable, and as a tool a ReAct agent calls."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import pytest
from langchain.agents import create_agent
from langchain_core.documents import Document
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from contextorg import ScriptedChatModel, as_tool, ask, graph
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.state import RunContext
from contextorg.testing import DEMO_COMPLETIONS, DEMO_READINGS, World, agent_reply
from contextorg.tools.inputs import InputError

CITED = "According to [velmora-guide][velmora-history], the answer is 1987"


@pytest.fixture
def world() -> World:
    return World(demo_contexts(), DEMO_READINGS)


def agent_model() -> ScriptedChatModel:
    """Calls the tool once with the user's question, then repeats what the tool said."""
    return ScriptedChatModel(respond=lambda messages, schema: agent_reply(messages))


def test_a_react_agent_calls_the_tool_and_gets_the_cited_answer(world: World) -> None:
    tool = as_tool(demo_contexts(), model=world.model())
    agent = create_agent(agent_model(), [tool], checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "t1"}}
    out = agent.invoke({"messages": [("user", DEMO_QUESTION)]}, config)
    tool_message = next(m for m in out["messages"] if isinstance(m, ToolMessage))
    assert CITED in tool_message.content
    assert {a["answer"] for a in tool_message.artifact["answers"]} == {"1987", "1991", "2004"}
    assert CITED in out["messages"][-1].content
    # The agent's thread remembers the exchange: a second turn sees the first.
    again = agent.invoke({"messages": [("user", "And the Port Aster one?")]}, config)
    assert len(again["messages"]) == len(out["messages"]) + 4


def test_return_direct_ends_the_turn_with_the_cited_answer(world: World) -> None:
    def paraphrasing(messages: Sequence[BaseMessage], schema: object) -> AIMessage:
        # A small model restating the tool's answer, citations lost.
        if isinstance(messages[-1], ToolMessage):
            return AIMessage(content="It opened in 1987.")
        return agent_reply(messages)

    model = ScriptedChatModel(respond=paraphrasing)
    for direct, last in ((False, "It opened in 1987."), (True, CITED)):
        tool = as_tool(demo_contexts(), model=world.model(), return_direct=direct)
        out = create_agent(model, [tool]).invoke({"messages": [("user", DEMO_QUESTION)]})
        assert last in out["messages"][-1].text
    assert isinstance(out["messages"][-1], ToolMessage)


def test_the_tool_runs_async_and_says_what_it_needs(world: World) -> None:
    tool = as_tool(demo_contexts(), model=world.model())
    message = asyncio.run(
        tool.ainvoke(
            {
                "type": "tool_call",
                "name": "contextorg",
                "id": "1",
                "args": {"question": DEMO_QUESTION},
            }
        )
    )
    assert CITED in message.content and message.artifact["out_of_scope"] is False
    assert tool.args == {
        "question": {
            "description": "A standalone question: name what it is about.",
            "title": "Question",
            "type": "string",
        }
    }
    with pytest.raises(ValueError, match="give the tool contexts, or a retriever"):
        as_tool()


def test_the_graph_is_a_runnable(world: World) -> None:
    context = RunContext(model=world.model())
    inputs = {"question": DEMO_QUESTION, "contexts": demo_contexts()}
    outputs = graph.batch([inputs, inputs], context=context)
    assert [o["answer"].text for o in outputs] == [outputs[0]["answer"].text] * 2
    assert CITED in outputs[0]["answer"].text
    streamed = [
        next(iter(update))
        for update in graph.stream(inputs, context=context, stream_mode="updates")
    ]
    assert streamed[:2] == ["start_turn", "complete_question"]
    assert streamed[-2:] == ["aggregate", "record_turn"]
    assert streamed.count("group") == 2
    final = asyncio.run(graph.ainvoke(inputs, context=context))
    assert final["answer"].text == outputs[0]["answer"].text


def test_the_graph_takes_json_input_as_a_server_sends_it(world: World) -> None:
    contexts = [c.model_dump() for c in demo_contexts()]
    history = [{"question": "Where is the Lumen Tower?", "answer": "In Velmora."}]
    inputs = {"question": DEMO_QUESTION, "contexts": contexts, "history": history}
    out = graph.invoke(inputs, context=RunContext(model=world.model(), completion="none"))
    assert CITED in out["answer"].text
    bad = {"question": DEMO_QUESTION, "contexts": [{"id": "x"}]}
    with pytest.raises(ValueError, match=r"context 1 is not valid \(text: Field required\)"):
        graph.invoke(bad, context=RunContext(model=world.model()))


def test_json_contexts_without_ids_are_named_by_position_as_ask_names_them(world: World) -> None:
    # What a LangGraph server receives: plain JSON, an id only where the user gave one.
    contexts = [{"text": c.text, "title": c.title} for c in demo_contexts()]
    contexts[0]["id"] = 7  # a JSON number is an id too
    inputs = {"question": DEMO_QUESTION, "contexts": contexts}
    out = graph.invoke(inputs, context=RunContext(model=world.model(), completion="none"))
    assert [c.id for c in out["contexts"]] == ["7", *map(str, range(2, len(contexts) + 1))]
    assert out["answer"].answers
    asked = ask(DEMO_QUESTION, contexts, model=world.model(), completion="none")
    assert asked.text == out["answer"].text


def test_a_model_that_repeats_its_tool_call_is_told_it_has_the_answer(world: World) -> None:
    def looping(messages: Sequence[BaseMessage], schema: object) -> AIMessage:
        # A small model that asks the tool the same question until it is told to stop.
        last = messages[-1]
        if isinstance(last, ToolMessage) and "already asked" in last.text:
            return AIMessage(content="It was completed in 1987.")
        call = {
            "name": "contextorg",
            "args": {"question": DEMO_QUESTION},
            "id": f"c{len(messages)}",
        }
        return AIMessage(content="", tool_calls=[call])

    tool = as_tool(demo_contexts(), model=world.model())
    out = create_agent(ScriptedChatModel(respond=looping), [tool]).invoke(
        {"messages": [("user", DEMO_QUESTION)]}
    )
    calls = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    assert len(calls) == 2 and out["messages"][-1].text == "It was completed in 1987."
    assert CITED in calls[1].text and calls[1].artifact["repeated"] is True
    assert world.calls.count("AnswerReading") == len(demo_contexts())  # the repeat ran nothing


def test_a_completed_follow_up_says_how_the_tool_read_it(tmp_path: Path) -> None:
    world = World(demo_contexts(), DEMO_READINGS, DEMO_COMPLETIONS)
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    tool = as_tool(demo_contexts(), model=world.model(), thread="t", checkpoints=store)
    assert tool.invoke({"question": DEMO_QUESTION}).startswith("According to")
    (follow_up, standalone), *_ = DEMO_COMPLETIONS.items()
    said = tool.invoke({"question": follow_up})
    assert said.startswith(f"Question answered: {standalone}\nAccording to"), said


class Node:
    """A LlamaIndex-like node: ``node_id``, ``metadata`` and ``get_content()``."""

    def __init__(self, node_id: str, text: str, metadata: dict[str, str]) -> None:
        self.node_id, self.text, self.metadata = node_id, text, metadata

    def get_content(self) -> str:
        return self.text


def test_the_graph_takes_documents_and_nodes_as_contexts(world: World) -> None:
    docs = [
        Document(page_content=c.text, id=c.id, metadata={"title": c.title, "source": "wiki"})
        for c in demo_contexts()[:3]
    ]
    nodes = [Node(c.id, c.text, {"title": c.title}) for c in demo_contexts()[3:]]
    out = graph.invoke(
        {"question": DEMO_QUESTION, "contexts": [*docs, *nodes]},
        context=RunContext(model=world.model()),
    )
    assert {a.answer for a in out["answer"].answers} == {"1987", "1991", "2004"}
    assert [c.id for c in out["contexts"]] == [c.id for c in demo_contexts()]
    assert out["contexts"][0].source == "wiki" and out["contexts"][0].title
    with pytest.raises(InputError, match="context 1 is of type int"):
        graph.invoke({"question": DEMO_QUESTION, "contexts": [42]}, context=RunContext())


def test_texts_are_contexts_and_a_path_or_one_record_is_a_clear_error(world: World) -> None:
    texts = [c.text for c in demo_contexts()]
    result = ask(DEMO_QUESTION, texts, model=world.model())
    assert [c.id for c in result.contexts] == [str(n) for n in range(1, len(texts) + 1)]
    assert {a.answer for a in result.answer.answers} == {"1987", "1991", "2004"}
    with pytest.raises(InputError, match=r"contexts is a str, not a list .*load_contexts\(path\)"):
        ask(DEMO_QUESTION, "contexts.jsonl", model=world.model())
    with pytest.raises(InputError, match=r"contexts is one dict, .*: pass \[it\]"):
        ask(DEMO_QUESTION, {"id": "a", "text": "x"}, model=world.model())
    assert len(world.calls) == result.usage["classify_relations"].llm_calls, "no call for those"
