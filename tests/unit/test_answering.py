"""Answers are shown as their contexts state them, and cite only contexts that do."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextorg.state import Context, ContextReading
from contextorg.tools.answering.citations import Proposed, answer_from_readings, cite, stated_part
from contextorg.tools.text.normalize import mentions

QUESTION = "What is the median income for a family in Screven?"
CENSUS = (
    "In 2000 the median income for a household in the city was $25,000, and the median "
    "income for a family was $31,250."
)


def test_a_sentence_answer_is_shown_as_the_part_that_answers() -> None:
    said = "The median income for a family in Screven is $31,250."
    assert stated_part(CENSUS, said, QUESTION) == "$31,250"
    assert stated_part(CENSUS, "$31,250", QUESTION) == "$31,250"  # stated whole: as it is
    assert stated_part(CENSUS, "The median income is high.", QUESTION) is None  # adds nothing


def test_a_stated_part_keeps_the_answers_numbers_and_ends_on_a_whole_phrase() -> None:
    debut = "He came on as a substitute against Tottenham Hotspur on 28 April 1990."
    assert stated_part(debut, "April 28, 1964", "When was he born?") is None  # not "April 28"
    assert stated_part(debut, "28 April 1990 (aged 21)", "When was he born?") == "28 April 1990"
    review = "done in by a witless script , hodgepodge structure and sledgehammer direction ."
    said = "witless script, hodgepodge structure, and sledgehammering"
    assert stated_part(review, said, "What is it known for?") == (
        "witless script , hodgepodge structure and sledgehammer direction"
    )  # the text's own phrase, not "... hodgepodge structure, and"


def test_cite_shows_what_the_contexts_state_and_cites_only_them() -> None:
    contexts = [Context(id="a", text=CENSUS), Context(id="b", text="Screven is in Georgia.")]
    said = "The median income for a family in Screven is $31,250."
    result = cite(0, [Proposed(said, contexts=(1, 2, 7))], contexts, QUESTION)
    assert [(a.answer, a.citations) for a in result.answers] == [("$31,250", ["a"])]
    assert result.dropped_citations == 2  # 7 does not exist; b does not say it


def test_an_answer_given_in_several_forms_cites_every_context_that_gives_it() -> None:
    question = "Which graphics card does the Compaq 6000 use?"
    texts = {
        "spec": "The Compaq 6000 ships with an HD7750.",
        "review": "Inside is an AMD Radeon HD 7750 with 1 GB.",
        "forum": "Mine came with the AMD Radeon HD 7750.",
        "ad": "Upgrade to the HD7750 today.",
    }
    contexts = [Context(id=i, text=t) for i, t in texts.items()]
    said = {"spec": "HD7750", "review": "AMD Radeon HD 7750", "forum": "AMD Radeon HD 7750"}
    said["ad"] = "HD7750"
    readings = {i: ContextReading(status="answers", answers=[a]) for i, a in said.items()}

    def shown(ids: list[str]) -> list[tuple[str, list[str]]]:
        group = [c for c in contexts if c.id in ids]
        result = answer_from_readings(0, group, readings, question)
        assert result.dropped_citations == 0
        return [(a.answer, sorted(a.citations)) for a in result.answers]

    assert shown(["spec", "review"]) == [("AMD Radeon HD 7750", ["review", "spec"])]  # fullest
    assert shown(["review", "spec"]) == [("AMD Radeon HD 7750", ["review", "spec"])]
    assert shown(["spec", "review", "forum"]) == [
        ("AMD Radeon HD 7750", ["forum", "review", "spec"])
    ]
    assert shown(["spec", "ad", "review"]) == [("HD7750", ["ad", "review", "spec"])]  # most


words = st.lists(st.sampled_from(["1987", "tower", "velmora", "the", "glass", "2004", "is"]))


@given(words, words)
def test_a_shown_answer_is_always_stated_by_what_it_cites(text: list[str], said: list[str]) -> None:
    contexts = [Context(id="a", text=" ".join(text) or "empty"), Context(id="b", text="Nothing.")]
    result = cite(0, [Proposed(" ".join(said), contexts=(1, 2))], contexts, "When?")
    for item in result.answers:
        assert item.citations and all(
            mentions({c.id: c.text for c in contexts}[c], item.answer) for c in item.citations
        )


def test_a_yes_or_a_no_is_stated_by_the_contexts_read_arguing_that_side() -> None:
    question = "Is the Elm Street depot open on Sundays?"
    contexts = [
        Context(id="hours", text="The depot is open Monday to Saturday. It is closed on Sundays."),
        Context(id="faq", text="Yes, the Elm Street depot now opens on Sundays too."),
        Context(id="map", text="The Elm Street depot is next to the station."),
    ]
    readings = {
        "hours": ContextReading(status="answers", answers=["no"], said="no"),
        "faq": ContextReading(status="answers", answers=["yes"], said="Yes"),
        "map": ContextReading(status="silent", said="unknown"),
    }
    result = answer_from_readings(0, contexts, readings, question)
    assert [(a.answer, a.citations) for a in result.answers] == [
        ("no", ["hours"]),
        ("yes", ["faq"]),
    ]
    # a model's "No" citing every context keeps only the one read arguing no
    proposed = [Proposed("No, it is not.", contexts=(1, 2, 3)), Proposed("Yes", contexts=(3,))]
    result = cite(0, proposed, contexts, question, readings)
    assert [(a.answer, a.citations) for a in result.answers] == [
        ("No, it is not.", ["hours"]),
        ("Yes", ["faq"]),  # cited instead of "map", which argues neither side
    ]
    assert result.dropped_citations == 3
    # without a stance reading, only a text that writes the word states it
    result = cite(0, proposed, contexts, question)
    assert [(a.answer, a.citations) for a in result.answers] == [("Yes", ["faq"])]
    assert result.uncited_answers == 1
    # a "yes" read as "no" for want of confidence is cited for neither
    unsure = {**readings, "faq": ContextReading(status="answers", answers=["no"], said="yes")}
    result = answer_from_readings(0, contexts, unsure, question)
    assert [(a.answer, a.citations) for a in result.answers] == [("no", ["hours"])]
    # a "Yes" read for a question not asked yes or no ("Was" is German "what") is no answer
    said_yes = {"hours": ContextReading(status="answers", answers=["Yes"], said="Yes")}
    result = answer_from_readings(0, contexts[:1], said_yes, "Was definiert das Depot?")
    assert result.answers == [] and result.uncited_answers == 1
    # nor a "No" that a text happens to write
    said_no = {"faq": ContextReading(status="answers", answers=["no"], said="No")}
    no_text = [Context(id="faq", text="Q: Are dogs allowed? A: No.")]
    assert answer_from_readings(0, no_text, said_no, "What does the depot allow?").answers == []
    assert answer_from_readings(0, no_text, said_no, "Are dogs allowed?").answers[0].answer == "no"


def test_a_no_is_never_shown_without_a_context_read_arguing_it() -> None:
    # The text writes "no" ("no approval is needed") but argues yes: it does not state "no",
    # and a "no" with nothing to cite is not shown, as "According to , the answer is no."
    question = "Can anyone edit the public wiki pages?"
    contexts = [Context(id="faq", text="Anyone may edit: no approval is needed.")]
    readings = {"faq": ContextReading(status="answers", answers=["yes"], said="yes")}
    result = cite(0, [Proposed("No", contexts=(1,))], contexts, question, readings)
    assert result.answers == []
    assert result.uncited_answers == 1
    assert result.unstated == ["No"]  # named, for the user to see what was not shown
