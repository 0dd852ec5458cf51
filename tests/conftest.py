"""Unit tests reach no network and load no model: a guard makes either an error."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from contextorg.testing import HashEmbedder
from contextorg.tools import embeddings, models


@pytest.fixture(autouse=True)
def _no_real_models(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    if request.node.get_closest_marker("integration"):
        yield
        return
    monkeypatch.setattr(models, "ALLOW_MODEL_REQUESTS", False)

    def no_weights() -> embeddings.Embedder:
        raise RuntimeError("unit tests must not load embedding weights: use embedder='hash'")

    monkeypatch.setattr(
        embeddings,
        "EMBEDDERS",
        {**dict.fromkeys(embeddings.EMBEDDERS, no_weights), "hash": HashEmbedder},
    )
    monkeypatch.setattr(embeddings, "_loaded", {})

    def refuse(*args: object, **kwargs: object) -> None:
        raise RuntimeError("unit tests must not open network connections")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    yield
