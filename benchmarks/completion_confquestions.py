"""Question completion on ConfQuestions: does the rewritten follow-up find its page?

Every row searches the same index (ours, hybrid e5, contextualization all) with a different
version of each of the 300 questions: as asked (raw), as a person rewrote it (human), as the
local model rewrote it (``llm``), and by the no-model fallback (``concat``). P@1 by page, English
and German. Completion walks each conversation in order, like a thread: a strategy's history holds
its own earlier rewrites and the dataset's answers (we benchmark completion, not answering). First
turns have no history, so they pass through unchanged and cost nothing.

    python benchmarks/completion_confquestions.py                 # the README's run
    python benchmarks/completion_confquestions.py --limit 5 --model local:0.5b   # a quick look
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

from retrieval_confquestions import default_index, load, ours

from contextorg.state.records import Turn
from contextorg.tools.answering.completion import COMPLETERS
from contextorg.tools.models.calls import Meter
from contextorg.tools.models.resolve import resolve_chat_model

LANGUAGES = ("en", "de")


def complete_all(
    turns: list[dict[str, Any]], language: str, strategy: str, model: str
) -> tuple[list[str], list[float], int]:
    """Each turn's question after ``strategy``; seconds per completion; failed model calls."""
    complete = COMPLETERS.resolve(strategy)
    questions: list[str] = []
    seconds: list[float] = []
    failures = 0
    history: list[Turn] = []
    for n, turn in enumerate(turns):
        if n and turn["conv"] != turns[n - 1]["conv"]:
            history = []
        raw = turn[f"q_{language}"]
        completed = raw
        if history:
            meter = Meter()
            started = time.perf_counter()
            completed = complete(raw, history, lambda: resolve_chat_model(model), meter)
            seconds.append(time.perf_counter() - started)
            failures += meter.failures
        questions.append(completed)
        history.append(Turn(question=raw, completed_question=completed, answer=turn["a"]))
    return questions, seconds, failures


def precision_at_1(
    search: Callable[[str], list[str]], turns: list[dict[str, Any]], questions: list[str]
) -> float:
    """The share of questions whose first unit comes from a gold page."""
    hits = 0
    for turn, question in zip(turns, questions, strict=True):
        pages = search(question)
        hits += bool(pages) and pages[0] in turn["gold"]
    return hits / len(turns)


def main() -> None:
    """Complete every question each way, search, print the table and a few rewrites."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=0, help="first N conversations (0: all)")
    parser.add_argument("--model", default="local")
    parser.add_argument("--show", type=int, default=6, help="print this many LLM rewrites")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    documents, turns = load()
    if args.limit:
        keep = list(dict.fromkeys(t["conv"] for t in turns))[: args.limit]
        turns = [t for t in turns if t["conv"] in keep]
    follow_ups = sum(n > 0 and t["conv"] == turns[n - 1]["conv"] for n, t in enumerate(turns))
    print(
        f"{len(turns)} questions in {len(turns) - follow_ups} conversations; "
        f"{follow_ups} follow-ups are completed"
    )
    index, _ = default_index(documents)
    search = ours(index, "hybrid")
    rows: dict[str, dict[str, Any]] = {}
    rewrites: list[tuple[str, str]] = []
    for language in LANGUAGES:
        rows.setdefault("raw", {})[language] = precision_at_1(
            search, turns, [t[f"q_{language}"] for t in turns]
        )
        rows.setdefault("human", {})[language] = precision_at_1(
            search, turns, [t[f"completed_q_{language}"] for t in turns]
        )
        for strategy in ("llm", "concat"):
            started = time.perf_counter()
            questions, seconds, failures = complete_all(turns, language, strategy, args.model)
            row = rows.setdefault(strategy, {"seconds": [], "failures": 0})
            row[language] = precision_at_1(search, turns, questions)
            row["seconds"] += seconds
            row["failures"] += failures
            print(
                f"  {strategy} {language}: P@1 {row[language]:.3f}, "
                f"{time.perf_counter() - started:.0f} s, {failures} failed calls",
                flush=True,
            )
            if strategy == "llm":
                rewrites += [
                    (t[f"q_{language}"], q)
                    for t, q in zip(turns, questions, strict=True)
                    if q != t[f"q_{language}"]
                ][: args.show // 2]
    print(
        f"\nmodel {args.model}; retriever: ours, hybrid e5; P@1 by page over all {len(turns)} "
        "questions\n"
    )
    print("| questions | P@1 en | P@1 de | mean | s / completion (median) | failed calls |")
    print("|---|---|---|---|---|---|")
    labels = {
        "raw": "raw (as asked)",
        "human": "human-completed",
        "llm": f"LLM-completed ({args.model})",
        "concat": "concat-completed (no model)",
    }
    for name, row in rows.items():
        mean = statistics.mean(row[lang] for lang in LANGUAGES)
        timing = f"{statistics.median(row['seconds']):.2f}" if row.get("seconds") else "–"
        failed = str(row["failures"]) if "failures" in row else "–"
        print(
            f"| {labels[name]} | {row['en']:.3f} | {row['de']:.3f} | {mean:.3f} | {timing} | "
            f"{failed} |"
        )
    print("\nSome LLM rewrites:")
    for raw, completed in rewrites:
        print(f"- {raw!r} -> {completed!r}")


if __name__ == "__main__":
    main()
