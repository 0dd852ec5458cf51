"""Attribution on ConfQuestions: is the top-attributed evidence from the gold page?

RAGonite's set-up (seed 001 §5): human-completed English questions whose gold page is among
the top 10 units retrieved; those 10 units are the evidence. The local model answers once
(strategy ``base``, groups of 4); then each attributor explains that answer:

- ``naive``: softmax over cosine(question + answer, evidence), no model call;
- ``counterfactual``: remove one unit at a time, regenerate, compare (clusters ``none``);
- ``counterfactual + clusters``: remove DBSCAN clusters of near-identical units instead.

An answer with several parts is scored by the mean of its per-part distributions; an
out-of-scope answer counts as a miss. Model calls and seconds are per question.

    python benchmarks/attribution_confquestions.py --limit 30            # the README's run
    python benchmarks/attribution_confquestions.py --limit 30 --cache runs/attribution/responses

    # the same run split over two processes sharing the cache, then replayed for the table
    python benchmarks/attribution_confquestions.py --limit 6 --turns 4,5 --cache ...

With ``--cache`` every model response is kept in SQLite, so a cut run resumes where it stopped.
Each attributor gets its own file (``responses.<method>.sqlite``): the clustered method never
reuses the plain one's regenerations, so its calls and seconds stay its own on a first run.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import time
import warnings
from collections import defaultdict
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph.runtime import Runtime
from retrieval_confquestions import default_index, load

from contextorg.graphs.group import group_graph
from contextorg.graphs.qa import graph
from contextorg.nodes.explain import explain
from contextorg.state import RunContext
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.persistence.response_cache import SQLiteResponseCache, with_response_cache


def answer_alone(task: Any, context: RunContext) -> Any:
    """One group answered again by the graph's group subgraph (what ``build_graph`` binds)."""
    return group_graph.invoke(task, context=context)


METHODS = {
    "naive": {"attributor": "naive", "explain_clusters": "none"},
    "counterfactual": {"attributor": "counterfactual", "explain_clusters": "none"},
    "counterfactual + clusters": {"attributor": "counterfactual", "explain_clusters": "dbscan"},
}


def top_context(attribution: list[Any]) -> str | None:
    """The context with the most weight, averaged over the answer's parts."""
    if not attribution:
        return None
    total: dict[str, float] = defaultdict(float)
    for part in attribution:
        for context_id, weight in part.scores.items():
            total[context_id] += weight / len(attribution)
    return max(total, key=total.__getitem__)


def cached_models(model: str, cache: Path | None) -> dict[str, str | BaseChatModel]:
    """The model for answering and for each attributor, each with its own response cache."""
    names = ["answer", *METHODS]
    if cache is None:
        return dict.fromkeys(names, model)
    chat_model = resolve_chat_model(model)
    models: dict[str, str | BaseChatModel] = {}
    for name in names:
        slug = re.sub(r"\W+", "-", name)
        responses = SQLiteResponseCache(cache.with_name(f"{cache.name}.{slug}.sqlite"))
        models[name] = with_response_cache(chat_model, responses)
    return models


def main() -> None:
    """Answer each question once, explain it with every method, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=30, help="first N eligible questions")
    parser.add_argument(
        "--turns", help="only these turns of the first N, comma-separated (to split a run)"
    )
    parser.add_argument("--model", default="local")
    parser.add_argument("--eps", type=float, default=0.01, help="DBSCAN cosine distance")
    parser.add_argument("--cache", type=Path, help="keep responses in PATH.<method>.sqlite")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    documents, turns = load()
    index, embedder = default_index(documents)
    eligible = []
    for n, turn in enumerate(turns):
        hits = index.search(turn["completed_q_en"], k=10)
        if turn["gold"] & {str(h.metadata["doc_id"]) for h in hits}:
            eligible.append((n, turn, hits))
    chosen = eligible[: args.limit]
    if args.turns:
        wanted = {int(t) for t in args.turns.split(",")}
        chosen = [item for item in chosen if item[0] in wanted]
    print(f"{len(eligible)} of {len(turns)} questions have their gold page in the top 10")
    print(f"explaining the first {len(chosen)}: turns {[n for n, _, _ in chosen]}", flush=True)
    models = cached_models(args.model, args.cache)
    base = RunContext(
        model=models["answer"], strategy="base", embedder=embedder, dbscan_eps=args.eps
    )
    hits_by: dict[str, int] = defaultdict(int)
    calls: dict[str, int] = defaultdict(int)
    seconds: dict[str, float] = defaultdict(float)
    answer_seconds = 0.0
    out_of_scope = 0
    for done, (n, turn, hits) in enumerate(chosen, start=1):
        question = turn["completed_q_en"]
        started = time.perf_counter()
        state = graph.invoke({"question": question, "contexts": hits}, context=base)
        answer_seconds += time.perf_counter() - started
        out_of_scope += state["answer"].out_of_scope
        page = {h.id: str(h.metadata["doc_id"]) for h in hits}
        marks = []
        for method, options in METHODS.items():
            runtime = Runtime(
                context=dataclasses.replace(base, model=models[method], explain=True, **options)
            )
            started = time.perf_counter()
            out = explain(state, runtime, answer=answer_alone)
            took = time.perf_counter() - started
            used = out["usage"]["explain"].llm_calls
            seconds[method] += took
            calls[method] += used
            best = top_context(out["attribution"])
            hit = best is not None and page[best] in turn["gold"]
            hits_by[method] += hit
            marks.append(f"{method} {'+' if hit else '-'} ({used} calls, {took:.0f} s)")
        # One line per question, so a run cut short still tells its numbers.
        print(f"[{done}/{len(chosen)}] turn {n}: {'; '.join(marks)}", flush=True)
    count = len(chosen)
    print(f"\nmodel {args.model}; {count} questions; {out_of_scope} answered out of scope")
    print(f"answering (not in the table): {answer_seconds / count:.1f} s per question\n")
    print("| attributor | accuracy | model calls / question | seconds / question |")
    print("|---|---|---|---|")
    for method in METHODS:
        print(
            f"| {method} | {hits_by[method] / count:.3f} | {calls[method] / count:.1f} | "
            f"{seconds[method] / count:.1f} |"
        )


if __name__ == "__main__":
    main()
