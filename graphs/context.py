"""Every node and route of the graphs is given a :class:`RunContext`, whoever runs them."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import RunContext
from contextorg.tools.settings import get_settings


def given_run_context(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` (a node or a route), handed ``runtime.context`` as a :class:`RunContext`.

    ``functools.wraps`` keeps ``fn``'s name and signature, which LangGraph reads for the
    node's input schema and for what to inject; a function without ``runtime`` is left as it is.
    """
    if "runtime" not in inspect.signature(fn).parameters:
        return fn

    @functools.wraps(fn)
    def with_run_context(*args: Any, runtime: Runtime[Any], **kwargs: Any) -> Any:
        ours = runtime.override(context=run_context_of(runtime.context))
        return fn(*args, runtime=ours, **kwargs)

    return with_run_context


def run_context_of(given: object) -> RunContext:
    """The run context a node was given, as a :class:`RunContext`.

    Run on its own, the graph gets one (LangGraph builds it from a dict), or None when the
    caller passed none: the defaults, with the model ``CONTEXTORG_MODEL`` names, as for
    ``ask``. Added as a subgraph to a graph with another context schema, it gets its parent's
    context, a dict or an object: its fields named as ours are taken, the rest are the
    parent's own.
    """
    if isinstance(given, RunContext):
        return given
    names = [f.name for f in fields(RunContext)]
    if isinstance(given, Mapping):
        chosen = {name: given[name] for name in names if name in given}
    else:
        chosen = {name: getattr(given, name) for name in names if hasattr(given, name)}
    chosen.setdefault("model", get_settings().model)
    return RunContext(**chosen)
