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


LINK = re.compile(r"(?<![!\\])\[([^\[\]\n]{1,300})\]\(\s*<?([^()<>\s]{1,500})>?\s*\)")
"""A Markdown link, ``[text](target)``; not an image (``![alt](src)``)."""

_SCHEMES = re.compile(r"^(?:mailto|tel|callto|sms):(?://)?", re.IGNORECASE)
"""The schemes of a link whose target is an address: what follows it is what a reader uses."""


def render_contexts(contexts: Sequence[Context], start: int = 1) -> str:
    """Contexts as ``[Context N] Title: ... Text: ...`` blocks, numbered from ``start``.

    Struck-through text (:data:`STRUCK`) is not shown: a small model reads "Owner: ~~Ana
    Costa~~ Ben Adler" as naming Ana Costa, whom the page has withdrawn. Links are shown as
    their text and their target (:func:`unlinked`).
    """
    blocks = []
    for number, context in enumerate(contexts, start=start):
        title = f" Title: {context.title}" if context.title else ""
        blocks.append(f"[Context {number}]{title}\nText: {shown_text(context.text)}")
    return "\n\n".join(blocks)


def shown_text(text: str) -> str:
    """A context's text as a prompt shows it: nothing struck through, links written out."""
    return unlinked(unstruck(text))


def unlinked(text: str) -> str:
    """``text`` with each Markdown link written as its text and, in brackets, its target.

    A small model reads "[write to support](mailto:help@quill.example)" as
    "support@quill.example"; "write to support (help@quill.example)" it reads right. An
    address loses its scheme (``mailto:``, ``tel:``); a link whose text is its target is
    its text.
    """
    if "](" not in text:
        return text

    def plain(link: re.Match[str]) -> str:
        label = link[1].strip()
        target = hidden_target(label, link[2])
        return label if target is None else f"{label} ({target})"

    return LINK.sub(plain, text)


def hidden_target(label: str, target: str) -> str | None:
    """A link's target without its address scheme, or None when the link's text shows it.

    "help@quill.example" for "write to support" and ``mailto:help@quill.example``; None for
    "+1 555 0100" and ``tel:+15550100`` (letters and digits compared, case aside).
    """
    target = _SCHEMES.sub("", target)
    return None if _bare(target) in _bare(label) else target


def _bare(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def unstruck(text: str) -> str:
    """``text`` without what it strikes through (:data:`STRUCK`)."""
    if "~~" not in text and "<" not in text:
        return text
    return re.sub(r"(?<=\S)[ \t]{2,}(?=\S)", " ", STRUCK.sub("", text))
