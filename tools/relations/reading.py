"""Reading one context for the question: its answers, or its yes/no stance, grounded in its text."""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Sequence
from itertools import islice
from types import ModuleType

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage

from contextorg.prompts import (
    answer_reading,
    extract_reading,
    stance_reading,
    tag,
    translate_question,
)
from contextorg.prompts._render import render_contexts
from contextorg.state.records import Context, ContextReading
from contextorg.tools.answering.citations import full_text
from contextorg.tools.models.calls import Meter, call_structured, call_structured_raw
from contextorg.tools.models.resolve import token_counter
from contextorg.tools.models.structured import JsonSchemaChatModel
from contextorg.tools.relations.base import reading_room, shown_to
from contextorg.tools.relations.segments import read_segments
from contextorg.tools.text.claims import (
    NOW,
    PRESENT_LABELS,
    a_year,
    another_time,
    changed_to,
    denies,
    sentences,
    states,
    writes,
)
from contextorg.tools.text.language import common_language, language, language_name
from contextorg.tools.text.normalize import (
    FUNCTION_WORDS,
    ascii_digits,
    grounded,
    polarity,
    same_answer,
    words,
)
from contextorg.tools.text.phrases import (
    CLOSING_ASIDE,
    address_phrase,
    another_row,
    answer_phrase,
    bare_date,
    bare_reply,
    code_phrase,
    complete_phrase,
    copied_date,
    date_of_day,
    date_phrase,
    dated,
    handle_spelling,
    headed,
    inline_code,
    named_in_code_only,
    names,
    names_no_one,
    placeholder,
    restates,
    said_elsewhere,
    says_nothing_asked,
    speaks_of_another,
    speaks_of_nothing_asked,
    stems,
    unasked_row,
    unoffered,
    untimely,
    written_date,
)
from contextorg.tools.text.questions import asks_yes_no
from contextorg.tools.text.tables import replaced_cell, table_cell
from contextorg.tools.text.variants import HAN, in_text_spelling

logger = logging.getLogger("contextorg")

STANCE_MARGIN = 1.25
"""Log-odds (nats) by which "yes" must beat "no" for a text to be read as arguing yes.

Small models lean to "yes" whichever way a text argues; where the model reports token
logprobs, a "yes" it was not this sure of is read as "no". Chosen on the development split
of benchmarks/relation_data.py (the 1.5B model on 100 ConflictQA questions, over 0-2.5 nats;
pairs read right rose from 0.58 to 0.71), never on the held-out split. It is this model's
bias: a model sure of its readings (log-odds far beyond it) is unaffected, and another small
model may need it chosen again.
"""


STANCE_ALTERNATIVES = 5
"""How many alternatives of each reply token to ask for (``top_logprobs``)."""


def read_stance(context: Context, question: str, model: BaseChatModel, meter: Meter) -> str | None:
    """The side ``context`` argues on the yes/no ``question``: "yes", "no", or None (neither).

    :func:`read_stance_reading`, as the side alone.
    """
    return first(read_stance_reading(context, question, model, meter))


def read_stance_reading(
    context: Context, question: str, model: BaseChatModel, meter: Meter
) -> ContextReading:
    """The side ``context`` argues on the yes/no ``question``, as a reading.

    One call. A "yes" by less than :data:`STANCE_MARGIN` (from the reply's logprobs, when
    :func:`reports_logprobs` says the model gives them) is read as "no".
    """
    [shown] = shown_to(model, question, [context])
    messages = stance_reading.TEMPLATE.format_messages(
        contexts=render_contexts([shown]), question=question
    )
    clipped = shown.text != context.text
    options = (
        {"logprobs": True, "top_logprobs": STANCE_ALTERNATIVES} if reports_logprobs(model) else {}
    )
    out, message = call_structured_raw(
        model, stance_reading.StanceReading, messages, meter, prompt=tag(stance_reading), **options
    )
    if out is None:
        return ContextReading(status="failed", clipped=clipped)
    if not out.answers_question:
        return ContextReading(status="silent", said=out.answer, clipped=clipped)
    side, denied = out.answer, []
    lean = yes_lean(message)
    if out.answer == "yes" and lean is not None and lean < STANCE_MARGIN:
        logger.debug("stance of %s: yes by %.2f nats, under the margin: no", context.id, lean)
        side, denied = "no", denied_asked(full_text(shown), question)
    return ContextReading(
        status="answers", answers=[side], said=out.answer, denied_words=denied, clipped=clipped
    )


def denied_asked(text: str, question: str) -> list[str]:
    """The words of a yes/no question that ``text`` writes only to deny them, if any.

    "Le musée n'accepte pas les chiens." denies "accepte" and "chiens" of "Le musée
    accepte-t-il les chiens ?", and "Музей не принимает собак." every word of "Принимает ли
    музей собак?", and "本馆周日不开放。" those of "本馆周日开放吗？". Content words of three
    letters or more (two Han characters), not the question's names (its subject), that the
    text writes, denies (:func:`~contextorg.tools.text.claims.denies`) and never states;
    none when it states any of them ("n'accepte pas les chats, mais les chiens sont les
    bienvenus", "本馆周日照常开放。"). Read only where the model leaned to "yes" too little to
    tell: a text that denies what the question asks argues no. Of 160 texts of ConflictQA's
    development split that write some word of the question only to deny it, the 1.5B model
    read 34 "yes" too unsure to tell; 32 argue no, and the 3 this takes (every word denied)
    all do.
    """
    named = {w for name in names(question) for w in words(name)}
    written = set(words(text))
    asked = [
        w
        for w in dict.fromkeys(words(question))
        if len(w) >= (2 if HAN.match(w) else 3)  # "开放": Chinese words are two characters
        and w not in FUNCTION_WORDS
        and w not in named
        and w in written
    ]
    denied = [w for w in asked if denies(text, w, question) and not states(text, w, question)]
    return denied if denied == asked else []


def reports_logprobs(model: BaseChatModel) -> bool:
    """Whether ``model`` takes ``logprobs=True``: ours do, and models with that field (OpenAI's)."""
    return isinstance(model, JsonSchemaChatModel) or "logprobs" in type(model).model_fields


def yes_lean(message: AIMessage | None) -> float | None:
    """How much likelier "yes" was than "no" (log-odds) where the reply first says either.

    Read from the token logprobs in ``response_metadata["logprobs"]["content"]`` (OpenAI's
    shape); None when there are none, or the reply says neither. A side missing from the
    token's listed alternatives counts as likely as the least likely one listed: a bound.
    """
    content = (message.response_metadata.get("logprobs") or {}).get("content") if message else None
    for token in content or []:
        if _bare(token.get("token")) not in ("yes", "no"):
            continue
        alternatives: dict[str, float] = {}
        for alternative in token.get("top_logprobs") or [token]:
            word, logprob = _bare(alternative.get("token")), float(alternative["logprob"])
            alternatives[word] = max(alternatives.get(word, -math.inf), logprob)
        floor = min(alternatives.values())
        return alternatives.get("yes", floor) - alternatives.get("no", floor)
    return None


def _bare(token: object) -> str:
    return str(token or "").strip().strip('"').strip().lower()


def question_in_their_language(
    question: str, contexts: Sequence[Context], model: BaseChatModel, meter: Meter
) -> str:
    """``question`` in the language the contexts are written in, when it is asked in another.

    One call, only when the question and every context clear about its language are each in
    one language, and not the same
    (:func:`~contextorg.tools.text.language.common_language`). Asked in German of English
    pages, the 1.5B model answers in German whatever the prompt says, in words the page never
    states, so no answer is grounded; asked in English, it copies the page's words. Mixed
    contexts keep the question as asked; so does a failed call, and a translation of a yes/no
    question that asks something else: "Is the library open on Sunday?" put into Hindi came
    back as "On which wall is the school opened?". Texts in Han characters alone, without
    kana, are not put to a Japanese question in Chinese: a label such as "担当者：朴麗娜" may
    be Japanese, and both languages read its characters alike.
    """
    asked, written = language(question), common_language(c.text for c in contexts)
    if asked is None or written is None or asked == written:
        return question
    if {asked, written} == {"zh", "ja"} and not any(_KANA.search(c.text) for c in contexts):
        return question  # "担当者：朴麗娜" may be Japanese: Han characters are read alike in both
    messages = translate_question.TEMPLATE.format_messages(
        language=language_name(written), question=question
    )
    out = call_structured(
        model,
        translate_question.TranslatedQuestion,
        messages,
        meter,
        prompt=tag(translate_question),
    )
    translated = out.question.strip() if out is not None else ""
    if translated and asks_yes_no(question) and not asks_yes_no(translated):
        logger.info("the question is read as asked: its translation asks no yes or no")
        return question
    if translated:
        logger.info("the question is read in %s: %s", language_name(written), translated)
    return translated or question


def read_answer(
    prompt: ModuleType,
    schema: type[answer_reading.AnswerReading | extract_reading.ExtractedReading],
    context: Context,
    question: str,
    model: BaseChatModel,
    meter: Meter,
    at_once: int = 1,
) -> ContextReading:
    """One context read with an answer ``prompt`` (``answer_reading``, ``extract_reading``).

    The text decides, not the model's yes or no. The 1.5B model says that most off-topic
    texts answer, with an answer from memory, so an answer counts only when it is
    :func:`~contextorg.tools.text.normalize.grounded` in the text (on RAMDocs development questions,
    relevance recall rose from 0.61 to 0.89 with it); otherwise the reading is
    ``ungrounded``. It also often says a text does not answer and then writes the answer the
    text gives ("SFJ refers to StarFlyer."): such an answer counts too, unless it reads as a
    refusal ("The text does not say"). An answer the text mentions only to deny or correct
    it ("not in 1932 as many guides claim") is ``denied``: the text does not give it; it is
    read once more, and failing that gives the one other figure the denial states
    (:func:`corrected_to`). A reply that restates the question around its answer is cut to
    the answer (:func:`~contextorg.tools.text.phrases.answer_phrase`), and one that stops
    mid-phrase is finished from the text or cut back to a whole phrase
    (:func:`~contextorg.tools.text.phrases.complete_phrase`); one that only names the question's
    subject ("Harbor project"), or is a clause from a text that never names the subject, is no
    answer (``silent``).

    A text longer than the model's window is read segment by segment
    (:func:`~contextorg.tools.relations.segments.read_segments`), each segment this way,
    ``at_once`` of them at the same time.
    """

    def read(piece: Context) -> ContextReading:
        return _read_answer(prompt, schema, piece, question, model, meter)

    room, count = reading_room(model, question), token_counter(model)
    return read_segments(context, question, room, count, read, at_once) or read(context)


def _echoes_as_yes_no(reply: str, question: str) -> bool:
    """Whether a reply asks yes or no where the question asks what or when.

    The model wrote its answer into the question's words: "1932년에 개통했습니까?" for "언제
    개통했습니까?".
    """
    return reply.endswith(("?", "？")) and asks_yes_no(reply) and not asks_yes_no(question)


def segments_at_once(model: BaseChatModel, contexts: int, max_concurrency: int) -> int:
    """How many segments of one long context to read at the same time.

    The calls in flight stay within ``max_concurrency`` with ``contexts`` read side by side.
    A model run in this process reads one prompt at a time: its calls would only queue, and
    a call's deadline would run out while it waits.
    """
    if getattr(model, "runs_in_process", False):
        return 1
    return max(1, max_concurrency // max(contexts, 1))


def _read_answer(
    prompt: ModuleType,
    schema: type[answer_reading.AnswerReading | extract_reading.ExtractedReading],
    context: Context,
    question: str,
    model: BaseChatModel,
    meter: Meter,
    again: str | None = None,
) -> ContextReading:
    if (
        another_row(context.text, question, context.title)
        or unasked_row(context.text, question, context.title)
        or speaks_of_nothing_asked(question, context.text, context.title)
    ):
        return ContextReading(status="silent")  # the ledger's row, for the refunds service
    [shown] = shown_to(model, question, [context])
    messages = prompt.TEMPLATE.format_messages(
        contexts=render_contexts([shown]), question=again or question
    )
    out = call_structured(model, schema, messages, meter, prompt=tag(prompt))
    clipped = shown.text != context.text
    if out is None:
        return ContextReading(status="failed", clipped=clipped)
    text = full_text(shown)
    reply = in_text_spelling((out.answer or "").strip(), text)  # "朴丽娜" of "朴麗娜"
    reply = handle_spelling(reply, text)  # "Priya Nair" of "owner: priya.nair"
    if _echoes_as_yes_no(reply, question):
        reply = reply[:-1]  # "1932년에 개통했습니까?": the question asked back around its answer
    said = _the_clause_stated(_the_sentence_stated(reply, text, question), text, question)
    phrase = answer_phrase(bare_reply(said, text), question)
    phrase = address_phrase(code_phrase(phrase, text, question), text, question)
    phrase = date_phrase(phrase, question)
    if len(words(named := _UNCLOSED.sub("", phrase))) <= SHORT_PHRASE:  # "Lena Park (since May"
        phrase = named  # not the open aside a short phrase stops in
    # the grammar closed the reply at its length limit, and the phrase is where it stopped
    cut = len(reply) >= _longest(schema) and said.endswith(phrase.rstrip(" .,;:!?\"'()"))
    answer = dated(headed(complete_phrase(phrase, text, cut=cut), text), text, question)
    answer = written_date(answer, text)  # "9 June 2026", read as "June 9, 2026"
    cell = table_cell(text, question)
    if cell and not same_answer(answer, cell[0]) and any(same_answer(answer, c) for c in cell[1]):
        answer = cell[0]  # "Ana Ruiz", week 10's, for "Who is the primary on-call in week 11?"
    reading = ContextReading(
        status="answers",
        answers=[answer],
        said=reply or None,
        descriptor=getattr(out, "descriptor", None) or None,
        clipped=clipped,
    )
    asked = unoffered(question, answer)  # "Windows" picks one of "Windows or Linux?"
    if answer and denies(said, answer, asked):
        # "$12 per month (was $10 until June)" states what is before its aside; "The book is
        # not created by Chris Rogers." states nothing
        # "Room 3 → Room 5" states what it changes to
        head = CLOSING_ASIDE.sub("", answer) if CLOSING_ASIDE.search(answer) else changed_to(answer)
        # "Priya Nair (until June 2025), Omar Haddad (since July 2025)": the one item it states
        items = _stated_items(said, answer, asked) or _stated_sentences(said, text, answer, asked)
        alone = items[0] if len(items) == 1 else ""
        whole, answer = answer, head if head != answer and states(said, head, asked) else alone
        if not answer and _FIGURE.search(ascii_digits(whole)):
            # "1600年に建てられたと言われているが、実際には1615年に完成した。": the one figure
            # the reply states in place of the one it gives up
            answer = corrected_to(said, whole, asked) or ""
        reading = reading.model_copy(update={"answers": [answer] if answer else []})
    if (
        not answer
        or (not out.answers_question and REFUSALS & set(words(answer)))
        # "Yes" for "ຂົວໂຄວາເລເປີດໃນປີໃດ?" (in which year?): not what is asked (asked
        # again, the model behind llama.cpp's server said "Yes" once more)
        or (polarity(answer) is not None and not asks_yes_no(question))
        or (restates(answer, asked) and not inline_code(answer, text))
        or speaks_of_another(answer, question, text)
        or says_nothing_asked(answer, question)
        or named_in_code_only(answer, question, text)
        or placeholder(answer)
        or names_no_one(answer, question)
    ):
        return reading.model_copy(update={"status": "silent", "answers": []})
    if not grounded(text, answer, question=asked):
        return reading.model_copy(update={"status": "ungrounded", "answers": []})
    if untimely(answer, question):  # "Jerusalem" for "When was Porush born?"
        return reading.model_copy(update={"status": "silent", "answers": []})
    if another_time(text, answer, question):
        # "Maya Lund", who chaired the board "from 2014 to 2017", for "Who chaired it in
        # 2019?": read once more, told the years; kept only when it answers for them
        silent = reading.model_copy(update={"status": "silent", "answers": []})
        if again is not None:
            return silent
        asking = ANOTHER_TIME.format(question=question, said=answer)
        other = _read_answer(prompt, schema, context, question, model, meter, again=asking)
        if other.status == "answers" and not any(
            same_answer(a, answer) or another_time(text, a, question) for a in other.answers
        ):
            return other
        return silent
    if again is None and said_elsewhere(answer, asked, text):
        # "Created by Ross Philipson" two paragraphs after "The Wilderness Years ... written by
        # Sue Townsend": read once more, told to leave that aside; kept when nothing else comes
        asking = ELSEWHERE.format(question=question, said=answer)
        other = _read_answer(prompt, schema, context, question, model, meter, again=asking)
        if other.status == "answers" and not any(
            same_answer(a, answer) or said_elsewhere(a, asked, text) for a in other.answers
        ):
            return other
    if items := _joined_items(text, answer, asked):  # "Ana Costa and Ben Adler"
        return reading.model_copy(update={"answers": items})
    if denies(text, answer, asked) or _figures_denied(text, answer, asked):
        if stated := _stated_items(text, answer, asked):  # "Ken Ito; Raj Patel; Mia Chen"
            return reading.model_copy(update={"answers": stated})
        denied = reading.model_copy(update={"status": "denied", "answers": []})
        if (later := replaced_cell(text, answer, asked)) and states(text, later, asked):
            return reading.model_copy(update={"answers": [later]})  # a later row of the table
        if again is not None:
            return denied
        # the model read what the text corrects ("three moons, it was once believed; the
        # survey found five"): read once more, told to leave that aside
        asking = REREAD.format(question=question, said=answer)
        other = _read_answer(prompt, schema, context, question, model, meter, again=asking)
        if other.status == "answers" and not any(same_answer(a, answer) for a in other.answers):
            return other
        if own := corrected_to(text, answer, asked):  # "not in 1932 but in 1934"
            own = bare_date(own, question)  # "تأسست عام 1896" is "1896"
            return reading.model_copy(update={"answers": [dated(own, text, question)]})
        return denied
    date = bare_date(answer, question)  # "vuonna 1934" is "1934"
    if date != answer or (date := copied_date(answer, text, question)) != answer:
        return reading.model_copy(update={"answers": [dated(date, text, question)]})
    return reading


def _the_sentence_stated(said: str, text: str, question: str) -> str:
    """Of a reply of several sentences, the one sentence whose answer its text states.

    The 1.5B model sometimes replies with its text whole: "Ken Ito was the Harbor build owner
    until he left in 2024. Lena Park owns it now." The sentence whose phrase the text states
    (not one it gives up: "until he left in 2024"), among those that speak of what is asked,
    is the reply; when none or several are, the reply stays whole.
    """
    parts = _SENTENCE_END.split(said)
    if len(parts) < 2:
        return said
    asked = stems(question)
    stated = [
        part
        for part in parts
        if stems(part) & asked  # about what is asked: not "The board has not chosen anyone."
        and (phrase := answer_phrase(bare_reply(part, text), question))
        and not restates(phrase, question)
        and states(text, phrase, question)
    ]
    return stated[0] if len(stated) == 1 else said


def _the_clause_stated(said: str, text: str, question: str) -> str:
    """Of a reply of clauses between semicolons, the one clause its text does not give up.

    "nightly at 02:00 UTC; the rebuild used to run at 04:00 until January." from a page that
    writes both, for "When is the search index rebuilt?", is "nightly at 02:00 UTC": the text
    gives up the other clause (or every figure of it). When none or several are left, the
    reply stays whole.
    """
    parts = [p.strip() for p in said.split(";") if p.strip(" .")]
    if len(parts) < 2:
        return said
    kept = [
        part
        for part in parts
        if not (denies(text, part, question) or _figures_denied(text, part, question))
    ]
    return kept[0] if len(kept) == 1 else said


_SENTENCE_END = re.compile(r"(?<=\w\w[.!?])\s+(?=\S)|(?<=[。！？])(?=\S)")
"""Where a reply's sentence ends: a stop after two letters or more, so not after an initial
("William F. Walsh", "723 W. Beebe"), or a stop of Chinese or Japanese."""

_KANA = re.compile("[\u3040-\u30ff]")
"""Hiragana and katakana: what Japanese prose always holds, and Chinese never does."""

REREAD = '{question} (Not "{said}": the text gives that up. What does the text itself say?)'
"""The question as it is asked again of a text read as giving what it denies."""

ANOTHER_TIME = '{question} (Not "{said}": the text gives other years for that.)'
"""The question as it is asked again of a text read for someone it places in other years."""

ELSEWHERE = (
    '{question} (Not "{said}": the text says that of something else. What does it say about'
    " what the question asks?)"
)
"""The question as it is asked again of a text read in a paragraph that is not about its subject."""


def _figures_denied(text: str, answer: str, question: str) -> bool:
    """Whether ``text`` denies every figure of ``answer``, however it writes the rest.

    "30 seconds" from "defaults to a 30-second timeout, but production runs it with a
    120-second timeout": the text never writes "30 seconds", so does not deny it whole.
    """
    figures = _FIGURE.findall(ascii_digits(answer))
    return bool(figures) and all(denies(text, f, question) for f in figures)


def corrected_to(text: str, answer: str, question: str) -> str | None:
    """The figure a text that denies ``answer`` states in its place, if it states just one.

    "Daraja la Corvale halikufunguliwa mwaka 1932 bali mwaka 1934." denies the 1932 the
    model read and states 1934. Only for an answer that holds figures (a year, a count), and
    only when the sentences that write the denied figure state exactly one other figure of
    the same kind (a year for a year): one that also says the work began in 1926 gives no
    one figure, and nothing is taken. The figure keeps the answer's words where the text
    writes them with it ("Room 5" for "Room 3").
    """
    read = _FIGURE.findall(ascii_digits(answer))
    if not read:
        return _renamed_to(text, answer, question)
    years = all(a_year(f) for f in read)
    gone = [f for f in read if denies(text, f, question)] or read  # "1932 bali mwaka 1934"
    # the sentences that write what is denied, a few at most: a long text stays cheap
    near = " ".join(
        islice((s for s in sentences(text) if any(g in ascii_digits(s) for g in gone)), 3)
    )
    others = {
        f
        for f in _FIGURE.findall(ascii_digits(near))
        if a_year(f) == years and not any(same_answer(f, g) for g in gone)
    }
    stated = [f for f in others if states(near, f, question) and not denies(near, f, question)]
    if len(stated) != 1:
        return None
    # with the answer's own words where the text writes them so: "Room 3" is "Room 5"
    whole = ascii_digits(answer).replace(gone[0], stated[0], 1) if len(gone) == 1 else ""
    if whole and writes(near, whole) and states(near, whole, question):
        return whole
    # a day is its date: "4 May instead of 28 April" states "4 May"
    date = None if years else date_of_day(near, stated[0])
    return date if date and states(near, date, question) else stated[0]


def _renamed_to(text: str, answer: str, question: str) -> str | None:
    """The name a text that denies the name ``answer`` states in its place, if just one.

    "Il referente del progetto era Marco Bini; ora è Giulia Conti." gives up Marco Bini, the
    model's reading, and states Giulia Conti. Only for a name of two to four capitalised
    words, and only when the sentences that write it state exactly one other name of as many
    words that the question does not use.
    """
    answer = _ARTICLE_FIRST.sub("", answer)  # "ο Κεν Ίτο" is the name "Κεν Ίτο"
    if _capitalised_names(answer) != [answer]:
        return None
    size, asked = len(answer.split()), set(words(question))
    # the sentences that write it, and one beside them that says what holds now: "...
    # είναι πλέον η Λένα Παρκ. Παλαιότερα υπεύθυνος ήταν ο Κεν Ίτο."
    written = sentences(text)
    at = {n for n, s in enumerate(written) if answer in s}
    beside = {m for n in at for m in (n - 1, n + 1) if 0 <= m < len(written)} - at
    now = {m for m in beside if (NOW | PRESENT_LABELS) & set(words(written[m]))}
    near = " ".join(written[n] for n in sorted(at | now))
    others = {
        name
        for name in _capitalised_names(near)
        if len(name.split()) == size and name != answer and not set(words(name)) & asked
    }
    stated = [n for n in others if states(near, n, question) and not denies(near, n, question)]
    return stated[0] if len(stated) == 1 else None


def _capitalised_names(text: str) -> list[str]:
    """The runs of two to four capitalised words in ``text``, in any cased script.

    "Giulia Conti", "Ana Costa Silva", "Λένα Παρκ", "Лена Парк". A word that opens a
    sentence in capitals is no part of a name: "Since March" is no name.
    """
    found: list[str] = []
    run: list[str] = []
    for token in [*re.findall(r"[\w'’-]+|[^\w\s]", text), "."]:
        if token[0].isalpha() and token[0].isupper():
            if run or token.lower() not in _OPENERS:
                run.append(token)
            continue
        if 2 <= len(run) <= 4:
            found.append(" ".join(run))
        run = []
    return found


_OPENERS = FUNCTION_WORDS | {"since", "until", "during"}
"""Words that open a sentence, capitalised there: "Since March 2026 it is owned by ..."."""

_ARTICLE_FIRST = re.compile(r"^(?:ο|η|το|οι|the|der|die|le|la|el|il|lo)\s+(?=\w)", re.IGNORECASE)
"""An article a reply puts before a name: "ο Κεν Ίτο", "the Ken Ito"."""

_FIGURE = re.compile(r"(?<![\d.,])\d+(?:[,.]\d{3}(?!\d))*(?![,.]?\d)")
"""A figure written in digits, thousands marks and all: "1934", "3,559", the 1934 of "1934年"."""


def _stated_items(text: str, answer: str, question: str) -> list[str]:
    """The items of an answer read as a list that the text states as its own.

    "Ken Ito; Raj Patel; Mia Chen" read from "CEOs: 2010-2015 Ken Ito; 2015-2021 Raj Patel;
    since 2021 Mia Chen" is "Mia Chen"; "Priya Nair (until June 2025), Omar Haddad (since
    July 2025)" is "Omar Haddad", without its aside. Only a list set apart by semicolons or
    by commas after asides: commas also join a place to its region and a day to its year.
    """
    parts = answer.split(";") if ";" in answer else _AFTER_ASIDE.split(answer)
    # an aside a semicolon cut open: "Lena Park (since May" of "Lena Park (since May; ...)"
    items = [_UNCLOSED.sub("", CLOSING_ASIDE.sub("", item)).strip(" .,") for item in parts]
    if len(items) < 2:
        return []
    return [
        item
        for item in items
        if item and grounded(text, item, question=question) and states(text, item, question)
    ]


def _stated_sentences(said: str, text: str, answer: str, question: str) -> list[str]:
    """The first sentence of an answer of several, when the reply ``said`` denies the others.

    "run kubectl rollout restart deploy/ledger. Do not restart both" (a reply stopped at its
    length limit) is its first sentence. None for an answer of one sentence, for a first
    sentence that ``text`` does not hold or the reply denies ("The text does not answer the
    question. It provides information about ..."), or when a later one is not denied.
    """
    first, *rest = _SENTENCE_END.split(answer)
    if not rest or denies(said, first, question) or not grounded(text, first, question=question):
        return []
    return [first.rstrip(" .")] if all(denies(said, part, question) for part in rest) else []


SHORT_PHRASE = 2
"""The most words of a phrase whose open aside is cut (a name: "Lena Park (since May"). A
longer one keeps it: cut, "Create a new guest (use" would read as a copy of a longer reply
that holds it ("First steps - Download the netinst installer ... Create a new guest (use the
'") and hide what that one adds."""

_UNCLOSED = re.compile(r"\s*[(（][^()（）]*$")
"""An aside a phrase ends in without closing it: "Lena Park (since May" of "Lena Park (since
May; before her, Ken Ito)"."""

_AFTER_ASIDE = re.compile(r"(?<=\))\s*,\s*")
"""A comma right after an aside, between items of a list: "Priya Nair (until June 2025), ..."."""

_AND = re.compile(r"\s*,?\s+(?:and|und|et|y|e|och|og|i|и)\s+|\s*[&、]\s*|\s*[和及与與]")
"""What joins the last item of a list: "and" in English and other languages, "、", "和" (not
Dutch "en", which is French "in")."""


def _joined_items(text: str, answer: str, question: str) -> list[str]:
    """The items of an answer joined by "and" that the text states each, but not together.

    "Ana Costa and Ben Adler", read from "maintained not only by Ana Costa but also by Ben
    Adler", is two answers, each the text's own; of names the text writes, only those it
    states: "Ana Ferrer y Luis Mora" from "La dirige Ana Ferrer; Luis Mora la dirigió hasta
    2021" is "Ana Ferrer". An answer the text states whole stays one ("Barnes and Noble",
    "performance and stress testing"), as does one with an item the text does not write.
    Commas part items only in a list an "and" closes ("Ken Ito, Raj Patel and Mia Chen"): they
    also join a place to its region.
    """
    if not _AND.search(answer) or states(text, answer, question):
        return []
    *head, last = _AND.split(answer)
    items = [i.strip(" .") for part in head for i in part.split(",")] + [last.strip(" .")]
    written = all(item and grounded(text, item, question=question) for item in items)
    if len(items) < 2 or not written:
        return []
    stated = [item for item in items if states(text, item, question)]
    if len(stated) < len(items) and not all(_a_name(item) for item in items):
        return []  # "new features and changes to existing" stays whole
    return list(dict.fromkeys(stated))


def _a_name(item: str) -> bool:
    """Whether a list's item is short enough to be a name: "Luis Mora", not a phrase."""
    return len(words(item)) <= SHORT_NAME and not set(item) & set("()[]")


SHORT_NAME = 3
"""The most words of a list's item that may be dropped from it as one the text denies."""


def _longest(schema: type[answer_reading.AnswerReading | extract_reading.ExtractedReading]) -> int:
    """The most characters the schema lets a reading's answer have."""
    found = [
        m.max_length for m in schema.model_fields["answer"].metadata if hasattr(m, "max_length")
    ]
    return min(found, default=10**9)


def first(reading: ContextReading) -> str | None:
    """The first answer a reading gives, if it gives any."""
    return reading.answers[0] if reading.status == "answers" and reading.answers else None


REFUSALS = frozenset("not no none nothing unknown cannot neither nor unclear".split())
"""Words that make an answer given with "does not answer" a refusal rather than an answer."""


def answer_words(answer: str | None) -> set[str]:
    """The normalized words of an answer, hyphenated parts apart (as salient terms have them)."""
    return set(words(answer))
