"""``signals`` (the default): read each context's grounded answer, then relate by salient terms."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.language_models import BaseChatModel

from contextorg.prompts import answer_reading
from contextorg.state.records import Context, ContextReading, RelationGraph, RelationLabel
from contextorg.tools.answering.citations import full_text
from contextorg.tools.models.calls import Meter, concurrently
from contextorg.tools.relations.base import shown_to
from contextorg.tools.relations.graph import Triple, build_relation_graph
from contextorg.tools.relations.reading import (
    answer_words,
    first,
    read_answer,
    read_stance_reading,
    segments_at_once,
)
from contextorg.tools.text.normalize import polarity, same_answer, words
from contextorg.tools.text.questions import asks_yes_no
from contextorg.tools.text.salience import disambiguators, overlap, salient_terms

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
) -> RelationGraph:
    """The model reads each context's answer (n calls); salient terms decide the entity.

    A yes/no question is read with the stance prompt (which side does the text argue?,
    :func:`read_stance`), any other with the answer prompt. Each context keeps the answer it was
    read to give: a dissenting page that also mentions the majority's answer is not moved to it.
    A text longer than the model's window is read segment by segment and keeps every answer a
    segment states, each with where (:func:`~contextorg.tools.relations.reading.read_answer`).

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
    cut: set[str] = set()
    if yes_no:  # a stance is read from what fits the window; answers from every segment
        shown = [shown_to(model, question, [c])[0] for c in contexts]
        cut = {c.id for c, seen in zip(contexts, shown, strict=True) if seen.text != c.text}
        contexts = shown
    texts = {c.id: full_text(c) for c in contexts}  # every decision is on what the model read

    at_once = segments_at_once(model, len(contexts), max_concurrency)

    def read(context: Context) -> ContextReading:
        if yes_no:
            return read_stance_reading(context, question, model, meter)
        return read_answer(
            answer_reading, answer_reading.AnswerReading, context, question, model, meter, at_once
        )

    ids = [c.id for c in contexts]
    read_all = {
        i: r.model_copy(update={"clipped": r.clipped or i in cut})
        for i, r in zip(ids, concurrently(read, contexts, max_concurrency), strict=True)
    }
    triples = {i: Triple(r.status == "answers", None, first(r)) for i, r in read_all.items()}
    terms = {
        i: salient_terms(texts[i], asked, vocabulary) if r.status == "answers" else set()
        for i, r in read_all.items()
    }

    def relation(a: str, b: str) -> RelationLabel:
        ra, rb = triples[a], triples[b]
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
        ids, lambda pivot, others: [relation(pivot, o) for o in others], infer=False
    )
    readings = {
        i: read_all[i].model_copy(update={"descriptor": None})
        # a long text read in segments keeps every answer it states, as does a text that
        # states each of the answers one reply joined ("Ana Costa and Ben Adler")
        if read_all[i].spans or len(read_all[i].answers) > 1
        else read_all[i].model_copy(
            update={"answers": [t.answer] if t.answers and t.answer else [], "descriptor": None}
        )
        for i, t in triples.items()
    }
    relevance = {i: t.answers for i, t in triples.items()}
    return graph.model_copy(update={"readings": readings, "relevance": relevance})
