"""``contextorg ask``: one question over an index, a contexts file, a document or the demo."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from contextorg.api import Result, ask, run_context
from contextorg.cli.common import (
    CheckpointsOption,
    CompletionOption,
    ContextsOption,
    IndexOption,
    KOption,
    MaxContextsOption,
    ModelOption,
    ModelTimeoutOption,
    NoSearchTranslatedOption,
    SegmentSearchOption,
    StrategyOption,
    StructuredOutputOption,
    ThreadWaitOption,
    check_outputs,
    finite,
    show_result,
    status,
    timeout_choice,
)
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.nodes.start_turn import check_choices
from contextorg.report import write_report
from contextorg.state import Context
from contextorg.tools.inputs import InputError, load_contexts, load_document
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.slots import choices
from contextorg.tools.text.visible import json_line

QuestionArgument = Annotated[
    str | None,
    typer.Argument(help="The question (default with the demo corpus: its question)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
ClassifierOption = Annotated[
    str, typer.Option(help=f"Relation classifier: {choices('classifier')}.")
]
DocumentOption = Annotated[
    Path | None,
    typer.Option(
        help="One long text file: read segment by segment (corg), or through map-reduce "
        "notes with --strategy separate."
    ),
]
RerankerOption = Annotated[
    str | None,
    typer.Option(help="Rerank --index hits: llm (one call per hit) or cross-encoder:FOLDER."),
]
TraceOption = Annotated[
    Path | None, typer.Option(help="Append every run to this JSONL trace file.")
]
ReportOption = Annotated[
    Path | None, typer.Option(help="Write a self-contained HTML report of the run.")
]
PhoenixOption = Annotated[
    str | None, typer.Option(help="Send spans to the Arize Phoenix at this URL.")
]
ThreadOption = Annotated[
    str | None, typer.Option(help="Continue this conversation (follow-ups are completed).")
]
ExplainOption = Annotated[
    bool,
    typer.Option(
        "--explain", help="Show which contexts caused each answer (regenerates without each)."
    ),
]
AttributorOption = Annotated[
    str, typer.Option(help=f"How --explain attributes: {choices('attributor')}.")
]
EmbedderOption = Annotated[
    str,
    typer.Option(
        help=f"Embedder for --explain and the kmeans/retrieve strategies: {choices('embedder')}."
    ),
]
ConflictsOption = Annotated[
    str,
    typer.Option(
        help=f"When sources disagree: {choices('conflict_policy')} (flags minority answers)."
    ),
]


def ask_command(
    question: QuestionArgument = None,
    contexts: ContextsOption = None,
    as_json: JsonOption = False,
    strategy: StrategyOption = "corg",
    classifier: ClassifierOption = "signals",
    model: ModelOption = None,
    structured_output: StructuredOutputOption = "auto",
    document: DocumentOption = None,
    index: IndexOption = None,
    k: KOption = 8,
    reranker: RerankerOption = None,
    trace: TraceOption = None,
    report: ReportOption = None,
    phoenix: PhoenixOption = None,
    thread: ThreadOption = None,
    checkpoints: CheckpointsOption = None,
    thread_wait: ThreadWaitOption = 300.0,
    max_contexts: MaxContextsOption = 200,
    completion: CompletionOption = "llm",
    explain: ExplainOption = False,
    attributor: AttributorOption = "counterfactual",
    embedder: EmbedderOption = "e5",
    conflicts: ConflictsOption = "show",
    segment_search: SegmentSearchOption = False,
    no_search_translated: NoSearchTranslatedOption = False,
    model_timeout: ModelTimeoutOption = None,
) -> None:
    """Answer QUESTION from an index, the contexts in a file, or the bundled demo corpus."""
    options: dict[str, Any] = dict(
        model=model, strategy=strategy, classifier=classifier, completion=completion,
        structured_output=structured_output, conflict_policy=conflicts, attributor=attributor,
        embedder=embedder, reranker=reranker, segment_search=segment_search,
        search_translated=not no_search_translated, **timeout_choice(model_timeout),
    )  # fmt: skip
    check_choices(run_context(**options))  # a typo fails before any file or index is read
    question, items, retriever = _evidence(question, contexts, document, index)
    check_outputs({"--trace": trace, "--report": report}, [contexts, document])
    result = ask(
        question, items, trace=trace, phoenix=phoenix, thread=thread, checkpoints=checkpoints,
        thread_wait=thread_wait, max_contexts=max_contexts, retriever=retriever, top_k=k,
        explain=explain, **options,
    )  # fmt: skip
    if as_json:
        print(json_line(finite(result.summary())))
    else:
        show_result(result)
    if report is not None:  # after the answer: a report that cannot be written loses nothing
        _write_report(result, report)
    if result.answer.failed:
        raise typer.Exit(3)


def _write_report(result: Result, report: Path) -> None:
    try:
        status(f"report: {write_report(result, report)}")
    except OSError as exc:
        raise InputError(f"the report could not be written to {report}: {exc}") from None


def _evidence(
    question: str | None,
    contexts: Path | None,
    document: Path | None,
    index: Path | None,
) -> tuple[str, list[Context] | None, HybridIndex | None]:
    """The question, and the contexts or the index to search."""
    if sum(x is not None for x in (document, contexts, index)) > 1:
        raise InputError("give one of --contexts, --document or --index")
    items: list[Context] | None = None
    retriever = None
    if index is not None:
        retriever = HybridIndex.open(index)  # opened once; a missing index fails before any model
    elif document is not None:
        items = [load_document(document)]
    elif contexts is None:
        items = demo_contexts()
        question = DEMO_QUESTION if question is None else question
    else:
        items = load_contexts(contexts)
    if question is None:
        raise InputError('the question is missing: contextorg ask "QUESTION" --contexts FILE')
    return question, items, retriever
