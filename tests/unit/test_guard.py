"""The unit-test guard itself: every way to load weights or reach the network trips it."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from contextorg.testing import World
from contextorg.tools.models.guard import ModelNotAllowedError
from contextorg.tools.models.llama import LlamaCppChatModel
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.retrieval.embeddings import E5Embedder, MiniLMEmbedder, resolve_embedder


def test_a_model_by_name_trips_it() -> None:
    with pytest.raises(ModelNotAllowedError, match="the model 'local' is forbidden"):
        resolve_chat_model("local")


def test_a_model_built_by_hand_trips_it(tmp_path: Path) -> None:
    model = LlamaCppChatModel(model_path=tmp_path / "any.gguf")
    with pytest.raises(ModelNotAllowedError, match="loading the model weights any.gguf"):
        model.invoke("hello")


@pytest.mark.parametrize("embedder", [E5Embedder, MiniLMEmbedder])
def test_an_embedder_built_by_hand_trips_it(embedder: type) -> None:
    with pytest.raises(ModelNotAllowedError, match="embedder's weights"):
        embedder()


def test_an_embedder_by_name_trips_it() -> None:
    with pytest.raises(ModelNotAllowedError):
        resolve_embedder("e5")


def connect() -> None:
    with socket.socket() as s:
        s.connect(("127.0.0.1", 9))


def connect_ex() -> None:
    with socket.socket() as s:
        s.connect_ex(("127.0.0.1", 9))


@pytest.mark.parametrize(
    "reach",
    [
        connect,
        connect_ex,
        lambda: socket.create_connection(("127.0.0.1", 9), timeout=1),
        lambda: socket.getaddrinfo("example.com", 443),
    ],
    ids=["connect", "connect_ex", "create_connection", "dns"],
)
def test_every_way_to_the_network_trips_it(reach: Callable[[], object]) -> None:
    with pytest.raises(ModelNotAllowedError, match="a network connection is forbidden"):
        reach()


def test_scripted_models_and_the_hash_embedder_stay_allowed() -> None:
    assert World([], {}).model().invoke("hi").content is not None
    assert resolve_embedder("hash").embed_query("tower").shape == (256,)


def test_a_child_process_of_a_test_is_guarded_too() -> None:
    # Notebook kernels and CLI subprocesses inherit the guard through the environment.
    done = subprocess.run(
        [sys.executable, "-c", "import contextorg\nfrom contextorg.tools.models.resolve import "
         "resolve_chat_model\nresolve_chat_model('local')"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode != 0 and "ModelNotAllowedError" in done.stderr
