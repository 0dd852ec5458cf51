"""The embedded hybrid index: search modes, persistence, incremental updates, safe writes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg.state import Context
from contextorg.testing import HashEmbedder
from contextorg.tools.inputs import InputError
from contextorg.tools.retrieval import ingest
from contextorg.tools.retrieval.fusion import (
    agree_on_identifiers,
    fuse_contexts,
    identifiers,
    reciprocal_rank_fusion,
    top_k,
)
from contextorg.tools.retrieval.hybrid import HybridIndex, search_texts
from contextorg.tools.retrieval.ingest import SourceDocument

PAGES = {
    "tower": "<title>Lumen Tower</title><h2>History</h2><p>The Lumen Tower opened in 1987.</p>",
    "bridge": "<title>Iron Bridge</title><p>The Iron Bridge crosses the river Vell.</p>",
    "market": "<title>Old Market</title><p>Farmers sell cheese on Saturdays.</p>"
    "<table><tr><th>Stall</th><th>Owner</th></tr><tr><td>Cheese</td><td>Mara</td></tr></table>",
}


def docs(**changes: str) -> list[SourceDocument]:
    pages = {**PAGES, **changes}
    return [SourceDocument(id=k, content=v, format="html") for k, v in pages.items()]


@pytest.fixture
def index(tmp_path: Path) -> HybridIndex:
    built = HybridIndex(tmp_path / "ix", embedder=HashEmbedder())
    built.add(docs())
    return built


@pytest.mark.parametrize("mode", ["hybrid", "lexical", "dense"])
def test_every_mode_finds_the_page(index: HybridIndex, mode: str) -> None:
    hits = index.search("When did the Lumen Tower open?", k=3, mode=mode)  # type: ignore[arg-type]
    assert hits[0].metadata["doc_id"] == "tower"
    assert (
        hits[0].title == "Lumen Tower"
        and hits[0].text == "History\nThe Lumen Tower opened in 1987."
    )
    assert all(h.score is not None for h in hits)


def test_table_rows_are_searchable(index: HybridIndex) -> None:
    hit = index.search("who owns the cheese stall", k=1)[0]
    assert hit.metadata["kind"] == "row" and "Owner is Mara" in hit.text


def test_save_and_reopen_gives_the_same_results(index: HybridIndex, tmp_path: Path) -> None:
    index.save()
    again = HybridIndex.open(tmp_path / "ix", embedder=HashEmbedder())
    query = "river bridge"
    assert again.search(query) == index.search(query)
    assert again.documents == index.documents and len(again) == len(index)


def test_unchanged_documents_and_units_are_not_embedded_again(tmp_path: Path) -> None:
    embedder = HashEmbedder()
    index = HybridIndex(tmp_path / "ix", embedder=embedder)
    seen: list[tuple[int, int]] = []
    first = index.add(docs(), progress=lambda done, total: seen.append((done, total)))
    assert (first["added"], first["embedded"]) == (3, first["units"])
    assert seen[-1] == (first["units"], first["units"])
    calls = embedder.calls
    again = index.add(docs())
    assert (again["unchanged"], again["embedded"], embedder.calls) == (3, 0, calls)
    changed = PAGES["market"].replace("Saturdays", "Sundays")
    update = index.add(docs(market=changed))
    assert (update["updated"], update["unchanged"]) == (1, 2)
    assert update["embedded"] == 2  # the changed passage and the table that quotes it
    assert index.search("cheese Sundays", k=1, mode="lexical")[0].metadata["doc_id"] == "market"


def test_a_change_to_how_documents_become_units_ingests_them_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    embedder = HashEmbedder()
    index = HybridIndex(tmp_path / "ix", embedder=embedder)
    first = index.add(docs())
    monkeypatch.setattr(ingest, "UNITS_VERSION", ingest.UNITS_VERSION + "-next")
    again = index.add(docs())  # the same units: every vector reused
    assert (again["updated"], again["embedded"], again["units"]) == (3, 0, first["units"])


def test_remove_drops_the_documents_units(index: HybridIndex) -> None:
    assert index.remove(["bridge", "unknown"]) == 1
    assert "bridge" not in index.documents
    assert all(h.metadata["doc_id"] != "bridge" for h in index.search("Iron Bridge river", k=10))


def test_a_failed_write_leaves_the_good_index(
    index: HybridIndex, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    index.save()
    before = HybridIndex.open(tmp_path / "ix", embedder=HashEmbedder()).search("cheese")
    index.add(docs(tower="<p>Rewritten tower page</p>"))

    def disk_full(folder: Path) -> None:
        (folder / "units.jsonl").write_text("half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(index, "_write", disk_full)
    with pytest.raises(OSError, match="No space"):
        index.save()
    reopened = HybridIndex.open(tmp_path / "ix", embedder=HashEmbedder())
    assert reopened.search("cheese") == before
    assert list((tmp_path / "ix").glob("gen-*.partial"))
    monkeypatch.undo()
    index.save()  # the next write succeeds and cleans up the partial generation
    current = os.readlink(tmp_path / "ix" / "current")
    assert sorted(p.name for p in (tmp_path / "ix").glob("gen-*")) == ["gen-1", current]


WRITER = """
import sys, time
from contextorg.testing import HashEmbedder
from contextorg.tools.retrieval import ingest
from contextorg.tools.retrieval.hybrid import HybridIndex, search_texts
from contextorg.tools.retrieval.ingest import SourceDocument
folder, name, count, pause = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
new = lambda: HybridIndex(folder, embedder=HashEmbedder())
for round in range(count):
    with HybridIndex.updating(folder, new, embedder=HashEmbedder()) as index:
        index.add([SourceDocument(id=f"{name}-{round}", content=f"{name} page {round}",
                                  format="text")])
        time.sleep(pause)  # between reading the index and writing it: the race window
"""


def write_in_processes(
    folder: Path, *jobs: tuple[str, int, float], errors: bool = False
) -> list[Any]:
    return [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(folder), name, str(count), str(pause)],
            stderr=subprocess.PIPE if errors else subprocess.DEVNULL,
            text=True,
        )
        for name, count, pause in jobs
    ]


@pytest.mark.slow
def test_two_updates_at_once_lose_nothing_and_say_who_waits(tmp_path: Path) -> None:
    folder = tmp_path / "ix"
    # The first holds the index for 8 s: time for the second to start, even on a busy machine.
    [left] = write_in_processes(folder, ("left", 1, 8.0), errors=True)
    deadline = time.monotonic() + 60
    while b"pid" not in ((folder / ".lock").read_bytes() if (folder / ".lock").exists() else b""):
        assert time.monotonic() < deadline, "the first update never took the lock"
        time.sleep(0.05)
    # The second update starts while the first holds the index between reading and writing.
    [right] = write_in_processes(folder, ("right", 2, 0.0), errors=True)
    errors = [run.communicate(timeout=120)[1] for run in (left, right)]
    assert [left.returncode, right.returncode] == [0, 0], errors
    index = HybridIndex.open(folder, embedder=HashEmbedder())
    assert set(index.documents) == {"left-0", "right-0", "right-1"}
    assert "is being written by pid" in errors[1]  # the waiting one says who it waits for


@pytest.mark.slow
def test_readers_see_a_whole_generation_while_writes_go_on(tmp_path: Path) -> None:
    folder = tmp_path / "ix"
    [first] = write_in_processes(folder, ("seed", 1, 0.0))
    assert first.wait(timeout=60) == 0
    [writer] = write_in_processes(folder, ("more", 40, 0.0))
    opened = 0
    try:
        while writer.poll() is None:
            index = HybridIndex.open(folder, embedder=HashEmbedder())
            assert len(index.units) == len(index.vectors) == len(index.search("page", k=100))
            opened += 1
    finally:
        writer.kill()
        writer.wait()
    assert writer.returncode == 0 and opened > 5


@pytest.mark.slow
def test_a_killed_update_leaves_the_previous_index_whole(tmp_path: Path) -> None:
    folder = tmp_path / "ix"
    [first] = write_in_processes(folder, ("seed", 1, 0.0))
    assert first.wait(timeout=60) == 0
    for delay in (0.3, 0.6, 0.9, 1.2, 1.5):
        [run] = write_in_processes(folder, (f"k{delay}", 1000, 0.0))
        time.sleep(delay)
        run.send_signal(signal.SIGKILL)
        run.wait(timeout=30)
        index = HybridIndex.open(folder, embedder=HashEmbedder())
        assert "seed-0" in index.documents and index.search("seed page", k=1)
    [last] = write_in_processes(folder, ("after", 1, 0.0))
    assert last.wait(timeout=60) == 0
    assert not list(folder.glob("gen-*.partial")), "killed writes leave no partial behind"


def test_a_symlinked_lock_is_refused_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "important.txt"
    victim.write_text("keep me")
    folder = tmp_path / "ix"
    folder.mkdir()
    (folder / ".lock").symlink_to(victim)
    index = HybridIndex(folder, embedder=HashEmbedder())
    index.add(docs())
    with pytest.raises(InputError, match="is a symbolic link: remove it"):
        index.save()
    assert victim.read_text() == "keep me"


def test_clear_errors(index: HybridIndex, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="contextorg index"):
        HybridIndex.open(tmp_path / "nothing")
    with pytest.raises(InputError, match="query is empty"):
        index.search("  ")
    with pytest.raises(InputError, match="unknown search mode"):
        index.search("x", mode="fuzzy")  # type: ignore[arg-type]
    index.save()
    with pytest.raises(InputError, match="embedded with 'hash', not 'e5'"):
        HybridIndex.open(tmp_path / "ix", embedder="e5")
    with pytest.raises(InputError, match="in memory"):
        HybridIndex(embedder=HashEmbedder()).save()
    with pytest.raises(InputError, match="identifier_weight must be 0 or more, got -0.3"):
        HybridIndex(embedder=HashEmbedder(), identifier_weight=-0.3)


def test_an_empty_index_finds_nothing() -> None:
    assert HybridIndex(embedder=HashEmbedder()).search("anything") == []


rankings = st.lists(st.lists(st.integers(0, 30), unique=True, max_size=15), min_size=1, max_size=4)


@given(rankings)
def test_rrf_scores_every_item_once_best_first(lists: list[list[int]]) -> None:
    fused = reciprocal_rank_fusion(lists)
    items = [i for i, _ in fused]
    assert sorted(items) == sorted({i for r in lists for i in r})
    scores = [s for _, s in fused]
    assert scores == sorted(scores, reverse=True)
    for item, score in fused:
        expected = sum(1 / (60 + r.index(item) + 1) for r in lists if item in r)
        assert score == pytest.approx(expected)


@given(rankings)
def test_rrf_agrees_with_a_single_ranking(lists: list[list[int]]) -> None:
    assert [i for i, _ in reciprocal_rank_fusion(lists[:1])] == lists[0]


@given(rankings)
def test_fused_contexts_are_the_fused_ids_each_once(lists: list[list[int]]) -> None:
    searches = [
        [Context(id=f"c{i}", text=f"text {i}", score=float(n)) for i in r]
        for n, r in enumerate(lists)
    ]
    fused = fuse_contexts(searches)
    assert [c.id for c in fused] == [f"c{i}" for i, _ in reciprocal_rank_fusion(lists)]
    first = {c.id: c for r in reversed(searches) for c in r}  # the first search's record wins
    assert all(c is first[c.id] for c in fused)


@given(st.lists(st.floats(-10, 10), max_size=50), st.integers(0, 60))
def test_top_k_matches_a_full_sort(values: list[float], k: int) -> None:
    scores = np.array(values, dtype=np.float32)
    expected = sorted(range(len(values)), key=lambda i: (-scores[i], i))[:k]
    assert [i for i, _ in top_k(scores, k)] == expected


RELEASES = [
    SourceDocument(
        id="8.0",
        content="<title>Release 8.0 test report</title><p>Audio playback failed on two laptops"
        " during the suspend and resume tests. A fix is planned for 9.0.</p>",
        format="html",
    ),
    SourceDocument(
        id="9.0",
        content="<title>Release 9.0 test report</title>"
        "<p>All machines passed; playback works after resume.</p>",
        format="html",
    ),
]


def test_a_title_naming_the_querys_version_beats_a_body_that_matches_more_words() -> None:
    query = "Did audio playback fail on laptops during the suspend tests in 9.0?"
    ranked = {}
    for weight in (0.0, 0.3):
        built = HybridIndex(embedder=HashEmbedder(), identifier_weight=weight)
        built.add(RELEASES)
        ranked[weight] = [h.metadata["doc_id"] for h in built.search(query, k=2)]
    assert ranked == {0.0: ["8.0", "9.0"], 0.3: ["9.0", "8.0"]}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("OpenXT 9.0.2 on the Dell 7040", {"9.0.2", "7040"}),
        ("the call on July 23rd, 2015 (rc0)", {"23", "2015", "rc0"}),
        ("v1.2 and Stable-9", {"v1.2", "9"}),
        ("no numbers here", set()),
    ],
)
def test_identifiers(text: str, expected: set[str]) -> None:
    assert identifiers(text) == expected


fused_hits = st.lists(
    st.tuples(st.integers(0, 40), st.floats(0, 0.05)), unique_by=lambda p: p[0], max_size=20
).map(lambda hits: sorted(hits, key=lambda p: -p[1]))
titles = st.lists(st.sampled_from(["Release 8.0", "Release 9.0", "Notes", "2015 9.0"]), min_size=41)


@given(fused_hits, titles, st.sampled_from(["release 9.0?", "what changed?", "8.0 or 9.0"]))
def test_identifier_agreement_only_reorders(
    hits: list[tuple[int, float]], names: list[str], query: str
) -> None:
    moved = agree_on_identifiers(hits, query, names.__getitem__)
    assert sorted(i for i, _ in moved) == sorted(i for i, _ in hits)
    assert [s for _, s in moved] == sorted((s for _, s in moved), reverse=True)
    if not identifiers(query):
        assert moved == hits


@given(fused_hits, titles)
def test_a_matching_title_never_falls_behind_an_equal_hit_that_does_not_match(
    hits: list[tuple[int, float]], names: list[str]
) -> None:
    moved = agree_on_identifiers(hits, "release 9.0", names.__getitem__)
    place = {item: n for n, (item, _) in enumerate(moved)}
    score = dict(hits)
    for a in place:
        for b in place:
            if score[a] >= score[b] and names[a] == "Release 9.0" and names[b] != "Release 9.0":
                assert place[a] < place[b]


@given(
    st.lists(st.text(alphabet="abc xyz.", max_size=30), max_size=12),
    st.text(alphabet="abc xyz", min_size=1, max_size=10),
)
def test_searching_texts_in_memory_ranks_every_text_once(texts: list[str], query: str) -> None:
    ranked = search_texts(query, texts, HashEmbedder())
    assert sorted(ranked) == list(range(len(texts)))


def test_searching_texts_puts_the_matching_one_first() -> None:
    texts = ["Farmers sell cheese on Saturdays.", "The Lumen Tower opened in 1987.", "Rain."]
    assert search_texts("When did the Lumen Tower open?", texts, HashEmbedder())[0] == 1


def test_an_index_of_texts_with_no_terms_saves_reopens_and_matches_nothing(tmp_path: Path) -> None:
    from contextorg.tools.retrieval.lexical import Lexical

    empty = Lexical.build(["", "the", "..."])
    assert empty.search("the", 3) == []
    empty.save(tmp_path / "bm25")
    assert Lexical.load(tmp_path / "bm25", language="english").search("the", 3) == []
