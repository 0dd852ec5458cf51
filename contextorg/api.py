"""The Python entry points: ``ask``/``aask`` and the result they return."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from langchain_core.documents import Document
from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import RunnableConfig
from pydantic import BaseModel

from contextorg.graphs.qa import graph as default_graph
from contextorg.settings import get_settings
from contextorg.state import (
    Answer,
    Attribution,
    Context,
    ContextReading,
    InputState,
    NodeUsage,
    Organization,
    Relation,
    RunContext,
    Turn,
    total_usage,
)
from contextorg.tools.checkpoints import open_async_checkpointer, open_checkpointer
from contextorg.tools.inputs import InputError, check_question, check_question_and_contexts
from contextorg.tools.phoenix import enable_phoenix, flush_phoenix
from contextorg.tools.tracing import JsonlTracer

ContextLike = Context | Document | Mapping[str, Any]


class Result(BaseModel):
    """What :func:`ask` returns: the answer and how it was reached."""

    question: str
    completed_question: str = ""
    """The question as it was answered, after completion with the conversation's history."""
    answer: Answer
    contexts: list[Context]
    """The contexts answered from (given, or retrieved)."""
    attribution: list[Attribution] = []
    """Per answer, how much each context caused it (only when ``explain`` ran)."""
    organization: Organization
    relations: list[Relation]
    readings: dict[str, ContextReading] = {}
    """What the relation step read in each context (readings-based classifiers only)."""
    usage: dict[str, NodeUsage]
    seconds: float
    """Wall time of the whole run (node seconds add up parallel work)."""

    @property
    def text(self) -> str:
        """The rendered answer with citations."""
        return self.answer.text

    def summary(self) -> dict[str, Any]:
        """A JSON-friendly summary (the CLI's ``--json`` output)."""
        total = total_usage(self.usage)
        return {
            "question": self.question,
            "completed_question": self.completed_question or self.question,
            "answers": [a.model_dump() for a in self.answer.answers],
            "rejected": [a.model_dump() for a in self.answer.rejected],
            "text": self.answer.text,
            "attribution": [a.model_dump() for a in self.attribution],
            "groups": [g.context_ids for g in self.organization.groups],
            "group_questions": [g.question for g in self.organization.groups],
            "group_answered_by": [g.answered_by for g in self.organization.groups],
            "dropped": self.organization.dropped,
            "relations": [r.model_dump() for r in self.relations],
            "readings": {i: r.model_dump() for i, r in self.readings.items()},
            "usage": {
                "llm_calls": total.llm_calls,
                "input_tokens": total.input_tokens,
                "output_tokens": total.output_tokens,
                "seconds": round(self.seconds, 3),
                "failures": total.failures,
                "by_node": {k: v.model_dump() for k, v in self.usage.items()},
            },
            "contexts": [
                {"id": c.id, "title": c.title, "source": c.source, "score": c.score}
                for c in self.contexts
            ],
            "out_of_scope": self.answer.out_of_scope,
            "supporting": self.organization.supporting,
            "dropped_citations": self.answer.dropped_citations,
            "uncited_answers": self.answer.uncited_answers,
            "failed_groups": self.answer.failed_groups,
            "failed_calls": self.answer.failed_calls,
            "failed": self.answer.failed,
        }


def as_contexts(items: Iterable[ContextLike]) -> list[Context]:
    """Contexts from records, dicts or LangChain documents (ids default to their position)."""
    contexts = []
    for n, item in enumerate(items, start=1):
        if isinstance(item, Context):
            contexts.append(item)
        elif isinstance(item, Document):
            meta = dict(item.metadata)
            contexts.append(
                Context(
                    id=str(item.id or meta.pop("id", n)),
                    title=str(meta.pop("title", "")),
                    text=item.page_content,
                    source=meta.pop("source", None),
                    metadata=meta,
                )
            )
        else:
            data = dict(item)
            data.setdefault("id", str(n))
            contexts.append(Context.model_validate(data))
    return contexts


def run_context(
    *,
    model: str | BaseChatModel | None = None,
    strategy: str | None = None,
    relations: str | None = None,
    **options: Any,
) -> RunContext:
    """The run context from explicit choices, falling back to the environment, then defaults."""
    chosen: dict[str, Any] = {"model": model if model is not None else get_settings().model}
    if strategy is not None:
        chosen["strategy"] = strategy
    if relations is not None:
        chosen["relations"] = relations
    return RunContext(**chosen, **options)


def ask(
    question: str,
    contexts: Iterable[ContextLike] | None = None,
    *,
    model: str | BaseChatModel | None = None,
    strategy: str | None = None,
    relations: str | None = None,
    graph: Any = None,
    trace: str | Path | None = None,
    phoenix: str | None = None,
    thread: str | None = None,
    checkpoints: str | None = None,
    history: Sequence[Turn | Mapping[str, Any]] | None = None,
    **options: Any,
) -> Result:
    """Answer ``question`` from ``contexts`` with every supported answer, cited.

    Args:
        question: The question.
        contexts: ``Context`` records, dicts with ``id``/``title``/``text``, or documents;
            ``None`` to search ``retriever`` (an index folder or any retriever) instead.
        model: Model name or instance for every role (default: the embedded local model).
        strategy: ``corg`` (default), or a baseline: ``base``, ``separate``, ``random``,
            ``kmeans``, ``retrieve``, ``summarize`` (see ``tools/organizers.py``).
        relations: ``signals`` (default), ``batched``, ``pairwise`` or ``extract``.
        graph: A compiled graph from ``build_graph`` (default: the standard one).
        trace: Append every run of this question to this JSONL file (default:
            ``CONTEXTORG_TRACE`` if set); ``contextorg trace FILE`` prints it.
        phoenix: Send spans to the Arize Phoenix at this URL (default:
            ``CONTEXTORG_PHOENIX`` if set).
        thread: Continue this conversation: earlier turns complete a follow-up question, and
            this turn is remembered (in ``checkpoints``).
        checkpoints: Where threads live: ``sqlite:///PATH`` or ``postgresql://...`` (default:
            ``CONTEXTORG_CHECKPOINTS``, else a SQLite file in the user's data directory).
        history: Earlier turns, for a follow-up asked without a thread.
        **options: Other :class:`RunContext` fields (``retriever``, ``top_k``,
            ``answer_model``, ``max_group_size``...).
    """
    state, context = _prepare(question, contexts, model, strategy, relations, history, options)
    config = _config(context, trace, phoenix, thread)
    started = time.perf_counter()
    try:
        with _compiled(graph, thread, checkpoints) as compiled:
            out = compiled.invoke(state, context=context, config=config)
    finally:
        flush_phoenix()
    return _result(question, out, time.perf_counter() - started)


@dataclass(frozen=True)
class Event:
    """One step of a streamed run (see :func:`ask_stream`)."""

    kind: Literal["node", "token", "result"]
    """``node``: a node finished (``data`` is its output); ``token``: a model wrote text
    (``data``, as it arrives); ``result``: the run is over (``data`` is the :class:`Result`)."""
    node: str = ""
    """The node the event comes from (empty for ``result``)."""
    data: Any = None


def ask_stream(
    question: str,
    contexts: Iterable[ContextLike] | None = None,
    *,
    model: str | BaseChatModel | None = None,
    strategy: str | None = None,
    relations: str | None = None,
    graph: Any = None,
    trace: str | Path | None = None,
    phoenix: str | None = None,
    thread: str | None = None,
    checkpoints: str | None = None,
    history: Sequence[Turn | Mapping[str, Any]] | None = None,
    **options: Any,
) -> Iterator[Event]:
    """:func:`ask`, step by step: each node as it finishes, each model token, then the result.

    Built on LangGraph's ``updates``, ``messages`` and ``values`` stream modes::

        for event in ask_stream(question, contexts):
            if event.kind == "node":
                print("done:", event.node)
            elif event.kind == "result":
                print(event.data.text)
    """
    state, context = _prepare(question, contexts, model, strategy, relations, history, options)
    config = _config(context, trace, phoenix, thread)
    started = time.perf_counter()
    final: Mapping[str, Any] = {}
    try:
        with _compiled(graph, thread, checkpoints) as compiled:
            modes = ["updates", "messages", "values"]
            for mode, payload in compiled.stream(
                state, context=context, config=config, stream_mode=modes
            ):
                if mode == "values":
                    final = payload
                elif mode == "updates":
                    for node, output in payload.items():
                        yield Event("node", node, output)
                elif payload[0].text:
                    yield Event("token", payload[1].get("langgraph_node", ""), payload[0].text)
    finally:
        flush_phoenix()
    yield Event("result", data=_result(question, final, time.perf_counter() - started))


async def aask(
    question: str,
    contexts: Iterable[ContextLike] | None = None,
    *,
    model: str | BaseChatModel | None = None,
    strategy: str | None = None,
    relations: str | None = None,
    graph: Any = None,
    trace: str | Path | None = None,
    phoenix: str | None = None,
    thread: str | None = None,
    checkpoints: str | None = None,
    history: Sequence[Turn | Mapping[str, Any]] | None = None,
    **options: Any,
) -> Result:
    """Async :func:`ask`."""
    state, context = _prepare(question, contexts, model, strategy, relations, history, options)
    config = _config(context, trace, phoenix, thread)
    started = time.perf_counter()
    chosen = graph or default_graph
    try:
        if thread is None:
            out = await chosen.ainvoke(state, context=context, config=config)
        else:
            async with open_async_checkpointer(checkpoints or get_settings().checkpoints) as saver:
                threaded = chosen.builder.compile(checkpointer=saver)
                out = await threaded.ainvoke(state, context=context, config=config)
    finally:
        flush_phoenix()
    return _result(question, out, time.perf_counter() - started)


@contextmanager
def _compiled(graph: Any, thread: str | None, checkpoints: str | None) -> Iterator[Any]:
    """The graph to run: as given, or compiled with the thread's checkpointer."""
    chosen = graph or default_graph
    if thread is None:
        yield chosen
        return
    with open_checkpointer(checkpoints or get_settings().checkpoints) as saver:
        yield chosen.builder.compile(checkpointer=saver)


def _prepare(
    question: str,
    contexts: Iterable[ContextLike] | None,
    model: str | BaseChatModel | None,
    strategy: str | None,
    relations: str | None,
    history: Sequence[Turn | Mapping[str, Any]] | None,
    options: dict[str, Any],
) -> tuple[InputState, RunContext]:
    context = run_context(model=model, strategy=strategy, relations=relations, **options)
    state = InputState(question=question)
    if history:
        state["history"] = [Turn.model_validate(t) for t in history]
    if contexts is None and context.retriever is not None:
        check_question(question)
        return {**state, "contexts": []}, context  # [] clears a thread's last contexts
    items = as_contexts(contexts or [])
    check_question_and_contexts(question, items)
    return {**state, "contexts": items}, context


def _config(
    context: RunContext, trace: str | Path | None, phoenix: str | None, thread: str | None
) -> RunnableConfig:
    """Concurrency, the choices every run is tagged with, and the tracers asked for."""
    path = trace if trace is not None else get_settings().trace
    endpoint = phoenix if phoenix is not None else get_settings().phoenix
    if endpoint:
        enable_phoenix(endpoint)
    return RunnableConfig(
        max_concurrency=context.max_concurrency,
        metadata={
            "strategy": context.strategy,
            "relations": context.relations,
            "model": _name(context.model),
        },
        callbacks=[JsonlTracer(path)] if path else None,
        configurable={"thread_id": thread} if thread is not None else {},
    )


def _name(model: object) -> str:
    return model if isinstance(model, str) else type(model).__name__


def _result(question: str, out: Mapping[str, Any], seconds: float) -> Result:
    return Result(
        question=question,
        answer=out["answer"],
        completed_question=out.get("completed_question", question),
        contexts=out.get("contexts", []),
        attribution=out.get("attribution", []),
        organization=out.get("organization") or Organization(groups=[]),
        relations=out.get("relations", []),
        readings=out.get("readings") or {},
        usage=out.get("usage", {}),
        seconds=seconds,
    )


__all__ = [
    "Event",
    "InputError",
    "Result",
    "aask",
    "as_contexts",
    "ask",
    "ask_stream",
    "run_context",
]
