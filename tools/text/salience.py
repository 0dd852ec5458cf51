"""Salient terms of a text: the names and numbers that tell one entity from another.

Small models answer reliably but cannot say what distinguishes an entity; the proper nouns
and numbers a text uses beyond the question and the answers can. Two texts about the same
entity share them; a text with none does not say which entity it means (no descriptor).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from contextorg.tools.text.normalize import DIGITS_APART, FUNCTION_WORDS, words

_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_TOKEN = re.compile(r"[^\W\d_][\w'’-]*|\d[\d,.]*\d|\d")
_DISAMBIGUATOR = re.compile(r"\(([^()]+)\)\s*$")


def disambiguators(titles: Iterable[str | None]) -> set[str]:
    """The words of the titles' trailing parentheses: "Otters (ice hockey)" gives ice, hockey.

    Titles written the way encyclopedias tell namesakes apart name the distinguishing thing
    even when it is a common noun, which capitalization alone misses.
    """
    found: set[str] = set()
    for title in titles:
        if title and (match := _DISAMBIGUATOR.search(title)):
            found.update(words(match.group(1)))
    return found - FUNCTION_WORDS


def salient_terms(
    text: str,
    exclude: set[str] | frozenset[str] = frozenset(),
    vocabulary: set[str] | frozenset[str] = frozenset(),
) -> set[str]:
    """Capitalized words (not opening a sentence, unless possessive) and numbers, normalized.

    Args:
        text: The text (a title can be prepended as its own sentence).
        exclude: Normalized words to leave out, such as the question's and the answers'.
        vocabulary: Normalized words that count wherever the text uses them, capitalized or
            not, such as the :func:`disambiguators` of the contexts' titles.
    """
    terms = set(vocabulary) & set(words(text))
    # digits written against another script's letters are a number of their own:
    # "可容纳14,500名观众" has 14,500, not a word ending in 14 and a number 500
    for sentence in _SENTENCE.split(DIGITS_APART.sub(" ", text)):
        for position, token in enumerate(_TOKEN.findall(sentence)):
            possessive = token.endswith(("'s", "’s", "'", "’"))
            if token[0].isdigit() or (token[0].isupper() and (position > 0 or possessive)):
                terms.update(words(re.sub(r"['’]s?$", "", token)))
    return terms - FUNCTION_WORDS - set(exclude)


def overlap(a: set[str], b: set[str]) -> float:
    """Shared terms over the smaller set (1.0 when one set contains the other)."""
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))
