"""Chat models whose structured output is JSON constrained by the schema.

The embedded llama.cpp model, and the deterministic scripted model for tests.
"""

from __future__ import annotations

import atexit
import json
import os
import re
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from operator import itemgetter
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.exceptions import OutputParserException
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, UsageMetadata
from langchain_core.messages.tool import tool_call_chunk
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable, RunnableLambda, RunnableMap, RunnablePassthrough
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from contextorg.tools.calls import (
    CALL_DEADLINE,
    CANCELLED,
    ModelCancelledError,
    ModelTimeoutError,
)
from contextorg.tools.tool_calling import parse_reply, reply_schema, tool_prompt

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
        (:mod:`contextorg.tools.tool_calling`); ``tool_choice`` narrows it.
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
        self, schema: Schema, *, include_raw: bool = False, **kwargs: Any
    ) -> Runnable[LanguageModelInput, Any]:
        """Answer with JSON that follows ``schema`` (a pydantic model or a JSON schema).

        ``kwargs`` are bound to the model with the schema (``logprobs=True``, say).
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


_LOADED: dict[tuple[str, int, int | None], Any] = {}
_LOAD_LOCK = threading.Lock()


@atexit.register
def _close_loaded() -> None:
    # Free llama.cpp models before interpreter teardown, when their destructors would fail.
    # llama-cpp-python opens two /dev/null handles at import and never closes them: at exit
    # they warn (raise, under pytest's "error" filter) unless closed here, after the models,
    # the last things to write through them.
    warnings.simplefilter("ignore", ResourceWarning)
    while _LOADED:
        _LOADED.popitem()[1].close()
    utils = sys.modules.get("llama_cpp._utils")
    for name in ("outnull_file", "errnull_file"):
        handle = getattr(utils, name, None)
        if handle is not None:
            handle.close()


class LlamaCppChatModel(JsonSchemaChatModel):
    """A GGUF model run in-process by llama-cpp-python, JSON output constrained by grammar.

    One model file is loaded once per process and shared; calls are serialized because a
    llama.cpp context is not thread-safe (parallel groups queue here, they do not crash).
    A call bound with ``logprobs=True`` reports them as OpenAI's API does, from the model's own
    logits at each step, before the grammar narrows them (:class:`_Logprobs`); a streamed reply
    carries none.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    model_path: Path
    n_ctx: int = 4096
    n_threads: int | None = None
    """CPU threads for reading the prompt and for generating (None: every core)."""
    max_tokens: int = 384
    temperature: float = 0.0
    repeat_penalty: float = 1.1
    seed: int = 0
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @property
    def _llm_type(self) -> str:
        return "llama-cpp"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        # Everything that changes a reply: response caches key on these. The file's name,
        # not its folder, so a committed cache replays on another machine.
        return {
            "model_path": self.model_path.name,
            "n_ctx": self.n_ctx,
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
            "repeat_penalty": self.repeat_penalty,
            "seed": self.seed,
        }

    def _llama(self) -> Any:
        key = (str(self.model_path), self.n_ctx, self.n_threads)
        with _LOAD_LOCK:
            if key not in _LOADED:
                from llama_cpp import Llama

                # llama-cpp-python's own default generates on half the cores and reads
                # prompts on all of them; ours means the same count for both.
                threads = self.n_threads or os.cpu_count() or 1
                _LOADED[key] = Llama(
                    model_path=str(self.model_path),
                    n_ctx=self.n_ctx,
                    n_threads=threads,
                    n_threads_batch=threads,
                    seed=self.seed,
                    verbose=False,
                )
            return _LOADED[key]

    def get_num_tokens(self, text: str) -> int:
        """Tokens of ``text`` in the model's own vocabulary."""
        return len(self._llama().tokenize(text.encode("utf-8"), add_bos=False))

    def _complete(
        self,
        messages: list[BaseMessage],
        json_schema: dict[str, Any] | None,
        stop: list[str] | None,
        top_logprobs: int | None = None,
    ) -> Completion:
        llama = self._llama()
        request = self._request(messages, json_schema, stop)
        steps = None if top_logprobs is None else _Logprobs(llama, top_logprobs)
        if steps is not None:
            from llama_cpp import LogitsProcessorList

            request["logits_processor"] = LogitsProcessorList([steps])
        with self._lock:
            stop_early = _StopEarly()
            out = llama.create_chat_completion(**request, stopping_criteria=stop_early.criteria())
        stop_early.raise_if_stopped()
        usage = out.get("usage") or {}
        choice = out["choices"][0]
        text = choice["message"]["content"] or ""
        return Completion(
            text,
            int(usage.get("prompt_tokens", 0)),
            int(usage.get("completion_tokens", 0)),
            None if steps is None else steps.content(text),
            choice.get("finish_reason") or "stop",
        )

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        """Token by token (LangGraph's ``messages`` stream mode uses this); usage comes last.

        With tools bound, the reply is JSON to parse first: it streams once complete.
        """
        if kwargs.get("tools"):
            yield from _replay(self._generate(messages, stop, **kwargs), run_manager)
            return
        llama = self._llama()
        request = self._request(messages, kwargs.get("json_schema"), stop)
        n_out = 0
        with self._lock:
            stop_early = _StopEarly()
            stream = llama.create_chat_completion(
                **request, stream=True, stopping_criteria=stop_early.criteria()
            )
            for part in stream:
                text = part["choices"][0]["delta"].get("content") or ""
                if not text:
                    continue
                n_out += 1
                yield _token(text, run_manager)
            n_in = max(int(llama.n_tokens) - n_out, 0)  # what the context holds: prompt + reply
        stop_early.raise_if_stopped()
        usage = UsageMetadata(input_tokens=n_in, output_tokens=n_out, total_tokens=n_in + n_out)
        yield ChatGenerationChunk(message=AIMessageChunk(content="", usage_metadata=usage))

    def _request(
        self,
        messages: list[BaseMessage],
        json_schema: dict[str, Any] | None,
        stop: list[str] | None,
    ) -> dict[str, Any]:
        request: dict[str, Any] = {
            "messages": [{"role": _role(m), "content": m.text} for m in messages],
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
            "repeat_penalty": self.repeat_penalty,
            "seed": self.seed,
            "stop": stop,
        }
        if json_schema is not None:
            request["response_format"] = {"type": "json_object", "schema": json_schema}
        return request


class _StopEarly:
    """Stops a reply mid-way at the call's deadline or on Ctrl-C, between two tokens."""

    def __init__(self) -> None:
        self.deadline = CALL_DEADLINE.get()
        self.why: str | None = None

    def criteria(self) -> Any:
        from llama_cpp import StoppingCriteriaList

        return StoppingCriteriaList([self._check])

    def _check(self, input_ids: Any, logits: Any) -> bool:
        if CANCELLED.is_set():
            self.why = "cancelled"
        elif self.deadline is not None and time.monotonic() > self.deadline:
            self.why = "timeout"
        return self.why is not None

    def raise_if_stopped(self) -> None:
        if self.why == "cancelled":
            raise ModelCancelledError("the run was interrupted")
        if self.why == "timeout":
            raise ModelTimeoutError("the reply was stopped at the call's deadline")


class _Logprobs:
    """Records each step's logprobs, as a llama.cpp logits processor.

    llama-cpp-python reports logprobs only for a model loaded with ``logits_all`` (every
    prompt token's logits kept: another copy of the context, and a log-softmax over the whole
    prompt per call). A processor sees each step's logits anyway: the token a step chose is
    the last input of the next step, and the text left over is the last step's.
    """

    def __init__(self, llama: Any, top: int) -> None:
        self.llama = llama
        self.top = max(top, 1)
        self.tokens: list[dict[str, Any]] = []
        self._pending: Any = None  # the last step's log-softmax, until its token is known

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        if self._pending is not None:
            self._settle(int(input_ids[-1]))
        logits = scores.astype(np.float64)
        peak = logits.max()
        self._pending = logits - peak - np.log(np.exp(logits - peak).sum())
        return scores

    def content(self, text: str) -> list[dict[str, Any]]:
        """Per reply token: its text, logprob and ``top`` alternatives (OpenAI's shape)."""
        written = "".join(t["token"] for t in self.tokens)
        rest = text[len(written) :] if text.startswith(written) else ""
        last = self.llama.tokenize(rest.encode("utf-8"), add_bos=False, special=True)
        if self._pending is not None and len(last) == 1:
            self._settle(int(last[0]))
        return self.tokens

    def _settle(self, token: int) -> None:
        logprobs, self._pending = self._pending, None
        best = np.argpartition(-logprobs, self.top)[: self.top]
        self.tokens.append(
            {
                "token": self._piece(token),
                "logprob": float(logprobs[token]),
                "top_logprobs": [
                    {"token": self._piece(int(t)), "logprob": float(logprobs[t])}
                    for t in best[np.argsort(-logprobs[best])]
                ],
            }
        )

    def _piece(self, token: int) -> str:
        return str(self.llama.detokenize([token]).decode("utf-8", errors="replace"))


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


def _role(message: BaseMessage) -> str:
    return {"human": "user", "ai": "assistant", "system": "system"}.get(message.type, "user")
