"""Tables in a text, and the rows a later row of the same thing replaces."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg import Context, ask
from contextorg.testing import Fault, World, faulty
from contextorg.testing.faults import FaultKind
from contextorg.tools.relations.graph import Triple
from contextorg.tools.text.claims import denies, states
from contextorg.tools.text.tables import (
    Table,
    cell_date,
    replaced_cell,
    superseded,
    table_cell,
    tables,
)

OWNERS_CSV = (
    "service,owner,effective_from\n"
    "ledger,Ken Ito,2023-01-01\n"
    "ledger,Lena Park,2025-06-01\n"
    "search,Omar Diaz,2024-02-01"
)
OWNERS_INDEXED = (  # a CSV piece as the index writes it
    "service | owner | effective_from\nledger | Ken Ito | 2023-01-01\n"
    "ledger | Lena Park | 2025-06-01\nsearch | Omar Diaz | 2024-02-01"
)
OWNERS_MARKDOWN = (
    "Owners of our services.\n\n| Service | Owner | Since |\n|---|---|---|\n"
    "| Ledger | Ken Ito | March 2023 |\n| Ledger | Lena Park | 1 June 2025 |\n"
    "| Search | Omar Diaz | 2024 |"
)
OWNER = "Who owns the ledger service?"


@pytest.mark.parametrize("text", [OWNERS_CSV, OWNERS_INDEXED, OWNERS_MARKDOWN])
def test_a_later_row_of_the_same_thing_replaces_the_earlier_for_a_question_of_now(
    text: str,
) -> None:
    assert denies(text, "Ken Ito", OWNER)
    assert states(text, "Lena Park", OWNER)
    assert replaced_cell(text, "Ken Ito", OWNER) == "Lena Park"
    assert states(text, "Omar Diaz", "Who owns the search service?")  # one row: nothing to replace


@pytest.mark.parametrize(
    "question",
    [
        "Who owned the ledger service in 2023?",  # asked of a year gone by
        "Who was the first owner of the ledger service?",
        "Who owned the ledger service before Lena Park?",
    ],
)
def test_every_row_stands_for_a_question_of_the_past(question: str) -> None:
    assert states(OWNERS_CSV, "Ken Ito", question)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # a heading of when each row ended, not began
        (OWNERS_CSV.replace("effective_from", "valid_until"), OWNER),
        # took effect at once: two owners, neither replacing the other
        (OWNERS_CSV.replace("2025-06-01", "2023-01-01"), OWNER),
        # no column of when: two rows of one service are two owners
        (OWNERS_CSV.replace("effective_from", "team"), OWNER),
        # a date not read is no later row
        (OWNERS_CSV.replace("2025-06-01", "soon"), OWNER),
    ],
)
def test_no_row_is_replaced_unless_a_later_one_took_effect_for_a_question_of_now(
    text: str, question: str
) -> None:
    assert states(text, "Ken Ito", question)
    assert replaced_cell(text, "Ken Ito", question) is None


def test_prose_with_commas_is_no_table() -> None:
    prose = (
        "Ken Ito, who founded the team, owned the ledger from 2023.\n"
        "Lena Park, hired in 2025, owns it now, since June.\n"
        "Omar Diaz, of search, helps."
    )
    assert tables(prose) == []
    assert states(prose, "Lena Park", OWNER)


def test_a_quoted_cell_keeps_its_comma() -> None:
    text = 'service,owner,since\nledger,"Ito, Ken",2023\nledger,"Park, Lena",2025'
    [table] = tables(text)
    assert table.rows[0] == ("ledger", "Ito, Ken", "2023")
    assert replaced_cell(text, "Ito, Ken", OWNER) == "Park, Lena"


@pytest.mark.parametrize(
    ("cell", "when"),
    [
        ("2025-06-01", (2025, 6, 1)),
        ("2025-06", (2025, 6, 0)),
        ("01.06.2025", (2025, 6, 1)),
        ("13/06/2025", (2025, 6, 13)),
        ("06/13/2025", (2025, 6, 13)),
        ("06/01/2025", (2025, 0, 0)),  # June or January: the year alone
        ("1 June 2025", (2025, 6, 1)),
        ("juin 2025", (2025, 6, 0)),
        ("soon", None),
        ("Ken Ito", None),
    ],
)
def test_the_date_a_cell_writes(cell: str, when: tuple[int, int, int] | None) -> None:
    assert cell_date(cell) == when


DATES = st.dates().map(lambda d: d.isoformat())


@given(st.lists(st.tuples(st.sampled_from(["Ana", "Ben", "Cy", "Dee"]), DATES), min_size=2))
def test_the_latest_row_is_never_replaced_whatever_the_order(rows: list[tuple[str, str]]) -> None:
    table = Table(
        ("service", "owner", "since"),
        tuple(("ledger", owner, day) for owner, day in rows),
        tuple(range(1, len(rows) + 1)),
        ",",
    )
    replaced = superseded(table, OWNER)
    latest = max(day for _, day in rows)
    if [day for _, day in rows].count(latest) > 1:
        assert replaced == {}
    else:
        [kept] = [n for n, (_, day) in enumerate(rows) if day == latest]
        assert kept not in replaced
        assert replaced == {n: kept for n in range(len(rows)) if n != kept}
        flipped = Table(table.heads, table.rows[::-1], table.lines, ",")
        assert set(superseded(flipped, OWNER).values()) == {len(rows) - 1 - kept}


def test_a_line_with_a_carriage_return_inside_ends_a_table() -> None:
    text = OWNERS_CSV.replace("search,", "sea\rrch,").replace("\n", "\r\n")
    [table] = tables(text)
    assert [row[1] for row in table.rows] == ["Ken Ito", "Lena Park"]
    assert replaced_cell(text, "Ken Ito", OWNER) == "Lena Park"


@pytest.mark.parametrize("text", [OWNERS_CSV, OWNERS_INDEXED, OWNERS_MARKDOWN])
def test_a_question_points_at_a_cell_of_a_table_in_any_of_its_forms(text: str) -> None:
    found = table_cell(text, "Who owns the search service?")
    assert found is not None
    assert found[0] == "Omar Diaz" and "Ken Ito" in found[1]
    assert table_cell(text, OWNER) is None  # two rows of ledger: no one cell


@pytest.mark.parametrize("fault", [None, "raise", "garble"])
def test_the_first_row_read_of_a_table_over_time_gives_its_latest_row(
    fault: FaultKind | None,
) -> None:
    # The model reads the first ledger row; the table states Lena Park, without a second call.
    contexts = [Context(id="owners.csv", text=OWNERS_CSV)]
    world = World(contexts, {"owners.csv": Triple(True, None, "Ken Ito")})
    faults = [Fault(fault, schema="AnswerReading", times=1)] if fault else []
    model = faulty(world.respond, *faults)
    result = ask(OWNER, contexts, model=model)
    assert [(a.answer, a.citations) for a in result.answer.answers] == [
        ("Lena Park", ["owners.csv"])
    ]
    assert model.respond.applied == ([(fault, "AnswerReading")] if fault else [])
    assert result.answer.failed_calls == 0
    if fault is None:
        assert result.summary()["usage"]["llm_calls"] == 1  # not asked again


@pytest.mark.parametrize(
    ("text", "question", "earlier", "later"),
    [
        (  # a status column: the current row replaces the former
            "service,maintainer,status\nsearch,Ken Ito,former\nsearch,Lena Park,current\n"
            "ledger,Omar Diaz,current",
            "Who maintains the search service?",
            "Ken Ito",
            "Lena Park",
        ),
        (  # a heading of when, in a script written without spaces
            "| 服务 | 负责人 | 生效日期 |\n|---|---|---|\n| 账本 | 伊藤健 | 2023-01-01 |\n"
            "| 账本 | 朴丽娜 | 2025-06-01 |",
            "账本服务的负责人是谁？",
            "伊藤健",
            "朴丽娜",
        ),
        (
            "| 서비스 | 담당자 | 시작일 |\n|---|---|---|\n| 결제 | 김민준 | 2023-03-01 |\n"
            "| 결제 | 이서연 | 2025-07-01 |",
            "결제 서비스 담당자는 누구입니까?",
            "김민준",
            "이서연",
        ),
    ],
)
def test_a_status_column_or_a_heading_of_when_in_any_script_tells_the_later_row(
    text: str, question: str, earlier: str, later: str
) -> None:
    assert denies(text, earlier, question) and states(text, later, question)
    assert replaced_cell(text, earlier, question) == later


def test_two_rows_both_current_or_a_heading_of_when_they_ended_replace_nothing() -> None:
    both = "service,maintainer,status\nsearch,Ken Ito,current\nsearch,Lena Park,current"
    ended = (
        "| 服务 | 负责人 | 截止日期 |\n|---|---|---|\n| 账本 | 伊藤健 | 2023-01-01 |\n"
        "| 账本 | 朴丽娜 | 2025-06-01 |"
    )
    assert states(both, "Ken Ito", "Who maintains the search service?")
    assert states(ended, "伊藤健", "账本服务的负责人是谁？")
