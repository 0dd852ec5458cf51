"""Unit tests reach no network and load no model: the guard makes either an error."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings

from contextorg.testing import HashEmbedder
from contextorg.tools.models import guard
from contextorg.tools.retrieval import embeddings

# No per-example time limit: Hypothesis's 200 ms fails a property for a loaded machine, not for
# a slow algorithm (the suites that time things say so in their own assertions).
settings.register_profile("contextorg", deadline=None)
settings.load_profile("contextorg")


@pytest.fixture(autouse=True)
def _no_real_models(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    if request.node.get_closest_marker("integration"):
        yield
        return
    monkeypatch.setitem(embeddings.EMBEDDERS, "hash", HashEmbedder)
    monkeypatch.setattr(embeddings, "_loaded", {})
    monkeypatch.setenv(guard.ENVIRONMENT, "1")  # for the processes a test starts
    allow = guard.forbid()
    try:
        yield
    finally:
        allow()
