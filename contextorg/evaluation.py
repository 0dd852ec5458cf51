"""Evaluate strategies side by side on a labelled dataset (``contextorg eval``).

Datasets are JSONL: RAMDocs rows (``question``, ``documents`` with ``text``/``type``/``answer``,
``gold_answers``, ``disambig_entity``, ``wrong_answers``) are read as they are; the project's own
format is one object per line::

    {"id": "q1", "question": "...",
     "contexts": [{"id": "a", "title": "...", "text": "...", "answer": "1987"}, ...],
     "answers": [{"answer": "1987", "entity": "Velmora"}, "2004"],
     "wrong_answers": ["1991"]}

(``id``, ``title``, a context's ``answer`` label, ``entity`` and ``wrong_answers`` are optional.)

Each (strategy, question) result is written to ``OUT/items/STRATEGY/ID.json`` as soon as it is
done, so an interrupted run resumes where it stopped; model responses are cached in
``OUT/responses.sqlite``. The metrics are :mod:`contextorg.tools.metrics`; usage is per question.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from pydantic import BaseModel, Field, ValidationError

from contextorg.api import ask
from contextorg.state.records import AnswerItem, Context
from contextorg.tools.conflicts import get_conflict_policy
from contextorg.tools.inputs import InputError, jsonl_objects
from contextorg.tools.metrics import ACC_AT, Gold, mean_or_none, score
from contextorg.tools.organizers import get_organizer

USAGE = ("llm_calls", "input_tokens", "output_tokens", "seconds")
QUALITY = (
    "answer_recall",
    "entity_recall",
    "entity_answer_recall",
    *(f"acc@{k}" for k in ACC_AT),
    "citation_accuracy",
    "strict_em",
)


class EvalItem(BaseModel):
    """One question with its contexts and what a right answer must hold."""

    id: str
    question: str = Field(min_length=1)
    contexts: list[Context] = Field(min_length=1)
    answers: list[Gold] = Field(min_length=1)
    wrong_answers: list[str] = []
    labels: dict[str, str] = {}
    """Context id -> the answer it states ("" when it states none)."""


def load_dataset(path: str | Path, *, limit: int | None = None) -> list[EvalItem]:
    """The items of a RAMDocs or contextorg JSONL file (the first ``limit``)."""
    file = Path(path)
    items: list[EvalItem] = []
    for number, row in jsonl_objects(file, missing=f"no such dataset: {file}"):
        where = f"{file}, line {number}"
        try:
            item = _ramdocs(row, number) if "documents" in row else _ours(row, number)
        except (ValidationError, KeyError, TypeError, AttributeError) as exc:
            raise InputError(
                f"{where}: not an evaluation item ({_reason(exc)}); {FORMAT}"
            ) from None
        items.append(item)
        if limit is not None and len(items) >= limit:
            break
    if not items:
        raise InputError(f"{file} holds no questions")
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            raise InputError(f"{file}: question id {item.id!r} appears twice; ids must be unique")
        seen.add(item.id)
    return items


FORMAT = (
    'expected RAMDocs rows or {"question", "contexts": [{"id", "text"}], "answers": [...]} '
    "(see contextorg/evaluation.py)"
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
    contexts = [
        Context(id=str(c["id"]), title=c.get("title", ""), text=c["text"]) for c in row["contexts"]
    ]
    golds = [
        Gold(a) if isinstance(a, str) else Gold(a["answer"], a.get("entity"))
        for a in row["answers"]
    ]
    labels = {str(c["id"]): c["answer"] for c in row["contexts"] if "answer" in c}
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


def run_item(item: EvalItem, strategy: str, out: Path, **options: Any) -> dict[str, Any]:
    """The stored result of one question under one strategy, running it if it is not stored."""
    file = out / "items" / _safe(strategy) / f"{_safe(item.id)}.json"
    if file.exists():
        record: dict[str, Any] = json.loads(file.read_text())
        return record
    result = ask(item.question, item.contexts, strategy=strategy, **options)
    summary = result.summary()
    record = {
        "id": item.id,
        "strategy": strategy,
        "answers": summary["answers"],
        "text": summary["text"],
        "usage": {k: summary["usage"][k] for k in USAGE},
        "failures": summary["usage"]["failures"],
        "groups": summary["groups"],
    }
    file.parent.mkdir(parents=True, exist_ok=True)
    partial = file.with_suffix(".part")
    partial.write_text(json.dumps(record, ensure_ascii=False))
    partial.replace(file)  # a run killed mid-write leaves no half-written result
    return record


def evaluate(
    items: Sequence[EvalItem],
    strategies: Sequence[str],
    out: str | Path,
    *,
    model: str | BaseChatModel | None = None,
    conflicts: Sequence[str] = ("show",),
    concurrency: int = 1,
    progress: Callable[[str, int, int], None] | None = None,
    **options: Any,
) -> dict[str, dict[str, Any]]:
    """Run every strategy on every item (resuming stored ones) and score them.

    Returns one row per strategy (and per extra conflict policy, as ``"corg, majority"``):
    the mean of each metric over the questions it applies to, and usage per question.
    """
    folder = Path(out)
    for strategy in strategies:
        get_organizer(strategy)
    for policy in conflicts:
        get_conflict_policy(policy)
    rows: dict[str, dict[str, Any]] = {}
    for strategy in strategies:
        done = 0

        def one(item: EvalItem, strategy: str = strategy) -> dict[str, Any]:
            return run_item(item, strategy, folder, model=model, **options)

        records = []
        with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
            for record in pool.map(one, items):
                records.append(record)
                done += 1
                if progress is not None:
                    progress(strategy, done, len(items))
        for policy in conflicts:
            name = strategy if policy == "show" else f"{strategy}, {policy}"
            rows[name] = summarize(items, records, policy)
    return rows


def summarize(
    items: Sequence[EvalItem], records: Sequence[dict[str, Any]], policy: str = "show"
) -> dict[str, Any]:
    """Mean metrics and usage per question over stored results, under a conflict policy.

    Under a policy that flags answers as disputed, disputed answers do not count as given.
    """
    flag = get_conflict_policy(policy)
    scores: dict[str, list[float]] = {k: [] for k in QUALITY}
    for item, record in zip(items, records, strict=True):
        answers = flag([AnswerItem.model_validate(a) for a in record["answers"]])
        given = [a for a in answers if not a.disputed]
        for key, value in score(
            item.answers, given, wrong=item.wrong_answers, labels=item.labels
        ).items():
            if value is not None:
                scores[key].append(value)
    row: dict[str, Any] = {k: mean_or_none(v) for k, v in scores.items()}
    for key in USAGE:
        row[key] = mean_or_none([r["usage"][key] for r in records])
    row["questions"] = len(records)
    row["failures"] = sum(r.get("failures", 0) for r in records)
    return row


def markdown_table(rows: dict[str, dict[str, Any]]) -> str:
    """The results as a markdown table, one row per strategy."""
    columns = [*QUALITY, *USAGE]
    lines = [
        "| strategy | " + " | ".join(columns) + " |",
        "|---" * (len(columns) + 1) + "|",
    ]
    for name, row in rows.items():
        cells = [_cell(row.get(c), c) for c in columns]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(rows: dict[str, dict[str, Any]], file: str | Path) -> Path:
    """Quality (strict EM and answer recall) against input tokens per question, per strategy."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InputError(
            "the plot needs matplotlib: pip install 'contextorg[eval]' (or matplotlib)"
        ) from None
    figure, axis = plt.subplots(figsize=(8, 4.5))
    colours = plt.get_cmap("tab20")
    for n, (name, row) in enumerate(rows.items()):
        for metric, marker in (("strict_em", "o"), ("answer_recall", "^")):
            if row[metric] is not None:
                axis.scatter(
                    row["input_tokens"], row[metric], marker=marker, color=colours(n % 20),
                    label=name if marker == "o" else None, s=50, alpha=0.85,
                )  # fmt: skip
    axis.set_title("strict EM (o) and answer recall (^) vs input tokens")
    axis.set_xlabel("input tokens per question")
    axis.set_ylabel("score")
    axis.set_ylim(0, 1.05)
    axis.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8)
    axis.grid(alpha=0.3)
    figure.tight_layout()
    path = Path(file)
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def _cell(value: Any, column: str) -> str:
    if value is None:
        return "–"
    if column in ("llm_calls", "seconds"):
        return f"{value:.1f}"
    if column.endswith("tokens"):
        return f"{value:.0f}"
    return f"{value:.3f}"


def _safe(name: str) -> str:
    return re.sub(r"[^\w.-]+", "_", name)
