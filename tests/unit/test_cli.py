"""The command line: JSON output, and a clear message with no traceback for bad input."""

from __future__ import annotations

import codecs
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import typer.main
from langchain_core.documents import Document

from contextorg import Context, ScriptedChatModel
from contextorg.cli import app
from contextorg.demo import demo_contexts
from contextorg.testing import DEMO_READINGS, World
from contextorg.tools.inputs import (
    InputError,
    as_contexts,
    as_records,
    load_contexts,
    load_document,
)
from contextorg.tools.models.resolve import register_chat_model
from contextorg.tools.relations.graph import Triple


@pytest.fixture(autouse=True)
def scripted_demo_model() -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    register_chat_model("scripted-demo", lambda _: world.model(), real=False)


def test_usage_line_counts_one_call_as_one(run_cli: Any) -> None:
    code, out, _ = run_cli(["ask", "--model", "scripted-demo", "--strategy", "base"])
    assert code == 0 and "1 model call, " in out, out
    code, out, _ = run_cli(["ask", "--model", "scripted-demo"])
    assert code == 0 and "6 model calls, " in out, out


def test_json_output_on_the_demo(run_cli: Any) -> None:
    code, out, _ = run_cli(["ask", "--json", "--model", "scripted-demo"])
    assert code == 0
    data = json.loads(out)
    assert {"question", "answers", "text", "groups", "relations", "usage"} <= data.keys()
    assert data["supporting"] == {
        "velmora-guide": ["velmora-history"],
        "port-aster": ["lighthouse-list"],
    }
    assert (data["out_of_scope"], data["failed_groups"], data["uncited_answers"]) == (False, 0, 0)
    assert {a["answer"] for a in data["answers"]} == {"1987", "1991", "2004"}
    assert all(set(a) >= {"answer", "citations"} for a in data["answers"])
    assert {"a", "b", "label"} == set(data["relations"][0])
    assert {"llm_calls", "input_tokens", "output_tokens", "seconds"} <= data["usage"].keys()
    assert data["usage"]["llm_calls"] == 6  # 6 readings; the groups are answered from them
    assert data["group_answered_by"] == ["readings", "readings"]
    assert data["readings"]["velmora-blog"] == {
        "status": "answers",
        "answers": ["1991"],
        "said": "1991",
        "denied_words": [],
        "descriptor": None,
        "clipped": False,
        "spans": [],
    }
    assert data["readings"]["festival"]["status"] == "silent"


def test_an_answer_no_context_states_is_named_not_lost(tmp_path: Path, run_cli: Any) -> None:
    # The model misreads a link ("[write to support](mailto:help@...)"): its answer holds an
    # address the page never writes. It is not shown, and the user is told what was not shown.
    file = tmp_path / "c.jsonl"
    text = "## Support\nFor help, [write to support](mailto:help@quill.example) or open an issue."
    file.write_text(json.dumps({"id": "readme", "text": text}) + "\n")
    said = "For help, write to support@quill.example or open an issue."
    world = World([Context(id="readme", text=text)], {"readme": Triple(True, None, said)})
    register_chat_model("scripted-misread", lambda _: world.model(), real=False)
    argv = ["ask", "What is the support email for Quill?", "-c", str(file)]
    code, out, err = run_cli([*argv, "--model", "scripted-misread"])
    assert code == 0, err
    assert "could not find an answer" in out
    assert "not shown:" in out and "support@quill.example" in " ".join(out.split())
    code, out, _ = run_cli([*argv, "--model", "scripted-misread", "--json"])
    assert json.loads(out)["unstated"] == [said]
    report = tmp_path / "report.html"
    code, out, _ = run_cli([*argv, "--model", "scripted-misread", "--report", str(report)])
    assert code == 0 and f"<s>{said}</s>" in report.read_text()


def test_contexts_file_and_rich_output(tmp_path: Path, run_cli: Any) -> None:
    file = tmp_path / "c.jsonl"
    file.write_text(
        "\n".join(
            json.dumps(c.model_dump(include={"id", "title", "text"})) for c in demo_contexts()
        )
        + "\n\n"
    )
    code, out, _ = run_cli(
        ["ask", "When was the Lumen Tower completed?", "-c", str(file), "--model", "scripted-demo"]
    )
    assert code == 0
    assert "According to [velmora-guide][velmora-history]" in out
    assert "left out festival" in out


@pytest.mark.parametrize(
    ("content", "argv_extra", "message"),
    [
        (None, [], "no such contexts file"),
        ("", [], "has no contexts"),
        ('{"id": "a", "text": "x"}\n{"id": "b", "text": \n', [], "line 2: not valid JSON"),
        ('{"id": "a", "text": "x"}\n[1, 2]\n', [], "line 2: expected a JSON object"),
        ('{"id": "a", "text": ""}\n', [], "line 1 is not valid (text: String should have"),
        ('{"id": "a", "text": "x"}\n{"id": "a", "text": "y"}\n', [], "'a' appears twice"),
        ('{"id": "a", "text": "x"}\n', ["--strategy", "clusters"], "unknown strategy 'clusters'"),
        ('{"id": "a", "text": "x"}\n', ["--classifier", "nli"], "unknown relation classifier"),
        ('{"id": "a", "text": "x"}\n', ["--conflicts", "vote"], "unknown conflict policy 'vote'"),
    ],
)
def test_bad_input_is_one_clear_line(
    tmp_path: Path,
    run_cli: Any,
    content: str | None,
    argv_extra: list[str],
    message: str,
) -> None:
    file = tmp_path / "contexts.jsonl"
    if content is not None:
        file.write_text(content)
    code, out, err = run_cli(
        ["ask", "Q?", "--contexts", str(file), "--model", "scripted-demo", *argv_extra]
    )
    assert code == 2
    assert message in err
    assert "Traceback" not in err and out == ""


def test_empty_question(run_cli: Any) -> None:
    code, out, err = run_cli(["ask", "  ", "--model", "scripted-demo"])
    assert code == 2 and "question is empty" in err and out == ""


def test_real_model_refused_in_unit_tests(run_cli: Any) -> None:
    code, _, err = run_cli(["ask", "--model", "local"])
    assert code == 2 and "the model 'local' is forbidden here" in err


FOLDER = "is a folder: give a file in it, as"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--trace", "{dir}"], f"--trace {{dir}} {FOLDER} {{dir}}/trace.jsonl"),
        (["--report", "{dir}"], f"--report {{dir}} {FOLDER} {{dir}}/report.html"),
        (["--contexts", "{dir}/c.jsonl", "--report", "{dir}/c.jsonl"], "is an input file"),
        (["--trace", "{dir}/x", "--report", "{dir}/x"], "--report and --trace name the same file"),
    ],
)
def test_an_output_that_would_be_lost_is_refused_first(
    tmp_path: Path, run_cli: Any, options: list[str], message: str
) -> None:
    (tmp_path / "c.jsonl").write_text('{"id": "a", "text": "Built in 1987."}\n')
    argv = ["ask", "When?", "--model", "scripted-demo", *(o.format(dir=tmp_path) for o in options)]
    code, out, err = run_cli(argv)
    assert code == 2 and out == "", err
    assert message.format(dir=tmp_path) in " ".join(err.split()), err


def test_document_option(tmp_path: Path, run_cli: Any) -> None:
    register_chat_model(
        "scripted-none",
        lambda _: ScriptedChatModel(respond=lambda m, s: {"answers": []}),
        real=False,
    )
    doc = tmp_path / "guide.txt"
    doc.write_text("The Lumen Tower is in Velmora. " * 5)
    argv = ["ask", "Q?", "--document", str(doc), "--json", "--model", "scripted-none"]
    code, out, err = run_cli([*argv, "--strategy", "separate"])
    assert code == 0, err
    assert json.loads(out)["groups"] == [["guide.txt"]]
    code, out, err = run_cli(argv)  # corg reads it (here the reply fits no reading: exit 3)
    assert code == 3 and list(json.loads(out)["readings"]) == ["guide.txt"], err
    code, _, err = run_cli(["ask", "Q?", "--document", str(tmp_path)])
    assert code == 2 and f"{tmp_path} is a folder, not a document: to answer" in err, err
    code, _, err = run_cli(["ask", "Q?", "--document", str(tmp_path / "none.txt")])
    assert code == 2 and "no such document" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n")
    code, _, err = run_cli(["ask", "Q?", "--document", str(empty)])
    assert code == 2 and "is empty" in err
    code, _, err = run_cli(["ask", "Q?", "--document", str(doc), "--contexts", str(doc)])
    assert code == 2 and "give one of --contexts, --document or --index" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "is a binary file, not text"),
        ("Café au lait, since 1901.".encode("latin-1"), "is not UTF-8 text (invalid"),
        (b"text with \x00 nul bytes\n", "is a binary file, not text"),
    ],
    ids=["png", "latin-1", "nul"],
)
@pytest.mark.parametrize("option", ["--contexts", "--document"])
def test_binary_and_non_utf8_files_are_one_clear_line(
    tmp_path: Path, run_cli: Any, content: bytes, message: str, option: str
) -> None:
    file = tmp_path / "input.txt"
    file.write_bytes(content)
    code, out, err = run_cli(["ask", "When?", option, str(file), "--model", "scripted:demo"])
    assert code == 2 and message in err and "Traceback" not in err and out == ""
    if "UTF-8" in message:
        assert "iconv -f latin1 -t utf-8" in err  # and what to do about it


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: codecs.BOM_UTF8 + text.encode(),  # Notepad's and Excel's "UTF-8"
        lambda text: codecs.BOM_UTF16_LE + text.replace("\n", "\r\n").encode("utf-16-le"),
        lambda text: codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
        lambda text: codecs.BOM_UTF32_LE + text.encode("utf-32-le"),
    ],
    ids=["utf-8-bom", "powershell-utf-16-le", "utf-16-be", "utf-32"],
)
def test_files_with_a_byte_order_mark_read_as_their_utf8_copies(
    tmp_path: Path, encode: Any
) -> None:
    rows = [
        {"id": "café", "text": "Café Lumen opened in 1901."},
        {"text": "科尔瓦莱桥于1932年通车。"},
    ]
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    for name, text in [("c.jsonl", lines), ("c.json", json.dumps(rows, indent=2))]:
        (tmp_path / name).write_bytes(encode(text))
        assert load_contexts(tmp_path / name) == as_contexts(rows)
    page = tmp_path / "page.txt"
    page.write_bytes(encode("Café Lumen opened in 1901.\n"))
    assert load_document(page).text.strip() == "Café Lumen opened in 1901."


def test_the_cli_starts_without_what_only_some_commands_need() -> None:
    # Each costs a noticeable part of a second at import: only its own command pays for it.
    script = (
        "import sys, contextorg.cli;"
        "print(sorted(m for m in ('openai', 'bs4', 'bm25s', 'matplotlib') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_contexts_can_come_from_a_pipe(tmp_path: Path) -> None:
    # `contextorg ask --contexts <(jq ...)`: a FIFO, read line by line, never sought back.
    fifo = tmp_path / "contexts.fifo"
    os.mkfifo(fifo)
    lines = "".join(
        json.dumps({"id": c.id, "title": c.title, "text": c.text}) + "\n" for c in demo_contexts()
    )
    writer = threading.Thread(target=fifo.write_text, args=(lines,))
    writer.start()
    try:
        loaded = load_contexts(fifo)
    finally:
        writer.join(timeout=10)
    assert [c.id for c in loaded] == [c.id for c in demo_contexts()]


def test_the_cli_page_names_every_option() -> None:
    """docs/cli.md's synopsis keeps up with the commands (an option added is written there)."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text()
    command = typer.main.get_command(app)
    commands = [(name, c) for name, c in command.commands.items()]  # type: ignore[attr-defined]
    for name, group in list(commands):
        commands += [(f"{name} {n}", c) for n, c in getattr(group, "commands", {}).items()]

    def written(opt: str) -> bool:
        return re.search(rf"{opt}(?![\w-])", page) is not None  # not "--model" in "--model-timeout"

    missing = [
        f"{name} {param.opts[0]}"
        for name, c in commands
        for param in c.params
        if param.opts[0].startswith("--") and param.opts[0] != "--help"
        and not any(written(opt) for opt in (*param.opts, *param.secondary_opts))
    ]  # fmt: skip
    assert not missing, f"not in docs/cli.md: {missing}"


def test_contexts_without_ids_read_alike_from_a_file_a_list_and_a_server(tmp_path: Path) -> None:
    rows = [
        {"text": "The Lumen Tower was completed in 1987.", "url": "https://g.example"},
        {"id": 7, "text": "Completed in 1991.", "metadata": {"page": 3}, "lang": "en"},
        {"id": None, "text": "Completed in 2004."},  # a table's missing value, as JSON writes it
        {"id": "", "text": "Completed in 1987."},
    ]
    file = tmp_path / "contexts.jsonl"
    file.write_text("\n".join(json.dumps(r) for r in rows) + "\n\n")
    loaded = load_contexts(file)
    assert [(c.id, c.metadata) for c in loaded] == [
        ("1", {"url": "https://g.example"}),
        ("7", {"page": 3, "lang": "en"}),
        ("3", {}),
        ("4", {}),
    ]
    assert as_contexts(rows) == loaded
    assert as_records(rows, None)["contexts"] == loaded
    with pytest.raises(InputError, match=r"context 2 is not valid \(metadata: not an object\)"):
        as_contexts([rows[0], {**rows[1], "metadata": [3]}])
    for empty in ["", Document("")]:  # a clear error, as for a dict with no text
        with pytest.raises(InputError, match=r"context 2 is not valid \(text: String should"):
            as_contexts([rows[0], empty])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[\n {"text": "a"},\n 7\n]', "line 3: expected a JSON object, got 7"),
        ('[\n {"text": "a"}\n {"text": "b"}\n]', "line 3: expected ',' or ']' in the JSON array"),
        ('[\n {"text": "a"},\n {"text": }\n]', "line 3: not valid JSON (Expecting value)"),
        ('[{"text": "a"}] {"text": "b"}', "line 1: text after the JSON array's end"),
        ('[{"text": "a"},', "line 1: not valid JSON (Expecting value)"),
    ],
)
def test_a_json_array_file_reads_as_its_lines_would(
    tmp_path: Path, text: str, message: str
) -> None:
    rows = [{"id": "a", "text": "Built in 1987."}, {"text": "Built\nin 1991.", "page": 2}]
    lines, array = tmp_path / "c.jsonl", tmp_path / "c.json"
    lines.write_text("".join(json.dumps(r) + "\n" for r in rows))
    array.write_text(json.dumps(rows, indent=2))  # as json.dump writes a list
    assert load_contexts(array) == load_contexts(lines)
    array.write_text(text)
    with pytest.raises(InputError, match=re.escape(f"{array}, {message}")):
        load_contexts(array)


def test_a_jsonl_of_langchain_documents_reads_as_the_documents_do(tmp_path: Path) -> None:
    """`Document.model_dump_json()` lines: the same contexts as `as_contexts` gives."""
    docs = [
        Document("The Lumen Tower was completed in 1987.", metadata={"title": "Guide"}),
        Document("Velmora's Lumen Tower was completed in 1991.", id="blog"),
        Document("Completed in 2004.", metadata={"id": "port", "source": "p.md", "page": 3}),
        Document("Completed in 1987.", metadata={"score": 0.83, "text": "a field, not the text"}),
        Document("Opened in 1990.", metadata={"id": None}),
    ]
    file = tmp_path / "docs.jsonl"
    file.write_text("".join(d.model_dump_json() + "\n" for d in docs))
    assert load_contexts(file) == as_contexts(docs)
    assert [c.id for c in load_contexts(file)] == ["1", "blog", "port", "4", "5"]
    file.write_text('{"page_content": "Completed in 1987.", "metadata": [1]}\n')
    with pytest.raises(InputError, match="line 1: a document's metadata must be a JSON object"):
        load_contexts(file)


@pytest.mark.parametrize("content", ["Service,Owner\nHarbor,Lena Park\n", "# Notes\n\nText.\n"])
def test_a_document_given_as_contexts_says_to_pass_it_as_a_document(
    tmp_path: Path, content: str
) -> None:
    file = tmp_path / "owners.csv"
    file.write_text(content)
    with pytest.raises(InputError, match=f"line 1: not valid JSON .*pass --document {file}"):
        load_contexts(file)
    file.write_text('{"text": "Built in 1987."}\n{"text": \n')  # JSONL, torn: no such hint
    with pytest.raises(InputError, match=r"line 2: not valid JSON \(Expecting value\)$"):
        load_contexts(file)
