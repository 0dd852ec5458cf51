"""MADAM-RAG beside the other strategies on the held-out questions its resumed run has done.

MADAM runs 15 calls or so per question, so its run over the 116 held-out RAMDocs questions is
resumed across sessions (``contextorg eval ... --strategy madam`` with the same ``--out``).
This scores every strategy's stored items on the questions MADAM has done so far, with the
evaluation's own code (:func:`contextorg.evaluation.summarize`): no model call.

    python benchmarks/madam_done.py
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from shared_data import RAMDOCS

from contextorg.datasets import load_dataset
from contextorg.evaluation import summarize

STRATEGIES = ("madam", "corg", "separate", "base")


def stored(folder: Path) -> dict[str, dict[str, Any]]:
    """The stored results in ``folder``, by question id."""
    records = (json.loads(f.read_text()) for f in folder.glob("*.json"))
    return {r["id"]: r for r in records if "id" in r}


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(RAMDOCS))
    parser.add_argument(
        "--items", type=Path, default=Path("benchmarks/results/ramdocs-heldout/items")
    )
    args = parser.parse_args()
    items = load_dataset(args.data, split="heldout")
    results = {s: stored(args.items / s) for s in STRATEGIES}
    done = [i for i in items if all(i.id in results[s] for s in STRATEGIES)]
    print(f"| on the {len(done)} of {len(items)} done | RAMDocs EM | strict EM | answer recall "
          "| answer precision | calls |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for strategy in STRATEGIES:
        row = summarize(done, [results[strategy][i.id] for i in done])
        print(
            f"| {strategy} | {row['ramdocs_em']:.3f} | {row['strict_em']:.3f} | "
            f"{row['answer_recall']:.3f} | {row['answer_precision']:.3f} | {row['llm_calls']:.1f} |"
        )


if __name__ == "__main__":
    main()
