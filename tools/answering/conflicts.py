"""Conflict policies: what the final answer says when sources disagree about one thing.

Sources disagree about one thing when the relation graph calls their contexts counterfactual
(linked through duplicates: contexts that say the same about it). Within one such entity an
answer's *support* is the number of independent sources that give it: contexts that are
near-copies of each other (:func:`near_copies`) count once, however often a page was copied.

- ``show`` (CORG's way) lists every answer with its citations and takes no side on what
  independent sources say.
- ``majority`` lists every answer, and flags as *disputed* one that a rival answer about the
  same thing out-supports.
- ``resolve`` leaves disputed answers out of the answer and lists them as rejected, with
  their citations and why.

Under every policy, an answer is disputed when every context that gives it is a near-copy of
a page giving a rival answer that more independent sources give (:func:`flag_edited_copies`):
one of the two copies was edited, and the sources tell which answer the edit changed. On
RAMDocs, misinformation pages are such edits. It is disputed too when every context that
gives it marks itself out of date ("ARCHIVED PAGE", "Deprecated: ...") and a context not so
marked gives a rival answer about the same thing (:func:`flag_outdated`): a wiki's archived
page names the owner before the current one.

Without a relation graph (the ``base`` and ``separate`` strategies), answers are about the
same thing when the model says so (``about``). A tie disputes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from contextorg.state.records import AnswerItem, Context, Relation
from contextorg.tools.registry import Registry
from contextorg.tools.text.banners import out_of_date
from contextorg.tools.text.normalize import same_descriptor, words

NEAR_COPY = 0.5
"""Share of the shorter text's word 5-grams found in the other above which two texts are
near-copies (containment, Broder 1997): one source, however often it was copied."""


@dataclass(frozen=True)
class Sources:
    """What a policy may weigh answers by: the relation graph and the contexts."""

    relations: Sequence[Relation] = ()
    contexts: Sequence[Context] = ()

    @cached_property
    def copies(self) -> dict[str, str]:
        """Each context id -> the first context it is a near-copy of (:func:`near_copies`)."""
        return near_copies(self.contexts)

    @cached_property
    def outdated(self) -> dict[str, str]:
        """Each context id that marks itself out of date -> its banner."""
        return {c.id: mark for c in self.contexts if (mark := out_of_date(c))}


@dataclass
class Resolution:
    """The answers to show (some perhaps flagged disputed), and those left out."""

    answers: list[AnswerItem]
    rejected: list[AnswerItem] = field(default_factory=list)


ConflictPolicy = Callable[[Sequence[AnswerItem], Sources], Resolution]


def show_all(answers: Sequence[AnswerItem], sources: Sources) -> Resolution:
    """Every answer; one that only edited near-copies or out-of-date pages give is disputed."""
    return Resolution(_flag(answers, sources))


def flag_minority(answers: Sequence[AnswerItem], sources: Sources) -> Resolution:
    """Every answer; one out-supported by a rival about the same thing is disputed."""
    return Resolution(_flag(weigh(answers, sources), sources))


def resolve_minority(answers: Sequence[AnswerItem], sources: Sources) -> Resolution:
    """Disputed answers are left out and listed as rejected."""
    weighed = _flag(weigh(answers, sources), sources)
    return Resolution([a for a in weighed if not a.disputed], [a for a in weighed if a.disputed])


def _flag(answers: Sequence[AnswerItem], sources: Sources) -> list[AnswerItem]:
    """What every policy flags: answers of edited copies only, of out-of-date pages only."""
    return flag_outdated(flag_edited_copies(answers, sources), sources)


def flag_outdated(answers: Sequence[AnswerItem], sources: Sources) -> list[AnswerItem]:
    """Each answer, disputed where every context citing it marks itself out of date.

    So: every context citing it has a banner (:func:`~contextorg.tools.text.banners.banner`:
    "ARCHIVED PAGE (2023)", "Deprecated: see ...", "This page is no longer maintained"), and
    a rival answer about the same thing (the same ``about``, or none) that is not disputed is
    given by a context without one; of several, the one most such contexts give. Where every
    answer comes from out-of-date pages, or none does, nothing is flagged. Answers already
    disputed stay as they are.
    """
    marks = sources.outdated
    out = []
    for item in answers:
        if item.disputed or not item.citations or not set(item.citations) <= marks.keys():
            out.append(item)
            continue
        current = [
            (sum(c not in marks for c in other.citations), other)
            for other in answers
            if other is not item and not other.disputed and _same_thing(item, other)
        ]
        count, rival = max(current, key=lambda found: found[0], default=(0, None))
        if rival is None or not count:
            out.append(item)
            continue
        update = {"outdated": marks[item.citations[0]], "rival": rival.answer}
        out.append(item.model_copy(update={"disputed": True, "sources": None, **update}))
    return out


def _same_thing(a: AnswerItem, b: AnswerItem) -> bool:
    """Whether two answers answer about the same thing: the same ``about``, or neither has one."""
    return (a.about is None and b.about is None) or (
        a.about is not None and b.about is not None and same_descriptor(a.about, b.about)
    )


def flag_edited_copies(answers: Sequence[AnswerItem], sources: Sources) -> list[AnswerItem]:
    """Each answer, disputed where every context citing it is a near-copy of a rival's page.

    So: for each context citing the answer, another context that is a near-copy of it
    (:func:`near_copies`) gives a rival answer and not this one, and that rival has more
    independent sources than this answer. Two near-copies that disagree are one page and an
    edit of it; which answer the edit changed, independent sources tell. Without more
    sources on either side, or with an independent page of its own, nothing is flagged.
    Answers already disputed stay as they are.
    """
    copies = sources.copies
    origin = [{copies.get(c, c) for c in a.citations} for a in answers]
    out = []
    for n, item in enumerate(answers):
        rival, copied = _edited_rival(n, answers, origin, copies)
        if item.disputed or rival is None:
            out.append(item)
            continue
        update = {"disputed": True, "sources": len(origin[n]), "rival": rival.answer}
        out.append(item.model_copy(update={**update, "copy_of": copied}))
    return out


def _edited_rival(
    n: int, answers: Sequence[AnswerItem], origin: list[set[str]], copies: dict[str, str]
) -> tuple[AnswerItem | None, list[str]]:
    """The rival that near-copies of answer ``n``'s every source give instead, and those copies."""
    mine = set(answers[n].citations)
    rival: AnswerItem | None = None
    copied: list[str] = []
    for cited in answers[n].citations:
        found = [
            (m, c)
            for m, other in enumerate(answers)
            if m != n and len(origin[m]) > len(origin[n])
            for c in other.citations
            if c not in mine and c != cited and copies.get(c, c) == copies.get(cited, cited)
        ]
        if not found:
            return None, []
        best, _ = max(found, key=lambda mc: len(origin[mc[0]]))
        rival = rival if rival is not None else answers[best]
        copied += [c for m, c in found if answers[m] is rival and c not in copied]
    return rival, copied


def weigh(answers: Sequence[AnswerItem], sources: Sources) -> list[AnswerItem]:
    """Each answer with its independent support where it conflicts, in the same order.

    An answer is disputed when a rival about the same thing has more support; none is left
    out here.

    An answer conflicts within each entity whose contexts give another answer too. It is
    disputed when every context citing it is in an entity where it loses: an answer that is
    misinformation about one namesake and true of another stays.
    """
    copies = sources.copies
    verdicts: dict[int, list[tuple[int, AnswerItem | None, set[str]]]] = {}
    for members in _entities(answers, sources):
        cited = {n: [c for c in a.citations if c in members] for n, a in enumerate(answers)}
        rivals = [n for n, ids in cited.items() if ids]
        if len(rivals) < 2:
            continue
        support = {n: len({copies.get(c, c) for c in cited[n]}) for n in rivals}
        for n in rivals:
            best = max((m for m in rivals if m != n), key=lambda m: support[m])
            beaten = answers[best] if support[best] > support[n] else None
            verdicts.setdefault(n, []).append((support[n], beaten, members))
    out = []
    for n, item in enumerate(answers):
        found = verdicts.get(n)
        if not found:
            out.append(item.model_copy(update={"disputed": False}))
            continue
        lost = {c for _, beaten, members in found if beaten is not None for c in members}
        disputed = set(item.citations) <= lost
        count, rival, _ = (min if disputed else max)(found, key=lambda v: v[0])
        out.append(
            item.model_copy(
                update={
                    "disputed": disputed,
                    "sources": count,
                    "rival": rival.answer if disputed and rival is not None else None,
                }
            )
        )
    return out


def _entities(answers: Sequence[AnswerItem], sources: Sources) -> list[set[str]]:
    """The contexts about one thing each: counterfactual and duplicated links, else ``about``."""
    if not sources.relations:
        named = [a for a in answers if a.about]
        groups: list[set[str]] = []
        for a in named:
            same = [b for b in named if same_descriptor(a.about, b.about)]
            members = {c for b in same for c in b.citations}
            if members not in groups:
                groups.append(members)
        return groups
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    linked = [r for r in sources.relations if r.label in ("counterfactual", "duplicated")]
    for relation in linked:
        parent[root(relation.a)] = root(relation.b)
    components: dict[str, set[str]] = {}
    for relation in linked:
        for x in (relation.a, relation.b):
            components.setdefault(root(x), set()).add(x)
    conflicted = {r.a for r in linked if r.label == "counterfactual"}
    return [members for members in components.values() if members & conflicted]


def near_copies(contexts: Iterable[Context], threshold: float = NEAR_COPY) -> dict[str, str]:
    """Each context id -> the first context it is a near-copy of (itself if none).

    Containment of word 5-grams (the shorter text's in the longer's): re-posted, reformatted
    and truncated copies of one page share most of theirs, independent pages few.
    """
    shingled = [(c.id, _shingles(c.text)) for c in contexts]
    first: dict[str, str] = {}
    for n, (cid, mine) in enumerate(shingled):
        first[cid] = cid
        for other, theirs in shingled[:n]:
            smaller = min(len(mine), len(theirs))
            if smaller and len(mine & theirs) >= threshold * smaller:
                first[cid] = first[other]
                break
    return first


def _shingles(text: str, size: int = 5) -> set[tuple[str, ...]]:
    tokens = words(text)
    if len(tokens) < size:
        return {tuple(tokens)} if tokens else set()
    return {tuple(tokens[n : n + size]) for n in range(len(tokens) - size + 1)}


CONFLICT_POLICIES: Registry[ConflictPolicy] = Registry(
    "conflict policy",
    {
        "show": show_all,
        "majority": flag_minority,
        "resolve": resolve_minority,
    },
)
"""Conflict policies by name; a new one is one function and one line here."""
