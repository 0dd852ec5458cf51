"""Rerankers: the LLM yes/no scorer (scripted) and a cross-encoder from local weights."""

from __future__ import annotations

from pathlib import Path

import pytest

from contextorg import ScriptedChatModel
from contextorg.state import Context
from contextorg.tools.inputs import InputError
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.retrieval.ingest import SourceDocument
from contextorg.tools.retrieval.rerankers import CrossEncoderReranker, LLMReranker

HITS = [Context(id=str(n), text=t) for n, t in enumerate(["cats purr", "the answer is 42", "dogs"])]


def test_llm_reranker_moves_relevant_hits_first() -> None:
    model = ScriptedChatModel(
        respond=lambda messages, schema: {"relevant": "42" in messages[-1].text}
    )
    reranker = LLMReranker(model, depth=2)
    assert [h.id for h in reranker.rerank("what is the answer?", HITS)] == ["1", "0", "2"]
    assert reranker.meter.usage().llm_calls == 2


def test_the_index_applies_its_reranker() -> None:
    model = ScriptedChatModel(respond=lambda m, s: {"relevant": "Bob" in m[-1].text})
    index = HybridIndex(embedder="hash", reranker=LLMReranker(model, depth=5))
    index.add(
        SourceDocument(id=i, content=f"{name} writes tests for the tower.")
        for i, name in (("a", "Alice"), ("b", "Bob"), ("c", "Carol"))
    )
    assert index.search("who writes tests", k=3)[0].metadata["doc_id"] == "b"


def test_cross_encoder_needs_a_local_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no cross-encoder at"):
        CrossEncoderReranker(tmp_path)


def tiny_cross_encoder(folder: Path, labels: int) -> None:
    """A one-layer BERT cross-encoder with random weights, saved as transformers saves one."""
    torch = pytest.importorskip("torch")
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "cats", "purr", "the", "answer", "is"]
    vocab += ["42", "dogs", "bark", "what"]
    (folder / "vocab.txt").write_text("\n".join(vocab))
    BertTokenizerFast(vocab_file=str(folder / "vocab.txt")).save_pretrained(folder)
    torch.manual_seed(3)
    config = BertConfig(
        vocab_size=len(vocab), hidden_size=8, num_hidden_layers=1, num_attention_heads=1,
        intermediate_size=8, num_labels=labels, initializer_range=0.5,
    )  # fmt: skip
    BertForSequenceClassification(config).save_pretrained(folder)


def relevance_by_hand(folder: Path, query: str, text: str, labels: int) -> float:
    """The spec: the positive class's logit for (query, text), one pair at a time, unpadded."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(folder)
    model = AutoModelForSequenceClassification.from_pretrained(folder).eval()
    with torch.inference_mode():
        logits = model(**tokenizer(query, text, return_tensors="pt")).logits[0]
    return float(logits[1] if labels == 2 else logits[0])


@pytest.mark.slow
@pytest.mark.parametrize("labels", [1, 2])
def test_cross_encoder_ranks_as_the_model_scores_each_pair(tmp_path: Path, labels: int) -> None:
    tiny_cross_encoder(tmp_path, labels)
    query = "what is the answer"
    hits = [
        Context(id=str(n), text=t)
        for n, t in enumerate(["cats", "the answer is 42", "dogs bark dogs", "cats"])
    ]
    by_hand = {h.id: relevance_by_hand(tmp_path, query, f"\n{h.text}", labels) for h in hits[:3]}
    expected = sorted(by_hand, key=lambda i: -by_hand[i]) + ["3"]  # beyond depth: fused order
    assert expected != [h.id for h in hits], "the case must reorder, or it tests nothing"
    gaps = sorted(by_hand.values())
    assert min(b - a for a, b in zip(gaps, gaps[1:], strict=False)) > 1e-5, "no ties"
    ranked = CrossEncoderReranker(tmp_path, depth=3, batch_size=2).rerank(query, hits)
    assert [h.id for h in ranked] == expected
    scores = [by_hand[i] for i in expected[:3]]
    assert [h.score for h in ranked[:3]] == pytest.approx(scores, abs=1e-4)
