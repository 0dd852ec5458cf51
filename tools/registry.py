"""One lookup for every registry of named components (classifiers, organizers, completers)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


def pick(registry: Mapping[str, T], name: str | T, kind: str) -> T:
    """``registry[name]``, or ``name`` itself when it is already a component.

    An unknown name raises ``ValueError`` saying which names there are.
    """
    if not isinstance(name, str):
        return name
    try:
        return registry[name]
    except KeyError:
        raise ValueError(f"unknown {kind} {name!r}; choose one of {', '.join(registry)}") from None
