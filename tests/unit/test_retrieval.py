"""Retrieval in the graph and the adapters: our index, LangChain and LlamaIndex retrievers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.testing import DEMO_READINGS, HashEmbedder, World
from contextorg.tools.inputs import InputError
from contextorg.tools.models.resolve import register_chat_model
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.retrieval.ingest import SourceDocument
from contextorg.tools.retrieval.retrievers import IndexRetriever, resolve_retriever

ANSWERS = {"1987", "1991", "2004"}


@pytest.fixture
def demo_index(tmp_path: Path) -> HybridIndex:
    index = HybridIndex(tmp_path / "ix", embedder="hash")
    index.add(
        SourceDocument(id=c.id, title=c.title, content=c.text, source=f"demo/{c.id}.txt")
        for c in demo_contexts()
    )
    index.save()
    return index


@pytest.fixture
def world() -> World:
    world = World(demo_contexts(), DEMO_READINGS)
    register_chat_model("scripted-demo", lambda _: world.model(), real=False)
    return world


def answers(result: object) -> set[str]:
    return {a.answer for a in result.answer.answers}  # type: ignore[attr-defined]


def test_the_graph_retrieves_when_no_contexts_are_given(
    demo_index: HybridIndex, world: World, tmp_path: Path
) -> None:
    result = ask(DEMO_QUESTION, model=world.model(), retriever=tmp_path / "ix", top_k=6)
    assert answers(result) == ANSWERS
    assert {c.id for c in result.contexts} == {f"{c.id}#1" for c in demo_contexts()}
    assert all(c.source and c.source.startswith("demo/") for c in result.contexts)
    assert "retrieve" in result.usage
    cited = {i for a in result.answer.answers for i in a.citations}
    assert cited <= {c.id for c in result.contexts}


def test_a_reranker_by_name_keeps_the_relevant_hits_and_counts_its_calls(
    demo_index: HybridIndex, world: World, tmp_path: Path
) -> None:
    result = ask(
        DEMO_QUESTION,
        model=world.model(),
        retriever=f"index:{tmp_path / 'ix'}",
        reranker="llm",
        rerank_pool=6,
        top_k=5,
    )
    assert world.calls.count("Relevance") == 6  # one per hit of the pool
    assert result.usage["retrieve"].llm_calls == 6
    assert "festival#1" not in {c.id for c in result.contexts}  # the one that does not answer
    assert answers(result) == ANSWERS


def test_given_contexts_skip_retrieval(demo_index: HybridIndex, world: World) -> None:
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model(), retriever=demo_index)
    assert answers(result) == ANSWERS and "retrieve" not in result.usage


def test_nothing_retrieved_is_out_of_scope(world: World) -> None:
    empty = HybridIndex(embedder=HashEmbedder())
    result = ask(DEMO_QUESTION, model=world.model(), retriever=empty)
    assert result.answer.out_of_scope and result.contexts == []


def test_our_index_as_a_langchain_retriever_and_back(demo_index: HybridIndex, world: World) -> None:
    retriever = IndexRetriever(index=demo_index, k=6)
    documents = retriever.invoke("Lumen Tower completed")
    assert documents[0].id and documents[0].metadata["doc_id"] in DEMO_READINGS
    result = ask(DEMO_QUESTION, model=world.model(), retriever=retriever)
    assert answers(result) == ANSWERS


def test_a_llama_index_retriever_feeds_the_graph(world: World) -> None:
    from llama_index.core.schema import TextNode
    from llama_index.retrievers.bm25 import BM25Retriever

    nodes = [TextNode(id_=c.id, text=c.text, metadata={"title": c.title}) for c in demo_contexts()]
    retriever = BM25Retriever.from_defaults(nodes=nodes, similarity_top_k=6)
    contexts = resolve_retriever(retriever).search("Lumen Tower", k=6)
    assert {c.id for c in contexts} == set(DEMO_READINGS)
    assert all(c.title and c.score is not None for c in contexts)
    result = ask(DEMO_QUESTION, model=world.model(), retriever=retriever)
    assert answers(result) == ANSWERS


def test_unusable_retrievers_are_refused() -> None:
    with pytest.raises(InputError, match="cannot search with int"):
        resolve_retriever(42)
    with pytest.raises(InputError, match="no contexts to answer from"):
        ask(DEMO_QUESTION, model="scripted-demo")


def test_cli_status_lines_are_whole_in_a_log(tmp_path: Path, run_cli: Any) -> None:
    """Piped to a file, a line naming a long path is not cut at 80 columns."""
    folder = tmp_path / ("a-folder-with-a-long-name-" * 4)
    folder.mkdir()
    (folder / "one.txt").write_text("The Lumen Tower was completed in 1931.")
    (folder / "logo.png").write_bytes(b"\x89PNG")
    ix = folder / "index"
    code, _, err = run_cli(["index", str(folder), "--index", str(ix), "--embedder", "hash"])
    assert code == 0
    lines = err.splitlines()
    assert any(line.startswith(f"skipped {folder / 'logo.png'}: ") for line in lines), err
    assert any(line.startswith(f"{ix}: 1 added") for line in lines), err
    assert lines[-1].endswith(" 1 unit; 1 file skipped"), "one is not said as many"
    code, _, err = run_cli(["index", str(folder), "--index", str(folder / "one.txt")])
    assert code == 2 and "is a file: give a folder (it is made if missing)" in err, err


def test_cli_index_search_and_ask(tmp_path: Path, world: World, run_cli: Any) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    for c in demo_contexts():
        (folder / f"{c.id}.txt").write_text(c.text)
    (folder / "logo.png").write_bytes(b"\x89PNG")
    ix = str(tmp_path / "ix")
    code, _, err = run_cli(["index", str(folder), "--index", ix, "--embedder", "hash"])
    assert code == 0 and "6 added" in err and "skipped" in err and "logo.png" in err
    code, _, err = run_cli(["index", str(folder), "--index", ix])
    assert code == 0 and "6 unchanged" in err and "0 embedded" in err

    code, out, _ = run_cli(["search", "Lumen Tower completed", "--index", ix, "--k", "2", "--json"])
    hits = json.loads(out)
    assert code == 0 and len(hits) == 2
    assert set(hits[0]) == {"id", "title", "text", "source", "score"}
    assert hits[0]["source"].endswith(".txt")

    queries = tmp_path / "q.txt"
    queries.write_text('Lumen Tower\n\n{"query": "festival"}\n')
    code, out, _ = run_cli(["search", "--queries", str(queries), "--index", ix, "--json"])
    assert code == 0 and len(out.splitlines()) == 2

    code, out, _ = run_cli(
        ["ask", DEMO_QUESTION, "--index", ix, "--k", "6", "--model", "scripted-demo", "--json"]
    )
    assert code == 0 and {a["answer"] for a in json.loads(out)["answers"]} == ANSWERS

    argv = ["ask", DEMO_QUESTION, "--index", ix, "--k", "5", "--reranker", "llm"]
    code, out, _ = run_cli([*argv, "--model", "scripted-demo", "--json"])
    summary = json.loads(out)
    assert code == 0 and {a["answer"] for a in summary["answers"]} == ANSWERS
    assert summary["usage"]["by_node"]["retrieve"]["llm_calls"] == 6  # every hit of the pool


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["search", "q", "--index", "{tmp}/none"], "no index at"),
        (["search", "--index", "{tmp}/none"], "give a QUERY or --queries"),
        (["index", "{tmp}/missing", "--index", "{tmp}/ix"], "no such file or folder"),
        (["index", "{tmp}", "--index", "{tmp}/ix", "--context", "some"], "unknown --context"),
        (["index", "{tmp}", "--index", "{tmp}/ix", "--embedder", "bert"], "unknown embedder"),
        (["ask", "q", "--index", "{tmp}/none", "--model", "scripted-demo"], "no index at"),
        (["ask", "q", "--model", "scripted-demo", "--reranker", "bert"], "unknown reranker 'bert'"),
    ],
)
def test_cli_retrieval_errors_are_one_line(
    tmp_path: Path, run_cli: Any, argv: list[str], message: str
) -> None:
    (tmp_path / "a.txt").write_text("text")
    code, out, err = run_cli([a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2 and message in err and "Traceback" not in err


def test_documents_without_ids_are_numbered_on_copies() -> None:
    from langchain_core.documents import Document
    from langchain_core.retrievers import BaseRetriever

    stored = [
        Document(page_content="alpha"),
        Document(page_content="", id="empty"),  # nothing to read: left out, not an error
        Document(page_content="beta", id="b"),
    ]

    class Fixed(BaseRetriever):
        def _get_relevant_documents(self, query: str, *, run_manager: Any) -> list[Document]:
            return stored

    contexts = resolve_retriever(Fixed()).search("q", k=5)
    assert [(c.id, c.text) for c in contexts] == [("1", "alpha"), ("b", "beta")]
    assert stored[0].id is None


def test_a_second_folder_never_replaces_the_first_ones_pages(tmp_path: Path, run_cli: Any) -> None:
    """Ids are paths within the folder: two folders' README.md are one id in one index."""
    for team, owner in [("a", "Ana"), ("b", "Ben")]:
        (tmp_path / "docs" / team).mkdir(parents=True)
        (tmp_path / "docs" / team / "README.md").write_text(f"Team {team} is owned by {owner}.")
        (tmp_path / "docs" / team / f"{team}.md").write_text(f"Team {team} meets on Mondays.")
    a, b, ix = tmp_path / "docs" / "a", tmp_path / "docs" / "b", str(tmp_path / "ix")

    def ids(index: str) -> list[str]:
        code, out, _ = run_cli(["search", "team", "--index", index, "--json"])
        return sorted(h["id"] for h in json.loads(out))

    code, _, err = run_cli(["index", str(a), "--index", ix, "--embedder", "hash"])
    assert code == 0 and "2 added" in err
    code, _, err = run_cli(["index", str(b), "--index", ix])
    assert code == 2 and f"{b / 'README.md'} would replace {a / 'README.md'}" in err, err
    assert ids(ix) == ["README.md#1", "a.md#1"]  # nothing lost
    # the folder that holds both, pruned: what was indexed from a/ is now a/README.md
    code, _, err = run_cli(["index", str(tmp_path / "docs"), "--index", ix, "--prune"])
    assert code == 0 and "4 added" in err and "2 removed units" in err, err
    assert ids(ix) == ["a/README.md#1", "a/a.md#1", "b/README.md#1", "b/b.md#1"]
    # pruning one folder leaves what another folder put in the same index
    c, iy = tmp_path / "c", str(tmp_path / "iy")
    c.mkdir()
    (c / "c.md").write_text("Team c meets on Fridays.")
    run_cli(["index", str(a), "--index", iy, "--embedder", "hash"])
    run_cli(["index", str(c), "--index", iy])
    (a / "a.md").unlink()
    code, _, err = run_cli(["index", str(a), "--index", iy, "--prune"])
    assert code == 0 and "1 removed unit" in err, err
    assert ids(iy) == ["README.md#1", "c.md#1"]
