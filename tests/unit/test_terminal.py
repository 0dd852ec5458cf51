"""Data never drives the terminal: hostile ids, titles, texts, files and replies, every command."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from contextorg.testing import World
from contextorg.tools.models.resolve import register_chat_model
from contextorg.tools.relations.graph import Triple
from contextorg.tools.text.visible import hidden, json_line, visible

HOSTILE = "\x1b[2J\x1b]0;pwned\x07\x9b31m\u202e\u2066\u200b\x7f\u2028\r"
"""Clear the screen, set the window title, C1 CSI, right-to-left override and isolate,
zero-width space, DEL, a line separator and a carriage return."""


def raw(*outputs: str) -> list[str]:
    """The hidden characters that reached an output."""
    return [c for text in outputs for c in text if hidden(c)]


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """Contexts whose titles and texts are hostile, and a model whose reply is too."""
    file = tmp_path / "contexts.jsonl"
    rows = [
        {"id": "atlas", "title": f"Atlas {HOSTILE}", "text": f"It opened in 1932. {HOSTILE}"},
        {"id": "blog", "title": HOSTILE, "text": f"{HOSTILE} It opened in 1934 {HOSTILE}."},
    ]
    file.write_text("".join(json.dumps(r) + "\n" for r in rows))
    register_chat_model(
        "scripted-hostile",
        lambda _: World([], {}, unknown=lambda text: Triple(True, None, text[-40:])).model(),
        real=False,
    )
    return file


def test_ask_shows_hostile_data_escaped(hostile: Path, tmp_path: Path, run_cli: Any) -> None:
    report, trace = tmp_path / "report.html", tmp_path / "trace.jsonl"
    argv = ["ask", f"When? {HOSTILE}", "--contexts", str(hostile), "--model", "scripted-hostile"]
    code, out, err = run_cli([*argv, "--report", str(report), "--trace", str(trace)])
    assert code == 0, err
    assert "\\x1b" in out and "\\u202e" in out  # shown, as escapes
    assert raw(out, err) == []
    assert raw(report.read_text()) == []
    code, out, err = run_cli([*argv, "--json"])
    assert code == 0 and raw(out, err) == []
    summary = json.loads(out)
    assert HOSTILE in summary["contexts"][0]["title"]  # the data itself is kept, exactly
    code, out, err = run_cli(["trace", str(trace)])
    assert code == 0 and raw(out, err) == [], err
    code, out, err = run_cli(["trace", str(trace), "--json"])
    assert code == 0 and raw(out, err) == [] and out.strip()


@pytest.mark.parametrize(
    ("context_id", "said"),
    [
        ("at\u200blas", "U+200B ZERO WIDTH SPACE"),
        ("atlas\u202e2391", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("\x1b]0;pwned\x07", "U+001B"),
        ("   ", "is blank"),
    ],
)
def test_ids_a_reader_cannot_see_as_they_are_are_refused(
    tmp_path: Path, run_cli: Any, context_id: str, said: str
) -> None:
    file = tmp_path / "contexts.jsonl"
    file.write_text(json.dumps({"id": context_id, "text": "It opened in 1932."}) + "\n")
    code, out, err = run_cli(["ask", "When?", "--contexts", str(file), "--model", "scripted:any"])
    assert code == 2 and said in err and "error:" in err
    assert raw(out, err) == []


def test_search_and_index_show_hostile_files_escaped(tmp_path: Path, run_cli: Any) -> None:
    folder = tmp_path / f"docs{HOSTILE[:9]}"
    folder.mkdir()
    (folder / "page.html").write_text(
        f"<html><head><title>{HOSTILE} title</title></head>"
        f"<body><p>Tower {HOSTILE} 1987</p></body></html>"
    )
    (folder / f"name{HOSTILE[:6]}.txt").write_text(f"The tower {HOSTILE} opened in 1987.")
    (folder / f"bin{HOSTILE[:6]}.dat").write_bytes(b"\x00\x01")
    ix = str(tmp_path / "ix")
    code, out, err = run_cli(["index", str(folder), "--index", ix, "--embedder", "hash"])
    assert code == 0 and raw(out, err) == [] and "skipped" in err
    for json_out in ([], ["--json"]):
        code, out, err = run_cli(["search", f"tower {HOSTILE}", "--index", ix, *json_out])
        assert code == 0 and raw(out, err) == [] and "tower" in out.lower()


def test_chat_shows_hostile_replies_escaped(
    hostile: Path, tmp_path: Path, run_cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(f"When? {HOSTILE}\n/exit\n"))
    store = f"sqlite:///{tmp_path / 'threads.sqlite'}"
    argv = ["chat", "--contexts", str(hostile), "--model", "scripted-hostile"]
    code, out, err = run_cli([*argv, "--checkpoints", store, "--thread", "t1"])
    assert code == 0, err
    assert "1932" in out and raw(out, err) == []


def test_visible_and_json_line_escape_every_hidden_character() -> None:
    assert visible("a\x1bb\nc") == "a\\x1bb\nc"
    assert visible("a\nb", newlines=False) == "a\\x0ab"
    assert visible("\U000e0001x") == "\\U000e0001x"  # a tag character: invisible
    line = json_line({"x": HOSTILE + "\U000e0001"})
    assert raw(line) == [] and json.loads(line) == {"x": HOSTILE + "\U000e0001"}
