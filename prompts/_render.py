"""How contexts are shown to a model: numbered, so a small model cites a number, not an id."""

from __future__ import annotations

import re
from collections.abc import Sequence

from contextorg.state.records import Context

STRUCK = re.compile(
    r"~~(?!\s)[^~\n]{1,200}?(?<!\s)~~|<(del|s|strike)\b[^<>]{0,200}>[^\n]{0,200}?</\1\s*>",
    re.IGNORECASE,
)
"""Struck-through text, as Markdown writes it ("Owner: ~~Ken Ito~~ Lena Park") or HTML does
(``<del>``, ``<s>``, ``<strike>``; indexed HTML keeps them as Markdown's): what it says is
withdrawn."""


def render_contexts(contexts: Sequence[Context], start: int = 1) -> str:
    """Contexts as ``[Context N] Title: ... Text: ...`` blocks, numbered from ``start``.

    Struck-through text (:data:`STRUCK`) is not shown: a small model reads "Owner: ~~Ana
    Costa~~ Ben Adler" as naming Ana Costa, whom the page has withdrawn.
    """
    blocks = []
    for number, context in enumerate(contexts, start=start):
        title = f" Title: {context.title}" if context.title else ""
        blocks.append(f"[Context {number}]{title}\nText: {unstruck(context.text)}")
    return "\n\n".join(blocks)


def unstruck(text: str) -> str:
    """``text`` without what it strikes through (:data:`STRUCK`)."""
    if "~~" not in text and "<" not in text:
        return text
    return re.sub(r"(?<=\S)[ \t]{2,}(?=\S)", " ", STRUCK.sub("", text))
