"""How a chat model is asked for structured replies, chosen once per server and model.

A reply can be held to a schema four ways, and OpenAI-compatible servers differ in which they
accept: ``json_schema`` (the server constrains the reply to the schema: OpenAI, vLLM, llama.cpp's
C++ server), ``json_object_schema`` (JSON mode with the schema beside it, which llama.cpp's
servers constrain the reply to: llama-cpp-python's server takes only this),
``function_calling`` (the reply is a forced call of one tool whose parameters are the schema:
Ollama) and ``json_mode`` (any JSON object; the prompt names the fields). Where a server
constrains decoding, the model reads the same prompt as the embedded one and its replies are
the same; a tool-call prompt changes them (a small model then prefers "unknown" to "no").

With ``auto``, a model served over the OpenAI API is checked once, the first time it is used:
is the server there, does it serve that model, and which method gives a valid reply to a tiny
question, tried in the order above. The probe's field has a name no model guesses, so a server
that takes the schema but ignores it fails the probe. The choice is remembered per base URL
and model in memory and in ``structured-output.json`` in the home folder, so later runs skip
the probe (a memo from a probe that tried other methods is probed again); a request error with
a remembered method forgets it. Models that constrain decoding themselves (the embedded one,
the scripted test model) and other LangChain chat models keep their own default unless a
method is chosen.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast, get_args

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from langchain_core.runnables import Runnable
from pydantic import BaseModel, Field

from contextorg.state.runtime import StructuredOutputName
from contextorg.tools.models.structured import JsonSchemaChatModel, require_all
from contextorg.tools.registry import Registry
from contextorg.tools.settings import get_settings

logger = logging.getLogger("contextorg")

STRUCTURED_OUTPUTS: Registry[str] = Registry(
    "structured output method",
    {
        "auto": "probed once per server and model, then remembered",
        "json_schema": "the server holds the reply to the schema",
        "json_object_schema": "JSON mode with the schema beside it (llama.cpp's servers)",
        "function_calling": "a forced call of one tool whose parameters are the schema",
        "json_mode": "any JSON object, the schema's fields named in the prompt",
    },
)
"""The ways to ask for structured replies, each with what it means."""
METHODS: tuple[str, ...] = get_args(StructuredOutputName)[1:]
"""The methods, in the order ``auto`` tries them."""
MEMORY_FILE = "structured-output.json"
"""Where the probed methods are remembered, in the home folder."""
FAILURE_MEMORY = 30.0
"""Seconds a failed server check is remembered in-process, so concurrent calls of one run
make one request between them, not one each."""


class ModelServerError(RuntimeError):
    """A model server cannot be used as configured; the message names it and what to do."""


class ModelRequestError(RuntimeError):
    """The server refused one request as malformed or unsupported: asking again cannot help."""


class StructuredOutputProbe(BaseModel):
    """The tiny question that tells which method a server takes (a field no model guesses)."""

    digits_of_the_sum: str = Field(description="the answer, a number")


PROBE: list[BaseMessage] = [
    SystemMessage("Reply with JSON only."),
    HumanMessage("What is 2 + 3?"),
]


def structured_method(model: BaseChatModel, chosen: str) -> str | None:
    """The method to ask ``model`` for structured replies with; None: the model's own.

    ``chosen`` is a run's ``structured_output``. An OpenAI-compatible model is checked first
    (once per process): an unreachable server, an unknown model or a refused key raise
    :class:`ModelServerError` within seconds instead of failing every call.
    """
    check_method(chosen)
    if isinstance(model, JsonSchemaChatModel):
        return None  # it constrains decoding by the schema itself, whatever is chosen
    server = _server_of(model)
    if server is None:
        return None if chosen == "auto" else chosen
    return _SERVERS.method(model, server, chosen)


def check_method(chosen: str) -> None:
    """Refuse a name that is not a method (a typo fails before any call)."""
    STRUCTURED_OUTPUTS[chosen]


def forget_method(model: BaseChatModel) -> None:
    """Drop the remembered method of ``model``'s server (a request with it was refused)."""
    server = _server_of(model)
    if server is not None:
        _SERVERS.forget(server)


def schema_for(model: BaseChatModel, schema: type[BaseModel]) -> dict[str, Any] | type[BaseModel]:
    """The schema to send: every field required for a server, as the embedded model gets it.

    Optional fields let constrained decoding skip them (a small model then "answers" with no
    answer); required, the model writes each one, ``null`` where allowed.
    """
    if isinstance(model, JsonSchemaChatModel):
        return schema
    return require_all(schema.model_json_schema())


def with_fields_named(
    messages: Sequence[BaseMessage], schema: type[BaseModel]
) -> list[BaseMessage]:
    """``messages`` with the reply's JSON schema named, for ``json_mode`` (which sends none)."""
    fields = json.dumps(require_all(schema.model_json_schema()), separators=(",", ":"))
    note = f"Reply with one JSON object that follows this JSON schema: {fields}"
    out = list(messages)
    for n, message in enumerate(out):
        if isinstance(message, SystemMessage) and isinstance(message.content, str):
            out[n] = SystemMessage(f"{message.content}\n\n{note}")
            return out
    return [SystemMessage(note), *out]


def structured_call(
    model: BaseChatModel,
    schema: type[BaseModel],
    method: str,
    messages: Sequence[BaseMessage],
    **options: Any,
) -> tuple[Runnable[Any, Any], list[BaseMessage]]:
    """What asks ``model`` for a ``schema`` object by ``method``, and the messages to send it.

    The runnable returns LangChain's ``{"raw", "parsed", "parsing_error"}``; ``options`` go to
    the model with the request.
    """
    spec = schema_for(model, schema)
    if method == "json_object_schema":  # LangChain's JSON mode, its response_format replaced
        response_format = {"type": "json_object", "schema": spec}
        ask = model.with_structured_output(
            spec, method="json_mode", include_raw=True, response_format=response_format, **options
        )
        return ask, list(messages)
    ask = model.with_structured_output(spec, method=method, include_raw=True, **options)
    if method == "json_mode":
        return ask, with_fields_named(messages, schema)
    return ask, list(messages)


def request_error(exc: BaseException) -> ModelRequestError | None:
    """``exc`` as a :class:`ModelRequestError` when the server refused the request itself.

    A 4xx other than a timeout, conflict or rate limit, or a 500 whose body is a request
    validation error (llama.cpp's server answers an unsupported ``response_format`` so).
    """
    openai = sys.modules.get("openai")
    if openai is None or not isinstance(exc, openai.APIStatusError):
        return None
    status = exc.status_code
    if 400 <= status < 500 and status not in (408, 409, 429):
        return ModelRequestError(f"HTTP {status}: {first_line(exc.message)}")
    if status == 500 and _VALIDATION in str(exc.message).lower():
        return ModelRequestError(f"HTTP {status}: {first_line(exc.message)}")
    return None


_VALIDATION = "validation error"


def first_line(text: object, limit: int = 300) -> str:
    """The first non-blank line of an error message, cut at ``limit`` characters."""
    line = next((s.strip() for s in str(text).splitlines() if s.strip()), "")
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _server_of(model: BaseChatModel) -> tuple[str, str] | None:
    """(base URL, model name) of a model served over the OpenAI API, else None."""
    if "langchain_openai" not in sys.modules:  # not imported: no model can be one
        return None
    from langchain_openai.chat_models.base import BaseChatOpenAI

    if not isinstance(model, BaseChatOpenAI):
        return None
    base = (model.openai_api_base or "https://api.openai.com/v1").rstrip("/")
    return base, model.model_name


class _Servers:
    """What is known of each (base URL, model): checked, its probed method, a recent failure."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._probing: dict[tuple[str, str], threading.Lock] = {}
        self._checked: set[tuple[str, str]] = set()
        self._methods: dict[tuple[str, str], str] = {}
        self._failed: dict[tuple[str, str], tuple[float, ModelServerError]] = {}

    def method(self, model: BaseChatModel, server: tuple[str, str], chosen: str) -> str:
        with self._lock:
            probing = self._probing.setdefault(server, threading.Lock())
        with probing:  # one check per server at a time; the others wait for its outcome
            failed = self._failed.get(server)
            if failed is not None and time.monotonic() - failed[0] < FAILURE_MEMORY:
                raise failed[1]
            try:
                if server not in self._checked:
                    _check_served(model, server)
                    self._checked.add(server)
                if chosen != "auto":
                    return chosen
                if server not in self._methods:
                    self._methods[server] = _remembered_or_probed(model, server)
                return self._methods[server]
            except ModelServerError as exc:
                self._failed[server] = (time.monotonic(), exc)
                raise

    def forget(self, server: tuple[str, str]) -> None:
        with self._lock:
            self._methods.pop(server, None)
        _remember(server, None)

    def clear(self) -> None:
        """Forget everything known in this process (tests)."""
        with self._lock:
            self._checked.clear()
            self._methods.clear()
            self._failed.clear()


_SERVERS = _Servers()
clear_known_servers = _SERVERS.clear


def _check_served(model: BaseChatModel, server: tuple[str, str]) -> None:
    """The server answers, takes the key, and serves the model (if it lists its models)."""
    base, name = server
    served = _served(model, server)
    if served is not None and not _listed(name, served):
        shown = ", ".join(served[:5]) + (", ..." if len(served) > 5 else "")
        raise ModelServerError(
            f"the model server at {base} does not serve {name!r}; it serves: {shown}. "
            "Pass --model openai:NAME with one of them."
        )


def _remembered_or_probed(model: BaseChatModel, server: tuple[str, str]) -> str:
    remembered = _remembered().get(_memory_key(server))
    if remembered in METHODS:
        return str(remembered)
    method = _probe(model, server)
    _remember(server, method)
    logger.info("%s at %s: structured output by %s (probed)", server[1], server[0], method)
    return method


def _served(model: BaseChatModel, server: tuple[str, str]) -> list[str] | None:
    """The model names the server lists (``GET /models``); None if it lists none.

    Azure lists its base models, not the deployments a model name means there: not asked.
    """
    import openai
    from langchain_openai import AzureChatOpenAI

    if isinstance(model, AzureChatOpenAI):
        return None

    client = model.root_client.with_options(max_retries=0, timeout=10.0)  # type: ignore[attr-defined]
    try:
        return [entry.id for entry in client.models.list()]
    except (openai.APIConnectionError, openai.APITimeoutError) as exc:
        raise _unreachable(server, exc) from None
    except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
        raise _refused(server, exc) from None
    except openai.APIStatusError:
        return None  # no model list here (some servers and proxies have none): not an error


def _listed(name: str, served: list[str]) -> bool:
    """Whether the server serves ``name`` (Ollama also answers ``llama3`` for ``llama3:latest``)."""
    return name in served or any(entry.startswith(f"{name}:") for entry in served)


def _probe(model: BaseChatModel, server: tuple[str, str]) -> str:
    """The first method whose reply to a tiny question is valid JSON of the schema."""
    import openai

    base, name = server
    reasons = []
    for method in METHODS:
        ask, messages = structured_call(model, StructuredOutputProbe, method, PROBE)
        try:
            out = cast(dict[str, Any], ask.invoke(messages))
        except (openai.APIConnectionError, openai.APITimeoutError) as exc:
            raise _unreachable(server, exc) from None
        except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
            raise _refused(server, exc) from None
        except openai.NotFoundError as exc:
            raise ModelServerError(
                f"the model server at {base} answered 404 for {name!r} ({first_line(exc.message)}"
                "): check the model name, and that OPENAI_BASE_URL ends where the API does "
                "(usually /v1)."
            ) from None
        except openai.APIStatusError as exc:
            refused = request_error(exc)
            if refused is None:
                raise ModelServerError(
                    f"the model server at {base} failed on {name!r}: {first_line(exc.message)}"
                ) from None
            reasons.append(f"{method}: {refused}")
            continue
        parsed: Any = out.get("parsed")
        if isinstance(parsed, dict) and str(parsed.get("digits_of_the_sum") or "").strip():
            return method
        reasons.append(f"{method}: no valid reply ({first_line(out.get('parsing_error'))})")
    raise ModelServerError(
        f"{name!r} at {base} gave no valid structured reply by any method ("
        + "; ".join(reasons)
        + "). Choose one with --structured-output, or use another model."
    )


def _unreachable(server: tuple[str, str], exc: BaseException) -> ModelServerError:
    base, name = server
    return ModelServerError(
        f"cannot reach the model server at {base} for {name!r} ({first_line(exc)}). Start it "
        "(for the embedded weights: make model-server), or set OPENAI_BASE_URL to where it "
        "listens."
    )


def _refused(server: tuple[str, str], exc: Any) -> ModelServerError:
    base, name = server
    return ModelServerError(
        f"the model server at {base} refused the key for {name!r} "
        f"({first_line(exc.message)}): set OPENAI_API_KEY."
    )


def _memory_key(server: tuple[str, str]) -> str:
    return f"{server[0]} {server[1]}"


def _memory_path() -> Path:
    return get_settings().home / MEMORY_FILE


def _remembered() -> dict[str, Any]:
    """The remembered methods; an unreadable file is as good as none (it is only a memo).

    The file names the methods its probes tried: memos from a probe that tried others (an
    older version) are dropped, as a method since added may be the better one.
    """
    try:
        loaded = json.loads(_memory_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(loaded, dict) or loaded.get("probed") != list(METHODS):
        return {}
    memos = loaded.get("methods")
    return memos if isinstance(memos, dict) else {}


_WRITING = threading.Lock()


def _remember(server: tuple[str, str], method: str | None) -> None:
    """Store (or, with None, drop) one server's method: a whole new file, swapped in.

    A process killed mid-write leaves the old file; two writing at once keep one of the two
    memos, and the other server is probed again next time.
    """
    path = _memory_path()
    with _WRITING:
        memory = _remembered()
        if method is None:
            if memory.pop(_memory_key(server), None) is None:
                return
        else:
            memory[_memory_key(server)] = method
        temporary = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{MEMORY_FILE}.")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(
                    {"probed": list(METHODS), "methods": memory}, out, indent=1, sort_keys=True
                )
            os.replace(temporary, path)
        except OSError as exc:  # a read-only home: probe again next time
            logger.debug("could not remember the structured output method: %s", exc)
            if temporary is not None:
                Path(temporary).unlink(missing_ok=True)
