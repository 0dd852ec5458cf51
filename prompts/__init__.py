"""Prompts, one module each, with their template, output schema, ``NAME`` and ``VERSION``."""

from importlib import import_module
from pkgutil import iter_modules
from types import ModuleType


def _discover() -> dict[str, ModuleType]:
    modules = (import_module(f"{__name__}.{m.name}") for m in iter_modules(__path__))
    return {vars(m)["NAME"]: m for m in modules if "NAME" in vars(m)}


PROMPTS = _discover()
"""Every prompt module by name, to list and read them (an evaluation records their versions).

A prompt is changed in its module (with its ``VERSION``); to ask differently for one run,
replace the node that asks (``build_graph(nodes={...})``)."""


def tag(module: ModuleType) -> str:
    """The ``name@version`` a run of this prompt is tagged with."""
    return f"{vars(module)['NAME']}@{vars(module)['VERSION']}"


__all__ = ["PROMPTS", "tag"]
