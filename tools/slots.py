"""Every swappable slot in one table: its run-context field, its registry, its CLI option.

A slot's component is chosen by name (or given as an instance) in :class:`RunContext`; the
name is looked up in the slot's :class:`~contextorg.tools.registry.Registry`, by the whole
name or by its prefix (``openai:gpt-4o-mini``). :func:`check` looks up every name of a run
context before anything runs (the ``start_turn`` node and the CLI call it), :func:`resolve`
gives a node its component, :func:`choices` the names a CLI option's help lists, and a test
keeps each slot's ``Literal`` (``StrategyName``...) equal to its registry. A new component is
one module and one line in its registry; a new slot is one row here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from contextorg.state.runtime import (
    AttributorName,
    ClassifierName,
    ClusteringName,
    CompletionName,
    ConflictPolicyName,
    RunContext,
    StrategyName,
    StructuredOutputName,
)
from contextorg.tools.answering.completion import COMPLETERS
from contextorg.tools.answering.conflicts import CONFLICT_POLICIES
from contextorg.tools.attribution.attributors import ATTRIBUTORS, CLUSTERINGS
from contextorg.tools.models.methods import STRUCTURED_OUTPUTS
from contextorg.tools.models.resolve import CHAT_MODELS
from contextorg.tools.organizers import ORGANIZERS
from contextorg.tools.registry import Registry
from contextorg.tools.relations import CLASSIFIERS
from contextorg.tools.retrieval.embeddings import EMBEDDERS
from contextorg.tools.retrieval.rerankers import RERANKERS


@dataclass(frozen=True)
class Slot:
    """One swappable part of a run.

    ``field``: the :class:`RunContext` field naming it. ``registry``: its components by name.
    ``by_prefix``: names are ``prefix:rest`` and the prefix is looked up. ``names``: the
    ``Literal`` of the shipped names, where the field has one. ``option``: its CLI option.
    """

    field: str
    registry: Registry[Any]
    by_prefix: bool = False
    names: Any = None
    option: str | None = None

    def lookup(self, name: str) -> Any:
        """The registry's entry for ``name`` (for a prefixed name: its prefix's)."""
        return self.registry.by_prefix(name)[0] if self.by_prefix else self.registry[name]


SLOTS: dict[str, Slot] = {
    slot.field: slot
    for slot in (
        Slot("model", CHAT_MODELS, by_prefix=True, option="--model"),
        Slot("relation_model", CHAT_MODELS, by_prefix=True),
        Slot("answer_model", CHAT_MODELS, by_prefix=True),
        Slot("completion", COMPLETERS, names=CompletionName, option="--completion"),
        Slot("classifier", CLASSIFIERS, names=ClassifierName, option="--classifier"),
        Slot("strategy", ORGANIZERS, names=StrategyName, option="--strategy"),
        Slot("reranker", RERANKERS, by_prefix=True, option="--reranker"),
        Slot("conflict_policy", CONFLICT_POLICIES, names=ConflictPolicyName, option="--conflicts"),
        Slot("attributor", ATTRIBUTORS, names=AttributorName, option="--attributor"),
        Slot("explain_clusters", CLUSTERINGS, names=ClusteringName),
        Slot("embedder", EMBEDDERS, option="--embedder"),
        Slot(
            "structured_output",
            STRUCTURED_OUTPUTS,
            names=StructuredOutputName,
            option="--structured-output",
        ),
    )
}
"""The slots by run-context field. Retrieval (``retriever``) takes paths as well as names, so
it is checked where it connects (``retrieve``)."""


def check(context: RunContext) -> None:
    """Every name in ``context`` names a component: a typo fails before anything runs.

    Names are only looked up: nothing is loaded or connected.
    """
    for slot in SLOTS.values():
        chosen = getattr(context, slot.field)
        if isinstance(chosen, str):
            slot.lookup(chosen)


def resolve(context: RunContext, field: str) -> Any:
    """The component ``context`` chose for the slot of ``field``: by name, or as given."""
    chosen = getattr(context, field)
    return SLOTS[field].lookup(chosen) if isinstance(chosen, str) else chosen


def choices(field: str) -> str:
    """The names of a slot's components, for help texts: ``corg, base, separate, ...``."""
    return ", ".join(SLOTS[field].registry)
