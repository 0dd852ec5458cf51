"""Needles in a long document: reading segments, segment search, notes, truncation, one prompt.

A RAMDocs question's correct documents (the needles, one per gold answer or more) are spread
evenly through N tokens of ConfQuestions wiki pages (unrelated real text), as one document.
Methods, each an ``ask`` with the embedded model:

- segments: ``corg``; the relation step reads the document segment by segment (pieces that
  fill the window) for grounded answers, every piece, in order; no answer call;
- search: the same with ``segment_search`` (pieces ranked by hybrid search over their
  passages, read best first until two in a row add no answer);
- segments-N, search-N: the same in pieces of at most N tokens (``reading_segment_tokens``;
  ``ask`` reads in pieces of 1,024 by default, so segments-1024 is ``ask`` as it comes, and
  segments and search set ``reading_segment_tokens=None``);
- notes: SEGMENT+ map-reduce notes (``separate``: the notes subgraph, then one answer call);
- truncate: the beginning that fits the usual window, one call;
- all-in-one: the whole document in one call, with a window as large as it needs (sizes up
  to ``--all-in-one-max``).

Per item: answer recall (the share of gold answers found in the shown answers), whether each
found answer cites a segment holding a needle that gives it (segments and search), whether every
cited segment states its answer, calls, input tokens and seconds. Items and the model's replies
(one cache per method) are stored under ``--out``: a rerun resumes and replays. The haystack of
an item depends only on the seed, the question and the size: any subset runs in any order.

    python benchmarks/long_documents.py --sizes 8000,16000 --methods segments,search
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from shared_data import CONFQUESTIONS, RAMDOCS

from contextorg import Context, LlamaCppChatModel, ask
from contextorg.settings import get_settings
from contextorg.tools.models.resolve import context_budget, resolve_chat_model, token_counter
from contextorg.tools.models.weights import ensure_weights
from contextorg.tools.persistence.response_cache import SQLiteResponseCache, with_response_cache
from contextorg.tools.text.normalize import grounded, same_answer

METHODS = ("segments", "search", "notes", "truncate", "all-in-one")
Count = Callable[[str], int]


class _Text(HTMLParser):
    """Visible text of an HTML page, one block per line."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        elif tag in ("p", "li", "tr", "h1", "h2", "h3", "h4", "br", "div"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def page_texts() -> list[str]:
    """The visible text of every ConfQuestions page."""
    texts = []
    for path in sorted((CONFQUESTIONS / "documents").glob("*.json")):
        parser = _Text()
        parser.feed(json.loads(path.read_text())["content"])
        text = " ".join(" ".join(parser.parts).split())
        if text:
            texts.append(text)
    return texts


def haystack(needles: list[str], size: int, count: Count, rng: random.Random) -> str:
    """About ``size`` tokens of wiki text with the needles spread evenly through it."""
    pages = page_texts()
    rng.shuffle(pages)
    filler: list[str] = []
    tokens = sum(count(n) for n in needles)
    for page in pages:
        if tokens >= size:
            break
        filler.append(page)
        tokens += count(page)
    step = max(1, len(filler) // (len(needles) + 1))
    for i, needle in enumerate(needles, start=1):
        filler.insert(min(i * step + i - 1, len(filler)), needle)
    return "\n\n".join(filler)


def questions(k: int, seed: int) -> list[dict[str, Any]]:
    """``k`` RAMDocs questions (seeded), each with its correct documents and gold answers."""
    picked = []
    for line in RAMDOCS.read_text().splitlines():
        row = json.loads(line)
        correct = [d for d in row["documents"] if d["type"] == "correct"]
        if correct:
            gold = list(dict.fromkeys(d["answer"] for d in correct))
            needles = [{"text": d["text"], "answer": d["answer"]} for d in correct]
            picked.append({"question": row["question"], "needles": needles, "gold": gold})
    random.Random(seed).shuffle(picked)
    return [{"id": n, **q} for n, q in enumerate(picked[:k])]


def found(answer: str, gold: str) -> bool:
    """Whether a shown answer gives a gold answer."""
    return same_answer(answer, gold) or gold.lower() in answer.lower()


class Caches(dict[str, SQLiteResponseCache]):
    """One response cache per method, opened when the method first asks the model.

    One per method because segment search reads the same segments as reading them all, and its
    seconds must count its own calls, not replies the other method left. Opened lazily so that
    replaying stored items (``--stored``) leaves no empty cache files behind.
    """

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder

    def __missing__(self, method: str) -> SQLiteResponseCache:
        self.folder.mkdir(parents=True, exist_ok=True)
        cache = self[method] = SQLiteResponseCache(self.folder / f"{method}.sqlite")
        return cache


def run_item(
    item: dict[str, Any],
    size: int,
    method: str,
    local: Callable[[], BaseChatModel],
    caches: Caches,
    args: argparse.Namespace,
) -> dict[str, Any] | None:
    """One question at one size by one method: stored, or asked now and stored."""
    file = args.out / "items" / method / f"{size}-{item['id']}.json"
    if file.exists():
        stored: dict[str, Any] = json.loads(file.read_text())
        return stored
    if args.stored:
        return None
    cache = caches[method]
    model = with_response_cache(local(), cache)
    count = token_counter(model)
    rng = random.Random(f"{args.seed}-{item['id']}-{size}")
    text = haystack([n["text"] for n in item["needles"]], size, count, rng)
    tokens = count(text)
    options: dict[str, Any] = {"strategy": "separate", "context_budget": tokens + 1}
    chosen, shown = model, text
    kind, piece = split_method(method)
    if kind in ("segments", "search"):
        options = {"strategy": "corg", "segment_search": kind == "search"}
        options["reading_segment_tokens"] = piece
    elif method == "notes":
        options = {"strategy": "separate", "segment_tokens": args.segment_tokens}
    elif method == "truncate":
        words, budget = text.split(), context_budget(model, None)
        kept = int(len(words) * budget / tokens)  # as many words as fit on average, fewer
        while count(shown := " ".join(words[:kept])) > budget:  # where the start is denser
            kept = int(kept * 0.95)
    elif method == "all-in-one":
        if tokens > args.all_in_one_max:
            return None
        big = LlamaCppChatModel(
            model_path=ensure_weights(), n_ctx=tokens + 1024, n_threads=get_settings().threads
        )
        chosen = with_response_cache(big, cache)
        # One prompt of 16,000 tokens takes this machine longer than the default 300 s a call
        # may take (and it would be tried again twice): let it run to its end, once.
        options.update(model_timeout=None, model_retries=0)
    if args.model_timeout is not None:  # a call that waits for the cores is not a wrong answer
        options.setdefault("model_timeout", args.model_timeout or None)
    started = time.perf_counter()
    result = ask(item["question"], [Context(id="document", title="wiki", text=shown)],
                 model=chosen, **options)  # fmt: skip
    seconds = time.perf_counter() - started
    usage = result.summary()["usage"]
    if usage["failures"]:  # not stored: a rerun asks again (replies that came are cached)
        print(f"{file.name} ({method}): {usage['failures']} failed calls", file=sys.stderr)
        return None
    needles = [(text.find(n["text"]), n) for n in item["needles"]]
    answers: list[dict[str, Any]] = [
        {"answer": a.answer, "spans": [list(s) for s in a.spans.values()]}
        for a in result.answer.answers
    ]
    record = {
        "question": item["question"],
        "gold": item["gold"],
        "size": size,
        "tokens": tokens,
        "method": method,
        "answers": answers,
        "recall": sum(any(found(a["answer"], g) for a in answers) for g in item["gold"])
        / len(item["gold"]),
        "right_segment": right_segments(answers, needles, item["gold"]),
        "cited_states": [
            all(grounded(text[s:e], a["answer"]) for s, e in a["spans"])
            for a in answers
            if a["spans"]
        ],
        "calls": usage["llm_calls"],
        "input_tokens": usage["input_tokens"],
        "seconds": seconds,
    }
    file.parent.mkdir(parents=True, exist_ok=True)
    file.with_suffix(".part").write_text(json.dumps(record, ensure_ascii=False, indent=1))
    file.with_suffix(".part").replace(file)
    return record


def split_method(name: str) -> tuple[str, int | None]:
    """A method's name and the segment size it names: "segments-1024" is segments of 1,024."""
    method, _, size = name.partition("-")
    if method in ("segments", "search") and size.isdigit() and int(size) > 0:
        return method, int(size)
    return name, None


def right_segments(
    answers: list[dict[str, Any]], needles: list[tuple[int, dict[str, Any]]], gold: list[str]
) -> list[bool]:
    """Per shown answer that gives a gold answer and cites spans: does one hold its needle?"""
    verdicts = []
    for answer in answers:
        golds = [g for g in gold if found(answer["answer"], g)]
        if not golds or not answer["spans"]:
            continue
        verdicts.append(
            any(
                start <= at < end and any(found(n["answer"], g) for g in golds)
                for start, end in answer["spans"]
                for at, n in needles
            )
        )
    return verdicts


def precise(record: dict[str, Any]) -> list[bool]:
    """For each shown answer: does it give a gold answer?"""
    return [any(found(a["answer"], g) for g in record["gold"]) for a in record["answers"]]


def share(values: list[bool]) -> str:
    """The share of true values, or "-" for none."""
    return f"{sum(values) / len(values):.2f}" if values else "-"


def main() -> None:
    """Run (or resume) every method at every size and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8000,16000,32000,64000")
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--methods", default=",".join(METHODS))
    parser.add_argument("--segment-tokens", type=int, default=400, help="notes' segment size")
    parser.add_argument("--all-in-one-max", type=int, default=16000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/long-documents"))
    parser.add_argument("--stored", action="store_true", help="only the stored items' table")
    parser.add_argument(
        "--model-timeout", type=float, help="seconds a call may take (0: no limit; default 300)"
    )
    args = parser.parse_args()
    methods = args.methods.split(",")
    if unknown := {m for m in methods if split_method(m)[0] not in METHODS}:
        parser.error(
            f"unknown methods {sorted(unknown)}: use {', '.join(METHODS)}, "
            "or segments-N and search-N for pieces of N tokens"
        )
    sizes = [int(s) for s in args.sizes.split(",")]
    caches = Caches(args.out / "responses")
    local = functools.cache(lambda: resolve_chat_model("local"))  # not loaded to replay
    rows: dict[tuple[int, str], list[dict[str, Any]]] = {}
    items = questions(args.questions, args.seed)
    for n, item in enumerate(items, start=1):  # question by question: a partial run compares
        for size in sizes:  # like with like
            for method in methods:
                record = run_item(item, size, method, local, caches, args)
                if record is not None:
                    rows.setdefault((size, method), []).append(record)
        print(f"{n}/{len(items)} questions", file=sys.stderr, flush=True)
    print(f"\n{len(items)} questions (seed {args.seed}), embedded 1.5B model, 2 threads\n")
    print(
        "| tokens | method | questions | answer recall | answer precision | right segment "
        "| cited states it "
        "| calls | input tokens | seconds | seconds / segments |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for size in sizes:  # only questions every method ran at this size: like with like
        ran = [{r["question"] for r in rows[size, m]} for m in methods if (size, m) in rows]
        common = set.intersection(*ran) if ran else set()
        for method in methods:
            if (size, method) in rows:
                rows[size, method] = [r for r in rows[size, method] if r["question"] in common]
        base = rows.get((size, "segments"))
        for method in methods:
            done = rows.get((size, method))
            if not done:
                continue
            seconds = statistics.mean(r["seconds"] for r in done)
            ratio = f"{seconds / statistics.mean(r['seconds'] for r in base):.2f}" if base else "-"
            print(
                f"| {size} | {method} | {len(done)} "
                f"| {statistics.mean(r['recall'] for r in done):.2f} "
                f"| {share([v for r in done for v in precise(r)])} "
                f"| {share([v for r in done for v in r['right_segment']])} "
                f"| {share([v for r in done for v in r['cited_states']])} "
                f"| {statistics.mean(r['calls'] for r in done):.1f} "
                f"| {statistics.mean(r['input_tokens'] for r in done):.0f} "
                f"| {seconds:.0f} | {ratio} |"
            )
    print(f"\n{sum(c.hits for c in caches.values())} cached responses reused")


if __name__ == "__main__":
    main()
