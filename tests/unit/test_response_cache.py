"""The SQLite response cache: a rerun makes no model call, and any change of model misses."""

from __future__ import annotations

from pathlib import Path

from langchain_core.outputs import Generation

from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.testing import DEMO_READINGS, World
from contextorg.tools.models.llama import LlamaCppChatModel
from contextorg.tools.persistence.response_cache import SQLiteResponseCache, with_response_cache


def test_a_rerun_is_answered_from_the_cache(tmp_path: Path) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    cache = SQLiteResponseCache(tmp_path / "responses.sqlite")
    model = with_response_cache(world.model(), cache)
    first = ask(DEMO_QUESTION, demo_contexts(), model=model)
    calls = len(world.calls)
    assert calls > 0 and len(cache) == calls and cache.hits == 0
    again = ask(DEMO_QUESTION, demo_contexts(), model=model)
    assert len(world.calls) == calls  # not one new model call
    assert cache.hits == calls
    assert again.text == first.text
    assert again.summary()["usage"]["llm_calls"] == first.summary()["usage"]["llm_calls"]


def test_the_cache_outlives_its_process_and_keys_on_the_model(tmp_path: Path) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    model = world.model()
    ask(
        DEMO_QUESTION,
        demo_contexts(),
        model=with_response_cache(model, SQLiteResponseCache(tmp_path / "r.sqlite")),
    )
    calls = len(world.calls)
    reopened = SQLiteResponseCache(tmp_path / "r.sqlite")
    ask(DEMO_QUESTION, demo_contexts(), model=with_response_cache(model, reopened))
    assert len(world.calls) == calls and reopened.misses == 0
    other = World(demo_contexts(), DEMO_READINGS)  # another script: its replies are its own
    ask(DEMO_QUESTION, demo_contexts(), model=with_response_cache(other.model(), reopened))
    assert len(other.calls) == calls


def test_sampling_settings_are_part_of_the_key() -> None:
    greedy = LlamaCppChatModel(model_path=Path("m.gguf"))
    sampled = greedy.model_copy(update={"temperature": 0.7, "seed": 1})
    assert greedy._get_llm_string() != sampled._get_llm_string()
    assert with_response_cache(greedy, None) is greedy


def test_a_server_on_this_machine_keys_without_its_port(tmp_path: Path) -> None:
    cache = SQLiteResponseCache(tmp_path / "r.sqlite")
    served = '{"kwargs": {"openai_api_base": "http://127.0.0.1:%d/v1", "temperature": 0.0}}'
    cache.update("prompt", served % 55569, [Generation(text="1934")])
    again = cache.lookup("prompt", served % 41203)  # the server started again elsewhere
    assert again is not None and again[0].text == "1934"
    remote = served.replace("127.0.0.1", "models.example.com")
    assert cache.lookup("prompt", remote % 55569) is None  # another machine's server
