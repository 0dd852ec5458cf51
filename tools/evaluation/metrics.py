"""Answer metrics for questions with several gold answers.

- **answer recall** (AmbigDocs): per gold answer, the share of its words found in the output's
  answers; averaged over gold answers.
- **entity recall** (AmbigDocs): the same for each gold answer's entity, in the output's answers
  and what they are about.
- **entity-answer recall** (AmbigDocs): per gold (entity, answer) pair, the best single output
  answer's min(entity recall, answer recall): both must be said together.
- **Acc@K** (Adaptive QA): 1 if at least K gold answers are found (K capped at the number of
  gold answers, so a one-answer question counts at every K).
- **citation accuracy** (Adaptive QA): of the gold answers found, the share whose output answer
  cites a context labelled with that answer and none labelled with another. Only for data whose
  contexts are labelled; otherwise None.
- **citation audit**: of every (shown answer, context it cites) pair, the share whose context is
  labelled with that answer. Counts every shown answer, wrong ones included. Labelled data only.
- **strict EM** (RAMDocs): every gold answer found and no wrong answer given.
- **RAMDocs EM** (the MADAM-RAG paper's exact match): the reply's SQuAD-normalized text contains
  every gold answer and no wrong answer, each SQuAD-normalized, as a substring. Stricter than
  strict EM (no half matches); it needs only the reply's text, so free-text replies get it too.
- **answer precision**: of the answers shown, the share that match a gold answer (None when
  nothing is shown).

A gold answer is *found* when an output answer states all its words, or states part of it that
holds at least half its words ("3,559" for "3,559 people").
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from contextorg.state.records import AnswerItem
from contextorg.tools.text.normalize import mentions, normalize

ACC_AT = (1, 2, 3)


@dataclass(frozen=True)
class Gold:
    """One gold answer, and the entity it is for when the question is ambiguous."""

    answer: str
    entity: str | None = None


def word_recall(gold: str, said: str) -> float:
    """The share of ``gold``'s normalized words that ``said`` contains (1.0 for empty gold)."""
    words = set(normalize(gold).split())
    return len(words & set(normalize(said).split())) / len(words) if words else 1.0


def finds(said: str, gold: str) -> bool:
    """Whether an output answer states the gold answer (all of it, or half of it at least)."""
    return mentions(said, gold) or (mentions(gold, said) and word_recall(gold, said) >= 0.5)


def squad_normalize(text: str) -> str:
    """SQuAD's answer normalization: lower case, no punctuation, no articles, single spaces."""
    text = "".join(ch for ch in text.lower() if ch not in _PUNCTUATION)
    return " ".join(_ARTICLES.sub(" ", text).split())


_PUNCTUATION = frozenset(string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the)\b")


def ramdocs_em(text: str, golds: Sequence[str], wrong: Sequence[str] = ()) -> float:
    """1.0 when the reply contains every gold answer and no wrong one (SQuAD-normalized)."""
    reply = squad_normalize(text)
    has = [squad_normalize(g) for g in golds]
    bad = [w for w in (squad_normalize(w) for w in wrong) if w]
    return float(all(g in reply for g in has) and not any(w in reply for w in bad))


def answer_precision(golds: Sequence[Gold], predicted: Sequence[AnswerItem]) -> float | None:
    """The share of the shown answers that match a gold answer."""
    if not predicted:
        return None
    matching = sum(any(finds(p.answer, g.answer) for g in golds) for p in predicted)
    return matching / len(predicted)


def reply_text(predicted: Sequence[AnswerItem]) -> str:
    """The shown answers as one reply, for RAMDocs EM: each answer and what it is about."""
    return "; ".join(f"{p.answer} ({p.about})" if p.about else p.answer for p in predicted)


def score(
    golds: Sequence[Gold],
    predicted: Sequence[AnswerItem],
    *,
    wrong: Sequence[str] = (),
    labels: Mapping[str, str] | None = None,
    text: str | None = None,
) -> dict[str, float | None]:
    """Every metric for one question. ``labels``: context id -> the answer it states ("": none).

    ``text``: the reply as it reads, for RAMDocs EM (default: :func:`reply_text`).
    """
    said = [f"{p.about or ''} {p.answer}" for p in predicted]
    everything = " ".join(said)
    matched = {
        n: next((p for p in predicted if finds(p.answer, g.answer)), None)
        for n, g in enumerate(golds)
    }
    found = sum(p is not None for p in matched.values())
    with_entity = [g for g in golds if g.entity]
    out: dict[str, float | None] = {
        "answer_recall": mean_or_none(
            max((word_recall(g.answer, p.answer) for p in predicted), default=0.0) for g in golds
        ),
        "entity_recall": mean_or_none(word_recall(g.entity or "", everything) for g in with_entity),
        "entity_answer_recall": mean_or_none(
            max(
                (
                    min(word_recall(g.entity or "", s), word_recall(g.answer, p.answer))
                    for p, s in zip(predicted, said, strict=True)
                ),
                default=0.0,
            )
            for g in with_entity
        ),
        "strict_em": float(
            found == len(golds) and not any(finds(p.answer, w) for p in predicted for w in wrong)
        ),
        "ramdocs_em": ramdocs_em(
            reply_text(predicted) if text is None else text, [g.answer for g in golds], wrong
        ),
        "answer_precision": answer_precision(golds, predicted),
        "citation_accuracy": None,
        "citation_audit": audit(predicted, labels) if labels else None,
    }
    for k in ACC_AT:
        out[f"acc@{k}"] = float(found >= min(k, len(golds)))
    if labels and found:
        right = 0
        for n, item in matched.items():
            if item is None:
                continue
            stated = [labels.get(c, "") for c in item.citations]
            supports = any(s and finds(s, golds[n].answer) for s in stated)
            contradicts = any(s and not finds(s, golds[n].answer) for s in stated)
            right += supports and not contradicts
        out["citation_accuracy"] = right / found
    return out


def audit(predicted: Sequence[AnswerItem], labels: Mapping[str, str]) -> float | None:
    """The share of (shown answer, cited context) pairs whose context is labelled with it."""
    pairs = [(p.answer, labels.get(c, "")) for p in predicted for c in p.citations]
    right = sum(bool(label) and (finds(label, a) or finds(a, label)) for a, label in pairs)
    return right / len(pairs) if pairs else None


def mean_or_none(values: Iterable[float]) -> float | None:
    """The mean, or None when there is nothing to average."""
    numbers = list(values)
    return sum(numbers) / len(numbers) if numbers else None
