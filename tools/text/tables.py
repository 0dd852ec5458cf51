"""Tables in a text, and the rows of one that a later row of the same thing replaces.

A text holds tables in three ways: a markdown table ("| Service | Owner |" over a rule), the
rows an index writes for a CSV file's piece ("service | owner | effective_from" and a line a
row), and the lines of a CSV or TSV file passed as it is. A table that records one thing
over time ("ledger,Ken Ito,2023-01-01" then "ledger,Lena Park,2025-06-01" under
"service,owner,effective_from") states, for a question of now, only its latest row: the
earlier one held until the later took effect.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass

from contextorg.tools.text.normalize import MONTH_NUMBERS, words
from contextorg.tools.text.phrases import agents, bare_reply, stems


@dataclass(frozen=True)
class Table:
    """One table of a text: its headings, its rows' cells, and the line each row is on."""

    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    lines: tuple[int, ...]
    """The index in ``text.split("\\n")`` of each row's line."""
    delimiter: str
    """What parts its cells: "|" for markdown and an index's rows, "," or a tab for CSV."""


_TABLE_LINE = re.compile(r"^\s*\|(.*)\|\s*$")
_RULE_CELL = re.compile(r"^\s*:?-{3,}:?\s*$")
_DELIMITERS = (" | ", "\t", ",", ";")
"""What parts the cells of a table that is not markdown, most telling first."""
MIN_ROWS = 2
"""Fewest rows under its headings a run of delimited lines needs to be read as a table."""
HEAD_WORDS = 4
"""Most words of a delimited table's heading: a longer first line is prose."""


def tables(text: str) -> list[Table]:
    """Every table of ``text``, markdown or delimited, its cells without emphasis."""
    lines = text.split("\n")
    found = _markdown_tables(lines)
    taken = {n for table in found for n in table.lines}
    return found + _delimited_tables(lines, taken)


def _markdown_tables(lines: list[str]) -> list[Table]:
    found = []
    for n in range(len(lines) - 1):
        head, rule = _TABLE_LINE.match(lines[n]), _TABLE_LINE.match(lines[n + 1])
        if not (head and rule and all(_RULE_CELL.match(c) for c in rule[1].split("|"))):
            continue
        if n and _TABLE_LINE.match(lines[n - 1]):
            continue
        rows, at = [], []
        for m in range(n + 2, len(lines)):
            if not (cells := _TABLE_LINE.match(lines[m])):
                break
            rows.append(tuple(bare_reply(c.strip()) for c in cells[1].split("|")))
            at.append(m)
        heads = tuple(c.strip() for c in head[1].split("|"))
        found.append(Table(heads, tuple(rows), tuple(at), "|"))
    return found


def _delimited_tables(lines: list[str], taken: set[int]) -> list[Table]:
    """Runs of lines that one delimiter parts into as many cells each, under a line of headings."""
    found: list[Table] = []
    n = 0
    while n < len(lines):
        for delimiter in _DELIMITERS:
            run = _cells_run(lines, n, delimiter, taken)
            heads = run[0][1] if run else ()
            if len(run) > MIN_ROWS and all(0 < len(h.split()) <= HEAD_WORDS for h in heads):
                rows = tuple(cells for _, cells in run[1:])
                at = tuple(m for m, _ in run[1:])
                found.append(Table(heads, rows, at, delimiter.strip() or delimiter))
                n = run[-1][0]
                break
        n += 1
    return found


def _cells_run(
    lines: list[str], start: int, delimiter: str, taken: set[int]
) -> list[tuple[int, tuple[str, ...]]]:
    """The lines from ``start`` on that ``delimiter`` parts into one number (2 or more) of cells."""
    run: list[tuple[int, tuple[str, ...]]] = []
    for m in range(start, len(lines)):
        if m in taken or delimiter not in lines[m]:
            break
        if delimiter == " | ":
            cells = tuple(c.strip() for c in lines[m].split("|"))
        else:  # a quoted cell may hold the delimiter: "Park, Lena"
            try:
                read = next(csv.reader([lines[m].rstrip("\r")], delimiter=delimiter))
            except csv.Error:  # a carriage return inside the line: no row
                break
            cells = tuple(c.strip() for c in read)
        if run and len(cells) != len(run[0][1]):
            break
        run.append((m, cells))
    return run


def table_cell(text: str, question: str) -> tuple[str, frozenset[str]] | None:
    """The one cell of a table in ``text`` that the question points at, and the others.

    "Who is the primary on-call in week 11?" over "| Week | Primary | Secondary |" points at
    the row that holds a cell of the question's words ("11") and, in it, the one cell under a
    heading of the question's words ("Primary", "Owner" for "Who owns ...?") that the question
    does not already write. None unless one table has exactly one such row and one such cell.
    The other cells of that table come with it: a reading that is one of them read the table,
    and read it in the wrong row or column.
    """
    asked = agents(stems(question))
    found = []
    for table in tables(text):
        heads, rows = table.heads, table.rows
        columns = [n for n, head in enumerate(heads) if stems(head) and stems(head) <= asked]
        named = [row for row in rows if any(stems(c) and stems(c) <= asked for c in row)]
        if len(named) != 1:
            continue
        cells = [
            named[0][n]
            for n in columns
            if n < len(named[0]) and stems(named[0][n]) and not stems(named[0][n]) <= asked
        ]
        if len(cells) == 1:
            found.append((cells[0], frozenset(c for row in rows for c in row if c) - {cells[0]}))
    return found[0] if len(found) == 1 else None


STARTING = frozenset(
    "from since effective start starts started begin begins began valid as "
    "ab seit gultig von depuis desde dal dall с начало".split()
)
"""Words of a heading over when each row took effect: "effective_from", "Since", "Start"."""
ENDING = frozenset(
    "to until till end ends ended expires expiry expired left retired bis jusqu fin hasta "
    "fino до по конец".split()
)
"""Words of a heading over when each row stopped holding: "valid_to", "Until", "End date"."""
_STARTING_MARKS = (
    "生效",
    "起始",
    "开始",
    "開始",
    "适用",
    "適用",
    "から",
    "以降",
    "시작",
    "부터",
    "발효",
)
_ENDING_MARKS = ("终止", "结束", "截止", "終了", "まで", "종료", "까지", "만료")
"""The same in scripts written without spaces, found inside a heading: "生效日期", "시작일"."""

CURRENT_CELLS = frozenset(
    "current active now aktuell aktiv actuel actif actual activo attuale "
    "当前 现任 現任 現在 현재".split()
)
FORMER_CELLS = frozenset(
    "former previous past inactive retired old ehemalig ehemals vorher ancien precedent anterior "
    "precedente 前任 以前 旧 이전 전임".split()
)
"""What a table's status column says of each row: the one that holds now, and those before."""


def _starting(head: str) -> bool:
    """Whether a heading is over when each row took effect (and not when it stopped)."""
    said = _heading_words(head)
    starts = said & STARTING or any(m in head for m in _STARTING_MARKS)
    return bool(starts) and not (said & ENDING or any(m in head for m in _ENDING_MARKS))


def _status(row: tuple[str, ...], column: int) -> bool | None:
    """True for a row whose cell in ``column`` says it holds now, False for one before, or None."""
    said = words(row[column]) if column < len(row) else []
    if len(said) != 1:
        return None
    return True if said[0] in CURRENT_CELLS else False if said[0] in FORMER_CELLS else None


def _heading_words(head: str) -> set[str]:
    """A heading's words, apart where it is written "effective_from" or "effectiveFrom"."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", head)
    return {w for w in re.split(r"[\W_]+", spaced.lower()) if w} | set(words(spaced))


def superseded(table: Table, question: str) -> dict[int, int]:
    """The rows of ``table`` a later row about what the question names replaces, and by which.

    Rows are about what the question names when they hold its words in most cells ("ledger"
    for "Who owns the ledger service?"). Of two or more such rows, one a status column calls
    current (:data:`CURRENT_CELLS`) replaces those it calls former (:data:`FORMER_CELLS`);
    else, when each says in a column of when it took effect (a heading of :data:`STARTING`
    and none of :data:`ENDING`) when, one of them last, they are one thing over time, and the
    last replaces the others. Row indices, each to the index of the row that replaces it.
    """
    starts = [n for n, head in enumerate(table.heads) if _starting(head)]
    cells = set(words("\n".join(" ".join(row) for row in table.rows)))
    if len(starts) != 1 and not (CURRENT_CELLS | FORMER_CELLS) & cells:
        return {}  # neither: no row of it is read against another (and a long CSV stays cheap)
    asked = agents(stems(question))
    hits = [sum(bool(s := stems(c)) and s <= asked for c in row) for row in table.rows]
    most = max(hits, default=0)
    named = [n for n, hit in enumerate(hits) if most and hit == most]
    if len(named) < 2:
        return {}
    for column in range(len(table.heads)):  # "search,Lena Park,current" over "...,former"
        labels = [_status(table.rows[n], column) for n in named]
        if labels.count(True) == 1 and labels.count(False) == len(named) - 1:
            now = named[labels.index(True)]
            return {n: now for n in named if n != now}
    if len(starts) != 1:
        return {}
    [start] = starts
    when = {n: cell_date(row[start]) if start < len(row := table.rows[n]) else None for n in named}
    if None in when.values():
        return {}
    latest = max(named, key=lambda n: when[n] or ())
    if sum(when[n] == when[latest] for n in named) > 1:
        return {}  # two rows took effect at once: neither replaces the other
    return {n: latest for n in named if n != latest}


def superseded_out(text: str, question: str) -> str:
    """``text`` with the cells of every row of its tables that a later row replaces emptied."""
    if not any(d in text for d in _DELIMITERS + ("|",)):
        return text
    lines = text.split("\n")
    for table in tables(text):
        for n in superseded(table, question):
            at = table.lines[n]
            if table.delimiter == "|" and _TABLE_LINE.match(lines[at]):
                lines[at] = "|" + "|".join(" " for _ in table.rows[n]) + "|"
            else:
                lines[at] = table.delimiter.join(" " for _ in table.rows[n])
    return "\n".join(lines)


def replaced_cell(text: str, answer: str, question: str) -> str | None:
    """The cell a later row of a table in ``text`` puts where ``answer`` was, if it was a cell.

    "Ken Ito", the owner of ledger's 2023 row, is "Lena Park" of its 2025 row.
    """
    for table in tables(text):
        for n, latest in superseded(table, question).items():
            row = table.rows[n]
            for m, cell in enumerate(row):
                if cell == answer.strip() and m < len(table.rows[latest]):
                    return table.rows[latest][m] or None
    return None


def cell_date(cell: str) -> tuple[int, int, int] | None:
    """The date a cell writes, as (year, month, day), 0 for what it leaves out; None if none.

    "2025-06-01", "2025-06", "2025", "01.06.2025", "1 June 2025", "June 2025". A date of
    slashes is read day first only when that is the only way to read it, or as its year.
    """
    cell = cell.strip()
    if m := re.fullmatch(r"(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?", cell):
        return int(m[1]), int(m[2] or 0), int(m[3] or 0)
    if m := re.fullmatch(r"(\d{1,2})[./-](\d{1,2})[./-](\d{4})", cell):
        day, month = int(m[1]), int(m[2])
        if "/" in cell and day <= 12 and month <= 12 and day != month:
            return int(m[3]), 0, 0  # "06/01/2025": June or January
        if month > 12:
            day, month = month, day
        return int(m[3]), month, day
    said = words(cell)
    months = [MONTH_NUMBERS[w] for w in said if w in MONTH_NUMBERS]
    years = [int(w) for w in said if re.fullmatch(r"\d{4}", w)]
    days = [int(w) for w in said if re.fullmatch(r"\d{1,2}", w)]
    if len(years) == 1 and len(months) <= 1 and len(days) <= 1 and len(said) <= 3:
        return years[0], months[0] if months else 0, days[0] if days else 0
    return None
