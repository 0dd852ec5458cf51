"""Ingestion: HTML, Markdown, text and CSV into units; contextualization; skipped files."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg.tools.inputs import InputError
from contextorg.tools.retrieval.ingest import (
    PASSAGE_WORDS,
    Contextualize,
    SourceDocument,
    _chunks,
    find_documents,
    from_llama_index,
    front_matter,
    read_document,
    units_from,
)

PAGE = """<html><head><title>Team page</title><script>var x = 1;</script></head><body>
<h1>Team</h1><p>The team builds <b>search</b>.</p><p>It meets weekly.</p>
<h2>Members</h2>
<table><tr><th>Member</th><th>Task</th></tr>
<tr><td>Alice</td><td>Similarity function</td></tr>
<tr><td>Bob</td><td></td></tr></table>
<h2>Tools</h2><ul><li>bm25s<ul><li>sparse</li></ul></li><li>numpy</li></ul>
<!-- a comment --><p>Last line.</p></body></html>"""


def html(content: str = PAGE, **kw: object) -> list:  # type: ignore[type-arg]
    return units_from(SourceDocument(id="p", content=content, format="html", **kw))  # type: ignore[arg-type]


def test_html_units_follow_headings_lists_and_tables() -> None:
    units = html()
    assert [(u.kind, u.heading) for u in units] == [
        ("passage", "Team"),
        ("table", "Members"),
        ("row", "Members"),
        ("row", "Members"),
        ("list", "Tools"),
        ("passage", "Tools"),
    ]
    assert units[0].text == "The team builds search.\nIt meets weekly."
    assert units[0].title == "Team page"
    assert units[2].text == "Row 1 in Table 1: Member is Alice, and Task is Similarity function"
    assert units[3].text == "Row 2 in Table 1: Member is Bob"
    assert units[4].text == "- bm25s\n  - sparse\n- numpy"
    assert "var x" not in " ".join(u.text for u in units)
    assert [u.id for u in units] == [f"p#{n}" for n in range(1, 7)]


def test_rows_can_be_left_out_and_neighbours_are_linked() -> None:
    units = units_from(SourceDocument(id="p", content=PAGE, format="html"), rows=False)
    assert [u.kind for u in units] == ["passage", "table", "list", "passage"]
    assert units[1].before == units[0].text and units[1].after == units[2].text
    assert units[0].before == "" and units[-1].after == ""


def test_spanned_header_cells_name_every_column() -> None:
    table = """<table>
    <tr><th rowspan="2">Platform</th><th colspan="2">Legacy</th></tr>
    <tr><th>Install</th><th>Upgrade</th></tr>
    <tr><td>Dell 7040</td><td>Pass</td><td>Fail</td></tr></table>"""
    rows = [u for u in html(table) if u.kind == "row"]
    assert [u.text for u in rows] == [
        "Row 1 in Table 1: Platform is Dell 7040, and Legacy Install is Pass, "
        "and Legacy Upgrade is Fail"
    ]


def test_a_table_without_th_takes_its_first_row_as_header() -> None:
    table = "<table><tr><td>Name</td><td>Age</td></tr><tr><td>Ann</td><td>4</td></tr></table>"
    assert [u.text for u in html(table) if u.kind == "row"] == [
        "Row 1 in Table 1: Name is Ann, and Age is 4"
    ]


def test_contextualization_switches() -> None:
    unit = html()[2]
    assert unit.indexed_text(Contextualize.none()) == unit.text
    titled = unit.indexed_text(Contextualize(heading=False, neighbours=False))
    assert titled == f"Team page\n{unit.text}"
    full = unit.indexed_text()
    assert full.startswith("Team page\nMembers\n") and unit.after in full


def test_markdown_and_text() -> None:
    md = "# Guide\n\nIntro text.\n\n## Setup\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n"
    units = units_from(SourceDocument(id="g", content=md, format="markdown"))
    assert [u.kind for u in units] == ["passage", "table", "row", "list"]
    assert units[0].title == "Guide" and units[2].text == "Row 1 in Table 1: A is 1, and B is 2"
    text = units_from(SourceDocument(id="t", content="One.\n\n\nTwo.", format="text", title="T"))
    assert [u.text for u in text] == ["One.\nTwo."] and text[0].title == "T"


@given(st.lists(st.text(alphabet="ab .", min_size=1, max_size=300), max_size=12))
def test_chunks_keep_every_word_in_order_within_the_limit(pieces: list[str]) -> None:
    words = 20
    chunks = list(_chunks(pieces, words=words))
    assert " ".join(chunks).split() == " ".join(pieces).split()
    assert all(len(c.split()) <= words for c in chunks)


def test_find_documents_lists_skipped_files(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\n\ntext")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.html").write_text("<p>b</p>")
    (tmp_path / "image.png").write_bytes(b"\x89PNG")
    (tmp_path / "bad.txt").write_bytes(b"\x00\x01bad")
    (tmp_path / ".hidden.md").write_text("secret")
    (tmp_path / "notes.txt").write_text("Backups run at 02:00.\n", encoding="utf-16")  # a BOM
    documents, skipped = find_documents(tmp_path)
    assert [d.id for d in documents] == ["a.md", "notes.txt", "sub/b.html"]
    assert documents[1].content.strip() == "Backups run at 02:00."
    assert set(skipped) == {str(tmp_path / "image.png"), str(tmp_path / "bad.txt")}
    assert "supported" in skipped[str(tmp_path / "image.png")]
    assert "binary file" in skipped[str(tmp_path / "bad.txt")]
    with pytest.raises(InputError, match="no such file"):
        find_documents(tmp_path / "missing")


def test_a_page_without_a_title_is_named_by_its_file(tmp_path: Path) -> None:
    (tmp_path / "harbor-build_owners.md").write_text("Dana Reyes owns the Harbor build.")
    (tmp_path / "guide.md").write_text("# Release guide\n\nTag, then build.")
    (tmp_path / "page.html").write_text("<title>Team page</title><p>Hi.</p>")
    (tmp_path / "notes.html").write_text("<p>No title here.</p>")
    titles = {d.id: units_from(d)[0].title for d in find_documents(tmp_path)[0]}
    assert titles == {
        "harbor-build_owners.md": "harbor build owners",
        "guide.md": "Release guide",
        "page.html": "Team page",
        "notes.html": "notes",
    }


def test_llama_index_documents_are_accepted() -> None:
    from llama_index.core import Document
    from llama_index.core.schema import TextNode

    docs = from_llama_index(
        [
            Document(id_="d1", text="Alpha.", metadata={"title": "A", "url": "http://x/a"}),
            TextNode(id_="n1", text="Beta.", metadata={"file_name": "b.txt"}),
        ]
    )
    assert [(d.id, d.title, d.source, d.content) for d in docs] == [
        ("d1", "A", "http://x/a", "Alpha."),
        ("n1", "b.txt", "", "Beta."),
    ]


def test_links_are_followed_only_inside_the_folder(tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("a system file's content")
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "page.txt").write_text("The tower opened in 1987.")
    (folder / "alias.txt").symlink_to(folder / "page.txt")
    (folder / "leak.txt").symlink_to(outside)
    documents, skipped = find_documents(folder)
    assert sorted(d.id for d in documents) == ["alias.txt", "page.txt"]
    assert "outside the folder" in skipped[str(folder / "leak.txt")]


def test_struck_through_text_is_kept_marked_as_markdown_writes_it() -> None:
    page = "<p>Owner: <del>Ken Ito</del> Lena Park <s> </s>(<strike>old  wiki</strike>)</p>"
    [unit] = units_from(SourceDocument(id="w", content=page, format="html"))
    assert unit.text == "Owner: ~~Ken Ito~~ Lena Park (~~old wiki~~)"
    markdown = units_from(
        SourceDocument(id="m", content="Owner: ~~Ken Ito~~ Lena Park", format="markdown")
    )
    assert markdown[0].text == "Owner: ~~Ken Ito~~ Lena Park"


def test_a_link_to_an_address_keeps_the_address_its_text_does_not_show() -> None:
    page = (
        "For help, [write to support](mailto:help@quill.example?subject=Hi) or "
        "[call us](tel:+1-555-0100). [help@quill.example](mailto:help@quill.example), "
        "[the runbook](https://wiki.example/runbook)"
    )
    [unit] = units_from(SourceDocument(id="m", content=page, format="markdown"))
    assert unit.text == (  # a web link leads elsewhere: its text is what the page says
        "For help, write to support (help@quill.example) or call us (+1-555-0100). "
        "help@quill.example, the runbook"
    )
    html = '<p><a href="MAILTO:kevin%40example.org">Kevin Pearson</a>, <a href="mailto:">x</a></p>'
    [unit] = units_from(SourceDocument(id="h", content=html, format="html"))
    assert unit.text == "Kevin Pearson (kevin@example.org), x"
    team = (  # a team table, as wiki home pages give their members
        "<table><tr><th>Lead</th><th>Phone</th></tr><tr><td>"
        '<a href="mailto:ana@example.org">Ana Costa</a></td>'
        '<td><a href="tel:+15550100">desk</a></td></tr></table>'
    )
    rows = [u.text for u in units_from(SourceDocument(id="t", content=team, format="html"))]
    assert (
        "Row 1 in Table 1: Lead is Ana Costa (ana@example.org), and Phone is desk (+15550100)"
        in rows
    )


def test_markdown_keeps_its_inline_code_marked() -> None:
    page = (
        "Run `kubectl rollout restart deploy/ledger -n payments` to restart it.\n\n"
        "```\nmake ledger-up\n```\n\n| Flag | Effect |\n|---|---|\n| `--verbose` | more logs |"
    )
    texts = [u.text for u in units_from(SourceDocument(id="m", content=page, format="markdown"))]
    assert texts == [  # a fenced block is code already, and stays as it is written
        "Run `kubectl rollout restart deploy/ledger -n payments` to restart it.\nmake ledger-up",
        "Flag | Effect\n`--verbose` | more logs",
        "Row 1 in Table 1: Flag is `--verbose`, and Effect is more logs",
    ]
    # HTML's own <code> is read as text, as before
    [html] = units_from(
        SourceDocument(id="h", content="<p>Run <code>make</code>.</p>", format="html")
    )
    assert html.text == "Run make."


def test_a_csv_file_is_a_table_its_first_row_naming_the_columns(tmp_path: Path) -> None:
    # a spreadsheet's semicolons (where the comma is the decimal mark), a quoted line break
    (tmp_path / "owners.csv").write_text(
        'Service;Owner;Cost\nHarbor build;Lena Park;"1,5"\n"Quay; docs";"Ken\nIto";2\n'
    )
    (tmp_path / "owners.tsv").write_text("Service\tOwner\nHarbor build\tLena Park\n")
    units = units_from(read_document(tmp_path / "owners.csv"))
    assert [(u.kind, u.title, u.text) for u in units] == [
        ("table", "owners", "Service | Owner | Cost\nHarbor build | Lena Park | 1,5\n"
         "Quay; docs | Ken Ito | 2"),
        ("row", "owners", "Row 1 in Table 1: Service is Harbor build, and Owner is Lena Park, "
         "and Cost is 1,5"),
        ("row", "owners", "Row 2 in Table 1: Service is Quay; docs, and Owner is Ken Ito, and "
         "Cost is 2"),
    ]  # fmt: skip
    assert [u.text for u in units_from(read_document(tmp_path / "owners.tsv"))] == [
        "Service | Owner\nHarbor build | Lena Park",
        "Row 1 in Table 1: Service is Harbor build, and Owner is Lena Park",
    ]


@given(
    st.lists(
        st.lists(st.from_regex(r"[a-z0-9 ]{0,12}", fullmatch=True), min_size=3, max_size=3),
        max_size=60,
    )
)
def test_a_long_csv_is_cut_into_pieces_of_whole_rows_each_under_its_header(
    rows: list[list[str]],
) -> None:
    text = io.StringIO()
    csv.writer(text).writerows([["Service", "Owner", "Notes"], *rows])
    document = SourceDocument(id="t", content=text.getvalue(), format="csv")
    units = units_from(document)
    pieces = [u.text.split("\n") for u in units if u.kind == "table"]
    body = [" | ".join(" ".join(c.split()) for c in r) for r in rows if any(c.strip() for c in r)]
    assert all(p[0] == "Service | Owner | Notes" for p in pieces)
    assert [line for p in pieces for line in p[1:]] == body  # every row once, in order
    assert all(len(p) == 2 or len(" ".join(p).split()) <= PASSAGE_WORDS for p in pieces)
    assert sum(u.kind == "row" for u in units) == len(body)


def test_markdown_front_matter_names_the_page_and_is_read_as_its_fields() -> None:
    page = (
        "---\ntitle: Harbor build\nowner: Ken Ito\nupdated: 2021-03-01\ntags: [ci, build]\n"
        "draft:\n---\n\n# Harbor\n\nOwner since 2024: Lena Park.\n"
    )
    units = units_from(SourceDocument(id="h", content=page, format="markdown"))
    assert [(u.title, u.heading, u.text) for u in units] == [
        ("Harbor build", "", "owner: Ken Ito\nupdated: 2021-03-01\ntags: ci, build"),
        ("Harbor build", "Harbor", "Owner since 2024: Lena Park."),
    ]
    for kept in ["---\n- a list, not fields\n---\nText.", "---\na: [unclosed\n---\nText.", "---"]:
        assert front_matter(kept) == ({}, kept)  # no mapping: the page as it is


def test_restructuredtext_section_titles_are_headings() -> None:
    page = (
        "======\nHarbor\n======\n\nIntro.\n\nSetup\n=====\n\nInstall it::\n\n"
        "    pip install harbor\n\nPorts\n~~~~~\n\nThe port is 9090.\n\n----\n\nEnd.\n"
    )
    units = units_from(SourceDocument(id="s", content=page, format="rst"))
    assert [(u.title, u.heading, u.text) for u in units] == [
        ("Harbor", "Harbor", "Intro."),
        ("Harbor", "Setup", "Install it::\npip install harbor"),
        ("Harbor", "Ports", "The port is 9090.\nEnd."),  # "----" between: a transition
    ]


def test_rows_led_by_their_names_and_definition_lists_pair_a_name_with_its_value() -> None:
    # page properties and infoboxes: no row names the columns ("Owner is Backup" was read)
    page = (
        "<table><tr><th>Owner</th><td>Ken Ito</td></tr>"
        "<tr><th>Backup</th><td>Lena Park</td><td>Mia Chen</td></tr></table>"
        "<dl><dt>Owner</dt><dd>Ken Ito</dd><dt>Backup</dt><dd>Lena Park</dd><dd>Mia Chen</dd>"
        "<dt>Notes</dt></dl>"
    )
    units = units_from(SourceDocument(id="p", content=page, format="html"))
    assert [(u.kind, u.text) for u in units] == [
        ("table", "Owner | Ken Ito\nBackup | Lena Park | Mia Chen"),
        ("row", "Row 1 in Table 1: Owner is Ken Ito"),
        ("row", "Row 2 in Table 1: Backup is Lena Park, Mia Chen"),
        ("list", "- Owner: Ken Ito\n- Backup: Lena Park; Mia Chen\n- Notes"),
    ]


def test_a_row_made_only_of_cells_spanned_from_above_is_read() -> None:
    page = "<table><tr><td rowspan=2>a</td><td rowspan=2>b</td></tr><tr></tr><tr><td>c</td></tr>"
    units = units_from(SourceDocument(id="t", content=page + "</table>", format="html"))
    assert [u.text for u in units if u.kind == "table"] == ["a | b\na | b\nc | "]


def test_markdown_lines_wrapped_in_a_sentence_are_one_line() -> None:
    # hard-wrapped prose is one sentence, as a browser shows it; a label's line, a list item
    # and code keep their lines
    md = (
        "# Search\n\nIts index is rebuilt nightly at 02:00 UTC; the rebuild\nused to run at 04:00"
        " until January.\nOwner: Lena Park\nLast reviewed: May 2026\n\n"
        "```\nstep one\nstep two\n```\n"
    )
    units = units_from(SourceDocument(id="s", content=md, format="markdown"))
    assert units[0].text == (
        "Its index is rebuilt nightly at 02:00 UTC; the rebuild used to run at 04:00 until"
        " January.\nOwner: Lena Park\nLast reviewed: May 2026\nstep one\nstep two"
    )
    # HTML's own line breaks are left as they are
    page = units_from(SourceDocument(id="p", content="<p>Owned by Ana\nLast updated: May</p>",
                                     format="html"))  # fmt: skip
    assert page[0].text == "Owned by Ana\nLast updated: May"
