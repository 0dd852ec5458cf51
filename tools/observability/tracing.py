"""JSONL traces: every LangChain run of a question (graph, nodes, model calls) as one line each.

``JsonlTracer`` is a LangChain callback handler. Pass it in ``config["callbacks"]``, or use
``ask(..., trace="runs.jsonl")`` or ``CONTEXTORG_TRACE``. When the top run ends, it appends every
run of the tree with ids, parent ids, timings, tokens, tags, metadata, inputs and outputs.
:func:`load_trace` and :func:`run_tree` read the file back (``contextorg trace FILE`` prints it).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from langchain_core.tracers.base import BaseTracer
from langchain_core.tracers.schemas import Run
from pydantic import BaseModel
from pydantic_core import to_jsonable_python

from contextorg.tools.inputs import InputError, jsonl_objects
from contextorg.tools.text.visible import json_line

logger = logging.getLogger("contextorg")


class JsonlTracer(BaseTracer):
    """Appends each finished run tree to a JSONL file, one line per run, parents first."""

    name: str = "contextorg_jsonl"

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self.error: OSError | None = None
        """The first write that failed (the disk full, the file gone read-only), if one did."""

    def _persist_run(self, run: Run) -> None:
        lines = [json_line(r, default=_jsonable, allow_nan=True) for r in _flatten(run)]
        with self._lock:
            try:
                _append(self.path, ("\n".join(lines) + "\n").encode("utf-8"))
            except OSError as exc:
                # The run has its answer: say once what was not written, and why, and go on.
                if self.error is None:
                    logger.warning(
                        "the trace was not written to %s (%s): the answer is complete; give "
                        "--trace (trace=) a file where it can be written",
                        self.path,
                        exc.strerror or exc,
                    )
                self.error = exc


def _append(file: Path, data: bytes) -> None:
    """Append ``data`` to ``file`` whole, or leave the file as it was.

    A write cut short (the disk full, a file size limit) is taken back, so the next run's lines
    never follow a torn one.
    """
    with file.open("ab", buffering=0) as out:
        start = out.seek(0, 2)
        try:
            view = memoryview(data)
            while view:
                view = view[out.write(view) or 0 :]
        except OSError:
            with contextlib.suppress(OSError):  # a device such as /dev/full takes no truncate
                out.truncate(start)
            raise


def _flatten(run: Run, trace_id: str | None = None) -> Iterator[dict[str, Any]]:
    trace = trace_id or str(run.id)
    yield {
        "id": str(run.id),
        "parent_id": str(run.parent_run_id) if run.parent_run_id else None,
        "trace_id": trace,
        "name": run.name,
        "run_type": run.run_type,
        "start": run.start_time.isoformat(),
        "end": run.end_time.isoformat() if run.end_time else None,
        "seconds": _seconds(run.start_time, run.end_time),
        "tags": list(run.tags or []),
        "metadata": _metadata(run),
        "tokens": _tokens(run),
        "inputs": run.inputs,
        "outputs": run.outputs,
        "error": run.error,
    }
    for child in sorted(run.child_runs, key=lambda r: r.start_time):
        yield from _flatten(child, trace)


def _metadata(run: Run) -> dict[str, Any]:
    extra = run.extra or {}
    return dict(extra.get("metadata") or {})


def _seconds(start: datetime, end: datetime | None) -> float | None:
    return round((end - start).total_seconds(), 6) if end else None


def _tokens(run: Run) -> dict[str, int] | None:
    """Input and output tokens of a model call, from its message's usage metadata."""
    if run.run_type not in ("llm", "chat_model") or not run.outputs:
        return None
    for generations in run.outputs.get("generations", []):
        for generation in generations:
            message = generation.get("message") if isinstance(generation, dict) else None
            usage = getattr(message, "usage_metadata", None)
            if usage is None and isinstance(message, dict):
                usage = message.get("kwargs", {}).get("usage_metadata")
            if usage:
                return {"input": int(usage["input_tokens"]), "output": int(usage["output_tokens"])}
    return None


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    if isinstance(value, datetime):
        return value.isoformat()
    return repr(value)


@dataclass
class TraceRun:
    """One run read back from a trace file, with its children in start order."""

    record: dict[str, Any]
    children: list[TraceRun] = field(default_factory=list)

    @property
    def tokens(self) -> tuple[int, int]:
        """Input and output tokens of this run and everything under it."""
        own = self.record.get("tokens") or {}
        totals = [own.get("input", 0), own.get("output", 0)]
        for child in self.children:
            i, o = child.tokens
            totals[0] += i
            totals[1] += o
        return totals[0], totals[1]

    @property
    def model_calls(self) -> int:
        """Model calls in this run and under it."""
        own = self.record["run_type"] in ("llm", "chat_model")
        return int(own) + sum(c.model_calls for c in self.children)


def load_trace(path: str | Path) -> list[dict[str, Any]]:
    """Every run record in a trace file; a clear error for a missing or malformed file."""
    file = Path(path)
    missing = f"no such trace file: {file} (write one with `contextorg ask --trace`)"
    records = []
    torn: list[int] = []
    for number, record in jsonl_objects(file, missing=missing, torn_end=torn):
        if not {"id", "name", "run_type"} <= record.keys():
            raise InputError(f"{file}, line {number}: not a trace record (no id, name, run_type)")
        records.append(record)
    if not records:
        raise InputError(
            f"{file}, line {torn[0]}: not valid JSON" if torn else f"{file} holds no runs"
        )
    for number in torn:
        logger.warning(
            "%s, line %d: a torn last line (a run still being written?), skipped", file, number
        )
    return records


def run_tree(records: list[dict[str, Any]], run_id: str | None = None) -> TraceRun:
    """The tree under ``run_id``, or under the last top-level run.

    Run ids are UUID7s (time first), so a short piece of the end identifies a run best; a
    unique prefix works too.
    """
    nodes = {r["id"]: TraceRun(r) for r in records}
    for node in nodes.values():
        parent = node.record.get("parent_id")
        if parent in nodes:
            nodes[parent].children.append(node)
    if run_id is None:
        roots = [n for n in nodes.values() if n.record.get("parent_id") not in nodes]
        return roots[-1]
    if run_id in nodes:
        return nodes[run_id]
    matches = [n for i, n in nodes.items() if i.endswith(run_id) or i.startswith(run_id)]
    if len(matches) != 1:
        found = "no run" if not matches else f"{len(matches)} runs"
        raise InputError(f"{found} with id {run_id!r} in the trace: give more of the id")
    return matches[0]


def key_output(run: TraceRun) -> str:
    """What a node decided, in one line: relations, groups, the answer."""
    return describe_node(run.record["name"], run.record.get("outputs") or {})


def describe_node(name: str, outputs: Mapping[str, Any] | None) -> str:
    """One line on a node's output (records or their JSON, as in a trace): what it decided."""
    data = to_jsonable_python(outputs or {}, fallback=str)
    outputs = data if isinstance(data, dict) else {}
    if name == "complete_question" and isinstance(outputs.get("completed_question"), str):
        return str(outputs["completed_question"])
    if name == "explain" and outputs.get("attribution"):
        tops = [
            f"{a['answer']} <- {max(a['scores'], key=a['scores'].get)}"
            for a in outputs["attribution"]
        ]
        return "; ".join(tops)
    if name == "classify_relations":
        graph = outputs.get("relation_graph") or {}
        labels: dict[str, int] = {}
        for relation in graph.get("relations") or []:
            labels[relation["label"]] = labels.get(relation["label"], 0) + 1
        summary = ", ".join(f"{n} {label}" for label, n in sorted(labels.items())) or "no pairs"
        said: dict[str, int] = {}
        for reading in (graph.get("readings") or {}).values():
            for key in reading["answers"] or [reading["status"]]:
                said[key] = said.get(key, 0) + 1
        read = ", ".join(f"{key} ×{n}" if n > 1 else key for key, n in said.items())
        return f"read {read} · {summary}" if read else summary
    if name == "organize_groups" and outputs.get("organization"):
        groups = outputs["organization"]["groups"]
        shown = " | ".join(", ".join(g["context_ids"]) for g in groups)
        modes = {g.get("answered_by", "model") for g in groups}
        how = f" (from {', '.join(sorted(modes))})" if modes - {"model"} else ""
        return f"{len(groups)} groups{how}: {shown}"
    if name == "retrieve":
        return f"{len(outputs.get('contexts') or [])} contexts"
    if name == "aggregate" and outputs.get("answer"):
        return str(outputs["answer"]["text"]).replace("\n", " ")
    if name in ("group", "answer_group") and outputs.get("group_answers"):
        items = outputs["group_answers"][0].get("answers") or []
        return "; ".join(f"{a['answer']} {a['citations']}" for a in items) or "no answer"
    return ""
