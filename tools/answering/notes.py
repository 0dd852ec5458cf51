"""Map-reduce notes over long text (SEGMENT+ §3.2): segment, filter, merge until it fits.

The model writes one note per segment and merges reasoning; everything else here is plain
code, so its guarantees are testable: evidence is kept verbatim with its context id, merging
never drops an id, always terminates, and ends within the budget.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from contextorg.state.records import Context, Evidence, Note
from contextorg.tools.text.normalize import normalize

Count = Callable[[str], int]
MergeReasoning = Callable[[list[Note]], str]

_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n{2,}")


@dataclass(frozen=True)
class Segment:
    """A piece of the group's text: parts of one or more contexts, in order."""

    order: int
    parts: tuple[tuple[str, str], ...]
    """(context id, text) pairs."""

    def contexts(self, titles: dict[str, str]) -> list[Context]:
        """The parts as contexts (ids kept), to show the model."""
        return [Context(id=i, title=titles.get(i, ""), text=t) for i, t in self.parts]


def split_segments(contexts: Sequence[Context], segment_tokens: int, count: Count) -> list[Segment]:
    """Pack contexts into segments of about ``segment_tokens``; split longer ones by sentence."""
    pieces: list[tuple[str, str]] = []
    for context in contexts:
        pieces.extend((context.id, text) for text in _pieces(context.text, segment_tokens, count))
    segments: list[Segment] = []
    current: list[tuple[str, str]] = []
    size = 0
    for piece in pieces:
        tokens = count(piece[1])
        if current and size + tokens > segment_tokens:
            segments.append(Segment(len(segments), tuple(current)))
            current, size = [], 0
        current.append(piece)
        size += tokens
    if current:
        segments.append(Segment(len(segments), tuple(current)))
    return segments


def _pieces(text: str, limit: int, count: Count) -> list[str]:
    """Text cut at sentence ends into pieces of at most ``limit`` tokens (words if need be)."""
    pieces: list[str] = []
    current = ""
    for sentence in (s for s in _SENTENCES.split(text) if s.strip()):
        units = [sentence] if count(sentence) <= limit else _word_chunks(sentence, limit, count)
        for unit in units:
            joined = f"{current} {unit}".strip()
            if current and count(joined) > limit:
                pieces.append(current)
                joined = unit
            current = joined
    if current:
        pieces.append(current)
    return pieces


def _word_chunks(sentence: str, limit: int, count: Count) -> list[str]:
    chunks: list[str] = []
    current: list[str] = []
    for word in sentence.split():
        if current and count(" ".join([*current, word])) > limit:
            chunks.append(" ".join(current))
            current = []
        current.append(word)
    if current:
        chunks.append(" ".join(current))
    return chunks


QUOTE_COVERAGE = 0.8
"""Share of a quote's words a source sentence must contain to stand for it."""


def grounded_evidence(quotes: Sequence[tuple[int, str]], segment: Segment) -> list[Evidence]:
    """The source sentences the quotes stand for, under the id of the context that has them.

    Small models quote almost, not exactly. Each quote is matched to the sentence of the
    segment that contains the most of its words (the part it names first, then the others);
    at least :data:`QUOTE_COVERAGE` of them, or the quote is dropped. The evidence kept is
    the source sentence, so it is always verbatim from the document.
    """
    kept: list[Evidence] = []
    for number, quote in quotes:
        wanted = normalize(quote).split()
        if not wanted:
            continue
        named = [segment.parts[number - 1]] if 1 <= number <= len(segment.parts) else []
        best: tuple[float, str, str] = (0.0, "", "")
        for context_id, text in [*named, *segment.parts]:
            for sentence in _SENTENCES.split(text):
                have = set(normalize(sentence).split())
                coverage = sum(w in have for w in wanted) / len(wanted)
                if coverage > best[0]:
                    best = (coverage, context_id, sentence.strip())
        coverage, context_id, sentence = best
        if coverage >= QUOTE_COVERAGE and all(e.text != sentence for e in kept):
            kept.append(Evidence(context_id=context_id, text=sentence))
    return kept


def render_note(note: Note) -> str:
    """A note as text: its evidence with context ids, then its reasoning."""
    lines = [f"[{e.context_id}] {e.text}" for e in note.evidence]
    if note.reasoning:
        lines.append(f"Reasoning: {note.reasoning}")
    return "\n".join(lines)


def notes_tokens(notes: Sequence[Note], count: Count) -> int:
    """Tokens of the notes as they would be shown to the model."""
    return sum(count(render_note(n)) for n in notes)


def merge_evidence(notes: Sequence[Note]) -> list[Evidence]:
    """Evidence of the notes in order, one item per context id (quotes joined verbatim)."""
    by_id: dict[str, list[str]] = {}
    for note in notes:
        for evidence in note.evidence:
            quotes = by_id.setdefault(evidence.context_id, [])
            if evidence.text not in quotes:
                quotes.append(evidence.text)
    return [Evidence(context_id=i, text=" ".join(q)) for i, q in by_id.items()]


def batches(notes: Sequence[Note], max_tokens: int, count: Count) -> list[list[Note]]:
    """Consecutive notes packed under ``max_tokens``; at least one batch holds two notes."""
    packed: list[list[Note]] = []
    size = 0
    for note in notes:
        tokens = count(render_note(note))
        if packed and size + tokens <= max_tokens:
            packed[-1].append(note)
            size += tokens
        else:
            packed.append([note])
            size = tokens
    if len(packed) > 1 and all(len(b) == 1 for b in packed):
        packed[0:2] = [packed[0] + packed[1]]  # too big to pack: merge two anyway, to progress
    return packed


def fit(note: Note, budget: int, count: Count) -> Note:
    """The note shortened to ``budget`` tokens: longest evidence first, then reasoning.

    Every evidence id stays (with at least its first word); raises ``ValueError`` when even
    that does not fit.
    """
    evidence = [e.text.split() for e in note.evidence]
    reasoning = note.reasoning.split()

    def build() -> Note:
        return Note(
            evidence=[
                Evidence(context_id=e.context_id, text=" ".join(w))
                for e, w in zip(note.evidence, evidence, strict=True)
            ],
            reasoning=" ".join(reasoning),
            order=note.order,
        )

    while count(render_note(current := build())) > budget:
        longest = max(range(len(evidence)), key=lambda i: len(evidence[i]), default=None)
        if longest is not None and len(evidence[longest]) > 1:
            evidence[longest] = evidence[longest][: max(1, len(evidence[longest]) // 2)]
        elif reasoning:
            reasoning = reasoning[: len(reasoning) // 2]
        else:
            raise ValueError(
                f"a budget of {budget} tokens cannot hold {len(evidence)} evidence ids; "
                "raise the notes budget"
            )
    return current


def reduce_notes(
    notes: Sequence[Note], max_tokens: int, budget: int, count: Count, merge: MergeReasoning
) -> list[Note]:
    """Merge notes in document order, batch by batch, until they fit in ``budget`` tokens.

    Each round merges at least two notes into one, so it ends after fewer rounds than there
    are notes; a single note still over budget is shortened by :func:`fit`.
    """
    current = sorted(notes, key=lambda n: n.order)
    while len(current) > 1 and notes_tokens(current, count) > budget:
        current = [
            batch[0]
            if len(batch) == 1
            else Note(evidence=merge_evidence(batch), reasoning=merge(batch), order=batch[0].order)
            for batch in batches(current, max_tokens, count)
        ]
    if notes_tokens(current, count) > budget:
        current = [fit(current[0], budget, count)]
    return current


def notes_as_contexts(notes: Sequence[Note], titles: dict[str, str]) -> list[Context]:
    """The final notes as one context per original id, so answers cite the original contexts."""
    return [
        Context(id=e.context_id, title=titles.get(e.context_id, ""), text=e.text)
        for e in merge_evidence(notes)
    ]
