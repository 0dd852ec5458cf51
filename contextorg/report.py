"""The HTML run report: one self-contained file (inline CSS and SVG, no script, no link out).

It shows the relation graph (edges coloured by type, dropped contexts marked), the groups, every
answer with citations that jump to the cited text, attribution bars when ``explain`` ran, and
usage per node.
"""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import TYPE_CHECKING

from contextorg.state import total_usage
from contextorg.tools.text.visible import visible

if TYPE_CHECKING:
    from contextorg.api import Result
    from contextorg.state.records import AnswerItem

COLOURS = {
    "duplicated": "#2563eb",
    "counterfactual": "#dc2626",
    "distracting": "#d97706",
    "ambiguous": "#7c3aed",
    "unrelated": "#9ca3af",
}
"""Edge colour per relation type; ``irrelevant`` pairs are not drawn (the context is marked)."""

CSS = """
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;color:#111;padding:0 1rem}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem;border-bottom:1px solid #ddd}
.answer{background:#f0fdf4;border-left:4px solid #16a34a;padding:.5rem 1rem;white-space:pre-wrap}
.ctx{border:1px solid #e5e7eb;border-radius:6px;padding:.5rem 1rem;margin:.5rem 0}
.ctx:target{outline:3px solid #16a34a}.dropped{opacity:.6;background:#f9fafb}
.id{font-family:ui-monospace,monospace;font-weight:600}.why{color:#6b7280;font-size:.9rem}
table{border-collapse:collapse}
td,th{padding:.2rem .8rem;border-bottom:1px solid #eee;text-align:right}
td:first-child,th:first-child{text-align:left}.legend span{margin-right:1rem}
a.cite{font-family:ui-monospace,monospace;text-decoration:none}
"""


def escape(text: object) -> str:
    """``text`` as HTML, every hidden character (controls, bidi, zero-width) as its escape."""
    return html.escape(visible(text))


def render_report(result: Result) -> str:
    """The report for one answered question, as an HTML string."""
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{escape(result.question)}</title><style>{CSS}</style></head><body>",
        f"<h1>{escape(result.question)}</h1>",
        _answers(result),
        _attribution(result),
        "<h2>Relation graph</h2>",
        _graph_svg(result),
        _legend(),
        "<h2>Groups</h2>",
        _groups(result),
        "<h2>Contexts</h2>",
        _contexts(result),
        "<h2>Usage</h2>",
        _usage(result),
        "</body></html>",
    ]
    return "\n".join(parts)


def write_report(result: Result, path: str | Path) -> Path:
    """Write :func:`render_report` to ``path``."""
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(render_report(result), encoding="utf-8")
    return file


def _cite(context_id: str) -> str:
    return f"<a class='cite' href='#ctx-{escape(context_id)}'>[{escape(context_id)}]</a>"


def _answers(result: Result) -> str:
    if not result.answer.answers:
        return f"<p class='answer'>{escape(result.answer.text)}</p>" + _left_out(result)
    items = []
    for item in result.answer.answers:
        about = f" <span class='why'>({escape(item.about)})</span>" if item.about else ""
        cites = "".join(_cite(c) for c in item.citations)
        doubt = (
            f" <span class='why'>disputed: {_why_disputed(item)}</span>" if item.disputed else ""
        )
        said = f"<q>{escape(item.answer)}</q>" if item.quote else f"<b>{escape(item.answer)}</b>"
        items.append(f"<li>{said}{about} {cites}{doubt}</li>")
    return f"<ul class='answer'>{''.join(items)}</ul>" + _left_out(result)


def _left_out(result: Result) -> str:
    """Answers left out as misinformation, and those no context states."""
    return _rejected(result) + _unstated(result)


def _unstated(result: Result) -> str:
    """Answers not shown because no context states them, as the model gave them."""
    if not result.answer.unstated:
        return ""
    items = "".join(f"<li><s>{escape(said)}</s></li>" for said in result.answer.unstated)
    return f"<p class='why'>Not shown, as no context states them:</p><ul>{items}</ul>"


def _rejected(result: Result) -> str:
    """Answers left out as misinformation, with their citations and why."""
    if not result.answer.rejected:
        return ""
    items = [
        f"<li><s>{escape(item.answer)}</s> {''.join(_cite(c) for c in item.citations)} "
        f"<span class='why'>{_why_rejected(item)}</span></li>"
        for item in result.answer.rejected
    ]
    return f"<p class='why'>Left out as likely misinformation:</p><ul>{''.join(items)}</ul>"


def _why_disputed(item: AnswerItem) -> str:
    rival = escape(item.rival or "")
    if item.outdated:
        marked = f"&ldquo;{escape(item.outdated)}&rdquo;"
        return f"marked out of date ({marked}); a page not so marked says {rival}"
    if item.copy_of:
        copies = "".join(_cite(c) for c in item.copy_of)
        return f"a near-copy of {copies} says otherwise, and more independent sources say {rival}"
    return f"more independent sources say {rival}"


def _why_rejected(item: AnswerItem) -> str:
    if item.outdated:
        return (
            f"marked out of date (&ldquo;{escape(item.outdated)}&rdquo;); pages not so marked "
            f"say {escape(item.rival or '')}"
        )
    return f"{item.sources or 0} independent source(s); more say {escape(item.rival or '')}"


def _attribution(result: Result) -> str:
    """One bar per context for each explained answer."""
    if not result.attribution:
        return ""
    parts = ["<h2>Attribution</h2>"]
    for item in result.attribution:
        rows = []
        for cid, weight in sorted(item.scores.items(), key=lambda kv: -kv[1]):
            width = max(0.0, min(1.0, weight)) * 300
            rows.append(
                f"<tr><td>{_cite(cid)}</td><td><svg width='300' height='12'>"
                f"<rect width='{width:.1f}' height='12' fill='#16a34a'/></svg></td>"
                f"<td>{weight:.2f}</td></tr>"
            )
        parts.append(f"<p><b>{escape(item.answer)}</b></p><table>{''.join(rows)}</table>")
    return "".join(parts)


def _graph_svg(result: Result, size: int = 520) -> str:
    ids = [c.id for c in result.contexts] or sorted(
        {r.a for r in result.relations} | {r.b for r in result.relations}
    )
    if not ids:
        return "<p class='why'>No contexts.</p>"
    centre, radius, margin = size / 2, size / 2 - 60, 160  # margin: room for long labels
    at = {
        cid: (
            margin + centre + radius * math.cos(2 * math.pi * n / len(ids) - math.pi / 2),
            centre + radius * math.sin(2 * math.pi * n / len(ids) - math.pi / 2),
        )
        for n, cid in enumerate(ids)
    }
    shapes = [f"<svg width='{size + 2 * margin}' height='{size}' role='img'>"]
    for relation in result.relations:
        if relation.label not in COLOURS or relation.a not in at or relation.b not in at:
            continue
        (x1, y1), (x2, y2) = at[relation.a], at[relation.b]
        dash = " stroke-dasharray='4 4'" if relation.label == "unrelated" else ""
        shapes.append(
            f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' stroke-width='3' "
            f"stroke='{COLOURS[relation.label]}'{dash}><title>{escape(relation.a)} – "
            f"{escape(relation.b)}: {relation.label}</title></line>"
        )
    dropped = result.organization.dropped
    for cid, (x, y) in at.items():
        fill = "#e5e7eb" if cid in dropped else "#16a34a"
        why = f": left out, {dropped[cid]}" if cid in dropped else ""
        anchor = (
            "end" if x < margin + centre - 1 else "start" if x > margin + centre + 1 else "middle"
        )
        dx = -16 if anchor == "end" else 16 if anchor == "start" else 0
        dy = 5 if anchor != "middle" else (-18 if y < centre else 26)
        grey = " fill='#6b7280'" if cid in dropped else ""
        shapes.append(
            f"<a href='#ctx-{escape(cid)}'><circle cx='{x:.1f}' cy='{y:.1f}' r='11' fill='{fill}' "
            f"stroke='#111'><title>{escape(cid)}{escape(why)}</title></circle>"
            f"<text x='{x + dx:.1f}' y='{y + dy:.1f}' text-anchor='{anchor}' font-size='13'"
            f"{grey}>{escape(cid[:28])}</text></a>"
        )
    shapes.append("</svg>")
    return "".join(shapes)


def _legend() -> str:
    spans = [
        f"<span><svg width='24' height='8'><line x1='0' y1='4' x2='24' y2='4' stroke='{colour}' "
        f"stroke-width='3'/></svg> {label}</span>"
        for label, colour in COLOURS.items()
    ]
    spans.append(
        "<span><svg width='12' height='12'><circle cx='6' cy='6' r='5' fill='#e5e7eb' "
        "stroke='#111'/></svg> left out</span>"
    )
    return f"<p class='legend'>{''.join(spans)}</p>"


def _groups(result: Result) -> str:
    if not result.organization.groups:
        return "<p class='why'>No groups: nothing answered the question.</p>"
    rows = [
        f"<li>{''.join(_cite(c) for c in g.context_ids)} — {escape(g.question)}</li>"
        for g in result.organization.groups
    ]
    return f"<ol>{''.join(rows)}</ol>"


def _contexts(result: Result) -> str:
    blocks = []
    dropped = result.organization.dropped
    for context in result.contexts:
        why = dropped.get(context.id)
        source = f" · {escape(context.source)}" if context.source else ""
        blocks.append(
            f"<div class='ctx{' dropped' if why else ''}' id='ctx-{escape(context.id)}'>"
            f"<span class='id'>{escape(context.id)}</span> {escape(context.title)}"
            f"<span class='why'>{source}{' · left out: ' + escape(why) if why else ''}</span>"
            f"{_reading(result, context.id)}<p>{escape(context.text)}</p></div>"
        )
    return "".join(blocks) or "<p class='why'>No contexts.</p>"


READ = {
    "answers": "read as answering",
    "ungrounded": "the model's answer is not in the text",
    "denied": "the text denies the model's answer",
    "silent": "read as not answering",
    "failed": "could not be read",
}


def _reading(result: Result, context_id: str) -> str:
    """What the relation step read in the context, when it read it."""
    reading = result.readings.get(context_id)
    if reading is None:
        return ""
    said = f": {escape(', '.join(reading.answers) or reading.said or '')}" if reading.said else ""
    cut = " (only part of it was read: the text is too long)" if reading.clipped else ""
    if reading.spans:
        where = ", ".join(
            f"{a}: characters {s}-{e}"
            for a, (s, e) in zip(reading.answers, reading.spans, strict=False)
        )
        cut = f" (read segment by segment; {escape(where)})"
    return f"<p class='why'>{READ[reading.status]}{said}{cut}</p>"


def _usage(result: Result) -> str:
    rows = ["<tr><th>node</th><th>calls</th><th>input</th><th>output</th><th>seconds</th></tr>"]
    total = total_usage(result.usage)
    for name, usage in [*result.usage.items(), ("total", total)]:
        rows.append(
            f"<tr><td>{escape(name)}</td><td>{usage.llm_calls}</td><td>{usage.input_tokens}</td>"
            f"<td>{usage.output_tokens}</td><td>{usage.seconds:.2f}</td></tr>"
        )
    return f"<table>{''.join(rows)}</table><p class='why'>wall time {result.seconds:.2f} s</p>"
