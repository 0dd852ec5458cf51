"""Relation classifiers against labelled context pairs, with a real model.

For each classifier: accuracy over labelled pairs, recall per relation type, a confusion
matrix, and model calls, tokens and seconds per question (seconds also as a ratio to the
fastest classifier). Data and labelling rules: benchmarks/relation_data.py.

    python benchmarks/relation_accuracy.py --split heldout --classifiers extract,batched

``--model oracle`` replies with the labels' own readings (``contextorg.testing.World``): what a
classifier's rule scores with a perfect reader, which separates the reader's errors from the
rule's. ConflictQA's two sides are replied as "yes" (memory) and "no" (counter).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from langchain_core.language_models import BaseChatModel
from relation_data import Case, describe, load, word_jaccard

from contextorg.state import RELATION_LABELS
from contextorg.testing import World
from contextorg.tools.models.calls import Meter
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.persistence.response_cache import SQLiteResponseCache, with_response_cache
from contextorg.tools.relations import CLASSIFIERS

OVERLAP_BANDS = ((0.5, ">= 0.5"), (0.2, "0.2-0.5"), (0.0, "< 0.2"))
"""Word-overlap bands of a pair's texts, for counterfactual recall (near copies first)."""


def evaluate(
    name: str, cases: list[Case], model_for: Callable[[Case], BaseChatModel], verbose: bool
) -> dict[str, object]:
    """Run one classifier over every case; count pairs, confusions, calls, tokens, seconds."""
    classifier = CLASSIFIERS.resolve(name)
    confusion: Counter[tuple[str, str]] = Counter()
    counterfactual: Counter[tuple[str, str, bool]] = Counter()
    calls = tokens = 0
    seconds = 0.0
    by_source: Counter[tuple[str, bool]] = Counter()
    for number, case in enumerate(cases, start=1):
        meter = Meter()
        started = time.perf_counter()
        graph = classifier(case.question, case.contexts, model_for(case), meter)
        seconds += time.perf_counter() - started
        usage = meter.usage()
        calls += usage.llm_calls
        tokens += usage.input_tokens + usage.output_tokens
        if usage.llm_calls > len(case.contexts) + 2:
            print(f"  over budget: {usage.llm_calls} calls for {len(case.contexts)} contexts")
        for pair, truth in case.gold.items():
            a, b = sorted(pair)
            predicted = graph.relation(a, b)
            confusion[(truth, predicted)] += 1
            by_source[(case.source, truth == predicted)] += 1
            if truth == "counterfactual":
                band = overlap_band(case, a, b)
                counterfactual[(case.source, band, predicted == truth)] += 1
        if verbose:
            right = sum(graph.relation(*sorted(p)) == t for p, t in case.gold.items())
            print(f"  {name} {number}/{len(cases)} {case.source}: {right}/{len(case.gold)}")
    total = sum(confusion.values())
    return {
        "name": name,
        "accuracy": sum(v for (t, p), v in confusion.items() if t == p) / total,
        "recall": {
            label: confusion[(label, label)] / n
            for label in RELATION_LABELS
            if (n := sum(v for (t, _), v in confusion.items() if t == label))
        },
        "by_source": {
            source: by_source[(source, True)]
            / (by_source[(source, True)] + by_source[(source, False)])
            for source in sorted({s for s, _ in by_source})
        },
        "confusion": confusion,
        "counterfactual": counterfactual,
        "calls": calls / len(cases),
        "tokens": tokens / len(cases),
        "seconds": seconds / len(cases),
        "contexts": sum(len(c.contexts) for c in cases) / len(cases),
    }


def overlap_band(case: Case, a: str, b: str) -> str:
    """The band of the share of words two contexts' texts have in common (Jaccard)."""
    text = {c.id: c.text for c in case.contexts}
    share = word_jaccard(text[a], text[b])
    return next(band for floor, band in OVERLAP_BANDS if share >= floor)


def oracle(case: Case) -> BaseChatModel:
    """A model replying with the case's true readings (ConflictQA sides as yes and no)."""
    sides = {"memory": "yes", "counter": "no"}
    readings = {
        i: replace(r, answer=sides.get(r.answer or "", r.answer)) for i, r in case.readings.items()
    }
    return World(case.contexts, readings).model()


def main() -> None:
    """Print the comparison table and each classifier's confusion matrix."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=["dev", "heldout"], default="dev")
    parser.add_argument("--classifiers", default="extract,batched,pairwise")
    parser.add_argument(
        "--model", default="local", help="a chat model name, or oracle (the true readings)"
    )
    parser.add_argument("--ramdocs", type=int, default=20)
    parser.add_argument("--conflictqa", type=int, default=6)
    parser.add_argument(
        "--seed", type=int, default=0, help="which sample of the split's questions (default 0)"
    )
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument(
        "--cache",
        type=Path,
        help="reuse model responses from this SQLite file (for tuning a decision rule on dev; "
        "calls, tokens and seconds are then not a measurement)",
    )
    args = parser.parse_args()
    if args.model == "oracle" and args.cache:
        parser.error("--cache has nothing to reuse with --model oracle (no model is called)")
    cache = SQLiteResponseCache(args.cache) if args.cache else None
    chat = None
    if args.model != "oracle":
        chat = with_response_cache(resolve_chat_model(args.model), cache)

    def model_for(case: Case) -> BaseChatModel:
        return oracle(case) if chat is None else chat

    cases = load(args.split, args.ramdocs, args.conflictqa, seed=args.seed)
    print(f"{args.split}: {len(cases)} questions; pairs per label and source: {describe(cases)}")
    results = []
    for name in args.classifiers.split(","):
        results.append(evaluate(name, cases, model_for, args.verbose))
        done = results[-1]
        print(f"{name}: accuracy {done['accuracy']:.3f}, recall {done['recall']}", flush=True)
    fastest = min(float(r["seconds"]) for r in results)  # type: ignore[arg-type]
    labels = [label for label in RELATION_LABELS if label in results[0]["recall"]]  # type: ignore[operator]
    print(
        "\n| classifier | accuracy | "
        + " | ".join(f"recall {label}" for label in labels)
        + " | calls / question | contexts / question | tokens / question | seconds / fastest |"
    )
    print("|---" * (len(labels) + 6) + "|")
    for r in results:
        recall = r["recall"]
        print(
            f"| {r['name']} | {r['accuracy']:.3f} | "
            + " | ".join(f"{recall[label]:.2f}" for label in labels)  # type: ignore[index]
            + f" | {r['calls']:.2f} | {r['contexts']:.2f} | {r['tokens']:.0f} "
            f"| {float(r['seconds']) / fastest:.2f} |"  # type: ignore[arg-type]
        )
    print(f"\nfastest: {fastest:.1f} s per question on this machine")
    for r in results:
        print(f"\n{r['name']}: accuracy by source {r['by_source']}")
        print("truth \\ predicted | " + " | ".join(label[:5] for label in RELATION_LABELS))
        confusion = r["confusion"]
        for truth in labels:
            cells = [str(confusion[(truth, p)]) for p in RELATION_LABELS]  # type: ignore[index]
            print(f"{truth} | " + " | ".join(cells))
        print("counterfactual recall by source and the pair's word overlap (Jaccard):")
        found: Counter[tuple[str, str, bool]] = r["counterfactual"]  # type: ignore[assignment]
        for source in sorted({s for s, _, _ in found}):
            cells = []
            for _, band in OVERLAP_BANDS:
                right, wrong = found[(source, band, True)], found[(source, band, False)]
                if right + wrong:
                    cells.append(f"{band}: {right / (right + wrong):.2f} of {right + wrong}")
            print(f"  {source}: " + ", ".join(cells))


if __name__ == "__main__":
    main()
