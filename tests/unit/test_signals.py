"""The ``signals`` classifier's decision rule, with readings scripted per context."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from langchain_core.messages import AIMessage, BaseMessage

from contextorg import Context, ScriptedChatModel, ask
from contextorg.state import RelationGraph
from contextorg.testing import World
from contextorg.tools.models.calls import Meter
from contextorg.tools.relations.graph import Triple
from contextorg.tools.relations.reading import (
    STANCE_MARGIN,
    denied_asked,
    read_stance,
    yes_lean,
)
from contextorg.tools.relations.signals import classify_signals


def signals(question: str, items: list[tuple[Context, Triple]]) -> RelationGraph:
    contexts = [c for c, _ in items]
    world = World(contexts, {c.id: r for c, r in items})
    return classify_signals(question, contexts, world.model(), Meter())


def labels(question: str, items: list[tuple[Context, Triple]]) -> dict[frozenset[str], str]:
    return {frozenset((r.a, r.b)): r.label for r in signals(question, items).relations}


def test_yes_no_answers_agree_or_contradict_whatever_the_texts_name() -> None:
    # Arguments for and against one claim cite different facts: never "different entities".
    question = "Did the Orvel Canal ever freeze over?"
    items = [
        (
            Context(id="y1", text="Skaters crossed the Orvel Canal in the Great Frost of 1895."),
            Triple(True, None, "Yes"),
        ),
        (
            Context(id="y2", text="Old Mayor Dunn wrote that ice closed the canal for a week."),
            Triple(True, None, "yes, once"),
        ),
        (
            Context(id="n1", text="Warm water from the Brasse Mill kept the Orvel Canal open."),
            Triple(True, None, "No"),
        ),
    ]
    got = labels(question, items)
    assert got[frozenset(("y1", "y2"))] == "duplicated"
    assert got[frozenset(("y1", "n1"))] == "counterfactual"
    assert got[frozenset(("y2", "n1"))] == "counterfactual"


def test_a_yes_no_question_is_read_for_the_side_each_text_argues() -> None:
    contexts = [Context(id="y", text="Skaters crossed the canal."), Context(id="n", text="Never.")]
    world = World(contexts, {"y": Triple(True, None, "Yes"), "n": Triple(True, None, "No")})
    graph = classify_signals("Did the canal freeze?", contexts, world.model(), Meter())
    assert world.calls == ["StanceReading", "StanceReading"]
    assert graph.relation("y", "n") == "counterfactual"
    classify_signals("When did the canal freeze?", contexts, world.model(), Meter())
    assert world.calls[2:] == ["AnswerReading", "AnswerReading"]


def test_title_disambiguators_name_the_entity_in_lowercase_texts() -> None:
    question = "Who captains the Marlow Hawks?"
    items = [
        (
            Context(
                id="rugby",
                title="Marlow Hawks (rugby union)",
                text="The Marlow Hawks rugby union side is captained by Tom Reyes.",
            ),
            Triple(True, "rugby union", "Tom Reyes"),
        ),
        (
            Context(
                id="cricket",
                title="Marlow Hawks (cricket)",
                text="Ada Lunn captains the Marlow Hawks cricket team.",
            ),
            Triple(True, "cricket", "Ada Lunn"),
        ),
        (
            Context(
                id="old",
                title="Club notes",
                text="The Marlow Hawks rugby union side is captained by Ben Mora, say these notes.",
            ),
            Triple(True, "rugby union", "Ben Mora"),
        ),
        (
            Context(
                id="vague",
                title="Weekend round-up",
                text="Ada Lunn captains the Marlow Hawks and scored twice.",
            ),
            Triple(True, None, "Ada Lunn"),
        ),
    ]
    got = labels(question, items)
    assert got[frozenset(("rugby", "cricket"))] == "distracting"
    assert got[frozenset(("rugby", "old"))] == "counterfactual"
    assert got[frozenset(("cricket", "vague"))] == "ambiguous"
    assert got[frozenset(("rugby", "vague"))] == "unrelated"


def test_a_hyphenated_answer_names_no_entity() -> None:
    # "Hindi-language" is the answer, not a name that tells one Tamsin Hour from another.
    question = "What language is the Tamsin Hour broadcast in?"
    items = [
        (
            Context(id="long", text="The Tamsin Hour is a Hindi-language show."),
            Triple(True, None, "Hindi-language"),
        ),
        (Context(id="short", text="The Tamsin Hour airs in Hindi."), Triple(True, None, "Hindi")),
    ]
    graph = signals(question, items)
    assert graph.relation("long", "short") == "duplicated"


@pytest.mark.parametrize(
    ("says", "answer", "answers"),
    [
        (False, "The abbreviation SFJ refers to StarFlyer.", True),  # "no", then the answer
        (True, "StarFlyer", True),
        (False, "The text does not say what SFJ refers to.", False),  # a refusal
        (True, "SFJ refers to Sun Fjord Air.", False),  # from memory: the text never says it
        (True, "The abbreviation SFJ", False),  # restates the question, adds nothing
    ],
)
def test_the_text_decides_whether_a_reading_answers(says: bool, answer: str, answers: bool) -> None:
    # The 1.5B model often says a text does not answer, then writes the answer it gives.
    text = "StarFlyer (SFJ) flies from Kitakyushu to Haneda."
    contexts = [Context(id="a", text=text), Context(id="b", text=f"Timetable: {text}")]
    model = ScriptedChatModel(
        respond=lambda messages, schema: {"answers_question": says, "answer": answer}
    )
    graph = classify_signals("What does the abbreviation SFJ refer to?", contexts, model, Meter())
    assert graph.relevance["a"] is answers
    assert graph.relation("a", "b") == ("duplicated" if answers else "irrelevant")


@pytest.mark.parametrize("answer", ["TBD", "N/A", "to be announced", "待定"])
def test_a_placeholder_where_a_value_will_go_is_no_answer(answer: str) -> None:
    text = f"Analytics exporter\nOwner: {answer}\nStatus: experimental"
    contexts = [Context(id="page", text=text), Context(id="copy", text=f"Copy: {text}")]
    model = ScriptedChatModel(
        respond=lambda messages, schema: {"answers_question": True, "answer": answer}
    )
    graph = classify_signals("Who owns the analytics exporter?", contexts, model, Meter())
    assert graph.relevance["page"] is False


@pytest.mark.parametrize(
    ("question", "answer", "answers"),
    [
        ("Which guest OS failed most in the test matrix, Windows or Linux?", "Windows", True),
        ("Which guest OS failed most in the test matrix? Windows or Linux?", "Linux", True),
        ("Welches Gast-OS scheiterte am häufigsten, Windows oder Linux?", "Windows", True),
        ("Which guest OS failed most in the test matrix?", "test matrix", False),  # restated
        ("Which guest OS failed most, Windows or Linux?", "macOS", False),  # not in the text
    ],
)
def test_an_answer_that_picks_an_alternative_the_question_offers_is_an_answer(
    question: str, answer: str, answers: bool
) -> None:
    text = "Test matrix, stable-9 rc2: Windows 10 guests failed 14 cases, Linux guests 3."
    contexts = [Context(id="a", text=text), Context(id="b", text=f"Results. {text}")]
    model = ScriptedChatModel(
        respond=lambda messages, schema: {"answers_question": True, "answer": answer}
    )
    graph = classify_signals(question, contexts, model, Meter())
    assert graph.relevance["a"] is answers
    assert graph.readings["a"].answers == ([answer] if answers else [])


@pytest.mark.parametrize(
    ("question", "text", "reply", "answer"),
    [
        # the question asked back around its answer: the 1.5B model's reply to a Korean page
        (
            "코르발레 다리는 언제 개통했습니까?",
            "1932년에 개통한 코르발레 다리는 도시의 상징이다.",
            "1932년에 개통했습니까?",
            "1932년",
        ),
        ("When did the Corvale Bridge open?", "It opened in 1932.", "Did it open in 1932?", "1932"),
        # a sentence of the text, copied whole: its one date answers "when"
        (
            "متى افتتح جسر كورفالي؟",
            "منذ افتتاحه عام 1932 أصبح جسر كورفالي رمزا للمدينة.",
            "منذ افتتاحه عام 1932 أصبح جسر كورفالي رمزا للمدينة.",
            "1932",
        ),
    ],
)
def test_a_reply_that_asks_back_or_copies_its_sentence_is_cut_to_its_answer(
    question: str, text: str, reply: str, answer: str
) -> None:
    contexts = [Context(id="a", text=text)]
    model = ScriptedChatModel(
        respond=lambda messages, schema: {"answers_question": True, "answer": reply}
    )
    graph = classify_signals(question, contexts, model, Meter())
    assert graph.readings["a"].answers == [answer]


def test_a_reading_cut_at_its_length_limit_runs_on_to_the_end_of_its_clause() -> None:
    sentence = (
        "You can override the STEPS variable by redefining it on the .config file at the root "
        "of your build script directory"
    )
    text = f"Build scripts. {sentence}. Other variables keep their defaults."
    reply = sentence[:100]  # what the grammar lets through: 100 characters, mid-word
    assert len(reply) == 100 and not sentence.startswith(reply + " ")
    contexts = [Context(id="a", text=text)]
    model = ScriptedChatModel(
        respond=lambda messages, schema: {"answers_question": True, "answer": reply}
    )
    graph = classify_signals("How to override the STEPS variable?", contexts, model, Meter())
    # the phrase that answers (past "by"), run on from where the limit cut it
    assert graph.readings["a"].answers == [sentence.split(" by ", 1)[1]]


def _stance_reply(answer: str, yes: float, no: float) -> AIMessage:
    """A stance reply as a model that reports logprobs gives it (OpenAI's shape)."""
    tokens = ["{", ' "', "answer", '":', ' "', answer, '"', "}"]
    alternatives = [{"token": "yes", "logprob": yes}, {"token": "no", "logprob": no}]
    content = [
        {"token": t, "logprob": 0.0, "top_logprobs": alternatives if t == answer else []}
        for t in tokens
    ]
    return AIMessage(
        content=json.dumps({"answer": answer}), response_metadata={"logprobs": {"content": content}}
    )


def test_a_yes_the_model_was_unsure_of_is_read_as_no(caplog: pytest.LogCaptureFixture) -> None:
    # The small model leans to "yes"; a narrow yes is the side it was pushed from.
    replies = {
        "sure": _stance_reply("yes", -0.1, -0.1 - STANCE_MARGIN - 2),
        "narrow": _stance_reply("yes", -0.5, -0.5 - STANCE_MARGIN / 2),
        "no": _stance_reply("no", -2.0, -0.2),
    }
    contexts = [Context(id=k, text=f"Text {k}.") for k in replies]
    seen: list[dict[str, object]] = []

    def respond(messages: Sequence[BaseMessage], schema: dict[str, object] | None) -> AIMessage:
        seen.append(dict(schema or {}))
        return next(r for k, r in replies.items() if f"Text {k}." in messages[-1].text)

    model = ScriptedChatModel(respond=respond)
    with caplog.at_level(logging.DEBUG, logger="contextorg"):
        read = {c.id: read_stance(c, "Did it freeze?", model, Meter()) for c in contexts}
    assert read == {"sure": "yes", "narrow": "no", "no": "no"}
    assert f"stance of narrow: yes by {STANCE_MARGIN / 2:.2f} nats" in caplog.text
    graph = classify_signals("Did it freeze?", contexts, model, Meter())
    assert graph.relation("narrow", "no") == "duplicated"
    assert graph.relation("sure", "narrow") == "counterfactual"


def test_without_logprobs_the_reply_decides() -> None:
    plain = AIMessage(content='{"answer": "yes"}')
    assert yes_lean(plain) is None
    assert yes_lean(None) is None
    model = ScriptedChatModel(respond=lambda m, s: plain)
    assert read_stance(Context(id="c", text="Text."), "Did it?", model, Meter()) == "yes"


def test_the_lean_is_read_where_the_answer_starts() -> None:
    assert yes_lean(_stance_reply("yes", -0.2, -1.7)) == pytest.approx(1.5)
    assert yes_lean(_stance_reply("no", -3.0, -0.1)) == pytest.approx(-2.9)
    # An unlisted side counts at the least likely listed alternative: a bound, not -inf.
    only_yes = _stance_reply("yes", -0.1, -0.1)
    only_yes.response_metadata["logprobs"]["content"][5]["top_logprobs"] = [
        {"token": "Yes", "logprob": -0.1},
        {"token": " unknown", "logprob": -4.0},
    ]
    assert yes_lean(only_yes) == pytest.approx(3.9)
    unknown = AIMessage(
        content='{"answer": "unknown"}',
        response_metadata={"logprobs": {"content": [{"token": "unknown", "logprob": -0.1}]}},
    )
    assert yes_lean(unknown) is None


@given(yes=st.floats(-20, 0), no=st.floats(-20, 0))
def test_only_a_narrow_yes_changes_side(yes: float, no: float) -> None:
    answer = "yes" if yes >= no else "no"
    model = ScriptedChatModel(respond=lambda m, s: _stance_reply(answer, yes, no))
    read = read_stance(Context(id="c", text="Text."), "Did it?", model, Meter())
    assert read == ("yes" if yes - no >= STANCE_MARGIN else "no")


@pytest.mark.parametrize("answer_from", ["readings", "model"])
def test_a_yes_no_question_shows_each_side_cited_by_the_texts_that_argue_it(
    answer_from: str,
) -> None:
    contexts = [
        Context(id="hours", text="The depot is open Monday to Saturday. It is closed on Sundays."),
        Context(id="notice", text="From May the Elm Street depot also opens on Sunday mornings."),
    ]
    world = World(
        contexts, {"hours": Triple(True, None, "No"), "notice": Triple(True, None, "Yes")}
    )
    result = ask(
        "Is the Elm Street depot open on Sundays?",
        contexts,
        model=world.model(),
        answer_from=answer_from,
    )
    shown = {a.answer.lower(): a.citations for a in result.answer.answers}
    assert shown == {"no": ["hours"], "yes": ["notice"]}  # neither text writes "yes" or "no"
    assert result.answer.uncited_answers == 0


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Ist das Depot sonntags geöffnet?", "Das Depot ist sonntags geschlossen."),
        ("Unterstützt der Drucker doppelseitigen Druck?", "Der Drucker druckt nur einseitig."),
        ("Est-ce que la piscine est ouverte le lundi ?", "La piscine est fermée le lundi."),
        ("¿El museo abre los domingos?", "El museo cierra los domingos."),
        ("这座图书馆周日开放吗？", "这座图书馆周一至周六开放，周日闭馆。"),
        ("Работает ли музей по понедельникам?", "Музей закрыт по понедельникам."),
        ("港大橋は日曜日に開いていますか？", "港大橋は日曜日には閉鎖されています。"),
        ("Is het museum op maandag open?", "Het museum is op maandag gesloten."),
    ],
)
def test_a_yes_no_question_in_another_language_is_read_for_its_side(
    question: str, text: str
) -> None:
    # Asked for an answer, the model says "Ja", "Oui" or "是的": words the text never writes.
    contexts = [Context(id="page", text=text)]
    world = World(contexts, {"page": Triple(True, None, "No")})
    result = ask(question, contexts, model=world.model())
    assert [(a.answer.lower(), a.citations) for a in result.answer.answers] == [("no", ["page"])]


def test_a_text_read_yes_too_unsure_to_tell_is_left_out_with_why() -> None:
    contexts = [Context(id="hours", text="The museum is closed on Mondays.")]
    model = ScriptedChatModel(respond=lambda m, s: _stance_reply("yes", -0.5, -1.0))
    result = ask("Is the museum open on Mondays?", contexts, model=model)
    assert result.answer.answers == []
    assert "takes no clear side" in result.summary()["dropped"]["hours"]


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Le musée Ardal accepte-t-il les chiens ?", "Le musée Ardal n'accepte pas les chiens."),
        ("Does the Kell museum accept dogs?", "The Kell museum does not accept dogs."),
        ("Принимает ли музей собак?", "Музей не принимает собак."),
        ("本馆周日开放吗？", "本馆周日不开放。"),
        ("ห้องสมุดเปิดวันอาทิตย์ไหม", "ห้องสมุดไม่เปิดวันอาทิตย์"),
    ],
)
def test_a_text_that_denies_what_a_yes_no_question_asks_states_no(question: str, text: str) -> None:
    # the model said "yes", too unsure of it to tell; the text writes the question's words
    # only to deny them, so it argues no
    model = ScriptedChatModel(respond=lambda m, s: _stance_reply("yes", -0.5, -1.0))
    result = ask(question, [Context(id="site", text=text)], model=model)
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("no", ["site"])]
    assert result.readings["site"].denied_words


@pytest.mark.parametrize(
    "text",
    [
        "The Kell museum does not accept cats, but dogs are welcome.",
        "The Kell museum is not open on Mondays, and it accepts dogs.",
        "The Kell museum accepts dogs on weekdays.",
    ],
)
def test_a_text_that_also_states_what_is_asked_stays_unsure(text: str) -> None:
    model = ScriptedChatModel(respond=lambda m, s: _stance_reply("yes", -0.5, -1.0))
    result = ask("Does the Kell museum accept dogs?", [Context(id="site", text=text)], model=model)
    assert result.answer.answers == []
    assert "takes no clear side" in result.summary()["dropped"]["site"]


def test_a_chinese_text_that_states_what_is_asked_denies_none_of_it() -> None:
    # "open as usual on Sundays": the 1.5B model reads it "yes", too unsure to tell
    assert denied_asked("本馆周日照常开放。", "本馆周日开放吗？") == []
    assert denied_asked("本馆周日不开放。", "本馆周日开放吗？") == ["本馆", "周日", "开放"]


def test_struck_through_text_is_not_shown_to_the_model() -> None:
    # A small model reads "Owner: ~~Ana Costa~~ Ben Adler" as naming Ana Costa: it is not shown.
    def respond(messages: Sequence[BaseMessage], schema: dict[str, object] | None) -> AIMessage:
        text = messages[-1].text.split("Text: ", 1)[1]
        named = next(n for n in ("Ana Costa", "Ken Ito", "Ben Adler") if n in text)
        return AIMessage(content=json.dumps({"answers_question": True, "answer": named}))

    texts = {
        "md": "# Ledger service\nOwner: ~~Ana Costa~~ Ben Adler",
        "html": "Owner: <del>Ken Ito</del> Ben Adler",
    }
    result = ask(
        "Who owns the ledger service?",
        [Context(id=k, text=t) for k, t in texts.items()],
        model=ScriptedChatModel(respond=respond),
    )
    assert [(a.answer, sorted(a.citations)) for a in result.answer.answers] == [
        ("Ben Adler", ["html", "md"])
    ]


def test_a_reply_that_names_one_command_is_cut_to_it() -> None:
    # "Use quill deploy instead" adds nothing to the command but "instead" and the question's
    # words; a reply that says more of its code stays whole
    replies = {
        "Which command should I use to deploy?": "Use quill deploy instead",
        "How do I retry more often?": "Set max_retries to 5",
    }

    def respond(messages: Sequence[BaseMessage], schema: dict[str, object] | None) -> AIMessage:
        reply = next(r for q, r in replies.items() if q in messages[-1].text)
        return AIMessage(content=json.dumps({"answers_question": True, "answer": reply}))

    texts = [
        Context(id="kb", text="Deprecated: `quill push`. Use `quill deploy` instead."),
        Context(id="tuning", text="Set `max_retries` to 5 on flaky networks. The default is 3."),
    ]
    model = ScriptedChatModel(respond=respond)
    shown = {
        question: [a.answer for a in ask(question, [text], model=model).answer.answers]
        for question, text in zip(replies, texts, strict=True)
    }
    assert shown == {
        "Which command should I use to deploy?": ["quill deploy"],
        "How do I retry more often?": ["Set max_retries to 5"],
    }


def test_a_command_made_of_the_questions_words_is_an_answer() -> None:
    # all "systemctl restart quill-worker" adds to "How do I restart the Quill worker?" is
    # "systemctl", but it is the text's code whole: it names the command, not the subject
    def respond(messages: Sequence[BaseMessage], schema: dict[str, object] | None) -> AIMessage:
        reply = "To restart the Quill worker, run `systemctl restart quill-worker`."
        return AIMessage(content=json.dumps({"answers_question": True, "answer": reply}))

    text = "To restart the Quill worker, run `systemctl restart quill-worker`."
    result = ask(
        "How do I restart the Quill worker?",
        [Context(id="runbook", text=text)],
        model=ScriptedChatModel(respond=respond),
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [
        ("systemctl restart quill-worker", ["runbook"])
    ]
    # a reply naming the subject alone is still none
    prose = "Restarting the Quill worker is done from its service page."
    result = ask(
        "How do I restart the Quill worker?",
        [Context(id="runbook", text=prose)],
        model=ScriptedChatModel(respond=lambda m, s: _reply("Quill worker")),
    )
    assert result.answer.answers == []


def _reply(answer: str) -> AIMessage:
    return AIMessage(content=json.dumps({"answers_question": True, "answer": answer}))


def test_a_day_stated_in_place_of_a_denied_one_is_shown_as_its_date() -> None:
    # the model replied with both dates; "instead of" denies 28 April, and the 4 the text
    # states in its place is shown with its month, as the text writes it
    result = ask(
        "When is the Tarlo launch?",
        [Context(id="memo", text="The Tarlo launch will be on 4 May instead of 28 April.")],
        model=ScriptedChatModel(respond=lambda m, s: _reply("4 May instead of 28 April")),
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("4 May", ["memo"])]


def test_a_date_read_in_the_models_order_is_shown_in_the_texts() -> None:
    result = ask(
        "When does the Lumen exhibition close?",
        [Context(id="museum", text="The Lumen exhibition runs from 3 March to 9 June 2026.")],
        model=ScriptedChatModel(respond=lambda m, s: _reply("June 9, 2026")),
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("9 June 2026", ["museum"])]


def test_a_copy_that_writes_the_answer_with_a_slash_for_per_is_cited() -> None:
    replies = {"a": "600 requests per minute", "b": "600 requests/minute"}
    texts = {
        "a": "The Quill API rate limit is 600 requests per minute.",
        "b": "Rate limit for the Quill API: 600 requests/minute.",
    }

    def respond(messages: Sequence[BaseMessage], schema: dict[str, object] | None) -> AIMessage:
        shown = messages[-1].text
        return _reply(next(replies[k] for k, t in texts.items() if t in shown))

    result = ask(
        "What is the Quill API rate limit?",
        [Context(id=k, text=t) for k, t in texts.items()],
        model=ScriptedChatModel(respond=respond),
    )
    [answer] = result.answer.answers
    assert sorted(answer.citations) == ["a", "b"]


def test_a_link_is_shown_with_its_address_and_a_reply_naming_it_is_cut_to_it() -> None:
    # Shown "[write to support](mailto:help@quill.example)", the small model replied
    # "support@quill.example", an address the text never gives; shown the link's text and
    # target, it replies "support (help@quill.example)", which is the address.
    def respond(messages: Sequence[BaseMessage], schema: dict[str, object] | None) -> AIMessage:
        shown = messages[-1].text
        reply = next(  # the model copies what it is shown around the address
            (
                r
                for r in ("support (help@quill.example)", "Ana Costa at ana@quill.example")
                if r in shown
            ),
            "support@quill.example",
        )
        return AIMessage(content=json.dumps({"answers_question": True, "answer": reply}))

    texts = {
        "readme": "## Support\nFor help, [write to support](mailto:help@quill.example) or open "
        "an issue.",
        "team": "For billing, write to Ana Costa at ana@quill.example.",
    }
    result = ask(
        "What is the support email for Quill?",
        [Context(id=k, text=t) for k, t in texts.items()],
        model=ScriptedChatModel(respond=respond),
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [
        ("help@quill.example", ["readme"]),
        ("Ana Costa at ana@quill.example", ["team"]),  # it names a person, not only the address
    ]


def test_a_team_wiki_page_gives_its_owner_and_nothing_else() -> None:
    # Units of one indexed page. A small model answers "Who owns ...?" from each: the intro
    # with a sentence about the service, the restart how-to with the namespace in its
    # command, the database row with the owner it does not hold (that row is not even read).
    page = {
        "intro": "The ledger service records every payment event in an append-only journal.",
        "owner": "Row 1 in Table 1: Field is Owner, and Value is Priya Nair",
        "database": "Row 2 in Table 1: Field is Database, and Value is PostgreSQL 16",
        "restart": "Run `kubectl rollout restart deploy/ledger -n payments` to restart it.",
    }
    replies = {
        "records every": page["intro"],
        "Owner": "Priya Nair",
        "Database": "Priya Nair",
        "kubectl": "Payments",
    }

    def respond(messages: Sequence[BaseMessage], schema: dict[str, object] | None) -> AIMessage:
        reply = next(r for key, r in replies.items() if key in messages[-1].text)
        return AIMessage(content=json.dumps({"answers_question": True, "answer": reply}))

    result = ask(
        "Who owns the ledger service?",
        [Context(id=k, text=t, title="Ledger service") for k, t in page.items()],
        model=ScriptedChatModel(respond=respond),
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("Priya Nair", ["owner"])]
    assert set(result.summary()["dropped"]) == {"intro", "database", "restart"}
    assert result.summary()["usage"]["llm_calls"] == 3


def test_a_table_row_about_another_service_is_not_read() -> None:
    rows = {
        "r1": "Row 1 in Table 1: Service is ledger, and Owner is Ben Adler",
        "r2": "Row 2 in Table 1: Service is refunds, and Owner is Omar Haddad",
    }
    read: list[str] = []

    def respond(messages: Sequence[BaseMessage], schema: dict[str, object] | None) -> AIMessage:
        text = messages[-1].text
        read.append(text)
        named = next(n for n in ("Ben Adler", "Omar Haddad") if n in text)
        return AIMessage(content=json.dumps({"answers_question": True, "answer": named}))

    result = ask(
        "Who owns the refunds service?",
        [Context(id=k, text=t) for k, t in rows.items()],
        model=ScriptedChatModel(respond=respond),
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("Omar Haddad", ["r2"])]
    assert result.summary()["dropped"] == {"r1": "does not answer the question"}
    assert len(read) == 1  # the ledger's row costs no call


MOONS = "Vexa has three moons, it was once believed; the 2021 survey found five."


def _rereading_model(
    first: str, again: str | None, asked: list[str] | None = None
) -> ScriptedChatModel:
    """Reads ``first``; asked again (leaving that aside), replies ``again`` or fails.

    Each question it is asked goes into ``asked``.
    """

    def respond(messages: Sequence[BaseMessage], schema: dict[str, object] | None) -> AIMessage:
        if asked is not None:
            asked.append(messages[-1].text)
        if '(Not "' not in messages[-1].text:
            answer = first
        elif again is None:
            raise ConnectionError("injected fault: the second reading")
        else:
            answer = again
        return AIMessage(content=json.dumps({"answers_question": True, "answer": answer}))

    return ScriptedChatModel(respond=respond)


def test_a_reading_of_what_the_text_denies_is_read_once_more() -> None:
    result = ask(
        "How many moons does Vexa have?",
        [Context(id="survey", text=MOONS)],
        model=_rereading_model("three moons", "five"),
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("five", ["survey"])]
    assert result.summary()["usage"]["llm_calls"] == 2


@pytest.mark.parametrize("again", [None, "three moons", "seven"])
def test_a_second_reading_that_fails_or_is_no_better_leaves_the_text_out(
    again: str | None,
) -> None:
    # a failed call, the same denied answer, or one the text does not write: nothing shown
    result = ask(
        "How many moons does Vexa have?",
        [Context(id="survey", text=MOONS)],
        model=_rereading_model("three moons", again),
    )
    assert result.answer.answers == []
    assert "only to deny or correct it" in result.summary()["dropped"]["survey"]


@pytest.mark.parametrize("again", [None, "1932"])
@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "Daraja la Corvale lilifunguliwa lini?",
            "Daraja la Corvale halikufunguliwa mwaka 1932 bali mwaka 1934.",
        ),
        ("科尔瓦莱桥什么时候通车？", "科尔瓦莱桥实际上于1934年通车，而不是1932年。"),
        (
            "When did the Corvale Bridge open?",
            "The Corvale Bridge opened in 1934, not in 1932 as guides claim.",
        ),
    ],
)
def test_a_correction_read_for_what_it_denies_gives_the_one_figure_it_states(
    again: str | None, question: str, text: str
) -> None:
    # read twice as the 1932 it denies (or the second call fails): the text states one
    # other year, 1934, and that is its answer
    model = _rereading_model("1932", again)
    result = ask(question, [Context(id="archive", text=text)], model=model)
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("1934", ["archive"])]


WIKI = (
    "The Quarry Marina's build yard is run by Dana Ruiz.\n\n"
    "The Harbor build pipeline is owned by Mei Tanaka."
)


def test_a_reading_from_a_paragraph_not_about_the_subject_is_read_once_more() -> None:
    asked: list[str] = []
    model = _rereading_model("Dana Ruiz", "Mei Tanaka", asked)
    result = ask("Who owns the Harbor build?", [Context(id="wiki", text=WIKI)], model=model)
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("Mei Tanaka", ["wiki"])]
    assert len(asked) == 2
    assert 'Not "Dana Ruiz": the text says that of something else' in asked[-1]


@pytest.mark.parametrize("again", [None, "Dana Ruiz", "Quarry Marina"])
def test_a_second_reading_that_fails_or_is_no_better_keeps_the_first(again: str | None) -> None:
    # a failed call, the same answer, or another from a paragraph not naming the Harbor build:
    # the first reading stands (a heading apart from its text is the same shape)
    result = ask(
        "Who owns the Harbor build?",
        [Context(id="wiki", text=WIKI)],
        model=_rereading_model("Dana Ruiz", again),
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("Dana Ruiz", ["wiki"])]


def test_a_text_of_one_paragraph_is_read_once() -> None:
    model = _rereading_model("Dana Ruiz", "Mei Tanaka")
    result = ask("Who owns the Harbor build?", [Context(id="wiki", text=WIKI.replace("\n\n", " "))],
                 model=model)  # fmt: skip
    assert result.summary()["usage"]["llm_calls"] == 1


def test_a_reply_of_clauses_is_cut_to_the_one_its_text_does_not_give_up() -> None:
    text = (
        "Its index is rebuilt nightly at 02:00 UTC; the rebuild used to run at 04:00 until January."
    )
    model = _rereading_model(
        "nightly at 02:00 UTC; the rebuild used to run at 04:00 until January.", None
    )
    result = ask(
        "When is the search index rebuilt?", [Context(id="search", text=text)], model=model
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [
        ("nightly at 02:00 UTC", ["search"])
    ]


@pytest.mark.parametrize(
    ("reply", "shown"),
    [
        # stopped at its length limit in a sentence that denies: its first sentence
        ("To restart the ledger, run `quill restart`. Do not restart both", ["run quill restart"]),
        # a refusal first: nothing
        ("The text does not answer the question. It says to run quill restart", []),
    ],
)
def test_a_reply_whose_later_sentences_deny_gives_its_first(reply: str, shown: list[str]) -> None:
    text = "To restart the ledger, run `quill restart`. Do not restart both regions at once."
    result = ask("How do I restart the ledger?", [Context(id="kb", text=text)],
                 model=_rereading_model(reply, None))  # fmt: skip
    assert [a.answer for a in result.answer.answers] == shown


ROTA = (
    "| Week | Primary | Secondary |\n|---|---|---|\n| 10 | Ana Ruiz | Ben Cole |\n"
    "| 11 | Ben Cole | Ana Ruiz |"
)


@pytest.mark.parametrize(
    ("question", "read", "shown"),
    [
        ("Who is the primary on-call in week 11?", "Ana Ruiz", "Ben Cole"),  # week 10's
        ("Who is the primary on-call in week 11?", "10", "Ben Cole"),  # the row's key
        ("Who is the secondary on-call in week 11?", "Ben Cole", "Ana Ruiz"),  # the other column
        ("Who is the primary on-call in week 11?", "Ben Cole", "Ben Cole"),
        ("Who is on call?", "Ana Ruiz", "Ana Ruiz"),  # no row named: as read
    ],
)
def test_a_table_read_in_another_row_or_column_gives_the_cell_asked(
    question: str, read: str, shown: str
) -> None:
    model = _rereading_model(read, None)
    result = ask(question, [Context(id="rota", text=ROTA)], model=model)
    assert [(a.answer, a.citations) for a in result.answer.answers] == [(shown, ["rota"])]


CHAIRS = (
    "Maya Lund chaired the Orrin board from 2014 to 2017; Raj Mehta chaired it from 2017 to 2021."
)


@pytest.mark.parametrize(("again", "shown"), [("Raj Mehta", ["Raj Mehta"]), (None, []),
                                              ("Maya Lund", []), ("Ines Wu", [])])  # fmt: skip
def test_a_reading_of_someone_the_text_places_in_other_years_is_read_once_more(
    again: str | None, shown: list[str]
) -> None:
    # Maya Lund's years leave 2019 out: asked again, told so, the reading stands only when it
    # names someone else whom the text does not place in other years (a failed call, the same
    # name, a name the text does not write: nothing shown)
    asked: list[str] = []
    model = _rereading_model("Maya Lund", again, asked)
    question = "Who chaired the Orrin board in 2019?"
    result = ask(question, [Context(id="board", text=CHAIRS)], model=model)
    assert [a.answer for a in result.answer.answers] == shown
    assert 'Not "Maya Lund": the text gives other years for that' in asked[-1]
    # a question of no year, or of one of hers, takes her at the first reading
    for question in ("Who chaired the Orrin board?", "Who chaired the Orrin board in 2015?"):
        asked.clear()
        result = ask(question, [Context(id="board", text=CHAIRS)], model=model)
        assert [a.answer for a in result.answer.answers] == ["Maya Lund"] and len(asked) == 1


@pytest.mark.parametrize(
    "text",
    [
        "Begun in 1926, the Corvale Bridge opened in 1934, not in 1932.",  # two other years
        "The Corvale Bridge did not open in 1932; it was delayed.",  # no other year
        "The Corvale Bridge opened in 1934, not in 1932, and was widened in 1958.",
    ],
)
def test_a_correction_without_one_other_stated_figure_gives_nothing(text: str) -> None:
    result = ask(
        "When did the Corvale Bridge open?",
        [Context(id="archive", text=text)],
        model=_rereading_model("1932", "1932"),
    )
    assert result.answer.answers == []
    assert "only to deny or correct it" in result.summary()["dropped"]["archive"]
