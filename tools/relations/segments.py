"""A text longer than the model's window, read segment by segment: in order, or best first.

Each segment fills one reading call (or holds fewer tokens:
``RunContext.reading_segment_tokens``) and is read as a context of its own; the text's
reading keeps every answer any segment states, each with the characters of that segment. By
default every segment is read, in order (no needle is lost). With :class:`SegmentSearch`
switched on (``RunContext.segment_search``), the segments are ranked for the question first,
with the project's hybrid search, and read best first until the answers settle: what a RAG
user would try, fewer calls for a needle the search finds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from contextorg.state.records import Context, ContextReading, ReadingStatus
from contextorg.tools.models.budget import segment_spans
from contextorg.tools.models.calls import concurrently
from contextorg.tools.retrieval.hybrid import search_texts
from contextorg.tools.retrieval.ingest import PASSAGE_WORDS
from contextorg.tools.text.normalize import same_answer

logger = logging.getLogger("contextorg")

Span = tuple[int, int]

MAX_SEGMENTS = 32
"""Most segments of one long text read for its answers, counted in a window's worth each
(with a 4,096 token window about 120,000 tokens, half an hour of this machine's embedded
model); segments smaller than the window are as many more, so they reach as far."""

SEARCHED_SEGMENTS = 128
"""Most segments segment search ranks, in a window's worth each (the :data:`MAX_SEGMENTS` it
reads may come from any of them, so search reaches further into a long text than reading in
order)."""


@dataclass(frozen=True)
class SegmentSearch:
    """Read a long text's segments best first, and stop once its answers settle.

    The segments are ranked for the question by their best passage (about
    :data:`~contextorg.tools.retrieval.ingest.PASSAGE_WORDS` words, cut between sentences),
    with the fusion of BM25 and dense vectors the hybrid index uses. They are read in that
    order; once some segment has given an answer, reading stops after ``patience`` segments
    in a row that add no new one. A text no segment answers is read to its end, as without
    search (to :data:`MAX_SEGMENTS`).

    Args:
        embedder: Embedder name or instance for the dense ranking (``e5`` reads many
            languages: a German question over an English text).
        patience: Segments in a row that add no answer before reading stops.
    """

    embedder: str | Any = "e5"
    patience: int = 2


@dataclass(frozen=True)
class _Plan:
    """How long texts are read: best first with ``search`` (or in order), in ``tokens``."""

    search: SegmentSearch | None = None
    tokens: int | None = None


_PLAN: ContextVar[_Plan | None] = ContextVar("contextorg_segment_plan", default=None)


@contextmanager
def reading_segments(
    search: SegmentSearch | None = None, tokens: int | None = None
) -> Iterator[None]:
    """Within the block (and the threads it starts), long texts are read this way.

    ``search``: best first with it; ``None``, every segment in order (the default).
    ``tokens``: most tokens of one segment; ``None``, a call's whole room. Only a text past the
    room is cut, so shorter texts are read whole whatever ``tokens`` says.
    """
    if tokens is not None and tokens < 1:
        raise ValueError(f"a segment must hold at least one token, not {tokens}")
    token = _PLAN.set(_Plan(search, tokens))
    try:
        yield
    finally:
        _PLAN.reset(token)


def read_segments(
    context: Context,
    question: str,
    tokens: int,
    count: Callable[[str], int],
    read: Callable[[Context], ContextReading],
    at_once: int = 1,
) -> ContextReading | None:
    """``context`` read segment by segment with ``read``; None when it fits one call.

    ``tokens``: how much of a text one call reads, as ``count`` counts it. Every segment read
    and every cut is logged: which context, how many segments, what was left unread.
    ``at_once``: segments read at the same time when every one is read (a model served
    elsewhere answers several calls together); segment search reads one at a time, as what it
    reads next depends on what the last segment gave, and so does not vary with ``at_once``.
    """
    plan = _PLAN.get() or _Plan()
    search, text = plan.search, context.text
    if len(text) <= tokens or count(text) <= tokens:
        return None
    room, tokens = tokens, min(tokens, plan.tokens or tokens)
    most = MAX_SEGMENTS * room // tokens  # smaller segments reach as far into the text
    limit = SEARCHED_SEGMENTS * room // tokens if search else most
    spans = segment_spans(text, tokens, count, limit=limit + 1)
    whole, spans = len(spans) <= limit, spans[:limit]
    first = "" if whole else " (the first)"
    if search is None:
        order, patience = list(range(len(spans))), None
        how = f"read in {len(spans)}{first} segments of about {tokens} tokens, one call each"
    else:
        order, patience = best_first(question, context.text, spans, search), search.patience
        how = (
            f"cut in {len(spans)}{first} segments of about {tokens} tokens, read best first "
            "(one call each) until the answers settle"
        )
    logger.warning(
        "reading for the relation graph: context %s is longer than the model's window: %s",
        context.id,
        how,
    )
    order, settled = order[:most], False
    if patience is None:  # every segment is read, whatever the others give
        reads = concurrently(lambda n: read(segment(context, spans[n])), order, at_once)
        parts = dict(zip(order, reads, strict=True))
    else:
        parts, dry = {}, 0
        answers: list[str] = []
        for n in order:
            parts[n] = read(segment(context, spans[n]))
            dry = 0 if _add_new(answers, _answers(parts[n])) else dry + 1
            settled = bool(answers) and dry >= patience
            if settled:
                break
    reading = merge_segments([(spans[n], parts[n]) for n in sorted(parts)])
    unread = len(spans) - len(parts)
    if settled and unread:
        logger.warning(
            "reading for the relation graph: context %s: %d of %d segments read, best first; "
            "the last %d added no answer, so the other %d are not read",
            context.id,
            len(parts),
            len(spans),
            patience,
            unread,
        )
    if (unread and not settled) or not whole:  # past the segments ranked is never read
        logger.warning(
            "reading for the relation graph: context %s read in %d segments (%s of its %d "
            "characters); the rest is not read",
            context.id,
            len(parts),
            _characters([spans[n] for n in parts]),
            len(context.text),
        )
        reading = reading.model_copy(update={"clipped": True})
    return reading


def best_first(question: str, text: str, spans: Sequence[Span], search: SegmentSearch) -> list[int]:
    """The segments of ``text`` (positions in ``spans``), best first for ``question``.

    A segment ranks as its best passage: a window of a few thousand tokens would be embedded
    by its beginning alone, and one matching sentence would weigh little in its BM25 score.
    """
    passages: list[str] = []
    owners: list[int] = []
    for n, (start, end) in enumerate(spans):
        for a, b in segment_spans(text[start:end], PASSAGE_WORDS, _word_count):
            passages.append(text[start + a : start + b])
            owners.append(n)
    ranked = search_texts(question, passages, search.embedder)
    return list(dict.fromkeys([*(owners[i] for i in ranked), *range(len(spans))]))


def _word_count(text: str) -> int:
    return len(text.split())


def _characters(spans: Sequence[Span]) -> str:
    """Spans as the reader sees them: "characters 0-100" or "3 spans of characters"."""
    if len(spans) == 1 or all(a[1] == b[0] for a, b in zip(spans, spans[1:], strict=False)):
        return f"characters {spans[0][0]}-{spans[-1][1]}"
    return ", ".join(f"{a}-{b}" for a, b in spans)


def _answers(reading: ContextReading) -> list[str]:
    return reading.answers if reading.status == "answers" else []


def _add_new(answers: list[str], more: Sequence[str]) -> list[str]:
    """Append to ``answers`` those of ``more`` that agree with none of them; return those."""
    added = []
    for answer in more:
        if not any(same_answer(answer, kept) for kept in answers):
            answers.append(answer)
            added.append(answer)
    return added


def segment(context: Context, span: Span) -> Context:
    """The part of ``context`` within ``span``, as a context of the same id and title."""
    return context.model_copy(update={"text": context.text[span[0] : span[1]]})


FALLING_BACK: tuple[ReadingStatus, ...] = ("denied", "ungrounded", "silent")
"""Without an answer in any segment, what the long text is read as: the first of these
that a segment was read as; ``failed`` if any segment could not be read (it may be the one
that answers, so the text is kept, as an unread context is)."""


def merge_segments(parts: list[tuple[Span, ContextReading]]) -> ContextReading:
    """One reading of a long text from its segments' readings: every answer any segment gives.

    An answer given by several segments is kept once, with the first segment that gives it
    (:func:`~contextorg.tools.text.normalize.same_answer`).
    """
    answers: list[str] = []
    spans: list[Span] = []
    for span, reading in parts:
        spans += [span] * len(_add_new(answers, _answers(reading)))
    readings = [r for _, r in parts]
    said = next((r.said for r in readings if r.status == "answers"), None)
    if answers:
        descriptor = next((r.descriptor for r in readings if r.descriptor), None)
        return ContextReading(
            status="answers", answers=answers, said=said, descriptor=descriptor, spans=spans
        )
    statuses = {r.status for r in readings}
    status: ReadingStatus = next((s for s in FALLING_BACK if s in statuses), "failed")
    if "failed" in statuses:  # the failed segment may be the one that answers
        status = "failed"
    return ContextReading(status=status, said=next((r.said for r in readings if r.said), None))
