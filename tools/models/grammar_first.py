"""Greedy decoding that asks the grammar about one token before masking the whole vocabulary.

llama-cpp-python's sampler chain (penalties, grammar, greedy) runs the JSON grammar over all
~150,000 tokens at every step, 8-19% of a call's wall time on this machine. The greedy token
is usually one the grammar allows, so :class:`GrammarFirstSampler` checks that token alone
(llama.cpp's own ``common_sampler`` does the same), then shortlists of the highest logits,
and masks the whole vocabulary only when none of those will do. The chosen token is the
chain's, bit for bit (the same float32 penalties, the lowest id on a tie); a test and
``benchmarks/grammar_first.py`` compare both on real prompts.
"""

from __future__ import annotations

import ctypes
from collections import deque
from collections.abc import Callable
from typing import Any

import numpy as np

SHORTLISTS = (64, 4096)
"""How many tokens of highest logit the grammar is asked about, in turn, when it refuses the
greedy one. On the demo's prompts the token it allows was among the first 64 in 62% of
refusals and among the first 4,096 (2.7% of the vocabulary) in 93%."""
_TOKEN_DATA = np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)


class GrammarFirstSampler:
    """Greedy sampling under a grammar and llama.cpp's repeat penalty, grammar checked lazily.

    Stands in for llama-cpp-python's ``LlamaSampler`` (``sample(ctx, idx)``); one per reply.
    """

    def __init__(self, llama: Any, grammar: Any, repeat_penalty: float, last_n: int) -> None:
        import llama_cpp

        self._lib = llama_cpp
        self.n_vocab = int(llama.n_vocab())
        self.penalty = np.float32(repeat_penalty)
        self.recent: deque[int] = deque(maxlen=last_n)
        self.grammar = llama_cpp.llama_sampler_init_grammar(
            llama._model.vocab, grammar._grammar.encode("utf-8"), grammar._root.encode("utf-8")
        )
        self.shortlists = [size for size in SHORTLISTS if size < self.n_vocab]
        self.refused = 0
        """Steps on which the grammar refused the greedy token."""
        self.masked = 0
        """Of those, steps on which no shortlisted token would do and the vocabulary was masked."""

    def __del__(self) -> None:
        grammar, self.grammar = getattr(self, "grammar", None), None
        if grammar:
            self._lib.llama_sampler_free(grammar)

    def sample(self, ctx: Any, idx: int = -1) -> int:
        """The next token: the chain's choice, asking the grammar about as few tokens as can be."""
        pointer = self._lib.llama_get_logits_ith(ctx.ctx, idx)
        logits = np.ctypeslib.as_array(pointer, shape=(self.n_vocab,)).copy()
        if self.penalty != 1 and self.recent:
            seen = np.fromiter(set(self.recent), dtype=np.intc)
            values = logits[seen]
            logits[seen] = np.where(values <= 0, values * self.penalty, values / self.penalty)
        token = int(np.argmax(logits))
        if not self._allowed(np.array([token], dtype=np.intc), logits)[0]:
            token = self._best_allowed(logits)
        self._lib.llama_sampler_accept(self.grammar, token)
        self.recent.append(token)
        return token

    def _best_allowed(self, logits: np.ndarray) -> int:
        """The highest logit the grammar allows (the lowest id on a tie), as masking finds it."""
        self.refused += 1
        for size in self.shortlists:
            top = np.argpartition(-logits, size)[:size].astype(np.intc)
            allowed = self._allowed(top, logits)
            if allowed.any():
                best = logits[top][allowed].max()
                if best > logits[top].min():  # no token left out of the shortlist can tie it
                    return int(top[allowed & (logits[top] == best)].min())
        self.masked += 1
        every = np.arange(self.n_vocab, dtype=np.intc)
        return int(np.argmax(np.where(self._allowed(every, logits), logits, -np.inf)))

    def _allowed(self, ids: np.ndarray, logits: np.ndarray) -> np.ndarray:
        """Which of ``ids`` the grammar allows next (one llama.cpp call for all of them)."""
        candidates = np.empty(len(ids), dtype=_TOKEN_DATA)
        candidates["id"] = ids
        candidates["logit"] = logits[ids]
        candidates["p"] = 0
        data = candidates.ctypes.data_as(ctypes.POINTER(self._lib.llama_token_data))
        array = self._lib.llama_token_data_array(data, len(ids), -1, False)
        self._lib.llama_sampler_apply(self.grammar, ctypes.byref(array))
        allowed: np.ndarray = np.isfinite(candidates["logit"])
        return allowed


def decode_grammar_first(llama: Any) -> None:
    """Make ``llama`` sample greedy grammar-constrained replies with :class:`GrammarFirstSampler`.

    Only the settings it reproduces exactly take it (temperature 0, a grammar, the repeat
    penalty alone, no logits processor); every other reply keeps llama-cpp-python's chain.
    """
    chain: Callable[..., Any] = llama._init_sampler

    def init_sampler(**options: Any) -> Any:
        exact = (
            options.get("temp") == 0.0
            and options.get("grammar") is not None
            and options.get("logits_processor") is None
            and not options.get("frequency_penalty")
            and not options.get("presence_penalty")
            and not options.get("mirostat_mode")
        )
        if not exact:
            return chain(**options)
        return GrammarFirstSampler(
            llama, options["grammar"], options.get("repeat_penalty", 1.0), llama.last_n_tokens_size
        )

    llama._init_sampler = init_sampler
