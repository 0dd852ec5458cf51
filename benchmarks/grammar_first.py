"""Grammar-first greedy decoding against llama-cpp-python's sampler chain, on the same questions.

Every question runs twice through the whole graph (corg, the default), once with each way of
decoding, alternating which goes first; one call at a time, so both see the same prompts in
the same order. Each reply of the one is compared with the reply of the other, text for
text, and each call's wall time summed (``create_completion`` as our model calls it).

    .venv/bin/python benchmarks/grammar_first.py [--questions 8] [--threads 2]

Run it on a quiet machine: the figure that matters is the ratio of the two sums.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from pydantic import PrivateAttr
from shared_data import RAMDOCS

from contextorg import ask
from contextorg.datasets import load_dataset
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.state import Context
from contextorg.tools.models.llama import LlamaCppChatModel
from contextorg.tools.models.structured import Completion
from contextorg.tools.models.weights import ensure_weights


class Recorded(LlamaCppChatModel):
    """The embedded model, keeping each reply, its seconds and its masked steps."""

    _replies: list[tuple[str, float, int, int, int]] = PrivateAttr(default_factory=list)

    def _complete(
        self, messages: Any, json_schema: Any, stop: Any, top_logprobs: Any = None
    ) -> Completion:
        started = time.perf_counter()
        out = super()._complete(messages, json_schema, stop, top_logprobs)
        seconds = time.perf_counter() - started
        sampler = self._llama()._sampler if json_schema else None
        refused, masked = getattr(sampler, "refused", 0), getattr(sampler, "masked", 0)
        self._replies.append((out.text, seconds, out.output_tokens, refused, masked))
        return out


def questions(count: int) -> list[tuple[str, list[Context]]]:
    """The demo question, then the first RAMDocs development questions."""
    dev = load_dataset(RAMDOCS, split="dev", limit=count * 3)[: count - 1]
    return [(DEMO_QUESTION, demo_contexts()), *((i.question, i.contexts) for i in dev)]


def main() -> None:
    """Run every question with both decoders and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    path = ensure_weights()
    models = {
        first: Recorded(model_path=path, n_threads=args.threads, grammar_first=first)
        for first in (False, True)
    }
    for n, (question, contexts) in enumerate(questions(args.questions)):
        order = (False, True) if n % 2 == 0 else (True, False)
        for first in order:
            ask(question, contexts, model=models[first], max_concurrency=1)
    chain, ours = models[False]._replies, models[True]._replies
    same = sum(a[0] == b[0] for a, b in zip(chain, ours, strict=True))
    refused, masked = sum(r[3] for r in ours), sum(r[4] for r in ours)
    seconds = {first: sum(r[1] for r in models[first]._replies) for first in (False, True)}
    print("| decoding | questions | calls | replies identical | reply tokens | greedy token "
          "refused | vocabulary masked | call seconds / chain |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|")
    for first, name in ((False, "llama-cpp-python chain"), (True, "grammar first (ours)")):
        replies = models[first]._replies
        tokens = sum(r[2] for r in replies)
        print(
            f"| {name} | {args.questions} | {len(replies)} | {same} of {len(chain)} "
            f"| {tokens} | {refused if first else '-'} | {masked if first else tokens} "
            f"| {seconds[first] / seconds[False]:.2f}x |"
        )


if __name__ == "__main__":
    main()
