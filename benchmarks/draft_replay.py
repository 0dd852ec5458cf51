"""What speculative drafts could save the embedded model, replayed from committed replies.

A greedy reply verified draft by draft is the reply itself: a drafted token is kept exactly
when it is the reply's next token. So the decode steps a drafter needs can be counted without
the model, from each call's prompt and reply (the RAMDocs dev questions' committed cache,
replayed through ``ask``; prompts formatted and tokenized as the embedded model does). Each
step reads the last token and the draft in one batch; its cost is set by two figures, the
seconds of one generated token and of each further token in the batch, and compared with
plain decoding of the same prompt and reply tokens.

    .venv/bin/python benchmarks/draft_replay.py [--questions 10]

Drafts: ``prompt``, the tokens that followed the reply's last n-gram (n = 3, 2, 1) where it
last occurs in the prompt or the reply so far (prompt lookup); ``replies``, the same looked up
in the earlier replies of the question to the same system prompt (their keys and punctuation).
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path

from langchain_core.load import loads
from langchain_core.outputs import Generation
from shared_data import RAMDOCS

from contextorg import ask
from contextorg.datasets import load_dataset
from contextorg.tools.models.llama import _chat_formatter, format_prompt
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.models.weights import ensure_weights
from contextorg.tools.persistence.response_cache import SQLiteResponseCache, with_response_cache

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / "results" / "ramdocs-dev" / "responses.sqlite"
PROMPT_RATE = 58.0
"""Prompt tokens a second, one sequence, two threads (llama-batched-bench on these weights)."""
COSTS = {"optimistic": (1 / 19, 1 / 58), "measured 4-batch": (1 / 19, 0.030)}
"""Seconds of a step's first token and of each further token in its batch: at best what a
prompt token costs; at 4 tokens, what llama-batched-bench measured (27.9 tokens/s)."""

Call = tuple[str, list[int], list[int]]  # system prompt, prompt tokens, reply tokens


class _Recording(SQLiteResponseCache):
    """A response cache that remembers each hit's prompt and reply and refuses misses."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.seen: list[tuple[str, str]] = []

    def lookup(self, prompt: str, llm_string: str) -> Sequence[Generation] | None:
        found = super().lookup(prompt, llm_string)
        if found is not None:
            self.seen.append((prompt, found[0].text))
        return found

    def update(self, prompt: str, llm_string: str, return_val: Sequence[Generation]) -> None:
        raise RuntimeError("a call missing from the committed cache: run the dev split first")


def recorded_calls(questions: int) -> list[list[Call]]:
    """Per question, each call's system prompt, prompt tokens and reply tokens (end included)."""
    from llama_cpp import Llama

    llama = Llama(model_path=str(ensure_weights()), vocab_only=True, verbose=False)
    template = _chat_formatter(llama)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "responses.sqlite"
        shutil.copy(CACHE, copy)
        cache = _Recording(copy)
        model = with_response_cache(resolve_chat_model("local"), cache)
        out = []
        for item in load_dataset(RAMDOCS, split="dev", sample=questions, seed=0):
            cache.seen = []
            ask(item.question, item.contexts, model=model, max_concurrency=1)  # calls in order
            calls = []
            for prompt, reply in cache.seen:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    messages = loads(prompt)
                tokens, _ = format_prompt(llama, template, messages)
                said = [*llama.tokenize(reply.encode(), add_bos=False), llama.token_eos()]
                calls.append((messages[0].text, tokens, said))
            out.append(calls)
        cache.close()
    return out


def _last_match(place: list[int], tail: list[int]) -> int | None:
    for at in range(len(place) - len(tail) - 1, -1, -1):
        if place[at : at + len(tail)] == tail:
            return at
    return None


def draft(places: list[list[int]], so_far: list[int], k: int) -> list[int]:
    """The ``k`` tokens after the longest end of ``so_far`` found in ``places`` (in turn)."""
    for n in range(min(3, len(so_far)), 0, -1):
        tail = so_far[-n:]
        for place in places:
            at = _last_match(place, tail)
            if at is not None and place[at + n : at + n + k]:
                return place[at + n : at + n + k]
    return []


def replay(questions: list[list[Call]], k: int, prompt: bool, replies: bool) -> list[int]:
    """The batch size of every decode step: the last token and its draft."""
    batches = []
    for calls in questions:
        earlier: dict[str, list[list[int]]] = {}
        for system, tokens, reply in calls:
            done: list[int] = []
            while len(done) < len(reply):
                places = [*reversed(earlier.get(system, []))] if replies else []
                guess = draft([*places, *([tokens + done] if prompt else [])], tokens + done, k)
                kept = 0
                while kept < len(guess) and len(done) + kept < len(reply):
                    if reply[len(done) + kept] != guess[kept]:
                        break
                    kept += 1
                done = reply[: len(done) + kept + 1]
                batches.append(1 + len(guess))
            earlier.setdefault(system, []).append(reply)
    return batches


def main() -> None:
    """Print decode steps per reply token and model time against plain decoding."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=10)
    args = parser.parse_args()
    questions = recorded_calls(args.questions)
    calls = [c for q in questions for c in q]
    prompt_tokens = sum(len(p) for _, p, _ in calls)
    reply_tokens = sum(len(r) for _, _, r in calls)
    print(
        f"\n{args.questions} RAMDocs dev questions, {len(calls)} calls: {prompt_tokens} prompt "
        f"and {reply_tokens} reply tokens (generation is "
        f"{(reply_tokens / 19) / (prompt_tokens / PROMPT_RATE + reply_tokens / 19):.0%} of "
        "plain decoding's time)\n"
    )
    heads = " | ".join(f"model time, {name}" for name in COSTS)
    print(f"| drafts | tokens drafted | steps per reply token | {heads} |")
    print("|---|---|---|" + "---|" * len(COSTS))
    for prompt, replies, name in [
        (True, False, "prompt"),
        (False, True, "replies"),
        (True, True, "replies, then prompt"),
    ]:
        for k in (1, 2, 4, 8):
            batches = replay(questions, k, prompt, replies)
            times = []
            for first, more in COSTS.values():
                plain = prompt_tokens / PROMPT_RATE + reply_tokens * first
                spent = prompt_tokens / PROMPT_RATE + sum(first + (b - 1) * more for b in batches)
                times.append(f"{spent / plain:.3f}x")
            print(f"| {name} | {k} | {len(batches) / reply_tokens:.2f} | {' | '.join(times)} |")
    best = prompt_tokens / PROMPT_RATE + reply_tokens / PROMPT_RATE + len(calls) / 19
    plain = prompt_tokens / PROMPT_RATE + reply_tokens / 19
    print(f"\nevery reply drafted whole and right (one step a call): {best / plain:.3f}x")


if __name__ == "__main__":
    main()
