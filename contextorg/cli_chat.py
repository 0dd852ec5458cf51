"""``contextorg chat``: a conversation in the terminal, each node shown as it runs."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic_core import to_jsonable_python
from rich.markup import escape
from rich.text import Text

from contextorg.api import Result, ask_stream
from contextorg.cli import _show, app, err, friendly, out
from contextorg.demo import demo_contexts
from contextorg.state import Context
from contextorg.tools.completion import COMPLETERS, get_completer
from contextorg.tools.hybrid_index import HybridIndex
from contextorg.tools.inputs import InputError, load_contexts
from contextorg.tools.organizers import ORGANIZERS, get_organizer
from contextorg.tools.tracing import describe_node

QUIT = {"/exit", "/quit", "exit", "quit"}


@app.command("chat")
@friendly
def chat_command(
    thread: Annotated[
        str | None, typer.Option(help="Continue this conversation (default: a new one).")
    ] = None,
    index: Annotated[
        Path | None, typer.Option(help="Search this index (from `contextorg index`).")
    ] = None,
    contexts: Annotated[
        Path | None,
        typer.Option("--contexts", "-c", help='JSONL, one {"id", "title", "text"} per line.'),
    ] = None,
    k: Annotated[int, typer.Option("--k", help="Contexts to retrieve from --index.")] = 8,
    model: Annotated[
        str | None,
        typer.Option(help="Chat model: local, local:0.5b, gguf:PATH, openai:NAME."),
    ] = None,
    strategy: Annotated[
        str, typer.Option(help=f"How contexts are grouped: {', '.join(ORGANIZERS)}.")
    ] = "corg",
    checkpoints: Annotated[
        str | None,
        typer.Option(help="Where threads live: sqlite:///PATH or postgresql://USER@HOST/DB."),
    ] = None,
    completion: Annotated[
        str, typer.Option(help=f"How follow-ups are completed: {', '.join(COMPLETERS)}.")
    ] = "llm",
) -> None:
    """Ask questions and follow-ups; each node shows as it runs, then the cited answer.

    Without --index or --contexts the bundled demo corpus answers. End with /exit or Ctrl-D.
    """
    get_organizer(strategy)
    get_completer(completion)
    if index is not None and contexts is not None:
        raise InputError("give one of --index or --contexts")
    items: list[Context] | None = None
    retriever = None
    if index is not None:
        retriever = HybridIndex.open(index)
    else:
        items = load_contexts(contexts) if contexts is not None else demo_contexts()
    thread = thread or f"chat-{uuid.uuid4().hex[:8]}"
    err.print(f"[dim]thread {thread} (continue it later with --thread {thread}); /exit ends[/dim]")
    while True:
        try:
            question = out.input("[bold green]?[/bold green] ").strip()
        except EOFError:
            break
        if question in QUIT:
            break
        if not question:
            continue
        events = ask_stream(
            question,
            items,
            model=model,
            strategy=strategy,
            thread=thread,
            checkpoints=checkpoints,
            completion=completion,
            retriever=retriever,
            top_k=k,
        )
        try:
            _show(_follow(events))
        except InputError as exc:  # a bad question ends the turn, not the conversation
            err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)


def _follow(events: Any) -> Result:
    """Print each node as it finishes; count the tokens of the model call under way."""
    tokens: dict[str, int] = {}
    with err.status("thinking...") as status:
        for event in events:
            if event.kind == "token":
                tokens[event.node] = tokens.get(event.node, 0) + 1
                status.update(f"{event.node}: {tokens[event.node]} tokens")
            elif event.kind == "node":
                summary = describe_node(event.node, _as_json(event.data))
                line = Text(f"  ✓ {event.node}", style="cyan")
                if summary:
                    line.append(f"  {summary}", style="dim")
                err.print(line)
            else:
                return event.data  # type: ignore[no-any-return]
    raise RuntimeError("the run ended without a result")


def _as_json(output: Any) -> dict[str, Any]:
    data = to_jsonable_python(output or {}, fallback=str)
    return data if isinstance(data, dict) else {}
