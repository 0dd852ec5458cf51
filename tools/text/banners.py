"""Pages that mark themselves out of date: "ARCHIVED PAGE", "Deprecated: use ...", "(outdated)".

Team wikis and knowledge bases keep old pages with a banner on top rather than delete them.
What such a page says was true once; a page without the banner that says otherwise is the
one to believe. Only a banner counts, not a mention: the title, or the page's first line,
opens with the cue ("ARCHIVED PAGE (2023): kept for reference", "Deprecated: see ..."), puts
it in brackets ("Harbor build (outdated)", "[Archived] Harbor build", "Payments API (archived
2022)"), or says it of itself ("This page is no longer maintained"). "Archived from the
original on ..." (a citation) and "Deprecated APIs in Harbor 3.0" (a page about deprecations)
are not banners.
"""

from __future__ import annotations

import re

from contextorg.state.records import Context

_CUE = (
    r"(?:archived|deprecated|outdated|obsolete|superseded|out of date|out-of-date|historical"
    r"|no longer (?:maintained|accurate|valid|current|up to date|up-to-date|in use|supported"
    r"|updated)|kept for reference|for reference only|veraltet|archiviert|nicht mehr aktuell"
    r"|obsol[eè]te|archiv[eé]e?|obsoleto|archivado|desactualizado|архив|архивная|устарел[аио]?"
    r"|アーカイブ(?:済み)?|旧版|已?归档|已?歸檔|存档|存檔|已?过时|已?過時|보관(?:됨|된\s*문서)?)"
)
_PAGE = (
    r"(?:page|document|article|section|content|information|guide|version|notice|seite|artikel"
    r"|dokument|inhalt|página|documento|страница|статья|документ)"
)
_WHEN = r"(?:[\s,:]+(?:in|on|since|seit|am|le|en|desde)?\s*[A-Za-z.]{0,10}\s*\d[\d./-]{0,9})?"
"""When, after a cue in brackets: "(archived 2022)", "[deprecated since v3]"."""
_BANNER = re.compile(
    rf"^\W*{_CUE}(?:\s*$|\s*[:\-–—(!.\]]|\s+(?:{_PAGE}|by)\b)"
    rf"|[\[(（【]\s*{_CUE}{_WHEN}\s*[\])）】]"
    rf"|\b(?:this|the|diese|dieser|dieses|cette|este|esta)\s+(?:wiki\s+)?{_PAGE}\s+"
    rf"(?:is|has\s+been|was|ist|wurde|est|es|está)\s+(?:now\s+|jetzt\s+)?{_CUE}"
    r"|已过时|已废弃|已归档|已過時|廃止|アーカイブ済み|不再维护|已停止维护|不再更新|更新が停止"
    r"|更新されていません|更新停止|더 이상 (?:유지|관리|업데이트)되지 않",
    re.IGNORECASE,
)
LONGEST = 80
"""The most characters of a banner line kept as the mark shown beside an answer."""


def banner(line: str) -> str | None:
    """The banner ``line`` is, clipped to :data:`LONGEST` characters, or None."""
    line = " ".join(line.split())
    if not line or not _BANNER.search(line[:200]):
        return None
    return line if len(line) <= LONGEST else line[: LONGEST - 1].rstrip() + "…"


def first_line(text: str) -> str:
    """The first line of ``text`` that has a letter or digit."""
    return next((line for line in text.splitlines() if any(c.isalnum() for c in line)), "")


def page_banner(title: str, text: str) -> str | None:
    """The banner of a page with this title and text: in its title, or its first line."""
    return banner(title) or banner(first_line(text))


def out_of_date(context: Context) -> str | None:
    """The banner by which ``context``'s page marks itself out of date, if it does.

    Indexed pages carry their document's banner (``metadata["marked"]``) into every passage;
    any other context is looked at in its title and first line.
    """
    marked = context.metadata.get("marked")
    if isinstance(marked, str) and marked:
        return marked
    return page_banner(context.title, context.text)
