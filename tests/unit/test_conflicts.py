"""Conflict policies: show every answer, flag or leave out the one fewer sources back."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.nodes.aggregate import render
from contextorg.state import AnswerItem, Context, Relation
from contextorg.testing import DEMO_READINGS, HashEmbedder, World
from contextorg.tools.answering.conflicts import (
    Sources,
    flag_edited_copies,
    flag_minority,
    near_copies,
    resolve_minority,
    show_all,
)
from contextorg.tools.relations.graph import Triple, relation_between
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.retrieval.ingest import find_documents
from contextorg.tools.text.banners import banner, out_of_date

PAGES = {
    "g1": "The Lumen Tower of Velmora, a glass tower by the harbour, was completed in 1987.",
    "g2": "Ilse Marrow's tower in Velmora opened to visitors after its completion in 1987.",
    "g3": "Completed in 1987, the Velmora tower became the symbol of the city's revival.",
    "b1": "Velmora's Lumen Tower was completed in 1991 after long delays, says a travel blog.",
    "p1": "Port Aster has its own Lumen Tower, a brick lighthouse completed in 2004.",
}


def relations(readings: dict[str, Triple]) -> list[Relation]:
    return [
        Relation(a=a, b=b, label=relation_between(readings[a], readings[b]))
        for a, b in combinations(readings, 2)
    ]


def sources(readings: dict[str, Triple], texts: dict[str, str] | None = None) -> Sources:
    texts = texts or PAGES
    return Sources(relations(readings), [Context(id=i, text=texts[i]) for i in readings])


def item(answer: str, *citations: str, about: str | None = None) -> AnswerItem:
    return AnswerItem(answer=answer, about=about, citations=list(citations))


VELMORA = {
    "g1": Triple(True, "Velmora", "1987"),
    "g2": Triple(True, "Velmora", "1987"),
    "b1": Triple(True, "Velmora", "1991"),
    "p1": Triple(True, "Port Aster", "2004"),
}


def test_majority_flags_an_answer_more_independent_sources_contradict() -> None:
    answers = [item("1987", "g1", "g2"), item("1991", "b1"), item("2004", "p1")]
    out = flag_minority(answers, sources(VELMORA))
    flags = {a.answer: (a.disputed, a.sources, a.rival) for a in out.answers}
    assert flags == {
        "1987": (False, 2, None),
        "1991": (True, 1, "1987"),
        "2004": (False, None, None),  # another tower: no conflict at all
    }
    assert out.rejected == []
    assert not any(a.disputed for a in show_all(answers, sources(VELMORA)).answers)


def test_near_copies_count_once() -> None:
    copied = {**PAGES, "g2": PAGES["g1"] + " Tickets are sold at the gate."}
    answers = [item("1987", "g1", "g2"), item("1991", "b1")]
    out = flag_minority(answers, sources(VELMORA, copied))
    assert not any(a.disputed for a in out.answers)  # one page posted twice against one page
    assert [a.sources for a in out.answers] == [1, 1]


def test_resolve_leaves_the_minority_out_and_says_so() -> None:
    readings = {**VELMORA, "g3": Triple(True, "Velmora", "1987")}
    answers = [item("1987", "g1", "g2", "g3"), item("1991", "b1"), item("2004", "p1")]
    out = resolve_minority(answers, sources(readings))
    assert [a.answer for a in out.answers] == ["1987", "2004"]
    assert [(a.answer, a.citations, a.rival) for a in out.rejected] == [("1991", ["b1"], "1987")]


def test_an_answer_true_of_one_namesake_is_not_rejected_for_another() -> None:
    # A misinformed Velmora page says 2004, which is also Port Aster's true answer.
    readings = {**VELMORA, "b1": Triple(True, "Velmora", "2004")}
    answers = [item("1987", "g1", "g2"), item("2004", "b1", "p1")]
    out = resolve_minority(answers, sources(readings))
    assert [a.answer for a in out.answers] == ["1987", "2004"] and out.rejected == []


def test_without_relations_the_model_says_what_is_the_same_thing() -> None:
    texts = Sources(contexts=[Context(id=i, text=t) for i, t in PAGES.items()])
    answers = [
        item("1987", "g1", "g2", about="Velmora"),
        item("1991", "b1", about="velmora"),
        item("2004", "p1", about="Port Aster"),
    ]
    assert [a.disputed for a in flag_minority(answers, texts).answers] == [False, True, False]
    unnamed = [item("1987", "g1", "g2"), item("1991", "b1")]
    assert not any(a.disputed for a in flag_minority(unnamed, texts).answers)


@given(
    st.lists(
        st.tuples(st.sampled_from(["v", "p", None]), st.sampled_from(["1987", "1991", "2004"])),
        min_size=1,
        max_size=8,
    )
)
def test_disputed_means_out_supported_wherever_it_conflicts(
    pages: list[tuple[str | None, str]],
) -> None:
    readings = {f"c{n}": Triple(True, entity, answer) for n, (entity, answer) in enumerate(pages)}
    texts = {i: f"Page {i} about {r.descriptor} says {r.answer}." for i, r in readings.items()}
    answers = [
        item(a, *[i for i, r in readings.items() if r.answer == a])
        for a in dict.fromkeys(r.answer or "" for r in readings.values())
    ]
    out = resolve_minority(answers, sources(readings, texts))
    assert sorted(a.answer for a in [*out.answers, *out.rejected]) == sorted(
        a.answer for a in answers
    )  # nothing lost
    for a in out.rejected:
        # In every entity where another answer is given, some rival has more pages.
        entities = {readings[c].descriptor for c in a.citations}
        for entity in entities:
            pages = [(r.descriptor, r.answer) for r in readings.values()]
            mine = pages.count((entity, a.answer))
            others = [pages.count((entity, b)) for b in {p[1] for p in pages} - {a.answer}]
            assert max(others) > mine


COURTHOUSE = {
    "wiki": "The Douglas County Courthouse in Tuscola was built in 1912 to designs by Joseph "
    "W. Royer, in the Neoclassical style, and is listed on the National Register.",
    "registry": "Listed in 1996: Douglas County Courthouse, Tuscola; built 1912 (Royer).",
    "other": "The Douglas County Courthouse of Minden, Nevada, was built in 1918-1919.",
}
COURTHOUSE["edited"] = COURTHOUSE["wiki"].replace("1912", "1895")


def courthouse(*ids: str) -> Sources:
    return Sources(contexts=[Context(id=i, text=COURTHOUSE[i]) for i in ids])


def test_an_answer_only_an_edited_copy_gives_is_disputed_under_every_policy() -> None:
    answers = [item("1912", "wiki", "registry"), item("1895", "edited"), item("1918", "other")]
    for policy in (show_all, flag_minority):
        out = policy(answers, courthouse("wiki", "registry", "edited", "other")).answers
        flags = [(a.answer, a.disputed, a.rival, a.copy_of) for a in out]
        assert flags == [
            ("1912", False, None, []),
            ("1895", True, "1912", ["wiki"]),
            ("1918", False, None, []),  # not a copy of anything: another courthouse
        ]
    shown = show_all(answers, courthouse("wiki", "registry", "edited", "other")).answers
    assert render(shown).splitlines()[1] == (
        "According to [edited], the answer is 1895, but [edited] is a near-copy of [wiki], "
        "which says 1912, as more independent sources do."
    )
    out = resolve_minority(answers, courthouse("wiki", "registry", "edited", "other"))
    assert [a.answer for a in out.rejected] == ["1895"]


@pytest.mark.parametrize(
    ("page", "record"),
    [
        (
            "科尔瓦莱桥横跨敏河，于1932年正式通车，由市政府出资建造，全长三百米，是当地最重要的交通要道之一。",
            "据档案记载，该桥在1932年建成通车。",
        ),
        (
            "สะพานคอร์วาเลข้ามแม่น้ำมินเปิดใช้งานในปี 1932 โดยใช้เวลาก่อสร้างหกปีและเป็นเส้นทางสำคัญของเมือง",
            "บันทึกระบุว่าสะพานเปิดในปี 1932",
        ),
        (
            "افتتح جسر كورفالي فوق نهر مين أمام حركة المرور في عام 1932 بعد ست سنوات من العمل",
            "تقول السجلات إن الجسر افتتح عام 1932",
        ),
    ],
)
def test_an_edited_copy_is_found_in_scripts_without_spaces_or_latin_letters(
    page: str, record: str
) -> None:
    texts = {"page": page, "edited": page.replace("1932", "1936"), "record": record}
    contexts = Sources(contexts=[Context(id=i, text=t) for i, t in texts.items()])
    answers = [item("1932", "page", "record"), item("1936", "edited")]
    out = show_all(answers, contexts).answers
    assert [(a.answer, a.disputed, a.copy_of) for a in out] == [
        ("1932", False, []),
        ("1936", True, ["page"]),
    ]


def test_an_edit_is_not_told_apart_without_more_sources_on_one_side() -> None:
    # The page and its edit alone: either may be the original.
    answers = [item("1912", "wiki"), item("1895", "edited")]
    assert not any(a.disputed for a in show_all(answers, courthouse("wiki", "edited")).answers)
    # The edit's answer has an independent page of its own: it is a source, not only a copy.
    texts = {**COURTHOUSE, "other": "Tuscola's courthouse went up in 1895, the county says."}
    answers = [item("1912", "wiki", "registry"), item("1895", "edited", "other")]
    contexts = [Context(id=i, text=texts[i]) for i in ("wiki", "registry", "edited", "other")]
    assert not any(a.disputed for a in show_all(answers, Sources(contexts=contexts)).answers)


def test_one_page_that_gives_two_answers_is_no_copy_of_itself() -> None:
    texts = {"list": "Tyro, Kansas has 220 people; Tyro, Virginia has 344 people."}
    texts |= {"kansas": "Tyro is a city in Kansas with 220 people.", "census": "Tyro: 220."}
    contexts = Sources(contexts=[Context(id=i, text=t) for i, t in texts.items()])
    answers = [item("220", "list", "kansas", "census"), item("344", "list")]
    assert not any(a.disputed for a in flag_edited_copies(answers, contexts))


@given(
    st.lists(
        st.tuples(st.sampled_from(["wiki", "own"]), st.sampled_from(["1912", "1895", "1918"])),
        min_size=1,
        max_size=7,
    )
)
def test_an_edited_copy_is_flagged_only_against_its_page_and_more_sources(
    pages: list[tuple[str, str]],
) -> None:
    """Pages are copies of one wiki text with its year edited, or independent pages."""
    texts = {
        f"c{n}": COURTHOUSE["wiki"].replace("1912", year)
        if kind == "wiki"
        else f"Page {n} of its own, about an unrelated {n}th matter, says {year}."
        for n, (kind, year) in enumerate(pages)
    }
    years = {f"c{n}": year for n, (_, year) in enumerate(pages)}
    answers = [item(y, *[c for c in years if years[c] == y]) for y in dict.fromkeys(years.values())]
    contexts = [Context(id=c, text=t) for c, t in texts.items()]
    out = flag_edited_copies(answers, Sources(contexts=contexts))
    assert [(a.answer, a.citations) for a in out] == [(a.answer, a.citations) for a in answers]
    copies = near_copies(contexts)
    support = {a.answer: len({copies[c] for c in a.citations}) for a in answers}
    kinds = {f"c{n}": kind for n, (kind, _) in enumerate(pages)}
    for a in out:
        copied = all(kinds[c] == "wiki" for c in a.citations)
        outdone = any(
            b.answer != a.answer and support[b.answer] > support[a.answer]
            for b in answers
            if any(kinds[c] == "wiki" for c in b.citations)
        )
        assert a.disputed == (copied and outdone)
        if not a.disputed:
            continue
        assert a.rival is not None and support[a.rival] > support[a.answer]
        for c in a.citations:  # every source is a copy of a page giving the rival
            assert any(copies[c] == copies[o] and years[o] == a.rival for o in a.copy_of)


def test_near_copies_find_reposted_truncated_and_reformatted_pages() -> None:
    page = (
        "Demographics. As of the census of 2010, there were 3,559 people, 1,575 households, and "
        "909 families residing in the city. The population density was high."
    )
    contexts = [
        Context(id="a", text=page),
        Context(id="b", text=page.replace(",", " ,").replace(".", " .")),  # reformatted
        Context(id="c", text=page[: len(page) // 2]),  # truncated
        Context(id="d", text="Broken Bow is a city in Custer County, Nebraska, with 3,559 people."),
    ]
    assert near_copies(contexts) == {"a": "a", "b": "a", "c": "a", "d": "d"}


def test_the_demo_under_majority_says_which_answer_is_disputed() -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), conflict_policy="majority")
    assert [a.answer for a in result.answer.answers if a.disputed] == ["1991"]
    assert "1991, but more independent sources about it say 1987." in result.text
    assert [a["disputed"] for a in result.summary()["answers"]] == [False, False, True]


def test_the_demo_under_resolve_rejects_the_blog_and_says_why() -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), conflict_policy="resolve")
    assert [a.answer for a in result.answer.answers] == ["1987", "2004"]
    assert [a.answer for a in result.answer.rejected] == ["1991"]
    assert (
        "Left out: 1991 ([velmora-blog]), which more independent sources about the same thing "
        "contradict (1987)." in result.text
    )
    assert result.summary()["rejected"][0]["citations"] == ["velmora-blog"]


def test_an_unknown_policy_fails_before_any_model_call() -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    with pytest.raises(ValueError, match="unknown conflict policy 'vote'; choose one of show"):
        ask(DEMO_QUESTION, demo_contexts(), model=world.model(), conflict_policy="vote")
    assert world.calls == []


WIKI = Path(__file__).parents[1] / "data" / "harbor-wiki"


@pytest.mark.parametrize(
    ("line", "mark"),
    [
        ("ARCHIVED PAGE (2023): kept for reference.", True),
        ("Deprecated: use the v2 guide", True),
        ("Harbor build (outdated)", True),
        ("[Archived] Harbor build", True),
        ("# Payments API (archived 2022)", True),
        ("Payments API (archived in March 2023)", True),
        ("[Deprecated since v3] Harbor CLI", True),
        ("⚠️ This page is no longer maintained.", True),
        ("Note: this document has been deprecated.", True),
        ("Superseded by RFC 9110.", True),
        ("Diese Seite ist veraltet.", True),
        ("本页面已过时，请参阅新页面。", True),
        ("# ハーバービルド（アーカイブ）", True),
        ("このページは2024年に更新が停止されました。", True),
        ("# 数据仓库（已归档）", True),
        ("# 支付服务【存档】", True),
        ("# 하버 빌드 (보관됨)", True),
        ("# Сервис платежей (архив)", True),
        ("Архивная страница", True),
        # mentions are not banners
        ("Archived from the original on 2 May 2019", False),
        ("Deprecated APIs in Harbor 3.0", False),
        ("Harbor build (2022)", False),
        ("Harbor (archived from the original)", False),
        ("The archived logs are deleted after 30 days.", False),
        ("Historical background of the bridge", False),
        ("Obsolete weapons were sold in 1920.", False),
        ("# Архив документов", False),
        ("# 存档工具使用说明", False),
        ("# 历史档案馆", False),
    ],
)
def test_a_banner_marks_a_page_out_of_date_and_a_mention_does_not(line: str, mark: bool) -> None:
    assert (banner(line) is not None) is mark
    page = Context(id="p", text=f"{line}\nThe Harbor build is owned by Tom Becker.")
    assert (out_of_date(page) is not None) is mark
    assert (out_of_date(Context(id="p", title=line, text="Tom Becker.")) is not None) is mark


def test_an_answer_only_out_of_date_pages_give_is_disputed_under_every_policy() -> None:
    texts = {
        "old": "ARCHIVED PAGE (2023): kept for reference.\nThe Harbor build is owned by Tom Becker",
        "team": "The Harbor build is owned by Priya Natarajan.",
        "notes": "Release checklist signed off by Priya Natarajan, owner of the Harbor build.",
    }
    contexts = Sources(contexts=[Context(id=i, text=t) for i, t in texts.items()])
    answers = [item("Priya Natarajan", "team", "notes"), item("Tom Becker", "old")]
    for policy in (show_all, flag_minority):
        out = policy(answers, contexts).answers
        assert [(a.answer, a.disputed, a.rival, a.outdated) for a in out] == [
            ("Priya Natarajan", False, None, None),
            ("Tom Becker", True, "Priya Natarajan", "ARCHIVED PAGE (2023): kept for reference."),
        ]
    assert render(show_all(answers, contexts).answers).splitlines()[1] == (
        "According to [old], the answer is Tom Becker, but [old] marks itself out of date "
        '("ARCHIVED PAGE (2023): kept for reference."), and a source not so marked says '
        "Priya Natarajan."
    )
    out = resolve_minority(answers, contexts)
    assert [a.answer for a in out.rejected] == ["Tom Becker"]
    assert render(out.answers, out.rejected).splitlines()[1] == (
        "Left out: Tom Becker ([old]), from pages marked out of date "
        '("ARCHIVED PAGE (2023): kept for reference."); pages not so marked say Priya Natarajan.'
    )


def test_out_of_date_pages_dispute_nothing_alone_or_about_another_thing() -> None:
    old = "Deprecated: see the new page.\nThe Harbor build is owned by Tom Becker."
    contexts = Sources(
        contexts=[
            Context(id="old", text=old),
            Context(id="older", text=old.replace("Tom Becker", "Ann Lee")),
            Context(id="marina", text="The marina's build yard is owned by Olaf Lindqvist."),
        ]
    )
    both_old = [item("Tom Becker", "old"), item("Ann Lee", "older")]
    assert not any(a.disputed for a in show_all(both_old, contexts).answers)
    another = [
        item("Tom Becker", "old", about="Harbor build"),
        item("Olaf Lindqvist", "marina", about="marina build yard"),
    ]
    assert not any(a.disputed for a in show_all(another, contexts).answers)


def test_an_indexed_wiki_flags_its_archived_pages_owner(tmp_path: Path) -> None:
    index = HybridIndex(tmp_path / "ix", embedder="hash")
    index.add(find_documents(WIKI)[0])
    index.save()
    old = [u for u in index.units if u.doc_id.startswith("old-wiki")]
    assert old and all(u.marked == "ARCHIVED PAGE (2023): kept for reference." for u in old)

    def read(text: str) -> Triple:
        for owner in ("Priya Natarajan", "Tom Becker", "Olaf Lindqvist"):
            if owner in text:
                return Triple(True, None, owner)
        return Triple(False)

    world = World([], {}, unknown=read)
    result = ask("Who owns the Harbor build?", model=world.model(), retriever=tmp_path / "ix")
    shown = {a.answer: a for a in result.answer.answers}
    assert not shown["Priya Natarajan"].disputed
    assert shown["Tom Becker"].outdated == "ARCHIVED PAGE (2023): kept for reference."
    assert "marks itself out of date" in result.text
    assert result.summary()["answers"][-1]["outdated"].startswith("ARCHIVED PAGE")
    assert result.text.splitlines()[-1].startswith("According to [old-wiki.txt#1]")  # last


def test_an_index_written_before_banners_were_kept_finds_them_when_loaded(tmp_path: Path) -> None:
    index = HybridIndex(tmp_path / "ix", embedder=HashEmbedder())
    index.add(find_documents(WIKI)[0])
    index.save()
    units = tmp_path / "ix" / "current" / "units.jsonl"
    rows = [json.loads(line) for line in units.read_text().splitlines()]
    units.write_text(
        "".join(json.dumps({k: v for k, v in r.items() if k != "marked"}) + "\n" for r in rows)
    )
    loaded = HybridIndex.open(tmp_path / "ix", embedder=HashEmbedder())
    marked = {u.doc_id: u.marked for u in loaded.units}
    assert marked["old-wiki.txt"] == "ARCHIVED PAGE (2023): kept for reference."
    assert not marked["build-owners.md"]
