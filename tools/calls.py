"""Structured model calls that retry, degrade visibly and count their usage."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.runnables.config import ContextThreadPoolExecutor
from pydantic import BaseModel

from contextorg.state.records import NodeUsage

logger = logging.getLogger("contextorg")

T = TypeVar("T", bound=BaseModel)
Item = TypeVar("Item")
Out = TypeVar("Out")

RETRY_NOTE = (
    "Your previous reply was not valid JSON for the requested schema. Reply again with a "
    "short JSON object only."
)


@dataclass
class Meter:
    """Counts one node's model calls, tokens, failures and wall time."""

    started: float = field(default_factory=time.perf_counter)
    llm_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    failures: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

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

    A reply that does not parse is retried, then counted in ``meter.failures``, logged and
    returned as ``None``: callers degrade (for example, skip a group) instead of crashing.
    Errors of the model itself (a server that is down) propagate.
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
    runnable = model.with_structured_output(schema, include_raw=True, **options).with_config(
        run_name=prompt.split("@")[0], tags=[f"prompt={prompt}"], metadata={"prompt": prompt}
    )
    attempt = list(messages)
    error: object = None
    for _ in range(retries + 1):
        out = cast(dict[str, Any], runnable.invoke(attempt))
        raw = out.get("raw")
        meter.record(raw)
        parsed = out.get("parsed")
        message = raw if isinstance(raw, AIMessage) else None
        if isinstance(parsed, schema):
            return parsed, message
        if isinstance(parsed, dict):
            try:
                return schema.model_validate(parsed), message
            except ValueError as exc:
                error = exc
        else:
            error = out.get("parsing_error")
        attempt = [*messages, HumanMessage(RETRY_NOTE)]
    meter.fail()
    logger.warning(
        "%s: no valid %s after %d tries: %s", prompt, schema.__name__, retries + 1, error
    )
    return None, None


def concurrently(fn: Callable[[Item], Out], items: Sequence[Item], limit: int) -> list[Out]:
    """``fn`` over ``items`` with at most ``limit`` in flight, results in order.

    Threads inherit the caller's context, so model calls stay children of the node's run.
    """
    if len(items) <= 1 or limit <= 1:
        return [fn(item) for item in items]
    with ContextThreadPoolExecutor(max_workers=limit) as pool:
        return list(pool.map(fn, items))
