"""``contextorg eval``: strategies side by side on a labelled dataset, resumable."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress
from rich.text import Text

from contextorg.cli import ModelOption, StructuredOutputOption, app, err, friendly
from contextorg.datasets import Split, shard_of
from contextorg.evaluation import evaluate, load_dataset, markdown_table, parse_strategy, plot
from contextorg.settings import get_settings
from contextorg.tools.answering.conflicts import CONFLICT_POLICIES, get_conflict_policy
from contextorg.tools.inputs import InputError
from contextorg.tools.models.methods import check_method
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.organizers import ORGANIZERS
from contextorg.tools.persistence.response_cache import SQLiteResponseCache, with_response_cache
from contextorg.tools.text.visible import visible


@app.command("eval")
@friendly
def eval_command(
    dataset: Annotated[
        Path, typer.Argument(help="A RAMDocs JSONL file, or contextorg's own eval JSONL.")
    ],
    out: Annotated[Path, typer.Option(help="Folder for results, per-question files and plot.")],
    strategy: Annotated[
        str,
        typer.Option(
            help=f"Comma-separated strategies: {', '.join(ORGANIZERS)}; run options after "
            "a colon, as corg:answer_from=model."
        ),
    ] = "corg,base,separate",
    split: Annotated[
        Split,
        typer.Option(help="Questions of the dev or held-out split only (by question hash)."),
    ] = "all",
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N questions.")] = None,
    sample: Annotated[
        int | None, typer.Option(min=1, help="N questions at random (by --seed), in file order.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Which random sample --sample takes.")] = 0,
    shard: Annotated[
        str | None,
        typer.Option(
            help="K/N: only every N-th question from the K-th, to split one run across N "
            "processes on the same --out (run once more without it for the whole table)."
        ),
    ] = None,
    model: ModelOption = None,
    structured_output: StructuredOutputOption = "auto",
    concurrency: Annotated[int, typer.Option(min=1, help="Questions run at once.")] = 1,
    conflicts: Annotated[
        str,
        typer.Option(help=f"Conflict policies to score: {', '.join(CONFLICT_POLICIES)}."),
    ] = "show",
    embedder: Annotated[
        str, typer.Option(help="Embedder for the kmeans and retrieve strategies.")
    ] = "e5",
    cache: Annotated[
        bool, typer.Option(help="Cache model responses in OUT/responses.sqlite.")
    ] = True,
    fresh: Annotated[
        bool, typer.Option(help="Discard stored results of these strategies and run them again.")
    ] = False,
) -> None:
    """Run each strategy on each question, score them, print a table, save results and a plot.

    Finished questions are kept in OUT/items: run the same command again to resume.
    """
    strategies = [s.strip() for s in strategy.split(",") if s.strip()]
    policies = [p.strip() for p in conflicts.split(",") if p.strip()]
    if not strategies or not policies:
        raise InputError("give at least one --strategy and one --conflicts policy")
    for name in strategies:
        parse_strategy(name)
    for name in policies:
        get_conflict_policy(name)
    check_method(structured_output)
    items = load_dataset(dataset, limit=limit, split=split, sample=sample, seed=seed)
    if shard is not None:
        items = shard_of(items, shard)
    out.mkdir(parents=True, exist_ok=True)
    spec = model or get_settings().model
    responses = SQLiteResponseCache(out / "responses.sqlite") if cache else None
    chat_model = with_response_cache(resolve_chat_model(spec), responses)
    try:
        with Progress(console=err, transient=True) as bar:
            tasks = {s: bar.add_task(s, total=len(items)) for s in strategies}
            rows = evaluate(
                items,
                strategies,
                out,
                model=chat_model,
                conflicts=policies,
                concurrency=concurrency,
                embedder=embedder,
                fresh=fresh,
                # Only a choice is a setting of the results (auto is how they were made so far).
                **({} if structured_output == "auto" else {"structured_output": structured_output}),
                progress=lambda s, done, total: bar.update(tasks[s], completed=done),
            )
    finally:
        if responses is not None:
            responses.close()
    (out / "results.json").write_text(json.dumps(rows, indent=2))
    meta = {
        "dataset": str(dataset),
        "split": split,
        "sample": sample,
        "seed": seed,
        "shard": shard,
        "model": spec,
        "questions": [item.id for item in items],
        "strategies": strategies,
        "conflicts": policies,
    }
    (out / "run.json").write_text(json.dumps(meta, indent=2))
    print(visible(markdown_table(rows)))
    figure = plot(rows, out / "quality_vs_tokens.png")
    hits = f"; {responses.hits} cached responses reused" if responses is not None else ""
    err.print(Text(visible(f"{len(items)} questions; {out / 'results.json'}, {figure}{hits}")))
