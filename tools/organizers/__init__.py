"""Organizers: turn contexts (and their relation graph) into groups answered independently.

``corg`` follows CORG's reranker. Its baselines (CORG §5.2): ``base`` (all in one
call), ``separate`` (one call each), ``random`` and ``kmeans`` (as many groups as ``corg`` makes,
by chance or by embedding clusters), ``retrieve`` (the five most relevant, diverse contexts) and
``summarize`` (condense everything into notes, then answer once). A peer: ``madam``
(MADAM-RAG: every context in one debate, :mod:`contextorg.tools.answering.debate`). An
organizer only plans groups; the ``organize_groups`` node says how each is answered and asks
the plural question. A new strategy is one module and one line in ``ORGANIZERS``.
"""

from __future__ import annotations

from contextorg.tools.organizers.ablations import (
    plan_kmeans,
    plan_random,
    plan_retrieve,
    plan_summarize,
)
from contextorg.tools.organizers.base import Organizer, structural
from contextorg.tools.organizers.baselines import plan_base, plan_separate
from contextorg.tools.organizers.corg import plan_corg
from contextorg.tools.registry import Registry

ORGANIZERS: Registry[Organizer] = Registry(
    "strategy",
    {
        "corg": Organizer(
            "corg",
            structural(plan_corg),
            needs_relations=True,
            pluralize=True,
            answering="readings",
        ),
        "base": Organizer("base", structural(plan_base)),
        "separate": Organizer("separate", structural(plan_separate)),
        "random": Organizer("random", plan_random, needs_relations=True, pluralize=True),
        "kmeans": Organizer(
            "kmeans", plan_kmeans, needs_relations=True, needs_embeddings=True, pluralize=True
        ),
        "retrieve": Organizer("retrieve", plan_retrieve, needs_embeddings=True),
        "summarize": Organizer("summarize", plan_summarize),
        "madam": Organizer("madam", structural(plan_base), answering="debate"),
    },
)
"""Organizers by name; a new strategy is one plan function and one line here."""
