"""A scripted model that answers every contextorg prompt from known readings.

Each context text maps to a ``Triple`` (does it answer, descriptor, answer). The replies are
a pure function of the prompt, so they do not depend on call order under parallel ``Send``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from contextorg.demo import demo_contexts
from contextorg.prompts._render import shown_text
from contextorg.state.records import Context
from contextorg.tools.models.calls import RETRY_NOTE
from contextorg.tools.models.structured import ScriptedChatModel
from contextorg.tools.relations.graph import Triple, relation_between
from contextorg.tools.text.normalize import mentions, polarity

BLOCK = re.compile(
    r"\[Context (\d+)\](?: Title: [^\n]*)?\nText: (.*?)(?=\n\n(?:\[Context |Notes: |Question: ))",
    re.S,
)

DOCUMENT = re.compile(r"Document: (.*?)\n\n(?:Other agents:|Question: )", re.S)
AGENT = re.compile(r"^Agent (\d+): (.*?)\. ", re.M)

DEMO_READINGS: dict[str, Triple] = {
    # The true readings of the bundled demo corpus (contextorg.demo).
    "velmora-guide": Triple(True, "Velmora", "1987"),
    "velmora-history": Triple(True, "Velmora", "1987"),
    "velmora-blog": Triple(True, "Velmora", "1991"),
    "port-aster": Triple(True, "Port Aster", "2004"),
    "lighthouse-list": Triple(True, None, "2004"),
    "festival": Triple(False),
}


def prompt_of(messages: Sequence[BaseMessage]) -> str:
    """The text of the last message that asks something: a retry note after it is not one."""
    for message in reversed(messages):
        if message.text != RETRY_NOTE:
            return message.text
    return ""


def numbered_texts(messages: Sequence[BaseMessage]) -> dict[int, str]:
    """The contexts shown in the last message that shows any (a retry note may follow it)."""
    for message in reversed(messages):
        shown = {int(n): text.strip() for n, text in BLOCK.findall(message.text)}
        if shown:
            return shown
    return {}


class World:
    """Readings by context text, and the replies they imply for each prompt."""

    def __init__(
        self,
        contexts: Sequence[Context],
        readings: Mapping[str, Triple],
        completions: Mapping[str, str] | None = None,
        unknown: Callable[[str], Triple] | None = None,
        translations: Mapping[str, str] | None = None,
    ) -> None:
        self.by_text = {c.text: readings[c.id] for c in contexts}
        # and as a prompt shows it: links written out, struck text left out
        self.by_text |= {shown_text(c.text): readings[c.id] for c in contexts}
        self.unknown = unknown
        """How to read a text the world does not know (None: that is an error)."""
        self.completions = dict(completions or {})
        """Follow-up -> its standalone form; others come back unchanged."""
        self.translations = dict(translations or {})
        """Question -> its translation into the contexts' language; others come back unchanged."""
        self.calls: list[str] = []
        self.prompts: list[str] = []

    def model(self) -> ScriptedChatModel:
        """A scripted model answering from these readings."""
        return ScriptedChatModel(respond=self.respond)

    def reading_of(self, text: str) -> Triple:
        """The reading of a shown text: a context's text, a quote from one, or one titled."""
        if text in self.by_text:
            return self.by_text[text]
        for whole, reading in self.by_text.items():
            if text in whole:
                return reading
        for whole, reading in self.by_text.items():
            if whole in text:  # shown with its title
                return reading
        if self.unknown is not None:
            return self.unknown(text)
        raise KeyError(f"no context of this world says {text!r}")

    def respond(self, messages: Sequence[BaseMessage], schema: dict[str, Any] | None) -> Any:
        """The reply to one prompt, chosen by the title of its output schema."""
        title = (schema or {}).get("title", "")
        self.calls.append(title)
        self.prompts.append(prompt_of(messages))
        if schema is None:
            return agent_reply(messages)
        if title == "CompletedQuestion":
            latest = prompt_of(messages).rsplit("Latest question: ", 1)[-1].strip()
            return {"question": self.completions.get(latest, latest)}
        if title == "TranslatedQuestion":
            asked = messages[-1].text.strip()
            return {"question": self.translations.get(asked, asked)}
        if title == "AgentAnswer":
            text = DOCUMENT.search(prompt_of(messages))
            reading = self.reading_of(text.group(1).strip()) if text else Triple(False)
            if not reading.answers:
                return {"answer": "unknown", "explanation": "The document does not say."}
            return {"answer": reading.answer, "explanation": "The document states it."}
        if title == "Aggregation":
            said = AGENT.findall(prompt_of(messages))
            agents: dict[str, list[int]] = {}
            for number, answer in said:
                if answer.strip().lower() != "unknown":
                    agents.setdefault(answer.strip(), []).append(int(number))
            return {
                "answers": [{"answer": a, "agents": n} for a, n in agents.items()],
                "explanation": "Every answer an agent read from its document.",
            }
        if title == "MergedReasoning":
            return {"reasoning": "The quoted sentences answer the question."}
        if title == "SegmentNote":
            # Quote, from each answering context, the sentence that states its answer.
            quotes = [
                {"context": n, "sentence": stating_sentence(text, reading.answer or "")}
                for n, text in numbered_texts(messages).items()
                if (reading := self.reading_of(text)).answers
            ]
            return {"keep": bool(quotes), "evidence": quotes[:4], "reasoning": ""}
        shown = {n: self.reading_of(t) for n, t in numbered_texts(messages).items()}
        if title == "BatchedRelations":
            pivot = shown[1]
            return {
                "relations": [
                    {"context": n, "relation": relation_between(pivot, r)}
                    for n, r in sorted(shown.items())
                    if n != 1
                ]
            }
        if title == "PairRelation":
            return {"relation": relation_between(shown[1], shown[2])}
        if title == "ContextReading":
            r = shown[1]
            return {
                "answers_question": r.answers,
                "answer": r.answer,
                "entity": "thing",
                "descriptor": r.descriptor,
            }
        if title == "Relevance":
            return {"relevant": shown[1].answers}
        if title == "AnswerReading":
            r = shown[1]
            return {"answers_question": r.answers, "answer": r.answer}
        if title == "StanceReading":
            side = polarity(shown[1].answer) if shown[1].answers else None
            return {"answer": {True: "yes", False: "no", None: "unknown"}[side]}
        if title == "PluralQuestion":
            question = prompt_of(messages)
            return {"question": f"{question.rstrip('?')} (all of them)?"}
        if title == "GroupAnswers":
            cited: dict[tuple[str | None, str | None], list[int]] = {}
            for n, r in sorted(shown.items()):
                if r.answers:
                    cited.setdefault((r.answer, r.descriptor), []).append(n)
            answers = [
                {"answer": answer, "about": about, "contexts": numbers[:8]}
                for (answer, about), numbers in cited.items()
            ]
            return {"answers": answers[:6]}  # as many as the schema allows
        raise AssertionError(f"unexpected prompt schema {title!r}")


DEMO_COMPLETIONS = {
    "And the one in Port Aster?": "When was the Lumen Tower in Port Aster completed?"
}
"""The demo's follow-up and the standalone question it means."""


def agent_reply(messages: Sequence[BaseMessage]) -> AIMessage:
    """A one-tool agent: ask the ``contextorg`` tool the question, then pass its answer on."""
    last = messages[-1]
    if isinstance(last, ToolMessage):
        return AIMessage(content=f"The documents say:\n{last.text}")
    call = {"name": "contextorg", "args": {"question": last.text}, "id": f"call-{len(messages)}"}
    return AIMessage(content="", tool_calls=[call])


NUMBER = re.compile(r"\b\d[\d,.]*\d\b|\b\d\b")


def first_number(text: str) -> Triple:
    """A reading of any text: it answers with the first number it states, if any."""
    found = NUMBER.search(text)
    return Triple(True, None, found.group(0)) if found else Triple(False)


SCRIPTED_WORLDS = ("demo", "any")


def scripted_model(world: str) -> ScriptedChatModel:
    """The scripted model of a named world (``scripted:demo``): no weights, no network.

    ``demo`` answers every prompt on the bundled demo corpus (and acts as a one-tool agent);
    set ``CONTEXTORG_MODEL=scripted:demo`` to try the CLI, or run the notebooks, in seconds.
    Outside the demo corpus, and in the world ``any``, a text answers with the first number
    it states (:func:`first_number`): any contexts work.
    """
    if world not in SCRIPTED_WORLDS:
        raise ValueError(
            f"no scripted world {world!r}: choose one of {', '.join(SCRIPTED_WORLDS)} "
            "(for example scripted:demo)"
        )
    corpus = demo_contexts() if world == "demo" else []
    readings = DEMO_READINGS if world == "demo" else {}
    return World(corpus, readings, completions=DEMO_COMPLETIONS, unknown=first_number).model()


def stating_sentence(text: str, answer: str) -> str:
    """The first sentence of ``text`` that mentions ``answer`` (else the first sentence)."""
    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    return next((s for s in sentences if mentions(s, answer)), sentences[0])
