"""Ingestion: HTML, Markdown, text and CSV into contextualized evidence units (RAGonite §4).

A page becomes passages (the text between headings), lists, tables and one verbalized unit per
table row (``Row 2 in Table 1: Member is Alice, and Task is ...``). Every unit remembers its page
title, nearest heading and neighbours; :meth:`Unit.indexed_text` prefixes what
:class:`Contextualize` switches on.
"""

from __future__ import annotations

import csv
import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import unquote

from contextorg.prompts._render import hidden_target
from contextorg.tools.inputs import InputError, read_text
from contextorg.tools.text.banners import page_banner
from contextorg.tools.text.normalize import paragraphs

if TYPE_CHECKING:
    from bs4 import Tag

UnitKind = Literal["passage", "list", "table", "row"]
Format = Literal["html", "markdown", "rst", "text", "csv", "tsv"]

SUFFIXES: dict[str, Format] = {
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
    ".text": "text",
    ".rst": "rst",
    ".csv": "csv",
    ".tsv": "tsv",
}
"""File suffixes ingestion reads, and how."""

PASSAGE_WORDS = 120
"""Longest passage, in words, before it is cut at a paragraph (or sentence) boundary; MiniLM
reads 256 word pieces, so longer passages would be embedded by their start only."""

NEIGHBOUR_CHARS = 160
"""How much of the unit before and after is added when neighbours are switched on."""

_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_LISTS = {"ul", "ol", "dl"}
_STRUCK = {"del", "s", "strike"}
_SKIP = {"script", "style", "head", "noscript", "template", "svg", "ac:parameter", "colgroup"}
_BLOCKS = {
    "p", "div", "pre", "blockquote", "section", "article", "main", "header", "footer",
    "aside", "nav", "figure", "figcaption", "details", "summary", "hr", "address", "form",
    "ac:structured-macro", "ac:rich-text-body", "ac:plain-text-body", "ac:layout",
    "ac:layout-section", "ac:layout-cell", "ac:task-list", "ac:task",
}  # fmt: skip


UNITS_VERSION = "4"
"""The version of how a document becomes units (:func:`units_from`): part of every document's
fingerprint, so an index written before a change to it is ingested again where it is updated
(a link's e-mail address kept, inline code marked, a page without a title named by its file,
Markdown's front matter read, rows led by their names read as properties),
its unchanged units' vectors reused. Bump it
with any change to the units a document gives."""


@dataclass(frozen=True, kw_only=True)
class SourceDocument:
    """One document to ingest: its raw content and where it came from."""

    id: str
    content: str
    format: Format = "text"
    title: str = ""
    source: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)
    name: str = ""
    """The file's name as words ("team wiki" for team-wiki.md): the title of a page that has
    no title or heading of its own."""

    @property
    def fingerprint(self) -> str:
        """A hash of everything that shapes the units; unchanged documents are skipped."""
        raw = "\0".join((UNITS_VERSION, self.format, self.title, self.source, self.content))
        return hashlib.sha256(raw.encode()).hexdigest()


@dataclass(frozen=True, kw_only=True)
class Contextualize:
    """Which context each unit carries into the index (RAGonite: all on is best)."""

    title: bool = True
    heading: bool = True
    neighbours: bool = True

    @classmethod
    def none(cls) -> Contextualize:
        """The bare unit text."""
        return cls(title=False, heading=False, neighbours=False)


@dataclass(frozen=True, kw_only=True)
class Unit:
    """One evidence unit: what is shown to the model and what is indexed."""

    id: str
    doc_id: str
    kind: UnitKind
    text: str
    title: str = ""
    heading: str = ""
    source: str = ""
    before: str = ""
    after: str = ""
    marked: str = ""
    """The banner by which the unit's document marks itself out of date ("ARCHIVED PAGE"),
    found in its title or first line (:func:`~contextorg.tools.text.banners.banner`)."""

    def indexed_text(self, how: Contextualize = Contextualize()) -> str:
        """The text search sees: the unit prefixed by the context switched on."""
        parts = []
        if how.title and self.title:
            parts.append(self.title)
        if how.heading and self.heading and self.heading != self.title:
            parts.append(self.heading)
        if how.neighbours and self.before:
            parts.append(self.before)
        parts.append(self.text)
        if how.neighbours and self.after:
            parts.append(self.after)
        return "\n".join(parts)


def units_from(document: SourceDocument, *, rows: bool = True) -> list[Unit]:
    """Split a document into units (table rows too unless ``rows=False``), neighbours linked."""
    if document.format == "html":
        title, blocks = _html_blocks(document.content)
    elif document.format == "markdown":
        fields, body = front_matter(document.content)
        title, blocks = _html_blocks(_markdown_html(body), code_marked=True)
        title = str(fields.pop("title", None) or title)
        if said := "\n".join(f"{name}: {_field(value)}" for name, value in fields.items()):
            blocks.insert(0, ("passage", "", said))
    elif document.format == "rst":
        title, blocks = _html_blocks(_markdown_html(_rst_headings(document.content)))
    elif document.format == "text":
        title, blocks = "", list(_text_blocks(document.content))
    elif document.format in ("csv", "tsv"):
        title, blocks = "", _table_blocks(document.content, document.format)
    else:
        raise InputError(
            f"unknown format {document.format!r}: use html, markdown, rst, text, csv or tsv"
        )
    title = document.title or title or document.name
    kept = [b for b in blocks if rows or b[0] != "row"]
    units = [
        Unit(
            id=f"{document.id}#{n}",
            doc_id=document.id,
            kind=kind,
            text=text,
            title=title,
            heading=heading,
            source=document.source,
        )
        for n, (kind, heading, text) in enumerate(kept, start=1)
    ]
    linked = [
        replace(
            unit,
            before=_clip(units[n - 1].text, tail=True) if n else "",
            after=_clip(units[n + 1].text) if n + 1 < len(units) else "",
        )
        for n, unit in enumerate(units)
    ]
    return with_banners(linked)


def with_banners(units: Iterable[Unit]) -> list[Unit]:
    """``units`` with their document's banner, from its title or its first unit's first line.

    A page that marks itself out of date ("ARCHIVED PAGE (2023)") says so once, on top; every
    passage of it carries the mark (:attr:`Unit.marked`).
    """
    units = list(units)
    marks: dict[str, str] = {}
    for unit in units:
        if unit.doc_id not in marks:
            marks[unit.doc_id] = page_banner(unit.title, unit.text) or ""
    return [replace(u, marked=marks[u.doc_id]) for u in units]


def read_document(path: str | Path, *, doc_id: str | None = None) -> SourceDocument:
    """A file as a :class:`SourceDocument`; raises :class:`InputError` if it cannot be read."""
    file = Path(path)
    fmt = SUFFIXES.get(file.suffix.lower())
    if fmt is None:
        raise InputError(
            f"{file}: cannot ingest {file.suffix or 'files without a suffix'}; "
            f"supported: {', '.join(sorted(SUFFIXES))}"
        )
    try:
        content = read_text(file)
    except OSError as exc:
        raise InputError(f"cannot read {file}: {exc.strerror}") from None
    name = file.stem.replace("_", " ").replace("-", " ")
    return SourceDocument(
        id=doc_id or file.stem,
        content=content,
        format=fmt,
        title=name if fmt == "text" else "",
        source=str(file),
        name=name,
    )


def find_documents(path: str | Path) -> tuple[list[SourceDocument], dict[str, str]]:
    """Every readable document under ``path`` (a file or folder), and skipped files with why.

    Document ids are paths relative to the folder, so two ``README.md`` never collide. A
    symbolic link is followed only when it points inside the folder: indexing a folder never
    reads, say, a link to a system file.
    """
    root = Path(path)
    if not root.exists():
        raise InputError(f"no such file or folder: {root}")
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    inside = root.resolve() if root.is_dir() else root.resolve().parent
    documents: list[SourceDocument] = []
    skipped: dict[str, str] = {}
    for file in files:
        if any(part.startswith(".") for part in file.relative_to(root).parts):
            continue
        if root.is_dir() and not file.resolve().is_relative_to(inside):
            skipped[str(file)] = (
                "a link to a file outside the folder (links are followed only inside it)"
            )
            continue
        relative = file.name if root.is_file() else file.relative_to(root).as_posix()
        try:
            documents.append(read_document(file, doc_id=relative))
        except InputError as exc:
            skipped[str(file)] = str(exc).removeprefix(f"{file}: ").removeprefix(f"{file} ")
    return documents, skipped


def from_llama_index(nodes: Iterable[Any]) -> list[SourceDocument]:
    """LlamaIndex ``Document``/``Node`` objects as documents (their text read as plain text)."""
    documents = []
    for node in nodes:
        meta = dict(getattr(node, "metadata", {}) or {})
        text = node.get_content() if hasattr(node, "get_content") else getattr(node, "text", None)
        if not isinstance(text, str):
            raise InputError(f"{type(node).__name__} has no text: pass LlamaIndex Documents/Nodes")
        documents.append(
            SourceDocument(
                id=str(getattr(node, "id_", None) or getattr(node, "node_id", "")),
                content=text,
                format="text",
                title=str(meta.get("title") or meta.get("file_name") or ""),
                source=str(meta.get("source") or meta.get("file_path") or meta.get("url") or ""),
                metadata=meta,
            )
        )
    return documents


def _clip(text: str, *, tail: bool = False) -> str:
    if len(text) <= NEIGHBOUR_CHARS:
        return text
    return "…" + text[-NEIGHBOUR_CHARS:] if tail else text[:NEIGHBOUR_CHARS] + "…"


_FRONT_MATTER = re.compile(r"---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.DOTALL)


def front_matter(text: str) -> tuple[dict[str, Any], str]:
    """A Markdown page's YAML front matter (Jekyll, Hugo, Obsidian, MkDocs) and the rest.

    ``({}, text)`` when the page has none, or when what opens it is not a YAML mapping.
    """
    match = _FRONT_MATTER.match(text)
    if match is None:
        return {}, text
    import yaml  # only for a page that opens with "---"

    try:
        fields = yaml.safe_load(match.group(1))
    except yaml.YAMLError:
        return {}, text
    if not isinstance(fields, dict):
        return {}, text
    given = {str(k): v for k, v in fields.items() if v not in (None, "", [], {})}
    return given, text[match.end() :]


def _field(value: Any) -> str:
    """A front-matter value as text: a list's items joined, a mapping's as ``key: value``."""
    if isinstance(value, list):
        return ", ".join(_field(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_field(v)}" for k, v in value.items())
    return " ".join(str(value).split())


_ADORNMENT = re.compile(r"([!-/:-@\[-`{-~])\1{2,}[ \t]*")


def _rst_headings(text: str) -> str:
    """A reStructuredText page with its section titles as Markdown headings, to read as one.

    A title is a line underlined (and maybe overlined) by one repeated punctuation mark at
    least as long as it; its level is the order in which its style first appears, as in
    reStructuredText. The rest (paragraphs, lists, literal blocks) reads alike in Markdown.
    """
    lines = text.splitlines()
    levels: dict[tuple[str, bool], int] = {}
    out: list[str] = []
    n = 0
    while n < len(lines):
        over = bool(_ADORNMENT.fullmatch(lines[n])) and n + 2 < len(lines)
        title_at = n + 1 if over else n
        under = title_at + 1
        title = lines[title_at].strip() if title_at < len(lines) else ""
        if (
            title
            and not _ADORNMENT.fullmatch(lines[title_at])
            and under < len(lines)
            and (mark := _ADORNMENT.fullmatch(lines[under]))
            and len(lines[under].rstrip()) >= len(title)
            and (not over or lines[n].strip() == lines[under].strip())
        ):
            level = levels.setdefault((mark.group(1), over), min(len(levels) + 1, 6))
            out += ["", "#" * level + " " + title, ""]
            n = under + 1
            continue
        out.append(lines[n])
        n += 1
    return "\n".join(out)


def _markdown_html(text: str) -> str:
    from markdown_it import MarkdownIt

    markdown = MarkdownIt("commonmark").enable("table")
    markdown.add_render_rule("softbreak", lambda *_: SOFT_BREAK)
    return str(markdown.render(text))


SOFT_BREAK = "\ue000"
"""Where Markdown's text wraps a line without a break (a private-use character): resolved by
:func:`_unwrapped` when the text is squashed."""

_OWN_LINE = re.compile(r"^[^\s:|][^:\n]{0,40}:(?:\s|$)|^(?:[-*+]|\d+[.)])\s")
"""A line that stands on its own: a label and its value ("Owner: Lena Park", "Last reviewed:
May 2026"), or a list item written without a blank line before it."""


def _unwrapped(text: str) -> str:
    """``text`` with Markdown's wrapped lines joined where they are one sentence.

    "Its index is rebuilt nightly; the rebuild" and "used to run at 04:00." are one sentence,
    written on two lines, as a browser shows it; "Owner: Lena Park" and "Last reviewed: May
    2026" stay lines of their own, as their writer saw them.
    """
    lines = text.split(SOFT_BREAK)
    out = lines[0]
    for line in lines[1:]:
        before = out.rsplit("\n", 1)[-1].strip()
        own = _OWN_LINE.match(before) or _OWN_LINE.match(line.strip())
        out += ("\n" if own else " ") + line
    return out


def _text_blocks(text: str) -> Iterator[tuple[UnitKind, str, str]]:
    for chunk in _chunks([_squash(p) for p in paragraphs(text)]):
        yield "passage", "", chunk


Block = tuple[UnitKind, str, str]


def _table_blocks(content: str, fmt: Format) -> list[Block]:
    """A CSV or TSV file's blocks: the table in pieces, then a verbalized unit per row.

    The first row names the columns; each piece of the table repeats it and holds whole rows,
    up to :data:`PASSAGE_WORDS` words (a CSV may have a million rows; an HTML page's table is
    one unit; a row longer than that alone is cut at its sentences). A CSV's delimiter is
    found from its start: a comma, or the semicolon a spreadsheet writes where the comma is
    the decimal mark, or a tab or a bar.
    """
    delimiter = "\t"
    if fmt == "csv":
        try:
            delimiter = csv.Sniffer().sniff(content[:4096], delimiters=",;\t|").delimiter
        except csv.Error:
            delimiter = ","
    lines = content.splitlines(keepends=True)  # kept ends: a quoted cell may hold a newline
    rows = [[" ".join(c.split()) for c in row] for row in csv.reader(lines, delimiter=delimiter)]
    rows = [row for row in rows if any(row)]
    if not rows:
        return []
    header, body = rows[0], rows[1:]
    named = " | ".join(header)
    room = max(PASSAGE_WORDS - len(named.split()), 1)
    pieces = _chunks([" | ".join(row) for row in body], words=room)
    blocks: list[Block] = [("table", "", f"{named}\n{piece}") for piece in pieces]
    blocks = blocks or [("table", "", named)]
    blocks += [("row", "", _verbalize(row, header, n, 1)) for n, row in enumerate(body, start=1)]
    return blocks


def _html_blocks(html: str, *, code_marked: bool = False) -> tuple[str, list[Block]]:
    """The title and the blocks of ``html``.

    With ``code_marked`` (Markdown's own), inline code keeps its backticks: "Run
    `kubectl ... -n payments`" says the namespace is code, and a reader can cut a reply to
    the command it names.
    """
    # BeautifulSoup is imported when HTML is read: commands that read none skip its 0.1 s.
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "lxml")
    for link in soup.find_all("a"):  # "Kevin Pearson (pearson.kevin.m@gmail.com)"
        if address := _address(link):
            link.insert_after(f" ({address})")
    if code_marked:
        for code in soup.find_all("code"):
            if code.find_parent("pre") is None and "`" not in code.get_text():
                code.replace_with(f"`{code.get_text()}`")
    title_tag = soup.find("title")
    title = _squash(title_tag.get_text(" ")) if title_tag else ""
    walker = _Walker()
    walker.walk(soup.body or soup)
    walker.end_passage()
    if not title:
        first = next((b for b in walker.headings if b), "")
        title = first
    return title, walker.blocks


class _Walker:
    """Walks an HTML tree in document order, cutting it into passage, list and table blocks."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.headings: list[str] = []
        self.heading = ""
        self.tables = 0
        self.paragraphs: list[str] = []
        self.inline: list[str] = []

    def walk(self, node: Tag) -> None:
        from bs4 import Comment, Tag
        from bs4.element import NavigableString

        for child in node.children:
            if isinstance(child, Comment):
                continue
            if isinstance(child, NavigableString):
                self.inline.append(str(child))
            elif isinstance(child, Tag):
                self.visit(child)

    def visit(self, tag: Tag) -> None:
        name = tag.name
        if name in _SKIP:
            return
        if name in _HEADINGS:
            self.end_passage()
            self.heading = _squash(tag.get_text(" "))
            self.headings.append(self.heading)
        elif name == "table":
            self.end_passage()
            self.table(tag)
        elif name in _LISTS:
            self.end_passage()
            for chunk in _chunks(_list_lines(tag), sep="\n"):
                self.blocks.append(("list", self.heading, chunk))
        elif name == "br":
            self.inline.append("\n")
        elif name in _STRUCK:  # kept as Markdown writes it: what it says is withdrawn
            if struck := _squash(tag.get_text(" ")):
                self.inline.append(f"~~{struck}~~")
        elif name in _BLOCKS:
            self.end_paragraph()
            self.walk(tag)
            self.end_paragraph()
        else:
            self.walk(tag)

    def end_paragraph(self) -> None:
        text = _squash("".join(self.inline))
        self.inline = []
        if text:
            self.paragraphs.append(text)

    def end_passage(self) -> None:
        self.end_paragraph()
        for chunk in _chunks(self.paragraphs):
            self.blocks.append(("passage", self.heading, chunk))
        self.paragraphs = []

    def table(self, tag: Tag) -> None:
        grid, heads, led = _grid(tag)
        if not grid:
            return
        self.tables += 1
        n_head = next((n for n, head in enumerate(heads) if not head), len(heads))
        if n_head == 0 and all(led) and len(grid[0]) > 1:
            self.properties(grid)  # each row names itself: "Owner | Ken Ito"
            return
        if n_head == 0 and len(grid) > 1:
            n_head = 1  # no <th>: the first row names the columns
        header = [
            " ".join(dict.fromkeys(row[c] for row in grid[:n_head] if row[c]))
            for c in range(len(grid[0]))
        ]
        lines = [" | ".join(dict.fromkeys(row)) for row in grid]
        self.blocks.append(("table", self.heading, "\n".join(lines)))
        for number, row in enumerate(grid[n_head:], start=1):
            self.blocks.append(("row", self.heading, _verbalize(row, header, number, self.tables)))

    def properties(self, grid: list[list[str]]) -> None:
        """A table whose rows are led by their names: page properties, an infobox."""
        lines = [" | ".join(v for v in row if v) for row in grid]
        self.blocks.append(("table", self.heading, "\n".join(lines)))
        for number, (name, *values) in enumerate(grid, start=1):
            said = ", ".join(v for v in values if v)
            row = f"{name} is {said}" if said else name
            self.blocks.append(("row", self.heading, f"Row {number} in Table {self.tables}: {row}"))


def _address(link: Tag) -> str | None:
    """The e-mail address or phone number a link leads to, when its text does not show it.

    A page's "Kevin Pearson" linked to ``mailto:pearson.kevin.m@gmail.com`` states the
    address only in its markup; a web link leads elsewhere and is left as its text.
    """
    href = str(link.get("href") or "").strip()
    scheme, _, address = href.partition(":")
    if scheme.lower() not in ("mailto", "tel") or not address:
        return None
    address = unquote(address.removeprefix("//").partition("?")[0]).strip()
    return hidden_target(_squash(link.get_text(" ")), address)


def _grid(table: Tag) -> tuple[list[list[str]], list[bool], list[bool]]:
    """The cells on a grid (``colspan``/``rowspan`` repeated), and how each row is headed.

    Which rows are headers, and which are led by a header cell of their own
    (``<th>Owner</th><td>Ken Ito</td>``).
    """
    grid: list[list[str]] = []
    heads: list[bool] = []
    led: list[bool] = []
    carried: dict[int, tuple[int, str]] = {}  # column -> (rows left, text) from a rowspan
    for tr in table.find_all("tr"):
        if tr.find_parent("table") is not table:
            continue  # a nested table's row
        cells = tr.find_all(["td", "th"], recursive=False)
        row: list[str] = []
        for cell in cells:
            while len(row) in carried:
                row.append(_carry(carried, len(row)))
            text = _squash(cell.get_text(" "))
            span = _span(cell, "rowspan")
            for _ in range(_span(cell, "colspan")):
                if span > 1:
                    carried[len(row)] = (span - 1, text)
                row.append(text)
        while len(row) in carried:
            row.append(_carry(carried, len(row)))
        if any(row):
            grid.append(row)
            in_head = tr.find_parent("thead") is not None
            heads.append(in_head or all(c.name == "th" for c in cells))
            led.append(bool(cells) and cells[0].name == "th" and any(c.name == "td" for c in cells))
    width = max((len(r) for r in grid), default=0)
    return [r + [""] * (width - len(r)) for r in grid], heads, led


def _carry(carried: dict[int, tuple[int, str]], column: int) -> str:
    left, text = carried.pop(column)
    if left > 1:
        carried[column] = (left - 1, text)
    return text


def _span(cell: Tag, name: str) -> int:
    try:
        return max(1, min(int(str(cell.get(name) or 1)), 100))
    except ValueError:
        return 1


def _verbalize(row: list[str], header: list[str], number: int, table: int) -> str:
    """``Row 2 in Table 1: Member is Alice, and Task is Similarity function``."""
    pairs = []
    for n, value in enumerate(row):
        if not value:
            continue
        name = header[n] if n < len(header) and header[n] else ""
        pairs.append(f"{name} is {value}" if name else value)
    return f"Row {number} in Table {table}: " + ", and ".join(pairs)


def _list_lines(tag: Tag, depth: int = 0) -> list[str]:
    lines: list[str] = []
    term: int | None = None  # the line of the term the next definitions complete
    defined = False
    for item in tag.find_all(["li", "dt", "dd"], recursive=False):
        nested = [t for t in item.find_all(list(_LISTS)) if t.find_parent(["li"]) is item]
        for sub in nested:
            sub.extract()
        text = _squash(item.get_text(" "))
        if item.name == "dd" and term is not None and text:  # "- Owner: Ken Ito"
            lines[term] += ("; " if defined else ": ") + text
            defined = True
        elif text:
            lines.append("  " * depth + "- " + text)
            term, defined = (len(lines) - 1 if item.name == "dt" else None), False
        for sub in nested:
            lines.extend(_list_lines(sub, depth + 1))
    return lines


def _chunks(pieces: list[str], *, sep: str = "\n", words: int = PASSAGE_WORDS) -> Iterator[str]:
    """Join pieces into chunks of at most ``words`` words; a longer piece is cut at sentences."""
    current: list[str] = []
    size = 0
    for piece in _split_long(pieces, words):
        n = len(piece.split())
        if current and size + n > words:
            yield sep.join(current)
            current, size = [], 0
        current.append(piece)
        size += n
    if current:
        yield sep.join(current)


def _split_long(pieces: list[str], words: int) -> Iterator[str]:
    for piece in pieces:
        if len(piece.split()) <= words:
            yield piece
            continue
        sentences = re.split(r"(?<=[.!?])\s+", piece)
        buffer: list[str] = []
        for sentence in sentences:
            tokens = sentence.split()
            while len(tokens) > words:  # a "sentence" with no full stop: cut by words
                if buffer:
                    yield " ".join(buffer)
                    buffer = []
                yield " ".join(tokens[:words])
                tokens = tokens[words:]
            if len(buffer) + len(tokens) > words:
                yield " ".join(buffer)
                buffer = []
            buffer.extend(tokens)
        if buffer:
            yield " ".join(buffer)


def _squash(text: str) -> str:
    text = _unwrapped(text) if SOFT_BREAK in text else text
    lines = (re.sub(r"[ \t\r\f\v\u00a0]+", " ", line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)
