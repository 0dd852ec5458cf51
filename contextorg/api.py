"""The Python entry points: ``ask``/``aask`` and the result they return."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypedDict, Unpack

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import RunnableConfig
from pydantic import BaseModel

from contextorg.graphs.qa import graph as default_graph
from contextorg.settings import get_settings
from contextorg.state import (
    Answer,
    Attribution,
    AttributorName,
    ClassifierName,
    ClusteringName,
    CompletionName,
    ConflictPolicyName,
    Context,
    ContextReading,
    EmbedderName,
    InputState,
    NodeUsage,
    Organization,
    Relation,
    RelationGraph,
    RunContext,
    StrategyName,
    StructuredOutputName,
    Turn,
    total_usage,
)
from contextorg.tools.inputs import (
    ContextLike,
    InputError,
    as_contexts,
)
from contextorg.tools.observability.phoenix import enable_phoenix, flush_phoenix
from contextorg.tools.observability.tracing import JsonlTracer
from contextorg.tools.persistence.checkpoints import (
    open_async_checkpointer,
    open_checkpointer,
    store_of,
)
from contextorg.tools.persistence.thread_locks import thread_lock


class Result(BaseModel):
    """What :func:`ask` returns: the answer and how it was reached."""

    question: str
    completed_question: str = ""
    """The question as it was answered, after completion with the conversation's history."""
    read_as: str | None = None
    """The question put in the contexts' language, when it was asked in another: searched with
    (``search_translated``) and read with. None when the question was read as asked."""
    answer: Answer
    contexts: list[Context]
    """The contexts answered from (given, or retrieved)."""
    attribution: list[Attribution] = []
    """Per answer, how much each context caused it (only when ``explain`` ran)."""
    organization: Organization
    relation_graph: RelationGraph = RelationGraph()
    """The relations between the contexts and what was read in each (strategies that use it)."""
    usage: dict[str, NodeUsage]
    seconds: float
    """Wall time of the whole run (node seconds add up parallel work)."""

    @property
    def relations(self) -> list[Relation]:
        """The relation of every pair of contexts (``relation_graph.relations``)."""
        return self.relation_graph.relations

    @property
    def readings(self) -> dict[str, ContextReading]:
        """What the relation step read in each context (``relation_graph.readings``)."""
        return self.relation_graph.readings

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
            "read_as": self.read_as,
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
            "unstated": self.answer.unstated,
            "failed_groups": self.answer.failed_groups,
            "failed_calls": self.answer.failed_calls,
            "failed": self.answer.failed,
        }


def _read_as(out: Mapping[str, Any]) -> str | None:
    graph = out.get("relation_graph")
    return (graph.read_as if graph is not None else None) or out.get("read_as") or None


class AskOptions(TypedDict, total=False):
    """What :func:`ask`, :func:`aask` and :func:`ask_stream` take after the question and contexts.

    The run's own (``graph``, ``trace``, ``phoenix``, ``thread``, ``checkpoints``, ``history``;
    see :func:`ask`), then every :class:`RunContext` field, typed as there (``model``,
    ``strategy`` and ``classifier`` also take None: the environment's choice, then the default).
    """

    graph: Any
    trace: str | Path | None
    phoenix: str | None
    thread: str | None
    checkpoints: str | None
    history: Sequence[Turn | Mapping[str, Any]] | None
    model: str | BaseChatModel | None
    relation_model: str | BaseChatModel | None
    answer_model: str | BaseChatModel | None
    retriever: str | Path | Any
    top_k: int
    reranker: str | Any
    rerank_pool: int
    search_translated: bool
    completion: CompletionName | str
    classifier: ClassifierName | str | None
    strategy: StrategyName | str | None
    answer_from: Literal["readings", "model"]
    debate_rounds: int
    max_contexts: int
    max_group_size: int
    max_concurrency: int
    thread_wait: float
    model_timeout: float | None
    model_retries: int
    model_backoff: float
    structured_output: StructuredOutputName | str
    context_budget: int | None
    segment_tokens: int
    max_segments: int
    segment_search: bool
    segment_patience: int
    reading_segment_tokens: int | None
    notes_max_tokens: int
    conflict_policy: ConflictPolicyName | str | Any
    explain: bool
    attributor: AttributorName | str
    explain_clusters: ClusteringName
    explain_samples: int
    explain_sampling_temperature: float
    explain_temperature: float
    dbscan_eps: float
    dbscan_min_samples: int
    embedder: EmbedderName | str | Any


RUN_KEYS = ("graph", "trace", "phoenix", "thread", "checkpoints", "history")
"""The :class:`AskOptions` of the run itself; the others are :class:`RunContext` fields."""


def run_context(
    *,
    model: str | BaseChatModel | None = None,
    strategy: StrategyName | str | None = None,
    classifier: ClassifierName | str | None = None,
    **options: Any,
) -> RunContext:
    """The run context from explicit choices, falling back to the environment, then defaults."""
    chosen: dict[str, Any] = {"model": model if model is not None else get_settings().model}
    if strategy is not None:
        chosen["strategy"] = strategy
    if classifier is not None:
        chosen["classifier"] = classifier
    return RunContext(**chosen, **options)


def ask(
    question: str,
    contexts: Iterable[ContextLike] | None = None,
    **options: Unpack[AskOptions],
) -> Result:
    """Answer ``question`` from ``contexts`` with every supported answer, cited.

    Args:
        question: The question.
        contexts: ``Context`` records, dicts with ``id``/``title``/``text``, or documents;
            ``None`` to search ``retriever`` (an index folder or any retriever) instead.
        model: Model name or instance for every role (default: the embedded local model).
        strategy: ``corg`` (default), or a baseline: ``base``, ``separate``, ``random``,
            ``kmeans``, ``retrieve``, ``summarize`` (see ``tools/organizers/``).
        classifier: The relation classifier: ``signals`` (default), ``batched``,
            ``pairwise`` or ``extract``.
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
        **options: Any other :class:`RunContext` field (``retriever``, ``top_k``,
            ``answer_model``, ``max_group_size``...). :class:`AskOptions` types them all,
            for ``ask``, ``aask`` and ``ask_stream`` alike.
    """
    run = _run(question, contexts, options)
    with run.compiled() as compiled:
        out = compiled.invoke(run.state, context=run.context, config=run.config)
    return run.result(out)


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
    **options: Unpack[AskOptions],
) -> Iterator[Event]:
    """:func:`ask`, step by step: each node as it finishes, each model token, then the result.

    It takes what :func:`ask` takes (:class:`AskOptions`).

    Built on LangGraph's ``updates``, ``messages`` and ``values`` stream modes::

        for event in ask_stream(question, contexts):
            if event.kind == "node":
                print("done:", event.node)
            elif event.kind == "result":
                print(event.data.text)
    """
    run = _run(question, contexts, options)
    final: Mapping[str, Any] = {}
    with run.compiled() as compiled:
        modes = ["updates", "messages", "values"]
        # Subgraphs too, for the tokens of group answers; their node updates stay inside.
        for namespace, mode, payload in compiled.stream(
            run.state, context=run.context, config=run.config, stream_mode=modes, subgraphs=True
        ):
            if namespace and mode != "messages":
                continue
            if mode == "values":
                final = payload
            elif mode == "updates":
                for node, output in payload.items():
                    yield Event("node", node, output)
            elif payload[0].text:
                yield Event("token", payload[1].get("langgraph_node", ""), payload[0].text)
    yield Event("result", data=run.result(final))


async def aask(
    question: str,
    contexts: Iterable[ContextLike] | None = None,
    **options: Unpack[AskOptions],
) -> Result:
    """Async :func:`ask` (the same options, :class:`AskOptions`)."""
    run = _run(question, contexts, options)
    async with run.acompiled() as compiled:
        out = await compiled.ainvoke(run.state, context=run.context, config=run.config)
    return run.result(out)


@dataclass(frozen=True)
class _Run:
    """One question, ready to run: the input, the run context and config, the graph to use."""

    question: str
    state: InputState
    context: RunContext
    config: RunnableConfig
    graph: Any
    thread: str | None
    checkpoints: str | None
    started: float = field(default_factory=time.perf_counter)

    @contextmanager
    def compiled(self) -> Iterator[Any]:
        """The graph, compiled with the thread's checkpointer if there is a thread."""
        try:
            if self.thread is None:
                yield self.graph
            else:
                with open_checkpointer(self._checkpoints) as saver, self._turn():
                    yield self._with(saver)
        finally:
            flush_phoenix()

    @asynccontextmanager
    async def acompiled(self) -> AsyncIterator[Any]:
        """:meth:`compiled`, with an async checkpointer."""
        try:
            if self.thread is None:
                yield self.graph
            else:
                async with open_async_checkpointer(self._checkpoints) as saver:
                    turn = self._turn()
                    await asyncio.to_thread(turn.__enter__)
                    try:
                        yield self._with(saver)
                    finally:
                        await asyncio.to_thread(turn.__exit__, None, None, None)
        finally:
            flush_phoenix()

    def result(self, out: Mapping[str, Any]) -> Result:
        """The :class:`Result` of the run's final state."""
        return Result(
            question=self.question,
            answer=out["answer"],
            completed_question=out.get("completed_question", self.question),
            read_as=_read_as(out),
            contexts=out.get("contexts", []),
            attribution=out.get("attribution", []),
            organization=out.get("organization") or Organization(groups=[]),
            relation_graph=out.get("relation_graph") or RelationGraph(),
            usage=out.get("usage", {}),
            seconds=time.perf_counter() - self.started,
        )

    def _turn(self) -> AbstractContextManager[None]:
        """This turn's hold on its thread: the thread's turns run one at a time."""
        assert self.thread is not None
        kind, target = store_of(self._checkpoints)
        return thread_lock(kind, target, self.thread, self.context.thread_wait)

    @property
    def _checkpoints(self) -> str | None:
        return self.checkpoints or get_settings().checkpoints

    def _with(self, saver: Any) -> Any:
        # Compiled again for the checkpointer, under the same name (traces say "contextorg").
        return self.graph.builder.compile(checkpointer=saver, name=self.graph.name)


def _run(question: str, contexts: Iterable[ContextLike] | None, options: AskOptions) -> _Run:
    """Set up one run: what ask, aask and ask_stream share."""
    chosen: dict[str, Any] = dict(options)
    run = {key: chosen.pop(key, None) for key in RUN_KEYS}
    state, context = _prepare(question, contexts, run["history"], chosen)
    config = _config(context, run["trace"], run["phoenix"], run["thread"])
    graph = run["graph"] or default_graph
    return _Run(question, state, context, config, graph, run["thread"], run["checkpoints"])


def _prepare(
    question: str,
    contexts: Iterable[ContextLike] | None,
    history: Sequence[Turn | Mapping[str, Any]] | None,
    options: dict[str, Any],
) -> tuple[InputState, RunContext]:
    context = run_context(**options)
    state = InputState(question=question)
    if history:
        state["history"] = [Turn.model_validate(t) for t in history]
    if contexts is None and context.retriever is not None:
        return {**state, "contexts": []}, context  # [] clears a thread's last contexts
    # The question and contexts are checked once, by start_turn, before anything runs.
    return {**state, "contexts": as_contexts(contexts or [])}, context


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
            "classifier": context.classifier,
            "model": _name(context.model),
        },
        callbacks=[JsonlTracer(path)] if path else None,
        configurable={"thread_id": thread} if thread is not None else {},
    )


def _name(model: object) -> str:
    return model if isinstance(model, str) else type(model).__name__


__all__ = [
    "AskOptions",
    "Event",
    "InputError",
    "Result",
    "aask",
    "as_contexts",
    "ask",
    "ask_stream",
    "run_context",
]
