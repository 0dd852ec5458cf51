"""Prompts, one module each, with their template, output schema, ``NAME`` and ``VERSION``."""

from contextorg.prompts import (
    answer_group,
    extract_reading,
    pluralize,
    relation_batched,
    relation_pairwise,
)

PROMPTS = {
    m.NAME: m
    for m in (answer_group, extract_reading, pluralize, relation_batched, relation_pairwise)
}
"""Every prompt module by name: list them, read them, or replace one in a subclass."""


def tag(module: object) -> str:
    """The ``name@version`` a run of this prompt is tagged with."""
    return f"{getattr(module, 'NAME')}@{getattr(module, 'VERSION')}"


__all__ = ["PROMPTS", "tag"]
