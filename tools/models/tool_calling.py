"""Tool calling for models that only write schema-constrained JSON (the embedded llama.cpp model).

A small local model rarely follows a chat template's tool syntax, but it follows a grammar: each
reply is constrained to ``{"tool": name, "arguments": {...}}`` (one of the bound tools, its
arguments by the tool's own schema) or ``{"answer": text}``. The conversation is written back
in the same JSON, so the model reads its earlier calls as it wrote them, and each tool result as
a user turn. One call per reply: an agent loop asks again for the next one.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

Tool = dict[str, Any]
"""A tool in OpenAI's format (``convert_to_openai_tool``)."""

INSTRUCTIONS = (
    "You can call these tools:\n{tools}\n\n"
    'Reply with JSON: {{"tool": name, "arguments": {{...}}}} to call a tool, or '
    '{{"answer": text}} to answer the user. Call a tool when you need facts you do not have; '
    "answer once the tool results suffice, and keep the citations they give."
)


def reply_schema(tools: Sequence[Tool], tool_choice: str | None = None) -> dict[str, Any]:
    """The JSON schema of one reply: a call to an allowed tool, or (unless forced) an answer.

    ``tool_choice``: ``None``/``"auto"`` (either), ``"any"``/``"required"`` (a call),
    ``"none"`` (an answer), or a tool's name (a call to that tool).
    """
    names = [t["function"]["name"] for t in tools]
    if tool_choice not in (None, "auto", "any", "required", "none", *names):
        raise ValueError(
            f"tool_choice {tool_choice!r} is not a bound tool: use one of {names}, 'auto', "
            "'any' or 'none'"
        )
    calls = [
        {
            "type": "object",
            "properties": {
                "tool": {"const": t["function"]["name"]},
                "arguments": t["function"].get("parameters") or {"type": "object"},
            },
            "required": ["tool", "arguments"],
        }
        for t in tools
        if tool_choice in (None, "auto", "any", "required", t["function"]["name"])
    ]
    answer = {
        "type": "object",
        "properties": {"answer": {"type": "string"}},
        "required": ["answer"],
    }
    if tool_choice == "none":
        return answer
    return {"anyOf": calls if tool_choice not in (None, "auto") else [*calls, answer]}


def tool_prompt(messages: Sequence[BaseMessage], tools: Sequence[Tool]) -> list[BaseMessage]:
    """The conversation as the model reads it: tools described, calls and results as JSON."""
    listed = "\n".join(
        f"- {t['function']['name']}({_signature(t)}): {t['function'].get('description', '')}"
        for t in tools
    )
    instructions = INSTRUCTIONS.format(tools=listed)
    out: list[BaseMessage] = []
    rest = list(messages)
    if rest and isinstance(rest[0], SystemMessage):
        instructions = f"{rest.pop(0).text}\n\n{instructions}"
    out.append(SystemMessage(content=instructions))
    for message in rest:
        if isinstance(message, AIMessage) and message.tool_calls:
            calls = [{"tool": c["name"], "arguments": c["args"]} for c in message.tool_calls]
            out.append(AIMessage(content="\n".join(json.dumps(c) for c in calls)))
        elif isinstance(message, ToolMessage):
            name = message.name or "the tool"
            out.append(HumanMessage(content=f"Result of {name}:\n{message.text}"))
        else:
            out.append(message)
    return out


def parse_reply(text: str) -> AIMessage:
    """The model's JSON reply as an ``AIMessage``: a tool call, or the answer as content."""
    try:
        reply = json.loads(text)
    except json.JSONDecodeError:
        return AIMessage(content=text)  # cut off by max_tokens: keep what was written
    if isinstance(reply, dict) and "tool" in reply:
        call = {
            "name": str(reply["tool"]),
            "args": reply.get("arguments") or {},
            "id": f"call_{uuid.uuid4().hex[:12]}",
            "type": "tool_call",
        }
        return AIMessage(content="", tool_calls=[call])
    if isinstance(reply, dict) and isinstance(reply.get("answer"), str):
        return AIMessage(content=reply["answer"])
    return AIMessage(content=text)


def _signature(tool: Tool) -> str:
    properties = (tool["function"].get("parameters") or {}).get("properties", {})
    return ", ".join(f"{name}: {spec.get('type', 'any')}" for name, spec in properties.items())
