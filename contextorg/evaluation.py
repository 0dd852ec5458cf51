"""Evaluate strategies side by side on a labelled dataset (``contextorg eval``).

A strategy is named as ``--strategy`` takes it: ``corg``, or with run options,
``corg:answer_from=model`` (any :class:`~contextorg.state.RunContext` field). Each
(strategy, question) result is written to ``OUT/items/STRATEGY/ID-HASH.json`` as soon as it is
done, so an interrupted run resumes where it stopped. The folder's ``settings.json`` holds
everything that changes an answer (the model and its parameters, the options, the prompts'
versions): a resume with other settings is refused rather than mixed in. Model responses are
cached in ``OUT/responses.sqlite``. Each run keeps every answer (policy ``show``) and its
relation graph, so conflict policies are scored afterwards, as many as asked, at no cost.
The metrics are :mod:`contextorg.tools.evaluation.metrics`; usage is per question.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import fields
from importlib.metadata import version
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel

from contextorg.api import ask
from contextorg.datasets import EvalItem, load_dataset, split_of
from contextorg.prompts import PROMPTS, tag
from contextorg.state import AnswerItem, ContextReading, Relation, RunContext
from contextorg.tools.answering.citations import full_text, supports
from contextorg.tools.answering.conflicts import CONFLICT_POLICIES, Sources
from contextorg.tools.evaluation.metrics import ACC_AT, mean_or_none, score
from contextorg.tools.inputs import InputError, jsonl_objects
from contextorg.tools.organizers import ORGANIZERS

__all__ = [
    "EvalItem",
    "evaluate",
    "load_dataset",
    "markdown_table",
    "parse_strategy",
    "run_item",
    "split_of",
    "score_predictions",
    "summarize",
]

USAGE = ("llm_calls", "input_tokens", "output_tokens", "answer_input_tokens", "seconds")
"""Per question. ``answer_input_tokens``: read by the answer stage (grouping, group answers,
notes), not by relations or completion (CORG Table 12 counts these)."""
QUALITY = (
    "answer_recall",
    "entity_recall",
    "entity_answer_recall",
    *(f"acc@{k}" for k in ACC_AT),
    "citation_accuracy",
    "citation_audit",
    "strict_em",
    "ramdocs_em",
    "answer_precision",
)
CHECKS = ("calls_over_n", "invalid_citations", "unstated_answers")
"""``calls_over_n``: the most calls any question took beyond one per context. Totals over the
questions: citations of contexts the question did not have, and shown answers that no cited
context states."""
NOT_ANSWERING = ("classify_relations", "complete_question", "explain")


def parse_strategy(spec: str) -> tuple[str, dict[str, Any]]:
    """``"corg:answer_from=model"`` -> ``("corg", {"answer_from": "model"})``, checked."""
    name, *pairs = [part.strip() for part in spec.split(":")]
    ORGANIZERS.resolve(name)
    known = {f.name for f in fields(RunContext)}
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or key not in known or key in ("strategy", "model"):
            raise InputError(
                f"cannot read {pair!r} in strategy {spec!r}: write NAME:OPTION=VALUE with a "
                "run option (for example corg:answer_from=model)"
            )
        options[key] = _value(value)
    return name, options


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def run_item(
    item: EvalItem, spec: str, folder: Path, *, model: Any, options: dict[str, Any]
) -> dict[str, Any]:
    """The stored result of one question under one strategy, running it if it is not stored."""
    file = folder / f"{_safe(item.id)}-{hashlib.sha1(item.id.encode()).hexdigest()[:8]}.json"
    if file.exists():
        record: dict[str, Any] = json.loads(file.read_text())
        return record
    name, spec_options = parse_strategy(spec)
    chosen = {**options, **spec_options, "conflict_policy": "show"}
    result = ask(item.question, item.contexts, strategy=name, model=model, **chosen)
    summary = result.summary()
    answering = [u for node, u in result.usage.items() if node not in NOT_ANSWERING]
    record = {
        "id": item.id,
        "strategy": spec,
        "contexts": len(item.contexts),
        "answers": summary["answers"],
        "text": summary["text"],
        "relations": summary["relations"],
        "readings": summary["readings"],
        "groups": summary["groups"],
        "dropped": summary["dropped"],
        "usage": {
            **{k: summary["usage"][k] for k in ("llm_calls", "input_tokens", "output_tokens")},
            "answer_input_tokens": sum(u.input_tokens for u in answering),
            "seconds": summary["usage"]["seconds"],
        },
        "failures": summary["usage"]["failures"],
        "dropped_citations": summary["dropped_citations"],
        "uncited_answers": summary["uncited_answers"],
    }
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
    fresh: bool = False,
    progress: Callable[[str, int, int], None] | None = None,
    **options: Any,
) -> dict[str, dict[str, Any]]:
    """Run every strategy on every item (resuming stored ones) and score them.

    Returns one row per strategy and conflict policy: ``corg`` under the first policy,
    ``corg, resolve`` under another. Each row is the mean of each metric over the questions
    it applies to, usage per question, and :data:`CHECKS`.

    Raises:
        InputError: A strategy's stored results came from other settings (``fresh``
            discards them).
    """
    for spec in strategies:
        parse_strategy(spec)
    for policy in conflicts:
        CONFLICT_POLICIES.resolve(policy)
    rows: dict[str, dict[str, Any]] = {}
    for spec in strategies:
        folder = _results_folder(Path(out), spec, model, options, fresh)
        done = 0

        def one(item: EvalItem, spec: str = spec, folder: Path = folder) -> dict[str, Any]:
            return run_item(item, spec, folder, model=model, options=options)

        records = []
        with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
            for record in pool.map(one, items):
                records.append(record)
                done += 1
                if progress is not None:
                    progress(spec, done, len(items))
        for n, policy in enumerate(conflicts):
            name = spec if n == 0 else f"{spec}, {policy}"
            rows[name] = summarize(items, records, policy)
    return rows


def settings(spec: str, model: Any, options: dict[str, Any]) -> dict[str, Any]:
    """Everything that changes a strategy's answers, as stored next to its results."""
    name, spec_options = parse_strategy(spec)
    if isinstance(model, BaseChatModel):
        described: Any = {"type": model._llm_type, **model._identifying_params}
    else:
        described = model
    chosen: dict[str, Any] = json.loads(
        json.dumps(
            {
                "strategy": name,
                "options": {**options, **spec_options},
                "model": described,
                "prompts": sorted(tag(p) for p in PROMPTS.values()),
                "contextorg": version("contextorg"),
            },
            default=str,
            sort_keys=True,
        )
    )
    return chosen


def _results_folder(out: Path, spec: str, model: Any, options: dict[str, Any], fresh: bool) -> Path:
    folder = out / "items" / _safe(spec)
    wanted = settings(spec, model, options)
    saved = folder / "settings.json"
    if fresh and folder.exists():
        shutil.rmtree(folder)
    if saved.exists():
        stored = json.loads(saved.read_text())
        if stored != wanted:
            changed = sorted(k for k in {*stored, *wanted} if stored.get(k) != wanted.get(k))
            raise InputError(
                f"{folder} holds results of other settings ({', '.join(changed)} differ); "
                "give another --out, or --fresh to discard them"
            )
    folder.mkdir(parents=True, exist_ok=True)
    saved.write_text(json.dumps(wanted, indent=2, sort_keys=True))
    return folder


def summarize(
    items: Sequence[EvalItem], records: Sequence[dict[str, Any]], policy: str = "show"
) -> dict[str, Any]:
    """Mean metrics and usage per question over stored results, under a conflict policy.

    Disputed and rejected answers do not count as given.
    """
    judge = CONFLICT_POLICIES.resolve(policy)
    scores: dict[str, list[float]] = {k: [] for k in QUALITY}
    checks = dict.fromkeys(CHECKS, 0)
    for item, record in zip(items, records, strict=True):
        answers = [AnswerItem.model_validate(a) for a in record["answers"]]
        relations = [Relation.model_validate(r) for r in record.get("relations", [])]
        resolution = judge(answers, Sources(relations, item.contexts))
        given = [a for a in resolution.answers if not a.disputed]
        for key, value in score(
            item.answers, given, wrong=item.wrong_answers, labels=item.labels
        ).items():
            if value is not None:
                scores[key].append(value)
        over = record["usage"]["llm_calls"] - record.get("contexts", len(item.contexts))
        checks["calls_over_n"] = max(checks["calls_over_n"], over)
        texts = {c.id: full_text(c) for c in item.contexts}
        readings = {
            c: ContextReading.model_validate(r) for c, r in record.get("readings", {}).items()
        }
        for answer in resolution.answers:
            checks["invalid_citations"] += sum(c not in texts for c in answer.citations)
            checks["unstated_answers"] += not any(
                supports(texts[c], answer.answer, item.question, readings.get(c))
                for c in answer.citations
                if c in texts
            )
    row: dict[str, Any] = {k: mean_or_none(v) for k, v in scores.items()}
    for key in USAGE:
        row[key] = mean_or_none([r["usage"].get(key, 0) for r in records])
    row.update(checks)
    row["questions"] = len(records)
    row["failures"] = sum(r.get("failures", 0) for r in records)
    return row


FREE_TEXT = (
    "answer_recall",
    "entity_recall",
    "entity_answer_recall",
    *(f"acc@{k}" for k in ACC_AT),
    "strict_em",
    "ramdocs_em",
)
"""The metrics a free-text reply allows (it has no separate answers and no citations)."""


def score_predictions(items: Sequence[EvalItem], path: str | Path) -> dict[str, Any]:
    """Another system's replies (JSONL: ``question``, ``prediction``) as one table row.

    Each reply is scored as one answer, on :data:`FREE_TEXT` metrics; the other columns are
    empty. Every question of ``items`` must have a reply (matched on the question's text).
    """
    file = Path(path)
    replies: dict[str, str] = {}
    for number, record in jsonl_objects(file, missing=f"no such predictions file: {file}"):
        if not isinstance(record.get("question"), str) or not isinstance(
            record.get("prediction"), str
        ):
            raise InputError(f'{file}, line {number}: give a "question" and a "prediction"')
        replies[record["question"]] = record["prediction"]
    missing = [item.question for item in items if item.question not in replies]
    if missing:
        raise InputError(
            f"{file} has no prediction for {len(missing)} of the {len(items)} questions, "
            f"for example {missing[0]!r}"
        )
    scores: dict[str, list[float]] = {k: [] for k in FREE_TEXT}
    for item in items:
        reply = replies[item.question]
        predicted = [AnswerItem(answer=reply, citations=[])]
        metrics = score(item.answers, predicted, wrong=item.wrong_answers, text=reply)
        for key in FREE_TEXT:
            if metrics[key] is not None:
                scores[key].append(float(metrics[key]))  # type: ignore[arg-type]
    row: dict[str, Any] = {k: mean_or_none(v) for k, v in scores.items()}
    row["questions"] = len(items)
    return row


def markdown_table(rows: dict[str, dict[str, Any]], baseline: str = "base") -> str:
    """The results as a markdown table, one row per strategy; ratios to ``baseline`` if run."""
    columns = [*QUALITY, *USAGE, *CHECKS]
    base = rows.get(baseline)
    ratios = ("tokens", "answer_input_tokens", "seconds") if base else ()
    header = [*columns, *(f"{r} / {baseline}" for r in ratios)]
    lines = ["| strategy | " + " | ".join(header) + " |", "|---" * (len(header) + 1) + "|"]
    for name, row in rows.items():
        cells = [_cell(row.get(c), c) for c in columns]
        if base and row.get("input_tokens") is not None:
            cells += [_ratio(_get(row, r), _get(base, r)) for r in ratios]
        elif base:
            cells += ["–"] * len(ratios)
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _get(row: dict[str, Any], key: str) -> float | None:
    if key == "tokens":
        return float(row["input_tokens"] + row["output_tokens"]) if row["input_tokens"] else None
    value = row.get(key)
    return float(value) if value is not None else None


def _ratio(value: float | None, base: float | None) -> str:
    return "–" if value is None or not base else f"{value / base:.2f}x"


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
            if row.get(metric) is not None and row.get("input_tokens") is not None:
                axis.scatter(
                    row["input_tokens"], row[metric], marker=marker, color=colours(n % 20),
                    label=name if marker == "o" else None, s=50, alpha=0.85,
                )  # fmt: skip
    axis.set_title("strict EM (o) and answer recall (^) vs input tokens")
    axis.set_xlabel("input tokens per question")
    axis.set_ylabel("score")
    axis.set_ylim(0, 1.05)
    if axis.get_legend_handles_labels()[1]:  # replies scored alone have no tokens to plot
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
    if column.endswith("tokens") or column in CHECKS:
        return f"{value:.0f}"
    return f"{value:.3f}"


def _safe(name: str) -> str:
    return re.sub(r"[^\w.=-]+", "_", name)
