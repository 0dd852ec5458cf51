"""Chat models whose structured output is JSON constrained by the schema.

The base class, its strict reply parser, and the deterministic scripted model for tests; the
embedded llama.cpp model is :mod:`contextorg.tools.models.llama`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.exceptions import OutputParserException
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.messages.tool import tool_call_chunk
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable, RunnableLambda, RunnableMap, RunnablePassthrough
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, ValidationError

from contextorg.tools.models.tool_calling import parse_reply, reply_schema, tool_prompt

Schema = dict[str, Any] | type[BaseModel]


class Completion(NamedTuple):
    """One reply of a :class:`JsonSchemaChatModel`: its text, token counts and logprobs."""

    text: str
    input_tokens: int
    output_tokens: int
    logprobs: list[dict[str, Any]] | None = None
    """Per reply token, OpenAI's shape (``token``, ``logprob``, ``top_logprobs``), when asked."""
    finish_reason: str = "stop"
    """``stop``, or ``length`` when the reply was cut at ``max_tokens`` (OpenAI's names)."""


class JsonSchemaChatModel(BaseChatModel):
    """A chat model whose structured output is JSON constrained by the schema itself.

    Subclasses implement ``_complete(messages, json_schema, stop, top_logprobs)`` returning a
    :class:`Completion`; structured output binds the schema and parses the reply. Bound with
    ``logprobs=True`` (and ``top_logprobs=k``), as ``ChatOpenAI`` is, a model that can report
    them puts the reply's token logprobs in ``response_metadata["logprobs"]["content"]``.
    """

    def _complete(
        self,
        messages: list[BaseMessage],
        json_schema: dict[str, Any] | None,
        stop: list[str] | None,
        top_logprobs: int | None = None,
    ) -> Completion:
        raise NotImplementedError

    def bind_tools(
        self, tools: Sequence[Any], *, tool_choice: str | None = None, **kwargs: Any
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """Offer tools (LangChain tools, functions or schemas), as ``create_agent`` does.

        Each reply is then JSON constrained to one call of a bound tool or an answer
        (:mod:`contextorg.tools.models.tool_calling`); ``tool_choice`` narrows it.
        """
        openai_tools = [convert_to_openai_tool(t) for t in tools]
        reply_schema(openai_tools, tool_choice)  # a bad tool_choice fails here, not mid-run
        return self.bind(tools=openai_tools, tool_choice=tool_choice, **kwargs)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        tools = kwargs.get("tools")
        if tools:
            schema = reply_schema(tools, kwargs.get("tool_choice"))
            done = self._complete(tool_prompt(messages, tools), schema, stop)
            return _chat_result(parse_reply(done.text), done.input_tokens, done.output_tokens)
        top = int(kwargs.get("top_logprobs") or 0) if kwargs.get("logprobs") else None
        done = self._complete(messages, kwargs.get("json_schema"), stop, top)
        metadata: dict[str, Any] = {"finish_reason": done.finish_reason}
        if done.logprobs is not None:
            metadata["logprobs"] = {"content": done.logprobs}
        message = AIMessage(content=done.text, response_metadata=metadata)
        return _chat_result(message, done.input_tokens, done.output_tokens)

    def with_structured_output(
        self,
        schema: Schema,
        *,
        include_raw: bool = False,
        method: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, Any]:
        """Answer with JSON that follows ``schema`` (a pydantic model or a JSON schema).

        Decoding is always constrained by the schema, so ``method`` (LangChain's
        ``json_schema``, ``function_calling``, ``json_mode``) changes nothing. ``kwargs`` are
        bound to the model with the schema (``logprobs=True``, say).
        """
        if isinstance(schema, dict):
            json_schema = schema
        else:
            json_schema = schema.model_json_schema()
        parser = RunnableLambda(lambda message: parse_strict(message, schema))
        llm = self.bind(json_schema=require_all(json_schema), **kwargs)
        if not include_raw:
            return llm | parser
        parsed = RunnablePassthrough.assign(
            parsed=itemgetter("raw") | parser, parsing_error=lambda _: None
        )
        failed = RunnablePassthrough.assign(parsed=lambda _: None)
        return RunnableMap(raw=llm) | parsed.with_fallbacks([failed], exception_key="parsing_error")


def parse_strict(message: BaseMessage, schema: Schema) -> Any:
    """The reply as ``schema``: complete JSON only (a code fence around it is allowed).

    LangChain's JSON parsers complete a cut-off reply (``{"answers": [{"answer": "1987"}, ``
    parses as one answer), which hides a reply that ran out of tokens. Here it fails.
    """
    text = _FENCE.sub("", message.text.strip()).strip()
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise OutputParserException(
            f"the reply is not complete JSON ({exc}): {text[:200]!r}"
        ) from exc
    if isinstance(schema, dict):
        return value
    try:
        return schema.model_validate(value)
    except ValidationError as exc:
        raise OutputParserException(f"the reply does not fit {schema.__name__}: {exc}") from exc


_FENCE = re.compile(r"^```(?:json)?|```$")


def _chat_result(message: AIMessage, n_in: int, n_out: int) -> ChatResult:
    usage = {"input_tokens": n_in, "output_tokens": n_out, "total_tokens": n_in + n_out}
    return ChatResult(
        generations=[ChatGeneration(message=message.model_copy(update={"usage_metadata": usage}))]
    )


def _token(text: str, run_manager: CallbackManagerForLLMRun | None) -> ChatGenerationChunk:
    """One streamed piece of a reply, reported to the callbacks (LangGraph's ``messages``)."""
    chunk = ChatGenerationChunk(message=AIMessageChunk(content=text))
    if run_manager is not None:
        run_manager.on_llm_new_token(text, chunk=chunk)
    return chunk


def _replay(
    result: ChatResult, run_manager: CallbackManagerForLLMRun | None
) -> Iterator[ChatGenerationChunk]:
    """A whole reply as a stream: its words, then its tool calls and usage in one last chunk."""
    message = result.generations[0].message
    assert isinstance(message, AIMessage)
    for word in re.findall(r"\S+\s*", message.text):
        yield _token(word, run_manager)
    calls = [
        tool_call_chunk(name=c["name"], args=json.dumps(c["args"]), id=c["id"], index=n)
        for n, c in enumerate(message.tool_calls)
    ]
    last = AIMessageChunk(content="", tool_call_chunks=calls, usage_metadata=message.usage_metadata)
    yield ChatGenerationChunk(message=last)


def require_all(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with every property required, recursively.

    Constrained decoding may skip optional keys (a small model then "answers" with no
    answer). Requiring them makes the model write each one, ``null`` where allowed; parsing
    still accepts the defaults.
    """
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if isinstance(value, dict):
            out[key] = require_all(value)
        elif isinstance(value, list):
            out[key] = [require_all(v) if isinstance(v, dict) else v for v in value]
        else:
            out[key] = value
    if isinstance(out.get("properties"), dict):
        out["required"] = list(out["properties"])
    return out


Responder = Callable[
    [Sequence[BaseMessage], dict[str, Any] | None], str | dict[str, Any] | AIMessage
]


class ScriptedChatModel(JsonSchemaChatModel):
    """A deterministic model for tests: its reply is a pure function of the messages.

    ``respond(messages, json_schema)`` returns text, a dict that is sent as JSON, or an
    ``AIMessage`` (with ``tool_calls``, to script an agent: tools bound with ``bind_tools`` are
    offered, and the responder decides whether to call them).
    Because the reply depends only on the input, it is the same under parallel ``Send``
    fan-out, whatever order the calls run in. Tokens are counted as whitespace-separated words.
    """

    respond: Responder

    @property
    def _llm_type(self) -> str:
        return "scripted"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        # Two scripts must never share cached replies: the responder's identity is the key
        # (its repr names the function, or the method and its object, by address).
        return {"respond": repr(self.respond)}

    def get_num_tokens(self, text: str) -> int:
        """Whitespace-separated words: deterministic, and needs no tokenizer download."""
        return len(text.split())

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        reply = self.respond(messages, kwargs.get("json_schema"))
        n_in = sum(len(m.text.split()) for m in messages)
        if isinstance(reply, AIMessage):
            return _chat_result(reply, n_in, len(reply.text.split()) + len(reply.tool_calls))
        text = reply if isinstance(reply, str) else json.dumps(reply)
        return _chat_result(AIMessage(content=text), n_in, len(text.split()))

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        """The same reply, a word at a time; tool calls and usage in the last chunk."""
        yield from _replay(self._generate(messages, stop, **kwargs), run_manager)
