"""Rerankers: the LLM yes/no scorer (scripted) and a cross-encoder from local weights."""

from __future__ import annotations

from pathlib import Path

import pytest

from contextorg import ScriptedChatModel
from contextorg.state import Context
from contextorg.tools.hybrid_index import HybridIndex
from contextorg.tools.ingest import SourceDocument
from contextorg.tools.inputs import InputError
from contextorg.tools.rerankers import CrossEncoderReranker, LLMReranker

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


@pytest.mark.slow
def test_cross_encoder_reranks_by_its_scores(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "cats", "purr", "the", "answer", "is"]
    (tmp_path / "vocab.txt").write_text("\n".join(words))
    BertTokenizerFast(vocab_file=str(tmp_path / "vocab.txt")).save_pretrained(tmp_path)
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=len(words), hidden_size=8, num_hidden_layers=1, num_attention_heads=1,
        intermediate_size=8, num_labels=1,
    )  # fmt: skip
    BertForSequenceClassification(config).save_pretrained(tmp_path)
    reranker = CrossEncoderReranker(tmp_path, depth=2)
    scores = reranker.scores("the answer", [h.text for h in HITS[:2]])
    ranked = reranker.rerank("the answer", HITS)
    best = 0 if scores[0] > scores[1] else 1
    assert [h.id for h in ranked] == [str(best), str(1 - best), "2"]
    assert ranked[0].score == pytest.approx(max(scores))
