"""Records that flow through the graph: contexts, relations, groups, answers and usage."""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

RelationLabel = Literal[
    "duplicated", "counterfactual", "distracting", "ambiguous", "unrelated", "irrelevant"
]
RELATION_LABELS: tuple[RelationLabel, ...] = get_args(RelationLabel)
"""The labels, in the order of the ``Literal``."""


class Context(BaseModel):
    """One piece of evidence; its ``id`` is the citation key the user sees."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(min_length=1)
    text: str = Field(min_length=1)
    title: str = ""
    source: str | None = None
    score: float | None = None
    metadata: dict[str, object] = Field(default_factory=dict)


class Relation(BaseModel):
    """The relation between two contexts relative to the question (symmetric)."""

    model_config = ConfigDict(frozen=True)

    a: str
    b: str
    label: RelationLabel


ReadingStatus = Literal["answers", "ungrounded", "denied", "silent", "failed"]


class ContextReading(BaseModel):
    """What the relation step read in one context: the answers its text states, or why none.

    ``answers``: the text states ``answers`` (several when it lists several). ``ungrounded``:
    the model gave an answer the text does not state (read as not answering). ``denied``: the
    text mentions the model's answer only to deny or correct it (not answering). ``silent``: the
    model read no answer. ``failed``: the model gave no usable reply, so nothing is known.
    """

    model_config = ConfigDict(frozen=True)

    status: ReadingStatus
    answers: list[str] = Field(default_factory=list)
    said: str | None = None
    """The model's reply as given (an answer, or a stance for a yes/no question)."""
    denied_words: list[str] = Field(default_factory=list)
    """For a yes/no question, the question's words the text writes only to deny them ("n'accepte
    pas" for "accepte-t-il ...?"), where they decided the stance: the model said "yes", too
    unsure of it to tell, and the text says no."""
    descriptor: str | None = None
    """What tells this context's entity apart from namesakes, when the reader says."""
    clipped: bool = False
    """Part of the context was not read: it was longer than the model's window (a yes/no
    question's stance reads its beginning) or than the most segments read of one text."""
    spans: list[tuple[int, int]] = Field(default_factory=list)
    """For a text longer than the model's window, read segment by segment: the characters of
    the segment that states each of ``answers``, in the same order (empty otherwise)."""

    @property
    def usable(self) -> bool:
        """Whether the reading says something (answers or not); a failed one says nothing."""
        return self.status != "failed"


class RelationGraph(BaseModel):
    """The relation between every pair of contexts, what was read in each, and what it cost.

    A relation classifier builds it (``tools/relations``); the state keeps it as built, and the
    organizer, the aggregate's source count, ``--json`` and the report read it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    ids: list[str] = Field(default_factory=list)
    relations: list[Relation] = Field(default_factory=list)
    """Every pair once, in the order of ``ids``."""
    readings: dict[str, ContextReading] = Field(default_factory=dict)
    """What the classifier read in each context (those that read contexts one by one)."""
    relevance: dict[str, bool] = Field(default_factory=dict)
    """Whether each context answers, when the classifier knows it apart from the relations."""
    judgments: list[tuple[str, str]] = Field(default_factory=list)
    """Pairs the classifier was asked about, as (pivot, other)."""
    calls: int = 0
    """Classifier invocations."""
    read_as: str | None = None
    """The question the contexts were read with, when it was put in their language (asked in
    German of English pages, say); None when they were read with the question as asked."""
    _labels: dict[frozenset[str], RelationLabel] | None = PrivateAttr(default=None)

    def relation(self, a: str, b: str) -> RelationLabel:
        """The relation between two distinct contexts."""
        if a == b:
            raise ValueError(f"a context has no relation to itself: {a!r}")
        if self._labels is None:
            self._labels = {frozenset((r.a, r.b)): r.label for r in self.relations}
        return self._labels[frozenset((a, b))]

    def neighbours(self, node: str, label: RelationLabel) -> list[str]:
        """Contexts related to ``node`` by ``label``, in input order."""
        return [j for j in self.ids if j != node and self.relation(node, j) == label]

    def relevant(self) -> dict[str, bool | None]:
        """Whether each context answers the question, as far as the classifier tells.

        Without ``relevance``, from the relations: a context with a relation other than
        ``irrelevant`` answers; one ``irrelevant`` to a context that answers does not. When
        every relation is ``irrelevant`` at most one context answers and the relations cannot
        tell which: those are ``None``.
        """
        if self.relevance:
            return {i: self.relevance[i] for i in self.ids}
        known: dict[str, bool | None] = {
            i: True
            if any(self.relation(i, j) != "irrelevant" for j in self.ids if j != i)
            else None
            for i in self.ids
        }
        if any(known.values()):
            return {i: bool(v) for i, v in known.items()}
        return known


GroupMode = Literal["model", "readings", "debate"]


class Group(BaseModel):
    """Contexts answered together, with the question to ask them and how they are answered."""

    model_config = ConfigDict(frozen=True)

    id: int
    context_ids: list[str]
    question: str
    condense: bool = False
    """Answer from notes whatever the length (the ``summarize`` organizer)."""
    answered_by: GroupMode = "model"
    """``model``: one call over the group; ``readings``: the contexts' own readings, no call;
    ``debate``: one agent per context over rounds, then an aggregator (``madam``)."""


class Organization(BaseModel):
    """What the organizer did: the groups, what it dropped and why, and who supports whom."""

    groups: list[Group]
    dropped: dict[str, str] = Field(
        default_factory=dict, description="context id -> reason it was left out"
    )
    supporting: dict[str, list[str]] = Field(
        default_factory=dict,
        description="kept context id -> dropped contexts that say the same thing",
    )


class AnswerItem(BaseModel):
    """One supported answer and the contexts it comes from."""

    answer: str
    about: str | None = Field(
        default=None, description="the entity or descriptor this answer is for, if any"
    )
    citations: list[str]
    disputed: bool = False
    """Out-supported by a rival answer: one about the same thing (conflict policies
    ``majority`` and ``resolve``), or, under every policy, one that near-copies of this
    answer's every source give (``copy_of``), or one that pages not marked out of date give
    where this answer's every page is (``outdated``); see ``sources`` and ``rival``."""
    sources: int | None = None
    """Independent sources behind the answer where it conflicts (near-copies count once)."""
    rival: str | None = None
    """The answer with more independent sources about the same thing, when disputed."""
    copy_of: list[str] = Field(default_factory=list)
    """When disputed because every context citing it is a near-copy of a page that gives
    ``rival`` instead: those pages (an edited copy, or the page an edit was made from)."""
    outdated: str | None = None
    """When disputed because every context citing it marks itself out of date and a context
    not so marked gives ``rival``: the first one's banner ("ARCHIVED PAGE (2023): ...")."""
    quote: bool = False
    """The answer is a clause of its sources, not a phrase that answers: shown as a quote."""
    spans: dict[str, tuple[int, int]] = Field(default_factory=dict)
    """For a cited context read segment by segment: the characters of the segment that
    states this answer (``[start, end)`` of the context's text)."""


class GroupAnswer(BaseModel):
    """The answers one group produced, after citation validation."""

    group_id: int
    answers: list[AnswerItem]
    dropped_citations: int = 0
    """Citations of contexts the group was not given (removed)."""
    unstated: list[str] = Field(default_factory=list)
    """Answers left without any valid citation (not shown), as given: what the model or a
    reading said that no context states."""
    failed: bool = False
    """The model gave no usable reply, even after a retry."""

    @property
    def uncited_answers(self) -> int:
        """How many answers were not shown for want of a context that states them."""
        return len(self.unstated)


class Answer(BaseModel):
    """The final answer: every supported answer with citations, and the rendered text."""

    text: str
    answers: list[AnswerItem]
    rejected: list[AnswerItem] = Field(default_factory=list)
    """Answers left out as misinformation (conflict policy ``resolve``), with their citations."""
    out_of_scope: bool = False
    dropped_citations: int = 0
    uncited_answers: int = 0
    unstated: list[str] = Field(default_factory=list)
    """The answers not shown because no context states them, as given (once each)."""
    failed_groups: int = 0
    failed_calls: int = 0
    """Model calls that gave no usable reply, even after retries (relations included)."""
    model_calls: int = 0
    """Model calls made for this answer (before ``explain``)."""

    @property
    def failed(self) -> bool:
        """Nothing was answered, and model failures may be why."""
        return not self.answers and self.failed_calls > 0


class Turn(BaseModel):
    """One question of a conversation and the answer it got."""

    question: str
    completed_question: str = ""
    answer: str = ""


class Attribution(BaseModel):
    """How much each context caused one answer (weights sum to 1), from ``explain``."""

    answer: str
    scores: dict[str, float]


class NodeUsage(BaseModel):
    """Model calls, tokens and seconds spent by one node (summed over its runs)."""

    llm_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0
    failures: int = 0

    def __add__(self, other: NodeUsage) -> NodeUsage:
        return NodeUsage(
            llm_calls=self.llm_calls + other.llm_calls,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            seconds=self.seconds + other.seconds,
            failures=self.failures + other.failures,
        )


def total_usage(usage: dict[str, NodeUsage]) -> NodeUsage:
    """Sum the usage of every node."""
    total = NodeUsage()
    for node in usage.values():
        total = total + node
    return total


class Evidence(BaseModel):
    """Sentences quoted verbatim from one context."""

    context_id: str
    text: str


class Note(BaseModel):
    """What one segment (or a merge of notes) says about the question (SEGMENT+)."""

    evidence: list[Evidence] = Field(default_factory=list)
    reasoning: str = ""
    order: int = 0
    """Position of the first segment the note covers: notes merge in document order."""
