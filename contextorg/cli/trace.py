"""``contextorg trace``: a traced question as a tree of runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text
from rich.tree import Tree

from contextorg.cli.common import counted, out
from contextorg.tools.observability.tracing import TraceRun, key_output, load_trace, run_tree
from contextorg.tools.text.visible import json_line, visible


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
            print(json_line(record.record, allow_nan=True))  # as the trace was written
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
    label = Text(
        visible(record["name"], newlines=False),
        style="bold" if record["run_type"] == "chain" else "",
    )
    prompt = (record.get("metadata") or {}).get("prompt")
    if prompt and record["run_type"] == "chain":
        label.append(f" [{visible(prompt, newlines=False)}]", style="cyan")
    if record.get("seconds") is not None:
        label.append(f"  {record['seconds']:.2f} s", style="dim")
    tokens_in, tokens_out = run.tokens
    if run.model_calls:
        calls = counted(run.model_calls, "call")
        label.append(f"  {calls} {tokens_in}→{tokens_out} tokens", style="dim")
    if record.get("error"):
        error = str(record["error"]).splitlines() or [""]
        label.append(f"  error: {visible(error[-1], newlines=False)}", style="red")
    decided = key_output(run)
    if decided:
        label.append(f"  {visible(decided[:160], newlines=False)}", style="green")
    return label
