"""A question asked in another language than its contexts is read in theirs (one call)."""

from __future__ import annotations

from pathlib import Path

import pytest

from contextorg import Context, ask
from contextorg.testing import Fault, Faults, World
from contextorg.testing.faults import FaultKind
from contextorg.tools.models.structured import ScriptedChatModel
from contextorg.tools.relations.graph import Triple
from contextorg.tools.text.language import common_language, language, language_name

ENGLISH = [
    Context(id="atlas", text="The Corvale Bridge over the Min river opened to traffic in 1932."),
    Context(id="gazette", text="Residents celebrated as the Corvale Bridge opened in 1932."),
]
GERMAN = "Wann wurde die Corvale-Brücke für den Verkehr eröffnet?"
TRANSLATED = "When was the Corvale Bridge opened to traffic?"
READINGS = {"atlas": Triple(True, None, "1932"), "gazette": Triple(True, None, "1932")}


def world(contexts: list[Context] = ENGLISH) -> World:
    readings = {c.id: READINGS.get(c.id, Triple(True, None, "1932")) for c in contexts}
    return World(contexts, readings, translations={GERMAN: TRANSLATED})


def test_a_german_question_over_english_pages_is_read_in_english() -> None:
    scripted = world()
    result = ask(GERMAN, ENGLISH, model=scripted.model())
    assert scripted.calls.count("TranslatedQuestion") == 1
    readings = [
        p for c, p in zip(scripted.calls, scripted.prompts, strict=True) if c == "AnswerReading"
    ]
    assert len(readings) == 2 and all(f"Question: {TRANSLATED}" in p for p in readings)
    assert result.summary()["read_as"] == TRANSLATED
    assert result.summary()["question"] == GERMAN
    assert [a.answer for a in result.answer.answers] == ["1932"]


def test_a_question_in_the_pages_language_is_read_as_asked() -> None:
    scripted = world()
    result = ask("When was the Corvale Bridge opened?", ENGLISH, model=scripted.model())
    assert "TranslatedQuestion" not in scripted.calls
    assert result.summary()["read_as"] is None


def test_pages_in_several_languages_keep_the_question_as_asked() -> None:
    mixed = [
        *ENGLISH,
        Context(
            id="zeitung",
            text="Die Corvale-Brücke wurde 1932 feierlich eröffnet, nach sechs Jahren Bauzeit.",
        ),
    ]
    scripted = world(mixed)
    result = ask(GERMAN, mixed, model=scripted.model())
    assert "TranslatedQuestion" not in scripted.calls
    assert result.summary()["read_as"] is None


def test_a_yes_no_question_translated_into_another_kind_is_read_as_asked() -> None:
    # the 1.5B model's Hindi for "Is the library open on Sunday?": "On which wall ...?"
    asked, translated = "Ist die Corvale-Brücke geöffnet?", "When was the Corvale Bridge opened?"
    scripted = World(ENGLISH, READINGS, translations={asked: translated})
    result = ask(asked, ENGLISH, model=scripted.model())
    assert scripted.calls.count("TranslatedQuestion") == 1
    assert result.summary()["read_as"] is None
    assert all(translated not in p for p in scripted.prompts[1:])


def test_a_translation_into_a_yes_no_question_is_read() -> None:
    # Finnish asks by a suffix ("-ko"), which is not told: the translation is trusted
    asked = "Avattiinko Corvalen silta liikenteelle vuonna 1932?"
    translated = "Was the Corvale Bridge opened to traffic in 1932?"
    scripted = World(ENGLISH, READINGS, translations={asked: translated})
    result = ask(asked, ENGLISH, model=scripted.model())
    assert result.summary()["read_as"] == translated


@pytest.mark.parametrize("kind", ["raise", "garble", "empty"])
def test_a_failed_translation_reads_the_question_as_asked(kind: FaultKind) -> None:
    scripted = world()
    faults = Faults(scripted.respond, [Fault(kind, schema="TranslatedQuestion")])
    result = ask(GERMAN, ENGLISH, model=ScriptedChatModel(respond=faults), model_retries=0)
    assert faults.applied and {t for _, t in faults.applied} == {"TranslatedQuestion"}
    assert result.summary()["read_as"] is None
    assert len(result.readings) == 2  # the contexts were still read, with the German question


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Die Brücke über den Fluss wurde nach sechs Jahren Bauzeit eröffnet.", "de"),
        ("The bridge over the river opened after six years of work.", "en"),
        ("Le pont sur la rivière a été ouvert après six ans de travaux.", "fr"),
        (
            "科尔瓦莱桥横跨敏河，于1932年正式通车。这座桥经过六年的建设，当地居民举行了庆祝活动。",
            "zh",
        ),
        ("Мост через реку открылся после шести лет строительства.", "ru"),
        ("1,927,788 1,405,491 15.0 8.7 6.3 4.2 1.760 1979", None),  # a table of numbers
    ],
)
def test_the_language_of_a_text_or_none_when_unclear(text: str, code: str | None) -> None:
    assert language(text) == code


def test_language_names_and_the_common_language() -> None:
    assert (language_name("de"), language_name("zh"), language_name("xx")) == (
        "German",
        "Chinese",
        "xx",
    )
    assert common_language([c.text for c in ENGLISH]) == "en"
    assert (
        common_language([ENGLISH[0].text, "Die Brücke über den Fluss wurde 1932 eröffnet."]) is None
    )


def test_a_group_the_model_answers_is_asked_the_translated_question() -> None:
    # The first reading fails: that context is answered by the model in its group, asked the
    # question the contexts were read with.
    scripted = world()
    faults = Faults(scripted.respond, [Fault("raise", schema="AnswerReading", times=1)])
    result = ask(GERMAN, ENGLISH, model=ScriptedChatModel(respond=faults), model_retries=0)
    asked = [
        p for c, p in zip(scripted.calls, scripted.prompts, strict=True) if c == "GroupAnswers"
    ]
    assert asked and all(TRANSLATED in p and GERMAN not in p for p in asked)
    assert [a.answer for a in result.answer.answers] == ["1932"]
    assert set(result.summary()["group_questions"]) == {TRANSLATED}


class Shelf:
    """A retriever whose hits depend on the query's language; it records every query."""

    def __init__(self, by_query: dict[str, list[Context]]) -> None:
        self.by_query, self.queries = by_query, []  # type: list[str]

    def search(self, query: str, k: int = 10) -> list[Context]:
        self.queries.append(query)
        return self.by_query.get(query, [])[:k]


ARCHIVE = Context(
    id="archive", text="The Corvale Bridge opened to traffic in 1932, after six years."
)


def shelf() -> Shelf:
    # Searched in German, the English pages rank poorly: only one is found; in English, two.
    return Shelf({GERMAN: [ENGLISH[0]], TRANSLATED: [ARCHIVE, ENGLISH[1]]})


@pytest.mark.parametrize("strategy", ["corg", "base"])
def test_a_german_question_over_an_english_index_is_searched_again_in_english(
    strategy: str,
) -> None:
    scripted, searched = world([*ENGLISH, ARCHIVE]), shelf()
    result = ask(GERMAN, model=scripted.model(), retriever=searched, strategy=strategy, top_k=3)
    assert searched.queries == [GERMAN, TRANSLATED]
    # Both rankings fused: each first place ahead of each second place, every hit once.
    assert [c.id for c in result.contexts] == ["atlas", "archive", "gazette"]
    assert scripted.calls.count("TranslatedQuestion") == 1  # not again when reading
    assert result.usage["retrieve"].llm_calls == 1
    assert result.summary()["read_as"] == TRANSLATED
    assert [a.answer for a in result.answer.answers] == ["1932"]


def test_searching_translated_can_be_turned_off() -> None:
    scripted, searched = world([*ENGLISH, ARCHIVE]), shelf()
    result = ask(GERMAN, model=scripted.model(), retriever=searched, search_translated=False)
    assert searched.queries == [GERMAN]
    assert [c.id for c in result.contexts] == ["atlas"]
    assert result.usage["retrieve"].llm_calls == 0  # the relation step still translates
    assert result.summary()["read_as"] == TRANSLATED


@pytest.mark.parametrize("kind", ["raise", "garble", "empty"])
def test_a_failed_translation_searches_once_with_the_question_as_asked(kind: FaultKind) -> None:
    scripted, searched = world([*ENGLISH, ARCHIVE]), shelf()
    faults = Faults(scripted.respond, [Fault(kind, schema="TranslatedQuestion", times=99)])
    result = ask(
        GERMAN, model=ScriptedChatModel(respond=faults), retriever=searched, model_retries=0
    )
    assert faults.applied and searched.queries == [GERMAN]
    assert [c.id for c in result.contexts] == ["atlas"]
    assert result.summary()["read_as"] is None


def test_a_thread_does_not_keep_the_last_turns_translation(tmp_path: Path) -> None:
    scripted, searched = world([*ENGLISH, ARCHIVE]), shelf()
    searched.by_query["When did the Corvale Bridge open?"] = [ENGLISH[1]]
    store, options = str(tmp_path / "turns.sqlite"), {"completion": "none", "thread": "t"}
    first = ask(GERMAN, model=scripted.model(), retriever=searched, checkpoints=store, **options)
    assert first.summary()["read_as"] == TRANSLATED
    second = ask(
        "When did the Corvale Bridge open?",
        model=scripted.model(),
        retriever=searched,
        checkpoints=store,
        **options,
    )
    assert second.summary()["read_as"] is None
    assert searched.queries[-1] == "When did the Corvale Bridge open?"
    readings = [
        p for c, p in zip(scripted.calls, scripted.prompts, strict=True) if c == "AnswerReading"
    ]
    assert f"Question: {TRANSLATED}" not in readings[-1]
