"""Structured model calls that retry, degrade visibly and count their usage."""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import TimeoutError as FutureTimeout
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.runnables import Runnable, RunnableConfig, RunnableLambda
from langchain_core.runnables.config import ContextThreadPoolExecutor
from langchain_core.runnables.retry import ExponentialJitterParams
from pydantic import BaseModel

from contextorg.state.records import NodeUsage
from contextorg.tools.models.methods import (
    ModelRequestError,
    first_line,
    forget_method,
    request_error,
    structured_call,
    structured_method,
)

logger = logging.getLogger("contextorg")

T = TypeVar("T", bound=BaseModel)
Item = TypeVar("Item")
Out = TypeVar("Out")

RETRY_NOTE = (
    "Your previous reply was not valid JSON for the requested schema. Reply again with a "
    "short JSON object only."
)


class ModelTimeoutError(TimeoutError):
    """A model call took longer than the run's ``model_timeout``."""


class DeadlineError(RuntimeError):
    """A call to a model that runs in this process (the embedded one) passed its deadline.

    Not retried: the same prompt would take as long again (minutes, for a long one on a CPU).
    """


TIMEOUT_HINT = "raise model_timeout (--model-timeout SECONDS, 0: no limit) for long prompts"


class ModelCancelledError(RuntimeError):
    """A model call was stopped because the user interrupted the run (Ctrl-C)."""


CALL_DEADLINE: ContextVar[float | None] = ContextVar("contextorg_call_deadline", default=None)
"""When the current model call must be over (``time.monotonic()``); a model that can stop
mid-reply (the embedded one) stops there."""

CANCELLED = threading.Event()
"""Set when the user interrupts (the CLI's Ctrl-C): in-process models stop mid-reply."""

_IN_FLIGHT = threading.Condition()
_in_flight = 0


def settle_cancelled(timeout: float = 10.0) -> bool:
    """Wait for the model calls under way to stop after a Ctrl-C, then clear :data:`CANCELLED`.

    A worker thread cannot be interrupted: cleared at once, the flag would let a call still
    reading its prompt go on (for minutes, on a long context) while the process waits for it
    to exit. Returns whether every call stopped within ``timeout`` seconds.
    """
    with _IN_FLIGHT:
        stopped = _IN_FLIGHT.wait_for(lambda: _in_flight == 0, timeout=timeout)
    CANCELLED.clear()
    return stopped


def _counted(call: Callable[[], Item]) -> Item:
    global _in_flight
    with _IN_FLIGHT:
        _in_flight += 1
    try:
        return call()
    finally:
        with _IN_FLIGHT:
            _in_flight -= 1
            _IN_FLIGHT.notify_all()


def transient_errors() -> tuple[type[BaseException], ...]:
    """Errors worth trying a call again for: transport errors and timeouts.

    The OpenAI client's are added once it is imported (by the model that raises them): importing
    it here would cost every process most of a second.
    """
    errors: tuple[type[BaseException], ...] = (ConnectionError, TimeoutError)
    openai = sys.modules.get("openai")
    if openai is not None:
        errors += (
            openai.APIConnectionError,
            openai.APITimeoutError,
            openai.RateLimitError,
            openai.InternalServerError,
        )
    return errors


@dataclass
class Meter:
    """Counts one node's model calls, tokens, failures and wall time, and says how to call.

    ``timeout`` bounds each call (seconds, None: no bound); a call that raises a transient
    error (:func:`transient_errors`, timeouts included) is tried ``retries`` more times, with
    exponential backoff from ``backoff`` seconds (LangChain's ``with_retry``). ``method`` is
    how structured replies are asked for (:mod:`~contextorg.tools.models.methods`).
    """

    timeout: float | None = None
    retries: int = 2
    backoff: float = 1.0
    method: str = "auto"
    started: float = field(default_factory=time.perf_counter)
    llm_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    failures: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def of(cls, context: Any) -> Meter:
        """A meter with the call policy of a run context (``model_timeout``, ...)."""
        return cls(
            timeout=context.model_timeout,
            retries=context.model_retries,
            backoff=context.model_backoff,
            method=context.structured_output,
        )

    def record(self, message: object) -> None:
        """Count one model reply (safe from concurrent calls)."""
        with self._lock:
            self.llm_calls += 1
            if isinstance(message, AIMessage) and message.usage_metadata:
                self.input_tokens += message.usage_metadata["input_tokens"]
                self.output_tokens += message.usage_metadata["output_tokens"]

    def fail(self) -> None:
        """Count one call that gave up."""
        with self._lock:
            self.failures += 1

    def usage(self) -> NodeUsage:
        """What was counted so far, with the seconds since the meter started."""
        return NodeUsage(
            llm_calls=self.llm_calls,
            input_tokens=self.input_tokens,
            output_tokens=self.output_tokens,
            seconds=time.perf_counter() - self.started,
            failures=self.failures,
        )


def call_structured(
    model: BaseChatModel,
    schema: type[T],
    messages: Sequence[BaseMessage],
    meter: Meter,
    *,
    prompt: str,
    retries: int = 1,
) -> T | None:
    """Ask ``model`` for a ``schema`` object; retry once with a note, then give up visibly.

    A reply that does not parse, or that was cut at the token limit, is asked again with a
    note, then counted in ``meter.failures``, logged and returned as ``None``: callers degrade
    (for example, skip a group) instead of crashing. A model error (a server that is down, a
    call past ``meter.timeout``) is retried as ``meter`` says, then counted and degraded the
    same way; a request the server refuses (HTTP 4xx, a request validation error) is not
    retried. A server that cannot be used at all (unreachable, an unknown model) raises
    :class:`~contextorg.tools.models.methods.ModelServerError` before the first call.
    """
    return call_structured_raw(model, schema, messages, meter, prompt=prompt, retries=retries)[0]


def call_structured_raw(
    model: BaseChatModel,
    schema: type[T],
    messages: Sequence[BaseMessage],
    meter: Meter,
    *,
    prompt: str,
    retries: int = 1,
    **options: Any,
) -> tuple[T | None, AIMessage | None]:
    """:func:`call_structured`, with the model's own message for the object (None with it).

    ``options`` go to the model with the schema (``logprobs=True``, say), so the message can
    carry what the parsed object cannot.
    """
    method = structured_method(model, meter.method)
    if method is None:
        structured = model.with_structured_output(schema, include_raw=True, **options)
    else:
        structured, messages = structured_call(model, schema, method, messages, **options)
    runnable = structured.with_config(
        run_name=prompt.split("@")[0], tags=[f"prompt={prompt}"], metadata={"prompt": prompt}
    )
    again = not getattr(model, "runs_in_process", False)
    timed: Runnable[Any, Any] = RunnableLambda(
        lambda attempt, config: _attempt(meter.timeout, runnable, attempt, config, again=again),
        name="RunnableModelCall",  # plumbing: `contextorg trace` folds it away
    )
    transient = transient_errors()
    guarded = timed.with_retry(
        retry_if_exception_type=transient,
        stop_after_attempt=1 + max(meter.retries, 0),
        # tenacity 9.2 renamed "initial" to "multiplier"; LangChain's TypedDict lags behind.
        exponential_jitter_params=cast(
            ExponentialJitterParams,
            {"multiplier": meter.backoff, "max": 30 * meter.backoff, "jitter": meter.backoff},
        ),
    )
    unanswered: tuple[type[BaseException], ...] = (*transient, DeadlineError)
    attempt = list(messages)
    error: object = None
    for _ in range(retries + 1):
        try:
            out = cast(dict[str, Any], guarded.invoke(attempt))
        except unanswered as exc:
            meter.record(None)  # a call made, that never replied
            error = f"{type(exc).__name__}: {first_line(exc)}"
            break
        except ModelRequestError as exc:
            meter.record(None)
            error = f"the server refused the request ({exc})"
            forget_method(model)  # the server may have changed: probe it again next time
            break
        meter.record(out.get("raw"))
        parsed, message, error = _accept(out, schema)
        if parsed is not None:
            return parsed, message
        attempt = [*messages, HumanMessage(RETRY_NOTE)]
    meter.fail()
    logger.warning("%s: no valid %s: %s", prompt, schema.__name__, error)
    return None, None


def _accept(out: dict[str, Any], schema: type[T]) -> tuple[T | None, AIMessage | None, object]:
    """The parsed reply and its message, or None and why it is not usable."""
    raw = out.get("raw")
    message = raw if isinstance(raw, AIMessage) else None
    if message is not None and message.response_metadata.get("finish_reason") == "length":
        return None, message, "the reply was cut at the token limit"
    parsed = out.get("parsed")
    if isinstance(parsed, schema):
        return parsed, message, None
    if isinstance(parsed, dict):
        try:
            return schema.model_validate(parsed), message, None
        except ValueError as exc:
            return None, message, exc
    return None, message, out.get("parsing_error")


def _attempt(
    seconds: float | None,
    runnable: Runnable[Any, Any],
    value: Any,
    config: RunnableConfig,
    *,
    again: bool = True,
) -> Any:
    """One try of ``runnable``: within ``seconds``, and a refused request told apart.

    A request the server refuses raises :class:`ModelRequestError`, which is not retried (a
    500 that is a validation error would otherwise count as transient); nor is a timeout
    unless ``again`` (a server may be busy; a model in this process would be as slow again).
    """
    try:
        if seconds is None:
            return _counted(lambda: runnable.invoke(value, config))
        return _within(seconds, runnable, value, config)
    except ModelTimeoutError as exc:
        if again:
            raise
        raise DeadlineError(f"{exc}; not tried again, as it would take as long") from None
    except Exception as exc:
        refused = request_error(exc)
        if refused is None:
            raise
        raise refused from exc


def _within(
    seconds: float, runnable: Runnable[Any, Any], value: Any, config: RunnableConfig
) -> Any:
    """``runnable.invoke(value)``, or :class:`ModelTimeoutError` after ``seconds``.

    The call runs on a worker thread; past the deadline the caller moves on and the worker is
    left to finish (a model that takes a deadline itself, like the embedded one, stops too).
    """
    deadline = time.monotonic() + seconds

    def call() -> Any:
        CALL_DEADLINE.set(deadline)
        return _counted(lambda: runnable.invoke(value, config))

    pool = ContextThreadPoolExecutor(max_workers=1)
    future = pool.submit(call)
    pool.shutdown(wait=False)
    try:
        return future.result(timeout=seconds)
    except FutureTimeout:
        raise ModelTimeoutError(f"no reply within {seconds:g} s; {TIMEOUT_HINT}") from None


def concurrently(fn: Callable[[Item], Out], items: Sequence[Item], limit: int) -> list[Out]:
    """``fn`` over ``items`` with at most ``limit`` in flight, results in order.

    Threads inherit the caller's context, so model calls stay children of the node's run.
    """
    if len(items) <= 1 or limit <= 1:
        return [fn(item) for item in items]
    with ContextThreadPoolExecutor(max_workers=limit) as pool:
        return list(pool.map(fn, items))
