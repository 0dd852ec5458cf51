"""LlamaIndex and LangChain hybrid retrievers on our units and embedder, and the 100k scale run."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.embeddings import Embeddings
from llama_index.core.embeddings import BaseEmbedding

from contextorg.testing import HashEmbedder
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.retrieval.ingest import Contextualize, SourceDocument, Unit

TOP_K = 10


class ForLlamaIndex(BaseEmbedding):
    """Our embedder behind LlamaIndex's embedding interface."""

    inner: Any = None

    def _get_query_embedding(self, query: str) -> list[float]:
        return self.inner.embed_query(query).tolist()  # type: ignore[no-any-return]

    def _get_text_embedding(self, text: str) -> list[float]:
        return self.inner.embed_passages([text])[0].tolist()  # type: ignore[no-any-return]

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return self.inner.embed_passages(texts).tolist()  # type: ignore[no-any-return]

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)


class ForLangChain(Embeddings):
    """Our embedder behind LangChain's embedding interface."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Passages."""
        return self.inner.embed_passages(texts).tolist()  # type: ignore[no-any-return]

    def embed_query(self, text: str) -> list[float]:
        """One query."""
        return self.inner.embed_query(text).tolist()  # type: ignore[no-any-return]


def llama_index_fusion(units: Sequence[Unit], embedder: Any) -> Callable[[str], list[str]]:
    """BM25Retriever + VectorStoreIndex fused by QueryFusionRetriever (reciprocal rerank)."""
    from llama_index.core import VectorStoreIndex
    from llama_index.core.llms import MockLLM
    from llama_index.core.retrievers import QueryFusionRetriever
    from llama_index.core.schema import TextNode
    from llama_index.retrievers.bm25 import BM25Retriever

    nodes = [
        TextNode(
            id_=u.id,
            text=u.indexed_text(Contextualize()),
            metadata={"doc_id": u.doc_id},
            excluded_embed_metadata_keys=["doc_id"],
            excluded_llm_metadata_keys=["doc_id"],
        )
        for u in units
    ]
    vector = VectorStoreIndex(nodes, embed_model=ForLlamaIndex(inner=embedder), show_progress=False)
    bm25 = BM25Retriever.from_defaults(nodes=nodes, similarity_top_k=TOP_K)
    fusion = QueryFusionRetriever(
        [vector.as_retriever(similarity_top_k=TOP_K), bm25],
        similarity_top_k=TOP_K,
        num_queries=1,
        mode="reciprocal_rerank",
        use_async=False,
        llm=MockLLM(),
    )

    def search(query: str) -> list[str]:
        return [str(n.node.metadata["doc_id"]) for n in fusion.retrieve(query)]

    return search


def langchain_ensemble(units: Sequence[Unit], embedder: Any) -> Callable[[str], list[str]]:
    """EnsembleRetriever over BM25Retriever and an InMemoryVectorStore, equal weights."""
    from langchain_classic.retrievers import EnsembleRetriever
    from langchain_community.retrievers import BM25Retriever
    from langchain_core.documents import Document
    from langchain_core.vectorstores import InMemoryVectorStore

    docs = [
        Document(
            id=u.id, page_content=u.indexed_text(Contextualize()), metadata={"doc_id": u.doc_id}
        )
        for u in units
    ]
    bm25 = BM25Retriever.from_documents(docs, k=TOP_K)
    store = InMemoryVectorStore(ForLangChain(embedder))
    store.add_documents(docs)
    ensemble = EnsembleRetriever(
        retrievers=[bm25, store.as_retriever(search_kwargs={"k": TOP_K})], weights=[0.5, 0.5]
    )

    def search(query: str) -> list[str]:
        return [str(d.metadata["doc_id"]) for d in ensemble.invoke(query)]

    return search


def run_peers(
    units: Sequence[Unit],
    embedder: Any,
    turns: list[dict[str, Any]],
    sets: Sequence[str],
    evaluate: Callable[..., dict[str, Any]],
) -> list[tuple[str, dict[str, Any]]]:
    """Evaluate both peers; print their build times (embeddings come from the shared cache)."""
    rows = []
    for name, build in (
        ("LlamaIndex QueryFusionRetriever", llama_index_fusion),
        ("LangChain EnsembleRetriever", langchain_ensemble),
    ):
        started = time.perf_counter()
        search = build(units, embedder)
        print(f"  built {name} in {time.perf_counter() - started:.1f} s (cached embeddings)")
        rows.append((name, evaluate(search, turns, sets)))
    return rows


def scale_run(size: int, units: Sequence[Unit]) -> None:
    """Build ``size`` synthetic units from the corpus vocabulary; time build and queries."""
    rng = random.Random(0)
    words = [w for u in units for w in u.text.split()]
    documents = [
        SourceDocument(
            id=f"s{n}", content=" ".join(rng.choices(words, k=40)), title=f"Page {n % 997}"
        )
        for n in range(size)
    ]
    queries = [" ".join(rng.choices(words, k=8)) for _ in range(50)]
    embedder = HashEmbedder()
    rows = []
    started = time.perf_counter()
    ours = HybridIndex(embedder=embedder)
    ours.add(documents)
    ours.lexical  # noqa: B018  (built lazily: count it in the build)
    built = time.perf_counter() - started
    rows.append(("ours hybrid", built, _p50(lambda q: ours.search(q, k=TOP_K), queries)))
    started = time.perf_counter()
    llama = llama_index_fusion(ours.units, embedder)
    built = time.perf_counter() - started
    rows.append(("LlamaIndex QueryFusionRetriever", built, _p50(llama, queries[:10])))
    print(f"\n### Scale: {size:,} synthetic units (bag-of-words hash embedder: search cost only)\n")
    print("| system | build s | query p50 ms | p50 ratio to ours |")
    print("|---|---|---|---|")
    for name, seconds, p50 in rows:
        print(f"| {name} | {seconds:.1f} | {p50:.1f} | {p50 / rows[0][2]:.0f}x |", flush=True)


def _p50(search: Callable[[str], object], queries: Sequence[str]) -> float:
    search(queries[0])  # warm
    times = []
    for q in queries:
        started = time.perf_counter()
        search(q)
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)
