"""An OpenAI-compatible server inside the test process: ``ChatOpenAI`` with no network.

:class:`FakeOpenAIServer` answers the requests ``ChatOpenAI`` sends through an
``httpx.MockTransport`` (no socket is opened), replying as a scripted responder says, and
behaves as a real server would where servers differ: which structured-output methods it
accepts (llama.cpp's server refuses ``response_format: json_schema`` with an HTTP 500 whose
body is a validation error, and holds ``json_object`` replies to a schema sent beside it; Ollama
takes ``json_object`` but ignores any schema), which models it lists, and any fault a test
injects. Every request is logged, so a test can count them::

    server = FakeOpenAIServer(world.respond, accepts={"json_object_schema", "json_mode"})
    ask(question, contexts, model=server.chat_model())
    assert server.requests[0] == ("GET", "/v1/models")
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import httpx
from langchain_core.messages import AIMessage, BaseMessage, convert_to_messages
from pydantic import SecretStr

from contextorg.tools.models.methods import StructuredOutputProbe
from contextorg.tools.models.structured import Responder

PROBE_TITLE = StructuredOutputProbe.__name__
_SERVERS = itertools.count(1)
ALL_METHODS = frozenset({"json_schema", "json_object_schema", "function_calling", "json_mode"})
_NAMED_SCHEMA = re.compile(r"follows this JSON schema: (\{.*\})", re.DOTALL)


class FakeOpenAIServer:
    """An OpenAI chat-completions API over ``httpx.MockTransport``, scripted by ``respond``.

    ``respond(messages, json_schema)`` is the scripted model's responder
    (:class:`~contextorg.tools.models.structured.ScriptedChatModel`): the schema comes from the
    request (a forced tool's parameters, ``response_format``), or for JSON mode from the
    prompt, as a real model would read it; without one, the fake "invents" its own keys.
    ``accepts``: the structured-output methods it takes; one that takes ``json_mode`` but not
    ``json_object_schema`` ignores a schema sent beside ``json_object``. ``models``: the models
    it serves (another is a 404), listed by ``GET /models`` unless ``lists_models`` is False
    (that path is then a 404, as on some proxies). ``fault(request)`` may return a response to send
    instead.
    """

    def __init__(
        self,
        respond: Responder,
        *,
        accepts: Iterable[str] = ALL_METHODS,
        models: Sequence[str] = ("scripted",),
        lists_models: bool = True,
        fault: Callable[[httpx.Request], httpx.Response | None] | None = None,
    ) -> None:
        self.respond = respond
        self.accepts = frozenset(accepts)
        self.models = list(models)
        self.lists_models = lists_models
        self.fault = fault
        self.base_url = f"http://fake-openai-{next(_SERVERS)}.test/v1"
        """Each fake its own URL: what is remembered of one server is not taken for another."""
        self.requests: list[tuple[str, str]] = []
        """Every request, as (method, path)."""
        self.methods: list[str] = []
        """The structured-output method of every chat request (``text`` for none)."""

    def chat_model(self, model: str = "scripted", **kwargs: Any) -> Any:
        """A ``ChatOpenAI`` whose requests this server answers (no client retries)."""
        from langchain_openai import ChatOpenAI

        return ChatOpenAI(
            model=model,
            base_url=self.base_url,
            api_key=SecretStr("not-needed"),
            temperature=0,
            max_retries=0,
            http_client=httpx.Client(transport=httpx.MockTransport(self.handle)),
            **kwargs,
        )

    def handle(self, request: httpx.Request) -> httpx.Response:
        """One request: a fault if the test injects one, else what the API would answer."""
        self.requests.append((request.method, request.url.path))
        if self.fault is not None and (faulty := self.fault(request)) is not None:
            return faulty
        if request.url.path.endswith("/models"):
            if not self.lists_models:
                return _error(404, "Not Found", "not_found")
            listed = [{"id": m, "object": "model", "owned_by": "test"} for m in self.models]
            return httpx.Response(200, json={"object": "list", "data": listed})
        if request.url.path.endswith("/chat/completions"):
            return self._chat(json.loads(request.content))
        return _error(404, "Not Found", "not_found")

    def _chat(self, body: dict[str, Any]) -> httpx.Response:
        tagged = [m for m in self.models if m.partition(":")[0] == body["model"]]  # Ollama's
        if body["model"] not in self.models and not tagged:
            return _error(404, f"The model `{body['model']}` does not exist.", "not_found")
        messages = convert_to_messages(body["messages"])
        method, schema = _method_and_schema(body, messages)
        self.methods.append(method)
        if method == "json_object_schema" and method not in self.accepts:
            if "json_mode" in self.accepts:  # the schema ignored: only the prompt names fields
                method, schema = "json_mode", _named_in_prompt(messages)
        if method != "text" and method not in self.accepts:
            if method == "json_schema":  # llama.cpp's server: a 500 that is a validation error
                detail = (
                    "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', "
                    "'response_format', 'type'), 'msg': \"Input should be 'text' or "
                    "'json_object'\"}"
                )
                return _error(500, detail, "internal_server_error")
            return _error(400, f"{method} is not supported by this server", "invalid_request")
        if method == "json_mode" and schema is None:
            reply: Any = {"response": "an object with keys of its own"}  # nothing named them
        elif schema is not None and schema.get("title") == PROBE_TITLE:
            reply = {"digits_of_the_sum": "5"}  # the structured-output probe: "What is 2 + 3?"
        else:
            reply = self.respond(messages, schema)
        text = reply.text if isinstance(reply, AIMessage) else reply
        content = text if isinstance(text, str) else json.dumps(text)
        message: dict[str, Any] = {"role": "assistant", "content": content}
        if method == "function_calling":
            tool = body["tools"][0]["function"]["name"]
            call = {"name": tool, "arguments": content}
            message = {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": "call_0", "type": "function", "function": call}],
            }
        n_in = sum(len(m.text.split()) for m in messages)
        return httpx.Response(
            200,
            json={
                "id": "chatcmpl-0",
                "object": "chat.completion",
                "created": 0,
                "model": body["model"],
                "choices": [
                    {"index": 0, "message": message, "finish_reason": "stop", "logprobs": None}
                ],
                "usage": {
                    "prompt_tokens": n_in,
                    "completion_tokens": len(content.split()),
                    "total_tokens": n_in + len(content.split()),
                },
            },
        )


def _method_and_schema(
    body: dict[str, Any], messages: list[BaseMessage]
) -> tuple[str, dict[str, Any] | None]:
    """How the request asks for structure, and the schema it gives (titled, as pydantic's)."""
    response_format = body.get("response_format") or {}
    if response_format.get("type") == "json_schema":
        spec = response_format["json_schema"]
        return "json_schema", {"title": spec.get("name"), **spec["schema"]}
    if body.get("tools"):
        function = body["tools"][0]["function"]
        return "function_calling", {"title": function["name"], **function["parameters"]}
    if response_format.get("type") == "json_object" and "schema" in response_format:
        return "json_object_schema", response_format["schema"]
    if response_format.get("type") == "json_object":
        return "json_mode", _named_in_prompt(messages)
    return "text", None


def _named_in_prompt(messages: list[BaseMessage]) -> dict[str, Any] | None:
    """The schema a JSON-mode prompt names for its reply, if it names one."""
    named = next((m for message in messages if (m := _NAMED_SCHEMA.search(message.text))), None)
    return json.loads(named.group(1)) if named else None


def _error(status: int, message: str, kind: str) -> httpx.Response:
    return httpx.Response(status, json={"error": {"message": message, "type": kind}})
