"""Hand-labelled context sets written for this project: fictional entities, original text.

They cover what the public data cannot: contexts with no descriptor (ambiguous and unrelated
pairs). Each context carries its true reading (``descriptor``, ``answer``; no answer: it does
not answer); pair labels follow from the readings. Sets 1-4 (and the demo) are the development
split; sets 5-8 are held out and never tuned on. Sets 9-11 were added to the held-out split
because sets 5-8 have only four ambiguous pairs: too few to measure a recall. They were written
by someone who knows the classifier's rule, before it was run on them. The data is
``data/handmade_sets.jsonl``, one set per line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from contextorg.tools.relations.graph import Triple

DATA = Path(__file__).parent / "data" / "handmade_sets.jsonl"


@dataclass(frozen=True)
class HandContext:
    """One context and its true reading."""

    id: str
    title: str
    text: str
    reading: Triple


@dataclass(frozen=True)
class HandSet:
    """A question with its contexts."""

    name: str
    question: str
    contexts: tuple[HandContext, ...]
    split: str


def load(path: Path = DATA) -> tuple[HandSet, ...]:
    """The sets in ``path``, in file order."""
    sets = []
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        contexts = tuple(
            HandContext(
                c["id"],
                c["title"],
                c["text"],
                Triple(c["answer"] is not None, c["descriptor"], c["answer"]),
            )
            for c in record["contexts"]
        )
        sets.append(HandSet(record["name"], record["question"], contexts, record["split"]))
    return tuple(sets)


SETS = load()
