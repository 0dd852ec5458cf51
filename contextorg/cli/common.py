"""What the commands share: consoles, error handling, common options, the answer on screen."""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from contextorg.api import Result
from contextorg.state import Attribution
from contextorg.tools.inputs import InputError
from contextorg.tools.models.guard import ModelNotAllowedError
from contextorg.tools.models.methods import ModelServerError
from contextorg.tools.models.weights import WeightsError
from contextorg.tools.slots import choices
from contextorg.tools.text.visible import one_line, visible

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
                soft_wrap=True,
            )
            raise typer.Exit(1) from None

    return run


# Options that `ask` and `chat` share.
ContextsOption = Annotated[
    Path | None,
    typer.Option("--contexts", "-c", help='JSONL, one {"text", "id"?, "title"?} per line.'),
]
StrategyOption = Annotated[
    str, typer.Option(help=f"How contexts are grouped: {choices('strategy')}.")
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
    str, typer.Option(help=f"How follow-ups are completed: {choices('completion')}.")
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
        help=f"How replies are held to their schema: {choices('structured_output')} "
        "(auto: probed once per server and model)."
    ),
]
MaxContextsOption = Annotated[
    int,
    typer.Option(min=1, help="Most contexts the relation graph takes (every pair is related)."),
]
SegmentSearchOption = Annotated[
    bool,
    typer.Option(
        "--segment-search",
        help="Read a text past the model's window best segment first (hybrid search) and "
        "stop once the answers settle, instead of every segment in order.",
    ),
]
NoSearchTranslatedOption = Annotated[
    bool,
    typer.Option(
        "--no-search-translated",
        help="With --index: search once, with the question as asked (by default a question "
        "asked in another language than the pages found is put in theirs and searched again).",
    ),
]
ModelTimeoutOption = Annotated[
    float | None,
    typer.Option(
        min=0,
        help="Seconds one model call may take before it is given up (default 300; 0: no "
        "limit). A long prompt on a CPU can need more.",
    ),
]


def timeout_choice(seconds: float | None) -> dict[str, Any]:
    """The run options --model-timeout gives: none when it was not given, None for 0."""
    return {} if seconds is None else {"model_timeout": seconds or None}


def shown(value: object) -> str:
    """Data (a question, an error naming an input) as Rich markup that shows it as it is."""
    return escape(visible(value))


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun`` as said: "1 model call", "6 model calls", "0 files"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def status(line: str, style: str = "") -> None:
    """One line about the run on stderr, as it is (data never marks it up), kept whole.

    Rich cuts a line at the console's width, 80 columns when stderr is a file or a pipe: a
    path or a count would be split across lines in a log (the terminal wraps what it shows).
    """
    err.print(Text(visible(line), style=style), soft_wrap=True)


def check_folder(option: str, path: Path) -> None:
    """Refuse a folder to write in that is a file, before any work that would be lost."""
    if path.exists() and not path.is_dir():
        raise InputError(f"{option} {path} is a file: give a folder (it is made if missing)")


_OUTPUT_NAMES = {"--trace": "trace.jsonl", "--report": "report.html"}


def check_outputs(outputs: dict[str, Path | None], inputs: list[Path | None]) -> None:
    """Refuse an output file that is a folder, an input file, or another output.

    Said before any model call: the run's work would be lost at its end.
    """
    seen: dict[Path, str] = {}
    for option, path in outputs.items():
        if path is None:
            continue
        if path.is_dir():
            example = path / _OUTPUT_NAMES.get(option, "out")
            raise InputError(f"{option} {path} is a folder: give a file in it, as {example}")
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


def show_result(result: Result) -> None:
    """The answer as a panel, its groups, what was left out, attributions and usage."""
    if result.answer.failed:  # nothing was read: no answer, and no groups to look like one
        err.print(
            f"[red]error:[/red] {shown(result.text)} The reasons are logged above.",
            highlight=False,
            soft_wrap=True,
        )
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
    for said in result.answer.unstated:
        line = f'  not shown: "{one_line(said)}", which no context states'
        out.print(Text(visible(line), style="dim"))
    for attribution in result.attribution:
        out.print(bars(attribution))
    summary = result.summary()["usage"]
    out.print(
        f"[dim]{counted(summary['llm_calls'], 'model call')}, {summary['input_tokens']} input and "
        f"{summary['output_tokens']} output tokens, {summary['seconds']:.1f} s[/dim]"
    )


def bars(attribution: Attribution, width: int = 30) -> Table:
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
