"""Real documents end to end: ConfQuestions' 215 Confluence pages, `ask --index`, corg vs base.

The pages are written out as HTML and indexed with ``contextorg index`` (the default: hybrid
search, e5); every turn's human-completed question, in English and in German, is asked over
that index with ``corg`` and with ``base`` (a stock RAG chain: the question searched as
asked, the hits in one prompt; corg also searches with the question put in the pages'
language when it is asked in another). A seeded sample of turns is drawn once, before any
tuning: its first half is the dev split, its second half is kept for the report. Per turn:
the gold answer's content words found in the shown answers, whether a gold page is cited,
answers shown, calls and seconds.
Items and the model's replies are stored under ``--out``: a rerun resumes, and replays.

    python benchmarks/confquestions_e2e.py --split dev
    python benchmarks/confquestions_e2e.py --split report
"""

from __future__ import annotations

import argparse
import html
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from retrieval_confquestions import CACHE, load, page_number
from shared_data import CONFQUESTIONS

from contextorg import ask
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.persistence.response_cache import SQLiteResponseCache, with_response_cache
from contextorg.tools.text.normalize import FUNCTION_WORDS, words

QUESTION = {"en": "completed_q_en", "de": "completed_q_de"}
STRATEGIES = ("corg", "base")


def sample(turns: list[dict[str, Any]], size: int, seed: int) -> dict[str, list[dict[str, Any]]]:
    """The seeded sample, split in halves: ``dev`` to choose on, ``report`` to report once."""
    chosen = random.Random(seed).sample(turns, size)
    return {"dev": chosen[: size // 2], "report": chosen[size // 2 :]}


def build_index(folder: Path) -> Path:
    """The 215 pages as HTML files, indexed with ``contextorg index`` (once; then reused)."""
    pages, index = folder / "pages", folder / "index"
    if (index / "current").is_dir():  # a finished index (an interrupted one is updated)
        return index
    pages.mkdir(parents=True, exist_ok=True)
    for file in sorted((CONFQUESTIONS / "documents").glob("*.json")):
        page = json.loads(file.read_text())
        title = html.escape(page["title"])
        body = f"<html><head><title>{title}</title></head><body>{page['content']}</body></html>"
        (pages / f"{page_number(page['url'])}.html").write_text(body)
    command = [sys.executable, "-m", "contextorg", "index", str(pages), "--index", str(index)]
    subprocess.run(command, check=True)
    return index


def gold_recall(gold: str, shown: list[str]) -> float:
    """The share of the gold answer's content words that the shown answers contain."""
    wanted = set(words(gold)) - FUNCTION_WORDS
    said = set(words(" ".join(shown)))
    return len(wanted & said) / len(wanted) if wanted else 1.0


def run_turn(
    turn: dict[str, Any], language: str, strategy: str, index: Path, model: Any, items: Path
) -> dict[str, Any]:
    """One turn under one strategy: stored, or asked now and stored."""
    file = items / strategy / f"{language}-{turn['conv']}-{turn['turn_id']}.json"
    if file.exists():
        stored: dict[str, Any] = json.loads(file.read_text())
        return stored
    started = time.perf_counter()
    result = ask(
        turn[QUESTION[language]],
        retriever=str(index),
        strategy=strategy,
        model=model,
        search_translated=strategy != "base",  # base is a stock RAG chain: one search, as asked
    )
    shown = [a.answer for a in result.answer.answers]
    cited = {
        c.split("#")[0].removesuffix(".html") for a in result.answer.answers for c in a.citations
    }
    record = {
        "turn": f"{turn['conv']}-{turn['turn_id']}",
        "question": turn[QUESTION[language]],
        "gold": turn["a"],
        "gold_pages": sorted(turn["gold"]),
        "shown": shown,
        "citations": [a.citations for a in result.answer.answers],
        "recall": gold_recall(turn["a"], shown),
        "gold_cited": bool(cited & turn["gold"]),
        "calls": result.summary()["usage"]["llm_calls"],
        "seconds": time.perf_counter() - started,
    }
    file.parent.mkdir(parents=True, exist_ok=True)
    file.with_suffix(".part").write_text(json.dumps(record, ensure_ascii=False, indent=1))
    file.with_suffix(".part").replace(file)
    return record


def row(records: list[dict[str, Any]]) -> str:
    """One table row: recall, gold page cited where anything was answered, answers, cost."""
    answered = [r for r in records if r["shown"]]
    cited = sum(r["gold_cited"] for r in answered) / len(answered) if answered else 0.0
    return (
        f"{statistics.mean(r['recall'] for r in records):.3f} | {cited:.2f} "
        f"({len(answered)}/{len(records)}) | "
        f"{statistics.mean(len(r['shown']) for r in records):.2f} | "
        f"{statistics.mean(r['calls'] for r in records):.1f} | "
        f"{statistics.median(r['seconds'] for r in records):.1f}"
    )


def main() -> None:
    """Run (or resume) one split and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=("dev", "report"), default="dev")
    parser.add_argument("--size", type=int, default=100, help="turns sampled in all (both splits)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turns", type=int, help="only the split's first N turns (a partial run)")
    parser.add_argument("--languages", default="en,de")
    parser.add_argument("--strategies", default=",".join(STRATEGIES))
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/confquestions"))
    args = parser.parse_args()
    _, turns = load()
    chosen = sample(turns, args.size, args.seed)[args.split][: args.turns]
    index = build_index(CACHE / "confquestions-e2e")
    cache = SQLiteResponseCache(args.out / "responses.sqlite")
    model = with_response_cache(resolve_chat_model("local"), cache)
    items = args.out / "items" / args.split
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    settings = [
        (lang, how) for lang in args.languages.split(",") for how in args.strategies.split(",")
    ]
    for n, turn in enumerate(
        chosen, start=1
    ):  # turn by turn: a partial run compares like with like
        for language, strategy in settings:
            record = run_turn(turn, language, strategy, index, model, items)
            results.setdefault((language, strategy), []).append(record)
        print(f"{args.split}: {n}/{len(chosen)} turns", file=sys.stderr, flush=True)
    print(
        f"\n{args.split}: {len(chosen)} turns (seed {args.seed}), embedded 1.5B model, 2 threads\n"
    )
    print(
        "| language | strategy | gold word recall | gold page cited (answered) | answers "
        "| calls | s (median) |"
    )
    print("|---|---|---|---|---|---|---|")
    for (language, strategy), records in results.items():
        print(f"| {language} | {strategy} | {row(records)} |")
    print(f"\n{cache.hits} cached responses reused")


if __name__ == "__main__":
    main()
