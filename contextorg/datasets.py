"""Evaluation datasets: RAMDocs rows and contextorg's own JSONL, and their dev/held-out split.

RAMDocs rows (``question``, ``documents`` with ``text``/``type``/``answer``, ``gold_answers``,
``disambig_entity``, ``wrong_answers``) are read as they are; the project's own format is one
object per line::

    {"id": "q1", "question": "...",
     "contexts": [{"id": "a", "title": "...", "text": "...", "answer": "1987"}, ...],
     "answers": [{"answer": "1987", "entity": "Velmora"}, "2004"],
     "wrong_answers": ["1991"]}

(``id``, ``title``, a context's ``answer`` label, ``entity`` and ``wrong_answers`` are optional.)
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from contextorg.state.records import Context
from contextorg.tools.evaluation.metrics import Gold
from contextorg.tools.inputs import InputError, as_contexts, jsonl_objects

Split = Literal["dev", "heldout", "all"]


def split_of(question: str) -> Literal["dev", "heldout"]:
    """``heldout`` for about a fifth of the questions, chosen by hash; else ``dev``.

    Choose anything (prompts, thresholds, defaults) on ``dev``; report ``heldout`` once.
    """
    return "heldout" if hashlib.sha1(question.encode()).digest()[0] < 52 else "dev"


class EvalItem(BaseModel):
    """One question with its contexts and what a right answer must hold."""

    id: str
    question: str = Field(min_length=1)
    contexts: list[Context] = Field(min_length=1)
    answers: list[Gold] = Field(min_length=1)
    wrong_answers: list[str] = []
    labels: dict[str, str] = {}
    """Context id -> the answer it states ("" when it states none)."""


def load_dataset(
    path: str | Path,
    *,
    limit: int | None = None,
    split: Split = "all",
    sample: int | None = None,
    seed: int = 0,
) -> list[EvalItem]:
    """The items of a RAMDocs or contextorg JSONL file in ``split``.

    ``limit`` keeps the first items; ``sample`` keeps that many chosen at random (by
    ``seed``), in file order: RAMDocs is sorted by how many answers a question has, so its
    first questions are not a fair sample.
    """
    file = Path(path)
    items: list[EvalItem] = []
    for number, row in jsonl_objects(file, missing=f"no such dataset: {file}"):
        where = f"{file}, line {number}"
        try:
            item = _ramdocs(row, number) if "documents" in row else _ours(row, number)
        except (InputError, ValidationError, KeyError, TypeError, AttributeError) as exc:
            raise InputError(
                f"{where}: not an evaluation item ({_reason(exc)}); {FORMAT}"
            ) from None
        ids = [c.id for c in item.contexts]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise InputError(
                f"{where}: question {item.id!r} has two contexts with id {twice[0]!r}; "
                "context ids must be unique within a question"
            )
        if split != "all" and split_of(item.question) != split:
            continue
        items.append(item)
        if limit is not None and sample is None and len(items) >= limit:
            break
    if not items:
        held = "" if split == "all" else f" in the {split} split"
        raise InputError(f"{file} holds no questions{held}")
    if sample is not None and sample < len(items):
        chosen = set(random.Random(seed).sample(range(len(items)), sample))
        items = [item for n, item in enumerate(items) if n in chosen]
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            raise InputError(f"{file}: question id {item.id!r} appears twice; ids must be unique")
        seen.add(item.id)
    return items


def shard_of(items: list[EvalItem], shard: str) -> list[EvalItem]:
    """The K-th of N interleaved shards of ``items`` (``shard`` is ``"K/N"``, 1 <= K <= N).

    N processes that each run one shard on the same results folder split a run between them.
    """
    k, _, n = shard.partition("/")
    if not (k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise InputError(f"--shard {shard!r}: give K/N with 1 <= K <= N, as 1/2 or 2/2")
    chosen = items[int(k) - 1 :: int(n)]
    if not chosen:
        raise InputError(f"--shard {shard}: no questions (there are {len(items)})")
    return chosen


FORMAT = (
    'expected RAMDocs rows or {"question", "contexts": [{"id", "text"}], "answers": [...]} '
    "(docs/evaluation.md)"
)


def _ramdocs(row: dict[str, Any], number: int) -> EvalItem:
    documents = row["documents"]
    contexts = [Context(id=f"d{n}", text=d["text"]) for n, d in enumerate(documents, start=1)]
    labels = {
        f"d{n}": "" if d.get("type") == "noise" or d.get("answer") == "unknown" else d["answer"]
        for n, d in enumerate(documents, start=1)
    }
    entities = row.get("disambig_entity") or [None] * len(row["gold_answers"])
    golds = [Gold(a, e) for a, e in zip(row["gold_answers"], entities, strict=True)]
    return EvalItem(
        id=str(row.get("id", f"ramdocs-{number}")),
        question=row["question"],
        contexts=contexts,
        answers=golds,
        wrong_answers=row.get("wrong_answers") or [],
        labels=labels,
    )


def _ours(row: dict[str, Any], number: int) -> EvalItem:
    contexts = as_contexts(row["contexts"])
    golds = [
        Gold(a) if isinstance(a, str) else Gold(a["answer"], a.get("entity"))
        for a in row["answers"]
    ]
    labels = {
        context.id: given["answer"]
        for context, given in zip(contexts, row["contexts"], strict=True)
        if isinstance(given, dict) and "answer" in given
    }
    return EvalItem(
        id=str(row.get("id", number)),
        question=row["question"],
        contexts=contexts,
        answers=golds,
        wrong_answers=row.get("wrong_answers") or [],
        labels=labels,
    )


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        error = exc.errors()[0]
        return f"{'.'.join(str(p) for p in error['loc'])}: {error['msg']}"
    if isinstance(exc, KeyError):
        return f"no {exc.args[0]!r}"
    return str(exc)
