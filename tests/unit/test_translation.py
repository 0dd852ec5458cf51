"""A question asked in another language than its contexts is read in theirs (one call)."""

from __future__ import annotations

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
