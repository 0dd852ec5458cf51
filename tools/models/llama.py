"""The embedded chat model: a GGUF file run in-process by llama-cpp-python.

JSON output is constrained by a grammar built from the schema (once per schema). The chat
prompt is formatted with the model's own template, as llama-cpp-python's chat API does, and
completed with ``create_completion``, which takes stopping criteria: a reply stops between
two tokens at its call's deadline or on Ctrl-C (:data:`~contextorg.tools.models.calls.CANCELLED`).
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import sys
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.messages import AIMessageChunk, BaseMessage, UsageMetadata
from langchain_core.outputs import ChatGenerationChunk
from pydantic import ConfigDict, PrivateAttr

from contextorg.tools.models import guard
from contextorg.tools.models.calls import (
    CALL_DEADLINE,
    CANCELLED,
    ModelCancelledError,
    ModelTimeoutError,
)
from contextorg.tools.models.grammar_first import decode_grammar_first
from contextorg.tools.models.structured import Completion, JsonSchemaChatModel, _replay, _token

LLAMA_LOG = logging.getLogger("llama-cpp-python")
"""llama-cpp-python prints llama.cpp's log to stderr at this logger's level."""
_LOADED: dict[tuple[str, int, int | None, bool], Any] = {}
_LOAD_LOCK = threading.Lock()

CHUNK = 64
"""Prompt tokens evaluated in one batch, in chunks that end at multiples of it.

llama.cpp's numbers for a token depend on the batch it was evaluated in, so a prompt whose
first half was cached by an earlier call would come out a little different from the same
prompt read whole: answers would change with call order, concurrency and thread count. Read
in chunks that end at multiples of this, and reusing only whole :data:`REUSE` blocks of an
earlier prompt, every prompt token is computed as it would be from scratch. Small enough that
a Ctrl-C or a deadline is seen between two chunks within about a second on two cores, large
enough to keep prompt reading at full speed (benchmarks/README.md, model speed).
"""

REUSE = 32
"""An earlier prompt's tokens are reused in whole blocks of this many, from the start.

Reading then resumes with a block up to the next :data:`CHUNK` boundary: llama.cpp's kernels
take a batch's tokens a few rows at a time, so a batch that starts on a multiple of 32 and
holds 32 or 64 tokens computes each of them bit for bit as the chunk of 64 read from scratch
does (measured here for every multiple of 8; the integration suite checks it). A prompt that
would end inside that first block is read from the chunk's start instead, so its last batch is
the one reading it alone makes. The calls of one question that share a system prompt shorter
than a chunk (a reading prompt's 39 tokens) reuse 32 of its tokens instead of none.
"""


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
    grammar_first: bool = True
    """Check the greedy token against the grammar before masking the vocabulary with it
    (:mod:`~contextorg.tools.models.grammar_first`): the same replies, sooner."""
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)
    runs_in_process: ClassVar[bool] = True
    """A call past its deadline is not tried again: it would take as long."""

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
        key = (str(self.model_path), self.n_ctx, self.n_threads, self.grammar_first)
        with _LOAD_LOCK:
            if key not in _LOADED:
                guard.check(f"loading the model weights {self.model_path.name}")
                from llama_cpp import Llama

                # llama-cpp-python's own default generates on half the cores and reads
                # prompts on all of them; ours means the same count for both.
                threads = self.n_threads or os.cpu_count() or 1
                _LOADED[key] = Llama(
                    model_path=str(self.model_path),
                    n_ctx=self.n_ctx,
                    n_batch=CHUNK,
                    n_ubatch=CHUNK,
                    n_threads=threads,
                    n_threads_batch=threads,
                    seed=self.seed,
                    verbose=False,
                )
                _read_in_chunks(_LOADED[key])
                if self.grammar_first:
                    decode_grammar_first(_LOADED[key])
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
        steps = None if top_logprobs is None else _Logprobs(llama, top_logprobs)
        with self._lock:
            stopper = _StopEarly()
            request = self._request(llama, messages, json_schema, stop, stopper, steps)
            try:
                with _whole_chunks(llama, request["prompt"], stopper):
                    out = llama.create_completion(**request)
            except _PromptStopped:
                pass
        stopper.raise_if_stopped()
        usage = out.get("usage") or {}
        choice = out["choices"][0]
        text = choice["text"] or ""
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
        n_out = 0
        with self._lock:
            stopper = _StopEarly()
            request = self._request(llama, messages, kwargs.get("json_schema"), stop, stopper)
            try:
                with _whole_chunks(llama, request["prompt"], stopper):
                    for part in llama.create_completion(**request, stream=True):
                        text = part["choices"][0].get("text") or ""
                        if not text:
                            continue
                        n_out += 1
                        yield _token(text, run_manager)
            except _PromptStopped:
                pass
            n_in = max(int(llama.n_tokens) - n_out, 0)  # what the context holds: prompt + reply
        stopper.raise_if_stopped()
        usage = UsageMetadata(input_tokens=n_in, output_tokens=n_out, total_tokens=n_in + n_out)
        yield ChatGenerationChunk(message=AIMessageChunk(content="", usage_metadata=usage))

    def _request(
        self,
        llama: Any,
        messages: list[BaseMessage],
        json_schema: dict[str, Any] | None,
        stop: list[str] | None,
        stopper: _StopEarly,
        steps: _Logprobs | None = None,
    ) -> dict[str, Any]:
        """``create_completion``'s arguments: what ``create_chat_completion`` would pass it."""
        from llama_cpp import LogitsProcessorList, StoppingCriteriaList

        prompt, chat = format_prompt(llama, _chat_formatter(llama), messages)
        extra = (
            [] if chat.stop is None else [chat.stop] if isinstance(chat.stop, str) else chat.stop
        )
        return {
            "prompt": prompt,
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
            "repeat_penalty": self.repeat_penalty,
            "seed": self.seed,
            "stop": [*(stop or []), *extra],
            "stopping_criteria": StoppingCriteriaList([*(chat.stopping_criteria or []), stopper]),
            "logits_processor": LogitsProcessorList([steps]) if steps is not None else None,
            "grammar": None if json_schema is None else _grammar(json.dumps(json_schema)),
        }


def format_prompt(
    llama: Any, formatter: Any, messages: Sequence[BaseMessage]
) -> tuple[list[int], Any]:
    """``messages`` as this model reads them: the prompt's tokens, and the formatted chat.

    The formatted chat carries the template's stop strings and criteria. ``formatter``:
    :func:`_chat_formatter`'s, made once for many prompts where it can be.
    """
    chat = formatter(messages=[{"role": _role(m), "content": m.text} for m in messages])
    tokens = llama.tokenize(
        chat.prompt.encode("utf-8"), add_bos=not chat.added_special, special=True
    )
    return tokens, chat


def _chat_formatter(llama: Any) -> Any:
    """The chat template llama-cpp-python formats this model's prompts with: the GGUF's own."""
    from llama_cpp import llama_chat_format

    template = llama.metadata.get("tokenizer.chat_template")
    if template is None:
        raise ValueError(
            f"{llama.model_path} has no chat template in its metadata: use a chat (instruct) GGUF"
        )
    eos, bos = llama.token_eos(), llama.token_bos()
    return llama_chat_format.Jinja2ChatFormatter(
        template=template,
        eos_token=llama._model.token_get_text(eos) if eos != -1 else "",
        bos_token=llama._model.token_get_text(bos) if bos != -1 else "",
        stop_token_ids=[eos],
    )


@lru_cache(maxsize=64)
def _grammar(schema: str) -> Any:
    """The grammar of a JSON schema, built once per schema."""
    from llama_cpp.llama_grammar import LlamaGrammar

    return LlamaGrammar.from_json_schema(schema, verbose=False)


_CANONICAL = "_contextorg_canonical"
"""The attribute on a loaded model: how many cached tokens were read in whole chunks."""
_STOPPER = "_contextorg_stopper"
"""The attribute on a loaded model: the running call's stopping criterion."""


@contextmanager
def _whole_chunks(llama: Any, prompt: list[int], stopper: _StopEarly) -> Iterator[None]:
    """Around one completion: reuse only whole :data:`REUSE` blocks of the prompt cached.

    The cache is cut back to the longest run of whole blocks that this prompt shares with
    what was last read as a whole chunk, short of its last token (which must be read to
    sample from). The prompt is then read from there in chunks that end where reading it
    from the start would end them (:func:`_read_in_chunks`).
    """
    cached = list(llama.input_ids[: llama.n_tokens])
    pairs = enumerate(zip(cached, prompt, strict=False))
    shared = next((n for n, (a, b) in pairs if a != b), len(cached))
    shared = min(shared, len(prompt) - 1, getattr(llama, _CANONICAL, 0))
    reused = shared // REUSE * REUSE
    if reused % CHUNK and len(prompt) < reused // CHUNK * CHUNK + CHUNK:
        # The block up to the boundary would be the prompt's last, shorter than the chunk
        # reading from the start ends with (a batch of a few tokens may take other kernels).
        reused = reused // CHUNK * CHUNK
    llama.n_tokens = reused
    setattr(llama, _CANONICAL, 0)
    setattr(llama, _STOPPER, stopper)
    try:
        yield
        # A last chunk shorter than CHUNK was read in a batch that reading a longer prompt
        # from the start would not make: its tokens are not reused, nor the reply's.
        setattr(llama, _CANONICAL, max(reused, len(prompt) // CHUNK * CHUNK))
    finally:
        setattr(llama, _STOPPER, None)


def _read_in_chunks(llama: Any) -> None:
    """Make ``llama.eval`` stop reading a prompt on Ctrl-C or at the deadline, within a moment.

    llama-cpp-python reads a prompt in batches of ``n_batch`` (:data:`CHUNK`) and checks its
    stopping criteria only between reply tokens: a long prompt would be read to its end
    first (minutes on a CPU). Here the stopper is asked between chunks, and inside one, by
    llama.cpp's abort callback between the steps of its compute graph. The callback is set
    only while a prompt is read, so generating a reply never calls into Python for it.
    """
    from llama_cpp import llama_cpp as lib

    read = llama.eval

    def stopped(_: Any = None) -> bool:
        stopper = getattr(llama, _STOPPER, None)
        return bool(stopper is not None and stopper(None, None))

    abort = lib.ggml_abort_callback(stopped)
    none = lib.ggml_abort_callback(0)
    llama._contextorg_abort = abort  # the callback must live as long as the model

    def eval_in_chunks(tokens: Any) -> None:
        tokens = list(tokens)
        first = -int(llama.n_tokens) % CHUNK  # to the next CHUNK boundary, if not on one
        cuts = [0, *range(first or CHUNK, len(tokens), CHUNK)]
        for start, end in zip(cuts, [*cuts[1:], len(tokens)], strict=True):
            if stopped():
                raise _PromptStopped
            chunk = tokens[start:end]
            if len(chunk) == 1:
                read(chunk)
                continue
            lib.llama_set_abort_callback(llama._ctx.ctx, abort, None)
            level = LLAMA_LOG.level
            LLAMA_LOG.setLevel(logging.CRITICAL)  # an abort is logged as a decode error
            try:
                read(chunk)
            except RuntimeError:
                if stopped():  # llama_decode reports the abort as an error code
                    raise _PromptStopped from None
                raise
            finally:
                LLAMA_LOG.setLevel(level)
                lib.llama_set_abort_callback(llama._ctx.ctx, none, None)

    llama.eval = eval_in_chunks


class _PromptStopped(Exception):
    """Raised out of a prompt's reading to end the call: the stopper says why."""


class _StopEarly:
    """A stopping criterion: the reply ends between two tokens at its deadline, or on Ctrl-C.

    The deadline is the call's :data:`~contextorg.tools.models.calls.CALL_DEADLINE`.
    """

    def __init__(self) -> None:
        self.deadline = CALL_DEADLINE.get()
        self.why: str | None = None

    def __call__(self, input_ids: Any, logits: Any) -> bool:
        if CANCELLED.is_set():
            self.why = "cancelled"
        elif self.deadline is not None and time.monotonic() > self.deadline:
            self.why = "timeout"
        return self.why is not None

    def raise_if_stopped(self) -> None:
        """The call's error, if the reply was stopped: a cut reply is not a reply."""
        if self.why == "cancelled":
            raise ModelCancelledError("the run was interrupted")
        if self.why == "timeout":
            raise ModelTimeoutError("the reply was stopped at the call's deadline")


def _role(message: BaseMessage) -> str:
    return {"human": "user", "ai": "assistant", "system": "system"}.get(message.type, "user")


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
