"""Prompts, one module each, with their template, output schema, ``NAME`` and ``VERSION``."""

from types import ModuleType

from contextorg.prompts import (
    answer_group,
    answer_reading,
    extract_reading,
    merge_notes,
    pluralize,
    relation_batched,
    relation_pairwise,
    write_note,
)

PROMPTS = {
    m.NAME: m
    for m in (
        answer_group,
        answer_reading,
        extract_reading,
        merge_notes,
        pluralize,
        relation_batched,
        relation_pairwise,
        write_note,
    )
}
"""Every prompt module by name: list them, read them, or replace one in a subclass."""


def tag(module: ModuleType) -> str:
    """The ``name@version`` a run of this prompt is tagged with."""
    return f"{vars(module)['NAME']}@{vars(module)['VERSION']}"


__all__ = ["PROMPTS", "tag"]
