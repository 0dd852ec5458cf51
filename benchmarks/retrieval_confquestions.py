"""Retrieval on ConfQuestions: ours (ablations) vs LlamaIndex and LangChain, plus a 100k scale run.

P@1 and recall@10 by page (gold pages matched by the number after ``/pages/``), English and
German, human-completed and raw questions. Every system reads the same units through the same
embedder. Embeddings are cached on disk across runs (``~/.cache/contextorg/bench``).

    python benchmarks/retrieval_confquestions.py                    # everything
    python benchmarks/retrieval_confquestions.py --skip-peers --skip-scale
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import statistics
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from shared_data import CONFQUESTIONS

from contextorg.tools.retrieval.embeddings import Vectors, resolve_embedder
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.retrieval.ingest import Contextualize, SourceDocument, Unit

CACHE = Path.home() / ".cache/contextorg/bench"
QUERY_SETS = {
    "en": "completed_q_en",
    "en raw": "q_en",
    "de": "completed_q_de",
    "de raw": "q_de",
}


def page_number(url: str) -> str:
    """The Confluence page id: gold URLs differ from page URLs only in the slug."""
    match = re.search(r"/pages/(\d+)", url)
    if not match:
        raise ValueError(f"no page number in {url}")
    return match.group(1)


def load() -> tuple[list[SourceDocument], list[dict[str, Any]]]:
    """The 215 pages as HTML documents and the 300 turns with their gold page numbers."""
    documents = []
    for file in sorted((CONFQUESTIONS / "documents").glob("*.json")):
        page = json.loads(file.read_text())
        documents.append(
            SourceDocument(
                id=page_number(page["url"]),
                content=page["content"],
                format="html",
                title=page["title"],
                source=page["url"],
            )
        )
    turns = [
        {**turn, "conv": conversation["conv_id"], "gold": {page_number(u) for u in turn["a_url"]}}
        for conversation in json.loads((CONFQUESTIONS / "qa-pairs.json").read_text())
        for turn in conversation["turns"]
    ]
    return documents, turns


class CachedEmbedder:
    """An embedder whose passage vectors are kept on disk by text hash, across runs."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.inner = resolve_embedder(name)
        self.file = CACHE / f"{name}.npz"
        self.cache: dict[str, Vectors] = {}
        if self.file.exists():
            with np.load(self.file) as stored:
                self.cache = dict(zip(stored["keys"].tolist(), stored["vectors"], strict=True))
        self.seconds = 0.0
        self.embedded = 0

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """Cached vectors, embedding only texts never seen."""
        keys = [hashlib.sha256(t.encode()).hexdigest() for t in texts]
        missing = [n for n, k in enumerate(keys) if k not in self.cache]
        if missing:
            started = time.perf_counter()
            vectors = self.inner.embed_passages([texts[n] for n in missing])
            self.seconds += time.perf_counter() - started
            self.embedded += len(missing)
            self.cache.update(zip([keys[n] for n in missing], vectors, strict=True))
        return np.stack([self.cache[k] for k in keys])

    def embed_query(self, text: str) -> Vectors:
        """Queries are not cached (their latency is measured)."""
        return self.inner.embed_query(text)

    def save(self) -> None:
        """Write the cache."""
        CACHE.mkdir(parents=True, exist_ok=True)
        keys = np.array(list(self.cache))
        np.savez(self.file, keys=keys, vectors=np.stack(list(self.cache.values())))


def default_index(documents: list[SourceDocument]) -> tuple[HybridIndex, CachedEmbedder]:
    """The default set-up (hybrid, e5, contextualization all) over the pages; e5 cached."""
    embedder = CachedEmbedder("e5")
    index = HybridIndex(embedder=embedder, contextualize=Contextualize())
    index.add(documents)
    embedder.save()
    return index, embedder


def evaluate(
    search: Callable[[str], list[str]], turns: list[dict[str, Any]], sets: Sequence[str]
) -> dict[str, Any]:
    """P@1 and recall@10 by page per query set, and latency over the first set."""
    result: dict[str, Any] = {}
    for name in sets:
        p1 = r10 = 0.0
        latencies = []
        for turn in turns:
            started = time.perf_counter()
            pages = search(turn[QUERY_SETS[name]])
            latencies.append(time.perf_counter() - started)
            p1 += bool(pages) and pages[0] in turn["gold"]
            r10 += len(turn["gold"] & set(pages[:10])) / len(turn["gold"])
        result[name] = (p1 / len(turns), r10 / len(turns))
        if "ms" not in result:
            result["ms"] = (
                1000 * statistics.median(latencies),
                1000 * float(np.percentile(latencies, 95)),
            )
    return result


def ours(index: HybridIndex, mode: str) -> Callable[[str], list[str]]:
    """Page ids of our top 10 units, in order (repeats kept: P@1 reads the first)."""

    def search(query: str) -> list[str]:
        hits = index.search(query, k=10, mode=mode)  # type: ignore[arg-type]
        return [str(h.metadata["doc_id"]) for h in hits]

    return search


def near_copy_misses(
    index: HybridIndex, documents: list[SourceDocument], turns: list[dict[str, Any]]
) -> int:
    """Misses whose first page is a copy of the gold page: no retriever can tell them apart."""
    from difflib import SequenceMatcher

    by_id = {d.id: d for d in documents}
    count = 0
    for turn in turns:
        top = str(index.search(turn["completed_q_en"], k=1)[0].metadata["doc_id"])
        if top in turn["gold"]:
            continue
        for gold in turn["gold"]:
            a, b = by_id[top], by_id[gold]
            same = a.title.strip().lower() == b.title.strip().lower()
            if same and SequenceMatcher(None, a.content, b.content).quick_ratio() >= 0.95:
                count += 1
                break
    return count


def table(title: str, rows: list[tuple[str, dict[str, Any]]], sets: Sequence[str]) -> None:
    """Print one markdown table."""
    print(f"\n### {title}\n")
    head = " | ".join(f"P@1 {s} | R@10 {s}" for s in sets)
    print(f"| system | {head} | p50 ms | p95 ms |")
    print("|---" * (2 + 2 * len(sets) + 1) + "|")
    for name, r in rows:
        cells = " | ".join(f"{r[s][0]:.3f} | {r[s][1]:.3f}" for s in sets)
        print(f"| {name} | {cells} | {r['ms'][0]:.1f} | {r['ms'][1]:.1f} |", flush=True)


def main() -> None:
    """Run the tables asked for on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--embedders", default="minilm,e5")
    parser.add_argument("--skip-ablations", action="store_true")
    parser.add_argument("--skip-peers", action="store_true")
    parser.add_argument("--skip-scale", action="store_true")
    parser.add_argument("--scale", type=int, default=100_000)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    documents, turns = load()
    sets = list(QUERY_SETS)
    print(f"{len(documents)} pages, {len(turns)} questions")
    embedders = {name: CachedEmbedder(name) for name in args.embedders.split(",")}
    built: dict[tuple[str, str, bool], HybridIndex] = {}

    def index(embedder: str, context: str, rows: bool = True) -> HybridIndex:
        key = (embedder, context, rows)
        if key not in built:
            how = {
                "none": Contextualize.none(),
                "title": Contextualize(heading=False, neighbours=False),
                "all": Contextualize(),
            }[context]
            started = time.perf_counter()
            cached = embedders[embedder]
            before = cached.seconds
            built[key] = HybridIndex(embedder=cached, contextualize=how, rows=rows)
            built[key].add(documents)
            wall = time.perf_counter() - started - (cached.seconds - before)
            print(f"  index {key}: {len(built[key])} units, {wall:.1f} s without embedding")
            cached.save()
        return built[key]

    rows_main = []
    for name in embedders:
        for mode in ("lexical", "dense", "hybrid"):
            if mode == "lexical" and name != next(iter(embedders)):
                continue
            label = "BM25" if mode == "lexical" else f"{mode} {name}"
            rows_main.append((label, evaluate(ours(index(name, "all"), mode), turns, sets)))
    table("Ours, contextualization all, table rows on", rows_main, sets)
    default = index(next(reversed(embedders)), "all")
    copies = near_copy_misses(default, documents, turns)
    print(f"\n{copies} of the English misses of hybrid {next(reversed(embedders))} rank first a")
    print("near-copy of the gold page (same title, >= 0.95 similar, another space).")
    if not args.skip_ablations:
        first = next(iter(embedders))
        ablation = []
        for context in ("none", "title", "all"):
            for mode in ("lexical", "dense", "hybrid"):
                ablation.append(
                    (f"{context} {mode}", evaluate(ours(index(first, context), mode), turns, sets))
                )
        for mode in ("lexical", "hybrid"):
            ablation.append(
                (
                    f"all {mode}, no rows",
                    evaluate(ours(index(first, "all", rows=False), mode), turns, sets),
                )
            )
        table(f"Ablations ({first})", ablation, sets)
    if not args.skip_peers:
        from peers import run_peers

        first = next(iter(embedders))
        units = built[(first, "all", True)].units
        peer_rows = run_peers(units, embedders[first], turns, sets[:2], evaluate)
        mine = evaluate(ours(built[(first, "all", True)], "hybrid"), turns, sets[:2])
        table(
            f"Peers on the same units and embedder ({first})",
            [("ours hybrid", mine), *peer_rows],
            sets[:2],
        )
    if not args.skip_scale:
        from peers import scale_run

        scale_run(args.scale, [u for u in built[(next(iter(embedders)), "all", True)].units])


def unit_texts(units: Sequence[Unit]) -> list[str]:
    """The indexed text of each unit, as every system reads it."""
    return [u.indexed_text(Contextualize()) for u in units]


if __name__ == "__main__":
    main()
