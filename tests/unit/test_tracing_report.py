"""JSONL traces, the trace CLI, and the HTML report (content; rendering is an integration test)."""

from __future__ import annotations

import http.client
import io
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path
from typing import Any

import pytest

from contextorg import Context, ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.report import render_report
from contextorg.state import Attribution
from contextorg.testing import DEMO_READINGS, World
from contextorg.tools.models.resolve import register_chat_model
from contextorg.tools.observability import phoenix
from contextorg.tools.observability.tracing import load_trace, run_tree
from contextorg.tools.relations.graph import Triple


@pytest.fixture
def world() -> World:
    world = World(demo_contexts(), DEMO_READINGS)
    register_chat_model("scripted-demo", lambda _: world.model(), real=False)
    return world


def test_a_trace_holds_every_node_and_model_call(world: World, tmp_path: Path) -> None:
    file = tmp_path / "runs.jsonl"
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), trace=file)
    records = load_trace(file)
    ids = {r["id"] for r in records}
    assert all(r["parent_id"] in ids for r in records[1:]) and records[0]["parent_id"] is None
    assert len({r["trace_id"] for r in records}) == 1
    nodes = {r["metadata"].get("langgraph_node") for r in records} - {None}
    assert {"classify_relations", "organize_groups", "answer_group", "aggregate"} <= nodes
    calls = [r for r in records if r["run_type"] in ("llm", "chat_model")]
    assert len(calls) == result.summary()["usage"]["llm_calls"] == 6
    assert all(r["tokens"]["input"] > 0 for r in calls)
    prompts = {r["metadata"]["prompt"] for r in calls}
    assert prompts == {"answer_reading@1"}  # the groups are answered from the readings
    assert all(r["metadata"]["strategy"] == "corg" for r in calls)
    tree = run_tree(records)
    assert tree.model_calls == 6
    assert (
        sum(tree.tokens)
        == result.summary()["usage"]["input_tokens"] + result.summary()["usage"]["output_tokens"]
    )


def test_a_trace_that_cannot_be_written_is_said_once_and_the_answer_kept(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), trace="/dev/full")
    assert "According to [velmora-guide][velmora-history]" in result.text
    said = [r.getMessage() for r in caplog.records if "trace" in r.getMessage()]
    assert said == [
        "the trace was not written to /dev/full (No space left on device): the answer is "
        "complete; give --trace (trace=) a file where it can be written"
    ]  # and not LangChain's "Error in JsonlTracer.on_chain_end callback: OSError(28, ...)"


# A run whose trace lines pass a file size limit (as a full disk cuts a write short).
LIMITED = """
import resource, signal, sys
from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
ask(DEMO_QUESTION, demo_contexts(), model="scripted:any")  # what it loads, loaded unlimited
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), resource.RLIM_INFINITY))
print(ask(DEMO_QUESTION, demo_contexts(), model="scripted:any", trace=sys.argv[1]).text)
"""


def test_a_trace_write_cut_short_is_taken_back_whole(world: World, tmp_path: Path) -> None:
    file = tmp_path / "runs.jsonl"
    ask(DEMO_QUESTION, demo_contexts(), model=world.model(), trace=file)
    before = file.read_bytes()
    limit = str(len(before) + 1000)  # room for a part of the next run's lines, not all
    done = subprocess.run(
        [sys.executable, "-c", LIMITED, str(file), limit], capture_output=True, text=True
    )
    assert done.returncode == 0 and "According to" in done.stdout
    assert "not written to" in done.stderr and "File too large" in done.stderr
    assert file.read_bytes() == before  # no torn line for the next run to follow
    ask(DEMO_QUESTION, demo_contexts(), model=world.model(), trace=file)
    assert len({r["trace_id"] for r in load_trace(file)}) == 2


def test_trace_cli_prints_the_tree(world: World, tmp_path: Path, run_cli: Any) -> None:
    file = tmp_path / "runs.jsonl"
    code, _, _ = run_cli(["ask", "--model", "scripted-demo", "--trace", str(file)])
    assert code == 0
    code, out, _ = run_cli(["trace", str(file)])
    assert code == 0
    out = " ".join(re.sub(r"\n[│├└─ ]*", " ", out).split())  # unwrap the tree's long labels
    assert "classify_relations" in out and "1 duplicated" in out
    assert "2 groups (from readings): velmora-guide | velmora-blog, port-aster" in out
    assert "read 1987 ×2, 1991, 2004 ×2, silent · 1 ambiguous" in out
    assert "[answer_reading@1]" in out and "6 calls" in out
    assert "1 call " in out and "1 calls" not in out  # each model run under the node
    root = load_trace(file)[0]["id"]
    code, out, _ = run_cli(["trace", str(file), root[-8:], "--json"])
    assert code == 0 and json.loads(out.splitlines()[0])["id"] == root


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such trace file"),
        ("", "holds no runs"),
        ("{oops\n", "line 1: not valid JSON"),
        ('{"id": 1}\n', "line 1: not a trace record"),
    ],
)
def test_bad_trace_files(tmp_path: Path, run_cli: Any, content: str | None, message: str) -> None:
    file = tmp_path / "t.jsonl"
    if content is not None:
        file.write_text(content)
    code, _, err = run_cli(["trace", str(file)])
    assert code == 2 and message in err and "Traceback" not in err


def test_the_report_links_every_citation_and_marks_dropped_contexts(world: World) -> None:
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model())
    page = render_report(result)
    for item in result.answer.answers:
        for cited in item.citations:
            assert f"href='#ctx-{cited}'" in page and f"id='ctx-{cited}'" in page
    assert page.count("<line") >= len([r for r in result.relations if r.label != "irrelevant"])
    assert "left out: duplicate of velmora-guide" in page
    assert "http://" not in page and "https://" not in page and "<script" not in page
    hostile = result.model_copy(update={"question": "<script>alert(1)</script>"})
    assert "<script>alert" not in render_report(hostile)


def test_the_report_shows_readings_and_what_was_left_out_and_why(world: World) -> None:
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), conflict_policy="resolve")
    page = render_report(result)
    assert "read as answering: 1991" in page and "read as not answering" in page
    assert "Left out as likely misinformation:" in page and "<s>1991</s>" in page
    assert "more say 1987" in page
    flagged = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), conflict_policy="majority")
    assert "disputed: more independent sources say 1987" in render_report(flagged)


def test_hostile_texts_are_escaped_everywhere_in_the_report() -> None:
    evil = "<script>alert(1)</script><img src=x onerror=alert(2)>"
    contexts = [
        Context(id=f"{evil}a", title=evil, text=f"{evil} It opened in 1901.", source=evil),
        Context(id="b", title="b", text="It opened in 1903."),
    ]
    world = World(
        contexts,
        {f"{evil}a": Triple(True, evil, "1901"), "b": Triple(True, "x", "1903")},
    )
    result = ask(f"{evil}?", contexts, model=world.model(), answer_from="model")
    page = render_report(result)
    assert "<script" not in page and "<img" not in page  # the tags are text, not markup
    assert "&lt;script&gt;" in page and "&lt;img src=x onerror=alert(2)&gt;" in page


def test_report_option_writes_the_file(world: World, tmp_path: Path, run_cli: Any) -> None:
    out_file = tmp_path / "r" / "report.html"
    code, _, err = run_cli(["ask", "--model", "scripted-demo", "--report", str(out_file)])
    assert code == 0 and out_file.is_file() and "report:" in err


def test_a_bad_phoenix_url_is_one_clear_line(world: World, run_cli: Any) -> None:
    code, out, err = run_cli(["ask", "--model", "scripted-demo", "--phoenix", "localhost:6006"])
    assert code == 2 and "not a Phoenix URL" in err and out == ""


PHOENIX_URL = "http://127.0.0.1:6006"
NOT_PHOENIX = [
    (
        urllib.error.URLError(ConnectionRefusedError(111, "Connection refused")),
        f"cannot reach Phoenix at {PHOENIX_URL} (Connection refused)",
    ),
    (  # something else that speaks HTTP on Phoenix's port
        urllib.error.HTTPError(f"{PHOENIX_URL}/v1/traces", 404, "Not Found", Message(), None),
        f"{PHOENIX_URL} is not Phoenix: it answered HTTP 404 to a span export at "
        f"{PHOENIX_URL}/v1/traces",
    ),
    (  # a Phoenix that asks for a key the exporter is not given
        urllib.error.HTTPError(f"{PHOENIX_URL}/v1/traces", 401, "Unauthorized", Message(), None),
        f"Phoenix at {PHOENIX_URL} refused the span export (HTTP 401): give its API key in "
        "OTEL_EXPORTER_OTLP_HEADERS",
    ),
    (  # something that does not speak HTTP at all, whose words are not shown
        http.client.BadStatusLine("SSH-2.0-OpenSSH\r\n\x1b[2J"),
        f"{PHOENIX_URL} is not Phoenix: it does not answer as an HTTP server (BadStatusLine)",
    ),
]


@pytest.mark.parametrize(("failure", "message"), NOT_PHOENIX)
def test_a_phoenix_that_takes_no_spans_is_refused_before_the_run(
    world: World, run_cli: Any, monkeypatch: pytest.MonkeyPatch, failure: Exception, message: str
) -> None:
    def export(request: urllib.request.Request, timeout: float) -> None:
        assert request.full_url == f"{PHOENIX_URL}/v1/traces" and request.method == "POST"
        raise failure

    monkeypatch.setattr(phoenix.urllib.request, "urlopen", export)
    code, out, err = run_cli(["ask", "--model", "scripted-demo", "--phoenix", PHOENIX_URL])
    assert code == 2 and out == "" and world.calls == [], err
    assert message in err


def test_the_probe_sends_the_headers_the_exporter_sends(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[urllib.request.Request] = []

    def export(request: urllib.request.Request, timeout: float) -> io.BytesIO:
        sent.append(request)
        return io.BytesIO()

    monkeypatch.setattr(phoenix.urllib.request, "urlopen", export)
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20k3y")
    phoenix._check_reachable(PHOENIX_URL, f"{PHOENIX_URL}/v1/traces")
    (request,) = sent
    assert request.get_header("Authorization") == "Bearer k3y"
    assert request.get_header("Content-type") == "application/x-protobuf"


def test_the_report_draws_attribution_bars_when_there_are_some(world: World) -> None:
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model())
    assert "Attribution" not in render_report(result)
    explained = result.model_copy(
        update={
            "attribution": [
                Attribution(answer="1987", scores={"velmora-guide": 0.75, "velmora-history": 0.25})
            ]
        }
    )
    page = render_report(explained)
    assert "<h2>Attribution</h2>" in page and "<rect width='225.0'" in page
    assert page.index("velmora-guide]</a></td>") < page.index("velmora-history]</a></td>")
