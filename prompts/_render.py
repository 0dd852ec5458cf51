"""How contexts are shown to a model: numbered, so a small model cites a number, not an id."""

from __future__ import annotations

from collections.abc import Sequence

from contextorg.state.records import Context


def render_contexts(contexts: Sequence[Context], start: int = 1) -> str:
    """Contexts as ``[Context N] Title: ... Text: ...`` blocks, numbered from ``start``."""
    blocks = []
    for number, context in enumerate(contexts, start=start):
        title = f" Title: {context.title}" if context.title else ""
        blocks.append(f"[Context {number}]{title}\nText: {context.text}")
    return "\n\n".join(blocks)
