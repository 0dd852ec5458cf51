"""``contextorg eval``: strategies side by side on a labelled dataset, resumable."""

from __future__ import annotations

import json
from contextlib import closing, nullcontext
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress

from contextorg.cli.common import (
    ModelOption,
    ModelTimeoutOption,
    SegmentSearchOption,
    StructuredOutputOption,
    check_folder,
    err,
    status,
    timeout_choice,
)
from contextorg.datasets import Split, shard_of
from contextorg.evaluation import (
    evaluate,
    load_dataset,
    markdown_table,
    parse_strategy,
    plot,
    score_predictions,
)
from contextorg.settings import get_settings
from contextorg.tools.answering.conflicts import CONFLICT_POLICIES
from contextorg.tools.inputs import InputError
from contextorg.tools.models.methods import check_method
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.persistence.response_cache import SQLiteResponseCache, with_response_cache
from contextorg.tools.slots import choices
from contextorg.tools.text.visible import visible

DatasetArgument = Annotated[
    Path, typer.Argument(help="A RAMDocs JSONL file, or contextorg's own eval JSONL.")
]
OutOption = Annotated[Path, typer.Option(help="Folder for results, per-question files and plot.")]
StrategiesOption = Annotated[
    str | None,
    typer.Option(
        help=f"Comma-separated strategies: {choices('strategy')}; run options after "
        "a colon, as corg:answer_from=model. Default: corg,base,separate, none with "
        "--predictions."
    ),
]
DEFAULT = "corg,base,separate"
"""The strategies run when none is named (and no --predictions are scored)."""
PredictionsOption = Annotated[
    list[str] | None,
    typer.Option(
        help="NAME=FILE: another system's replies (JSONL, one {question, prediction} per "
        "line) scored as a row of the table; repeatable."
    ),
]
SplitOption = Annotated[
    Split, typer.Option(help="Questions of the dev or held-out split only (by question hash).")
]
LimitOption = Annotated[int | None, typer.Option(min=1, help="Only the first N questions.")]
SampleOption = Annotated[
    int | None, typer.Option(min=1, help="N questions at random (by --seed), in file order.")
]
SeedOption = Annotated[int, typer.Option(help="Which random sample --sample takes.")]
ShardOption = Annotated[
    str | None,
    typer.Option(
        help="K/N: only every N-th question from the K-th, to split one run across N "
        "processes on the same --out (run once more without it for the whole table)."
    ),
]
ConcurrencyOption = Annotated[int, typer.Option(min=1, help="Questions run at once.")]
PoliciesOption = Annotated[
    str, typer.Option(help=f"Conflict policies to score: {choices('conflict_policy')}.")
]
EmbedderOption = Annotated[
    str, typer.Option(help="Embedder for the kmeans and retrieve strategies.")
]
CacheOption = Annotated[bool, typer.Option(help="Cache model responses in OUT/responses.sqlite.")]
FreshOption = Annotated[
    bool, typer.Option(help="Discard stored results of these strategies and run them again.")
]


def eval_command(
    dataset: DatasetArgument,
    out: OutOption,
    strategy: StrategiesOption = None,
    predictions: PredictionsOption = None,
    split: SplitOption = "all",
    limit: LimitOption = None,
    sample: SampleOption = None,
    seed: SeedOption = 0,
    shard: ShardOption = None,
    model: ModelOption = None,
    structured_output: StructuredOutputOption = "auto",
    concurrency: ConcurrencyOption = 1,
    conflicts: PoliciesOption = "show",
    embedder: EmbedderOption = "e5",
    cache: CacheOption = True,
    fresh: FreshOption = False,
    segment_search: SegmentSearchOption = False,
    model_timeout: ModelTimeoutOption = None,
) -> None:
    """Run each strategy on each question, score them, print a table, save results and a plot.

    Finished questions are kept in OUT/items: run the same command again to resume.
    """
    peers = _peers(predictions or [])
    strategies, policies = _names(strategy or ("" if peers else DEFAULT)), _names(conflicts)
    _check(strategies, policies, structured_output, peers)
    check_folder("--out", out)
    items = load_dataset(dataset, limit=limit, split=split, sample=sample, seed=seed)
    items = shard_of(items, shard) if shard is not None else items
    out.mkdir(parents=True, exist_ok=True)
    spec = model or get_settings().model
    cached = closing(SQLiteResponseCache(out / "responses.sqlite")) if cache else nullcontext()
    # Only a choice is a setting of the results (auto is how they were made so far).
    chosen: dict[str, Any] = (
        {} if structured_output == "auto" else {"structured_output": structured_output}
    )
    if segment_search:
        chosen["segment_search"] = True
    chosen.update(timeout_choice(model_timeout))
    with cached as responses, Progress(console=err, transient=True) as bar:
        tasks = {s: bar.add_task(s, total=len(items)) for s in strategies}
        rows = evaluate(
            items, strategies, out, model=_model(spec, responses, strategies),
            conflicts=policies, fresh=fresh, concurrency=concurrency, embedder=embedder, **chosen,
            progress=lambda s, done, total: bar.update(tasks[s], completed=done),
        )  # fmt: skip
    rows.update({name: score_predictions(items, file) for name, file in peers.items()})
    (out / "results.json").write_text(json.dumps(rows, indent=2))
    run = dict(dataset=str(dataset), split=split, sample=sample, seed=seed, shard=shard,
               model=spec, questions=[item.id for item in items], strategies=strategies,
               conflicts=policies, predictions={n: str(f) for n, f in peers.items()})  # fmt: skip
    (out / "run.json").write_text(json.dumps(run, indent=2))
    print(visible(markdown_table(rows)))
    figure = plot(rows, out / "quality_vs_tokens.png")
    hits = f"; {responses.hits} cached responses reused" if responses is not None else ""
    status(f"{len(items)} questions; {out / 'results.json'}, {figure}{hits}")


def _names(option: str) -> list[str]:
    """A comma-separated option's names."""
    return [name.strip() for name in option.split(",") if name.strip()]


def _peers(options: list[str]) -> dict[str, Path]:
    """``--predictions NAME=FILE`` options as names to files."""
    peers: dict[str, Path] = {}
    for option in options:
        name, sep, file = option.partition("=")
        if not sep or not name.strip() or not file.strip():
            raise InputError(
                f"--predictions {option!r}: write NAME=FILE, as llama-70b=replies.jsonl"
            )
        peers[name.strip()] = Path(file.strip())
    return peers


def _model(spec: str, responses: SQLiteResponseCache | None, strategies: list[str]) -> Any:
    """The chat model the strategies run with (none is loaded when only replies are scored)."""
    return with_response_cache(resolve_chat_model(spec), responses) if strategies else None


def _check(
    strategies: list[str], policies: list[str], structured_output: str, peers: dict[str, Path]
) -> None:
    """Every name exists: a typo fails before the dataset is read."""
    if not (strategies or peers) or not policies:
        raise InputError(
            "give at least one --strategy (or --predictions) and one --conflicts policy"
        )
    for name in strategies:
        parse_strategy(name)
    for name in policies:
        CONFLICT_POLICIES.resolve(name)
    check_method(structured_output)
