"""The ``contextorg`` command line: one module per command, registered on one app here.

Each command module holds plain functions (typed options, ``friendly`` errors); only this
module knows the app, so nothing imports back from here.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable

import typer

from contextorg.cli.ask import ask_command
from contextorg.cli.chat import chat_command
from contextorg.cli.common import err, friendly
from contextorg.cli.eval import eval_command
from contextorg.cli.index import index_command, search_command
from contextorg.cli.models import models_install, models_path
from contextorg.cli.trace import trace_command
from contextorg.tools.models.calls import CANCELLED, settle_cancelled

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Answer questions over interrelated, conflicting contexts, citing every answer.",
)
COMMANDS: dict[str, Callable[..., None]] = {
    "ask": ask_command,
    "chat": chat_command,
    "index": index_command,
    "search": search_command,
    "eval": eval_command,
    "trace": trace_command,
}
for name, command in COMMANDS.items():  # in this order in --help
    app.command(name)(friendly(command))
models_app = typer.Typer(no_args_is_help=True, help="Install and locate the embedded model.")
models_app.command("install")(friendly(models_install))
models_app.command("path")(friendly(models_path))
app.add_typer(models_app, name="models")


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
