"""The embedded hybrid index: BM25 (``bm25s``) + dense vectors fused by RRF, in one directory.

Layout: ``DIR/current`` is a symlink to a complete generation ``DIR/gen-N/`` (manifest, units,
vectors, BM25 matrices). A write builds a new generation beside it and swaps the link with one
``rename``, so a crash or a full disk never leaves a half-written index in place of a good one.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, Literal

import numpy as np

from contextorg.state.records import Context
from contextorg.tools.inputs import InputError
from contextorg.tools.retrieval.embeddings import Embedder, Vectors, resolve_embedder
from contextorg.tools.retrieval.fusion import (
    IDENTIFIER_WEIGHT,
    RRF_K,
    agree_on_identifiers,
    reciprocal_rank_fusion,
    top_k,
)
from contextorg.tools.retrieval.ingest import (
    Contextualize,
    SourceDocument,
    Unit,
    units_from,
    with_banners,
)
from contextorg.tools.retrieval.lexical import Lexical
from contextorg.tools.retrieval.rerankers import Reranker

Mode = Literal["hybrid", "lexical", "dense"]
FORMAT = 1
EMBED_BATCH = 64
OPEN_ATTEMPTS = 3

logger = logging.getLogger("contextorg")


class HybridIndex:
    """Contextualized units searchable by BM25, by vectors, or both fused (the default).

    Args:
        path: Where the index persists (``None``: in memory only).
        embedder: Embedder name or instance; its ``name`` is stored and checked on reopen.
        contextualize: What each unit is prefixed with in the index.
        rows: Index each verbalized table row as well as whole tables.
        weights: ``(lexical, dense)`` weights in the fusion.
        identifier_weight: In hybrid search, how much a title naming the query's identifiers
            (versions, dates, model numbers) moves a hit up, and one naming others moves it down,
            as a share of a first place in one ranking; 0 turns it off
            (:func:`~contextorg.tools.retrieval.fusion.agree_on_identifiers`).
        pool: How many hits each retriever hands to fusion (and the reranker sees).
        reranker: Reorders the fused pool, if given.
        language: Snowball stemmer and stopword language for BM25.
    """

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        embedder: str | Embedder | Any = "e5",
        contextualize: Contextualize | None = None,
        rows: bool = True,
        weights: tuple[float, float] = (1.0, 1.0),
        identifier_weight: float = IDENTIFIER_WEIGHT,
        pool: int = 50,
        reranker: Reranker | None = None,
        language: str = "english",
    ) -> None:
        if identifier_weight < 0:
            raise InputError(
                f"identifier_weight must be 0 or more, got {identifier_weight}: 0 turns the "
                "identifier step off, 0.3 is the default"
            )
        self.path = Path(path) if path is not None else None
        self._embedder_spec = embedder
        self._embedder: Embedder | None = None
        self.embedder_name = embedder if isinstance(embedder, str) else str(embedder.name)
        self.contextualize = contextualize or Contextualize()
        self.rows = rows
        self.weights = weights
        self.identifier_weight = identifier_weight
        self.pool = pool
        self.reranker = reranker
        self.language = language
        self.units: list[Unit] = []
        self.documents: dict[str, dict[str, Any]] = {}
        self.vectors: Vectors = np.zeros((0, 0), dtype=np.float32)
        self._keys: list[str] = []
        self._lexical: Lexical | None = None
        self._locked = False  # set while ``updating`` holds the folder's lock

    # --- opening and saving -------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, **options: Any) -> HybridIndex:
        """Reopen a saved index; ``options`` override search settings (not the stored ones).

        Every file comes from one generation. A save that retires that generation while it is
        being read makes this read the new one instead, whole.
        """
        for attempt in range(OPEN_ATTEMPTS):
            try:
                return cls._open(Path(path), dict(options))
            except FileNotFoundError:
                if attempt == OPEN_ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")

    @classmethod
    @contextlib.contextmanager
    def updating(
        cls, path: str | Path, new: Callable[[], HybridIndex] | None = None, **options: Any
    ) -> Iterator[HybridIndex]:
        """The index at ``path`` (or ``new()`` if there is none) for a change, saved at the end.

        The folder is locked from opening to saving, so two updates at once run one after
        the other and neither loses the other's documents. A block that raises saves nothing.
        """
        root = Path(path)
        root.mkdir(parents=True, exist_ok=True)
        with _locked(root):
            if (root / "current").exists():
                index = cls.open(root, **options)
            elif new is not None:
                index = new()
            else:
                raise InputError(f"no index at {root} to update")
            index._locked = True
            try:
                yield index
                index.save()
            finally:
                index._locked = False

    @classmethod
    def _open(cls, root: Path, options: dict[str, Any]) -> HybridIndex:
        current = (root / "current").resolve()  # once: a concurrent save cannot mix generations
        if not current.is_dir():
            raise InputError(
                f"no index at {root}: build one with `contextorg index PATH --index {root}`"
            )
        manifest = json.loads((current / "manifest.json").read_text())
        if manifest.get("format") != FORMAT:
            raise InputError(f"{root} was written by another contextorg version: rebuild it")
        stored = manifest["embedder"]
        embedder = options.pop("embedder", stored)
        chosen = embedder if isinstance(embedder, str) else getattr(embedder, "name", None)
        if chosen != stored:
            raise InputError(f"{root} was embedded with {stored!r}, not {chosen!r}: use {stored!r}")
        index = cls(
            root,
            embedder=embedder,
            contextualize=Contextualize(**manifest["contextualize"]),
            rows=manifest["rows"],
            language=manifest["language"],
            **options,
        )
        index.documents = manifest["documents"]
        with (current / "units.jsonl").open(encoding="utf-8") as lines:
            stored = [json.loads(line) for line in lines]
        index.units = [Unit(**row) for row in stored]
        if stored and "marked" not in stored[0]:  # written before units kept their banner
            index.units = with_banners(index.units)
        index.vectors = np.load(current / "vectors.npy", mmap_mode="r")
        index._keys = manifest["keys"]
        index._lexical = Lexical.load(current / "bm25", language=index.language)
        return index

    def save(self) -> Path:
        """Write a new generation and switch ``current`` to it atomically."""
        if self.path is None:
            raise InputError("this index is in memory: give it a path to save it")
        self.path.mkdir(parents=True, exist_ok=True)
        with contextlib.nullcontext() if self._locked else _locked(self.path):
            for stale in self.path.glob("gen-*.partial"):  # left by a killed save
                shutil.rmtree(stale, ignore_errors=True)
            previous = (self.path / "current").resolve()
            generation = self.path / f"gen-{_next_generation(self.path)}"
            partial = generation.with_name(generation.name + ".partial")
            partial.mkdir()
            self._write(partial)
            partial.rename(generation)
            link = self.path / "current.new"
            with contextlib.suppress(FileNotFoundError):
                link.unlink()
            link.symlink_to(generation.name)
            os.replace(link, self.path / "current")
            # The previous generation stays until the next save: a reader still on it ends.
            for old in self.path.glob("gen-*"):
                if old not in (generation, previous):
                    shutil.rmtree(old, ignore_errors=True)
        return generation

    def _write(self, folder: Path) -> None:
        manifest = {
            "format": FORMAT,
            "embedder": self.embedder_name,
            "contextualize": asdict(self.contextualize),
            "rows": self.rows,
            "language": self.language,
            "documents": self.documents,
            "keys": self._keys,
        }
        with (folder / "units.jsonl").open("w", encoding="utf-8") as out:
            for unit in self.units:
                out.write(json.dumps(asdict(unit), ensure_ascii=False) + "\n")
        np.save(folder / "vectors.npy", np.asarray(self.vectors, dtype=np.float32))
        self.lexical.save(folder / "bm25")
        (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False))
        for file in folder.rglob("*"):
            if file.is_file():
                with file.open("rb") as handle:
                    os.fsync(handle.fileno())

    # --- writing ------------------------------------------------------------------------

    @property
    def embedder(self) -> Embedder:
        """The embedder, loaded on first use (opening an index for BM25 alone stays fast)."""
        if self._embedder is None:
            self._embedder = resolve_embedder(self._embedder_spec)
        return self._embedder

    @property
    def lexical(self) -> Lexical:
        """The BM25 index over the current units, rebuilt after a change."""
        if self._lexical is None:
            texts = [u.indexed_text(self.contextualize) for u in self.units]
            self._lexical = Lexical.build(texts, language=self.language)
        return self._lexical

    def add(
        self,
        documents: Iterable[SourceDocument],
        *,
        progress: Callable[[int, int], None] | None = None,
    ) -> dict[str, int]:
        """Add or update documents; unchanged ones and unchanged units are not re-embedded.

        Returns counts: ``added``, ``updated``, ``unchanged`` documents, ``units`` now indexed,
        ``embedded`` and ``reused`` vectors. ``progress(done, total)`` follows the embedding,
        which is nearly all of the time.
        """
        counts = dict.fromkeys(("added", "updated", "unchanged", "embedded", "reused"), 0)
        fresh: dict[str, tuple[SourceDocument, list[Unit]]] = {}
        for document in documents:
            known = self.documents.get(document.id)
            if known and known["fingerprint"] == document.fingerprint:
                counts["unchanged"] += 1
            else:
                counts["updated" if known else "added"] += 1
                fresh[document.id] = (document, units_from(document, rows=self.rows))
        if fresh:
            kept = [u for u in self.units if u.doc_id not in fresh]
            new = [u for _, units in fresh.values() for u in units]
            counts["embedded"], counts["reused"] = self._replace(kept + new, progress)
            for doc_id, (document, units) in fresh.items():
                self.documents[doc_id] = {
                    "fingerprint": document.fingerprint,
                    "source": document.source,
                    "title": units[0].title if units else document.title,
                    "units": len(units),
                }
        counts["units"] = len(self.units)
        return counts

    def remove(self, doc_ids: Iterable[str]) -> int:
        """Remove documents by id; returns how many units went."""
        gone = {d for d in doc_ids if d in self.documents}
        if not gone:
            return 0
        before = len(self.units)
        self._replace([u for u in self.units if u.doc_id not in gone])
        for doc_id in gone:
            del self.documents[doc_id]
        return before - len(self.units)

    def _replace(
        self, units: list[Unit], progress: Callable[[int, int], None] | None = None
    ) -> tuple[int, int]:
        """Make ``units`` the index, reusing every vector whose text is unchanged."""
        texts = [u.indexed_text(self.contextualize) for u in units]
        keys = [hashlib.sha256(t.encode()).hexdigest()[:32] for t in texts]
        rows = {key: n for n, key in enumerate(self._keys)}
        missing = sorted({k: n for n, k in enumerate(keys) if k not in rows}.values())
        new_vectors = self._embed([texts[n] for n in missing], progress)
        fresh = {keys[n]: v for n, v in zip(missing, new_vectors, strict=True)}
        dim = new_vectors.shape[1] if len(missing) else self.vectors.shape[1]
        vectors = np.zeros((len(units), dim), dtype=np.float32)
        for n, key in enumerate(keys):
            vectors[n] = fresh[key] if key in fresh else self.vectors[rows[key]]
        self.units, self._keys, self.vectors = units, keys, vectors
        self._lexical = None
        return len(missing), len(units) - sum(1 for k in keys if k in fresh)

    def _embed(
        self, texts: Sequence[str], progress: Callable[[int, int], None] | None = None
    ) -> Vectors:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        parts = []
        for start in range(0, len(texts), EMBED_BATCH):
            parts.append(self.embedder.embed_passages(texts[start : start + EMBED_BATCH]))
            if progress:
                progress(min(start + EMBED_BATCH, len(texts)), len(texts))
        return np.concatenate(parts).astype(np.float32)

    # --- searching ----------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.units)

    def search(self, query: str, k: int = 10, *, mode: Mode = "hybrid") -> list[Context]:
        """The ``k`` best units for ``query`` as contexts (``score`` set, best first)."""
        if not query.strip():
            raise InputError("the search query is empty: pass the text to search for")
        if not self.units or k <= 0:
            return []
        pool = max(self.pool, k)
        if mode == "lexical":
            ranked = self.lexical.search(query, pool)
        elif mode == "dense":
            ranked = top_k(self._dense_scores(query), pool)
        elif mode == "hybrid":
            lexical = [i for i, _ in self.lexical.search(query, pool)]
            dense = [i for i, _ in top_k(self._dense_scores(query), pool)]
            fused = reciprocal_rank_fusion([lexical, dense], self.weights, k=RRF_K)[:pool]
            ranked = agree_on_identifiers(
                fused, query, lambda i: self.units[i].title, weight=self.identifier_weight
            )
        else:
            raise InputError(f"unknown search mode {mode!r}: use hybrid, lexical or dense")
        hits = [self.context(self.units[i], score) for i, score in ranked]
        if self.reranker is not None:
            hits = self.reranker.rerank(query, hits)
        return hits[:k]

    def _dense_scores(self, query: str) -> Vectors:
        return np.asarray(self.vectors @ self.embedder.embed_query(query), dtype=np.float32)

    @staticmethod
    def context(unit: Unit, score: float | None = None) -> Context:
        """A unit as the context the QA graph reads and cites."""
        heading = f"{unit.heading}\n" if unit.heading and unit.heading != unit.title else ""
        return Context(
            id=unit.id,
            title=unit.title,
            text=heading + unit.text,
            source=unit.source or None,
            score=score,
            metadata={
                "doc_id": unit.doc_id,
                "kind": unit.kind,
                "heading": unit.heading,
                **({"marked": unit.marked} if unit.marked else {}),
            },
        )


def search_texts(
    query: str,
    texts: Sequence[str],
    embedder: str | Embedder | Any = "e5",
    *,
    weights: tuple[float, float] = (1.0, 1.0),
    language: str = "english",
) -> list[int]:
    """Every one of ``texts`` (by position), best first for ``query``, with nothing stored.

    The fusion :meth:`HybridIndex.search` makes (BM25 and dense rankings by RRF), over texts
    held in memory: the passages of one long document, say. Every text is ranked; one that
    neither ranking prefers keeps its place after the others.
    """
    if not texts:
        return []
    chosen = resolve_embedder(embedder)
    bm25 = Lexical.build(list(texts), language=language)
    lexical = [i for i, _ in bm25.search(query, len(texts))]
    scores = chosen.embed_passages(list(texts)) @ chosen.embed_query(query)
    dense = [i for i, _ in top_k(np.asarray(scores, dtype=np.float32), len(texts))]
    fused = [i for i, _ in reciprocal_rank_fusion([lexical, dense], weights, k=RRF_K)]
    return list(dict.fromkeys([*fused, *range(len(texts))]))


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold ``folder``'s write lock; while another process holds it, say who, and wait.

    The lock file is never followed if it is a symbolic link, nor truncated: its content is
    who holds it (pid, command, since when), written after the lock is taken.
    """
    path = folder / ".lock"
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    except OSError as exc:
        if path.is_symlink():
            raise InputError(
                f"{path} is a symbolic link: remove it, it is not the index's lock"
            ) from None
        raise InputError(f"cannot open the index lock {path}: {exc.strerror}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 512, 0).decode("utf-8", "replace").strip() or "another process"
            logger.warning("%s is being written by %s; waiting for it to finish", folder, holder)
            fcntl.flock(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()} ({_command()}) since {time.ctime()}\n".encode(), 0)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _command() -> str:
    return " ".join(Path(sys.argv[0]).name if n == 0 else a for n, a in enumerate(sys.argv))[:200]


def _next_generation(folder: Path) -> int:
    numbers = [
        int(p.name.split("-")[1].split(".")[0])
        for p in folder.glob("gen-*")
        if p.name.split("-")[1].split(".")[0].isdigit()
    ]
    return max(numbers, default=0) + 1
