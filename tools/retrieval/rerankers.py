"""Rerankers for the fused pool: an LLM yes/no scorer, or a cross-encoder from local weights.

By name (``RunContext.reranker``): ``llm`` (the run's chat model, its calls counted in the
``retrieve`` node's usage) or ``cross-encoder:FOLDER``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from langchain_core.language_models import BaseChatModel

from contextorg.prompts import rerank_relevance, tag
from contextorg.prompts._render import render_contexts
from contextorg.state.records import Context
from contextorg.tools.inputs import InputError
from contextorg.tools.models.calls import Meter, call_structured
from contextorg.tools.models.resolve import resolve_chat_model
from contextorg.tools.registry import Registry


@runtime_checkable
class Reranker(Protocol):
    """Reorders hits for a query, best first."""

    def rerank(self, query: str, hits: Sequence[Context]) -> list[Context]:
        """The hits in a better order (scores replaced by the reranker's)."""
        ...


class LLMReranker:
    """Asks a chat model whether each of the first ``depth`` hits answers the query.

    Hits the model calls relevant move ahead, keeping their fused order among themselves; the
    rest follow. ``meter`` counts the calls (and sets their timeout and retries). One call per
    hit: keep ``depth`` small.
    """

    def __init__(
        self, model: str | BaseChatModel = "local", depth: int = 10, meter: Meter | None = None
    ) -> None:
        self.model = resolve_chat_model(model)
        self.depth = depth
        self.meter = meter or Meter()

    def rerank(self, query: str, hits: Sequence[Context]) -> list[Context]:
        """Relevant hits first, then the others, each in fused order."""
        head, tail = list(hits[: self.depth]), list(hits[self.depth :])
        verdicts = [self._relevant(query, hit) for hit in head]
        yes = [h for h, v in zip(head, verdicts, strict=True) if v]
        no = [h for h, v in zip(head, verdicts, strict=True) if not v]
        return yes + no + tail

    def _relevant(self, query: str, hit: Context) -> bool:
        messages = rerank_relevance.TEMPLATE.format_messages(
            contexts=render_contexts([hit]), question=query
        )
        out = call_structured(
            self.model,
            rerank_relevance.Relevance,
            messages,
            self.meter,
            prompt=tag(rerank_relevance),
        )
        return bool(out and out.relevant)


class CrossEncoderReranker:
    """A ``transformers`` sequence-classification cross-encoder loaded from a local folder.

    Nothing is downloaded: pass the folder of weights you have (for example an
    ``ms-marco-MiniLM`` cross-encoder saved with ``save_pretrained``).
    """

    def __init__(self, path: str | Path, depth: int = 30, batch_size: int = 16) -> None:
        folder = Path(path)
        if not (folder / "config.json").is_file():
            raise InputError(
                f"no cross-encoder at {folder}: pass a folder with config.json, the weights "
                "and the tokenizer (transformers' save_pretrained layout)"
            )
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        self.tokenizer: Any = AutoTokenizer.from_pretrained(folder, local_files_only=True)
        self.model: Any = AutoModelForSequenceClassification.from_pretrained(
            folder, local_files_only=True
        ).eval()
        self.depth = depth
        self.batch_size = batch_size

    def scores(self, query: str, texts: Sequence[str]) -> list[float]:
        """One relevance score per text (the positive logit)."""
        import torch

        out: list[float] = []
        for start in range(0, len(texts), self.batch_size):
            batch = list(texts[start : start + self.batch_size])
            encoded = self.tokenizer(
                [query] * len(batch), batch, padding=True, truncation=True, return_tensors="pt"
            )
            with torch.inference_mode():
                logits = self.model(**encoded).logits
            out.extend((logits[:, -1] if logits.shape[-1] > 1 else logits[:, 0]).tolist())
        return out

    def rerank(self, query: str, hits: Sequence[Context]) -> list[Context]:
        """The first ``depth`` hits by cross-encoder score, then the rest in fused order."""
        head, tail = list(hits[: self.depth]), list(hits[self.depth :])
        scores = self.scores(query, [f"{h.title}\n{h.text}" for h in head])
        ranked = sorted(zip(scores, range(len(head)), head, strict=True), key=lambda t: -t[0])
        return [h.model_copy(update={"score": s}) for s, _, h in ranked] + tail


RerankerFactory = Callable[[str, BaseChatModel, Meter], Reranker]
"""Makes a reranker from what follows its name's prefix, the run's chat model and its meter."""
_loaded: dict[str, Reranker] = {}
_loading = threading.Lock()


def _cross_encoder(folder: str, model: BaseChatModel, meter: Meter) -> Reranker:
    if not folder:
        raise InputError("name the folder after the prefix: cross-encoder:/path/to/weights")
    with _loading:  # one copy of the weights per process
        if folder not in _loaded:
            _loaded[folder] = CrossEncoderReranker(folder)
        return _loaded[folder]


RERANKERS: Registry[RerankerFactory] = Registry(
    "reranker",
    {
        "llm": lambda _, model, meter: LLMReranker(model, meter=meter),
        "cross-encoder": _cross_encoder,
    },
    hint=", or pass a Reranker",
)
"""Rerankers by name prefix; ``RERANKERS.register(name, factory)`` adds one."""


def resolve_reranker(spec: str | Reranker, model: BaseChatModel, meter: Meter) -> Reranker:
    """The reranker for a name (made with the run's model and meter), or the instance itself."""
    if not isinstance(spec, str):
        return spec
    factory, rest = RERANKERS.by_prefix(spec)
    return factory(rest, model, meter)
