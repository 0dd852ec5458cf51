"""Han characters written in another of their variants: "朴丽娜" is "朴麗娜" to a reader.

Chinese is written in simplified and traditional characters, and Japanese in its own forms of
some (広 for 廣, whose simplified form is 广). A model trained mostly on simplified Chinese
often writes a name or a word from a traditional or Japanese text in simplified characters:
asked who owns a build from "担当者：朴麗娜", the 1.5B model replies "朴丽娜", which the text
never writes. OpenCC's tables (``jp2t``, then ``t2s``) fold each character to one form, so
a reply can be found in the text, and shown as the text writes it.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

import opencc

HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
"""A Han character (CJK unified ideographs, extension A, compatibility ideographs)."""


@cache
def _converters() -> tuple[opencc.OpenCC, opencc.OpenCC]:
    return opencc.OpenCC("jp2t"), opencc.OpenCC("t2s")


@lru_cache(maxsize=65536)
def _folded(character: str) -> str:
    """One Han character in its simplified form (itself when it has no other, or maps to two)."""
    japanese, traditional = _converters()
    simplified = traditional.convert(japanese.convert(character))
    return simplified if len(simplified) == 1 else character


def fold(text: str) -> str:
    """``text`` with every Han character in one form, character for character (same length)."""
    if not HAN.search(text):
        return text
    return "".join(_folded(c) if HAN.match(c) else c for c in text)


def in_text_spelling(reply: str, text: str) -> str:
    """``reply`` as ``text`` writes it, where the text writes it in other Han variants.

    "朴丽娜" from "担当者：朴麗娜" is "朴麗娜"; a reply the text writes as it is, or does not
    write in any variant, stays as it is.
    """
    if not text or not HAN.search(reply) or reply in text:
        return reply
    at = fold(text).find(fold(reply))
    return text[at : at + len(reply)] if at >= 0 else reply
