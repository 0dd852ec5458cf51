"""Everyday inputs outside the benchmarks: does each shown answer say only what its sources say?

Small cases written by hand (``data/everyday_cases.jsonl``), in five kinds: corrections
and negations ("actually opened in 1934, not in 1932", "it was once believed", a struck-out
owner), languages and scripts (Chinese, Japanese, Thai, Burmese, Tamil, Arabic, Hebrew, ...),
wiki and knowledge-base pages (owner tables, hand-overs, archived pages, FAQs, tickets),
yes/no questions in eight languages, and formats and question types (dates in digits, units,
e-mail addresses, lists, markdown). Each case says which answers must be shown and which
contexts must cite them (``must``; "" for a yes/no side), what must never be shown
(``never``), which contexts must not cite an answer (``uncited``), and for a yes/no question
the side (``side``). A disputed answer does not count as shown, nor, for ``never``, one shown
as about a namesake of the question's subject ("Dan Whitfield (Falcon Hiking Club)" for "Who
leads the Falcon team?").

Each case is asked with ``corg`` (the default) and with ``base`` (every context in one prompt:
what a stock RAG chain does), with the embedded model. The model's replies are stored in
``--out``: a rerun replays them (0 calls) and asks only what changed. With
``--model-server``, the same weights answer behind llama.cpp's OpenAI-compatible server
(``make model-server``'s, started on 127.0.0.1 for the run), stored in ``--out``'s
``model-server`` folder, and each case is compared with the embedded model's.

    python benchmarks/everyday_cases.py [--model-server]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from contextorg import Context, Result, ask
from contextorg.testing import MODEL_SERVER_NAME, free_port, start_model_server
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.persistence.response_cache import SQLiteResponseCache, with_response_cache
from contextorg.tools.text.normalize import polarity
from contextorg.tools.text.phrases import namesake

CASES = Path(__file__).parent / "data" / "everyday_cases.jsonl"
KINDS = (
    "corrections",
    "languages and scripts",
    "wiki and knowledge-base pages",
    "yes/no",
    "formats and question types",
)


def load_cases() -> list[dict[str, Any]]:
    """The cases, one JSON object a line."""
    return [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines() if line]


def problems_of(case: dict[str, Any], result: Result) -> tuple[list[list[Any]], list[str]]:
    """What was shown (answer, citations), and every way it falls short of the case.

    An answer shown as about a namesake of the question's subject is written with it:
    "Dan Whitfield (Falcon Hiking Club)" for "Who leads the Falcon team?".
    """
    shown: list[list[Any]] = []
    namesakes: set[str] = set()
    for a in (a for a in result.answer.answers if not a.disputed):
        answer = a.answer
        if a.about and namesake(case["question"], a.about) is not None:
            answer = f"{a.answer} ({a.about})"
            namesakes.add(answer)
        shown.append([answer, list(a.citations)])
    problems: list[str] = []
    for want, ids in case["must"].items():
        cited = {c for answer, citations in shown if want.lower() in answer.lower()
                 for c in citations}  # fmt: skip
        if not any(want.lower() in answer.lower() for answer, _ in shown):
            problems.append(f"missing {want!r}" if want else "no answer")
        elif missing := [i for i in ids if i not in cited]:
            problems.append(f"{want!r} not cited by {missing}")
    for bad in case.get("never", []):
        if any(bad.lower() in answer.lower() for answer, _ in shown if answer not in namesakes):
            problems.append(f"shows {bad!r}")
    for bad, ids in case.get("uncited", {}).items():
        for answer, citations in shown:
            if bad.lower() in answer.lower() and (wrong := set(citations) & set(ids)):
                problems.append(f"{bad!r} cited by {sorted(wrong)}")
    if "side" in case:
        sides = [polarity(answer) for answer, _ in shown]
        if case["side"] not in sides:
            problems.append(f"no {'yes' if case['side'] else 'no'}")
        if (not case["side"]) in sides:
            problems.append("both sides")
    return shown, problems


def run_case(
    case: dict[str, Any], strategy: str, model: Any, out: Path, again: bool = False
) -> dict[str, Any]:
    """One case with one strategy: stored, or asked now and stored.

    With ``again``, a stored case is asked again (its replies come from the response cache)
    and kept as stored, seconds and all, unless what it shows or its problems changed; a
    changed one keeps its seconds when it made as many calls (they were replayed).
    """
    file = out / "items" / strategy / f"{case['name']}.json"
    stored: dict[str, Any] | None = None
    if file.exists():
        stored = json.loads(file.read_text(encoding="utf-8"))
        if stored["question"] != case["question"] or stored["contexts"] != case["contexts"]:
            stored = None
        elif not again:
            return stored
    contexts = [Context(id=k, text=v) for k, v in case["contexts"].items()]
    started = time.perf_counter()
    result = ask(case["question"], contexts, model=model, strategy=strategy)
    seconds = time.perf_counter() - started
    shown, problems = problems_of(case, result)
    record = {
        "name": case["name"],
        "kind": case["kind"],
        "question": case["question"],
        "contexts": case["contexts"],
        "shown": shown,
        "problems": problems,
        "dropped": result.summary()["dropped"],
        "calls": result.summary()["usage"]["llm_calls"],
        "seconds": round(seconds, 2),
    }
    if stored is not None:
        if (stored["shown"], stored["problems"]) == (record["shown"], record["problems"]):
            return stored
        print(f"{strategy} {case['name']}: changed from {stored['shown']}", file=sys.stderr)
        if record["calls"] == stored["calls"]:  # replayed: the seconds are the first run's
            record["seconds"] = stored["seconds"]
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
    return record


@contextmanager
def model_server(threads: int) -> Iterator[Any]:
    """``openai:NAME`` behind llama.cpp's server on the embedded weights, for one run."""
    python = Path(__file__).parents[1] / ".venv-model-server" / "bin" / "python"
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_model_server(python, port, Path(folder) / "server.log", threads=threads)
        os.environ["OPENAI_BASE_URL"] = f"http://127.0.0.1:{port}/v1"
        try:
            yield resolve_chat_model(f"openai:{MODEL_SERVER_NAME}")
        finally:
            server.terminate()
            server.wait(timeout=30)


def same_as_embedded(records: list[dict[str, Any]], embedded: Path) -> tuple[int, int]:
    """How many of ``records`` show what the embedded model's stored items show, of how many."""
    compared = same = 0
    for record in records:
        file = embedded / f"{record['name']}.json"
        if file.exists():
            compared += 1
            same += json.loads(file.read_text(encoding="utf-8"))["shown"] == record["shown"]
    return same, compared


def main() -> None:
    """Run (or replay) every case with every strategy and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strategies", default="corg,base")
    parser.add_argument("--only", nargs="*", default=[], help="case names")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/everyday-cases"))
    parser.add_argument(
        "--model-server",
        action="store_true",
        help="ask through llama.cpp's OpenAI-compatible server on the same weights",
    )
    parser.add_argument(
        "--again",
        action="store_true",
        help="ask stored cases again (replies replay from the cache) and keep changed answers",
    )
    args = parser.parse_args()
    strategies = args.strategies.split(",")
    cases = [c for c in load_cases() if not args.only or c["name"] in args.only]
    embedded, out = args.out, args.out / "model-server" if args.model_server else args.out
    out.mkdir(parents=True, exist_ok=True)
    threads = int(os.environ.setdefault("CONTEXTORG_THREADS", "2"))
    records: dict[str, list[dict[str, Any]]] = {s: [] for s in strategies}
    with model_server(threads) if args.model_server else nullcontext("local") as chat:
        model = with_response_cache(
            resolve_chat_model(chat), SQLiteResponseCache(out / "responses.sqlite")
        )
        for n, case in enumerate(cases, start=1):
            for strategy in strategies:
                records[strategy].append(run_case(case, strategy, model, out, args.again))
            print(f"{n}/{len(cases)} cases", file=sys.stderr, flush=True)

    kinds = Counter(c["kind"] for c in cases)
    where = "behind llama.cpp's server" if args.model_server else "embedded"
    print(f"\n{len(cases)} cases, the 1.5B model {where}, {threads} threads\n")
    print("| kind | cases | " + " | ".join(f"{s}: pass" for s in strategies) + " |")
    print("|---|---|" + "---|" * len(strategies))
    for kind in [k for k in KINDS if k in kinds]:
        passed = [sum(not r["problems"] for r in records[s] if r["kind"] == kind)
                  for s in strategies]  # fmt: skip
        print(f"| {kind} | {kinds[kind]} | " + " | ".join(map(str, passed)) + " |")
    totals = [sum(not r["problems"] for r in records[s]) for s in strategies]
    print(f"| all | {len(cases)} | " + " | ".join(map(str, totals)) + " |")
    for strategy in strategies:
        calls = sum(r["calls"] for r in records[strategy]) / max(len(cases), 1)
        cited_wrong = sum(
            any(p.startswith("shows") or (" cited by " in p and "not cited" not in p)
                for p in r["problems"])
            for r in records[strategy]
        )  # fmt: skip
        print(f"\n{strategy}: {calls:.1f} calls a case; in {cited_wrong} of {len(cases)} "
              "cases it shows an answer a case forbids or cites a context for what it "
              "denies")  # fmt: skip
        if args.model_server:
            same, compared = same_as_embedded(records[strategy], embedded / "items" / strategy)
            print(f"{strategy}: {same} of {compared} cases show what the embedded model shows")
        for record in records[strategy]:
            if record["problems"]:
                print(f"  {record['name']}: {'; '.join(record['problems'])}")


if __name__ == "__main__":
    main()
