"""How far leaving answers out could take corg on RAMDocs, told by the documents' own labels.

corg's stored answers (``show``; a disputed answer does not count as given) are scored as
they are, then without the answers an oracle would take away: those whose every cited
page is labelled misinformation, those whose every cited page is noise, and both. No
filter can do better than its oracle, so each row bounds what telling such pages apart
can gain. Then, for each misinformation answer shown, whether independent support could
tell it from the right answer of the same entity even with that entity known: the right
answer is the label of the page most like the misinformation page (most shared words), and
support counts near-copies once (:func:`~contextorg.tools.answering.conflicts.near_copies`).

    python benchmarks/ramdocs_bounds.py [--split dev] [--items FOLDER]

No model call: the committed items only.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from shared_data import RAMDOCS

from contextorg.datasets import EvalItem, load_dataset
from contextorg.state import AnswerItem
from contextorg.tools.answering.conflicts import near_copies
from contextorg.tools.evaluation.metrics import finds, mean_or_none, score
from contextorg.tools.text.normalize import words

ITEMS = {
    "dev": Path("benchmarks/results/ramdocs-dev/items/corg"),
    "heldout": Path("benchmarks/results/ramdocs-heldout/items/corg"),
}
METRICS = ("answer_recall", "strict_em", "ramdocs_em", "answer_precision")
Keep = Callable[[AnswerItem, dict[str, str]], bool]


def page_types(path: Path) -> dict[str, dict[str, str]]:
    """Each question id -> each context id -> its RAMDocs type (correct, misinfo, noise)."""
    types = {}
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        documents = json.loads(line)["documents"]
        types[f"ramdocs-{number}"] = {f"d{n}": d["type"] for n, d in enumerate(documents, start=1)}
    return types


def only(kind: str) -> Keep:
    """Keep an answer unless every page it cites is of ``kind``."""
    return lambda item, types: not all(types.get(c) == kind for c in item.citations)


FILTERS: dict[str, Keep] = {
    "corg as shown": lambda item, types: True,
    "without misinformation answers (oracle)": only("misinfo"),
    "without noise answers (oracle)": only("noise"),
    "without both (oracle)": lambda item, types: (
        only("misinfo")(item, types) and only("noise")(item, types)
    ),
}


def shown(record: dict[str, Any]) -> list[AnswerItem]:
    """The answers a record shows under ``show``, disputed ones left out."""
    answers = [AnswerItem.model_validate(a) for a in record["answers"]]
    return [a for a in answers if not a.disputed]


def table(
    items: Sequence[EvalItem], records: dict[str, dict[str, Any]], types: dict[str, Any]
) -> list[tuple[str, dict[str, float | None]]]:
    """One row per filter: the mean of each metric over the questions."""
    rows = []
    for name, keep in FILTERS.items():
        scores: dict[str, list[float]] = {m: [] for m in METRICS}
        for item in items:
            given = [a for a in shown(records[item.id]) if keep(a, types[item.id])]
            found = score(item.answers, given, wrong=item.wrong_answers, labels=item.labels)
            for metric in METRICS:
                if (value := found[metric]) is not None:
                    scores[metric].append(value)
        rows.append((name, {m: mean_or_none(v) for m, v in scores.items()}))
    return rows


def told_apart(item: EvalItem, record: dict[str, Any]) -> Counter[str]:
    """For each misinformation answer shown: out-supported, tied or not by its entity's answer."""
    roots = near_copies(item.contexts)
    said = {c.id: set(words(c.text)) for c in item.contexts}
    given = shown(record)
    right = [a for a in given if any(finds(a.answer, g.answer) for g in item.answers)]
    found: Counter[str] = Counter()
    for wrong in given:
        if wrong in right or not any(finds(wrong.answer, w) for w in item.wrong_answers):
            continue
        like = max(
            (
                (len(said[x] & said[c]) / max(len(said[x] | said[c]), 1), label)
                for x in wrong.citations
                for c, label in item.labels.items()
                if label and c not in wrong.citations and label not in item.wrong_answers
            ),
            default=(0.0, ""),
        )[1]
        rival = next((a for a in right if like and finds(a.answer, like)), None)
        mine = len({roots[c] for c in wrong.citations})
        theirs = len({roots[c] for c in rival.citations}) if rival else 0
        found["out-supported" if theirs > mine else "tied" if theirs == mine else "more"] += 1
    return found


def main() -> None:
    """Print both tables for one split."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=tuple(ITEMS), default="dev")
    parser.add_argument("--items", type=Path)
    args = parser.parse_args()
    folder = args.items or ITEMS[args.split]
    records = {
        r["id"]: r for r in (json.loads(f.read_text()) for f in folder.glob("*.json")) if "id" in r
    }
    items = [i for i in load_dataset(RAMDOCS, split=args.split) if i.id in records]
    types = page_types(RAMDOCS)
    print(f"\n{args.split}: {len(items)} questions, corg's stored answers ({folder})\n")
    print("| answers kept | " + " | ".join(METRICS) + " |")
    print("|---|" + "---|" * len(METRICS))
    for name, row in table(items, records, types):
        print(f"| {name} | " + " | ".join(f"{row[m]:.3f}" for m in METRICS) + " |")
    counts: Counter[str] = Counter()
    for item in items:
        counts += told_apart(item, records[item.id])
    total = sum(counts.values())
    print(
        f"\nMisinformation answers shown: {total}. With the entity known, its right answer has "
        f"more independent sources for {counts['out-supported']}, as many for "
        f"{counts['tied']}, fewer (or is not shown) for {counts['more']}."
    )


if __name__ == "__main__":
    main()
