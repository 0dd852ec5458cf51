"""``contextorg index`` and ``contextorg search``: build, update and query an embedded index."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from contextorg.cli.common import check_folder, counted, err, out, shown, status
from contextorg.state import Context
from contextorg.tools.inputs import InputError, read_text
from contextorg.tools.retrieval.embeddings import EMBEDDERS
from contextorg.tools.retrieval.hybrid import HybridIndex
from contextorg.tools.retrieval.ingest import Contextualize, SourceDocument, find_documents
from contextorg.tools.text.visible import json_line, visible


def index_command(
    path: Annotated[Path, typer.Argument(help="A file or folder of HTML, Markdown, text or CSV.")],
    index: Annotated[Path, typer.Option(help="The index folder (created or updated).")],
    embedder: Annotated[
        str, typer.Option(help=f"Embedder for a new index: {', '.join(EMBEDDERS)}.")
    ] = "e5",
    rows: Annotated[bool, typer.Option(help="Index each table row as well.")] = True,
    context: Annotated[
        str, typer.Option(help="What units are prefixed with: all, title or none.")
    ] = "all",
    prune: Annotated[
        bool, typer.Option(help="Remove indexed documents whose files are gone from PATH.")
    ] = False,
) -> None:
    """Add or update the documents under PATH; unchanged ones are skipped, not re-embedded."""
    how = {
        "all": Contextualize(),
        "title": Contextualize(heading=False, neighbours=False),
        "none": Contextualize.none(),
    }
    if context not in how:
        raise InputError(f"unknown --context {context!r}: use all, title or none")
    check_folder("--index", index)
    documents, skipped = find_documents(path)

    def new() -> HybridIndex:
        return HybridIndex(index, embedder=embedder, contextualize=how[context], rows=rows)

    with HybridIndex.updating(index, new) as store, Progress(console=err, transient=True) as bar:
        _check_no_other_file(store, documents, path, index)
        task = bar.add_task("Embedding", total=None)
        counts = store.add(
            documents, progress=lambda done, total: bar.update(task, completed=done, total=total)
        )
        if prune:
            found = {d.id for d in documents}
            gone = [
                i
                for i, known in store.documents.items()
                if i not in found and _gone_from(known.get("source"), path)
            ]
            counts["removed units"] = store.remove(gone)
    for file, reason in skipped.items():
        status(f"skipped {file}: {reason}", style="yellow")
    nouns = {"units": "unit", "removed units": "removed unit"}  # the others are verbs
    summary = ", ".join(
        counted(n, nouns[what]) if what in nouns else f"{n} {what}" for what, n in counts.items()
    )
    status(f"{index}: {summary}; {counted(len(skipped), 'file')} skipped")


def _check_no_other_file(
    store: HybridIndex, documents: list[SourceDocument], path: Path, index: Path
) -> None:
    """Refuse a document whose id an existing file already has in the index.

    Ids are paths relative to the folder indexed, so ``docs-a/README.md`` and
    ``docs-b/README.md`` are both ``README.md``: the second would replace the first. A file
    that is gone (a folder moved) is replaced, as an update.
    """
    for document in documents:
        known = (store.documents.get(document.id) or {}).get("source")
        if known and known != document.source and Path(known).exists():
            raise InputError(
                f"{document.source} would replace {known} in {index}: both are "
                f"{document.id!r} (ids are paths within the folder indexed). Index the folder "
                f"that holds both (with --prune, into this index), or {path} into an index of "
                "its own"
            )


def _gone_from(source: str | None, path: Path) -> bool:
    """Whether an indexed document's file is gone, or was under ``path`` and is not found now."""
    if not source or not Path(source).exists():
        return True
    return Path(source).resolve().is_relative_to(path.resolve())


def search_command(
    query: Annotated[str | None, typer.Argument(help="What to search for.")] = None,
    index: Annotated[Path, typer.Option(help="The index folder.")] = Path("index"),
    k: Annotated[int, typer.Option("--k", help="How many hits.")] = 10,
    queries: Annotated[
        Path | None,
        typer.Option(help='A file of queries: one per line, as text or {"query": ...}.'),
    ] = None,
    mode: Annotated[str, typer.Option(help="hybrid, lexical or dense.")] = "hybrid",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON lines.")] = False,
) -> None:
    """Search an index: one QUERY, or every line of --queries (one JSON line each)."""
    if (query is None) == (queries is None):
        raise InputError('give a QUERY or --queries FILE: contextorg search "QUERY" --index DIR')
    store = HybridIndex.open(index)
    for text in [query] if query is not None else _queries(queries):
        hits = store.search(str(text), k=k, mode=mode)  # type: ignore[arg-type]
        if as_json:
            print(json_line([_hit(h) for h in hits]))
            continue
        table = Table("score", "id", "title", "text", title=shown(text), show_lines=True)
        for hit in hits:
            table.add_row(
                f"{hit.score:.3f}",
                Text(visible(hit.id)),
                Text(visible(hit.title)),
                Text(visible(hit.text[:300])),
            )
        out.print(table)


def _queries(file: Path | None) -> list[str]:
    assert file is not None
    if not file.is_file():
        raise InputError(f"no such queries file: {file}")
    found = []
    for number, line in enumerate(read_text(file).splitlines(), start=1):
        if not line.strip():
            continue
        if line.lstrip().startswith("{"):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{file}, line {number}: not valid JSON ({exc.msg})") from None
            text = (
                record.get("query") or record.get("question") if isinstance(record, dict) else None
            )
            if not isinstance(text, str):
                raise InputError(f'{file}, line {number}: expected {{"query": "..."}}')
            line = text
        found.append(line.strip())
    return found


def _hit(hit: Context) -> dict[str, object]:
    return {
        "id": hit.id,
        "title": hit.title,
        "text": hit.text,
        "source": hit.source,
        "score": hit.score,
    }
