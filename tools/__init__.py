"""What nodes use, by concern: one subpackage each.

``models`` (names to chat models, the embedded model, structured calls), ``relations`` (the
relation graph and its classifiers), ``organizers`` (corg and the baselines), ``answering``
(citations, notes, conflicts, completion, the debate), ``attribution``, ``retrieval`` (ingestion,
embedders, indexes, fusion, rerankers), ``text``, ``observability`` (traces, Phoenix),
``persistence`` (checkpoints, the response cache) and ``evaluation`` (metrics). Every slot's
components are named in one :class:`~contextorg.tools.registry.Registry`.

The flat modules of release 0.1 (``contextorg.tools.hybrid_index``, ...) still import, and the
names of those that became packages (``contextorg.tools.relations.classify_signals``) still
resolve, each with a ``DeprecationWarning`` naming the new place; they go in the next release.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import pkgutil
import sys
import types
import warnings
from collections.abc import Callable, Sequence

MOVED = {
    "chat_models": "models.structured",
    "llama_model": "models.llama",
    "weights": "models.weights",
    "calls": "models.calls",
    "tool_calling": "models.tool_calling",
    "guard": "models.guard",
    "budget": "models.budget",
    "relation_graph": "relations.graph",
    "notes": "answering.notes",
    "conflicts": "answering.conflicts",
    "completion": "answering.completion",
    "debate": "answering.debate",
    "hybrid_index": "retrieval.hybrid",
    "lexical": "retrieval.lexical",
    "fusion": "retrieval.fusion",
    "weaviate_index": "retrieval.weaviate_index",
    "rerankers": "retrieval.rerankers",
    "retrievers": "retrieval.retrievers",
    "ingest": "retrieval.ingest",
    "embeddings": "retrieval.embeddings",
    "salience": "text.salience",
    "tracing": "observability.tracing",
    "phoenix": "observability.phoenix",
    "checkpoints": "persistence.checkpoints",
    "response_cache": "persistence.response_cache",
    "metrics": "evaluation.metrics",
}
"""Where each flat module of release 0.1 lives now (under ``contextorg.tools``)."""


class _MovedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports ``contextorg.tools.OLD`` as a view of its new module, with a warning."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, old = fullname.rpartition(".")
        if package != __name__ or old not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def exec_module(self, module: types.ModuleType) -> None:
        new = f"{__name__}.{MOVED[module.__name__.rpartition('.')[2]]}"
        warnings.warn(
            f"{module.__name__} moved to {new}; the old name goes in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        target = importlib.import_module(new)
        module.__dict__.update({k: v for k, v in vars(target).items() if not k.startswith("__")})
        module.__doc__ = target.__doc__


def moved_names(package: str, *modules: str) -> Callable[[str], object]:
    """A package's ``__getattr__`` that finds release 0.1's names in the modules they moved to."""

    def __getattr__(name: str) -> object:
        path = sys.modules[package].__path__
        if not name.startswith("_") and name not in {m.name for m in pkgutil.iter_modules(path)}:
            for module in modules:
                found = importlib.import_module(f"{package}.{module}")
                if hasattr(found, name):
                    warnings.warn(
                        f"{package}.{name} moved to {package}.{module}.{name}; the old name "
                        "goes in the next release",
                        DeprecationWarning,
                        stacklevel=2,
                    )
                    return getattr(found, name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


if not any(isinstance(finder, _MovedModules) for finder in sys.meta_path):
    sys.meta_path.append(_MovedModules())
