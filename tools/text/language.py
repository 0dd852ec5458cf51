"""Which language a text is in (py3langid: a Naive Bayes model of 97 languages in its wheel).

Used where the question and the texts it is asked of may be in different languages (a German
question over English pages): a small model asked so answers in the question's language, in
words the text never states, so its answer cannot be grounded. Language names for prompts come
from pycountry's ISO 639 tables.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

SURE = 0.8
"""Least probability of its language for a text to count as in it. Short questions come out
unsure; they are taken as in no language rather than a wrong one."""

SAMPLE = 2000
"""Characters of a text the language is told from (its beginning; enough for a long text)."""

LETTERS = 0.5
"""Least share of letters among a text's other characters for it to be told a language: a
table of numbers is in none (the model calls it Volapük)."""

_lock = threading.Lock()


@lru_cache(maxsize=1)
def _identifier() -> Any:
    """py3langid's model, told to choose among languages with an ISO 639-1 code only.

    Its other classes are regional varieties and dialects (Wu and Cantonese beside Chinese,
    Nigerian Pidgin beside English) that split a text's probability with the language it is
    written in, so a plain Chinese or English sentence would come out unsure.
    """
    import pycountry
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    with _lock:
        identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
        codes = [c for c in identifier.nb_classes if pycountry.languages.get(alpha_2=c)]
        identifier.set_languages(codes)
        return identifier


def language(text: str) -> str | None:
    """The ISO 639-1 code of the language ``text`` is in, or None when that is not clear."""
    return _language(text[:SAMPLE])


@lru_cache(maxsize=4096)
def _language(sample: str) -> str | None:
    shown = [c for c in sample if not c.isspace()]
    if not shown or sum(c.isalpha() for c in shown) < LETTERS * len(shown):
        return None
    code, probability = _identifier().classify(sample)
    return str(code) if probability >= SURE else None


def common_language(texts: Iterable[str]) -> str | None:
    """The language every text that is clearly in one is in; None if they differ, or none is."""
    found = {language(text) for text in texts} - {None}
    return found.pop() if len(found) == 1 else None


def language_name(code: str) -> str:
    """The English name of an ISO 639 language code (``de``: German); the code if unknown."""
    import pycountry

    found = pycountry.languages.get(alpha_2=code) or pycountry.languages.get(alpha_3=code)
    return str(found.name) if found is not None else code
