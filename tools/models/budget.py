"""Keep every prompt inside the model's window: contexts cut to a token budget, visibly.

A group too long for one call goes through notes (``answer_group``); the other prompts read
one context, or a few, and cut each to its share of the window instead of failing. Every cut
is logged, and readings of a cut context say so (``ContextReading.clipped``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence

from contextorg.state.records import Context

logger = logging.getLogger("contextorg")

Counter = Callable[[str], int]

PROMPT_ROOM = 256
"""Tokens kept free beside the contexts for the instructions and the question."""


def fit(text: str, tokens: int, count: Counter) -> str:
    """``text``, or its beginning cut at a word boundary so that it counts ``tokens`` at most.

    A token is rarely shorter than a character, so a text no longer than ``tokens``
    characters is kept without counting; otherwise the cut is found by bisection, counting at
    most a few dozen times whatever the text's length.
    """
    if len(text) <= tokens or count(text) <= tokens:
        return text
    low, high = 0, min(len(text), max(tokens, 1) * 16)
    while low < high:
        middle = (low + high + 1) // 2
        if count(text[:middle]) <= tokens:
            low = middle
        else:
            high = middle - 1
    cut = text[:low]
    space = cut.rfind(" ")
    return cut[:space] if space > low // 2 else cut


def fit_contexts(
    contexts: Sequence[Context], tokens: int, count: Counter, *, why: str
) -> list[Context]:
    """The contexts, each cut to an equal share of ``tokens``; cuts are logged with ``why``."""
    share = max(tokens // max(len(contexts), 1), 1)
    fitted = []
    for context in contexts:
        text = fit(context.text, share, count)
        if text != context.text:
            logger.warning(
                "%s: context %s cut to %d of its %d characters (about %d tokens) to fit the "
                "model's window",
                why,
                context.id,
                len(text),
                len(context.text),
                share,
            )
            context = context.model_copy(update={"text": text or context.text[:1]})
        fitted.append(context)
    return fitted


def room(window: int, question: str, count: Counter) -> int:
    """Tokens left for contexts in a call of ``window`` tokens that also asks ``question``."""
    return max(window - PROMPT_ROOM - count(question), 64)


_BREAKS = re.compile(r"(?<=[.!?。！？])\s+|\n+")


def segment_spans(
    text: str, tokens: int, count: Counter, limit: int | None = None
) -> list[tuple[int, int]]:
    """``text`` cut into consecutive pieces of at most ``tokens`` tokens, as character spans.

    Cuts fall between sentences (or lines) where they can, inside a sentence longer than a
    piece by :func:`fit`; the pieces cover the text in order (the whole text when it fits).
    Sentences are counted one by one and a piece holds a little less than ``tokens`` of them,
    as a token may straddle a cut. ``limit``: stop after that many pieces.
    """
    if len(text) <= tokens or count(text) <= tokens:
        return [(0, len(text))]
    budget = max(tokens - tokens // 50, 1)
    spans: list[tuple[int, int]] = []
    start, size = 0, 0
    for begin, end in _sentences(text):
        if limit is not None and len(spans) >= limit:
            return spans
        n = count(text[begin:end])
        if size and size + n > budget:
            spans.append((start, begin))
            start, size = begin, 0
        if n <= budget:
            size += n
            continue
        while begin < end:  # a sentence longer than a piece: cut it at words
            if size:
                spans.append((start, begin))
            piece = fit(text[begin:end], budget, count) or text[begin]
            start, begin, size = begin, begin + len(piece), count(piece)
        spans.append((start, end))
        start, size = end, 0
    if start < len(text) and (limit is None or len(spans) < limit):
        spans.append((start, len(text)))
    return spans


def _sentences(text: str) -> list[tuple[int, int]]:
    """Consecutive spans that cover ``text``, each ending after a sentence or a line."""
    ends = [m.end() for m in _BREAKS.finditer(text) if m.end() < len(text)]
    return list(zip([0, *ends], [*ends, len(text)], strict=True))
