"""Node: search the configured retriever for the question's evidence."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import Context, RunContext, State, standalone_question
from contextorg.tools.inputs import check_question_and_contexts, check_relation_size
from contextorg.tools.models.calls import Meter
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.relations.reading import question_in_their_language
from contextorg.tools.retrieval.fusion import fuse_contexts
from contextorg.tools.retrieval.rerankers import resolve_reranker
from contextorg.tools.retrieval.retrievers import resolve_retriever
from contextorg.tools.slots import resolve


def retrieve(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """The ``top_k`` best contexts for the question become the contexts to organize.

    With ``search_translated`` (the default), a question asked in another language than
    every hit is written in is put in theirs (one call,
    :func:`~contextorg.tools.relations.reading.question_in_their_language`) and searched
    again; both rankings are fused, and the contexts are read with the translation. With a
    ``reranker``, the best ``rerank_pool`` hits are reordered first. The calls count in this
    node's usage.
    """
    context = runtime.context
    meter = Meter.of(context)
    question = standalone_question(state)
    retriever = resolve_retriever(context.retriever)
    pool = context.top_k if context.reranker is None else max(context.rerank_pool, context.top_k)
    hits, read_as = retriever.search(question, k=pool), question
    if context.search_translated and hits:
        model = resolve_chat_model(context.model_for("relation"))
        read_as = question_in_their_language(question, hits, model, meter)
        if read_as != question:
            hits = fuse_contexts([hits, retriever.search(read_as, k=pool)])[:pool]
    contexts = _reranked(hits, read_as, context, meter)[: context.top_k]
    if contexts:  # checked as given ones are (start_turn): ids, and the relation graph's size
        check_question_and_contexts(state.get("question"), contexts)
        if resolve(context, "strategy").needs_relations:
            check_relation_size(len(contexts), context)
    update: dict[str, Any] = {"contexts": contexts, "usage": {"retrieve": meter.usage()}}
    if read_as != question:
        update["read_as"] = read_as
    return update


def _reranked(
    hits: list[Context], question: str, context: RunContext, meter: Meter
) -> list[Context]:
    if context.reranker is None:
        return hits
    model = resolve_chat_model(context.model_for("relation"))
    return resolve_reranker(context.reranker, model, meter).rerank(question, hits)
