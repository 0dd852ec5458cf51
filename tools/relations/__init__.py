"""Relation classifiers: the relation graph between contexts, each classifier one module.

Every classifier takes the question and the contexts and returns the full relation graph
(:mod:`~contextorg.tools.relations.graph`). ``batched`` and ``pairwise`` ask the model about
pairs through edge mirroring; ``extract`` and ``signals`` read every context once (concurrently)
and compare the readings. A new classifier is one module and one line in ``CLASSIFIERS``.
"""

from __future__ import annotations

from contextorg.tools.registry import Registry
from contextorg.tools.relations.base import RelationClassifier
from contextorg.tools.relations.batched import classify_batched
from contextorg.tools.relations.extract import classify_extract
from contextorg.tools.relations.pairwise import classify_pairwise
from contextorg.tools.relations.signals import classify_signals

CLASSIFIERS: Registry[RelationClassifier] = Registry(
    "relation classifier",
    {
        "signals": classify_signals,
        "batched": classify_batched,
        "pairwise": classify_pairwise,
        "extract": classify_extract,
    },
)
"""Relation classifiers by name; a new one is one function and one line here."""
