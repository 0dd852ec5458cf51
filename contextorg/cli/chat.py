"""``contextorg chat``: a conversation in the terminal, each node shown as it runs."""

from __future__ import annotations

import os
import uuid
from typing import Annotated, Any

import typer
from rich.text import Text

from contextorg.api import Result, ask_stream, run_context
from contextorg.cli.common import (
    CheckpointsOption,
    CompletionOption,
    ContextsOption,
    IndexOption,
    KOption,
    MaxContextsOption,
    ModelOption,
    ModelTimeoutOption,
    NoSearchTranslatedOption,
    SegmentSearchOption,
    StrategyOption,
    StructuredOutputOption,
    ThreadWaitOption,
    err,
    out,
    show_result,
    shown,
    status,
    timeout_choice,
)
from contextorg.demo import demo_contexts
from contextorg.nodes.start_turn import check_choices
from contextorg.state import Context
from contextorg.tools.inputs import InputError, load_contexts
from contextorg.tools.models.calls import settle_cancelled
from contextorg.tools.observability.tracing import describe_node
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.text.visible import visible

QUIT = {"/exit", "/quit", "exit", "quit"}
COMMANDS = """\
/thread  the conversation's thread, to continue it later with --thread
/help    these commands
/exit    end (also /quit, or Ctrl-D)
Anything else is a question; a follow-up is completed from the conversation."""


def _thread_line(thread: str) -> str:
    return f"thread {thread} (continue it later with --thread {thread})"


def _command(line: str, thread: str) -> bool:
    """Run a chat command ("/help"); False when ``line`` is a question, not a command.

    One word after a slash is a command: "/etc/hosts owner?" is a question, and so an unknown
    command is said to be one, not sent to the model as a question.
    """
    if not line.startswith("/") or len(line.split()) > 1:
        return False
    if line == "/help":
        status(COMMANDS)
    elif line == "/thread":
        status(_thread_line(thread))
    else:
        err.print(
            f"[red]unknown command[/red] {shown(line)}: /help lists the commands",
            highlight=False,
            soft_wrap=True,
        )
    return True


def chat_command(
    thread: Annotated[
        str | None, typer.Option(help="Continue this conversation (default: a new one).")
    ] = None,
    index: IndexOption = None,
    contexts: ContextsOption = None,
    k: KOption = 8,
    model: ModelOption = None,
    structured_output: StructuredOutputOption = "auto",
    strategy: StrategyOption = "corg",
    checkpoints: CheckpointsOption = None,
    thread_wait: ThreadWaitOption = 300.0,
    max_contexts: MaxContextsOption = 200,
    completion: CompletionOption = "llm",
    segment_search: SegmentSearchOption = False,
    no_search_translated: NoSearchTranslatedOption = False,
    model_timeout: ModelTimeoutOption = None,
) -> None:
    """Ask questions and follow-ups; each node shows as it runs, then the cited answer.

    Without --index or --contexts the bundled demo corpus answers. End with /exit or Ctrl-D.
    """
    check_choices(
        run_context(
            model=model,
            strategy=strategy,
            completion=completion,
            structured_output=structured_output,
        )
    )
    if index is not None and contexts is not None:
        raise InputError("give one of --index or --contexts")
    items: list[Context] | None = None
    retriever = None
    if index is not None:
        retriever = HybridIndex.open(index)
    else:
        items = load_contexts(contexts) if contexts is not None else demo_contexts()
    thread = thread or f"chat-{uuid.uuid4().hex[:8]}"
    status(f"{_thread_line(thread)}; /help lists the commands, /exit ends", style="dim")
    while True:
        try:
            question = out.input("[bold green]?[/bold green] ").strip()
        except EOFError:
            break
        if question in QUIT:
            break
        if not question or _command(question, thread):
            continue
        events = ask_stream(
            question,
            items,
            model=model,
            strategy=strategy,
            thread=thread,
            checkpoints=checkpoints,
            thread_wait=thread_wait,
            max_contexts=max_contexts,
            completion=completion,
            retriever=retriever,
            top_k=k,
            structured_output=structured_output,
            segment_search=segment_search,
            search_translated=not no_search_translated,
            **timeout_choice(model_timeout),
        )
        try:
            show_result(_follow(events))
        except InputError as exc:  # a bad question ends the turn, not the conversation
            err.print(f"[red]error:[/red] {shown(exc)}", highlight=False, soft_wrap=True)
        except KeyboardInterrupt:  # Ctrl-C ends the turn; at the prompt, the conversation
            settle_cancelled()
            err.print("[yellow]turn interrupted[/yellow]")
        except Exception as exc:  # a failed model call: say so, keep the conversation
            err.print(
                f"[red]this turn failed:[/red] {type(exc).__name__}: {shown(exc)}\n"
                "Ask again, or check the model (CONTEXTORG_DEBUG=1 shows the traceback).",
                highlight=False,
                soft_wrap=True,
            )
            if os.environ.get("CONTEXTORG_DEBUG"):
                raise


def _follow(events: Any) -> Result:
    """Print each node as it finishes; count the tokens of the model call under way."""
    tokens: dict[str, int] = {}
    with err.status("thinking...") as spinner:
        for event in events:
            if event.kind == "token":
                tokens[event.node] = tokens.get(event.node, 0) + 1
                spinner.update(f"{event.node}: {tokens[event.node]} tokens")
            elif event.kind == "node":
                summary = describe_node(event.node, event.data)
                line = Text(f"  ✓ {event.node}", style="cyan")
                if summary:
                    line.append(f"  {visible(summary)}", style="dim")
                err.print(line, soft_wrap=True)  # whole in a log, as status() lines are
            else:
                return event.data  # type: ignore[no-any-return]
    raise RuntimeError("the run ended without a result")
