"""The Weaviate backend: the same units, embedder and interface as :class:`HybridIndex`.

Weaviate runs BM25 and vector search itself and fuses them (``alpha``: 0 is BM25 only, 1 is
vectors only; ``fusion``: ``relative_score`` or ``ranked``). Vectors are ours (self-provided), so
an index moves between backends without changing what it means.

    index = WeaviateIndex.connect("http://localhost:8080", collection="Docs")
    index.add(documents)
    index.search("who owns the build?", k=5)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict
from typing import Any, Literal
from urllib.parse import urlparse

from contextorg.state.records import Context
from contextorg.tools.inputs import InputError
from contextorg.tools.retrieval.embeddings import Embedder, resolve_embedder
from contextorg.tools.retrieval.hybrid import EMBED_BATCH, HybridIndex, Mode
from contextorg.tools.retrieval.ingest import Contextualize, SourceDocument, Unit, units_from

Fusion = Literal["relative_score", "ranked"]
UNIT_FIELDS = (
    "unit_id",
    "doc_id",
    "kind",
    "text",
    "title",
    "heading",
    "source",
    "before",
    "after",
    "marked",
)


def unit_properties(unit: Unit, how: Contextualize) -> dict[str, str]:
    """A unit as Weaviate properties; only ``indexed`` is searched by BM25."""
    props = {k if k != "id" else "unit_id": v for k, v in asdict(unit).items()}
    return {**props, "indexed": unit.indexed_text(how)}


def unit_from_properties(props: dict[str, Any]) -> Unit:
    """The unit a stored object holds."""
    fields = {k: str(props.get(k) or "") for k in UNIT_FIELDS[1:]}
    kind = fields.pop("kind")
    if kind not in ("passage", "list", "table", "row"):
        raise ValueError(f"stored unit {props['unit_id']!r} has an unknown kind {kind!r}")
    return Unit(id=str(props["unit_id"]), kind=kind, **fields)  # type: ignore[arg-type]


class WeaviateIndex:
    """Units in a Weaviate collection (documents' fingerprints in ``<collection>Documents``).

    Args:
        client: A connected ``weaviate.WeaviateClient`` (see :meth:`connect`).
        collection: Collection name; created with our schema if missing.
        embedder: Embedder name or instance (the same one for writing and searching).
        contextualize: What each unit is prefixed with in the index.
        rows: Index each verbalized table row as well as whole tables.
        alpha: Hybrid balance, 0 (BM25) to 1 (vectors).
        fusion: ``relative_score`` (Weaviate's default) or ``ranked`` (reciprocal rank).
    """

    def __init__(
        self,
        client: Any,
        collection: str = "Contextorg",
        *,
        embedder: str | Embedder | Any = "e5",
        contextualize: Contextualize | None = None,
        rows: bool = True,
        alpha: float = 0.5,
        fusion: Fusion = "relative_score",
    ) -> None:
        if not 0 <= alpha <= 1:
            raise InputError(f"alpha must be between 0 (BM25) and 1 (vectors), not {alpha}")
        self.client = client
        self.name = collection
        self._embedder_spec = embedder
        self._embedder: Embedder | None = None
        self.contextualize = contextualize or Contextualize()
        self.rows = rows
        self.alpha = alpha
        self.fusion = fusion
        self._ensure_collections()
        self.units = client.collections.get(collection)
        self.docs = client.collections.get(f"{collection}Documents")

    @classmethod
    def connect(
        cls, url: str, *, api_key: str | None = None, grpc_port: int = 50051, **options: Any
    ) -> WeaviateIndex:
        """Connect to the Weaviate at ``url`` (HTTP; gRPC on the same host at ``grpc_port``)."""
        import weaviate
        from weaviate.classes.init import Auth

        parsed = urlparse(url)
        if not parsed.hostname:
            raise InputError(f"not a Weaviate URL: {url!r} (for example http://localhost:8080)")
        secure = parsed.scheme == "https"
        client = weaviate.connect_to_custom(
            http_host=parsed.hostname,
            http_port=parsed.port or (443 if secure else 80),
            http_secure=secure,
            grpc_host=parsed.hostname,
            grpc_port=grpc_port,
            grpc_secure=secure,
            auth_credentials=Auth.api_key(api_key) if api_key else None,
            skip_init_checks=False,
        )
        return cls(client, **options)

    def close(self) -> None:
        """Close the client's connections."""
        self.client.close()

    @property
    def embedder(self) -> Embedder:
        """The embedder, loaded on first use."""
        if self._embedder is None:
            self._embedder = resolve_embedder(self._embedder_spec)
        return self._embedder

    def _ensure_collections(self) -> None:
        from weaviate.classes.config import Configure, DataType, Property

        def text(name: str, searchable: bool = False) -> Any:
            return Property(
                name=name,
                data_type=DataType.TEXT,
                index_searchable=searchable,
                index_filterable=name in ("doc_id", "unit_id"),
            )

        if not self.client.collections.exists(self.name):
            self.client.collections.create(
                self.name,
                vector_config=Configure.Vectors.self_provided(),
                properties=[text(f) for f in UNIT_FIELDS] + [text("indexed", searchable=True)],
            )
        if not self.client.collections.exists(f"{self.name}Documents"):
            self.client.collections.create(
                f"{self.name}Documents",
                vector_config=Configure.Vectors.self_provided(),
                properties=[text(f) for f in ("doc_id", "fingerprint", "source", "title")],
            )

    def __len__(self) -> int:
        return int(self.units.aggregate.over_all(total_count=True).total_count or 0)

    @property
    def documents(self) -> dict[str, dict[str, Any]]:
        """Indexed documents by id, with their fingerprint, source and title."""
        return {str(o.properties["doc_id"]): dict(o.properties) for o in self.docs.iterator()}

    def add(
        self,
        documents: Iterable[SourceDocument],
        *,
        progress: Callable[[int, int], None] | None = None,
    ) -> dict[str, int]:
        """Add or update documents; unchanged ones (same fingerprint) are skipped.

        ``progress(done, total)`` counts documents.
        """
        from weaviate.util import generate_uuid5

        known = self.documents
        documents = list(documents)
        counts = dict.fromkeys(("added", "updated", "unchanged", "embedded"), 0)
        for document in documents:
            old = known.get(document.id)
            if old and old.get("fingerprint") == document.fingerprint:
                counts["unchanged"] += 1
            else:
                counts["updated" if old else "added"] += 1
                if old:
                    self._delete_units([document.id])
                counts["embedded"] += self._write(units_from(document, rows=self.rows))
                self.docs.data.insert(
                    {
                        "doc_id": document.id,
                        "fingerprint": document.fingerprint,
                        "source": document.source,
                        "title": document.title,
                    },
                    uuid=generate_uuid5(document.id),
                )
            if progress:
                progress(counts["added"] + counts["updated"] + counts["unchanged"], len(documents))
        return counts

    def _write(self, units: list[Unit]) -> int:
        from weaviate.util import generate_uuid5

        for start in range(0, len(units), EMBED_BATCH):
            batch = units[start : start + EMBED_BATCH]
            vectors = self.embedder.embed_passages(
                [u.indexed_text(self.contextualize) for u in batch]
            )
            with self.units.batch.fixed_size(batch_size=EMBED_BATCH) as writer:
                for unit, vector in zip(batch, vectors, strict=True):
                    writer.add_object(
                        properties=unit_properties(unit, self.contextualize),
                        vector=vector.tolist(),
                        uuid=generate_uuid5(unit.id),
                    )
            failed = self.units.batch.failed_objects
            if failed:
                raise RuntimeError(f"Weaviate refused {len(failed)} units: {failed[0].message}")
        return len(units)

    def remove(self, doc_ids: Iterable[str]) -> int:
        """Remove documents by id; returns how many units went."""
        from weaviate.classes.query import Filter

        ids = list(doc_ids)
        if not ids:
            return 0
        gone = self._delete_units(ids)
        self.docs.data.delete_many(where=Filter.by_property("doc_id").contains_any(ids))
        return gone

    def _delete_units(self, doc_ids: list[str]) -> int:
        from weaviate.classes.query import Filter

        result = self.units.data.delete_many(
            where=Filter.by_property("doc_id").contains_any(doc_ids)
        )
        return int(result.successful)

    def search(self, query: str, k: int = 10, *, mode: Mode = "hybrid") -> list[Context]:
        """The ``k`` best units for ``query``, fused by Weaviate."""
        from weaviate.classes.query import HybridFusion, MetadataQuery

        if not query.strip():
            raise InputError("the search query is empty: pass the text to search for")
        metadata = MetadataQuery(score=True, distance=True)
        if mode == "lexical":
            found = self.units.query.bm25(
                query, query_properties=["indexed"], limit=k, return_metadata=metadata
            )
        elif mode == "dense":
            found = self.units.query.near_vector(
                self.embedder.embed_query(query).tolist(), limit=k, return_metadata=metadata
            )
        elif mode == "hybrid":
            fusion = {
                "relative_score": HybridFusion.RELATIVE_SCORE,
                "ranked": HybridFusion.RANKED,
            }[self.fusion]
            found = self.units.query.hybrid(
                query,
                vector=self.embedder.embed_query(query).tolist(),
                alpha=self.alpha,
                fusion_type=fusion,
                query_properties=["indexed"],
                limit=k,
                return_metadata=metadata,
            )
        else:
            raise InputError(f"unknown search mode {mode!r}: use hybrid, lexical or dense")
        return [
            HybridIndex.context(unit_from_properties(o.properties), _score(o.metadata))
            for o in found.objects
        ]


def _score(metadata: Any) -> float | None:
    if metadata.score is not None:
        return float(metadata.score)
    if metadata.distance is not None:
        return 1.0 - float(metadata.distance)
    return None
