"""Relation classifiers backed by a chat model: ``batched``, ``pairwise`` and ``extract``.

Each takes the question and the contexts and returns the full relation graph; the first two
ask the model about pairs through edge mirroring, ``extract`` reads every context once
(concurrently) and compares the readings.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Hashable, Sequence
from dataclasses import replace
from types import ModuleType
from typing import Protocol, TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage

from contextorg.prompts import (
    answer_reading,
    extract_reading,
    relation_batched,
    relation_pairwise,
    stance_reading,
    tag,
)
from contextorg.prompts._render import render_contexts
from contextorg.state.records import Context, ContextReading, RelationLabel
from contextorg.tools.answering import full_text
from contextorg.tools.budget import fit_contexts, room
from contextorg.tools.calls import Meter, call_structured, call_structured_raw, concurrently
from contextorg.tools.chat_models import JsonSchemaChatModel
from contextorg.tools.models import context_budget, token_counter
from contextorg.tools.registry import Registry
from contextorg.tools.relation_graph import (
    Reading,
    RelationGraph,
    build_relation_graph,
    relation_between,
)
from contextorg.tools.salience import disambiguators, overlap, salient_terms
from contextorg.tools.text import (
    asks_yes_no,
    grounded,
    mentions,
    polarity,
    same_answer,
    same_descriptor,
    words,
)

K = TypeVar("K", bound=Hashable)

logger = logging.getLogger("contextorg")

FALLBACK: RelationLabel = "distracting"
"""Used when the model gives no usable label: keeps both contexts, in the same group."""


class RelationClassifier(Protocol):
    """Builds the relation graph of ``contexts`` for ``question`` with ``model``."""

    def __call__(
        self,
        question: str,
        contexts: Sequence[Context],
        model: BaseChatModel,
        meter: Meter,
        max_concurrency: int = 4,
    ) -> RelationGraph[str]:
        """The relation graph, counting model calls in ``meter``."""
        ...


def classify_batched(
    question: str,
    contexts: Sequence[Context],
    model: BaseChatModel,
    meter: Meter,
    max_concurrency: int = 4,
) -> RelationGraph[str]:
    """One call per pivot: the relation of the pivot to every unresolved context."""
    by_id = {c.id: c for c in contexts}

    def classify(pivot: str, others: list[str]) -> list[RelationLabel]:
        shown = shown_to(model, question, [by_id[pivot], *(by_id[o] for o in others)])
        messages = relation_batched.TEMPLATE.format_messages(
            contexts=render_contexts(shown), question=question, last=len(shown)
        )
        out = call_structured(
            model, relation_batched.BatchedRelations, messages, meter, prompt=tag(relation_batched)
        )
        labels = {r.context: r.relation for r in out.relations} if out else {}
        return [labels.get(number, FALLBACK) for number in range(2, len(shown) + 1)]

    return build_relation_graph([c.id for c in contexts], classify)


def classify_pairwise(
    question: str,
    contexts: Sequence[Context],
    model: BaseChatModel,
    meter: Meter,
    max_concurrency: int = 4,
) -> RelationGraph[str]:
    """One call per pair asked; the pairs of one pivot run concurrently."""
    by_id = {c.id: c for c in contexts}

    def one_pair(pivot: str, other: str) -> RelationLabel:
        messages = relation_pairwise.TEMPLATE.format_messages(
            contexts=render_contexts(shown_to(model, question, [by_id[pivot], by_id[other]])),
            question=question,
        )
        out = call_structured(
            model, relation_pairwise.PairRelation, messages, meter, prompt=tag(relation_pairwise)
        )
        return out.relation if out else FALLBACK

    def classify(pivot: str, others: list[str]) -> list[RelationLabel]:
        return concurrently(lambda o: one_pair(pivot, o), others, max_concurrency)

    return build_relation_graph([c.id for c in contexts], classify)


def classify_extract(
    question: str,
    contexts: Sequence[Context],
    model: BaseChatModel,
    meter: Meter,
    max_concurrency: int = 4,
) -> RelationGraph[str]:
    """One call per context reading (answer, entity, descriptor); relations by comparison."""

    def read(context: Context) -> ContextReading:
        return read_answer(
            extract_reading, extract_reading.ContextReading, context, question, model, meter
        )

    read_all = concurrently(read, contexts, max_concurrency)
    graph = _graph_from_readings(
        contexts, [Reading(r.status == "answers", r.descriptor, first(r)) for r in read_all]
    )
    graph.context_readings = {c.id: r for c, r in zip(contexts, read_all, strict=True)}
    return graph


SAME_ENTITY_OVERLAP = 0.4
"""Shared salient terms above which two texts that disagree are about the same entity.

Chosen on the development split of benchmarks/relation_data.py (with true readings, over
0.0-1.0 in steps of 0.05); never on the held-out split.
"""


def classify_signals(
    question: str,
    contexts: Sequence[Context],
    model: BaseChatModel,
    meter: Meter,
    max_concurrency: int = 4,
) -> RelationGraph[str]:
    """The model reads each context's answer (n calls); salient terms decide the entity.

    A yes/no question is read with the stance prompt (which side does the text argue?,
    :func:`read_stance`), any other with the answer prompt. Readings are then settled by agreement
    (:func:`settle_by_agreement`): a phrase no other context gives yields to the one other
    context's answer its text states.

    Same answer: the same entity, so duplicated (ambiguous when exactly one text names no
    entity at all). Different answers: counterfactual when the texts share enough names and
    numbers beyond the question and the answers, distracting when not (unrelated when one
    text names none). Two yes/no answers are about the question's one claim: the same is
    duplicated, opposite ones counterfactual, whatever else the texts name (arguments for and
    against a claim cite different facts).
    """
    asked = set(words(question))
    vocabulary = disambiguators(c.title for c in contexts)
    yes_no = asks_yes_no(question)
    shown = [shown_to(model, question, [c])[0] for c in contexts]
    cut = {c.id for c, seen in zip(contexts, shown, strict=True) if seen.text != c.text}
    contexts = shown
    texts = {c.id: full_text(c) for c in contexts}  # every decision is on what the model read

    def read(context: Context) -> ContextReading:
        if yes_no:
            return read_stance_reading(context, question, model, meter)
        return read_answer(
            answer_reading, answer_reading.AnswerReading, context, question, model, meter
        )

    ids = [c.id for c in contexts]
    read_all = {
        i: r.model_copy(update={"clipped": i in cut})
        for i, r in zip(ids, concurrently(read, contexts, max_concurrency), strict=True)
    }
    readings = settle_by_agreement(
        {i: Reading(r.status == "answers", None, first(r)) for i, r in read_all.items()}, texts
    )
    terms = {
        i: salient_terms(texts[i], asked, vocabulary) if r.status == "answers" else set()
        for i, r in read_all.items()
    }

    def relation(a: str, b: str) -> RelationLabel:
        ra, rb = readings[a], readings[b]
        if not (ra.answers and rb.answers):
            return "irrelevant"
        stances = polarity(ra.answer), polarity(rb.answer)
        if None not in stances:
            return "duplicated" if stances[0] == stances[1] else "counterfactual"
        agree = same_answer(ra.answer, rb.answer)
        answered = answer_words(ra.answer) | answer_words(rb.answer)
        ta, tb = terms[a] - answered, terms[b] - answered
        if bool(ta) != bool(tb):
            return "ambiguous" if agree else "unrelated"
        if agree or not ta or overlap(ta, tb) >= SAME_ENTITY_OVERLAP:
            return "duplicated" if agree else "counterfactual"
        return "distracting"

    graph = build_relation_graph(
        [c.id for c in contexts],
        lambda pivot, others: [relation(pivot, o) for o in others],
        infer=False,
    )
    graph.readings = {
        i: Reading(r.answers, " ".join(sorted(terms[i] - answer_words(r.answer))) or None, r.answer)
        for i, r in readings.items()
    }
    graph.context_readings = {
        i: read_all[i].model_copy(
            update={"answers": [r.answer] if r.answers and r.answer else [], "descriptor": None}
        )
        for i, r in readings.items()
    }
    return graph


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
    side = out.answer
    lean = yes_lean(message)
    if out.answer == "yes" and lean is not None and lean < STANCE_MARGIN:
        logger.debug("stance of %s: yes by %.2f nats, under the margin: no", context.id, lean)
        side = "no"
    return ContextReading(status="answers", answers=[side], said=out.answer, clipped=clipped)


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


def settle_by_agreement(readings: dict[K, Reading], texts: dict[K, str]) -> dict[K, Reading]:
    """Each reading no other context shares, moved to the one other answer its text states.

    A page often states several phrases of the kind asked for (a rank in its lead and another
    in a caption; a town's total and urban population) and a small model picks one of them.
    When no other context gives the answer it picked, but its text states exactly one answer
    that another context gives, the other contexts have voted for that phrase, and it becomes
    the reading. Not when the evidence is mutual (the texts giving that answer state this one
    too: a table of both figures read twice, once each way), and never for yes/no readings,
    which are a stance, not a phrase picked from the text. No model call; every decision is
    made on the readings as read, so one change cannot cascade into another.
    """
    given = {k: r.answer for k, r in readings.items() if r.answers and r.answer}
    settled = dict(readings)
    for key, answer in given.items():
        others = {k: a for k, a in given.items() if k != key}
        if polarity(answer) is not None or any(same_answer(answer, a) for a in others.values()):
            continue
        stated: list[str] = []
        for other in others.values():
            if mentions(texts[key], other) and not any(same_answer(other, s) for s in stated):
                stated.append(other)
        if len(stated) != 1:
            continue
        backers = [k for k, a in others.items() if same_answer(a, stated[0])]
        if not any(mentions(texts[k], answer) for k in backers):
            settled[key] = replace(readings[key], answer=stated[0])
            logger.debug("reading of %s settled: %r -> %r", key, answer, stated[0])
    return settled


def read_answer(
    prompt: ModuleType,
    schema: type[answer_reading.AnswerReading | extract_reading.ContextReading],
    context: Context,
    question: str,
    model: BaseChatModel,
    meter: Meter,
) -> ContextReading:
    """One context read with an answer ``prompt`` (``answer_reading``, ``extract_reading``).

    The text decides, not the model's yes or no. The 1.5B model says that most off-topic
    texts answer, with an answer from memory, so an answer counts only when it is
    :func:`~contextorg.tools.text.grounded` in the text (on RAMDocs development questions,
    relevance recall rose from 0.61 to 0.89 with it); otherwise the reading is
    ``ungrounded``. It also often says a text does not answer and then writes the answer the
    text gives ("SFJ refers to StarFlyer."): such an answer counts too, unless it reads as a
    refusal ("The text does not say").
    """
    [shown] = shown_to(model, question, [context])
    messages = prompt.TEMPLATE.format_messages(contexts=render_contexts([shown]), question=question)
    out = call_structured(model, schema, messages, meter, prompt=tag(prompt))
    clipped = shown.text != context.text
    if out is None:
        return ContextReading(status="failed", clipped=clipped)
    answer = (out.answer or "").strip()
    reading = ContextReading(
        status="answers",
        answers=[answer],
        said=answer or None,
        descriptor=getattr(out, "descriptor", None) or None,
        clipped=clipped,
    )
    if not answer or (not out.answers_question and REFUSALS & set(words(answer))):
        return reading.model_copy(update={"status": "silent", "answers": []})
    if not grounded(full_text(shown), answer, question=question):
        return reading.model_copy(update={"status": "ungrounded", "answers": []})
    return reading


def shown_to(model: BaseChatModel, question: str, contexts: Sequence[Context]) -> list[Context]:
    """``contexts`` as one call shows them: cut, if need be, to fit the model's window."""
    count = token_counter(model)
    window = room(context_budget(model, None), question, count)
    return fit_contexts(contexts, window, count, why="reading for the relation graph")


def first(reading: ContextReading) -> str | None:
    """The first answer a reading gives, if it gives any."""
    return reading.answers[0] if reading.status == "answers" and reading.answers else None


REFUSALS = frozenset("not no none nothing unknown cannot neither nor unclear".split())
"""Words that make an answer given with "does not answer" a refusal rather than an answer."""


def answer_words(answer: str | None) -> set[str]:
    """The normalized words of an answer, hyphenated parts apart (as salient terms have them)."""
    return set(words(answer))


def _graph_from_readings(
    contexts: Sequence[Context], readings: Sequence[Reading]
) -> RelationGraph[str]:
    by_id = dict(zip([c.id for c in contexts], readings, strict=True))
    graph = build_relation_graph(
        [c.id for c in contexts],
        lambda pivot, others: [
            relation_between(by_id[pivot], by_id[o], same_descriptor, same_answer) for o in others
        ],
        infer=False,
    )
    graph.readings = by_id
    return graph


CLASSIFIERS: Registry[RelationClassifier] = Registry(
    "relation classifier",
    {
        "signals": classify_signals,
        "batched": classify_batched,
        "pairwise": classify_pairwise,
        "extract": classify_extract,
    },
)
"""Relation classifiers by name; a new one is one function and one line here."""


def get_classifier(name: str | RelationClassifier) -> RelationClassifier:
    """The classifier for a name, or the callable itself."""
    return CLASSIFIERS.resolve(name)
