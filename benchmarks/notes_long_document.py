"""Needles in a haystack: notes vs truncation vs one big prompt, with the local model.

A RAMDocs question's documents are spread through N tokens of ConfQuestions pages (an
unrelated wiki), as one long document. Methods:
- segments: the document read segment by segment for its grounded answers (``corg``, the
  default: the relation step reads a text past the window piece by piece), no answer call;
- notes: the document through the notes subgraph (segments, notes, merges, answer);
- truncate: the first tokens that fit the model's usual window, one call;
- all-in-one: the whole document in one call, with a window as large as it needs.
Answer recall is the share of the question's gold answers found in the answers.

    python benchmarks/notes_long_document.py --sizes 8000,16000 --questions 2 \
        --methods segments,notes,truncate,all-in-one
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel

from contextorg import Context, LlamaCppChatModel, ask
from contextorg.settings import get_settings
from contextorg.tools.models.resolve import context_budget, resolve_chat_model, token_counter
from contextorg.tools.models.weights import ensure_weights
from contextorg.tools.text.normalize import same_answer

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
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
    for path in sorted((DATA / "ragonite-confquestions" / "documents").glob("*.json")):
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


def questions(k: int, rng: random.Random) -> list[tuple[str, list[str], list[str]]]:
    """RAMDocs questions with their correct documents (the needles) and gold answers."""
    picked = []
    for line in (DATA / "ramdocs" / "RAMDocs_test.jsonl").read_text().splitlines():
        row = json.loads(line)
        correct = [d for d in row["documents"] if d["type"] == "correct"]
        if correct:
            answers = list(dict.fromkeys(d["answer"] for d in correct))
            picked.append((row["question"], [d["text"] for d in correct], answers))
    rng.shuffle(picked)
    return picked[:k]


def recall(answers: list[str], gold: list[str]) -> float:
    """Share of gold answers matched by some answer."""
    found = [g for g in gold if any(same_answer(a, g) or g.lower() in a.lower() for a in answers)]
    return len(found) / len(gold)


def main() -> None:
    """Run every method at every size and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8000,16000,32000")
    parser.add_argument("--questions", type=int, default=2)
    parser.add_argument("--segment-tokens", default="600")
    parser.add_argument("--all-in-one-max", type=int, default=16000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--methods", default="segments,notes,truncate,all-in-one")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    model = resolve_chat_model("local")
    count = token_counter(model)
    budget = context_budget(model, None)
    rows: list[tuple[int, str, float, int, int, float]] = []
    for question, needles, gold in questions(args.questions, rng):
        for size in (int(s) for s in args.sizes.split(",")):
            text = haystack(needles, size, count, rng)
            n_tokens = count(text)
            words = text.split()
            cut = " ".join(words[: int(len(words) * budget / n_tokens)])
            methods = args.methods.split(",")
            runs: list[tuple[str, BaseChatModel, str, dict[str, Any]]] = []
            if "segments" in methods:
                runs.append(("segments", model, text, {"strategy": "corg"}))
            if "notes" in methods:
                runs.extend(
                    (f"notes (segments {seg})", model, text, {"segment_tokens": seg})
                    for seg in (int(s) for s in args.segment_tokens.split(","))
                )
            if "truncate" in methods:
                runs.append(("truncate", model, cut, {"context_budget": n_tokens + 1}))
            if "all-in-one" in methods and n_tokens <= args.all_in_one_max:
                big = LlamaCppChatModel(
                    model_path=ensure_weights(),
                    n_ctx=n_tokens + 1024,
                    n_threads=get_settings().threads,
                )
                runs.append(("all-in-one", big, text, {"context_budget": n_tokens + 1}))
            for name, chosen, shown, options in runs:
                started = time.perf_counter()
                document = Context(id="document", title="wiki", text=shown)
                chosen_options = {"strategy": "separate", **options}
                result = ask(question, [document], model=chosen, **chosen_options)
                seconds = time.perf_counter() - started
                usage = result.summary()["usage"]
                found = recall([a.answer for a in result.answer.answers], gold)
                rows.append((size, name, found, usage["llm_calls"], usage["input_tokens"], seconds))
                print(f"  {question} {size} {name}: recall {found:.2f}, {seconds:.0f} s")
    base = {s: min(r[5] for r in rows if r[0] == s and r[1] == rows[0][1]) for s, *_ in rows}
    first = rows[0][1]
    print(f"\n| tokens | method | answer recall | model calls | input tokens | seconds / {first} |")
    print("|---|---|---|---|---|---|")
    for size in sorted({r[0] for r in rows}):
        for name in dict.fromkeys(r[1] for r in rows if r[0] == size):
            same = [r for r in rows if r[0] == size and r[1] == name]
            n = len(same)
            print(
                f"| {size} | {name} | {sum(r[2] for r in same) / n:.2f} "
                f"| {sum(r[3] for r in same) / n:.1f} | {sum(r[4] for r in same) / n:.0f} "
                f"| {sum(r[5] for r in same) / n / base[size]:.2f} |"
            )


if __name__ == "__main__":
    main()
