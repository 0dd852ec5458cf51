"""Relation classifiers against labelled context pairs, with a real model.

For each classifier: accuracy over labelled pairs, recall per relation type, a confusion
matrix, and model calls, tokens and seconds per question (seconds also as a ratio to the
fastest classifier). Data and labelling rules: benchmarks/relation_data.py.

    python benchmarks/relation_accuracy.py --split heldout --classifiers extract,batched
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from langchain_core.language_models import BaseChatModel
from relation_data import Case, describe, load

from contextorg.state import RELATION_LABELS
from contextorg.tools.calls import Meter
from contextorg.tools.models import resolve_chat_model
from contextorg.tools.relations import get_classifier
from contextorg.tools.response_cache import SQLiteResponseCache, with_response_cache


def evaluate(name: str, cases: list[Case], chat: BaseChatModel, verbose: bool) -> dict[str, object]:
    """Run one classifier over every case; count pairs, confusions, calls, tokens, seconds."""
    classifier = get_classifier(name)
    confusion: Counter[tuple[str, str]] = Counter()
    calls = tokens = 0
    seconds = 0.0
    by_source: Counter[tuple[str, bool]] = Counter()
    for number, case in enumerate(cases, start=1):
        meter = Meter()
        started = time.perf_counter()
        graph = classifier(case.question, case.contexts, chat, meter)
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
        "calls": calls / len(cases),
        "tokens": tokens / len(cases),
        "seconds": seconds / len(cases),
        "contexts": sum(len(c.contexts) for c in cases) / len(cases),
    }


def main() -> None:
    """Print the comparison table and each classifier's confusion matrix."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=["dev", "heldout"], default="dev")
    parser.add_argument("--classifiers", default="extract,batched,pairwise")
    parser.add_argument("--model", default="local")
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
    cache = SQLiteResponseCache(args.cache) if args.cache else None
    chat = with_response_cache(resolve_chat_model(args.model), cache)
    cases = load(args.split, args.ramdocs, args.conflictqa, seed=args.seed)
    print(f"{args.split}: {len(cases)} questions; pairs per label and source: {describe(cases)}")
    results = []
    for name in args.classifiers.split(","):
        results.append(evaluate(name, cases, chat, args.verbose))
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


if __name__ == "__main__":
    main()
