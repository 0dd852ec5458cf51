"""Reliability in one run: injected faults, bad input, killed and racing writers, load.

Every case runs for real (scripted models, real files, real processes killed with SIGKILL)
and is counted as it ended: the same answer as without the fault, a visible degradation
(failures counted and said in the answer), a clear error, or a failure of ours (a crash,
a traceback, a lost document, a wrong answer). The last column must be 0.

    .venv/bin/python benchmarks/reliability.py [--kills 10] [--load-rounds 5]
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from contextorg import Context, ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.state import Turn
from contextorg.testing import (
    DEMO_COMPLETIONS,
    DEMO_READINGS,
    Fault,
    HashEmbedder,
    World,
    faulty,
    first_number,
    local_postgres,
    race_turns,
)
from contextorg.tools.inputs import InputError
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.text.visible import hidden

FOLLOW_UP = next(iter(DEMO_COMPLETIONS))
NODES: dict[str, tuple[str, dict[str, Any]]] = {
    "complete_question": ("CompletedQuestion", {"history": [Turn(question=DEMO_QUESTION)]}),
    "classify_relations (signals)": ("AnswerReading", {}),
    "classify_relations (stance)": ("StanceReading", {"question": "Was the tower built?"}),
    "classify_relations (batched)": ("BatchedRelations", {"classifier": "batched"}),
    "classify_relations (pairwise)": ("PairRelation", {"classifier": "pairwise"}),
    "classify_relations (extract)": ("ContextReading", {"classifier": "extract"}),
    "organize_groups": ("PluralQuestion", {"answer_from": "model"}),
    "answer_group": ("GroupAnswers", {"answer_from": "model"}),
    "write_note": ("SegmentNote", {"strategy": "summarize"}),
    "reduce_notes": (
        "MergedReasoning",
        {"strategy": "summarize", "segment_tokens": 30, "context_budget": 60},
    ),
    "debate agent": ("AgentAnswer", {"strategy": "madam"}),
    "debate aggregator": ("Aggregation", {"strategy": "madam"}),
}
KINDS = ("raise", "hang", "empty", "garble", "truncate", "invent")


def world() -> World:
    """The demo's scripted world, with the demo's follow-up."""
    return World(demo_contexts(), DEMO_READINGS, completions=DEMO_COMPLETIONS)


def run(model: Any, options: dict[str, Any]) -> Any:
    """The demo question (or its follow-up) under ``options``; fast retries and timeouts."""
    chosen = {"model_backoff": 0.0, "model_timeout": 0.5, **options}
    question = chosen.pop("question", FOLLOW_UP if "history" in chosen else DEMO_QUESTION)
    return ask(question, demo_contexts(), model=model, **chosen)


def faults() -> Counter[str]:
    """Each node x fault kind, once (the call is retried) and for good (it keeps failing)."""
    outcome: Counter[str] = Counter()
    for schema, options in NODES.values():
        clean = run(world().model(), options).text
        for kind in KINDS:
            for times in (1, None):
                fault = Fault(kind, schema=schema, times=times, seconds=1.0)
                try:
                    result = run(faulty(world().respond, fault), options)
                except Exception:  # noqa: BLE001 - counted: any escape is ours to fix
                    outcome["crashed"] += 1
                    continue
                failed = result.answer.failed_calls
                if result.text == clean and not failed:
                    outcome["same answer"] += 1
                elif failed and f"{failed} of" in result.text:
                    outcome["degraded visibly"] += 1
                elif kind == "invent" and "2050" not in result.text:
                    outcome["invented answer kept out"] += 1
                else:
                    outcome["silently wrong"] += 1
    return outcome


def bad_inputs(folder: Path) -> Counter[str]:
    """Files and inputs a user could give by mistake: each must be one clear error, or bounded."""
    outcome: Counter[str] = Counter()
    files = {
        "png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        "latin-1": "Café, since 1901.".encode("latin-1"),
        "nul": b"text \x00 here\n",
        "not json": b"{oops\n",
    }
    for name, content in files.items():
        file = folder / f"{name}.jsonl"
        file.write_bytes(content)
        # Malformed JSON is still text: as a --document it is read, rightly.
        for option in ("--contexts",) if name == "not json" else ("--contexts", "--document"):
            done = subprocess.run(
                [sys.executable, "-m", "contextorg", "ask", "When?", option, str(file),
                 "--model", "scripted:demo"],
                capture_output=True, text=True, timeout=120,
            )  # fmt: skip
            clear = done.returncode == 2 and "error:" in done.stderr
            outcome["clear error" if clear and "Traceback" not in done.stderr else "ours"] += 1
    model = World([], {}, unknown=first_number).model()
    big = Context(id="big", text="Opened in 1901. " + "Filler words here. " * 300_000)
    cases = {
        "5 MB context (corg)": lambda: ask("When?", [big], model=model),
        "5 MB context (base)": lambda: ask("When?", [big], model=model, strategy="base"),
        "2,000 contexts (base)": lambda: ask(
            "When?",
            [Context(id=str(n), text="Opened in 1901.") for n in range(2000)],
            model=model,
            strategy="base",
        ),  # fmt: skip
    }
    for run_case in cases.values():
        outcome["bounded answer" if "1901" in run_case().text else "ours"] += 1
    refused = {
        "2,000 contexts (corg)": lambda: ask(
            "When?", [Context(id=str(n), text="x") for n in range(2000)], model=model
        ),
        "a 20,000-character question": lambda: ask("Why? " * 4000, [big], model=model),
    }
    for refuse in refused.values():
        try:
            refuse()
            outcome["ours"] += 1
        except InputError:
            outcome["clear error"] += 1
    return outcome


WRITER = """
import sys
from contextorg.testing import HashEmbedder
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.text.visible import hidden
from contextorg.tools.retrieval.ingest import SourceDocument
folder, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
new = lambda: HybridIndex(folder, embedder=HashEmbedder())
for n in range(count):
    with HybridIndex.updating(folder, new, embedder=HashEmbedder()) as index:
        index.add([SourceDocument(id=f"{name}-{n}", content=f"{name} page {n}", format="text")])
"""


def writers(folder: Path, *jobs: tuple[str, int]) -> list[subprocess.Popen[str]]:
    """Processes that each add ``count`` documents named ``name-N``, one update each."""
    return [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(folder), name, str(count)],
            stderr=subprocess.DEVNULL,
            text=True,
        )
        for name, count in jobs
    ]


def durability(folder: Path, kills: int) -> Counter[str]:
    """Writers killed mid-write, writers racing, readers during writes."""
    outcome: Counter[str] = Counter()
    index = folder / "index"
    [seed] = writers(index, ("seed", 1))
    seed.wait(timeout=120)
    for n in range(kills):
        [victim] = writers(index, (f"kill{n}", 1000))
        time.sleep(0.4 + 0.3 * n)
        victim.send_signal(signal.SIGKILL)
        victim.wait(timeout=60)
        opened = HybridIndex.open(index, embedder=HashEmbedder())
        whole = "seed-0" in opened.documents and len(opened.units) == len(opened.vectors)
        outcome["killed writer: previous index whole" if whole else "ours"] += 1
    for n in range(3):
        racing = writers(index, (f"left{n}", 5), (f"right{n}", 5))
        for writer in racing:
            writer.wait(timeout=300)
        opened = HybridIndex.open(index, embedder=HashEmbedder())
        wanted = {f"{side}{n}-{k}" for side in ("left", "right") for k in range(5)}
        kept = wanted <= set(opened.documents)
        outcome["racing writers: nothing lost" if kept else "ours"] += 1
    [writer] = writers(index, ("more", 30))
    while writer.poll() is None:
        try:
            opened = HybridIndex.open(index, embedder=HashEmbedder())
            assert len(opened.units) == len(opened.vectors)
            outcome["reader during writes: one whole generation"] += 1
        except Exception:  # noqa: BLE001 - counted
            outcome["ours"] += 1
    return outcome


def load(rounds: int) -> dict[str, float]:
    """Seconds per question: alone, and 8 at once in one process on one SQLite store."""
    names = ["north", "south", "east", "west", "upper", "lower", "old", "new"]
    store = f"sqlite:///{tempfile.mkdtemp()}/threads.sqlite"
    wrong = 0

    def one(n: int, thread: str) -> float:
        nonlocal wrong
        contexts = [Context(id="a", text=f"The {names[n]} bridge opened in {1900 + n}.")]
        started = time.perf_counter()
        result = ask(
            f"When did the {names[n]} bridge open?", contexts,
            model=World([], {}, unknown=first_number).model(), thread=thread, checkpoints=store,
        )  # fmt: skip
        wrong += str(1900 + n) not in result.text
        return time.perf_counter() - started

    alone = [one(n % 8, f"alone-{n}") for n in range(rounds * 8)]
    under_load = []
    with ThreadPoolExecutor(max_workers=8) as pool:
        for r in range(rounds):
            started = time.perf_counter()
            list(pool.map(lambda n, r=r: one(n, f"load-{r}-{n}"), range(8)))
            under_load.append((time.perf_counter() - started) / 8)
    return {
        "alone": statistics.median(alone),
        "eight at once": statistics.median(under_load),
        "wrong answers": wrong,
    }


def racing_turns(trials: int, store: str) -> Counter[str]:
    """8 processes at once ask one turn each on one thread, ``trials`` times on a fresh store."""
    outcome: Counter[str] = Counter()
    for trial in range(trials):
        with tempfile.TemporaryDirectory() as tmp:
            where = store.replace("{tmp}", tmp).replace("{trial}", str(trial))
            finished, kept = race_turns(where, 8, thread=f"race-{trial}")
        if kept == finished and len(set(kept)) == 8:
            outcome["8 of 8 turns kept, in the order they ran"] += 1
        else:
            outcome["ours"] += 1
            print(f"  trial {trial}: kept {len(kept)} of 8: {kept}", file=sys.stderr)
    return outcome


HOSTILE = "\x1b[2J\x1b]0;pwned\x07\x9b31m\u202e\u2066\u200b\x7f\u2028\r"


def terminal(folder: Path) -> Counter[str]:
    """Every command over hostile titles, texts, files and replies: raw control characters out."""
    contexts = folder / "hostile.jsonl"
    rows = [{"id": "a", "title": HOSTILE, "text": f"It opened in 1932 {HOSTILE}."}]
    contexts.write_text("".join(json.dumps(r) + "\n" for r in rows))
    docs = folder / f"docs{HOSTILE[:9]}"
    docs.mkdir()
    (docs / f"page{HOSTILE[:6]}.txt").write_text(f"The tower {HOSTILE} opened in 1987.")
    bad_id = folder / "bad-id.jsonl"
    bad_id.write_text(json.dumps({"id": f"at\u200blas{HOSTILE}", "text": "It opened in 1932."}))
    trace, ix = folder / "trace.jsonl", folder / "ix"
    ask_argv = ["ask", f"When? {HOSTILE}", "--model", "scripted:any", "--contexts"]
    commands = {
        "ask": [*ask_argv, str(contexts), "--trace", str(trace)],
        "ask --json": [*ask_argv, str(contexts), "--json"],
        "ask, hostile id": [*ask_argv, str(bad_id)],
        "trace": ["trace", str(trace)],
        "trace --json": ["trace", str(trace), "--json"],
        "index": ["index", str(docs), "--index", str(ix)],
        "search": ["search", f"tower {HOSTILE}", "--index", str(ix)],
        "search --json": ["search", "tower", "--index", str(ix), "--json"],
    }
    outcome: Counter[str] = Counter()
    for name, argv in commands.items():
        done = subprocess.run(
            [sys.executable, "-m", "contextorg", *argv], capture_output=True, timeout=300
        )
        shown = (done.stdout + done.stderr).decode("utf-8", errors="replace")
        leaked = [c for c in shown if hidden(c)]
        if leaked or done.returncode not in (0, 2):
            outcome["ours"] += 1
            print(f"  {name}: exit {done.returncode}, {len(leaked)} raw", file=sys.stderr)
        else:
            outcome["no raw control character written"] += 1
    return outcome


def main() -> None:
    """Run every case and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--load-rounds", type=int, default=5)
    parser.add_argument("--race-trials", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, local_postgres() as postgres:
        folder = Path(tmp)
        rows = {
            "faults (12 model-calling steps x 6 kinds x once/always)": faults(),
            "bad input": bad_inputs(folder),
            "durability": durability(folder, args.kills),
            "terminal (8 commands, hostile data)": terminal(folder),
            f"8 turns at once on one thread, SQLite ({args.race_trials} trials)": racing_turns(
                args.race_trials, "sqlite:///{tmp}/threads.sqlite"
            ),
        }
        if postgres is not None:
            rows[f"8 turns at once on one thread, PostgreSQL ({args.race_trials} trials)"] = (
                racing_turns(args.race_trials, postgres)
            )
    print("| cases | outcome | count |\n|---|---|---|")
    for name, outcome in rows.items():
        for what, count in sorted(outcome.items(), key=lambda kv: kv[0] == "ours"):
            print(f"| {name} | {what} | {count} |")
        if "ours" not in outcome:
            print(f"| {name} | ours (crash, traceback, loss, silent error) | 0 |")
    timing = load(args.load_rounds)
    print("\n| 8 concurrent `ask` (one process, one SQLite thread store) | value |\n|---|---|")
    print(f"| s per question alone (median) | {timing['alone']:.3f} |")
    print(f"| s per question, 8 at once (median) | {timing['eight at once']:.3f} |")
    print(f"| ratio under load / alone | {timing['eight at once'] / timing['alone']:.2f} |")
    print(f"| wrong answers | {timing['wrong answers']:.0f} |")


if __name__ == "__main__":
    main()
