"""Node: merge the group answers into one answer that lists every answer, cited."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import (
    Answer,
    AnswerItem,
    ContextReading,
    GroupAnswer,
    Organization,
    RunContext,
    State,
    question_read_as,
    total_usage,
)
from contextorg.tools.answering.citations import OUT_OF_SCOPE, full_text, supports
from contextorg.tools.answering.conflicts import CONFLICT_POLICIES, Sources
from contextorg.tools.text.claims import states
from contextorg.tools.text.normalize import (
    FUNCTION_WORDS,
    JOINED,
    counted_number,
    normalize,
    polarity,
    same_answer,
    words,
)
from contextorg.tools.text.phrases import CLOSING_ASIDE
from contextorg.tools.text.questions import asks_yes_no


def aggregate(state: State, runtime: Runtime[RunContext] | None = None) -> dict[str, Any]:
    """Merge identical answers, add dropped duplicates' citations, apply the conflict policy.

    A dropped duplicate is cited for an answer only where it states that answer (a yes or a
    no: where it was read arguing that side, :func:`supports`). Where
    its own reading is the answer without a trailing phrase ("Mara Quist" for "Mara Quist in
    1911") that every cited text states too, the answer becomes that reading, cited by all.
    A context left out for an answer its text denies is cited for an answer its text states.
    A dropped duplicate of a context whose reading no context states (and no answer cites)
    shows its own reading, where its text states it: nothing is lost when the context kept in
    its place was misread.
    """
    group_answers = sorted(state.get("group_answers", []), key=lambda g: g.group_id)
    organization = state.get("organization") or Organization(groups=[])
    answers = _merged(item for group in group_answers for item in group.answers)
    texts = {c.id: full_text(c) for c in state.get("contexts") or []}
    question = question_read_as(state)
    graph = state.get("relation_graph")
    readings = graph.readings if graph else {}
    for item in answers:
        extra: list[str] = []
        for s in (s for c in item.citations for s in organization.supporting.get(c, [])):
            if (
                s not in texts
                or supports(texts[s], item.answer, question, readings.get(s))
                or _reads_alike(item.answer, readings.get(s), texts[s], question)
            ):
                extra.append(s)
                continue
            head = _head_of(item.answer, readings.get(s))
            cited = [c for c in [*item.citations, *extra, s] if c in texts]
            if head is not None and all(states(texts[c], head, question) for c in cited):
                item.answer = head
                extra.append(s)
        item.citations = list(dict.fromkeys([*item.citations, *extra]))
    answers.extend(
        _orphaned_copies(answers, group_answers, organization, readings, texts, question)
    )
    for item in answers:
        item.citations.extend(_misread_stating(item, organization, readings, texts, question))
    answers = _into_heads(_merged(answers), texts, question)
    for item in answers:
        item.spans = segments_stating(item, graph.readings if graph else {})
    policy = runtime.context.conflict_policy if runtime is not None else "show"
    sources = Sources(graph.relations if graph else [], state.get("contexts") or [])
    resolution = CONFLICT_POLICIES.resolve(policy)(answers, sources)
    usage = total_usage(state.get("usage") or {})
    answer = Answer(
        text="",
        answers=sorted(resolution.answers, key=lambda a: a.disputed),  # in doubt: last
        rejected=resolution.rejected,
        out_of_scope=not resolution.answers,
        dropped_citations=sum(g.dropped_citations for g in group_answers),
        uncited_answers=sum(g.uncited_answers for g in group_answers),
        unstated=list(dict.fromkeys(a for g in group_answers for a in g.unstated)),
        failed_groups=sum(g.failed for g in group_answers),
        failed_calls=usage.failures,
        model_calls=usage.llm_calls,
    )
    answer.text = render(answer.answers, answer.rejected, failures=failure_note(answer))
    return {"answer": answer}


def _orphaned_copies(
    answers: list[AnswerItem],
    group_answers: list[GroupAnswer],
    organization: Organization,
    readings: Mapping[str, ContextReading],
    texts: Mapping[str, str],
    question: str,
) -> list[AnswerItem]:
    """The answers of dropped duplicates of a context whose reading no context states.

    "白鷺橋は1958年に完成した。" was dropped as a duplicate of a page read as the question
    asked back ("1958年に完成しましたか"), an answer its text does not state, so not shown: the
    duplicate's own reading, where its text states it, is shown in its place. A yes or a no
    only for a question asked yes or no.
    """
    cited = {c for item in answers for c in item.citations}
    unstated = {normalize(a) for g in group_answers for a in g.unstated}
    found: list[AnswerItem] = []
    for kept, copies in organization.supporting.items():
        misread = readings.get(kept)
        if kept in cited or misread is None:
            continue
        if not {normalize(a) for a in misread.answers} & unstated:
            continue  # left uncited by its group for another reason than its reading
        for copy in copies:
            reading = readings.get(copy)
            if copy not in texts or reading is None or reading.status != "answers":
                continue
            for said in reading.answers:
                if polarity(said) is not None and not asks_yes_no(question):
                    continue
                if supports(texts[copy], said, question, reading):
                    found.append(AnswerItem(answer=said, citations=[copy]))
    return _merged(found)


def _merged(items: Iterable[AnswerItem]) -> list[AnswerItem]:
    """Copies of ``items``, one per answer and what it is about, cited by all that give it.

    Answers are compared normalized. The same name about a namesake of the question's subject
    and about the subject itself stays two answers: "Dan Whitfield (Falcon Hiking Club)" from
    the club's page, "Dan Whitfield" from the team's.
    """
    merged: dict[tuple[str, str], AnswerItem] = {}
    for item in items:
        key = (normalize(item.answer), normalize(item.about or ""))
        if key in merged:
            kept = merged[key]
            kept.citations = list(dict.fromkeys([*kept.citations, *item.citations]))
        else:
            merged[key] = item.model_copy(deep=True)
    return list(merged.values())


def _into_heads(
    items: list[AnswerItem], texts: Mapping[str, str], question: str
) -> list[AnswerItem]:
    """``items``, with each that is another's answer and a little more merged into that one.

    A little more: a phrase of time or place ("Carla Mendes (since January 2025)" from a wiki
    page and "Carla Mendes" from its release notes are one answer, "Carla Mendes", cited by
    both), or a counter ("1887年" and "1887"); only where every text either cites states the
    shorter, and never for answers about different things.
    """
    kept: list[AnswerItem] = []
    for item in sorted(items, key=lambda i: len(words(i.answer))):
        into = next(
            (
                k
                for k in kept
                if k.about == item.about
                and (
                    _adds_an_adjunct(item.answer, k.answer)
                    or _adds_a_counter(item.answer, k.answer)
                )
                and all(
                    states(texts[c], k.answer, question)
                    for c in [*k.citations, *item.citations]
                    if c in texts
                )
            ),
            None,
        )
        if into is None:
            kept.append(item)
        else:
            into.citations = list(dict.fromkeys([*into.citations, *item.citations]))
    return [i for i in items if any(i is k for k in kept)]


def _adds_a_counter(answer: str, figure: str) -> bool:
    """Whether ``answer`` is the figure ``figure`` with a counter written onto it.

    "1887年" (a year), "14,500名" (people) or "1932년" beside "1887", "14,500", "1932": one or
    two characters of a script that joins them to its words, nothing else.
    """
    added = answer.strip().removeprefix(figure.strip())
    return (
        bool(_FIGURE_ONLY.fullmatch(figure.strip()))
        and 0 < len(added) <= 2
        and all(JOINED.fullmatch(c) for c in added)
    )


_FIGURE_ONLY = re.compile(r"\d[\d,.]*")


def _adds_an_adjunct(answer: str, head: str) -> bool:
    """Whether ``answer`` is ``head`` and a phrase of time or place after it.

    "Carla Mendes (since January 2025)", "Mara Quist in 1911"; not an aside that names the
    head otherwise ("The Power/Platform Management Daemon (xcpmd)").
    """
    said, given = words(answer), words(head)
    return _opens_with(said, given) and said[len(given)] in ADJUNCTS


def _opens_with(whole: list[str], head: list[str]) -> bool:
    """Whether the words ``whole`` are the words ``head`` and more."""
    return 0 < len(head) < len(whole) and whole[: len(head)] == head


MISREAD = frozenset({"denied"})
"""Readings the model got wrong: an answer the text denies, so it says another."""


def _misread_stating(
    item: AnswerItem,
    organization: Organization,
    readings: Mapping[str, ContextReading],
    texts: Mapping[str, str],
    question: str,
) -> list[str]:
    """Contexts left out because the model misread them, whose text states ``item``'s answer.

    "The bridge actually opened in 1934, not in 1932", read as "1932" (which it denies), is
    left out; it is cited for 1934 where another context's reading shows 1934.
    """
    return [
        c
        for c in organization.dropped
        if c not in item.citations
        and c in texts
        and (reading := readings.get(c)) is not None
        and reading.status in MISREAD
        and states(texts[c], item.answer, question)
    ]


ADJUNCTS = frozenset("in on at since during from until after before around circa".split())
"""Words that open a phrase added to an answer's head ("Mara Quist in 1911")."""


_LABELLED = re.compile(r"^[A-Z]{2,}\s+(?=\S)")


def _reads_alike(answer: str, reading: ContextReading | None, text: str, question: str) -> bool:
    """Whether a copy was read as ``answer`` in its own words, and its text states them.

    "600 requests/minute" for "600 requests per minute": the same words, a slash for "per".
    """
    if reading is None or reading.status != "answers":
        return False
    return any(
        _per_words(given) == _per_words(answer) and states(text, given, question)
        for given in reading.answers
    )


def _per_words(answer: str) -> list[str]:
    return words(_PER.sub(" per ", answer))


_PER = re.compile(r"(?<=[^\W\d_])\s*/\s*(?=[^\W\d_])")
"""A slash between words, read as "per": "requests/minute", "km/h"."""


def _head_of(answer: str, reading: ContextReading | None) -> str | None:
    """The answer a copy's ``reading`` gives, where ``answer`` is it and a trailing phrase.

    "Mara Quist" for "Mara Quist in 1911"; not "Davis" for "Miles Davis", nor "Bank" for
    "Bank of America". Without an aside in brackets after it and a capital label before it:
    "/v2/invoices" for "GET /v2/invoices (paginated)". For a number and what it counts, the
    number: "14,500" for "14,500 spectators" and a copy read as "14,500 people". A name the
    copy gives, then a clause: "Tomás Reyes" for "Tomás Reyes took it over in May." (the caller
    checks that every cited text states it).
    """
    if reading is None or reading.status != "answers" or not reading.answers:
        return None
    given = reading.answers[0]
    head, whole = words(given), words(answer)
    if _opens_with(whole, head):
        if whole[len(head)] in ADJUNCTS or _named_then_clause(answer, head):
            return given
        return None
    if head and words(_LABELLED.sub("", CLOSING_ASIDE.sub("", answer))) == head:
        return given  # "/v2/invoices" for "GET /v2/invoices (paginated)"
    number = counted_number(answer)  # "14,500" for "14,500 spectators" and "14,500 people"
    return number if number and same_answer(number, given) else None


def _named_then_clause(answer: str, head: list[str]) -> bool:
    """Whether ``answer`` opens with ``head`` as a name, then a clause.

    The name is two to four capitalised words; the clause goes on in lower case with a word
    that is no small word: "Tomás Reyes took it over", not "Bank of America".
    """
    tokens = answer.split()
    for k in range(2, min(4, len(tokens) - 1) + 1):
        if not all(t[:1].isupper() for t in tokens[:k]) or words(" ".join(tokens[:k])) != head:
            continue
        after = tokens[k]
        return after[:1].islower() and not set(words(after)) & FUNCTION_WORDS
    return False


def segments_stating(
    item: AnswerItem, readings: Mapping[str, ContextReading]
) -> dict[str, tuple[int, int]]:
    """For each cited context read segment by segment: the segment that states the answer."""
    spans: dict[str, tuple[int, int]] = {}
    for cited in item.citations:
        reading = readings.get(cited)
        if reading is None or not reading.spans:
            continue
        at = next((n for n, a in enumerate(reading.answers) if same_answer(a, item.answer)), None)
        if at is not None:
            spans[cited] = reading.spans[at]
    return spans


def failure_note(answer: Answer) -> str:
    """What the reader must know when the model failed: how often, and what it cost."""
    if not answer.failed_calls:
        return ""
    calls = f"{answer.failed_calls} of {answer.model_calls} model calls gave no usable reply"
    if answer.failed:
        return f"The model failed: {calls}, so nothing could be answered."
    return f"Note: {calls}; the answer may be incomplete."


def render(
    answers: list[AnswerItem], rejected: list[AnswerItem] | None = None, failures: str = ""
) -> str:
    """The answer as text: one sentence per answer, then one per rejected answer.

    "According to [a][b], the answer is X (about Y)."; a rejected answer says why it was left
    out; ``failures`` (model calls that failed) comes first when nothing was answered, last
    otherwise.
    """
    if not answers and failures:
        lines = [failures]
    else:
        lines = [OUT_OF_SCOPE] if not answers else []
    for item in answers:
        doubt = _doubt(item)
        if item.quote:
            lines.append(f'According to {_sources(item)}: "{_said(item)}"{doubt}.')
        else:
            lines.append(f"According to {_sources(item)}, the answer is {_said(item)}{doubt}.")
    for item in rejected or []:
        lines.append(f"Left out: {_said(item)} ({_sources(item)}), {_why_left_out(item)}.")
    if answers and failures:
        lines.append(failures)
    return "\n".join(lines)


def _why_left_out(item: AnswerItem) -> str:
    """Why a rejected answer was left out, as the end of its sentence."""
    if item.outdated:
        marked = f'from pages marked out of date ("{item.outdated}")'
        return f"{marked}; pages not so marked say {item.rival}"
    return f"which more independent sources about the same thing contradict ({item.rival})"


def _doubt(item: AnswerItem) -> str:
    """Why a disputed answer is in doubt, as the end of its sentence ("" when it is not)."""
    if not item.disputed:
        return ""
    if item.outdated:
        marks = "marks itself" if len(item.citations) == 1 else "mark themselves"
        return (
            f', but {_sources(item)} {marks} out of date ("{item.outdated}"), and a source '
            f"not so marked says {item.rival}"
        )
    if item.copy_of:
        copies = "".join(f"[{c}]" for c in item.copy_of)
        near = "is a near-copy" if len(item.citations) == 1 else "are near-copies"
        return (
            f", but {_sources(item)} {near} of {copies}, which says {item.rival}, as more "
            "independent sources do"
        )
    return f", but more independent sources about it say {item.rival}"


def _sources(item: AnswerItem) -> str:
    return "".join(
        f"[{c}, characters {item.spans[c][0]}-{item.spans[c][1]}]" if c in item.spans else f"[{c}]"
        for c in item.citations
    )


def _said(item: AnswerItem) -> str:
    return f"{item.answer} ({item.about})" if item.about else item.answer
