"""Same question, same contexts, same answer: whatever the thread count, concurrency and order.

The demo question, the bridge and the three-script scenarios of the tests, and ten RAMDocs dev
questions (seeded sample), each asked with the embedded model under three settings: two
threads one call at a time; one thread, four calls at once, the questions in reverse order;
two threads, four calls at once. Every reply is computed afresh (no response cache). A
question counts as identical when its answers, citations and every context's reading are.

    .venv/bin/python benchmarks/determinism.py [--ramdocs 10]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from shared_data import RAMDOCS

from contextorg import Context, ask
from contextorg.datasets import load_dataset, split_of
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.tools.models.llama import LlamaCppChatModel
from contextorg.tools.models.weights import ensure_weights

BRIDGE = [
    Context(id="atlas", text="The Corvale Bridge over the Min river opened to traffic in 1932."),
    Context(id="gazette", text="Residents celebrated as the Corvale Bridge opened in 1932."),
    Context(
        id="archive",
        text="The Corvale Bridge actually opened in 1934, not in 1932 as many guides claim; "
        "the 1932 date was only the planned opening.",
    ),
]
SCRIPTS = [
    BRIDGE[0],
    Context(id="zh", text="科尔瓦莱桥横跨敏河，于1932年正式通车。"),
    Context(id="ja", text="コルヴァレ橋は1932年に開通した。"),
    Context(id="th", text="สะพานคอร์วาเลข้ามแม่น้ำมินเปิดใช้งานในปี 1932"),
]
SETTINGS = {
    "2 threads, 1 call at a time": (2, 1, False),
    "1 thread, 4 calls at once, reverse order": (1, 4, True),
    "2 threads, 4 calls at once": (2, 4, False),
}


def questions(ramdocs: int) -> list[tuple[str, str, list[Context]]]:
    """(name, question, contexts): the demo, the test scenarios, a dev sample of RAMDocs."""
    chosen = [
        ("demo", DEMO_QUESTION, demo_contexts()),
        ("bridge", "When did the Corvale Bridge open?", BRIDGE),
        ("three scripts", "When did the Corvale Bridge open?", SCRIPTS),
    ]
    dev = [i for i in load_dataset(RAMDOCS) if split_of(i.question) == "dev"]
    for item in random.Random(0).sample(dev, ramdocs):
        chosen.append((item.id, item.question, list(item.contexts)))
    return chosen


def outcome(question: str, contexts: list[Context], threads: int, concurrency: int) -> str:
    """The answers, citations and readings of one run, as canonical JSON."""
    model = LlamaCppChatModel(model_path=ensure_weights(), n_threads=threads)
    result = ask(question, contexts, model=model, max_concurrency=concurrency)
    summary = result.summary()
    return json.dumps(
        {"answers": summary["answers"], "readings": summary["readings"]}, sort_keys=True
    )


def main() -> None:
    """Run every question under every setting and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ramdocs", type=int, default=10)
    args = parser.parse_args()
    asked = questions(args.ramdocs)
    runs: dict[str, dict[str, str]] = {}
    seconds: dict[str, float] = {}
    for setting, (threads, concurrency, reverse) in SETTINGS.items():
        started = time.perf_counter()
        for name, question, contexts in reversed(asked) if reverse else asked:
            runs.setdefault(name, {})[setting] = outcome(question, contexts, threads, concurrency)
        seconds[setting] = time.perf_counter() - started
    first = next(iter(SETTINGS))
    print("| question | identical in all three settings |\n|---|---|")
    for name, by_setting in runs.items():
        same = all(v == by_setting[first] for v in by_setting.values())
        print(f"| {name} | {'yes' if same else 'NO'} |")
    total = sum(all(v == r[first] for v in r.values()) for r in runs.values())
    print(f"\n{total} of {len(runs)} questions identical in all three settings")
    for setting, spent in seconds.items():
        print(f"- {setting}: {spent / seconds[first]:.2f}x the first setting's seconds")


if __name__ == "__main__":
    main()
