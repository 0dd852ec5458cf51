"""What LangGraph costs us, with a model that costs nothing.

(c) **Overhead**: the demo question through the compiled graph (``ask``) vs a plain Python chain
    that calls the same node functions in order with the same instant scripted model; the
    difference per question and per node run. Target: at most 5 ms per question.
(d) **Parallel dispatch**: a scripted model that sleeps 200 ms per call; ``separate`` over 1, 2,
    4 and 8 contexts is 1, 2, 4 and 8 groups answered through ``Send``. Wall time against one
    group's, and against the same run one group at a time (``max_concurrency=1``, measured).
    Target: 4 groups at most 1.3x one.

    python benchmarks/orchestration.py [--runs 200]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage
from langgraph.runtime import Runtime

from contextorg import ScriptedChatModel, ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.graphs.qa import graph
from contextorg.graphs.routing import dispatch_groups
from contextorg.nodes.aggregate import aggregate
from contextorg.nodes.answer_group import answer_group
from contextorg.nodes.classify_relations import classify_relations
from contextorg.nodes.complete_question import complete_question
from contextorg.nodes.organize_groups import organize_groups
from contextorg.nodes.record_turn import record_turn
from contextorg.nodes.start_turn import start_turn
from contextorg.state import RunContext
from contextorg.testing import DEMO_READINGS, World


def plain_chain(question: str, contexts: list[Any], context: RunContext) -> dict[str, Any]:
    """The graph's work for one question as straight Python: same nodes, same order, no graph."""
    runtime = Runtime(context=context)
    state: dict[str, Any] = {"question": question, "contexts": contexts, "history": []}
    state.update(start_turn(state, runtime))  # type: ignore[arg-type]
    state.update(complete_question(state, runtime))  # type: ignore[arg-type]
    state.update(classify_relations(state, runtime))  # type: ignore[arg-type]
    state.update(organize_groups(state, runtime))  # type: ignore[arg-type]
    answers = []
    for send in dispatch_groups(state):  # type: ignore[arg-type, union-attr]
        answers += answer_group(send.arg, runtime)["group_answers"]
    state["group_answers"] = answers
    state.update(aggregate(state, runtime))  # type: ignore[arg-type]
    state.update(record_turn(state))  # type: ignore[arg-type]
    return state


def timed(function: Any, runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds (this process, all threads) of each of ``runs`` calls, after warm-up."""
    function()
    function()
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        function()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return walls, cpus


def count_node_runs(question: str, contexts: list[Any], context: RunContext) -> int:
    """Node runs of one question through the graph, subgraphs' nodes included."""
    inputs = {"question": question, "contexts": contexts}
    updates = graph.stream(inputs, context=context, stream_mode="updates", subgraphs=True)
    return sum(len(update) for _, update in updates)


def overhead(runs: int) -> None:
    """Table (c): the graph against the plain chain, per question and per node run."""
    contexts = demo_contexts()
    model = World(contexts, DEMO_READINGS).model()
    context = RunContext(model=model)
    rows = {
        "plain Python chain": timed(lambda: plain_chain(DEMO_QUESTION, contexts, context), runs),
        "contextorg graph (ask)": timed(lambda: ask(DEMO_QUESTION, contexts, model=model), runs),
    }
    node_runs = count_node_runs(DEMO_QUESTION, contexts, context)
    print(f"\n### (c) Orchestration overhead, demo question, instant scripted model, {runs} runs\n")
    print("| run | wall ms / question (median) | p95 | CPU ms / question (median) | wall ratio |")
    print("|---|---|---|---|---|")
    plain_wall = statistics.median(rows["plain Python chain"][0])
    for name, (walls, cpus) in rows.items():
        wall = statistics.median(walls)
        p95 = sorted(walls)[int(0.95 * len(walls)) - 1]
        cpu = statistics.median(cpus)
        print(
            f"| {name} | {1000 * wall:.2f} | {1000 * p95:.2f} | {1000 * cpu:.2f} | "
            f"{wall / plain_wall:.2f} |"
        )
    (plain_walls, plain_cpus), (graph_walls, graph_cpus) = rows.values()
    extra_wall = 1000 * (statistics.median(graph_walls) - plain_wall)
    extra_cpu = 1000 * (statistics.median(graph_cpus) - statistics.median(plain_cpus))
    print(
        f"\noverhead per question: {extra_wall:.2f} ms wall, {extra_cpu:.2f} ms CPU "
        f"({extra_wall / node_runs:.2f} and {extra_cpu / node_runs:.2f} ms per node run, "
        f"{node_runs} node runs); target <= 5 ms per question"
    )


def slow_model(seconds: float) -> ScriptedChatModel:
    """The demo's scripted replies, each after ``seconds``: a model with latency, no CPU."""
    world = World(demo_contexts(), DEMO_READINGS)

    def respond(messages: Sequence[BaseMessage], schema: dict[str, Any] | None) -> Any:
        time.sleep(seconds)
        return world.respond(messages, schema)

    return ScriptedChatModel(respond=respond)


def dispatch(latency: float, repeats: int) -> None:
    """Table (d): groups answered in parallel through Send, against one group and one by one."""
    contexts = demo_contexts()
    model = slow_model(latency)
    print(
        f"\n### (d) Parallel dispatch, {int(latency * 1000)} ms per model call, best of {repeats}\n"
    )
    print("| groups | wall s | ratio to 1 group | one by one s | speed-up |")
    print("|---|---|---|---|---|")
    one = None
    for groups in (1, 2, 4, 8):
        chosen = (contexts * 2)[:groups]
        chosen = [c.model_copy(update={"id": f"{c.id}-{n}"}) for n, c in enumerate(chosen)]
        wall = best_of(repeats, chosen, model, max_concurrency=8)
        serial = best_of(repeats, chosen, model, max_concurrency=1)
        one = one or wall
        print(f"| {groups} | {wall:.3f} | {wall / one:.2f} | {serial:.3f} | {serial / wall:.1f}x |")


def best_of(repeats: int, contexts: list[Any], model: Any, max_concurrency: int) -> float:
    """The fastest of ``repeats`` runs of ``separate`` over ``contexts`` (seconds)."""
    return min(
        timed_once(
            lambda: ask(DEMO_QUESTION, contexts, model=model, strategy="separate",
                        max_concurrency=max_concurrency)
        )
        for _ in range(repeats)
    )  # fmt: skip


def timed_once(function: Any) -> float:
    """Seconds of one call."""
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


def main() -> None:
    """Both tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=200, help="questions timed for (c)")
    parser.add_argument("--latency", type=float, default=0.2, help="seconds per call for (d)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per row of (d)")
    args = parser.parse_args()
    overhead(args.runs)
    dispatch(args.latency, args.repeats)


if __name__ == "__main__":
    main()
