r"""Text from documents and models made safe to show: no character of it can drive a terminal.

A context, an indexed page or a model's reply can hold escape sequences (clear the screen,
set the window title, recolour the terminal), C1 controls, and invisible characters that
reorder or hide text (``[at\u200blas]`` looks like ``[atlas]``). Shown, each such character
is written as its escape instead: ``\x1b``, ``\u200b``.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from typing import Any

_HIDDEN = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"))
"""Controls (C0, C1, DEL), format characters (bidi controls, zero-width), line and paragraph
separators, surrogates, private use and unassigned code points."""


def hidden(c: str) -> bool:
    """Whether ``c`` would act on the terminal or be invisible, rather than be read."""
    return c not in "\n\t" and unicodedata.category(c) in _HIDDEN


def visible(text: object, *, newlines: bool = True) -> str:
    r"""``text`` with every hidden character written as its escape (``\x1b``, ``\u202e``).

    Newlines and tabs stay (``newlines=False`` escapes newlines too, for one-line labels).
    """
    shown = str(text)
    if not any(hidden(c) or (c == "\n" and not newlines) for c in shown):
        return shown
    return "".join(_escape(c) if hidden(c) or (c == "\n" and not newlines) else c for c in shown)


def _escape(c: str) -> str:
    code = ord(c)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def first_hidden(text: str) -> str | None:
    """The first hidden character of ``text``, named (``U+200B ZERO WIDTH SPACE``), or None."""
    for c in text:
        if hidden(c) or c in "\n\t":
            name = unicodedata.name(c, "control character")
            return f"U+{ord(c):04X} {name}"
    return None


def json_line(
    value: Any, default: Callable[[Any], Any] | None = None, *, allow_nan: bool = False
) -> str:
    r"""``value`` as one line of JSON in which every hidden character is a ``\u`` escape.

    ``json.dumps`` escapes C0 controls but writes DEL, C1 controls and bidi characters as
    they are when ``ensure_ascii`` is off.
    """
    text = json.dumps(value, ensure_ascii=False, allow_nan=allow_nan, default=default)
    if not any(hidden(c) for c in text):
        return text
    return "".join(_json_escape(c) if hidden(c) else c for c in text)


def _json_escape(c: str) -> str:
    # json.dumps leaves DEL as it is even with ensure_ascii; astral characters as a pair.
    return f"\\u{ord(c):04x}" if ord(c) < 0x10000 else json.dumps(c)[1:-1]


def one_line(text: str, most: int = 60) -> str:
    """``text`` on one line, cut to ``most`` characters (an ellipsis marks the cut)."""
    text = " ".join(text.split())
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"
