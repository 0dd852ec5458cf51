"""Answers that say only what their sources say, with the real local model (slow)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from contextorg import Context, Result, ask
from contextorg.testing import BRIDGE, BRIDGE_QUESTION
from contextorg.tools.models.llama import _LOADED, LlamaCppChatModel
from contextorg.tools.models.weights import ensure_weights

pytestmark = [pytest.mark.integration, pytest.mark.slow]

WIKI = Path(__file__).parents[1] / "data" / "harbor-wiki"
LEDGER_WIKI = Path(__file__).parents[1] / "data" / "ledger-wiki"
NIMBUS_WIKI = Path(__file__).parents[1] / "data" / "nimbus-wiki"


def answers_cited(result: Result) -> dict[str, list[str]]:
    """Each shown answer, and the contexts it cites."""
    return {item.answer: sorted(item.citations) for item in result.answer.answers}


def test_a_correction_is_cited_for_its_own_date_only() -> None:
    result = ask(BRIDGE_QUESTION, BRIDGE, model="local")
    cited = answers_cited(result)
    assert not any("archive" in c for a, c in cited.items() if "1932" in a), result.text
    assert cited.get("1934") == ["archive"], result.text
    assert sorted(cited.get("1932", [])) == ["atlas", "gazette"], result.text


def test_a_correction_in_the_next_clause_and_technical_errors_are_read_as_meant() -> None:
    # "that was only the planned date" denies the clause before it; "fixed the login error"
    # and a negation inside "if" deny nothing.
    reopened = [
        Context(id="city", text="The Ostrava library reopened to readers in March 2019."),
        Context(id="blog", text="Some guides still say it reopened in 2017; that was only the "
                "planned date."),
    ]  # fmt: skip
    result = ask("When did the Ostrava library reopen?", reopened, model="local")
    cited = answers_cited(result)
    assert cited == {"March 2019": ["city"]}, result.text
    assert "only to deny or correct it" in result.organization.dropped["blog"]
    changelog = [Context(id="changelog", text="Version 2.3 fixed the login error.")]
    result = ask("Which version fixed the login error?", changelog, model="local")
    assert any("2.3" in item.answer for item in result.answer.answers), result.text


def test_a_plan_in_force_a_postponement_and_a_change_of_owner_are_read_as_meant() -> None:
    # "is scheduled for" states its date; "postponed from April 2 to May 5" states May 5 only;
    # "moved from Ken Ito to Lena Park" is never cited for Ken Ito.
    release = [
        Context(id="roadmap", text="The Harbor 4.0 release is scheduled for May 5."),
        Context(id="changelog", text="Harbor 4.0 was postponed from April 2 to May 5 because "
                "of a storage bug."),
    ]  # fmt: skip
    result = ask("When is the Harbor 4.0 release?", release, model="local")
    cited = answers_cited(result)
    assert "roadmap" in cited.get("May 5", []), result.text
    assert not any("changelog" in c for a, c in cited.items() if "April" in a), result.text
    owners = [
        Context(id="change", text="Ownership of the Falcon API moved from Ken Ito to Lena "
                "Park in March."),
        Context(id="archived", text="The Falcon API is owned by Ken Ito."),
    ]  # fmt: skip
    result = ask("Who owns the Falcon API?", owners, model="local")
    cited = answers_cited(result)
    assert not any("change" in c for a, c in cited.items() if "Ito" in a), result.text
    assert cited.get("Ken Ito") == ["archived"], result.text


def test_a_move_a_plan_and_a_timeline_are_cited_for_what_holds_now() -> None:
    # "relocated from Leeds to Manchester" and "having left Leeds" never cite Leeds; a plan
    # ("would move to Bristol") is never an answer; a timeline is cited for the CEO since 2021.
    offices = [
        Context(id="about", text="Brightwell makes marine sensors. It relocated its "
                "headquarters from Leeds to Manchester in 2020."),
        Context(id="press", text="Brightwell Ltd, headquartered in Manchester, having left "
                "Leeds in 2020."),
        Context(id="plans", text="If the merger with Halden is approved, the headquarters "
                "would move to Bristol."),
    ]  # fmt: skip
    result = ask("Where is Brightwell's headquarters?", offices, model="local")
    cited = answers_cited(result)
    assert not any(c for a, c in cited.items() if "Leeds" in a or "Bristol" in a), result.text
    assert "about" in cited.get("Manchester", []), result.text
    ceos = [
        Context(id="wiki", text="Corvane is a logistics software company. CEOs: 2010-2015 Ken "
                "Ito; 2015-2021 Raj Patel; since 2021 Mia Chen."),
        Context(id="news", text="Corvane named Mia Chen CEO after Raj Patel stepped down in "
                "March 2021."),
    ]  # fmt: skip
    result = ask("Who is the CEO of Corvane?", ceos, model="local")
    shown = list(answers_cited(result))
    assert len(shown) == 1 and "Mia Chen" in shown[0], result.text


def test_contexts_in_chinese_japanese_and_thai_are_read_and_cited() -> None:
    contexts = [
        BRIDGE[0],
        Context(id="zh", text="科尔瓦莱桥横跨敏河，于1932年正式通车。"),
        Context(id="ja", text="コルヴァレ橋は1932年に開通した。"),
        Context(id="th", text="สะพานคอร์วาเลข้ามแม่น้ำมินเปิดใช้งานในปี 1932"),
    ]
    result = ask("When did the Corvale Bridge open?", contexts, model="local")
    cited = {c for item in result.answer.answers if "1932" in item.answer for c in item.citations}
    assert cited == {"atlas", "zh", "ja", "th"}, result.text


def test_a_count_and_a_date_in_other_scripts_are_one_answer_with_the_english_page() -> None:
    # The model reads "14,500", "14,500 people" and "14,500 spectators"; a Korean correction
    # ("not March 12 but April 2") is read in English as "April 2nd".
    arena = [
        Context(id="en", text="The Lindqvist Arena seats 14,500 spectators."),
        Context(id="zh", text="林德奎斯特体育馆可容纳14,500名观众。"),
        Context(id="th", text="สนามกีฬาลินด์ควิสต์จุผู้ชมได้ 14,500 คน"),
    ]
    result = ask("What is the capacity of the Lindqvist Arena?", arena, model="local")
    assert answers_cited(result) == {"14,500": ["en", "th", "zh"]}, result.text
    launch = [
        Context(id="ko", text="오로라 앱의 출시일은 3월 12일이 아니라 4월 2일이다."),
        Context(id="en", text="The Aurora app launches on 2 April."),
    ]
    result = ask("When does the Aurora app launch?", launch, model="local")
    assert list(answers_cited(result).values()) == [["en", "ko"]], result.text
    assert "2" in result.answer.answers[0].answer, result.text


def test_a_faq_answer_and_a_removed_option_are_read_as_meant() -> None:
    # The model copies the FAQ's "Yes, to 100 requests ..." and restates the question around
    # "--compat" ("compat" is a stem of "compatibility").
    faq = [
        Context(id="faq", text="Q: Is the Harbor API rate-limited?\nA: Yes, to 100 requests "
                "per minute per token."),
    ]  # fmt: skip
    result = ask("What is the Harbor API's rate limit?", faq, model="local")
    assert answers_cited(result) == {"100 requests per minute per token": ["faq"]}, result.text
    flags = [
        Context(id="changelog", text="Harbor CLI 3.0: the --legacy flag was removed; use "
                "--compat to enable compatibility mode."),
        Context(id="old-docs", text="Harbor CLI 2.x: enable compatibility mode with the "
                "--legacy flag."),
    ]  # fmt: skip
    question = "Which flag enables compatibility mode in the Harbor CLI?"
    result = ask(question, flags, model="local")
    cited = answers_cited(result)
    assert cited.get("--compat") == ["changelog"], result.text
    assert not any("changelog" in c for a, c in cited.items() if "legacy" in a), result.text


def test_what_a_text_gives_up_is_read_past_to_what_it_says_now() -> None:
    # The model reads "three moons" and "8080", which the texts give up; read again, it
    # finds what they say. A struck-through owner is never read; "Hall A" is not "Hall C".
    moons = [
        Context(id="survey", text="Vexa has three moons, it was once believed; the 2021 "
                "survey found five."),
    ]  # fmt: skip
    result = ask("How many moons does Vexa have?", moons, model="local")
    assert answers_cited(result) == {"five": ["survey"]}, result.text
    port = [
        Context(id="docs", text="In Quill 3, the server's default port was 8080. Since "
                "Quill 4 it is 9090."),
    ]  # fmt: skip
    result = ask("What is the default port of the Quill server?", port, model="local")
    assert answers_cited(result) == {"9090": ["docs"]}, result.text
    wiki = [Context(id="wiki", text="# Ledger service\nOwner: ~~Ana Costa~~ Ben Adler")]
    result = ask("Who owns the ledger service?", wiki, model="local")
    assert answers_cited(result) == {"Ben Adler": ["wiki"]}, result.text
    halls = [
        Context(id="agenda", text="Day 1 agenda: 09:00 keynote in Hall A, 10:30 workshops."),
        Context(id="update", text="Update: the keynote has moved from Hall A to Hall C "
                "because of the larger audience."),
    ]  # fmt: skip
    result = ask("Where is the keynote?", halls, model="local")
    assert answers_cited(result) == {"Hall A": ["agenda"], "Hall C": ["update"]}, result.text


def test_a_reply_in_chinese_is_cut_to_the_name_that_answers() -> None:
    contexts = [Context(id="zh", text="海港构建目前由王丽负责，之前由陈明负责。")]
    result = ask("谁负责海港构建？", contexts, model="local")
    assert answers_cited(result) == {"王丽": ["zh"]}, result.text


def test_pages_in_traditional_characters_and_kanji_are_cited_for_their_current_holder() -> None:
    # The model writes names in simplified characters ("张丽华" for "張麗華", "朴丽娜" for
    # "朴麗娜"): each is shown as its page writes it, the former holder ("原由...，現由...",
    # "旧担当") never.
    zh = [
        Context(id="wiki", text="海港構建目前由張麗華負責。"),
        Context(id="old", text="海港構建原由劉國強負責，現由張麗華負責。"),
    ]
    result = ask("誰負責海港構建？", zh, model="local")
    assert answers_cited(result) == {"張麗華": ["old", "wiki"]}, result.text
    ja = [
        Context(id="wiki", text="担当者：朴麗娜（旧担当：伊藤健）"),
        Context(id="notes", text="リリースノート：ビルドは朴麗娜が担当しています。"),
    ]
    result = ask("ハーバーのビルドの担当者は誰ですか？", ja, model="local")
    assert answers_cited(result) == {"朴麗娜": ["notes", "wiki"]}, result.text


def test_a_yes_no_question_is_answered_by_texts_that_write_neither_word() -> None:
    contexts = [
        Context(id="hours", text="The Elm Street depot is open Monday to Saturday, 8 am to "
                "6 pm. It is not open on Sundays."),
        Context(id="faq", text="Yes, the Harlow library lends e-readers for up to three weeks."),
    ]  # fmt: skip
    result = ask("Is the Elm Street depot open on Sundays?", contexts[:1], model="local")
    assert {a.lower(): c for a, c in answers_cited(result).items()} == {"no": ["hours"]}, (
        result.text
    )
    result = ask("Does the Harlow library lend e-readers?", contexts[1:], model="local")
    assert {a.lower(): c for a, c in answers_cited(result).items()} == {"yes": ["faq"]}, result.text


@pytest.mark.parametrize(
    ("question", "text", "side"),
    [
        (
            "Ist das Depot in der Ulmenstraße sonntags geöffnet?",
            "Das Depot in der Ulmenstraße ist montags bis samstags von 8 bis 18 Uhr geöffnet. "
            "Sonntags bleibt es geschlossen.",
            "no",
        ),
        (
            "Unterstützt der Drucker doppelseitigen Druck?",
            "Der Drucker LX-400 unterstützt doppelseitigen Druck und druckt 30 Seiten pro Minute.",
            "yes",
        ),
        (
            "Est-ce que la piscine municipale est ouverte le lundi ?",
            "La piscine municipale est fermée le lundi pour entretien. Elle ouvre du mardi au "
            "dimanche.",
            "no",
        ),
        ("这座图书馆周日开放吗？", "这座图书馆周一至周六开放，周日闭馆。", "no"),
    ],
)
def test_a_yes_no_question_in_another_language_is_answered_with_its_side(
    question: str, text: str, side: str
) -> None:
    # Asked for an answer, the model says "Ja", "Oui" or "是的", words the page never writes
    # (and "Ja" for a depot closed on Sundays): read for its side, the page says which.
    result = ask(question, [Context(id="page", text=text)], model="local")
    assert {a.lower(): c for a, c in answers_cited(result).items()} == {side: ["page"]}, result.text


@pytest.mark.parametrize(
    "question",
    [
        "Wann wurde die Corvale-Brücke eröffnet?",
        "Quand le pont de Corvale a-t-il été ouvert à la circulation ?",
    ],
)
def test_a_question_in_another_language_is_answered_from_english_pages(question: str) -> None:
    # Asked in German or French, the model answers in that language, in words the pages never
    # state; read with the question put in English, it copies the pages' answers.
    result = ask(question, BRIDGE, model="local")
    assert result.relation_graph.read_as, result.summary()
    cited = answers_cited(result)
    assert sorted(cited.get("1932", [])) == ["atlas", "gazette"], result.text
    assert cited.get("1934") == ["archive"], result.text


def test_a_team_wiki_of_property_tables_and_how_tos(tmp_path: Path) -> None:
    # Six pages: services with property tables and how-tos in Markdown, an archived page, an
    # on-call page, a changelog, and a marina's "paper ledger". Before, "Who owns the ledger
    # service?" also showed the page's intro sentence, "Payments" (a namespace in a kubectl
    # command) and rows read for what they do not hold; the intro was an answer to how to
    # restart it, and "now retries failed ledger writes 3 times" one to who owns refunds.
    index = tmp_path / "index"
    cli = [sys.executable, "-m", "contextorg"]
    subprocess.run([*cli, "index", str(LEDGER_WIKI), "--index", str(index)], check=True)

    def shown(question: str) -> dict[str, list[str]]:
        run = subprocess.run(
            [*cli, "ask", question, "--index", str(index), "--json"],
            check=True,
            capture_output=True,
            text=True,
        )
        answers = json.loads(run.stdout)["answers"]
        return {a["answer"]: a["citations"] for a in answers if not a["disputed"]}

    owner = shown("Who owns the ledger service?")
    assert "Priya Nair" in owner, owner
    assert not any("payments" in a.lower() or "records" in a for a in owner), owner
    restart = shown("How do I restart the ledger in production?")
    assert "kubectl rollout restart deploy/ledger -n payments" in restart, restart
    assert not any("records" in a for a in restart), restart  # the intro says no way to
    refunds = shown("Who owns the refunds service?")
    assert "Omar Haddad" in refunds, refunds
    assert not any("retries" in a for a in refunds), refunds  # a changelog's line


def test_a_team_wiki_answers_its_current_owner(tmp_path: Path) -> None:
    index = tmp_path / "index"
    cli = [sys.executable, "-m", "contextorg"]
    subprocess.run([*cli, "index", str(WIKI), "--index", str(index)], check=True)
    run = subprocess.run(
        [*cli, "ask", "Who owns the Harbor build?", "--index", str(index), "--json"],
        check=True,
        capture_output=True,
        text=True,
    )
    out = json.loads(run.stdout)
    shown = {a["answer"]: a["citations"] for a in out["answers"]}
    assert "Priya Natarajan" in shown, out["text"]
    assert {c.split("#")[0] for c in shown["Priya Natarajan"]} >= {"release-notes-3.2.md"}
    assert not any(a.lower().startswith("harbor") for a in shown), out["text"]
    assert not any(a["quote"] for a in out["answers"]), out["text"]
    # the archived page's owner, where it is read, is shown in doubt and last
    old = [a for a in out["answers"] if "Tom Becker" in a["answer"]]
    assert all(a["disputed"] and a["outdated"].startswith("ARCHIVED PAGE") for a in old), old
    assert not old or out["answers"][-1] == old[0], out["text"]


def test_another_team_wiki_answers_its_maintainer_once_cited_by_both_pages(tmp_path: Path) -> None:
    # A tool page (its owner "(since January 2025)"), release notes naming her, an archived
    # page, a tools index naming only the subject, a page on nimbus clouds. Before, the
    # maintainer was shown twice, "Carla Mendes" and "Carla Mendes (since January 2025)", each
    # cited by one page.
    index = tmp_path / "index"
    cli = [sys.executable, "-m", "contextorg"]
    subprocess.run([*cli, "index", str(NIMBUS_WIKI), "--index", str(index)], check=True)
    question = "Who maintains the Nimbus deploy tool?"
    run = subprocess.run(
        [*cli, "ask", question, "--index", str(index), "--json"],
        check=True,
        capture_output=True,
        text=True,
    )
    out = json.loads(run.stdout)
    shown = {a["answer"]: a for a in out["answers"]}
    mendes = [a for a in shown if "Carla Mendes" in a]
    assert len(mendes) == 1, out["text"]
    pages = {c.split("#")[0] for c in shown[mendes[0]]["citations"]}
    assert pages == {"nimbus.md", "release-notes-5.0.md"}, out["text"]
    assert not any(a.lower().startswith("nimbus") for a in shown), out["text"]
    assert all(a["disputed"] for a in out["answers"] if "Arjun Rao" in a["answer"]), out["text"]


DOCUMENTS = (
    "The tower opened in 1987.",
    "The bridge opened in 1932 after six years of work, said the gazette of the town.",
    "The bridge opened in 1932 after six years of work, said the gazette, "
    "and the river was crossed by ferry before that for a century or more.",
    "Harbor 3.2 ships the new offline installer and drops support for Python 3.9; "
    "the release opened for downloads on 4 May, after a week of testing by the "
    "build owner and two reviewers from the platform team.",
)


def prompts(repeats: int) -> list[list[BaseMessage]]:
    """Prompts that share a system message of ``repeats`` sentences, then differ."""
    system = SystemMessage("You answer questions about documents, quoting them exactly. " * repeats)
    return [
        [system, HumanMessage(f"Document: {text} Question: when did it open?")]
        for text in DOCUMENTS
    ]


def _logprobs(messages: list[BaseMessage], threads: int) -> tuple[list[float], int]:
    """The reply's logprobs, and how many prompt tokens were reused from the call before."""
    model = LlamaCppChatModel(model_path=ensure_weights(), n_threads=threads, max_tokens=8)
    llama = model._llama()
    reused: list[int] = []
    read = llama.eval

    def spy(tokens: list[int]) -> None:
        if not reused:
            reused.append(int(llama.n_tokens))
        read(tokens)

    llama.eval = spy
    try:
        reply = model.bind(logprobs=True, top_logprobs=3).invoke(messages)
    finally:
        llama.eval = read
    return [t["logprob"] for t in reply.response_metadata["logprobs"]["content"]], reused[0]


# A shared beginning of about 45 tokens is reused in a block of 32, one of about 75 in a chunk
# of 64: the rest is read from there, and must come out as if the prompt were read alone.
@pytest.mark.parametrize(("repeats", "reuse"), [(3, 32), (6, 64)])
def test_a_reply_does_not_depend_on_what_was_read_before_or_on_threads(
    repeats: int, reuse: int
) -> None:
    # llama.cpp's numbers for a token depend on the batch it was read in: a prompt whose
    # first part is cached from another call must still come out as if read alone.
    alone = []
    for messages in prompts(repeats):
        _LOADED.clear()
        alone.append(_logprobs(messages, threads=2)[0])
    _LOADED.clear()
    in_turn = [_logprobs(messages, threads=2) for messages in prompts(repeats)]
    _LOADED.clear()
    backwards = [_logprobs(messages, threads=1) for messages in reversed(prompts(repeats))][::-1]
    assert [logprobs for logprobs, _ in in_turn] == alone
    assert [logprobs for logprobs, _ in backwards] == alone
    # The first prompt is read in one chunk short of 64 (with 3 sentences): a batch that
    # reading a longer prompt would not make, so the second call reuses none of it.
    first = 0 if repeats == 3 else reuse
    assert [reused for _, reused in in_turn[1:]] == [first, reuse, reuse]


def test_ctrl_c_while_a_long_prompt_is_read_exits_within_two_seconds(tmp_path: Path) -> None:
    text = ("The harbour master logged the tides and the weather every morning. " * 3000)[:199_000]
    contexts = tmp_path / "long.jsonl"
    contexts.write_text(json.dumps({"id": "long", "text": text + " It opened in 1932."}) + "\n")
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "contextorg",
            "ask",
            "When did it open?",
            "--contexts",
            str(contexts),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert run.stderr is not None
    try:
        line = run.stderr.readline()  # said just before the model reads its first segment
        assert "segments of about" in line, line
        time.sleep(4)  # well inside the first segment (about 60 s to read on two cores)
        started = time.monotonic()
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=120)
        assert time.monotonic() - started < 2.0
        assert run.returncode == 130 and err.strip().splitlines()[-1] == "interrupted"
    finally:  # a failed check must not leave the process (and its pipes) to the next test
        if run.poll() is None:
            run.kill()
        run.communicate()


def filler(characters: int) -> str:
    """Council minutes that never mention a bridge or a year, about ``characters`` long."""
    who = ["The treasurer", "A resident", "The clerk", "The mayor", "A council member"]
    did = ["asked about", "reported on", "raised concerns about", "proposed changes to"]
    what = [
        "the library's opening hours",
        "street lighting on the east side",
        "the budget for the summer festival",
        "repairs to the school roof",
        "parking near the market square",
        "the recycling schedule",
        "new benches in the park",
    ]
    sentences, n = [], 0
    while sum(len(s) + 1 for s in sentences) < characters:
        sentences.append(f"{who[n % 5]} {did[n % 4]} {what[n % 7]}, and the matter was noted.")
        n += 1
    return " ".join(sentences)


def test_an_answer_at_the_end_of_a_text_past_the_window_is_found_and_cited() -> None:
    # 2,291 tokens, past a window of 2,048 (the embedded weights with a smaller window: the
    # same reading as past 4,096, in half the time): three segments of 1,024 tokens at most.
    needle = "The Corvale Bridge over the Min river opened to traffic in 1932."
    minutes = Context(id="minutes", text=f"{filler(11_500)} {needle}")
    small = LlamaCppChatModel(model_path=ensure_weights(), n_ctx=2048)
    result = ask("When did the Corvale Bridge open?", [minutes], model=small)
    reading = result.readings["minutes"]
    assert not reading.clipped and len(reading.spans) == len(reading.answers), reading
    [item] = [a for a in result.answer.answers if "1932" in a.answer]
    start, end = item.spans["minutes"]
    assert needle in minutes.text[start:end] and start > 0, result.text
    assert f"[minutes, characters {start}-{end}]" in result.text


CATALOGUE_WIKI = Path(__file__).parents[1] / "data" / "catalogue-wiki"


def test_a_service_catalogue_wiki_answers_from_the_pages_about_what_is_asked(
    tmp_path: Path,
) -> None:
    # five hard-wrapped Markdown pages: a service table, the ledger's page and its archived
    # copy, the search page, a community garden's "seed ledger"
    index = tmp_path / "index"
    subprocess.run([sys.executable, "-m", "contextorg", "index", str(CATALOGUE_WIKI),
                    "--index", str(index)], check=True)  # fmt: skip

    def shown(question: str) -> dict[str, list[str]]:
        result = ask(question, retriever=str(index), model="local")
        return {a.answer: a.citations for a in result.answer.answers if not a.disputed}

    owner = shown("Who owns the ledger service?")
    assert "ledger.md#1" in owner.get("Priya Nair", []), owner
    assert "Search" not in owner, owner  # the search page never names the ledger
    rebuilt = shown("When is the search index rebuilt?")
    assert any("02:00" in a for a in rebuilt) and not any("04:00" in a for a in rebuilt), rebuilt
    restart = shown("How do I restart the ledger?")
    assert any("kubectl rollout restart deploy/ledger" in a for a in restart), restart
    before = shown("Who owned the ledger service before Priya Nair?")  # "before that, Tom Berg"
    assert "ledger.md#1" in before.get("Tom Berg", []) and "Since March" not in before, before
    channel = shown("What is the on-call channel for Search?")
    assert "#search-oncall" in channel and "#ledger-oncall" not in channel, channel
