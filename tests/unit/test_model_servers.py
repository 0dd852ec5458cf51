"""OpenAI-compatible servers: the structured-output method probed and remembered, and errors a
person can act on. The server is :class:`FakeOpenAIServer` (``httpx.MockTransport``): no socket."""

from __future__ import annotations

import json
import time
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from langchain_core.messages import HumanMessage, SystemMessage

from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.prompts import answer_group
from contextorg.prompts._render import render_contexts
from contextorg.prompts.answer_group import GroupAnswers
from contextorg.testing import DEMO_READINGS, FakeOpenAIServer, World
from contextorg.tools.models import methods
from contextorg.tools.models.calls import Meter, call_structured
from contextorg.tools.models.methods import METHODS, ModelServerError, with_fields_named
from contextorg.tools.models.resolve import register_chat_model
from contextorg.tools.persistence.response_cache import SQLiteResponseCache, with_response_cache

SCRIPTED = "According to [velmora-guide][velmora-history], the answer is 1987."
WORLD = World(demo_contexts(), DEMO_READINGS)


@pytest.fixture(autouse=True)
def memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test remembers methods in its own file, and starts knowing no server."""
    path = tmp_path / methods.MEMORY_FILE
    monkeypatch.setattr(methods, "_memory_path", lambda: path)
    methods.clear_known_servers()
    yield path
    methods.clear_known_servers()


def remembered(memory: Path) -> Any:
    written = json.loads(memory.read_text())
    assert written["probed"] == list(METHODS)  # the methods its probes tried
    return written["methods"]


def demo_over(server: FakeOpenAIServer, **options: Any) -> str:
    return ask(DEMO_QUESTION, demo_contexts(), model=server.chat_model(), **options).text


def group_call(server: FakeOpenAIServer, meter: Meter, model: Any = None) -> Any:
    messages = answer_group.TEMPLATE.format_messages(
        contexts=render_contexts(demo_contexts()[:2]), question=DEMO_QUESTION
    )
    chat = server.chat_model() if model is None else model
    return call_structured(chat, GroupAnswers, messages, meter, prompt="answer_group@1")


@pytest.mark.parametrize(
    ("accepts", "chosen"),
    [
        (methods.METHODS, "json_schema"),  # OpenAI, vLLM, llama.cpp's C++ server
        (methods.METHODS[1:], "json_object_schema"),  # llama-cpp-python's server
        ({"function_calling", "json_mode"}, "function_calling"),  # Ollama: ignores the schema
        ({"function_calling"}, "function_calling"),
        ({"json_mode"}, "json_mode"),
    ],
)
def test_the_probe_finds_the_method_the_server_takes(
    accepts: Collection[str], chosen: str, memory: Path
) -> None:
    server = FakeOpenAIServer(WORLD.respond, accepts=accepts)
    assert SCRIPTED in demo_over(server)  # the scripted model's answers, through the API
    tried = METHODS.index(chosen) + 1
    assert server.requests[0] == ("GET", "/v1/models")  # the server check, once
    assert server.methods[:tried] == list(METHODS[:tried])  # the probe, in order
    assert set(server.methods[tried:]) == {chosen}  # every call of the run
    assert remembered(memory) == {f"{server.base_url} scripted": chosen}


def test_a_remembered_method_skips_the_probe_in_the_next_process() -> None:
    server = FakeOpenAIServer(WORLD.respond, accepts={"function_calling"})
    demo_over(server)
    methods.clear_known_servers()  # a new process: only the file remembers
    server.methods.clear()
    assert SCRIPTED in demo_over(server)
    assert set(server.methods) == {"function_calling"}


def test_a_chosen_method_is_used_without_a_probe() -> None:
    server = FakeOpenAIServer(WORLD.respond)
    assert SCRIPTED in demo_over(server, structured_output="json_mode")
    assert set(server.methods) == {"json_mode"}


def test_a_memo_from_a_probe_that_tried_other_methods_is_probed_again(memory: Path) -> None:
    server = FakeOpenAIServer(WORLD.respond, accepts={"json_object_schema", "function_calling"})
    older = {f"{server.base_url} scripted": "function_calling"}  # before json_object_schema
    memory.write_text(json.dumps(older))
    assert SCRIPTED in demo_over(server)
    assert server.methods[:2] == ["json_schema", "json_object_schema"]  # probed again
    assert remembered(memory) == {f"{server.base_url} scripted": "json_object_schema"}


def test_json_object_schema_sends_the_schema_and_the_prompt_as_it_is() -> None:
    bodies: list[dict[str, Any]] = []

    def keep(request: httpx.Request) -> None:
        if request.url.path.endswith("/chat/completions"):
            bodies.append(json.loads(request.content))

    server = FakeOpenAIServer(WORLD.respond, accepts={"json_object_schema"}, fault=keep)
    meter = Meter(method="json_object_schema")
    assert group_call(server, meter) is not None
    (body,) = bodies  # no probe: the method was chosen
    assert body["response_format"]["type"] == "json_object"
    assert body["response_format"]["schema"]["required"] == ["answers"]
    expected = answer_group.TEMPLATE.format_messages(
        contexts=render_contexts(demo_contexts()[:2]), question=DEMO_QUESTION
    )
    assert [m["content"] for m in body["messages"]] == [m.text for m in expected]


def test_json_mode_names_the_fields_or_a_model_invents_its_own() -> None:
    server = FakeOpenAIServer(WORLD.respond, accepts={"json_mode"})
    asked = [SystemMessage("Answer."), HumanMessage("What is 2 + 3?")]
    named = with_fields_named(asked, GroupAnswers)
    assert '"answers"' in named[0].text and named[1:] == asked[1:]
    chat = server.chat_model().with_structured_output(GroupAnswers, method="json_mode")
    with pytest.raises(Exception, match="validation error"):  # the fake's own keys
        chat.invoke(asked)


def test_a_refused_remembered_method_is_forgotten_and_probed_again(memory: Path) -> None:
    server = FakeOpenAIServer(WORLD.respond, accepts={"function_calling"})
    memo = {f"{server.base_url} scripted": "json_schema"}
    memory.write_text(json.dumps({"probed": METHODS, "methods": memo}))
    meter = Meter(retries=2, backoff=0)
    assert group_call(server, meter) is None  # refused once, and not retried
    assert server.methods == ["json_schema"] and meter.failures == 1
    assert remembered(memory) == {}
    assert group_call(server, meter) is not None  # probed again: function_calling
    assert remembered(memory) == {f"{server.base_url} scripted": "function_calling"}


def test_an_unreadable_memory_is_probed_again_and_replaced(memory: Path) -> None:
    memory.write_text('{"half a file')
    server = FakeOpenAIServer(WORLD.respond, accepts={"json_mode"})
    assert SCRIPTED in demo_over(server)
    assert remembered(memory) == {f"{server.base_url} scripted": "json_mode"}
    assert not list(memory.parent.glob(f".{methods.MEMORY_FILE}.*"))  # no temporary left


def test_an_unknown_model_is_one_line_after_one_request() -> None:
    server = FakeOpenAIServer(WORLD.respond, models=["qwen2.5-coder-1.5b", "llama3:latest"])
    with pytest.raises(ModelServerError) as error:
        demo_over(server)
    assert "does not serve 'scripted'" in str(error.value)
    assert "qwen2.5-coder-1.5b, llama3:latest" in str(error.value) and "\n" not in str(error.value)
    assert server.requests == [("GET", "/v1/models")]
    tagged = FakeOpenAIServer(WORLD.respond, models=["scripted:latest"])  # Ollama's tags
    assert SCRIPTED in demo_over(tagged)


def test_a_model_missing_where_nothing_is_listed_is_a_404_line() -> None:
    server = FakeOpenAIServer(WORLD.respond, models=["other"], lists_models=False)
    with pytest.raises(ModelServerError, match="answered 404 for 'scripted'.*ends where the API"):
        demo_over(server)
    assert len(server.requests) == 2  # GET /models (404), then one probe


def test_an_unreachable_server_is_one_line_within_a_second() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno 111] Connection refused", request=request)

    server = FakeOpenAIServer(WORLD.respond, fault=refuse)
    started = time.monotonic()
    with pytest.raises(ModelServerError, match="cannot reach the model server at http://fake"):
        demo_over(server)
    assert time.monotonic() - started < 1 and len(server.requests) == 1


def test_a_refused_key_says_to_set_it() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        return httpx.Response(401, json={"error": {"message": "Incorrect API key provided"}})

    server = FakeOpenAIServer(WORLD.respond, fault=refuse)
    with pytest.raises(ModelServerError, match="refused the key.*set OPENAI_API_KEY"):
        demo_over(server)


@pytest.mark.parametrize(
    ("status", "body", "attempts"),
    [
        (400, "context length exceeded", 1),  # the request itself is wrong: once
        (500, "1 validation error: Input should be 'text'", 1),  # llama.cpp's way of saying so
        (503, "overloaded", 3),  # transient: tried again, twice
        (429, "rate limited", 3),
    ],
)
def test_only_transient_server_errors_are_retried(status: int, body: str, attempts: int) -> None:
    calls = {"chat": 0}

    def after_probe(request: httpx.Request) -> httpx.Response | None:
        if not request.url.path.endswith("/chat/completions"):
            return None
        calls["chat"] += 1
        if calls["chat"] == 1:
            return None  # the probe succeeds
        return httpx.Response(status, json={"error": {"message": body}})

    server = FakeOpenAIServer(WORLD.respond, fault=after_probe)
    meter = Meter(retries=2, backoff=0)
    assert group_call(server, meter) is None
    assert calls["chat"] - 1 == attempts and meter.failures == 1


def test_the_response_cache_keys_on_the_method(tmp_path: Path) -> None:
    server = FakeOpenAIServer(WORLD.respond)
    cache = SQLiteResponseCache(tmp_path / "responses.sqlite")
    model = with_response_cache(server.chat_model(), cache)
    for method in ("function_calling", "json_mode", "function_calling"):
        assert group_call(server, Meter(method=method), model) is not None
    assert cache.misses == 2 and cache.hits == 1  # a reply by one method is not the other's
    assert server.methods.count("function_calling") == 1


def test_the_cli_says_one_line_for_a_server_that_is_not_there(run_cli: Any) -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("Connection refused", request=request)

    server = FakeOpenAIServer(WORLD.respond, fault=refuse)
    register_chat_model("fake-server", lambda _: server.chat_model(), real=False)
    code, out, err = run_cli(["ask", "--model", "fake-server"])
    assert code == 2 and out == ""
    assert err.startswith("error: cannot reach the model server") and "Traceback" not in err


def test_the_cli_refuses_an_unknown_method(run_cli: Any) -> None:
    code, _, err = run_cli(["ask", "--model", "scripted:demo", "--structured-output", "xml"])
    assert code == 2 and "unknown structured output method 'xml'" in err
