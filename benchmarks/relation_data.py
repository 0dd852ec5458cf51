"""Labelled context pairs for the relation-accuracy benchmark, built from ../shared/data.

Nothing is copied into the project: cases are derived in memory on every run.

Rules (and their limits):
- RAMDocs: ``noise`` documents are irrelevant. A ``correct`` document carries the answer of the
  disambiguated entity aligned with it in ``gold_answers`` (its descriptor is that entity), so
  two correct documents are duplicated (same answer) or distracting (different entities). A
  ``misinfo`` document imitates the entity whose correct documents share most of its words
  (Jaccard over word sets) and gives a wrong answer: counterfactual to that entity's correct
  documents, distracting to the others'. With no correct document to compare, it imitates the
  question's only entity, or is left out when there are several. An answer given for two
  entities makes its documents ambiguous to label: they are left out. RAMDocs has no context
  without a descriptor, so no ambiguous or unrelated pairs: the hand-made sets supply those.
- ConflictQA (osunlp): the parametric memory and the evidence aligned with it give one answer,
  the counter memory and its evidence the other; all are about the same thing (no descriptor).
- Hand-made sets (benchmarks/handmade_sets.py) and the demo corpus: labelled readings.

Split: a question is held out when the first byte of its SHA-1 is below 52 (about 20%);
hand-made sets carry their split. Tune on ``dev`` only.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from itertools import combinations

from handmade_sets import SETS
from shared_data import RAMDOCS, SHARED_DATA

from contextorg import Context
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.state import RelationLabel
from contextorg.testing import DEMO_READINGS
from contextorg.tools.relations.graph import Triple, relation_between


@dataclass
class Case:
    """One question, its contexts, and the true relation of every labelled pair."""

    source: str
    question: str
    contexts: list[Context]
    gold: dict[frozenset[str], RelationLabel] = field(default_factory=dict)
    readings: dict[str, Triple] = field(default_factory=dict)
    """The true reading of each context the labels follow from."""


def split_of(question: str) -> str:
    """``heldout`` for about a fifth of the questions, chosen by hash; else ``dev``."""
    return "heldout" if hashlib.sha1(question.encode()).digest()[0] < 52 else "dev"


def labelled(source: str, question: str, items: list[tuple[Context, Triple]]) -> Case:
    """A case whose pair labels follow from each context's reading."""
    case = Case(source, question, [c for c, _ in items], readings={c.id: r for c, r in items})
    for (a, ra), (b, rb) in combinations(items, 2):
        case.gold[frozenset((a.id, b.id))] = relation_between(ra, rb)
    return case


def ramdocs_cases() -> list[tuple[str, Case]]:
    """One case per RAMDocs question (documents that cannot be labelled are left out)."""
    cases = []
    for line in RAMDOCS.read_text().splitlines():
        row = json.loads(line)
        pairs = list(zip(row["gold_answers"], row["disambig_entity"], strict=False))
        answers = [a for a, _ in pairs]
        entity_of = {a: e for a, e in pairs if answers.count(a) == 1}
        docs = [(f"d{i}", d) for i, d in enumerate(row["documents"])]
        correct = [(i, d) for i, d in docs if d["type"] == "correct" and d["answer"] in entity_of]
        items = []
        for i, doc in docs:
            if doc["type"] == "noise":
                reading = Triple(False)
            elif doc["type"] == "correct":
                if doc["answer"] not in entity_of:
                    continue
                reading = Triple(True, entity_of[doc["answer"]], doc["answer"])
            else:
                entity = _imitated(doc["text"], correct, entity_of, row["disambig_entity"])
                if entity is None:
                    continue
                reading = Triple(True, entity, doc["answer"])
            items.append((Context(id=i, text=doc["text"]), reading))
        if len(items) >= 2:
            cases.append((split_of(row["question"]), labelled("ramdocs", row["question"], items)))
    return cases


def _imitated(
    text: str,
    correct: list[tuple[str, dict[str, str]]],
    entity_of: dict[str, str],
    entities: list[str],
) -> str | None:
    if not correct:
        return entities[0] if len(entities) == 1 else None
    best = max(correct, key=lambda item: word_jaccard(text, item[1]["text"]))
    return entity_of[best[1]["answer"]]


def word_jaccard(a: str, b: str) -> float:
    """The share of words two texts have in common (lowercased, split on whitespace)."""
    left, right = set(a.lower().split()), set(b.lower().split())
    return len(left & right) / (len(left | right) or 1)


def conflictqa_cases() -> list[tuple[str, Case]]:
    """Four contexts per question: two for the memory answer, two for the counter answer."""
    cases = []
    path = SHARED_DATA / "osunlp-conflictqa" / "conflictQA-strategyQA-gpt4.json"
    for line in path.read_text().splitlines():
        row = json.loads(line)
        memory, counter = Triple(True, None, "memory"), Triple(True, None, "counter")
        items = [
            (Context(id="m1", text=row["parametric_memory"].strip()), memory),
            (Context(id="m2", text=row["parametric_memory_aligned_evidence"].strip()), memory),
            (Context(id="c1", text=row["counter_memory"].strip()), counter),
            (Context(id="c2", text=row["counter_memory_aligned_evidence"].strip()), counter),
        ]
        if all(c.text for c, _ in items):
            cases.append(
                (split_of(row["question"]), labelled("conflictqa", row["question"], items))
            )
    return cases


def handmade_cases() -> list[tuple[str, Case]]:
    """The hand-labelled sets and the demo corpus."""
    cases = [
        (
            s.split,
            labelled(
                "handmade",
                s.question,
                [(Context(id=c.id, title=c.title, text=c.text), c.reading) for c in s.contexts],
            ),
        )
        for s in SETS
    ]
    demo = [(c, DEMO_READINGS[c.id]) for c in demo_contexts()]
    cases.append(("dev", labelled("handmade", DEMO_QUESTION, demo)))
    return cases


def load(split: str, ramdocs: int, conflictqa: int, seed: int = 0) -> list[Case]:
    """A reproducible sample of one split: ``ramdocs`` + ``conflictqa`` questions + hand sets."""
    rng = random.Random(seed)
    chosen = []
    for source, count in ((ramdocs_cases(), ramdocs), (conflictqa_cases(), conflictqa)):
        pool = [case for s, case in source if s == split]
        chosen.extend(rng.sample(pool, min(count, len(pool))))
    chosen.extend(case for s, case in handmade_cases() if s == split)
    return chosen


def describe(cases: list[Case]) -> dict[str, dict[str, int]]:
    """Pairs per label and source."""
    counts: dict[str, dict[str, int]] = {}
    for case in cases:
        for label in case.gold.values():
            row = counts.setdefault(label, {})
            row[case.source] = row.get(case.source, 0) + 1
    return counts


if __name__ == "__main__":
    for split in ("dev", "heldout"):
        every = [
            c for s, c in ramdocs_cases() + conflictqa_cases() + handmade_cases() if s == split
        ]
        print(split, len(every), "questions", describe(every))
