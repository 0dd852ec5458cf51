"""One switch that makes loading model weights, or reaching the network, an error.

Unit tests turn it on (``tests/conftest.py``), and so does any process started with
``CONTEXTORG_FORBID_MODELS=1`` (the notebook kernels the tests run), so a test that would
load weights or open a connection fails at once instead of quietly becoming slow or
network-dependent. Scripted models and the hash embedder load nothing and stay allowed.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from typing import Any

ALLOWED = True
"""Whether real models, embedders and network connections may be used in this process."""

ENVIRONMENT = "CONTEXTORG_FORBID_MODELS"


class ModelNotAllowedError(RuntimeError):
    """A real model, embedder or network connection was used while they are forbidden."""


def check(what: str) -> None:
    """Raise :class:`ModelNotAllowedError` naming ``what`` when real models are forbidden."""
    if not ALLOWED:
        raise ModelNotAllowedError(
            f"{what} is forbidden here (unit tests, or {ENVIRONMENT}=1): use a scripted model "
            "(contextorg.testing) and embedder='hash'"
        )


_SOCKET_CALLS = {
    (socket.socket, "connect"),
    (socket.socket, "connect_ex"),
    (socket, "create_connection"),
    (socket, "getaddrinfo"),
}


def forbid() -> Callable[[], None]:
    """Forbid models and the network in this process; returns what allows them again."""
    global ALLOWED
    ALLOWED = False
    saved = [(owner, name, getattr(owner, name)) for owner, name in _SOCKET_CALLS]

    def refuse(*args: Any, **kwargs: Any) -> Any:
        check("a network connection")

    for owner, name, _ in saved:
        setattr(owner, name, refuse)

    def allow() -> None:
        global ALLOWED
        ALLOWED = True
        for owner, name, original in saved:
            setattr(owner, name, original)

    return allow


def forbid_if_asked() -> None:
    """:func:`forbid` when the environment asks for it (a test's child process)."""
    if os.environ.get(ENVIRONMENT) == "1" and ALLOWED:
        forbid()
