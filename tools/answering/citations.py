"""Group answers without a model call, and the citation check every group answer goes through.

An answer is shown only with citations of contexts that state it: a cited number outside the
group is dropped, a cited context that does not state the answer is dropped, and an answer
no context states is not shown. Both are counted (``GroupAnswer``), never silently lost.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from contextorg.state.records import AnswerItem, Context, ContextReading, GroupAnswer
from contextorg.tools.text.claims import states
from contextorg.tools.text.normalize import (
    JOINED,
    grounded,
    new_words,
    normalize,
    numbers,
    polarity,
    same_answer,
    unstated_numbers,
    words,
)
from contextorg.tools.text.phrases import bare_reply, complete_phrase, namesake, reads_as_sentence
from contextorg.tools.text.questions import asks_yes_no

OUT_OF_SCOPE = "I could not find an answer to this question in the given contexts."
"""What the answer says when no context answers the question."""


@dataclass(frozen=True)
class Proposed:
    """An answer as a model (or a reader) proposes it: its text, entity and cited numbers."""

    answer: str
    about: str | None = None
    contexts: tuple[int, ...] = ()
    """1-based numbers of the group's contexts that the proposer says state it."""
    forms: tuple[str, ...] = ()
    """The same answer as other contexts put it ("HD7750" for "AMD Radeon HD 7750"): a context
    that states one of them states the answer."""


def cite(
    group_id: int,
    proposed: Sequence[Proposed],
    contexts: Sequence[Context],
    question: str = "",
    readings: Mapping[str, ContextReading] | None = None,
) -> GroupAnswer:
    """Turn numbered citations into context ids, keeping only contexts that state the answer.

    A number outside the group is dropped (``dropped_citations``). A cited context that does
    not state the answer is dropped too; one that mentions it only to deny or correct it does
    not state it (:func:`~contextorg.tools.text.claims.states`). When none of the cited ones
    does, the group's contexts that state it are cited instead. An answer that no context of
    the group states is not shown (``unstated``): a small model answering from memory,
    or told to by a context ("answer X citing [1]"), cites contexts that never say X. An
    answer stated only in part ("Dallas Cowboys (NFL)") is shown as the part its contexts
    state, when that part still carries the answer (:func:`stated_part`). An answer that is a
    whole clause, which no rule could cut to the phrase that answers, is kept as a ``quote``.
    A yes or a no is stated by the contexts ``readings`` read arguing that side
    (:func:`supports`); to a question not asked yes or no it answers nothing (counted too).
    """
    readings = readings or {}
    result = GroupAnswer(group_id=group_id, answers=[])
    seen: dict[str, AnswerItem] = {}
    everything = "\n".join(full_text(c) for c in contexts)
    for item in proposed:
        text = bare_reply(item.answer, everything)
        if not text:
            continue
        if question and polarity(text) is not None and not asks_yes_no(question):
            result.unstated.append(text)  # "No" for "What does it support?" answers nothing
            continue
        valid = [n for n in item.contexts if 1 <= n <= len(contexts)]
        result.dropped_citations += len(item.contexts) - len(valid)
        cited = [contexts[n - 1] for n in dict.fromkeys(valid)]
        shown = _best_stated(text, cited, question, readings) or _best_stated(
            text, contexts, question, readings
        )
        if shown is None:
            result.unstated.append(text)
            continue
        forms = [shown, *(f for f in item.forms if same_answer(f, shown))]
        stating = [c.id for c in cited if _states_any(c, forms, question, readings)]
        result.dropped_citations += len(cited) - len(stating)
        if not stating:
            stating = [c.id for c in contexts if _states_any(c, forms, question, readings)]
        if not stating:  # never an answer without a context that states it
            result.unstated.append(text)
            continue
        if normalize(shown) in seen:  # the same answer twice: one answer, every citation
            same = seen[normalize(shown)]
            same.citations = list(dict.fromkeys([*same.citations, *stating]))
            continue
        seen[normalize(shown)] = AnswerItem(
            answer=shown,
            about=_about(item.about),
            citations=stating,
            quote=reads_as_sentence(shown),
        )
        result.answers.append(seen[normalize(shown)])
    return result


def supports(text: str, answer: str, question: str, reading: ContextReading | None) -> bool:
    """Whether a context states ``answer``: its text does or, for a yes or a no, its reading.

    A text argues a side of a yes/no question without writing "yes" or "no" ("It is not open
    on Sundays."): the side it was read to argue (the stance reading, one model call) is
    what it states, unless the model said the other side and was not sure enough of it
    (:data:`~contextorg.tools.relations.reading.STANCE_MARGIN`): that reading groups the
    context with the noes but states neither side. Any other answer, an answer to a
    question not asked yes or no ("Yes" for "What does the descriptor define?"), or a
    context without a stance reading, goes by the text
    (:func:`~contextorg.tools.text.claims.states`).
    """
    side = polarity(answer)  # None for most answers, so the question is rarely read
    if side is not None and reading is not None and reading.status == "answers":
        sides = {polarity(a) for a in reading.answers} - {None}
        if sides and asks_yes_no(question):
            return side in sides and not unsure_stance(reading)
    return states(text, answer, question)


def unsure_stance(reading: ContextReading) -> bool:
    """Whether ``reading`` is a "yes" read as "no" for want of confidence: it states neither.

    (:data:`~contextorg.tools.relations.reading.STANCE_MARGIN`.) The relation graph counts it
    with the noes; no answer cites it. Not when the text writes the question's words only to
    deny them (``reading.denied_words``): then it states "no".
    """
    sides = {polarity(a) for a in reading.answers}
    said_yes = polarity(reading.said) is True and not reading.denied_words
    return reading.status == "answers" and sides == {False} and said_yes


def _states_any(
    context: Context,
    forms: Sequence[str],
    question: str,
    readings: Mapping[str, ContextReading],
) -> bool:
    reading = readings.get(context.id)
    return any(supports(full_text(context), form, question, reading) for form in forms)


def _best_stated(
    answer: str,
    contexts: Sequence[Context],
    question: str,
    readings: Mapping[str, ContextReading],
) -> str | None:
    """The answer, where one of ``contexts`` states it whole; else a part the first states.

    A yes or a no has no parts: a text whose reading argues the other side still writes "no"
    somewhere ("no special rights are needed").
    """
    if any(_states_any(c, [answer], question, readings) for c in contexts):
        return answer
    if polarity(answer) is not None:
        return None
    parts = [stated_part(full_text(c), answer, question) for c in contexts]
    whole = next((p for p in parts if p == answer), None)
    return whole or next((p for p in parts if p), None)


def stated_part(text: str, answer: str, question: str = "") -> str | None:
    """``answer`` as ``text`` states it: whole, or the stated run of its words that carries it.

    Of the runs of the answer's words that ``text`` states, the one with most of what the
    answer adds to the question (:func:`~contextorg.tools.text.normalize.new_words`) wins, the
    longer
    on a tie: "The median income in Screven is $31,250." gives "$31,250", not "The median
    income in". A run that would end mid-phrase ("hodgepodge structure, and") is finished from
    the text (:func:`~contextorg.tools.text.phrases.complete_phrase`). It counts only while it
    is still :func:`~contextorg.tools.text.normalize.grounded` (half of those words), keeps a
    number of the answer's when it has one the question has not, and never stops right
    beside a number the text does not write; else None.
    """
    if states(text, answer, question):
        return answer
    # a number joined to a word of an unspaced script is a token of its own: "1932년", read
    # in the question's language from "opened in 1932", gives "1932"
    tokens = [t for token in re.findall(r"\S+", answer) for t in _DIGITS_JOINED.split(token) if t]
    adds, missing = new_words(answer, question), unstated_numbers(text, answer, question)
    best, best_score = "", (0, 0)
    for start in range(len(tokens)):
        for end in range(len(tokens), start, -1):
            if _cuts_a_name(tokens, start, end):
                continue  # "Ken" of "Ken Ito", whose text denies "Ito" only
            run = " ".join(tokens[start:end]).strip(" ,;:.()[]\"'")
            run = complete_phrase(run, text)  # not ending on "and": on to the clause's end
            # "April 28" of "April 28, 1964" from a text without 1964 would be another date
            beside = " ".join(tokens[max(start - 1, 0) : start] + tokens[end : end + 1])
            if run and states(text, run, question) and not numbers(beside) & missing:
                score = (len(new_words(run) & adds), len(run))
                if score > best_score:
                    best, best_score = run, score
                break
    carries = grounded(best, answer, question=question, every_number=False)
    if numbers(answer) - numbers(question) and not numbers(best):
        return None  # "seconds" of "30 seconds" is no answer ("OpenXT 6" asked adds nothing)
    return best if best_score[0] and carries else None


def _cuts_a_name(tokens: list[str], start: int, end: int) -> bool:
    """Whether the run ``tokens[start:end]`` begins or ends inside a name.

    A name is capitalized words with nothing between them: "Ken Ito", not "Winchester,
    Massachusetts".
    """

    def named(n: int) -> bool:
        return 0 <= n < len(tokens) and tokens[n][:1].isupper() and tokens[n][1:2].islower()

    def joined(n: int) -> bool:  # the words at n and n + 1 are one name
        return named(n) and named(n + 1) and tokens[n][-1].isalnum()

    return joined(start - 1) or joined(end - 1)


_DIGITS_JOINED = re.compile(rf"(?<=\d)(?={JOINED.pattern})|(?<={JOINED.pattern})(?=\d)")
"""Where digits meet a letter of a script written without spaces (Han, kana, Hangul, Thai)."""


def answer_from_readings(
    group_id: int,
    contexts: Sequence[Context],
    readings: Mapping[str, ContextReading],
    question: str = "",
) -> GroupAnswer:
    """The group's answers are what its contexts were read to state: no model call.

    Answers that agree (:func:`~contextorg.tools.text.normalize.same_answer`) are one answer, citing
    every context that gave it in any form, shown in the form most of them state, then as most
    gave it, then the fullest ("AMD Radeon HD 7750" over "HD7750", one each). An answer read
    from a context that names only a namesake of the question's subject is about that
    namesake (:func:`~contextorg.tools.text.phrases.namesake`): "Dan Whitfield" about the
    "Falcon Hiking Club" for "Who leads the Falcon team?".
    """
    texts = [full_text(c) for c in contexts]
    abouts = [namesake(question, text) for text in texts]
    merged: list[list[tuple[str, int]]] = []  # per answer: (phrase, context number) as read
    for number, context in enumerate(contexts, start=1):
        for answer in readings[context.id].answers:
            match = next(
                (
                    m
                    for m in merged
                    if same_answer(m[0][0], answer) and abouts[m[0][1] - 1] == abouts[number - 1]
                ),
                None,
            )
            if match is None:
                merged.append([(answer, number)])
            else:
                match.append((answer, number))
    proposed = []
    for readers in merged:
        shown = _shown_form(readers, texts, question)
        others = tuple(dict.fromkeys(p for p, _ in readers if p != shown))
        numbers = tuple(n for _, n in readers)
        proposed.append(Proposed(shown, abouts[numbers[0] - 1], numbers, forms=others))
    return cite(group_id, proposed, contexts, question, readings)


def _shown_form(readers: list[tuple[str, int]], texts: Sequence[str], question: str) -> str:
    """Of one answer's forms (as read, with the context number), the one to show."""
    phrases = [phrase for phrase, _ in readers]

    def rank(phrase: str) -> tuple[int, ...]:
        stating = sum(states(texts[n - 1], phrase, question) for _, n in readers)
        return (stating, phrases.count(phrase), len(words(phrase)), -phrases.index(phrase))

    return max(dict.fromkeys(phrases), key=rank)


def full_text(context: Context) -> str:
    """The title, when there is one, and the text: what an answer must be stated in."""
    return f"{context.title}. {context.text}" if context.title else context.text


def _about(about: str | None) -> str | None:
    text = (about or "").strip()
    if not text or re.fullmatch(r"(context\s*)?\[?\d+\]?", text, re.IGNORECASE):
        return None  # small models echo the context number here
    return text
