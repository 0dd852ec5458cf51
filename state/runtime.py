"""Run-time configuration of the QA graph (LangGraph ``context_schema``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel

StrategyName = Literal[
    "corg", "base", "separate", "random", "kmeans", "retrieve", "summarize", "madam"
]
"""The organizers ``strategy`` names (``tools/organizers/``); registered ones are strings too."""
ClassifierName = Literal["signals", "batched", "pairwise", "extract"]
"""The relation classifiers ``classifier`` names (``tools/relations/``)."""
CompletionName = Literal["llm", "concat", "none"]
"""How a follow-up question is completed (``tools/answering/completion.py``)."""
ConflictPolicyName = Literal["show", "majority", "resolve"]
"""What the answer does with disputed answers (``tools/answering/conflicts.py``)."""
AttributorName = Literal["counterfactual", "naive"]
"""How ``explain`` attributes answers to contexts (``tools/attribution/attributors.py``)."""
ClusteringName = Literal["auto", "duplicates", "dbscan", "none"]
"""Which evidence ``explain`` removes together."""
StructuredOutputName = Literal[
    "auto", "json_schema", "json_object_schema", "function_calling", "json_mode"
]
"""How structured replies are asked of a chat model (``tools/models/methods.py``)."""
EmbedderName = Literal["e5", "minilm"]
"""The embedders shipped (``tools/retrieval/embeddings.py``)."""


@dataclass(kw_only=True)
class RunContext:
    """Which component fills each slot of a run; names keep it JSON-friendly.

    Every model slot takes a registry name (``"local"``, ``"openai:gpt-4o-mini"``) or a
    ``BaseChatModel`` instance. ``None`` for a role means "use ``model``". The other slots
    take the names their ``Literal`` lists, a name registered since (``Registry.register``),
    or, from Python, the component itself.
    """

    model: str | BaseChatModel = "local"
    relation_model: str | BaseChatModel | None = None
    answer_model: str | BaseChatModel | None = None
    retriever: str | Path | Any = None
    """Where ``retrieve`` searches when no contexts are given: an index folder (or
    ``index:FOLDER``), ``weaviate:COLLECTION`` (at ``WEAVIATE_URL``), a
    ``HybridIndex``/``WeaviateIndex``, or a LangChain or LlamaIndex retriever."""
    top_k: int = 8
    """How many contexts ``retrieve`` hands to the relation graph."""
    reranker: str | Any = None
    """Reorders the first ``rerank_pool`` hits before ``top_k`` are kept: ``llm`` (one call
    per hit with the relation model, counted in usage), ``cross-encoder:FOLDER``, or a
    ``Reranker``. None: the retriever's order."""
    rerank_pool: int = 10
    """How many hits the reranker sees."""
    search_translated: bool = True
    """When every hit is written in one language and the question is asked in another,
    ``retrieve`` puts the question in the hits' language (one call with the relation model)
    and searches again with it, fusing both rankings; the contexts are then read with the
    translation. Off: one search, with the question as asked (the relation step still
    translates it for reading)."""
    completion: CompletionName | str = "llm"
    """How a follow-up becomes a standalone question: ``llm``, ``concat`` (no model) or ``none``.
    Without history nothing runs."""
    classifier: ClassifierName | str = "signals"
    """Relation classifier: ``signals`` (most accurate with small models, measured in
    benchmarks/README.md), ``batched``, ``pairwise`` or ``extract``."""
    strategy: StrategyName | str = "corg"
    """Organizer: ``corg``, the baselines ``base`` and ``separate``, the peer ``madam``, or
    CORG's ablations ``random``, ``kmeans``, ``retrieve`` and ``summarize``."""
    answer_from: Literal["readings", "model"] = "readings"
    """How ``corg`` answers a group: ``readings`` takes the answers the relation step already
    read in each context (no model call) wherever every context of the group has one, and
    asks the model only for the rest; ``model`` asks the model about every group (one call
    each, with the question in plural for several contexts). Classifiers that read no
    context (``batched``, ``pairwise``) always leave it to the model."""
    debate_rounds: int = 3
    """Most rounds of the ``madam`` strategy's debate (it stops early when no agent changes)."""
    max_contexts: int = 200
    """Most contexts a strategy that builds the relation graph accepts: the graph holds every
    pair (n(n-1)/2 relations in state, 19,900 for 200). More is an error that says what to do;
    ``base`` and ``separate`` take any number."""
    max_group_size: int = 4
    """Largest group one call answers; small models lose track of longer lists."""
    max_concurrency: int = 4
    """Model calls in flight at once inside one node."""
    thread_wait: float = 300.0
    """Seconds a turn on a thread waits for another turn on that thread to finish (turns on one
    thread run one at a time, across processes) before it is refused with an error."""
    model_timeout: float | None = 300.0
    """Seconds one model call may take before it is abandoned (and tried again, but for the
    embedded model: it would take as long); None: no limit. The embedded model stops its
    reply there too."""
    model_retries: int = 2
    """How many more times a call that failed on a transient error (a timeout, a dropped
    connection, a rate limit) is tried, with exponential backoff."""
    model_backoff: float = 1.0
    """Seconds before the first retry; each further retry waits about twice as long."""
    structured_output: StructuredOutputName | str = "auto"
    """How replies are held to their schema: ``json_schema`` (the server constrains them),
    ``json_object_schema`` (JSON mode with the schema, which llama.cpp's servers constrain
    them to), ``function_calling`` (a forced tool call), ``json_mode`` (JSON, the fields
    named in the prompt), or ``auto``: the embedded model constrains decoding itself, a
    model served over the OpenAI API is probed once per base URL and model (the choice is
    remembered), and other LangChain chat models use their own default."""
    context_budget: int | None = None
    """Tokens of context one answer call may read; longer groups go through notes.
    None: from the model's window (the embedded model's ``n_ctx``), else 6,000."""
    segment_tokens: int = 400
    """Size of the segments notes are written on; the 1.5B model kept more needles with 400
    than with 800 (benchmarks/README.md)."""
    max_segments: int = 256
    """Most segments one group's notes are written on (``segment_tokens`` each, about 100,000
    tokens by default); a longer group is cut there, with a warning."""
    segment_search: bool = False
    """Read a text longer than the model's window best segment first (ranked for the question
    by hybrid search over its passages, with ``embedder``), and stop once ``segment_patience``
    segments in a row add no answer. Off: every segment is read, in order (no needle lost,
    one call each)."""
    segment_patience: int = 2
    """With ``segment_search``: segments in a row that add no answer before reading stops."""
    reading_segment_tokens: int | None = 1024
    """Most tokens of one segment when a text longer than the model's window is read for its
    answers; texts that fit a call are read whole. On 10 questions over 8,000-token documents
    the 1.5B model found 0.85 of the gold answers in segments of 1,024 tokens against 0.62 in
    segments that fill its window, at 2.8x the calls and 1.2x the seconds
    (benchmarks/README.md). None: each segment fills a call."""
    notes_max_tokens: int = 1200
    """Largest batch of notes merged in one call."""
    conflict_policy: ConflictPolicyName | str | Any = "show"
    """``show`` lists every answer; ``majority`` also flags minority answers as disputed
    (``tools/answering/conflicts.py``), or a function of the answers."""
    explain: bool = False
    """Attribute every answer to the contexts that caused it (the ``explain`` node)."""
    attributor: AttributorName | str = "counterfactual"
    """How ``explain`` attributes: ``counterfactual`` (regenerate without each cluster of
    evidence) or ``naive`` (answer–evidence cosine, no model call)."""
    explain_clusters: ClusteringName = "auto"
    """Redundant evidence removed together: ``duplicates`` (the relation graph's),
    ``dbscan`` (over embeddings), ``none``; ``auto`` takes duplicates when relations ran."""
    explain_samples: int = 1
    """Regenerations per removed cluster; samples after the first are drawn at
    ``explain_sampling_temperature`` (with greedy decoding the first is all there is)."""
    explain_sampling_temperature: float = 0.7
    """Sampling temperature of ``explain``'s regenerations after the first."""
    explain_temperature: float = 0.05
    """Softmax temperature over contributions: small values make the winner stand out."""
    dbscan_eps: float = 0.01
    """Largest cosine distance between two members of one DBSCAN cluster."""
    dbscan_min_samples: int = 2
    embedder: EmbedderName | str | Any = "e5"
    """Embedder ``explain`` compares answers and clusters evidence with, and ``segment_search``
    ranks segments with: ``e5``, ``minilm``
    or an embedder instance (LangChain ``Embeddings`` work too)."""

    def model_for(self, role: str) -> str | BaseChatModel:
        """The model for a role (``relation``, ``answer``), falling back to ``model``."""
        chosen = {"relation": self.relation_model, "answer": self.answer_model}.get(role)
        return self.model if chosen is None else chosen
