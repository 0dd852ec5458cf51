"""A chat model that misbehaves on purpose: for testing what contextorg does when models fail.

Wrap any scripted responder (a :class:`~contextorg.testing.World`'s, say) with the faults to
inject; each applies to the calls it matches (by output schema), the first ``times`` of them
or all::

    world = World(contexts, readings)
    model = faulty(world.respond, Fault("raise", schema="AnswerReading", times=1))
    ask(question, contexts, model=model)     # the first reading fails once, then succeeds

Kinds: ``raise`` (the model raises ``error``: a dropped connection by default), ``hang``
(the reply comes after ``seconds``), ``empty`` (an empty reply), ``truncate`` (the reply cut
in half, as at the token limit), ``garble`` (malformed JSON), ``invent`` (well-formed, but every
answer is ``"2050"`` citing contexts 1 and 99, which the contexts never say).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.messages import AIMessage, BaseMessage

from contextorg.tools.models.structured import Responder, ScriptedChatModel

FaultKind = Literal["raise", "hang", "empty", "truncate", "garble", "invent"]
INVENTED = "2050"


@dataclass(frozen=True)
class Fault:
    """One way the model misbehaves, and on which calls."""

    kind: FaultKind
    schema: str | None = None
    """Only calls for this output schema (its title, e.g. ``"GroupAnswers"``); None: any."""
    times: int | None = None
    """Only the first this many matching calls; None: every one."""
    seconds: float = 1.0
    """How long a ``hang`` waits before it replies."""
    error: type[Exception] = ConnectionError
    """What ``raise`` raises."""


class Faults:
    """A responder that applies faults to another responder's replies (thread-safe)."""

    def __init__(self, respond: Responder, faults: Sequence[Fault]) -> None:
        self.respond = respond
        self.faults = list(faults)
        self.applied: list[tuple[FaultKind, str]] = []
        """Every fault applied, with the schema of the call it hit."""
        self._seen = [0] * len(self.faults)
        self._lock = threading.Lock()

    def __call__(
        self, messages: Sequence[BaseMessage], schema: dict[str, Any] | None
    ) -> str | dict[str, Any] | AIMessage:
        """The reply to one call, with the first matching fault applied."""
        title = (schema or {}).get("title", "")
        fault = self._match(title)
        if fault is None:
            return self.respond(messages, schema)
        if fault.kind == "raise":
            raise fault.error(f"injected fault: {fault.error.__name__} on a {title} call")
        if fault.kind == "empty":
            return ""
        if fault.kind == "hang":
            time.sleep(fault.seconds)
            return self.respond(messages, schema)
        reply = self.respond(messages, schema)
        text = reply.text if isinstance(reply, AIMessage) else _as_text(reply)
        if fault.kind == "truncate":
            cut = text[: max(len(text) // 2, 1)]
            return AIMessage(content=cut, response_metadata={"finish_reason": "length"})
        if fault.kind == "garble":
            return text.rstrip().rstrip("}") + ', "'
        return _as_text(_invent(json.loads(text)))

    def _match(self, title: str) -> Fault | None:
        with self._lock:
            for n, fault in enumerate(self.faults):
                if fault.schema not in (None, title):
                    continue
                if fault.times is not None and self._seen[n] >= fault.times:
                    continue
                self._seen[n] += 1
                self.applied.append((fault.kind, title))
                return fault
        return None


def faulty(respond: Responder, *faults: Fault) -> ScriptedChatModel:
    """A scripted model replying as ``respond`` does, but for the injected ``faults``.

    Its responder (``model.respond``) is the :class:`Faults`, which records what it applied.
    """
    return ScriptedChatModel(respond=Faults(respond, faults))


def _as_text(reply: str | dict[str, Any]) -> str:
    return reply if isinstance(reply, str) else json.dumps(reply)


def _invent(value: Any) -> Any:
    """Every answer, question and quote replaced by one no context states; citations 1, 99."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key in ("answer", "question", "sentence") and (
                item is None or isinstance(item, str)
            ):
                out[key] = INVENTED if key != "question" else f"Why is {INVENTED} the answer?"
            elif key in ("contexts", "agents", "context") and item is not None:
                out[key] = [1, 99] if isinstance(item, list) else 99
            elif key == "answers_question":
                out[key] = True
            else:
                out[key] = _invent(item)
        return out
    if isinstance(value, list):
        return [_invent(item) for item in value]
    return value
