"""How many judgments and model calls the relation-graph constructor needs, with an oracle.

The oracle answers from (relevant, descriptor, answer) readings, so every mode builds the true
graph; what differs is the cost. Worlds are random (fixed n) and, for realism, derived from the
RAMDocs labels (correct documents per disambiguated entity, misinformation, noise).

    python benchmarks/relation_graph_oracle.py [--worlds 500] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import random
from itertools import combinations

from shared_data import RAMDOCS

from contextorg import build_relation_graph
from contextorg.tools.relations.graph import Triple, relation_between


def random_world(n: int, rng: random.Random) -> list[Triple]:
    """A world of n contexts: 80% answer; 3 entities or no descriptor; 3 answer values."""
    return [
        Triple(True, rng.choice([None, "d1", "d2", "d3"]), rng.choice(["a1", "a2", "a3"]))
        if rng.random() < 0.8
        else Triple(False)
        for _ in range(n)
    ]


def ramdocs_worlds() -> list[list[Triple]]:
    """One world per RAMDocs question, from its document labels."""
    worlds = []
    for line in RAMDOCS.read_text().splitlines():
        row = json.loads(line)
        entity_of = dict(zip(row["gold_answers"], row["disambig_entity"], strict=False))
        first = row["disambig_entity"][0] if row["disambig_entity"] else None
        world = []
        for doc in row["documents"]:
            if doc["type"] == "noise":
                world.append(Triple(False))
            elif doc["type"] == "correct":
                world.append(Triple(True, entity_of.get(doc["answer"], first), doc["answer"]))
            else:  # misinformation imitates an entity (here: the first) with a wrong answer
                world.append(Triple(True, first, doc["answer"]))
        worlds.append(world)
    return worlds


def cost(world: list[Triple]) -> dict[str, float]:
    """Judgments (pairs asked) and model calls per mode for one world."""
    n = len(world)
    pairs = n * (n - 1) // 2
    graph = build_relation_graph(
        [str(i) for i in range(n)],
        lambda p, others: [relation_between(world[int(p)], world[int(o)]) for o in others],
    )
    for a, b in combinations(range(n), 2):
        assert graph.relation(str(a), str(b)) == relation_between(world[a], world[b])
    judged = len(graph.judgments)
    return {
        "pairs": pairs,
        "judged": judged,
        "batched_calls": graph.calls,
        "pairwise_calls": judged,
        "extract_calls": n,
        "all_pairs_calls": pairs,
        "all_pivots_calls": max(n - 1, 0),
    }


def summarize(label: str, worlds: list[list[Triple]]) -> str:
    """One table row: averages over the worlds."""
    rows = [cost(w) for w in worlds if len(w) > 1]
    mean = {k: sum(r[k] for r in rows) / len(rows) for k in rows[0]}
    fraction = sum(r["judged"] / r["pairs"] for r in rows) / len(rows)
    return (
        f"| {label} | {len(rows)} | {mean['pairs']:.1f} | {fraction:.3f} "
        f"| {mean['batched_calls']:.2f} | {mean['all_pivots_calls']:.2f} "
        f"| {mean['pairwise_calls']:.2f} | {mean['all_pairs_calls']:.2f} "
        f"| {mean['extract_calls']:.2f} |"
    )


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(
        "| worlds | count | pairs | judged / pairs | batched calls (mirroring) "
        "| batched calls (no mirroring) | pairwise calls (mirroring) | pairwise calls (all pairs) "
        "| extract calls |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for n in (4, 8, 16):
        print(summarize(f"random n={n}", [random_world(n, rng) for _ in range(args.worlds)]))
    if RAMDOCS.exists():
        print(summarize("RAMDocs labels (n=1-12)", ramdocs_worlds()))


if __name__ == "__main__":
    main()
