"""Input checks and loading, with errors that say what was wrong and what to do."""

from __future__ import annotations

import codecs
import json
import logging
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from os import PathLike
from pathlib import Path
from typing import Any, TypeVar

from langchain_core.documents import Document
from pydantic import ValidationError

from contextorg.state.records import Context, Turn
from contextorg.tools.text.visible import first_hidden, visible

logger = logging.getLogger("contextorg")

ContextLike = Context | Document | Mapping[str, Any] | str
"""What ``ask`` takes as a context: a record, a LangChain document, a dict, or a text."""


def as_contexts(items: Iterable[ContextLike]) -> list[Context]:
    """Contexts from records, dicts, texts, LangChain documents or LlamaIndex nodes.

    A dict's id is its ``id`` (a whole number is read as its digits); a document's or node's
    is its ``id`` (``node_id``), else ``metadata["id"]``; without one (or with ``None`` or
    ``""``), an item's id is its position (1, 2, ...). A document's ``title`` and ``source``
    come from its metadata, the rest of which is kept as metadata. A string, a path or one
    record in place of the list is an :class:`InputError` saying what to pass.
    """
    if isinstance(items, str | bytes | PathLike):
        raise InputError(
            f"contexts is a {type(items).__name__}, not a list of contexts: for a JSONL file "
            "pass contextorg.load_contexts(path); for one text, pass [text]"
        )
    if isinstance(items, Mapping | Context | Document):
        raise InputError(
            f"contexts is one {type(items).__name__}, not a list of contexts: pass [it]"
        )
    return [_context_of(item, n) for n, item in enumerate(items, start=1)]


def _context_of(item: Any, n: int) -> Context:
    if isinstance(item, Context):
        return item
    if isinstance(item, str):
        text, given = item, None
    elif isinstance(item, Document):
        text, given = item.page_content, item.id
    elif hasattr(item, "get_content") and hasattr(item, "node_id"):  # a LlamaIndex node
        text, given = item.get_content(), item.node_id
    elif isinstance(item, Mapping):
        return _context(_numbered(item, n), f"context {n}")
    else:
        raise InputError(
            f"context {n} is of type {type(item).__name__}: give a Context, a dict "
            f"{_CONTEXT_SHAPE}, a text, a LangChain Document or a LlamaIndex node"
        )
    fields = _document_fields(text, given, getattr(item, "metadata", None) or {}, n)
    return _record(Context, fields, f"context {n}", "a text to read")


def _document_fields(text: str, given: Any, metadata: Mapping[str, Any], n: int) -> dict[str, Any]:
    """A document's fields as a context's, for :func:`as_contexts` and JSONL files alike.

    Its id (``given``), else ``metadata["id"]``, else ``n``; ``title`` and ``source`` from its
    metadata, the rest kept as metadata.
    """
    meta = dict(metadata)
    return {
        "id": str(given or meta.pop("id", None) or n),
        "title": str(meta.pop("title", "")),
        "text": text,
        "source": meta.pop("source", None),
        "metadata": meta,
    }


Record = TypeVar("Record", Context, Turn)
_CONTEXT_SHAPE = '{"text", "id"?, "title"?}'


class InputError(ValueError):
    """The question or the contexts cannot be used; the message says why and what to do."""


def as_records(contexts: Sequence[Any] | None, history: Sequence[Any] | None) -> dict[str, Any]:
    """Contexts and turns as records: from JSON (a LangGraph server's input) or documents.

    Returns only what had to change, so records pass through untouched.
    """
    out: dict[str, Any] = {}
    if contexts and not all(isinstance(c, Context) for c in contexts):
        out["contexts"] = [_context_of(c, n) for n, c in enumerate(contexts, start=1)]
    if history and not all(isinstance(t, Turn) for t in history):
        out["history"] = [
            _record(Turn, t, f"turn {n} of the history", '{"question", "answer"?}')
            for n, t in enumerate(history, start=1)
        ]
    return out


def _record(kind: type[Record], item: Any, name: str, shape: str) -> Record:
    try:
        return kind.model_validate(item)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "value"
        raise InputError(f"{name} is not valid ({where}: {first['msg']}): give {shape}") from None


def check_question_and_contexts(question: object, contexts: Sequence[Context] | None) -> None:
    """Raise :class:`InputError` unless there is a question and uniquely named contexts."""
    check_question(question)
    if not contexts:
        raise InputError(
            "there are no contexts to answer from: pass contexts (for example "
            '`--contexts FILE.jsonl`, one {"text", "id"?, "title"?} object per line) '
            "or an index to search (`--index DIR`, or `retriever=` in the run context)"
        )
    seen: set[str] = set()
    for context in contexts:
        check_id(context.id)
        if context.id in seen:
            raise InputError(f"context id {_shown(context.id)} appears twice: ids must be unique")
        seen.add(context.id)


def check_relation_size(count: int, context: Any) -> None:
    """Raise :class:`InputError` when the relation graph of ``count`` contexts is too big.

    ``context`` is the run context (its ``max_contexts``).
    """
    if count > context.max_contexts:
        raise InputError(
            f"{count} contexts are more than the relation graph takes (max_contexts="
            f"{context.max_contexts}: it holds every pair, {count * (count - 1) // 2:,} here). "
            "Pass fewer (--k, or top_k), raise the limit (--max-contexts, or max_contexts), "
            "or answer with strategy 'base' or 'separate', which take any number"
        )


def check_id(context_id: str) -> None:
    r"""Refuse an id a reader could not see as it is: blank, or with hidden characters.

    Ids are the citations the reader checks: ``at\u200blas`` would look like ``atlas``, and
    an escape sequence in an id would drive the terminal it is printed on.
    """
    if not context_id.strip():
        raise InputError(f"context id {_shown(context_id)} is blank: give every context a name")
    hidden = first_hidden(context_id)
    if hidden is not None:
        raise InputError(
            f"context id {_shown(context_id)} holds an invisible or control character "
            f"({hidden}): ids are the citations a reader sees; use visible characters only"
        )


def _shown(text: str) -> str:
    return f"'{visible(text, newlines=False)}'"


MAX_QUESTION = 4000
"""Characters a question may have: every prompt repeats it, and long text belongs in contexts."""


def check_question(question: object) -> None:
    """Raise :class:`InputError` unless the question is a non-empty string of sensible size."""
    if not isinstance(question, str) or not question.strip():
        raise InputError("the question is empty: pass the question to answer")
    if len(question) > MAX_QUESTION:
        raise InputError(
            f"the question has {len(question):,} characters, more than {MAX_QUESTION:,}: "
            "ask a shorter question and pass long text as a context"
        )


def read_text(file: Path) -> str:
    """A text file's content; a binary or non-UTF-8 file is an error that says what to do.

    A byte-order mark names the encoding and is dropped: UTF-8 as Notepad and Excel save it,
    UTF-16 as PowerShell's ``>`` writes it, UTF-32.
    """
    data = file.read_bytes()
    return _decoded(data, _encoding(data), str(file), file)


_MARKS = (  # UTF-32's before UTF-16's, which they begin with
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def _encoding(head: bytes) -> str:
    """The encoding a byte-order mark at the start of ``head`` names, else UTF-8."""
    return next((name for mark, name in _MARKS if head.startswith(mark)), "utf-8")


def _decoded(data: bytes, encoding: str, where: str, file: Path) -> str:
    """``data`` as text; a NUL near its start (before decoding, for UTF-8) makes it binary."""
    if encoding == "utf-8" and b"\x00" in data[:8192]:  # a PNG is binary, not "not UTF-8"
        raise _binary(file)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise _not_utf8(where, exc, file) from None
    if "\x00" in text[:8192]:
        raise _binary(file)
    return text


def _binary(file: Path) -> InputError:
    return InputError(
        f"{file} is a binary file, not text: pass a text, Markdown, HTML or JSONL file "
        "(convert a PDF or an office document to text first)"
    )


def _not_utf8(where: str, exc: UnicodeDecodeError, file: Path) -> InputError:
    named = "UTF-8" if exc.encoding.startswith("utf-8") else exc.encoding.upper()
    return InputError(
        f"{where} is not {named} text ({exc.reason} at byte {exc.start}): save it as UTF-8, "
        f"for example `iconv -f latin1 -t utf-8 {file} > {file.stem}.utf8{file.suffix}`"
    )


def jsonl_objects(
    file: Path,
    *,
    missing: str,
    torn_end: list[int] | None = None,
    folder_hint: str = "",
    text_hint: str = "",
) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for each non-blank line; :class:`InputError` names a bad line.

    A file that is still being appended to (a trace) may end in a torn line: pass a list as
    ``torn_end`` to skip an unreadable last line, whose number is then appended to it.
    ``text_hint`` ends the error for a file whose first line is not JSON at all (a text, a
    CSV): what to pass instead.
    """
    if file.is_dir():
        raise InputError(f"{file} is a folder, not a file{folder_hint}")
    if not file.exists():  # a pipe (`--contexts <(...)`) is read as a file is
        raise InputError(missing)
    torn: tuple[int, str] | None = None  # an unreadable line, fatal unless it is the last
    plain = False  # the first line is no JSON at all: "Name,Owner", "# Notes"
    for number, line in _lines(file):  # one at a time: memory holds the longest line only
        if not line.strip():
            continue
        if torn is not None:
            raise _not_json(file, torn, text_hint if plain else "")
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            torn = (number, exc.msg)
            plain = number == 1 and not line.lstrip("\ufeff \t").startswith(("{", "["))
            continue
        if not isinstance(record, dict):
            raise InputError(f"{file}, line {number}: expected a JSON object, got {line[:40]}")
        yield number, record
    if torn is not None:
        if torn_end is None:
            raise _not_json(file, torn, text_hint if plain else "")
        torn_end.append(torn[0])


def _not_json(file: Path, torn: tuple[int, str], hint: str) -> InputError:
    return InputError(f"{file}, line {torn[0]}: not valid JSON ({torn[1]}){hint}")


def _lines(file: Path) -> Iterator[tuple[int, str]]:
    """The file's lines, split at newlines only (U+2028 and FS may be inside a string).

    A file that is one JSON array (``[{...}, {...}]``, as ``json.dump`` writes a list) gives
    each of its items as a line of its own, numbered by the line it starts on.
    """
    with file.open("rb") as data:
        head = data.peek(8192)[:8192]  # peeked, not read: a pipe cannot seek back
        encoding = _encoding(head)
        if encoding == "utf-8-sig":  # as Notepad and Excel save UTF-8: the mark is dropped
            head = head[len(data.read(len(codecs.BOM_UTF8))) :]
            encoding = "utf-8"
        if encoding == "utf-8" and b"\x00" in head:
            raise _binary(file)
        if encoding != "utf-8" or head.lstrip()[:1] == b"[":  # read whole: UTF-16 or an array
            text = _decoded(data.read(), encoding, str(file), file)
            if text.lstrip()[:1] == "[":
                yield from _array_items(file, text)
            else:
                yield from enumerate(text.split("\n"), start=1)
            return
        for number, raw in enumerate(data, start=1):
            try:
                yield number, raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise _not_utf8(f"{file}, line {number}", exc, file) from None


_SPACE = re.compile(r"\s*")


def _array_items(file: Path, text: str) -> Iterator[tuple[int, str]]:
    """Each item of the JSON array ``text`` as JSON, with the line it starts on."""
    decoder = json.JSONDecoder()
    position = text.index("[") + 1
    line = 1 + text.count("\n", 0, position)
    while True:
        start = _SPACE.match(text, position).end()  # type: ignore[union-attr]
        line += text.count("\n", position, start)
        if text.startswith("]", start):
            if text[start + 1 :].strip():
                raise InputError(f"{file}, line {line}: text after the JSON array's end")
            return
        try:
            item, end = decoder.raw_decode(text, start)
        except json.JSONDecodeError as exc:
            raise InputError(f"{file}, line {exc.lineno}: not valid JSON ({exc.msg})") from None
        yield line, json.dumps(item)
        position = _SPACE.match(text, end).end()  # type: ignore[union-attr]
        line += text.count("\n", start, position)
        if text.startswith(",", position):
            position += 1
        elif not text.startswith("]", position):
            raise InputError(f"{file}, line {line}: expected ',' or ']' in the JSON array")


def load_contexts(path: str | Path) -> list[Context]:
    """Read contexts from a JSONL file: one ``{"text", "id"?, "title"?}`` object per line.

    A context without an id is named by its position (1, 2, ...), as :func:`as_contexts`
    names it. Extra keys, and a ``metadata`` object's, go to ``metadata`` (``source`` and
    ``score`` are kept as such); blank lines are skipped. A line may also be a LangChain
    ``Document`` as its ``model_dump_json()`` writes it (``{"page_content", "metadata",
    "id"}``), read as :func:`as_contexts` reads a document. Any problem raises
    :class:`InputError` naming the line.
    """
    file = Path(path)
    records = jsonl_objects(
        file,
        missing=f"no such contexts file: {file}",
        folder_hint=f": to answer from a folder of documents, index it "
        f"(`contextorg index {file} --index DIR`) and ask with --index DIR",
        text_hint=f": contexts come as JSONL, one {_CONTEXT_SHAPE} object a line; to answer "
        f"from {file} as one document (text, Markdown, HTML, CSV), pass --document {file}",
    )
    contexts = []
    for position, (number, record) in enumerate(records, start=1):
        where = f"{file}, line {number}"
        contexts.append(_context(_numbered(_plain(record, position, where), position), where))
    if not contexts:
        raise InputError(f"{file} has no contexts: write one JSON object per line")
    check_question_and_contexts("-", contexts)
    return contexts


MAX_TEXT = 1_000_000
"""Characters of one context's text kept at reading (about 250,000 tokens: over an hour of
reading for the embedded model); the rest is cut, with a warning, before it costs memory."""


def _plain(record: dict[str, Any], position: int, where: str) -> dict[str, Any]:
    """A LangChain document's JSON as a plain record; any other record as it is.

    Its id, else ``metadata["id"]``, else its position; ``title`` and ``source`` from its
    metadata, as :func:`as_contexts` reads a document.
    """
    if "page_content" not in record or "text" in record:
        return record
    metadata = record.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise InputError(f"{where}: a document's metadata must be a JSON object")
    rest = {k: v for k, v in record.items() if k not in ("id", "page_content", "metadata", "type")}
    return _document_fields(record["page_content"], record.get("id"), metadata | rest, position)


def _numbered(record: Mapping[str, Any], position: int) -> Mapping[str, Any]:
    """A record with no id named by its position.

    ``null`` and ``""`` are no id: what tables exported to JSON write for a missing value.
    """
    return record if record.get("id") not in (None, "") else {**record, "id": str(position)}


def _context(record: Mapping[str, Any], where: str) -> Context:
    """A context of a dict, from a JSONL line or given to :func:`as_contexts`.

    ``id``, ``title``, ``text``, ``source`` and ``score`` are its fields (a whole-number id is
    read as its digits); other keys, and those of a ``metadata`` object, are its metadata. A text
    longer than :data:`MAX_TEXT` is cut, with a warning.
    """
    given = record.get("metadata")
    if given is not None and not isinstance(given, Mapping):
        raise InputError(f"{where} is not valid (metadata: not an object): give a JSON object")
    known = {"id", "title", "text", "source", "score"}
    fields = {k: v for k, v in record.items() if k in known}
    text = fields.get("text")
    metadata = dict(given or {})
    metadata |= {k: v for k, v in record.items() if k not in known and k != "metadata"}
    if isinstance(text, str) and len(text) > MAX_TEXT:
        logger.warning(
            "%s: text cut to its first %s of %s characters",
            where,
            f"{MAX_TEXT:,}",
            f"{len(text):,}",
        )
        fields["text"] = text[:MAX_TEXT]
        metadata["cut_at"] = MAX_TEXT
    if type(fields.get("id")) is int:  # JSON's 7 for "7"; not True, which is an int too
        fields["id"] = str(fields["id"])
    return _record(Context, {**fields, "metadata": metadata}, where, _CONTEXT_SHAPE)


def load_document(path: str | Path) -> Context:
    """One text file as one context (id: the file name, title: its stem)."""
    file = Path(path)
    if file.is_dir():
        raise InputError(
            f"{file} is a folder, not a document: to answer from a folder of documents, index "
            f"it (`contextorg index {file} --index DIR`) and ask with --index DIR"
        )
    if not file.is_file():
        raise InputError(f"no such document: {file}")
    text = read_text(file)
    if not text.strip():
        raise InputError(f"{file} is empty: nothing to answer from")
    return Context(id=file.name, title=file.stem, text=text, source=str(file))
