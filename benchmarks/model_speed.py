"""Where a question's seconds go with the embedded model, call by call.

For the demo question and RAMDocs dev questions, each model call's wall time (as a node sees
it: LangChain, retries, cache lookup included) is set against llama.cpp's own time for the
same tokens (``llama_perf_context``: prompt evaluation and generation), and the rest is split
into what llama-cpp-python does around them in Python (sampling with the grammar, copying
logits, the logprob processor), prompt formatting and tokenization, and ours. Time outside
model calls (graph, embeddings, relation graph) is counted per question. Model load, grammar
compilation per schema and a model-free process (``ask --model scripted:demo``) are timed once.

    .venv/bin/python benchmarks/model_speed.py [--questions 10] [--threads N]

Run it on a quiet machine: every figure is a share of the same run's time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shared_data import RAMDOCS

from contextorg import ask
from contextorg.datasets import load_dataset
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.tools.models import llama as llama_model
from contextorg.tools.models.llama import LlamaCppChatModel
from contextorg.tools.models.resolve import resolve_chat_model


@dataclass
class Call:
    """One model call: wall time as a node sees it and what it was spent on (s)."""

    wall: float = 0.0  # BaseChatModel.invoke, less any wait for another call to finish
    complete: float = 0.0  # llama-cpp-python's create_completion, with our prompt request
    request: float = 0.0  # chat template, tokenization, grammar lookup
    prompt_eval: float = 0.0  # llama.cpp, from its own counters
    generate: float = 0.0
    eval_calls: float = 0.0  # Llama.eval: llama.cpp's decode plus copying the logits out
    sample: float = 0.0  # Llama.sample: grammar, repeat penalty, logits processors
    sampler_init: float = 0.0  # the sampler chain, built per call (parses the grammar)
    logprobs: float = 0.0
    waited: float = 0.0
    prompt_tokens: int = 0
    reply_tokens: int = 0

    @property
    def llama(self) -> float:
        """llama.cpp's own time for this call's tokens."""
        return self.prompt_eval + self.generate


@dataclass
class Question:
    """One question: its wall time and its model calls."""

    name: str
    wall: float = 0.0
    calls: list[Call] = field(default_factory=list)


class Timer:
    """Clocks on the embedded model's moving parts, one :class:`Call` per model call.

    Calls may come from parallel group nodes: each thread fills its own call, and llama.cpp's
    counters are reset and read while the model's lock is held, so they belong to one call.
    """

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.schemas: dict[str, None] = {}
        self._local = threading.local()
        self._guard = threading.Lock()

    @property
    def current(self) -> Call:
        """The call this thread is in."""
        call = getattr(self._local, "call", None)
        if call is None:  # a part timed outside invoke (none expected): count it apart
            call = self._local.call = Call()
        return call

    def add(self, attribute: str, seconds: float) -> None:
        """Count ``seconds`` to the current call's ``attribute``."""
        setattr(self.current, attribute, getattr(self.current, attribute) + seconds)

    @contextmanager
    def installed(self, model: LlamaCppChatModel) -> Iterator[None]:
        """Clocks on ``model`` and its llama.cpp context while the block runs."""
        import llama_cpp

        llama = model._llama()
        restore: list[Callable[[], None]] = []

        def wrap(owner: Any, name: str, attribute: str) -> None:
            original = getattr(owner, name)

            def timed(*args: Any, **kwargs: Any) -> Any:
                start = time.perf_counter()
                try:
                    return original(*args, **kwargs)
                finally:
                    self.add(attribute, time.perf_counter() - start)

            setattr(owner, name, timed)
            if owner is llama:
                restore.append(lambda: delattr(owner, name))
            else:
                restore.append(lambda: setattr(owner, name, original))

        invoke = LlamaCppChatModel.invoke

        def timed_invoke(this: Any, *args: Any, **kwargs: Any) -> Any:
            self._local.call = call = Call()
            start = time.perf_counter()
            try:
                return invoke(this, *args, **kwargs)
            finally:
                call.wall = time.perf_counter() - start - call.waited
                self._local.call = None
                with self._guard:
                    self.calls.append(call)

        timer = self

        class TimedLock:
            """The model's lock: time waited for it; llama.cpp's counters while held."""

            def __init__(self, lock: Any) -> None:
                self.lock = lock

            def __enter__(self) -> None:
                start = time.perf_counter()
                self.lock.acquire()
                timer.add("waited", time.perf_counter() - start)
                llama_cpp.llama_perf_context_reset(llama.ctx)

            def __exit__(self, *exc: object) -> None:
                perf = llama_cpp.llama_perf_context(llama.ctx)
                call = timer.current
                call.prompt_eval += perf.t_p_eval_ms / 1000
                call.generate += perf.t_eval_ms / 1000
                call.prompt_tokens += perf.n_p_eval
                call.reply_tokens += perf.n_eval
                self.lock.release()

        grammar = llama_model._grammar

        def recording_grammar(schema: str) -> Any:
            self.schemas.setdefault(schema, None)
            return grammar(schema)

        LlamaCppChatModel.invoke = timed_invoke  # type: ignore[method-assign]
        restore.append(lambda: setattr(LlamaCppChatModel, "invoke", invoke))
        lock = model._lock
        model._lock = TimedLock(lock)  # type: ignore[assignment]
        restore.append(lambda: setattr(model, "_lock", lock))
        llama_model._grammar = recording_grammar  # type: ignore[assignment]
        restore.append(lambda: setattr(llama_model, "_grammar", grammar))
        wrap(LlamaCppChatModel, "_request", "request")
        wrap(llama, "create_completion", "complete")
        wrap(llama_model._Logprobs, "__call__", "logprobs")
        wrap(llama, "eval", "eval_calls")
        wrap(llama, "sample", "sample")
        wrap(llama, "_init_sampler", "sampler_init")
        try:
            yield
        finally:
            for undo in reversed(restore):
                undo()


def timed_question(
    name: str, question: str, contexts: Any, model: LlamaCppChatModel, timer: Timer
) -> Question:
    """Ask one question with ``model``; its calls as ``timer`` saw them."""
    timer.calls = []
    start = time.perf_counter()
    ask(question, contexts, model=model)
    return Question(name, time.perf_counter() - start, list(timer.calls))


def row(question: Question) -> dict[str, Any]:
    """One table row: tokens, ratios to llama.cpp's time, and where the wall time went (%)."""
    calls = question.calls
    wall = sum(c.wall for c in calls)
    llama = sum(c.llama for c in calls)
    eval_python = sum(c.eval_calls for c in calls) - llama
    parts = {
        "prompt eval": sum(c.prompt_eval for c in calls),
        "generation": sum(c.generate for c in calls),
        "logits copy": max(eval_python, 0.0),
        "sampling": sum(c.sample - c.logprobs for c in calls),
        "logprobs": sum(c.logprobs for c in calls),
        "sampler setup": sum(c.sampler_init for c in calls),
        "template+tokenize": sum(c.request for c in calls),
    }
    inside = sum(c.complete for c in calls) + parts["template+tokenize"]
    # llama-cpp-python's own loop around eval and sample: stop checks, detokenizing
    parts["other llama-cpp-python"] = max(inside - sum(parts.values()), 0.0)
    parts["ours (LangChain, parsing, cache)"] = wall - inside
    parts["outside calls"] = question.wall - wall
    ratios = sorted(c.wall / c.llama for c in calls if c.llama > 0)
    return {
        "question": question.name,
        "seconds": question.wall,
        "calls": len(calls),
        "prompt tokens evaluated": sum(c.prompt_tokens for c in calls),
        "reply tokens": sum(c.reply_tokens for c in calls),
        "wall / llama.cpp": question.wall / llama if llama else float("nan"),
        "per call, median": statistics.median(ratios) if ratios else float("nan"),
        "per call, worst": ratios[-1] if ratios else float("nan"),
        **{f"{k} %": 100 * v / question.wall for k, v in parts.items()},
    }


def print_table(rows: list[dict[str, Any]]) -> None:
    """Print ``rows`` as one markdown table."""
    columns = list(rows[0])
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for r in rows:
        cells = [
            f"{v:.2f}"
            if isinstance(v, float) and "%" not in k
            else f"{v:.1f}"
            if isinstance(v, float)
            else str(v)
            for k, v in r.items()
        ]
        print("| " + " | ".join(cells) + " |")


def median_row(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Each column's median."""
    out: dict[str, Any] = {}
    for key in rows[0]:
        values = [r[key] for r in rows]
        out[key] = "median" if key == "question" else statistics.median(values)
    return out


def scripted_process_seconds(runs: int = 3) -> float:
    """Median wall time of ``contextorg ask --model scripted:demo``, process start included."""
    exe = Path(sys.executable).with_name("contextorg")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [str(exe), "ask", "--model", "scripted:demo"], check=True, capture_output=True
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def grammar_seconds(schemas: list[str]) -> dict[str, float]:
    """Cold compile time of each schema's grammar (what the per-schema cache saves)."""
    compile_ = llama_model._grammar.__wrapped__
    out = {}
    for schema in schemas:
        start = time.perf_counter()
        compile_(schema)
        out[json.loads(schema).get("title", schema[:30])] = time.perf_counter() - start
    return out


def main() -> None:
    """Time the demo and ``--questions`` RAMDocs dev questions; print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=10, help="RAMDocs dev questions")
    parser.add_argument("--threads", type=int, default=None, help="CPU threads (all cores)")
    args = parser.parse_args()

    model = resolve_chat_model("local")
    assert isinstance(model, LlamaCppChatModel)
    if args.threads is not None:
        model = model.model_copy(update={"n_threads": args.threads})
    start = time.perf_counter()
    model._llama()
    load = time.perf_counter() - start

    timer = Timer()
    questions: list[Question] = []
    with timer.installed(model):
        questions.append(timed_question("demo", DEMO_QUESTION, demo_contexts(), model, timer))
        items = load_dataset(RAMDOCS, split="dev", sample=args.questions, seed=0)
        for item in items:
            questions.append(timed_question(item.id, item.question, item.contexts, model, timer))

    rows = [row(q) for q in questions]
    print_table([*rows, median_row(rows[1:])])
    demo = questions[0]
    print(
        f"\ndemo question: {demo.wall:.1f} s wall, {len(demo.calls)} calls; "
        f"model load {load:.1f} s (once per process, not in the rows); "
        f"`ask --model scripted:demo` process: {scripted_process_seconds():.2f} s"
    )
    grammars = grammar_seconds(list(timer.schemas))
    shown = ", ".join(f"{k} {1000 * v:.0f} ms" for k, v in grammars.items())
    print(f"grammar compilation, once per schema (cached after): {shown}")


if __name__ == "__main__":
    main()
