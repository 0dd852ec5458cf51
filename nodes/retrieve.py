"""Node: search the configured retriever for the question's evidence."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from contextorg.state import RunContext, State, standalone_question
from contextorg.tools.inputs import check_question_and_contexts, check_relation_size
from contextorg.tools.models.calls import Meter
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.retrieval.rerankers import resolve_reranker
from contextorg.tools.retrieval.retrievers import resolve_retriever
from contextorg.tools.slots import resolve


def retrieve(state: State, runtime: Runtime[RunContext]) -> dict[str, Any]:
    """The ``top_k`` best contexts for the question become the contexts to organize.

    With a ``reranker``, the best ``rerank_pool`` hits are reordered first; its model calls
    count in this node's usage.
    """
    context = runtime.context
    meter = Meter.of(context)
    question = standalone_question(state)
    retriever = resolve_retriever(context.retriever)
    if context.reranker is None:
        contexts = retriever.search(question, k=context.top_k)
    else:
        model = resolve_chat_model(context.model_for("relation"))
        reranker = resolve_reranker(context.reranker, model, meter)
        hits = retriever.search(question, k=max(context.rerank_pool, context.top_k))
        contexts = reranker.rerank(question, hits)[: context.top_k]
    if contexts:  # checked as given ones are (start_turn): ids, and the relation graph's size
        check_question_and_contexts(state.get("question"), contexts)
        if resolve(context, "strategy").needs_relations:
            check_relation_size(len(contexts), context)
    return {"contexts": contexts, "usage": {"retrieve": meter.usage()}}
