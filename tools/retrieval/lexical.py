"""BM25 over unit texts with ``bm25s`` (sparse matrices) and a Snowball stemmer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from contextorg.tools.retrieval.fusion import top_k

if TYPE_CHECKING:
    import bm25s

TOKEN_PATTERN = r"(?u)\b\w+(?:\.\w+)*\b"
"""What counts as a term: words and dotted compounds, so versions like ``9.0.2`` or
``v1.2`` stay one term (bm25s' default drops one-character words and splits them)."""

_STOPWORDS = {"english": "en", "german": "de", "french": "fr", "spanish": "es", "italian": "it"}


class Lexical:
    """A BM25 index: ``search`` returns ``(row, score)`` best first, only rows that match.

    Scores come from bm25s' precomputed sparse matrix; selection is ours (:func:`top_k`), which
    skips bm25s' thread pool (half the query time at 100k units) and breaks ties by row.
    """

    def __init__(self, retriever: bm25s.BM25 | None, size: int, language: str) -> None:
        self._retriever = retriever
        self._size = size
        self.language = language
        self._stemmer = _stemmer(language)

    @classmethod
    def build(cls, texts: list[str], *, language: str = "english") -> Lexical:
        """Index ``texts`` (row n is ``texts[n]``)."""
        if not texts:
            return cls(None, 0, language)
        tokens = _bm25s().tokenize(
            texts,
            stopwords=_STOPWORDS.get(language, language),
            stemmer=_stemmer(language),
            token_pattern=TOKEN_PATTERN,
            show_progress=False,
        )
        if not tokens.vocab:  # no text has a term (stopwords, punctuation): nothing matches
            return cls(None, len(texts), language)
        retriever = _bm25s().BM25()
        retriever.index(tokens, show_progress=False)
        return cls(retriever, len(texts), language)

    @classmethod
    def load(cls, folder: Path, *, language: str) -> Lexical:
        """Reopen a saved index, memory-mapped."""
        size = int((folder / "size").read_text())
        if size == 0:
            return cls(None, 0, language)
        return cls(_bm25s().BM25.load(str(folder), mmap=True, show_progress=False), size, language)

    def save(self, folder: Path) -> None:
        """Write the matrices and vocabulary to ``folder``."""
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "size").write_text(str(self._size if self._retriever is not None else 0))
        if self._retriever is not None:
            self._retriever.save(str(folder), show_progress=False)

    def tokens(self, text: str) -> list[str]:
        """The stemmed terms of ``text`` that BM25 matches on."""
        tokenized: Any = _bm25s().tokenize(
            [text],
            stopwords=_STOPWORDS.get(self.language, self.language),
            stemmer=self._stemmer,
            token_pattern=TOKEN_PATTERN,
            return_ids=False,
            show_progress=False,
        )
        return list(tokenized[0])

    def search(self, query: str, k: int) -> list[tuple[int, float]]:
        """The best ``k`` rows that share a term with ``query``."""
        terms = [t for t in self.tokens(query) if t in self._vocabulary]
        if self._retriever is None or not terms or k <= 0:
            return []
        scores = np.asarray(self._retriever.get_scores(terms), dtype=np.float32)
        return [(row, score) for row, score in top_k(scores, k) if score > 0]

    @property
    def _vocabulary(self) -> dict[str, int]:
        return self._retriever.vocab_dict if self._retriever is not None else {}


def _stemmer(language: str) -> Any:
    import Stemmer

    try:
        return Stemmer.Stemmer(language).stemWords
    except KeyError:
        raise ValueError(
            f"no stemmer for {language!r}: use one of {', '.join(Stemmer.algorithms())}"
        ) from None


def _bm25s() -> Any:
    """bm25s, imported on first use: it brings scipy, which commands without an index skip."""
    import bm25s

    return bm25s
