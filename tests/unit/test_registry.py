"""One registry type: every slot resolves names the same way and explains an unknown one."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg import ScriptedChatModel, ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.state import EmbedderName, RunContext
from contextorg.testing import DEMO_READINGS, World
from contextorg.tools.answering.completion import COMPLETERS
from contextorg.tools.answering.conflicts import CONFLICT_POLICIES
from contextorg.tools.attribution.attributors import ATTRIBUTORS, CLUSTERINGS
from contextorg.tools.inputs import InputError
from contextorg.tools.models.calls import Meter
from contextorg.tools.models.resolve import CHAT_MODELS, resolve_chat_model
from contextorg.tools.organizers import ORGANIZERS
from contextorg.tools.registry import Registry, UnknownComponentError
from contextorg.tools.relations import CLASSIFIERS
from contextorg.tools.retrieval.embeddings import EMBEDDERS, resolve_embedder
from contextorg.tools.retrieval.rerankers import RERANKERS, resolve_reranker
from contextorg.tools.slots import SLOTS as SLOT_TABLE
from contextorg.tools.slots import Slot

SCRIPTED = ScriptedChatModel(respond=lambda messages, schema: {})

SLOTS: list[tuple[str, Callable[[str], Any], Registry[Any]]] = [
    ("strategy", ORGANIZERS.resolve, ORGANIZERS),
    ("relation classifier", CLASSIFIERS.resolve, CLASSIFIERS),
    ("completion", COMPLETERS.resolve, COMPLETERS),
    ("conflict policy", CONFLICT_POLICIES.resolve, CONFLICT_POLICIES),
    ("attributor", ATTRIBUTORS.resolve, ATTRIBUTORS),
    ("clustering", CLUSTERINGS.resolve, CLUSTERINGS),
    ("embedder", resolve_embedder, EMBEDDERS),
    ("model", resolve_chat_model, CHAT_MODELS),
    ("reranker", lambda name: resolve_reranker(name, SCRIPTED, Meter()), RERANKERS),
]


@pytest.mark.parametrize(("slot", "resolve", "registry"), SLOTS, ids=[s[0] for s in SLOTS])
def test_every_slot_names_its_choices_when_a_name_is_unknown(
    slot: str, resolve: Callable[[str], Any], registry: Registry[Any]
) -> None:
    with pytest.raises(UnknownComponentError) as raised:
        resolve("no-such-part")
    error = raised.value
    assert (error.slot, error.name, error.known) == (slot, "no-such-part", list(registry))
    assert isinstance(error, InputError)  # the CLI shows it as bad input, not a traceback
    assert str(error).startswith(f"unknown {slot} 'no-such-part'; choose one of ")
    assert all(name in str(error) for name in registry)


@pytest.mark.parametrize("slot", [s for s in SLOT_TABLE.values() if s.names is not None])
def test_the_run_contexts_literals_name_what_is_registered(slot: Slot) -> None:
    assert list(get_args(slot.names)) == list(slot.registry), slot.field


def test_every_slot_is_a_run_context_field_and_a_cli_option_of_ask(run_cli: Any) -> None:
    fields = {f.name for f in dataclasses.fields(RunContext)}
    assert set(SLOT_TABLE) <= fields
    _, shown, _ = run_cli(["ask", "--help"])
    words = " ".join(shown.split())
    for slot in SLOT_TABLE.values():
        if slot.option is not None:
            assert slot.option in shown, slot.option
        if slot.option is not None and slot.names is not None:  # its help lists the names
            assert all(name in words for name in get_args(slot.names)), slot.option


def counted(component: Callable[..., Any], calls: list[str], name: str) -> Callable[..., Any]:
    """``component``, noting each call in ``calls``."""

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        calls.append(name)
        return component(*args, **kwargs)

    return wrapped


def test_a_new_component_of_each_slot_is_one_registry_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    # Each a component of its own, registered under a new name, chosen by that name: used.
    calls: list[str] = []
    organizer = ORGANIZERS["corg"]
    new = {
        "strategy": dataclasses.replace(organizer, plan=counted(organizer.plan, calls, "strategy")),
        "classifier": counted(CLASSIFIERS["signals"], calls, "classifier"),
        "completion": counted(COMPLETERS["concat"], calls, "completion"),
        "conflict_policy": counted(CONFLICT_POLICIES["show"], calls, "conflict_policy"),
        "attributor": counted(ATTRIBUTORS["naive"], calls, "attributor"),
        "explain_clusters": counted(CLUSTERINGS["none"], calls, "explain_clusters"),
    }
    for field, component in new.items():
        monkeypatch.setitem(SLOT_TABLE[field].registry, "mine", component)
    world = World(demo_contexts(), DEMO_READINGS)
    options = {field: "mine" for field in new}
    history = [{"question": DEMO_QUESTION, "answer": "1987"}]
    result = ask(
        "And the one in Port Aster?", demo_contexts(), model=world.model(), history=history,
        explain=True, embedder="hash", **options,
    )  # fmt: skip
    assert result.answer.answers and result.attribution
    assert sorted(set(calls)) == sorted(new)


def test_the_embedder_literal_names_the_shipped_embedders() -> None:
    assert set(get_args(EmbedderName)) <= set(EMBEDDERS)


@given(st.text(min_size=1).filter(lambda name: name not in CONFLICT_POLICIES))
def test_a_registered_component_resolves_and_instances_pass_through(name: str) -> None:
    registry = Registry("conflict policy", dict(CONFLICT_POLICIES))
    policy = CONFLICT_POLICIES["show"]
    registry.register(name, policy)
    assert registry.resolve(name) is policy and registry.resolve(policy) is policy
    assert list(registry)[-1] == name


def test_a_prefix_names_the_whole_spec_when_unknown() -> None:
    with pytest.raises(UnknownComponentError, match="unknown model 'claude:opus'.*local"):
        CHAT_MODELS.by_prefix("claude:opus")
    factory, rest = CHAT_MODELS.by_prefix("openai:gpt-4o-mini")
    assert rest == "gpt-4o-mini" and factory.real


@pytest.mark.parametrize(
    "choice",
    [
        {"strategy": "crog"},
        {"classifier": "signal"},
        {"completion": "LLM"},
        {"conflict_policy": "vote"},
        {"attributor": "shap"},
        {"explain_clusters": "kmeans"},
        {"embedder": "bge"},
        {"reranker": "bert"},
        {"model": "claud"},
        {"answer_model": "gpt:4"},
        {"structured_output": "xml"},
    ],
    ids=lambda choice: next(iter(choice)),
)
def test_a_run_with_an_unknown_part_fails_before_any_model_call(choice: dict[str, str]) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    options = {"model": world.model(), **choice}
    with pytest.raises(UnknownComponentError, match=f"'{next(iter(choice.values()))}'"):
        ask(DEMO_QUESTION, demo_contexts(), **options)
    assert world.calls == []


def test_ask_options_name_every_run_context_field_and_the_runs_own() -> None:
    from contextorg.api import RUN_KEYS, AskOptions

    fields = [f.name for f in dataclasses.fields(RunContext)]
    assert list(AskOptions.__annotations__) == [*RUN_KEYS, *fields]


def test_the_docs_name_every_run_context_field() -> None:
    """Each option a run takes is explained somewhere a user reads (docs/ or the README)."""
    root = Path(__file__).resolve().parents[2]
    pages = " ".join(p.read_text() for p in [root / "README.md", *(root / "docs").glob("*.md")])
    missing = [
        f.name for f in dataclasses.fields(RunContext) if not re.search(rf"\b{f.name}\b", pages)
    ]
    assert not missing, f"not in docs/ or README.md: {missing}"
