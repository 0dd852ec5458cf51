"""Strategies side by side with the embedded local model on the demo corpus.

For each strategy (and relation classifier for ``corg``): seconds (and the ratio to ``base``),
model calls, tokens, answer recall and precision against the hand labels, and citation
accuracy (the share of shown citations whose context gives that answer).

    python benchmarks/demo_strategies.py [--model local] [--runs 1]
"""

from __future__ import annotations

import argparse

from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.testing import DEMO_READINGS
from contextorg.tools.text.normalize import same_answer

CONFIGS: list[tuple[str, str, dict[str, str]]] = [
    ("base", "-", {}),
    ("separate", "-", {}),
    ("madam", "-", {}),
    ("corg", "signals", {}),
    ("corg", "signals", {"answer_from": "model"}),
    ("corg", "batched", {}),
    ("corg", "extract", {}),
    ("corg", "pairwise", {}),
]
"""(strategy, relation classifier, other run options); the default is corg with signals."""


def score(result_answers: list[tuple[str, list[str]]]) -> tuple[float, float, float]:
    """Answer recall, answer precision and citation accuracy against the demo's labels."""
    gold = {r.answer for r in DEMO_READINGS.values() if r.answers and r.answer}
    found = {g for g in gold if any(same_answer(a, g) for a, _ in result_answers)}
    correct = [a for a, _ in result_answers if any(same_answer(a, g) for g in gold)]
    citations = [(a, c) for a, cited in result_answers for c in cited]
    right = [a for a, c in citations if same_answer(a, DEMO_READINGS[c].answer)]
    return (
        len(found) / len(gold),
        len(correct) / len(result_answers) if result_answers else 0.0,
        len(right) / len(citations) if citations else 0.0,
    )


def main() -> None:
    """Run every configuration and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="local")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    rows = []
    for strategy, relations, options in CONFIGS:
        name = strategy + "".join(f":{k}={v}" for k, v in options.items())
        for _ in range(args.runs):
            result = ask(
                DEMO_QUESTION,
                demo_contexts(),
                model=args.model,
                strategy=strategy,
                classifier="signals" if relations == "-" else relations,
                **options,
            )
            usage = result.summary()["usage"]
            answers = [(a.answer, a.citations) for a in result.answer.answers]
            rows.append((name, relations, result.seconds, usage, *score(answers)))
    base_seconds = min(r[2] for r in rows if r[0] == "base")
    print(
        "| strategy | relations | seconds / base | model calls | input tokens | output tokens "
        "| answer recall | answer precision | citation accuracy |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for strategy, relations, seconds, usage, recall, precision, cited in rows:
        print(
            f"| {strategy} | {relations} | {seconds / base_seconds:.2f} | {usage['llm_calls']} "
            f"| {usage['input_tokens']} | {usage['output_tokens']} | {recall:.2f} "
            f"| {precision:.2f} | {cited:.2f} |"
        )
    print(f"\nbase took {base_seconds:.1f} s on this machine.")


if __name__ == "__main__":
    main()
