"""The embedded model against the same weights behind llama.cpp's OpenAI-compatible server.

Starts ``make model-server``'s server (its own venv) on a free port of 127.0.0.1, then asks
each scenario with ``--model local`` and with ``openai:NAME`` in this process, alternating,
``--repeats`` times each, and prints answers and median seconds side by side. The server's
structured-output method is probed once first (it is then remembered, as in a user's runs).
Both use every core (``--threads``).

    .venv/bin/python benchmarks/model_server.py
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from contextorg import Context, ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.testing import (
    BRIDGE,
    BRIDGE_QUESTION,
    MODEL_SERVER_NAME,
    free_port,
    start_model_server,
)
from contextorg.tools.models.resolve import resolve_chat_model

SERVER_PYTHON = Path(__file__).parents[1] / ".venv-model-server" / "bin" / "python"
SCENARIOS = {"demo": (DEMO_QUESTION, demo_contexts()), "bridge": (BRIDGE_QUESTION, BRIDGE)}


def timed(question: str, contexts: list[Context], model: Any) -> tuple[float, list[Any]]:
    """Seconds of one ``ask``, and its answers with their citations."""
    started = time.perf_counter()
    result = ask(question, contexts, model=model)
    answers = sorted((a.answer, sorted(a.citations)) for a in result.answer.answers)
    return time.perf_counter() - started, answers


def main() -> None:
    """Start the server, time both ways, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    os.environ["CONTEXTORG_THREADS"] = str(args.threads)
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        log = Path(folder) / "server.log"
        server = start_model_server(SERVER_PYTHON, port, log, threads=args.threads)
        os.environ["OPENAI_BASE_URL"] = f"http://127.0.0.1:{port}/v1"
        try:
            served = resolve_chat_model(f"openai:{MODEL_SERVER_NAME}")
            timed(DEMO_QUESTION, demo_contexts(), "local")  # load the weights here
            timed(DEMO_QUESTION, demo_contexts(), served)  # probe the method once
            print(f"\n{args.threads} threads, median of {args.repeats} runs each\n")
            print("| scenario | embedded s | server s | server / embedded | same answers |")
            print("|---|---|---|---|---|")
            for name, (question, contexts) in SCENARIOS.items():
                here, there = [], []
                for _ in range(args.repeats):
                    seconds, local_answers = timed(question, contexts, "local")
                    here.append(seconds)
                    seconds, served_answers = timed(question, contexts, served)
                    there.append(seconds)
                a, b = statistics.median(here), statistics.median(there)
                same = "yes" if local_answers == served_answers else "NO"
                print(f"| {name} | {a:.1f} | {b:.1f} | {b / a:.2f} | {same} |")
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
