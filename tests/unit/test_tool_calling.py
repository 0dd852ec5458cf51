"""Tool calling for JSON-constrained models: the reply schema, the prompt, the parse, an agent."""

from __future__ import annotations

import json
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import tool
from pydantic import Field

from contextorg import as_tool
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.tools.models.structured import Completion, JsonSchemaChatModel
from contextorg.tools.models.tool_calling import parse_reply, reply_schema, tool_prompt


@tool
def lookup(question: str) -> str:
    """Look a question up."""
    return "42"


@tool
def weather(city: str, days: int) -> str:
    """The forecast."""
    return "sun"


TOOLS = [
    {
        "type": "function",
        "function": {
            "name": t.name,
            "description": t.description,
            "parameters": t.tool_call_schema.model_json_schema(),
        },
    }
    for t in (lookup, weather)
]


def branches(schema: dict[str, Any]) -> list[str]:
    """What each branch of a reply schema allows: a tool's name, or 'answer'."""
    options = schema.get("anyOf", [schema])
    return [o["properties"].get("tool", {}).get("const", "answer") for o in options]


def test_the_reply_schema_follows_tool_choice() -> None:
    assert branches(reply_schema(TOOLS)) == ["lookup", "weather", "answer"]
    assert branches(reply_schema(TOOLS, "auto")) == ["lookup", "weather", "answer"]
    assert branches(reply_schema(TOOLS, "any")) == ["lookup", "weather"]
    assert branches(reply_schema(TOOLS, "weather")) == ["weather"]
    assert branches(reply_schema(TOOLS, "none")) == ["answer"]
    call = reply_schema(TOOLS, "weather")["anyOf"][0]
    assert call["properties"]["arguments"]["required"] == ["city", "days"]
    with pytest.raises(ValueError, match="'search' is not a bound tool: use one of"):
        reply_schema(TOOLS, "search")


def test_the_prompt_lists_tools_and_writes_calls_and_results_as_json() -> None:
    call = {"name": "lookup", "args": {"question": "q?"}, "id": "c1", "type": "tool_call"}
    messages: list[BaseMessage] = [
        SystemMessage(content="Be brief."),
        HumanMessage(content="q?"),
        AIMessage(content="", tool_calls=[call]),
        ToolMessage(content="42", tool_call_id="c1", name="lookup"),
    ]
    system, human, ai, result = tool_prompt(messages, TOOLS)
    assert system.text.startswith("Be brief.\n\nYou can call these tools:")
    assert "- weather(city: string, days: integer): The forecast." in system.text
    assert human.text == "q?"
    assert json.loads(ai.text) == {"tool": "lookup", "arguments": {"question": "q?"}}
    assert isinstance(result, HumanMessage) and result.text == "Result of lookup:\n42"


def test_replies_parse_into_calls_answers_or_text() -> None:
    called = parse_reply('{"tool": "weather", "arguments": {"city": "Oslo", "days": 2}}')
    assert called.content == "" and called.tool_calls[0]["name"] == "weather"
    assert called.tool_calls[0]["args"] == {"city": "Oslo", "days": 2}
    assert called.tool_calls[0]["id"].startswith("call_")
    assert parse_reply('{"answer": "It is 42."}').content == "It is 42."
    assert parse_reply('{"answer": "cut sho').content == '{"answer": "cut sho'


class JsonAgent(JsonSchemaChatModel):
    """Writes what a grammar-constrained model would: a call first, then an answer."""

    seen: list[dict[str, Any]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "json-agent"

    def _complete(
        self,
        messages: list[BaseMessage],
        json_schema: dict[str, Any] | None,
        stop: Any,
        top_logprobs: int | None = None,
    ) -> Completion:
        assert json_schema is not None
        self.seen.append(json_schema)
        last = messages[-1].text
        if last.startswith("Result of contextorg:"):
            return Completion(json.dumps({"answer": last.split("\n", 1)[1]}), 10, 5)
        first = json_schema["anyOf"][0]["properties"]["tool"]["const"]
        return Completion(json.dumps({"tool": first, "arguments": {"question": last}}), 10, 5)


def test_a_json_constrained_model_drives_a_react_agent() -> None:
    tool = as_tool(demo_contexts(), model="scripted:demo")
    model = JsonAgent()
    agent = create_agent(model, [tool])
    out = agent.invoke({"messages": [("user", DEMO_QUESTION)]})
    kinds = [type(m).__name__ for m in out["messages"]]
    assert kinds == ["HumanMessage", "AIMessage", "ToolMessage", "AIMessage"]
    assert out["messages"][1].tool_calls[0]["args"] == {"question": DEMO_QUESTION}
    assert "[velmora-guide][velmora-history]" in out["messages"][-1].text
    assert branches(model.seen[0]) == ["contextorg", "answer"]


def test_streaming_with_tools_yields_the_call_in_the_last_chunk() -> None:
    model = JsonAgent().bind_tools([lookup])
    chunks = list(model.stream("What is six times seven?"))
    merged = chunks[0]
    for chunk in chunks[1:]:
        merged += chunk
    assert merged.tool_calls[0]["name"] == "lookup"
    assert merged.usage_metadata is not None and merged.usage_metadata["output_tokens"] == 5
