"""What the embedded model knows without the documents: can it tell misinformation apart?

RAMDocs plants misinformation: a page edited to state a wrong answer. Independent support
(how many pages give an answer) tells the wrong answer apart from the right ones in some
questions only. This measures a second signal, the model's own memory: the likelihood it
gives each answer to the question asked alone, with no document (the mean log-probability of
the answer's tokens and the end of its turn, read in one batch, no generation). On every
dev-split question with a wrong answer, for each wrong answer:

- *below every right one*: it is less likely than each gold answer (or has less support);
- *below the best right one*: less likely than the most likely gold answer;
- *chance*: what a random order gives (1 / (golds + 1) and 1 / 2).

    .venv/bin/python benchmarks/closed_book.py [--split dev] [--limit N]

Scores are kept in ``results/closed-book/scores.jsonl`` (one line per question and answer), so
a rerun only reads what is missing. Nothing here is chosen on the held-out split.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from langchain_core.messages import HumanMessage, SystemMessage
from shared_data import RAMDOCS

from contextorg.datasets import split_of
from contextorg.tools.models.llama import _chat_formatter, format_prompt
from contextorg.tools.models.weights import ensure_weights
from contextorg.tools.text.normalize import normalize

ROOT = Path(__file__).resolve().parent
OUT = ROOT / "results" / "closed-book"
SYSTEM = "Answer the question with a short phrase."

Scorer = Callable[[str, str], float]


def loaded_scorer(threads: int) -> Scorer:
    """The embedded model's mean log-probability of an answer to a question asked alone."""
    from llama_cpp import Llama

    llama = Llama(
        model_path=str(ensure_weights()),
        n_ctx=512,
        n_threads=threads,
        n_threads_batch=threads,
        logits_all=True,
        verbose=False,
    )
    formatter = _chat_formatter(llama)
    end = llama.tokenize(b"<|im_end|>", add_bos=False, special=True)

    def score(question: str, answer: str) -> float:
        messages = [SystemMessage(SYSTEM), HumanMessage(question)]
        prompt, _ = format_prompt(llama, formatter, messages)
        reply = llama.tokenize(answer.encode("utf-8"), add_bos=False) + end
        llama.reset()  # type: ignore[no-untyped-call]
        llama.eval(prompt + reply)
        logits = np.asarray(llama.scores[len(prompt) - 1 : len(prompt) + len(reply) - 1])
        top = logits.max(axis=1, keepdims=True)
        logprobs = logits - top - np.log(np.exp(logits - top).sum(axis=1, keepdims=True))
        return float(np.mean(logprobs[np.arange(len(reply)), reply]))

    return score


def questions(split: str, limit: int | None) -> list[dict[str, Any]]:
    """RAMDocs questions of ``split`` that have a wrong answer, in file order."""
    rows = [json.loads(line) for line in RAMDOCS.read_text().splitlines() if line.strip()]
    chosen = [
        {**row, "id": f"ramdocs-{n}"}
        for n, row in enumerate(rows, 1)
        if (split == "all" or split_of(row["question"]) == split)
        and _distinct(row["wrong_answers"])
        and row["gold_answers"]
    ]
    return chosen[:limit] if limit else chosen


def _distinct(answers: Sequence[str]) -> list[str]:
    seen: dict[str, str] = {}
    for answer in answers:
        seen.setdefault(normalize(answer), answer)
    return list(seen.values())


def support(row: dict[str, Any], answer: str) -> int:
    """Documents labelled with ``answer`` (RAMDocs gives each page its answer)."""
    key = normalize(answer)
    return sum(normalize(d.get("answer") or "") == key for d in row["documents"])


def scores(
    rows: list[dict[str, Any]], scorer: Callable[[], Scorer]
) -> dict[tuple[str, str], float]:
    """Every (question id, answer) likelihood, read from the store or scored and stored."""
    store = OUT / "scores.jsonl"
    known: dict[tuple[str, str], float] = {}
    if store.exists():
        for line in store.read_text().splitlines():
            entry = json.loads(line)
            known[(entry["id"], entry["answer"])] = entry["logprob"]
    model: Scorer | None = None
    OUT.mkdir(parents=True, exist_ok=True)
    with store.open("a") as out:
        for row in rows:
            for answer in [*_distinct(row["gold_answers"]), *_distinct(row["wrong_answers"])]:
                if (row["id"], answer) in known:
                    continue
                model = model or scorer()
                known[(row["id"], answer)] = value = model(row["question"], answer)
                out.write(json.dumps({"id": row["id"], "answer": answer, "logprob": value}) + "\n")
                out.flush()
    return known


def table(rows: list[dict[str, Any]], known: dict[tuple[str, str], float]) -> str:
    """How often each signal ranks a wrong answer below the right ones."""
    signals: dict[str, Callable[[dict[str, Any], str], tuple[float, ...]]] = {
        "independent support (labelled pages)": lambda row, a: (support(row, a),),
        "closed-book likelihood": lambda row, a: (known[(row["id"], a)],),
        "support, then likelihood on a tie": lambda row, a: (
            support(row, a),
            known[(row["id"], a)],
        ),
    }
    lines = [
        "| signal | wrong below every right answer | wrong below the best right answer | "
        "ties with the best |",
        "|---|---|---|---|",
    ]
    pairs = [(row, w) for row in rows for w in _distinct(row["wrong_answers"])]
    for name, key in signals.items():
        every = best = tied = 0
        for row, wrong in pairs:
            mine = key(row, wrong)
            golds = [key(row, g) for g in _distinct(row["gold_answers"])]
            every += all(mine < g for g in golds)
            best += mine < max(golds)
            tied += mine == max(golds)
        lines.append(
            f"| {name} | {every / len(pairs):.3f} ({every}) | {best / len(pairs):.3f} ({best}) "
            f"| {tied / len(pairs):.3f} ({tied}) |"
        )
    chance_every = sum(1 / (len(_distinct(row["gold_answers"])) + 1) for row, _ in pairs)
    lines.append(
        f"| chance | {chance_every / len(pairs):.3f} | "
        f"{sum(1 - 1 / (len(_distinct(r['gold_answers'])) + 1) for r, _ in pairs) / len(pairs):.3f}"
        " | - |"
    )
    lines.append(f"\n{len(pairs)} wrong answers in {len(rows)} questions.")
    return "\n".join(lines)


def main() -> None:
    """Score what is missing, then print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="dev", choices=["dev", "heldout", "all"])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    rows = questions(args.split, args.limit)
    known = scores(rows, lambda: loaded_scorer(args.threads))
    if not all(math.isfinite(v) for v in known.values()):
        raise SystemExit("a likelihood came out infinite: the scores file is damaged")
    print(table(rows, known))


if __name__ == "__main__":
    main()
