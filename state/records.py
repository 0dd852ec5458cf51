"""Records that flow through the graph: contexts, relations, groups, answers and usage."""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

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
    descriptor: str | None = None
    """What tells this context's entity apart from namesakes, when the reader says."""
    clipped: bool = False
    """The context was longer than the model's window: only its beginning was read."""

    @property
    def usable(self) -> bool:
        """Whether the reading says something (answers or not); a failed one says nothing."""
        return self.status != "failed"


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
    """Out-supported by a rival answer about the same thing (conflict policies
    ``majority`` and ``resolve``); see ``sources`` and ``rival``."""
    sources: int | None = None
    """Independent sources behind the answer where it conflicts (near-copies count once)."""
    rival: str | None = None
    """The answer with more independent sources about the same thing, when disputed."""
    quote: bool = False
    """The answer is a clause of its sources, not a phrase that answers: shown as a quote."""


class GroupAnswer(BaseModel):
    """The answers one group produced, after citation validation."""

    group_id: int
    answers: list[AnswerItem]
    dropped_citations: int = 0
    """Citations of contexts the group was not given (removed)."""
    uncited_answers: int = 0
    """Answers left without any valid citation (not shown)."""
    failed: bool = False
    """The model gave no usable reply, even after a retry."""


class Answer(BaseModel):
    """The final answer: every supported answer with citations, and the rendered text."""

    text: str
    answers: list[AnswerItem]
    rejected: list[AnswerItem] = Field(default_factory=list)
    """Answers left out as misinformation (conflict policy ``resolve``), with their citations."""
    out_of_scope: bool = False
    dropped_citations: int = 0
    uncited_answers: int = 0
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
