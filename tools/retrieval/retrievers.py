"""Retrievers: one interface over our indexes, LangChain and LlamaIndex retrievers, both ways.

Anything with ``search(query, k) -> list[Context]`` is a :class:`Retriever`. ``resolve_retriever``
also takes a name (an index folder, ``index:FOLDER``, ``weaviate:COLLECTION``), a LangChain
``BaseRetriever`` or a LlamaIndex retriever, and :class:`IndexRetriever` puts any of ours behind
LangChain's ``BaseRetriever``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict

from contextorg.state.records import Context
from contextorg.tools.inputs import InputError, as_contexts
from contextorg.tools.registry import Registry
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.retrieval.weaviate_index import WeaviateIndex


@runtime_checkable
class Retriever(Protocol):
    """Finds the ``k`` contexts that best match a query, best first."""

    def search(self, query: str, k: int = 10) -> list[Context]:
        """Best first, with ``score`` set where the backend has one."""
        ...


class IndexRetriever(BaseRetriever):
    """Our index (or any :class:`Retriever`) as a LangChain ``BaseRetriever``.

    Documents carry the unit id as ``id`` and ``title``, ``source``, ``score``, ``doc_id`` and
    ``kind`` in ``metadata``, so ``contextorg.ask`` reads them back as the same contexts.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    index: Any
    k: int = 10

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun
    ) -> list[Document]:
        return [
            Document(
                id=c.id,
                page_content=c.text,
                metadata={"title": c.title, "source": c.source, "score": c.score, **c.metadata},
            )
            for c in self.index.search(query, k=self.k)
        ]


class LangChainRetriever:
    """A LangChain ``BaseRetriever`` as a :class:`Retriever` (ids default to the rank)."""

    def __init__(self, retriever: BaseRetriever) -> None:
        self.retriever = retriever

    def search(self, query: str, k: int = 10) -> list[Context]:
        """The retriever's documents with text, at most ``k`` (an empty one has none to read)."""
        documents = [  # copies: the retriever's own documents stay as they were
            d if d.id or "id" in d.metadata else d.model_copy(update={"id": str(n)})
            for n, d in enumerate(self.retriever.invoke(query)[:k], start=1)
            if d.page_content.strip()
        ]
        return as_contexts(documents)


class LlamaIndexRetriever:
    """A LlamaIndex retriever (``retrieve(query) -> [NodeWithScore]``) as a :class:`Retriever`."""

    def __init__(self, retriever: Any) -> None:
        self.retriever = retriever

    def search(self, query: str, k: int = 10) -> list[Context]:
        """The retriever's nodes with text, at most ``k``, with their scores."""
        contexts = []
        for hit in self.retriever.retrieve(query)[:k]:
            node = getattr(hit, "node", hit)
            if not node.get_content().strip():
                continue  # an empty node has nothing to read
            meta = dict(getattr(node, "metadata", {}) or {})
            contexts.append(
                Context(
                    id=str(node.node_id),
                    text=node.get_content(),
                    title=str(meta.pop("title", meta.get("file_name", ""))),
                    source=meta.pop("source", None) or meta.get("file_path"),
                    score=getattr(hit, "score", None),
                    metadata=meta,
                )
            )
        return contexts


_connected: dict[str, Retriever] = {}
_connecting = threading.Lock()


def _weaviate(collection: str) -> Retriever:
    url = os.environ.get("WEAVIATE_URL")
    if not url:
        raise InputError(
            f"weaviate:{collection} needs WEAVIATE_URL (for example http://localhost:8080), "
            "and WEAVIATE_API_KEY if the server asks for one"
        )
    key = f"{url} {collection}"
    with _connecting:  # one connection per server collection and process
        if key not in _connected:
            api_key = os.environ.get("WEAVIATE_API_KEY")
            _connected[key] = WeaviateIndex.connect(
                url, api_key=api_key, collection=collection or "Contextorg"
            )
        return _connected[key]


RETRIEVERS: Registry[Callable[[str], Retriever]] = Registry(
    "retriever",
    {"index": HybridIndex.open, "weaviate": _weaviate},
)
"""Retrievers by name prefix (``index:FOLDER``, ``weaviate:COLLECTION``); a string with no
registered prefix is an index folder."""


def resolve_retriever(retriever: str | Path | Any) -> Retriever:
    """A :class:`Retriever` from a name or folder, one of ours, or a LangChain/LlamaIndex one."""
    if isinstance(retriever, Path):
        return HybridIndex.open(retriever)
    if isinstance(retriever, str):
        prefix, _, rest = retriever.partition(":")
        if prefix not in RETRIEVERS:
            return HybridIndex.open(retriever)
        return RETRIEVERS[prefix](rest)
    if isinstance(retriever, BaseRetriever):
        return LangChainRetriever(retriever)
    if isinstance(retriever, Retriever):
        return retriever
    if callable(getattr(retriever, "retrieve", None)):
        return LlamaIndexRetriever(retriever)
    raise InputError(
        f"cannot search with {type(retriever).__name__}: pass an index folder, a HybridIndex "
        "or WeaviateIndex, a LangChain BaseRetriever or a LlamaIndex retriever"
    )
