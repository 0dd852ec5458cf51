"""What a text states as its own: corrections and negations, every script, answers as phrases."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg import Context, ask
from contextorg.state import AnswerItem, Relation, RelationGraph
from contextorg.testing import World
from contextorg.tools.answering.citations import stated_part
from contextorg.tools.evaluation.metrics import audit
from contextorg.tools.organizers.corg import plan_corg
from contextorg.tools.relations.graph import Triple
from contextorg.tools.relations.reading import corrected_to
from contextorg.tools.text.claims import another_time, asks_what_held_before, denies, states
from contextorg.tools.text.normalize import grounded, mentions, says_phrase, words
from contextorg.tools.text.phrases import (
    another_row,
    answer_phrase,
    bare_date,
    bare_reply,
    complete_phrase,
    copied_date,
    dangles,
    date_phrase,
    dated,
    handle_spelling,
    headed,
    named_in_code_only,
    names,
    names_no_one,
    namesake,
    reads_as_sentence,
    restates,
    said_elsewhere,
    says_nothing_asked,
    speaks_of_another,
    speaks_of_nothing_asked,
    unasked_row,
    unoffered,
    untimely,
    written_date,
)
from contextorg.tools.text.tables import table_cell

UPDATED = "Update (2024): the owner is now Lena Park. Original text: the owner is Ken Ito."
OWNS = "Who owns the Harbor build?"
PORT = "Which port should I use?"
DB = "What database does the ledger use?"
PRICE = "What is the price of the Pro plan?"
REBUILT = "When is the search index rebuilt?"
CHAIRS = (
    "Maya Lund chaired the Orrin board from 2014 to 2017; Raj Mehta chaired it from 2017 to 2021."
)
ARCHIVE = (
    "The Corvale Bridge actually opened in 1934, not in 1932 as many guides claim; "
    "the 1932 date was only the planned opening."
)


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        (ARCHIVE, "1934", True),
        (ARCHIVE, "1932", False),
        ("It opened in 1934 instead of 1932.", "1932", False),
        ("It opened in 1934 instead of 1932.", "1934", True),
        ("It opened not in 1932 but in 1934.", "1932", False),
        ("It opened not in 1932 but in 1934.", "1934", True),
        ("Earlier reports said 1932; the opening was in 1934.", "1932", False),
        ("It was scheduled for 1932 and opened in 1934.", "1932", False),
        ("It was scheduled for 1932 and opened in 1934.", "1934", True),
        ("The 1932 date is wrong: it opened in 1934.", "1932", False),
        ("The bridge did not open until 1934.", "1934", True),
        ("It opened in 1932 as planned.", "1932", True),
        ("Not only 1932 saw an opening.", "1932", True),
        ("The bridge, formerly owned by Tom Reyes, now belongs to Ada Lunn.", "Tom Reyes", False),
        ("The bridge, formerly owned by Tom Reyes, now belongs to Ada Lunn.", "Ada Lunn", True),
        ("Die Brücke wurde 1934 eröffnet, nicht 1932.", "1932", False),
        ("Die Brücke wurde 1934 eröffnet, nicht 1932.", "1934", True),
        ("大桥于1934年通车，而不是1932年。", "1932年", False),
        ("大桥于1934年通车，而不是1932年。", "1934年", True),
        ("橋は1934年に開通した。1932年ではなく。", "1932年", False),
        ("Kevin Jones was a star in track and field.", "track and field", True),
        # a clause that points back to deny what the clause or sentence before it says
        ("Guides say it reopened in 2017; that was only the planned date.", "2017", False),
        ("It reopened in 2017. That was only the planned date.", "2017", False),
        ("Guides give 1932, but that is not true: it opened in 1934.", "1932", False),
        ("Guides give 1932, but that is not true: it opened in 1934.", "1934", True),
        ("It opened in 1932, which is wrong.", "1932", False),
        ("It opened in 1932. This is a common error in guides.", "1932", False),
        ("It opened in 1932, which was the planned date.", "1932", True),
        ("It opened in 1934; this was later than planned.", "1934", True),
        ("It opened in 1934, two years later than planned.", "1934", True),
        ("It opened in 1932; that was not wrong.", "1932", True),
        ("It opened in 1932. That it opened in 1930 is a myth.", "1932", True),
        ("It opened in 1932. That it opened in 1930 is a myth.", "1930", False),
        ("It opened in 1932. It was a mistake, critics said, to build it so low.", "1932", True),
        ("Set retries to 5, which is the error threshold.", "5", True),
        ("Version 2.3 fixed the login error.", "2.3", True),
        ("If the build does not finish in 10 minutes, cancel it.", "10 minutes", True),
        ("Restart it if it does not answer within 30 seconds.", "30 seconds", True),
        ("Use Python 3.11 to avoid the import error.", "Python 3.11", True),
        ("Version 2.3 removed a false positive in the scanner.", "2.3", True),
        ("The 1932 date is an error: it opened in 1934.", "1932", False),
        ("The date of 1932 was in error.", "1932", False),
        ("Run make clean. This is the fix for the build error.", "make clean", True),
        ("It opened in 1932. That is a common misconception in guides.", "1932", False),
        (
            "Members: not an IIHF member, v t e, teams of Russia in football and ice hockey",
            "ice hockey",
            True,
        ),
    ],
)
def test_a_text_states_what_it_gives_and_not_what_it_corrects(
    text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer) is stated
    assert mentions(text, answer)  # every case mentions the answer: only the denial differs
    assert denies(text, answer) is not stated


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        # a plan in force states its date; one that is past, or only a plan, denies it
        ("The release is scheduled for March 3.", "March 3", True),
        ("Maintenance is planned for Saturday 02:00 UTC.", "Saturday 02:00 UTC", True),
        ("The planned release date is March 3.", "March 3", True),
        ("The build is expected to take about 40 minutes.", "40 minutes", True),
        ("Die Eröffnung ist für März geplant.", "März", True),
        ("L'ouverture est prévue pour mars.", "mars", True),
        ("The bridge was originally scheduled to open in 1932.", "1932", False),
        ("The bridge had been planned for 1932.", "1932", False),
        ("The planned opening was 1932.", "1932", False),
        ("The opening, planned for 1932, was delayed until 1934.", "1932", False),
        ("Die Eröffnung war ursprünglich für 1932 geplant.", "1932", False),
        # ... in the words each language marks a plan's tense with
        ("该版本计划于5月5日发布。", "5月5日", True),
        ("该桥原计划于1932年通车，但推迟到1934年。", "1932", False),
        ("该桥原计划于1932年通车，但推迟到1934年。", "1934", True),
        ("原定于4月2日的发布推迟到5月5日。", "4月2日", False),
        ("原定于4月2日的发布推迟到5月5日。", "5月5日", True),
        ("リリースは5月5日に予定されています。", "5月5日", True),
        ("開通は1932年の予定だった。", "1932", False),
        ("Релиз запланирован на 5 мая.", "5 мая", True),
        ("Открытие было запланировано на 1932 год.", "1932", False),
        ("الإصدار مخطط له في 5 مايو.", "5 مايو", True),
        ("كان الافتتاح مخططا له في عام 1932.", "1932", False),
        ("השחרור מתוכנן ל-5 במאי.", "5 במאי", True),
        ("הפתיחה הייתה מתוכננת ל-1932.", "1932", False),
        # a postponement denies what it moves, not where it moves it to
        ("The 2.0 launch was postponed to May 5 because of a storage bug.", "May 5", True),
        ("The 2.0 launch was postponed from April 2 to May 5.", "April 2", False),
        ("The 2.0 launch was postponed from April 2 to May 5.", "May 5", True),
        ("The opening, planned for 1932, was delayed until 1934.", "1934", True),
        ("The game was rescheduled from 1 May to 8 May.", "1 May", False),
        ("It launched on May 5 after being delayed twice.", "May 5", True),
        ("On May 5 the launch was postponed.", "May 5", False),
        # a negation stops at the next verb of being: it denies its own predicate only
        ("Backups that are not encrypted are deleted after 30 days.", "30 days", True),
        ("Files not listed in the manifest are removed after 7 days.", "7 days", True),
        ("Nodes that do not respond have 30 seconds to reconnect.", "30 seconds", True),
        ("The bridge has not been opened in 1932.", "1932", False),
        ("Nor was it 1932.", "1932", False),
        # a change denies what it changes from, a replacement what is replaced
        ("The default port changed from 8080 to 9090 in release 4.2.", "8080", False),
        ("The default port changed from 8080 to 9090 in release 4.2.", "9090", True),
        ("Ownership moved from Ken Ito to Lena Park in March.", "Ken Ito", False),
        ("Ownership moved from Ken Ito to Lena Park in March.", "Lena Park", True),
        ("The ledger was migrated from MySQL to PostgreSQL.", "MySQL", False),
        ("Lena Park took over from Ken Ito as owner.", "Ken Ito", False),
        ("Lena Park took over from Ken Ito as owner.", "Lena Park", True),
        ("Ines Duarte takes over maintenance from Paul Weir.", "Paul Weir", False),
        ("Ines Duarte takes over maintenance from Paul Weir.", "Ines Duarte", True),
        ("Ines Duarte is taking over the SDK from Paul Weir.", "Paul Weir", False),
        ("The timeout was raised from 30 to 60 seconds.", "30", False),
        ("The timeout was raised from 30 to 60 seconds.", "60 seconds", True),
        ("Der Standardport wurde von 8080 auf 9090 geändert.", "8080", False),
        ("Der Standardport wurde von 8080 auf 9090 geändert.", "9090", True),
        ("Ken Ito was replaced by Lena Park as the owner.", "Ken Ito", False),
        ("Ken Ito was replaced by Lena Park as the owner.", "Lena Park", True),
        ("Lena Park replaced Ken Ito as the owner.", "Ken Ito", False),
        ("Lena Park replaced Ken Ito as the owner.", "Lena Park", True),
        ("We replaced MySQL with PostgreSQL.", "MySQL", False),
        ("We replaced MySQL with PostgreSQL.", "PostgreSQL", True),
        ("The v2 endpoint is superseded by v3.", "v3", True),
        ("The office is open from 9am to 5pm.", "9am to 5pm", True),  # a range, not a change
        ("Trains run from Boston to New York every hour.", "Boston", True),
        # what others say, set against the text's own account, is reported, not stated
        ("Some sources give 1932, but it opened in 1934.", "1932", False),
        ("Some sources give 1932, but it opened in 1934.", "1934", True),
        ("Many guides say 1932. In fact, it opened in 1934.", "1932", False),
        ("1932 is often cited, but the bridge actually opened in 1934.", "1932", False),
        ("Although often dated to 1932, the bridge opened in 1934.", "1932", False),
        ("It is commonly believed that it opened in 1932, but it opened in 1934.", "1932", False),
        ("The date 1932, given in some sources, is incorrect; it opened in 1934.", "1932", False),
        ("An earlier version of this article said the bridge opened in 1932.", "1932", False),
        (
            "While 1932 appears in several guidebooks, records show it opened in 1934.",
            "1932",
            False,
        ),
        ("While 1932 appears in several guidebooks, records show it opened in 1934.", "1934", True),
        (
            "It was thought to have opened in 1932, but records date the opening to 1934.",
            "1932",
            False,
        ),
        ("Opened in 1934. Often misdated to 1932.", "1932", False),
        (
            "The bridge didn't open until 1934, two years after the planned 1932 date.",
            "1932",
            False,
        ),
        ("The bridge didn't open until 1934, two years after the planned 1932 date.", "1934", True),
        ("Le pont a été ouvert en 1934, et non en 1932.", "1932", False),
        ("El puente se inauguró en 1934, no en 1932.", "1932", False),
        ("El puente se inauguró en 1934, no en 1932.", "1934", True),
        ("While the bridge was closed, ferries ran every 30 minutes.", "30 minutes", True),
        ("It is usually dated to 1871, though it was actually founded in 1881.", "1871", False),
        ("Despite claims that it was founded in 1871, it dates from 1881.", "1871", False),
        ("Despite claims that it was founded in 1871, it dates from 1881.", "1881", True),
        ("Some say it was founded in 1871; records say 1881.", "1871", False),
        ("It is a myth that the museum was founded in 1871.", "1871", False),
        ("The often-repeated date of 1871 has no basis; the charter is from 1881.", "1871", False),
        ("The launch succeeded in 2019 after two failures.", "2019", True),
        ("The default port, 8080 in earlier releases, is now 9090.", "8080", False),
        ("The default port, 8080 in earlier releases, is now 9090.", "9090", True),
        ("Since version 4 the default port is 9090; older versions used 8080.", "8080", False),
        ("Since version 4 the default port is 9090; older versions used 8080.", "9090", True),
        ("The older bridge is now a museum that opened in 1932.", "1932", True),
        ("The default port used to be 8080; it is now 9090.", "8080", False),
        ("The default port used to be 8080; it is now 9090.", "9090", True),
        ("The script is used to build images in 40 minutes.", "40 minutes", True),
        ("Key sequences used to select the recipient of input.", "recipient of input", True),
        # ... and what the new cues must leave stated
        ("Mia Chen succeeded in shipping 4.0 on May 5.", "May 5", True),
        ("Despite the rain, the bridge opened in 1932.", "1932", True),
        ("Some say the tower is 300 m tall.", "300 m", True),  # reported, never contradicted
        ("The team handed out 300 badges to visitors in 2019.", "2019", True),
        ("The museum, usually open until 6 pm, closes at 4 pm on Sundays.", "6 pm", True),
        ("Nao Tanaka won the race in 1932.", "1932", True),  # a name, not Portuguese "não"
        ("A ponte não foi inaugurada em 1932.", "1932", False),
        ("Nobody disputes that the bridge opened in 1932.", "1932", True),
        ("Not before 1934 did the bridge open.", "1934", True),
        # ... but how often something happens, or what it is called, is stated
        ("The API often returns 429, but retrying after 30 seconds works.", "429", True),
        ("It is often called the Iron Span, but its official name is Corvale.", "Iron Span", True),
        ("The bridge usually opens at 6 am, but on Sundays it opens at 8 am.", "6 am", True),
        ("Some sources give its height as 120 m, and it opened in 1932.", "1932", True),
    ],
)
def test_plans_changes_hearsay_and_negations_deny_only_what_they_reach(
    text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer) is stated
    assert denies(text, answer) is not stated


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        ("Current owner: Lena Park. Former owner: Ken Ito.", "Ken Ito", False),
        ("Current owner: Lena Park. Former owner: Ken Ito.", "Lena Park", True),
        ("Ken Ito, the former owner, left in 2024.", "Ken Ito", False),
        ("Ken Ito, former owner of the Falcon API, left in 2024.", "Ken Ito", False),
        ("Ken Ito (former owner) handed the Falcon API to Lena Park.", "Ken Ito", False),
        ("The former owner handed the Falcon API to Lena Park in March.", "Lena Park", True),
        ("Ken Ito is no longer the owner; Lena Park is.", "Ken Ito", False),
        ("Owner: Lena Park (since March; before that Ken Ito).", "Ken Ito", False),
        ("Owner: Lena Park (since March; before that Ken Ito).", "Lena Park", True),
        ("Lena Park owns the Falcon API; until March it was Ken Ito.", "Ken Ito", False),
        ("Lena Park owns the Falcon API; prior to that, Ken Ito did.", "Ken Ito", False),
        ("The API, owned by Ken Ito until 2024, is now owned by Lena Park.", "Ken Ito", False),
        ("The API, owned by Ken Ito until 2024, is now owned by Lena Park.", "Lena Park", True),
        (
            "Lena Park has owned the Falcon API since March; Ken Ito owned it before.",
            "Ken Ito",
            False,
        ),
        (
            "Lena Park has owned the Falcon API since March; Ken Ito owned it before.",
            "Lena Park",
            True,
        ),
        ("Ken Ito handed the Falcon API over to Lena Park in March.", "Ken Ito", False),
        ("Ken Ito handed the Falcon API over to Lena Park in March.", "Lena Park", True),
        ("Ken Ito stepped down as owner in March; Lena Park now owns it.", "Ken Ito", False),
        ("Ken Ito stepped down as owner in March; Lena Park now owns it.", "Lena Park", True),
        ("Owner: ~~Ken Ito~~ Lena Park", "Ken Ito", False),
        ("Owner: ~~Ken Ito~~ Lena Park", "Lena Park", True),
        ("Owner: Mia Chen. Previous owners: Raj Patel, Ann Lee.", "Ann Lee", False),
        ("Owner: Mia Chen. Previous owners: Raj Patel, Ann Lee.", "Mia Chen", True),
        ("Mia Chen took over the Falcon API from Raj Patel.", "Raj Patel", False),
        ("Mia Chen succeeded Raj Patel as owner of the Falcon API.", "Raj Patel", False),
        ("Mia Chen succeeded Raj Patel as owner of the Falcon API.", "Mia Chen", True),
        ("Raj Patel was succeeded by Mia Chen as owner.", "Raj Patel", False),
        ("Raj Patel was succeeded by Mia Chen as owner.", "Mia Chen", True),
        # a former holder of another role, a range, a state that ended: stated
        ("The former CEO Lena Park founded the Falcon API team.", "Lena Park", True),
        ("The Falcon API ran from 2019 until 2024 and is now retired.", "2019", True),
        ("Lena Park owned the Falcon API until 2024.", "Lena Park", True),
        ("Ken Ito stepped down as CEO; he still owns the Falcon API.", "Ken Ito", True),
        ("Ken Ito owned the Falcon API before.", "Ken Ito", True),  # nothing holds now
        ("The Falcon API is large. Ken Ito owned it before.", "Ken Ito", True),
        # a former holder in a sentence of its own, beside one that answers in the present
        ("Lena Park owns the Falcon API. Ken Ito owned it before.", "Ken Ito", False),
        ("Lena Park owns the Falcon API. Ken Ito owned it previously.", "Ken Ito", False),
        ("Lena Park owns the Falcon API. Ken Ito owned it previously.", "Lena Park", True),
        # "previously" opening its clause puts all of it in the past, as inside it does
        ("Previously it was owned by Ken Ito.", "Ken Ito", False),
        ("It was previously owned by Ken Ito.", "Ken Ito", False),
        ("Lena Park owns the Falcon API; previously it was owned by Ken Ito.", "Ken Ito", False),
        ("Lena Park owns the Falcon API; previously it was owned by Ken Ito.", "Lena Park", True),
        ("Раньше им владел Ken Ito, теперь Lena Park.", "Ken Ito", False),
        ("Use ~ or ~~ to expand paths; Ken Ito owns the Falcon API.", "Ken Ito", True),
        ("Until 2024, Ken Ito owned the Falcon API.", "Ken Ito", False),
        ("Until 2024, Ken Ito owned the Falcon API.", "2024", True),
        ("Owner: <del>Ken Ito</del> Lena Park", "Ken Ito", False),
        ("Owner: <s>Ken Ito</s> <b>Lena Park</b>", "Lena Park", True),
        ("Owner: <strong>Ken Ito</strong>", "Ken Ito", True),
    ],
)
def test_a_former_holder_of_what_is_asked_is_not_stated(
    text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer, "Who owns the Falcon API?") is stated


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        # past the verb of being after the role, or after what the role is of
        ("The former owner of the Falcon API is Ken Ito.", "Ken Ito", False),
        ("The former owner is Ken Ito.", "Ken Ito", False),
        ("The owner of the Falcon API is Lena Park.", "Lena Park", True),
        ("The former owner is retired and Lena Park owns it now.", "Lena Park", True),
        ("The former owner of the API left, and Lena Park owns it now.", "Lena Park", True),
        # a clause that says what the former holder is labels nothing after it
        ("The former owner is retired; the API is owned by Lena Park.", "Lena Park", True),
        ("The former owner is Ken Ito; the API is owned by Lena Park.", "Lena Park", True),
        ("The former owner is Ken Ito; the API is owned by Lena Park.", "Ken Ito", False),
        # a short clause of its own labels nothing ("Old price: $15" does)
        ("The old owner left; the API is owned by Lena Park.", "Lena Park", True),
        ("The old team left, and the API is owned by Lena Park.", "Lena Park", True),
        ("Old owner: Ken Ito; new owner: Lena Park.", "Ken Ito", False),
        # a proposed holder does not hold the role yet
        (
            "DRAFT (not approved): the proposed owner of the Falcon API is Jin Park.",
            "Jin Park",
            False,
        ),
        ("The proposed owner is Jin Park.", "Jin Park", False),
        ("Proposed owner: Jin Park", "Jin Park", False),
        ("Jin Park, the prospective owner, starts in May.", "Jin Park", False),
        ("Vorgeschlagener Eigentümer: Jin Park", "Jin Park", False),
        ("Owner: Maria Lopez (approved 2026-02). Proposed owner: Jin Park.", "Maria Lopez", True),
        # a proposal of something else, or one that was adopted
        ("Jin Park proposed the new queue layout and owns the Falcon API.", "Jin Park", True),
        ("The Falcon API is owned by Jin Park, as proposed in March.", "Jin Park", True),
    ],
)
def test_a_proposed_holder_is_not_stated_nor_one_named_after_the_role_and_a_verb_of_being(
    text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer, "Who owns the Falcon API?") is stated


def test_a_proposed_holder_answers_who_was_proposed() -> None:
    question = "Who is the proposed owner of the Falcon API?"
    assert states("The proposed owner is Jin Park.", "Jin Park", question)
    assert states("Proposed owner: Jin Park", "Jin Park", question)


@pytest.mark.parametrize(
    ("text", "answer", "question"),
    [
        (
            "El propietario propuesto es Jin Park.",
            "Jin Park",
            "¿Quién es el propietario de la API?",
        ),
        ("Le propriétaire proposé est Jin Park.", "Jin Park", "Qui est le propriétaire de l'API ?"),
        ("Предложенный владелец: Jin Park", "Jin Park", "Кто владелец API?"),
    ],
)
def test_a_proposed_holder_in_languages_that_put_the_word_after_or_before_the_role(
    text: str, answer: str, question: str
) -> None:
    assert not states(text, answer, question)


@pytest.mark.parametrize(
    ("text", "question", "now", "before"),
    [
        (
            "Das Treffen findet in der Harbor-Bibliothek statt. Update (3. Mai): Das Treffen "
            "ist in die Quay-Bibliothek umgezogen.",  # "3. Mai" ends no sentence
            "Wo findet das Treffen statt?",
            "Quay-Bibliothek",
            "Harbor-Bibliothek",
        ),
        (
            "La rencontre a lieu à la bibliothèque Harbor. Mise à jour (3 mai) : la rencontre "
            "a déménagé à la bibliothèque Quay.",
            "Où a lieu la rencontre ?",
            "bibliothèque Quay",
            "bibliothèque Harbor",
        ),
        (
            "El encuentro se celebra en la biblioteca Harbor. Actualización (3 de mayo): el "
            "encuentro se ha trasladado a la biblioteca Quay.",
            "¿Dónde se celebra el encuentro?",
            "biblioteca Quay",
            "biblioteca Harbor",
        ),
        (
            "L'incontro si tiene alla biblioteca Harbor. Aggiornamento (3 maggio): l'incontro "
            "si è spostato alla biblioteca Quay.",
            "Dove si tiene l'incontro?",
            "biblioteca Quay",
            "biblioteca Harbor",
        ),
        (
            "勉強会はハーバー図書館で開かれます。更新（5月3日）：勉強会はキー図書館に移りました。",
            "勉強会はどこで開かれますか？",
            "キー図書館",
            "ハーバー図書館",
        ),
        # replaced, the replacement named after the verb or before it, or with no word
        ("Port 8080 wurde in Version 4 durch Port 9090 ersetzt.", "Welchen Port?", "9090", "8080"),
        ("La porta 8080 è stata sostituita dalla porta 9090.", "Quale porta?", "9090", "8080"),
        ("A porta 8080 foi substituída pela porta 9090.", "Qual porta usa?", "9090", "8080"),
        ("Poort 8080 is in versie 4 vervangen door poort 9090.", "Welke poort?", "9090", "8080"),
        ("Порт 8080 был заменён портом 9090 в версии 4.", "Какой порт?", "9090", "8080"),
        ("Port 8080 został zastąpiony portem 9090.", "Jakiego portu używa?", "9090", "8080"),
        ("在第4版中，端口8080已被端口9090取代。", "使用哪个端口？", "9090", "8080"),
    ],
)
def test_an_update_or_a_replacement_in_other_languages_states_only_the_new_value(
    text: str, question: str, now: str, before: str
) -> None:
    assert states(text, now, question) and not states(text, before, question)


def test_a_day_written_as_an_ordinal_ends_no_sentence() -> None:
    assert states("Das Werk öffnete am 3. Mai 2024 in Bremen.", "3. Mai 2024")
    assert states("Das Werk hat 3. Es öffnete 2024.", "2024")


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("Responsable: Lena Park. Antiguo responsable: Ken Ito.", "¿Quién es el responsable?"),
        ("Responsável: Lena Park. Antigo responsável: Ken Ito.", "Quem é o responsável?"),
        ("Eigenaar: Lena Park. Vorige eigenaar: Ken Ito.", "Wie is de eigenaar?"),
        ("Właściciel: Lena Park. Poprzedni właściciel: Ken Ito.", "Kto jest właścicielem?"),
        ("Владелец: Lena Park. Бывший владелец: Ken Ito.", "Кто владелец сборки?"),
        ("负责人：Lena Park。前负责人：Ken Ito。", "谁负责Harbor构建？"),
        ("负责人：Lena Park（原负责人：Ken Ito）", "谁负责Harbor构建？"),
        # a label of a former holder, whatever the question calls the role; a label of the
        # present after it stops it
        ("Géré par Lena Park (ancien responsable : Ken Ito).", "Qui gère le build Harbor ?"),
        ("Maintainer: Lena Park. Former lead: Ken Ito.", "Who maintains the Harbor build?"),
        ("Former owner: Ken Ito; current owner: Lena Park.", "Who owns the Harbor build?"),
        (
            "Υπεύθυνη είναι πλέον η Lena Park. Παλαιότερα υπεύθυνος ήταν ο Ken Ito.",
            "Ποιος είναι υπεύθυνος για το build Harbor;",
        ),
        ("担当者：Lena Park（旧担当：Ken Ito）", "Harborのビルドの担当者は誰ですか？"),
        ("負責人：Lena Park【舊負責人：Ken Ito】", "誰負責Harbor構建？"),
        ("담당자: Lena Park. 이전 담당자: Ken Ito.", "Harbor 빌드 담당자는 누구입니까?"),
        ("Sorumlu: Lena Park. Önceki sorumlu: Ken Ito.", "Harbor derlemesinden kim sorumlu?"),
        ("Vlastník: Lena Park. Bývalý vlastník: Ken Ito.", "Kdo vlastní build Harbor?"),
        ("Omistaja: Lena Park. Entinen omistaja: Ken Ito.", "Kuka omistaa Harbor-buildin?"),
        ("स्वामी: Lena Park. पूर्व स्वामी: Ken Ito.", "Harbor बिल्ड का स्वामी कौन है?"),
        # the word after the role
        ("Chủ sở hữu: Lena Park. Chủ sở hữu trước: Ken Ito.", "Ai là chủ sở hữu?"),
        ("Pemilik: Lena Park. Pemilik sebelumnya: Ken Ito.", "Siapa pemilik build Harbor?"),
        # until a year, and what holds since
        (
            "Ken Ito betreute den Harbor-Build bis 2024; seitdem betreut ihn Lena Park.",
            "Wer betreut den Harbor-Build?",
        ),
        (
            "Ken Ito a géré le build Harbor jusqu'en 2024 ; depuis, c'est Lena Park.",
            "Qui gère le build Harbor ?",
        ),
        (
            "Ken Ito gestionó el build Harbor hasta 2024; desde entonces lo gestiona Lena Park.",
            "¿Quién gestiona el build Harbor?",
        ),
    ],
)
def test_a_former_holder_is_not_stated_in_other_languages(text: str, question: str) -> None:
    assert states(text, "Lena Park", question) and not states(text, "Ken Ito", question)


@pytest.mark.parametrize(
    "text",
    [
        "Previously it was owned by Ken Ito.",
        "Vroeger was Ken Ito eigenaar.",
        "Раньше владельцем был Ken Ito.",
        "此前由Ken Ito负责。",
        "以前はKen Itoが担当していた。",
        "Antes era de Ken Ito.",
    ],
)
def test_what_held_before_answers_a_question_about_the_past_in_any_language(text: str) -> None:
    assert not states(text, "Ken Ito", OWNS)
    assert states(text, "Ken Ito", OWNED_2020)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("Lena Park, ex-Google, owns the Harbor build.", "Who owns the Harbor build?"),
        ("Ken Ito est responsable depuis 2024.", "Qui est responsable ?"),
        (
            "La sala acoge hasta 2024 personas; Ken Ito es el responsable.",
            "¿Quién es el responsable?",
        ),
        ("Ken Ito, un antiguo ingeniero, es el responsable.", "¿Quién es el responsable?"),
    ],
)
def test_a_word_for_former_before_another_role_denies_no_holder(text: str, question: str) -> None:
    assert states(text, "Ken Ito" if "Ken Ito" in text else "Lena Park", question)


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        ("Ownership moved to Lena Park in March (from Ken Ito).", "Ken Ito", OWNS, False),
        ("Ownership moved to Lena Park in March (from Ken Ito).", "Lena Park", OWNS, True),
        ("Deprecated: port 9090. Use 8080 instead.", "9090", PORT, False),
        ("Deprecated: port 9090. Use 8080 instead.", "8080", PORT, True),
        ("We migrated the ledger off MySQL; it now runs on PostgreSQL.", "MySQL", DB, False),
        ("We migrated the ledger off MySQL 8 to PostgreSQL 15.", "MySQL 8", DB, False),
        ("We migrated the ledger off MySQL 8 to PostgreSQL 15.", "PostgreSQL 15", DB, True),
        ("We migrated the ledger off MySQL; it now runs on PostgreSQL.", "PostgreSQL", DB, True),
        ("Ken Ito owned it until he left in 2023. Lena Park owns it now.", "Ken Ito", OWNS, False),
        ("Ken Ito owned it until he left in 2023. Lena Park owns it now.", "Lena Park", OWNS, True),
        ("Harbor build owner: Lena Park. Former: Ken Ito.", "Ken Ito", OWNS, False),
        ("Owner (old): Ken Ito. Owner (new): Lena Park.", "Ken Ito", OWNS, False),
        ("Owner (old): Ken Ito. Owner (new): Lena Park.", "Lena Park", OWNS, True),
        # a page's original text, after a note that updates it, is what the note superseded
        (UPDATED, "Ken Ito", OWNS, False),
        (UPDATED, "Lena Park", OWNS, True),
        (
            "Aktualisierung (2024): Besitzerin ist jetzt Lena Park. "
            "Ursprünglicher Text: Besitzer ist Ken Ito.",
            "Ken Ito",
            "Wem gehört der Harbor-Build?",
            False,
        ),
        ("Original text: the owner is Ken Ito.", "Ken Ito", OWNS, True),
        ("Original release: 1999. Remastered: 2011.", "1999", "When was it released?", True),
        ("Previous: 1.2, current: 1.3", "1.2", "What is the version?", False),
        ("Previous: 1.2, current: 1.3", "1.3", "What is the version?", True),
        ("Le build appartient à Lena Park (auparavant Ken Ito).", "Ken Ito", OWNS, False),
        ("El build pertenece a Lena Park; antes era de Ken Ito.", "Ken Ito", OWNS, False),
        ("Harbor 构建的负责人是 Lena Park，之前是 Ken Ito。", "Ken Ito", OWNS, False),
        ("Harbor 构建的负责人是 Lena Park，之前是 Ken Ito。", "Lena Park", OWNS, True),
        (
            "Raj Patel led it from 2019 to 2023; Mia Chen has led it since.",
            "Raj Patel",
            OWNS,
            False,
        ),
        ("Raj Patel led it from 2019 to 2023; Mia Chen has led it since.", "Mia Chen", OWNS, True),
        ("The org chart still lists Raj Patel, but Mia Chen owns it.", "Raj Patel", OWNS, False),
        ("The org chart still lists Raj Patel, but Mia Chen owns it.", "Mia Chen", OWNS, True),
        ("Kael has been the owner since 1998, replacing Ostrin.", "Ostrin", OWNS, False),
        ("The plan costs $20 a month (up from $15).", "$15", PRICE, False),
        ("The plan costs $20 a month (up from $15).", "$20", PRICE, True),
        ("Pro: $20/month. Old price: $15/month.", "$15", PRICE, False),
        ("Pro was $15 until March, when it rose to $20.", "$15", PRICE, False),
        ("Pro was $15 until March, when it rose to $20.", "$20", PRICE, True),
        ("Ignore the $15 on the old pricing page: Pro costs $20.", "$15", PRICE, False),
        ("Der Owner ist seit 1998 Kael, vorher war es Ostrin.", "Ostrin", OWNS, False),
        ("オーナーは1998年からカエルで、以前はオストリンだった。", "オストリン", OWNS, False),
        # the question's "は" refuses the cue "かつては", not the "かつて" within it
        ("担当者は鈴木です。かつては佐藤が担当していた。", "佐藤", "担当者は誰ですか？", False),
        ("担当者は鈴木です。かつては佐藤が担当していた。", "鈴木", "担当者は誰ですか？", True),
        ("担当者は鈴木です。以前は佐藤が担当していた。", "佐藤", "担当者は誰ですか？", False),
        # what must stay stated
        ("Pick up the keys from the lobby.", "lobby", "Where are the keys?", True),
        ("Old Town: the historic centre.", "historic centre", "What is Old Town?", True),
        ("The API still returns 429 when rate-limited, but retries work.", "429", PORT, True),
        ("Ken Ito owned it until he left in 2023.", "Ken Ito", OWNS, True),
        ("Set `PORT=8080` in `.env`.", "8080", PORT, True),
        ("Status: retired. Owner: Ken Ito", "Ken Ito", OWNS, True),
        ("Press Ctrl (or Alt) and F5 to reload.", "F5", "Which key reloads?", True),
        ("The lights switched off at 10 pm.", "10 pm", "When do the lights close?", True),
        ("Hours changed: open from 9am to 5pm.", "9am", "When does it open?", True),
        ("Lena Park, not Ken Ito, owns the Harbor build.", "Lena Park", OWNS, True),
        ("Neither MySQL nor SQLite is supported; use PostgreSQL.", "PostgreSQL", DB, True),
        # a label of the past after what holds now, in a table cell, alone before a colon
        ("Owner: Lena Park (former owner: Ken Ito)", "Ken Ito", OWNS, False),
        ("Owner: Lena Park (former owner: Ken Ito)", "Lena Park", OWNS, True),
        ("Harbor build — owner: Lena Park (ex-owner: Ken Ito)", "Ken Ito", OWNS, False),
        ("Harbor build — owner: Lena Park (ex-owner: Ken Ito)", "Lena Park", OWNS, True),
        (
            "| Setting | Value |\n|---|---|\n| Port | 9090 |\n| Legacy port | 8080 |",
            "8080",
            PORT,
            False,
        ),
        (
            "| Setting | Value |\n|---|---|\n| Port | 9090 |\n| Legacy port | 8080 |",
            "9090",
            PORT,
            True,
        ),
        ("Port: 9090. Previously: 8080.", "8080", PORT, False),
        # ... "Ex:" opening an example, a list after a label first in its sentence, and a holder
        # named before the label
        ("Set the port in the config file. Ex: 9090", "9090", PORT, True),
        ("Previous owners: Ken Ito, Raj Patel. Owner: Lena Park", "Raj Patel", OWNS, False),
        ("Ken Ito, former owner, left in 2023; Lena Park owns it.", "Ken Ito", OWNS, False),
        ("Ken Ito, former owner, left in 2023; Lena Park owns it.", "Lena Park", OWNS, True),
    ],
)
def test_knowledge_base_pages_state_what_holds_now(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


CEO = "Who is the CEO of Corvane?"
CAPACITY = "What is the capacity of the Meridian Arena?"
TIMELINE = "CEOs: 2010-2015 Ken Ito; 2015-2021 Raj Patel; since 2021 Mia Chen."
CHAIN = "Corvane was led by Ken Ito, then Raj Patel, and now Mia Chen."
NAMED = "Corvane named Mia Chen CEO after Raj Patel stepped down."
EXPANDED = "The Meridian Arena seats 18,000 (expanded from 15,000 in 2019)."
ORIGINALLY = "Originally built for 15,000, the Meridian Arena now holds 18,000."
RESTORED = "Capacity was reduced to 12,000 in 2020 but restored to 18,000 in 2022."
AS_OF = "Capacity: 18,000 (as of 2020; 15,000 before)."
TIMEOUT = "Set the timeout to 60 s; the old 30 s value caused failures."


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        (TIMELINE, "Ken Ito", CEO, False),
        (TIMELINE, "Raj Patel", CEO, False),
        (TIMELINE, "Mia Chen", CEO, True),
        (CHAIN, "Raj Patel", CEO, False),
        (CHAIN, "Mia Chen", CEO, True),
        ("Mia Chen became CEO in 2021, succeeding Raj Patel.", "Raj Patel", CEO, False),
        ("Mia Chen became CEO in 2021, succeeding Raj Patel.", "Mia Chen", CEO, True),
        ("Raj Patel, CEO until 2021, now chairs the board.", "Raj Patel", CEO, False),
        ("Ken Ito (CEO 2010–2015) founded Corvane. Mia Chen is CEO now.", "Ken Ito", CEO, False),
        (NAMED, "Raj Patel", CEO, False),
        (NAMED, "Mia Chen", CEO, True),
        ("Mia Chen is CEO, after Raj Patel moved to the board.", "Raj Patel", CEO, False),
        ("Mia Chen is CEO since Raj Patel moved to Oslo.", "Raj Patel", CEO, False),
        ("Since Raj Patel moved to Oslo, Mia Chen is CEO.", "Raj Patel", CEO, False),
        ("Since Raj Patel moved to Oslo, Mia Chen is CEO.", "Mia Chen", CEO, True),
        ("Since Mia Chen moved to Oslo, she has been CEO.", "Mia Chen", CEO, True),
        ("Raj Patel moved to Oslo after Mia Chen left.", "Raj Patel", "Who moved?", True),
        (EXPANDED, "15,000", CAPACITY, False),
        (EXPANDED, "18,000", CAPACITY, True),
        (ORIGINALLY, "15,000", CAPACITY, False),
        (ORIGINALLY, "18,000", CAPACITY, True),
        ("The capacity, once 15,000, is 18,000 today.", "15,000", CAPACITY, False),
        (AS_OF, "15,000", CAPACITY, False),
        (AS_OF, "18,000", CAPACITY, True),
        (RESTORED, "12,000", CAPACITY, False),
        (RESTORED, "18,000", CAPACITY, True),
        ("Use SDK 3.2. SDK 2.x is end-of-life.", "2.x", "Which SDK?", False),
        ("Use SDK 3.2; SDK 2.9 is deprecated.", "2.9", "Which SDK?", False),
        (TIMEOUT, "30 s", "What is the timeout?", False),
        (TIMEOUT, "60 s", "What is the timeout?", True),
        ("The timeout was bumped from 30 s to 60 s.", "30 s", "What is the timeout?", False),
        ("Der CEO ist Mia Chen; ihr Vorgänger war Raj Patel.", "Raj Patel", CEO, False),
        ("Der CEO ist Mia Chen; ihr Vorgänger war Raj Patel.", "Mia Chen", CEO, True),
        ("La PDG est Mia Chen, qui a succédé à Raj Patel.", "Raj Patel", CEO, False),
        ("El director es Mia Chen, que sustituyó a Raj Patel.", "Raj Patel", CEO, False),
        ("O CEO é Mia Chen, que substituiu Raj Patel.", "Raj Patel", CEO, False),
        ("Corvane 的首席执行官是陈米娅，她接替了帕特尔。", "帕特尔", CEO, False),
        ("Corvane 的首席执行官是陈米娅，她接替了帕特尔。", "陈米娅", CEO, True),
        ("Corvane の CEO はミア・チェンで、前任はラジ・パテルだった。", "ラジ・パテル", CEO, False),
        # what must stay stated, and what a question about the past asks for
        ("Originally from Leeds, Ken Ito now lives in York.", "Leeds", "Where is he from?", True),
        (CHAIN, "Ken Ito", "Who was the first CEO of Corvane?", True),
        (ORIGINALLY, "15,000", "What was the original capacity of the arena?", True),
        (
            "It was initially called Viu; it is now called Biu.",
            "Viu",
            "What is its historical name?",
            True,
        ),
        ("Raj Patel led Corvane from 2015 to 2021.", "Raj Patel", CEO, True),
        ("Ken Ito (1950–2015) founded Corvane.", "Ken Ito", "Who founded Corvane?", True),
        ("After the merger, Mia Chen stepped in as CEO.", "Mia Chen", CEO, True),
        ("The price rose to $20 and the volume fell to 10.", "$20", "What is the price?", True),
        ("The old town hall opened in 1934.", "1934", "When did the town hall open?", True),
        ("OpenXT's predecessor git repository selinux-policy", "selinux-policy", "Where?", True),
        ("Sultan 22 June 1675 – 6 February 1695, succeeded by Mustafa II", "1675", "When?", True),
    ],
)
def test_timelines_successions_and_changed_values_state_what_holds_now(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


HQ = "Where is Brightwell's headquarters?"
DOSE = "What is the recommended dose of Zelmorin for adults?"
RECORD = "Who holds the 400 m record?"
NAME = "What is the company called?"
RUIZ = "Ana Ruiz set the record in 2011; it was broken by Kim Osei."
LABEL = "Adults take 20 mg; the 40 mg dose in the 2019 label was withdrawn."
GUIDANCE = "Earlier guidance said 40 mg for adults; current guidance says 20 mg."
PLANS = "It plans to move its headquarters to Manchester; it is in Leeds."
KNOWN = "Tessellate, known as Northwind Labs until 2022, makes maps."


CUP = "Who won the 2023 Kestrel Cup final?"
OVERTURNED = "Dunmore's win was overturned on appeal and the 2023 Kestrel Cup went to Harlow."
PRICE = "How much does the Pro plan cost?"
UPLOAD = "What is the maximum upload size?"
OLDER_DOCS = (
    "Uploads are capped at 2 GB. The 500 MB limit mentioned in older docs no longer applies."
)


MEETUP = "Where will the Lorne meetup be held?"
HELD = "The Lorne meetup will be held at the Grange Hall."
HALL = "the Grange Hall"


@pytest.mark.parametrize(
    ("note", "answer", "stated"),
    [
        ("Update (3 May): the meetup has moved to the Quay Library.", "the Grange Hall", False),
        ("Update (3 May): the meetup has moved to the Quay Library.", "the Quay Library", True),
        ("EDIT: the meetup is now at the Quay Library.", "the Grange Hall", False),
        ("Aktualisierung: das Meetup ist jetzt in der Quay Library.", "the Grange Hall", False),
        # a note on something else, or that changes nothing
        ("Update: registration moved to the website.", "the Grange Hall", True),
        ("Update: fixed a typo in the meetup's date.", "the Grange Hall", True),
        ("The meetup has moved to the Quay Library.", "the Grange Hall", True),  # no note
        # a note that denies a change
        ("Update: rumours that the meetup moved to the Quay Library are wrong.", HALL, True),
        ("Update: the meetup has not moved to the Quay Library.", HALL, True),
        # a note that sets the old value aside before its change still makes it
        (
            "Update: the meetup is no longer at the Grange Hall; it moved to the Quay Library.",
            HALL,
            False,
        ),
    ],
)
def test_an_update_note_that_changes_what_is_asked_supersedes_the_page(
    note: str, answer: str, stated: bool
) -> None:
    assert states(f"{HELD} {note}", answer, MEETUP) is stated
    assert states(f"{HELD} {note}", answer, "Where was the meetup first planned?")


@pytest.mark.parametrize(
    ("question", "page", "old", "stated"),
    [
        (
            "读书会在哪里举行？",
            "本月读书会将在城南图书馆举行。更新：读书会已改到河西书店举行。",
            "城南图书馆",
            False,
        ),
        (
            "读书会在哪里举行？",
            "本月读书会将在城南图书馆举行。更新：读书会现在在河西书店举行。",
            "城南图书馆",
            False,
        ),
        (
            "会合はどこで開かれますか？",
            "会合は市民ホールで開かれます。追記：会合の会場は中央図書館に変更されました。",
            "市民ホール",
            False,
        ),
        (
            "모임 장소는 어디인가요?",
            "모임 장소는 시민회관입니다. 업데이트: 모임 장소가 중앙도서관으로 변경되었습니다.",
            "시민회관",
            False,
        ),
        (
            "Где пройдёт встреча?",
            "Встреча пройдёт в ратуше. Обновление: встреча перенесена в библиотеку.",
            "ратуше",
            False,
        ),
        (
            "Onde será o encontro?",
            "O encontro será na Casa Grande. Atualização: o encontro mudou para a Biblioteca Quay.",
            "Casa Grande",
            False,
        ),
        (
            "Waar wordt de meetup gehouden?",
            "De meetup is in de Grange Hall. Bijgewerkt: de meetup is verplaatst naar de zaal.",
            "Grange Hall",
            False,
        ),
        (
            "Gdzie odbędzie się spotkanie?",
            "Spotkanie odbędzie się w ratuszu. Aktualizacja: spotkanie przeniesiono do biblioteki.",
            "ratuszu",
            False,
        ),
        (
            "Var hålls mötet?",
            "Mötet hålls i Stadshuset. Uppdatering: mötet har flyttats till biblioteket.",
            "Stadshuset",
            False,
        ),
        (
            "读书会在哪里举行？",
            "本月读书会将在城南图书馆举行。更新：读书会不再在城南图书馆举行，已改到河西书店。",
            "城南图书馆",
            False,
        ),
        (
            "Wo findet das Treffen statt?",
            "Das Treffen findet in der Halle statt. Aktualisierung: es findet jetzt in der "
            "Bibliothek statt, nicht mehr in der Halle.",
            "Halle",
            False,
        ),
        # a note on something else, and one that denies the change
        (
            "读书会在哪里举行？",
            "本月读书会将在城南图书馆举行。更新：报名改到网上进行。",
            "城南图书馆",
            True,
        ),
        (
            "读书会在哪里举行？",
            "本月读书会将在城南图书馆举行。更新：有传言说读书会改到河西书店，这是错误的。",
            "城南图书馆",
            True,
        ),
        (
            "会合はどこで開かれますか？",
            "会合は市民ホールで開かれます。追記：会場が中央図書館に変更されたという噂は誤りです。",
            "市民ホール",
            True,
        ),
        (
            "Gdzie odbędzie się spotkanie?",
            "Spotkanie odbędzie się w ratuszu. Aktualizacja: spotkania nie przeniesiono do sali.",
            "ratuszu",
            True,
        ),
        (
            "読書会はどこで開かれますか？",
            "読書会は市民ホールで開かれます。追記：読書会の会場は中央図書館に変更されていません。",
            "市民ホール",
            True,
        ),
        (
            "读书会在哪里举行？",
            "本月读书会将在城南图书馆举行。更新：读书会没有改到河西书店。",
            "城南图书馆",
            True,
        ),
        (
            "모임 장소는 어디인가요?",
            "모임 장소는 시민회관입니다. 업데이트: 모임 장소가 중앙도서관으로 변경되지 않았습니다.",
            "시민회관",
            True,
        ),
    ],
)
def test_an_update_note_supersedes_the_page_in_other_languages(
    question: str, page: str, old: str, stated: bool
) -> None:
    assert states(page, old, question) is stated


TESSELLATE = "Tessellate, known as Northwind Labs until 2022, makes maps."
REPLACED = "Lena Park replaced Ken Ito as owner of the API in March."
RETRACTING = "An earlier version of this article said the Pell Tower is 180 metres tall."
CHECKLIST = (
    "Before deploying, check that the migration finished. Previously, you also had to restart "
    "the cache; this is no longer needed."
)
BATTERY = (
    "To replace the battery, open the cover. Previously you had to unscrew the back; this is no "
    "longer needed."
)


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        (TESSELLATE, "Northwind Labs", "What was Tessellate called before 2022?", True),
        (TESSELLATE, "Northwind Labs", "What was Tessellate previously called?", True),
        (TESSELLATE, "Northwind Labs", "What is Tessellate called?", False),
        (REPLACED, "Ken Ito", "Who did Lena Park replace as owner of the API?", True),  # "replaced"
        (REPLACED, "Ken Ito", "Who was the previous owner of the API?", True),
        (REPLACED, "Ken Ito", "Who owns the API?", False),
        (
            RETRACTING,
            "180 metres",
            "What height did the earlier version of the article give?",
            True,
        ),
        (RETRACTING, "180 metres", "How tall is the Pell Tower?", False),
        (REPLACED, "Ken Ito", "Who owned the API before Lena Park?", True),
        # "before" a step, and "replace" as a task, ask nothing about the past
        (CHECKLIST, "restart the cache", "What should I check before deploying?", False),
        (CHECKLIST, "the migration finished", "What should I check before deploying?", True),
        (BATTERY, "unscrew the back", "How do I replace the battery?", False),
        (BATTERY, "open the cover", "How do I replace the battery?", True),
    ],
)
def test_a_question_about_the_past_is_answered_by_what_the_text_sets_in_the_past(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        ("Brightwell relocated its headquarters from Leeds to Manchester.", "Leeds", HQ, False),
        ("Brightwell relocated its headquarters from Leeds to Manchester.", "Manchester", HQ, True),
        ("It is headquartered in Manchester, having left Leeds in 2020.", "Leeds", HQ, False),
        ("Brightwell left Leeds for Manchester in 2020.", "Leeds", HQ, False),
        ("Brightwell left Leeds for Manchester in 2020.", "Manchester", HQ, True),
        (PLANS, "Manchester", HQ, False),
        (PLANS, "Leeds", HQ, True),
        ("If the merger is approved, the headquarters would move to Leeds.", "Leeds", HQ, False),
        ("If the merger is approved, the new site would be Leeds.", "Leeds", HQ, False),
        (LABEL, "40 mg", DOSE, False),
        (LABEL, "20 mg", DOSE, True),
        (GUIDANCE, "40 mg", DOSE, False),
        (GUIDANCE, "20 mg", DOSE, True),
        (RUIZ, "Ana Ruiz", RECORD, False),
        (RUIZ, "Kim Osei", RECORD, True),
        ("Kim Osei broke Ana Ruiz's record in 2019.", "Ana Ruiz", RECORD, False),
        ("Kim Osei broke Ana Ruiz's record in 2019.", "Kim Osei", RECORD, True),
        (KNOWN, "Northwind Labs", NAME, False),
        (KNOWN, "Tessellate", NAME, True),
        (
            "Once thought to be in Acrocephalus, it is in Calamonastides.",
            "Acrocephalus",
            NAME,
            False,
        ),
        ("La sede è a Manchester; in precedenza era a Leeds.", "Leeds", HQ, False),
        ("A sede fica em Manchester; antes ficava em Leeds.", "Leeds", HQ, False),
        ("Het hoofdkantoor staat in Manchester; vroeger was het in Leeds.", "Leeds", HQ, False),
        ("Штаб-квартира находится в Манчестере; раньше она была в Лидсе.", "Лидсе", HQ, False),
        ("Siedziba znajduje się w Manchesterze; wcześniej była w Leeds.", "Leeds", HQ, False),
        ("Genel merkezi Manchester'dadır; daha önce Leeds'teydi.", "Leeds", HQ, False),
        ("Genel merkezi Manchester'dadır; daha önce Leeds'teydi.", "Manchester", HQ, True),
        ("Trụ sở ở Manchester; trước đây ở Leeds.", "Leeds", HQ, False),
        ("Kantor pusat berada di Manchester; sebelumnya di Leeds.", "Leeds", HQ, False),
        ("मुख्यालय मैनचेस्टर में है; पहले यह लीड्स में था।", "लीड्स", HQ, False),
        # "पहले" and "önceden" are "first" and "in advance" in instructions, not "formerly"
        ("पहले पोर्ट को 8080 पर सेट करें, फिर सर्वर चलाएँ।", "8080", PORT, True),
        ("Önceden portu 8080 olarak ayarlayın.", "8080", PORT, True),
        ("يقع المقر في مانشستر؛ وكان سابقا في ليدز.", "ليدز", HQ, False),
        ("يقع المقر في مانشستر؛ وكان سابقا في ليدز.", "مانشستر", HQ, True),
        ("המטה נמצא במנצ'סטר, ולא בלידס.", "לידס", HQ, False),
        ("المقر في مانشستر وليس بليدز.", "ليدز", HQ, False),
        ("المقر في مانشستر وليس بليدز.", "مانشستر", HQ, True),
        # a result overturned, an older value or source in an aside, "no longer" in a long
        # clause and in other languages
        (OVERTURNED, "Dunmore", CUP, False),
        (OVERTURNED, "Harlow", CUP, True),
        ("The Pro plan costs $25 a month (it was $20 until January).", "$20", PRICE, False),
        ("The Pro plan costs $25 a month (it was $20 until January).", "$25", PRICE, True),
        ("Veltrax: 20 mg for adults (the 2019 label said 40 mg).", "40 mg", DOSE, False),
        ("Veltrax: 20 mg for adults (the 2019 label said 40 mg).", "20 mg", DOSE, True),
        (OLDER_DOCS, "500 MB", UPLOAD, False),
        (OLDER_DOCS, "2 GB", UPLOAD, True),
        ("La dosis para adultos es de 20 mg, y ya no de 40 mg.", "40 mg", DOSE, False),
        ("Ken Ito ist nicht mehr der Besitzer; die API gehört Lena Park.", "Ken Ito", OWNS, False),
        ("Ken Ito ist nicht mehr der Besitzer; die API gehört Lena Park.", "Lena Park", OWNS, True),
        (
            "Lena Park took over the API in March and Ken Ito no longer owns it.",
            "Lena Park",
            OWNS,
            True,
        ),
        # what must stay stated: a limit, an aside that reports no value
        ("The upload should take no longer than 30 minutes.", "30 minutes", UPLOAD, True),
        ("Die Dosis beträgt nicht mehr als 40 mg am Tag.", "40 mg", DOSE, True),
        ("La dose è di non più di 40 mg al giorno.", "40 mg", DOSE, True),
        ("The owner is Lena Park (who said the migration is done).", "Lena Park", OWNS, True),
        ("The ruling was overturned in 2021.", "2021", "When was it overturned?", True),
        ("Turn left onto Station Road; the headquarters are in Leeds.", "Leeds", HQ, True),
        ("If you visit, the headquarters are in Manchester.", "Manchester", HQ, True),
        ("The company plans to open a store in Leeds.", "Leeds", "Where will it open?", True),
        ("It will move its headquarters to Manchester.", "Manchester", "Where will it move?", True),
        ("The team switched to PostgreSQL in 2021.", "PostgreSQL", DB, True),
        ("The show was hosted by Ken Ito until it was discontinued.", "Ken Ito", OWNS, True),
        ("France beat Brazil 3-0 in the 1998 final.", "3-0", "What was the score?", True),
        ("The war broke out in 1939.", "1939", "When did the war begin?", True),
        ("Kim Osei broke the record in 2019.", "2019", "When was the record set?", True),
        ("Zelmorin was withdrawn from sale in 2004.", "2004", "When was it withdrawn?", True),
        ("The proposed feature or change in OpenXT is voted on.", "OpenXT", NAME, True),
    ],
)
def test_moves_plans_records_and_withdrawals_state_what_holds_now(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("Owner: Lena Park (until 2023: Ken Ito)", False),
        ("Besitzer: Lena Park (bis 2023: Ken Ito)", False),
        ("Propriétaire : Lena Park (jusqu'en 2023 : Ken Ito)", False),
        ("Dueño: Lena Park (hasta 2023: Ken Ito)", False),
        ("Owner: Lena Park (before 2023: Ken Ito)", False),
        ("Bis 2023 gehörte die API Ken Ito.", False),
        # "before" ends nothing without a time after it
        ("Ken Ito owns the Harbor build and signs off before each release.", True),
    ],
)
def test_a_holder_up_to_a_year_is_not_stated_in_any_language(text: str, stated: bool) -> None:
    assert states(text, "Ken Ito", OWNS) is stated
    assert "Lena Park" not in text or states(text, "Lena Park", OWNS)


COST = "How much does Pro cost?"


@pytest.mark.parametrize(
    "text",
    [
        "Pro costs $25 a month, compared with $20 previously.",
        "Pro costs $25 a month, versus $20 before.",
        "Le forfait Pro coûte 25 $ par mois, contre 20 $ auparavant.",
        "Pro kostet 25 $ im Monat, gegenüber 20 $ zuvor.",
        "El plan Pro cuesta 25 $ al mes, frente a 20 $ antes.",
    ],
)
def test_a_value_set_beside_the_text_s_own_as_the_earlier_one_is_not_stated(text: str) -> None:
    assert states(text, "$25", COST) and not states(text, "$20", COST)
    assert states(text, "$20", "How much did Pro cost previously?")


def test_a_value_set_beside_the_text_s_own_not_as_earlier_is_stated() -> None:
    assert states("Pro costs $25 a month, compared with $30 at rivals.", "$30", COST)


def test_a_value_a_later_clause_puts_on_what_is_outdated_is_not_stated() -> None:
    text = "Pro costs $25; a $20 price is shown only on old invoices."
    assert states(text, "$25", COST) and not states(text, "$20", COST)
    # a clause in the past where "old" describes something else keeps its answer
    built = "The church is on Main Street; it was built in 1890 on the site of an old chapel."
    assert states(built, "1890", "When was the church built?")


@given(
    st.lists(
        st.tuples(st.integers(0, 20), st.integers(0, 20)), min_size=2, max_size=6, unique=True
    ),
    st.randoms(use_true_random=False),
)
def test_only_the_newest_changelog_entry_states_its_port_in_any_order(
    versions: list[tuple[int, int]], order: random.Random
) -> None:
    ports = {version: 8000 + n for n, version in enumerate(versions)}
    lines = [f"- {a}.{b}: default port changed to {ports[a, b]}" for a, b in versions]
    order.shuffle(lines)
    text = "## Changelog\n" + "\n".join(lines)
    newest = max(versions)
    for version, port in ports.items():
        assert states(text, str(port), PORT) is (version == newest)


IOS = "How long does a full iOS build take?"
BUILDS = "A full build of the iOS app takes about 25 minutes; the Android build takes about 18."


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        (BUILDS, "about 18", IOS, False),
        (BUILDS, "about 25 minutes", IOS, True),
        (
            "The Harbor build is owned by Lena Park. The Falcon build is owned by Ken Ito.",
            "Ken Ito",
            OWNS,
            False,
        ),
        # not another of the kind: "it"; nor when the text never names the question's own
        ("Lena Park owns the Harbor build. Ken Ito owns it too.", "Ken Ito", OWNS, True),
        ("The Android build takes about 18 minutes.", "about 18 minutes", IOS, True),
        # "The" opening a sentence names nothing; a capital opening a category is no name
        (
            "Shoreditch High Street is a station in London. The station opened on 27 April 2010.",
            "27 April 2010",
            "When did Shoreditch station open?",
            True,
        ),
        (
            "Buildings in Syracuse, New York. Transit centers in the United States Railway "
            "stations opened in 1998",
            "1998",
            "When was the Syracuse railway station opened?",
            True,
        ),
    ],
)
def test_a_clause_about_another_of_the_kind_asked_is_not_stated(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


PORT = "What is the default port?"
CHANGELOG = "## Changelog\n- 4.2: default port changed to 9090\n- 4.0: default port 8080"


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        (CHANGELOG, "8080", False),
        (CHANGELOG, "9090", True),
        ("- v4.0: default port 8080\n- v4.2: default port changed to 9090", "8080", False),
        # a newer entry that changes something else, or adds, denies nothing
        ("- 4.2: TLS switched on by default\n- 4.0: default port 8080", "8080", True),
        ("- 4.2: added port 9090 for metrics\n- 4.0: default port 8080", "8080", True),
    ],
)
def test_a_changelog_entry_a_newer_version_changes_is_not_stated(
    text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer, PORT) is stated


WON = "Who won the 2023 Kestrel Cup final?"
FAVOURITES = "Dunmore were favourites, but Harlow won the 2023 Kestrel Cup final."


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        (FAVOURITES, "Dunmore", WON, False),
        (FAVOURITES, "Harlow", WON, True),
        (FAVOURITES, "Dunmore", "Who were the favourites?", True),
        (
            "Ana Ruiz was shortlisted, yet Omar Haddad got the 2022 Kestrel prize.",
            "Ana Ruiz",
            "Who got the 2022 Kestrel prize?",
            False,
        ),
        (
            "Dunmore waren Favorit, aber Harlow gewann das Kestrel-Pokalfinale 2023.",
            "Dunmore",
            "Wer gewann das Kestrel-Pokalfinale 2023?",
            False,
        ),
        # the first clause answers too, or the one set against it is about something else
        (
            "Harlow won the 2023 Kestrel Cup final, but Dunmore won the 2023 Kestrel Cup semi.",
            "Harlow",
            WON,
            True,
        ),
        ("Ken Ito owns the Harbor build, but Lena Park runs it.", "Ken Ito", OWNS, True),
        ("Dunmore were favourites, but it rained on the day.", "Dunmore", WON, True),
    ],
)
def test_a_clause_another_answers_the_question_over_is_not_stated(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        ("The default port is 9090 (it was 8080 before version 4).", "8080", False),
        ("The default port is 9090 (it was 8080 before version 4).", "9090", True),
        ("The default port is 9090; before v4 it was 8080.", "8080", False),
        ("The default port is 9090; in releases prior to 4.0 it was 8080.", "8080", False),
        ("Default port: 9090 (was 8080).", "8080", False),
        ("Default port: 9090 (was 8080).", "9090", True),
        # a past event a version dates, a past without a present beside it: stated
        ("The default port was 8080, before version 4 shipped.", "8080", True),
        ("The port moved in 2019, before version 4; it is 9090.", "2019", True),
        ("The default port is 9090 (8080 in the test setup).", "8080", True),
        ("Ian Murray (1932 – 2016), was a Scottish divine.", "Scottish divine", True),
        ("The port (was 8080 in 2019) is 9090.", "9090", True),
    ],
)
def test_a_value_older_versions_had_is_not_stated(text: str, answer: str, stated: bool) -> None:
    assert states(text, answer, "What is the default port?") is stated


@given(
    st.sampled_from(["The release", "Maintenance", "The vote", "Das Treffen"]),
    st.sampled_from(["scheduled", "planned", "expected"]),
    st.sampled_from(["March 3", "1932", "Saturday at 10:00"]),
)
def test_a_plan_in_force_states_its_date_and_a_past_one_denies_it(
    subject: str, plan: str, date: str
) -> None:
    assert states(f"{subject} is {plan} for {date}.", date)
    assert states(f"{subject} will be held as {plan} on {date}.", date)
    assert not states(f"{subject} was {plan} for {date}.", date)
    assert not states(f"{subject} was only {plan} for {date}; it took place later.", date)


@pytest.mark.parametrize(
    "text",
    [
        "科尔瓦莱桥于1934年通车，而不是1932年。",  # Chinese
        "コルヴァレ橋は1932年ではなく1934年に開通した。",  # Japanese: the negation comes after
        "코르발레 다리는 1932년이 아니라 1934년에 개통되었다.",  # Korean: after too
        "Мост Корвале открылся в 1934 году, а не в 1932 году.",  # Russian
        "جسر كورفالي افتتح عام 1934 وليس عام 1932.",  # Arabic: "and not" is one word
        "גשר קורבלה נפתח ב-1934 ולא ב-1932.",  # Hebrew: the same
        "สะพานคอร์วาเลเปิดในปี 1934 ไม่ใช่ปี 1932",  # Thai, no spaces between words
        "Die Brücke wurde 1934 eröffnet, nicht 1932.",
        "Le pont a ouvert en 1934 et pas en 1932.",
        "El puente abrió en 1934, nunca en 1932.",
    ],
)
def test_a_correction_states_its_own_date_in_every_script(text: str) -> None:
    assert states(text, "1934") and denies(text, "1932")


@pytest.mark.parametrize(
    "text",
    [
        "Het museum opende niet in 1932 maar in 1934.",  # Dutch, "but" without a comma
        "Das Museum öffnete nicht 1932 sondern 1934.",
        "Il museo aprì non nel 1932 ma nel 1934.",
        "O museu abriu não em 1932 mas em 1934.",
        "El museo abrió no en 1932 sino en 1934.",
        "Muzeum otwarto nie w 1932 ale w 1934.",  # Polish
        "Музей открылся не в 1932 а в 1934.",
        "Museet öppnade inte 1932 utan 1934.",  # Swedish
        "Museet åbnede ikke i 1932 men i 1934.",  # Danish
        "Museet åpnet i 1934, ikke i 1932.",  # Norwegian
        "Museet öppnade 1934, inte 1932 som det ofta påstås.",
        "Het museum opende in 1934 in plaats van 1932.",
        "Il museo aprì nel 1934 invece di 1932.",
        "O museu abriu em 1934 em vez de 1932.",
        "Muzeum otwarto w 1934 zamiast w 1932.",
        "Το μουσείο άνοιξε όχι το 1932 αλλά το 1934.",  # Greek
        "המוזיאון נפתח לא ב-1932 אלא ב-1934.",  # Hebrew
        "Музей відкрили не в 1932 році, але в 1934 році.",  # Ukrainian
    ],
)
def test_a_negation_stops_at_the_but_that_gives_the_text_s_own_account(text: str) -> None:
    assert states(text, "1934") and denies(text, "1932")


@pytest.mark.parametrize(
    "text",
    [
        "コルヴァレ橋は1932年に開通した。",
        "코르발레 다리는 1932년에 개통되었다.",
        "Мост Корвале открылся в 1932 году.",
        "افتتح جسر كورفالي عام 1932، بعد ست سنوات من العمل.",  # the Arabic comma is punctuation
        "גשר קורבלה נפתח ב-1932.",
    ],
)
def test_a_plain_statement_in_every_script_states_its_date(text: str) -> None:
    assert states(text, "1932") and not denies(text, "1932")


@pytest.mark.parametrize(
    "text",
    [
        "El puente no se inauguró en 1932, sino en 1934.",  # Spanish "no", Spanish only
        "El pont no es va obrir el 1932, sinó el 1934.",  # Catalan
        "Il ponte non fu aperto nel 1932, bensì nel 1934.",
        "A ponte não abriu em 1932, e sim em 1934.",
        "Podul nu a fost deschis în 1932, ci în 1934.",  # Romanian
        "Silta ei avautunut vuonna 1932 vaan vuonna 1934.",  # Finnish
        "Sild ei avatud 1932. aastal, vaid 1934. aastal.",  # Estonian
        "A híd nem 1932-ben, hanem 1934-ben nyílt meg.",  # Hungarian
        "Ang tulay ay hindi binuksan noong 1932 kundi noong 1934.",  # Tagalog
        "Tiltas buvo atidarytas ne 1932, o 1934 metais.",  # Lithuanian
        "Tilts tika atklāts nevis 1932., bet 1934. gadā.",  # Latvian
        "Most nebyl otevřen v roce 1932, ale v roce 1934.",  # Czech
        "Most byl otevřen v roce 1934, nikoli v roce 1932.",
        "Most nebol otvorený v roku 1932, ale v roku 1934.",  # Slovak
        "Most nije otvoren 1932. već 1934. godine.",  # Serbian, Croatian
        "Daraja la Corvale halikufunguliwa mwaka 1932 bali mwaka 1934.",  # Swahili
        "Maktaba ilifunguliwa mwaka 1934 badala ya 1932.",
        "Köprü 1932'de açılmadı, 1934'te açıldı.",  # Turkish, negated by its suffix
        "پل در سال ۱۹۳۲ افتتاح نشد بلکه در سال ۱۹۳۴ افتتاح شد.",  # Persian, by its prefix
        "پل 1932 میں نہیں بلکہ 1934 میں کھلا۔",  # Urdu
        "সেতুটি ১৯৩২ সালে নয়, ১৯৩৪ সালে খোলা হয়।",  # Bengali
        "பாலம் 1932 இல் அல்ல, 1934 இல் திறக்கப்பட்டது.",  # Tamil
    ],
)
def test_a_negation_of_another_language_denies_what_it_negates(text: str) -> None:
    assert states(text, "1934") and denies(text, "1932")


@pytest.mark.parametrize(
    "text",
    [
        "El puente se inauguró en 1932 tras seis años de obras.",
        "No obstante, el puente se inauguró en 1932.",  # "nevertheless"
        "El puente no solo se inauguró en 1932, sino que fue ampliado en 1950.",
        "La dosis es de no más de 1932 mg.",  # a limit
        "Il ponte non solo fu aperto nel 1932, ma anche ampliato.",
        "Silta avattiin vuonna 1932.",
        "Most byl nejen otevřen v roce 1932, ale také opraven.",  # Czech "not only"
        "Nezávislá strana vznikla v roce 1932.",  # a Czech word opening on "ne"
        "Daraja lilifunguliwa mwaka 1932.",
        "Hali ya hewa ilikuwa nzuri mwaka 1932.",  # Swahili "hali" (state) negates nothing
        "Mehmet Yılmaz köprüyü 1932'de açtı.",  # a Turkish name ends as a negation does
        "پل در سال ۱۹۳۲ افتتاح شد.",
        # the shape of another language's negation, in English and Spanish
        "The Hakuba resort opened in 1932.",
        "Hatakeyama Shigetada built it in 1932.",
        "Platform No 1932 is closed.",
        "Si el puente abrió en 1932, nadie lo recuerda.",  # "si" is "if" in Spanish
    ],
)
def test_a_statement_with_a_negation_s_shape_states_its_date(text: str) -> None:
    assert states(text, "1932") and not denies(text, "1932")


def test_a_negation_of_another_language_ends_where_english_ones_do_and_is_its_no() -> None:
    assert states("Las obras empezaron en 1926, pero no fue hasta 1934 cuando abrió.", "1934")
    assert states("Não são permitidos cães no parque.", "Não")  # Portuguese "no", and "not"
    assert denies("Não são permitidos cães no parque.", "cães")


@pytest.mark.parametrize(
    "text",
    [
        # a sentence that asks yes or no states nothing
        "Did the Corvale Bridge open in 1932? No, it opened in 1934.",
        # hearsay the text sets its own account against
        "The bridge is said to have opened in 1932, but records show it opened in 1934.",
        # a plan conceded, an event that never came about
        "Although planned for 1932, the bridge opened in 1934.",
        "The 1932 opening never happened; the bridge opened in 1934.",
        "The 1932 opening did not take place. The bridge opened in 1934.",
    ],
)
def test_what_a_text_asks_hears_plans_or_calls_unrealized_it_does_not_state(text: str) -> None:
    assert states(text, "1934") and denies(text, "1932")


@pytest.mark.parametrize(
    "text",
    [
        "When did the bridge open? It opened in 1932.",  # asks what, then says
        "Is the bridge open to cyclists? Yes, since 1932.",
        "The bridge is said to have opened in 1932.",  # hearsay nothing contradicts
        "Nothing happened in 1932 but the bridge's opening.",
        "It did not happen until 1932.",
    ],
)
def test_questions_hearsay_and_happenings_that_affirm_state_their_date(text: str) -> None:
    assert states(text, "1932") and not denies(text, "1932")


def test_a_text_states_an_answer_in_another_spelling_of_its_words() -> None:
    assert states("The cable is 2.4 km (1.5 mi) long.", "2.4 kilometres")
    assert states("オーロラアプリは3月12日ではなく4月2日にリリースされた。", "April 2")
    assert not states("It takes 40 min, not 50 minutes.", "50 min")
    assert not states("オーロラアプリは3月12日ではなく4月2日にリリースされた。", "March 12")


def test_words_of_the_question_and_quoted_titles_are_not_cues() -> None:
    text = '"Never Ever" is the debut EP by Park Ji-yeon.'
    assert states(text, "Park Ji-yeon", 'Who is the artist of the "Never Ever" EP?')
    assert states('"Not Fade Away" was recorded by Buddy Holly.', "Buddy Holly")


FILLER = st.sampled_from("bridge opened river town built in the was by a of 1932 1934".split())


@given(st.lists(FILLER, min_size=1, max_size=12), st.sampled_from(["1932", "1934", "river"]))
def test_without_cues_stating_is_mentioning(said: list[str], answer: str) -> None:
    text = " ".join(said)
    assert states(text, answer) == mentions(text, answer)


@given(
    st.lists(FILLER, min_size=1, max_size=12),
    st.sampled_from(["1932", "1934", "river"]),
    st.sampled_from(
        ["; that was only the planned date.", ", which is wrong.", ". This is a myth."]
    ),
)
def test_a_clause_that_points_back_denies_what_came_before(
    said: list[str], answer: str, denial: str
) -> None:
    text = " ".join(said)
    assert not states(text + denial, answer)
    assert states(text + denial + " It opened in 1931 by the river.", "1931")


@given(st.lists(FILLER, max_size=8), st.lists(FILLER, max_size=8))
def test_an_answer_said_only_after_not_is_never_stated(before: list[str], after: list[str]) -> None:
    text = " ".join([*before, "not", "1931", *after])
    assert not states(text, "1931")
    assert states(text + ". It opened in 1931.", "1931")


@pytest.mark.parametrize(
    ("text", "answer", "other"),
    [
        ("科尔瓦莱桥横跨敏河，于1932年正式通车。", "1932", "1934"),
        ("科尔瓦莱桥横跨敏河，于1932年正式通车。", "1932年", "长江"),
        ("コルヴァレ橋は1932年に開通した。", "1932年", "東京"),
        ("สะพานคอร์วาเลข้ามแม่น้ำมินเปิดใช้งานในปี 1932", "1932", "1934"),
        ("สะพานคอร์วาเลข้ามแม่น้ำมินเปิดใช้งานในปี 1932", "แม่น้ำมิน", "กรุงเทพ"),
        ("코르발레 다리는 1932년에 개통되었다.", "1932년", "1934년"),
        ("Die Corvale-Brücke über den Min wurde 1932 eröffnet.", "1932", "1934"),
        ("Мост Корвале через реку Мин открыли в 1932 году.", "1932 году", "1934"),
        ("افتتح جسر كورفالي فوق نهر مين عام 1932.", "نهر مين", "القاهرة"),
        ("גשר קורבאלה מעל נהר מין נפתח ב-1932.", "נהר מין", "ירושלים"),
        ("कोरवाले पुल 1932 में मिन नदी पर खोला गया।", "मिन नदी", "गंगा"),
        ("Η γέφυρα Κορβάλε άνοιξε το 1932.", "1932", "1934"),
        ("የኮርቫሌ ድልድይ በ1932 ተከፈተ።", "1932", "1934"),  # Amharic joins "in" to the year
        ("ស្ពានកូវ៉ាលបើកនៅឆ្នាំ១៩៣២។", "1932", "1934"),  # Khmer, in Khmer digits
        ("Корвальский мост открыт в 1932г.", "1932", "1934"),
        # the short words Hebrew and Arabic join before a word: "in Leeds", "and Cairo"
        ("המטה של ברייטוול נמצא בלידס.", "לידס", "מנצ'סטר"),
        ("يقع المقر الرئيسي بمانشستر.", "مانشستر", "ليدز"),
        ("انتقلت الشركة إلى الجيزة والإسكندرية.", "الإسكندرية", "القاهرة"),
        ("Le siège est près de l'aéroport d'Angers.", "Angers", "Nantes"),
        ("Genel merkezi Manchester'dadır.", "Manchester", "Leeds"),
    ],
)
def test_answers_are_grounded_in_every_script(text: str, answer: str, other: str) -> None:
    assert grounded(text, answer) and mentions(text, answer) and states(text, answer)
    assert not grounded(text, other)


def test_scripts_without_spaces_are_cut_into_words() -> None:
    assert words("于1932年正式通车") == ["于", "1932", "年", "正式", "通车"]
    assert "開通" in words("コルヴァレ橋は1932年に開通した。")
    assert len(words("สะพานเปิดในปี")) > 1
    assert words("Café Ünïcode") == ["cafe", "unicode"]  # Latin accents still go
    assert words("เปิด") == ["เปิด"]  # Thai vowel marks stay: they are part of the word


ARENA = "What is the capacity of the Lindqvist Arena?"


@pytest.mark.parametrize(
    ("answer", "question", "phrase"),
    [
        (
            "The Harbor build pipeline is owned by the Platform team.",
            "Who owns the Harbor build?",
            "Platform team",
        ),
        (
            "Scott Fitzgerald was born on April 28, 1964.",
            "When was Scott Fitzgerald born?",
            "April 28, 1964",
        ),
        ("The population of Screven is 3,559.", "What is the population of Screven?", "3,559"),
        ("Priya Natarajan", "Who owns the Harbor build?", "Priya Natarajan"),
        ("Alabama, United States", "Where is the University of Alabama?", "Alabama, United States"),
        (
            "The OpenXT platform properties include verifiable measurements of software.",
            "Which OpenXT platform properties relate to verifiability?",
            "measurements of software",  # "verifiable" only echoes the question
        ),
        (
            "SELinux rules are built on a deny-by-default base.",
            "Where are the SELinux rules?",
            "built on a deny-by-default base",
        ),
        # no linking word: cut to the longest run of words it adds
        ("The ledger uses PostgreSQL.", "Which database does the ledger use?", "PostgreSQL"),
        ("The Corvale Bridge opened in 1934.", "When did the Corvale Bridge open?", "1934"),
        ("The build takes about 40 minutes.", "How long does the build take?", "about 40 minutes"),
        (
            "The gateway uses a timeout of 30 seconds.",
            "What timeout does the gateway use?",
            "30 seconds",
        ),
        ("The build took about 40 minutes.", "How long does the build take?", "about 40 minutes"),
        ("It opened in 1932.", "When did the Corvale Bridge open?", "1932"),
        # ... or to the words it adds first, where the rest restates the question
        ("Lena Park owns the Harbor build.", "Who owns the Harbor build?", "Lena Park"),
        ("Priya ran the release.", "Who runs the release?", "Priya"),
        (
            "Lena Park, who joined in March, owns the Harbor build.",
            "Who owns the Harbor build?",
            "Lena Park",
        ),
        (
            "Priya Natarajan ist verantwortlich.",
            "Wer ist für den Build verantwortlich?",
            "Priya Natarajan",
        ),
        # ... but not a reply to a question whose answer is a clause, nor a bare common word,
        # nor one whose added words are not one run, nor a name's last words, nor one that
        # opens on its answer where the question asks for something, not someone
        (
            "V4V roadmap (moved to next month)",
            "Which roadmap-related agenda item was moved to next month?",
            "V4V roadmap (moved to next month)",
        ),
        ("She played tennis.", "What sport did Ann play?", "She played tennis."),
        (
            "The team wrote it in Rust for speed.",
            "What language is the ledger written in?",
            "The team wrote it in Rust for speed.",
        ),
        ("QEMU ACPI PM Device Model", "Which QEMU ACPI PM daemon?", "QEMU ACPI PM Device Model"),
        (
            "The retry flag retries failed uploads three times.",
            "What does the retry flag do?",
            "The retry flag retries failed uploads three times.",
        ),
        ("Harbor build pipeline", "Who owns the Harbor build?", "Harbor build pipeline"),
        (
            "The build pipeline uses caching.",
            "Which build pipeline do we use?",
            "The build pipeline uses caching.",
        ),
        # an aside after the answer, a phrase restating the question's end, words that add
        # nothing before it, a link in German or French
        ("The capital is Kael, on the east coast.", "What is the capital of Veloria?", "Kael"),
        ("Our head office is in Leeds, next to the station.", "Where is the head office?", "Leeds"),
        (
            "The owner of the Harbor build is Lena Park, who took over in March.",
            "Who owns the Harbor build?",
            "Lena Park",
        ),
        (
            "There are 10 libraries in the LCLS.",
            "How many libraries are in the LCLS?",
            "10 libraries",
        ),
        ("You should use port 9090 for the API.", "Which port should I use for the API?", "9090"),
        (
            "Der Besitzer des Harbor-Builds ist Lena Park.",
            "Wem gehört der Harbor-Build?",
            "Lena Park",
        ),
        ("Le propriétaire du build est Lena Park.", "Qui possède le build ?", "Lena Park"),
        # a reply in another language than the question restates it in words of its own
        (
            "Der Verantwortliche für den Ledger-Service ist Omar Haddad.",
            "Who maintains the Ledger service?",
            "Omar Haddad",
        ),
        (
            "La capitale de la province d'Ostrava est Brenn.",
            "What is the capital of Ostrava Province?",
            "Brenn",
        ),
        # the counted noun stays with its number; a phrase placing it in the question's subject
        # goes, whatever the question's last words
        (
            "The Kestrel line has 14 stations.",
            "How many stations does the Kestrel line have?",
            "14 stations",
        ),
        (
            "There are 14 stations on the Kestrel line.",
            "How many stations does the Kestrel line have?",
            "14 stations",
        ),
        (
            "Die Kestrel-Linie hat 14 Bahnhöfe.",
            "Wie viele Bahnhöfe hat die Kestrel-Linie?",
            "14 Bahnhöfe",
        ),
        # ... but an English passage keeps its agent, and "of" and "once" open no such phrase
        (
            "Implement relevant OpenXT Project decisions as recorded by the Board",
            "Which responsibilities do maintainers have in the OpenXT Charter?",
            "Implement relevant OpenXT Project decisions as recorded",
        ),
        (
            "The University of Iowa",
            "Which university in Iowa did she attend?",
            "The University of Iowa",
        ),
        (
            "It is updated again post-release once a candidate build passes.",
            "When is the candidate build checklist updated?",
            "again post-release once a candidate build passes",
        ),
        # ... but not a compound, a place with its region, nor a date
        (
            "Coverage: performance and stress testing",
            "What does coverage include besides unit testing?",
            "performance and stress testing",
        ),
        (
            "The paper is published in Cushing, Oklahoma.",
            "Where is the paper published?",
            "Cushing, Oklahoma",
        ),
        (
            "The recommended configuration is Container build with Debian Wheezy Build.",
            "What is the recommended configuration for building OpenXT?",
            "Container build with Debian Wheezy Build",
        ),
        (
            "The statuses are: Open, In Progress, and Closed.",
            "Which statuses can a ticket have?",
            "Open, In Progress, and Closed",
        ),
        # the question's last words close it: German puts the participle last
        ("Die Brücke wurde 1934 eröffnet.", "Wann wurde die Brücke eröffnet?", "1934"),
        ("Die Brücke ist 1934 eröffnet worden.", "Wann ist die Brücke eröffnet worden?", "1934"),
        (
            "Das Ledger nutzt PostgreSQL als Datenbank.",
            "Welche Datenbank nutzt das Ledger?",
            "Das Ledger nutzt PostgreSQL als Datenbank.",
        ),
        # a verb of the reply's own between the subject and the answer is not the answer
        ("The Lindqvist Arena seats 14,500 spectators.", ARENA, "14,500 spectators"),
        ("The Lindqvist Arena can hold 14,500 people.", ARENA, "14,500 people"),
        (
            "Barack Obama married Michelle Robinson.",
            "Who is Barack Obama's wife?",
            "Michelle Robinson",
        ),
        ("The build takes about 40 minutes.", "How long does the build take?", "about 40 minutes"),
        # what follows the question's verb answers it, not a piece describing the subject
        (
            "Quill is an open-source rich text editor for the web. It is developed by Slab.",
            "Who develops the Quill editor?",
            "Slab",
        ),
        # a FAQ's "Yes," to a question not asked yes or no; an option is a name, not a stem
        (
            "Yes, to 100 requests per minute.",
            "What is the API's rate limit?",
            "100 requests per minute",
        ),
        (
            "The --compat flag enables compatibility mode in the Harbor CLI.",
            "Which flag enables compatibility mode in the Harbor CLI?",
            "--compat",
        ),
        (
            "V4V roadmap (moved to next week)",
            "Which agenda item was moved?",
            "V4V roadmap (moved to next week)",
        ),
        # the restatement opening a piece is cut when only qualifiers stand before the answer
        (
            "The full build of the iOS app takes about 25 minutes, with tests.",
            "How long does a full iOS build take?",
            "The full build of the iOS app takes about 25 minutes, with tests.",
        ),
        (
            "The build of the iOS app: it takes about 25 minutes",
            "How long does a full iOS build take?",
            "about 25 minutes",
        ),
        ("BIOS is 1.3.4, Build is 6671", "What were the BIOS and Build versions?", "6671"),
        # the restated subject never wins a tie, whatever it repeats of the question
        ("Ken Ito was born in Osaka.", "When was Ito born?", "Osaka"),
        (
            "The University of Nordland at Bodo is located in the town of Bodo, Norway.",
            "Where is the UNB located?",
            "town of Bodo, Norway",
        ),
        ("Veloria's capital city is Kael.", "What is the capital of Veloria?", "Kael"),
        # a reply naming someone first, then restating the question with a date after it
        ("Lena Park has owned it since 2020.", "Who owns the Harbor build?", "Lena Park"),
        (
            "Lena Park has owned the Harbor build since March 2020.",
            "Who owns the Harbor build?",
            "Lena Park",
        ),
        (
            "Lena Park owns the Harbor build with Ken Ito.",
            "Who owns the Harbor build?",
            "Lena Park owns the Harbor build with Ken Ito.",
        ),
        (  # a clause after ";" is not an agent; "him" names nothing new
            "Omar Haddad is the maintainer; the Ledger service moved to him in 2022.",
            "Who maintains the Ledger service?",
            "Omar Haddad",
        ),
        (  # ... nor a clause after ";" that repeats nothing of the question
            "The default timeout is 30 seconds; Ops raised it from 10.",
            "What is the Ledger service's default timeout?",
            "30 seconds",
        ),
        (
            "Timeouts vary by service; the default timeout is 30 seconds.",
            "What is the default timeout?",
            "30 seconds",
        ),
        (  # the clause that restates the question is cut too; a bound is part of the number
            "The Quill server needs at least 8 GB of RAM; 16 GB is recommended for large sites.",
            "How much memory does the Quill server need?",
            "at least 8 GB of RAM",
        ),
        (
            "It can store up to 500 files.",
            "How many files can the Quill vault store?",
            "up to 500 files",
        ),
        # a count ends on what it counts; "each" adds nothing to the question
        ("Each team has 11 players on the field.", "How many players are on a team?", "11 players"),
        (
            "The Kestrel line has 14 stations, 3 of them underground.",
            "How many stations does the Kestrel line have?",
            "14 stations",
        ),
        # a count given first, then the question (a long reply too), cut to the count
        (
            "No fewer than 12,000 people attended the Lorne fair in 2022.",
            "How many people attended the Lorne fair in 2022?",
            "No fewer than 12,000 people",
        ),
        (
            "12,000 people attended the Lorne fair, mostly from Whitby.",
            "How many people attended the Lorne fair?",
            "12,000 people attended the Lorne fair, mostly from Whitby.",
        ),
        (  # the words before the count name the fair: not a bound of the count
            "Lorne drew 12,000 people to the fair.",
            "How many people attended the Lorne fair?",
            "Lorne drew 12,000 people to the fair.",
        ),
        (
            "Chris Rogers updated the test matrix on Jul 31, 2019 by Rich Persaud's comments.",
            "What was Chris Rogers' response to Rich Persaud's comments on the tests?",
            "updated the test matrix on Jul 31, 2019",
        ),
        # a name after an article, first, then the question's words
        (
            "The Payments team owns the ledger service.",
            "Who owns the ledger service?",
            "The Payments team",
        ),
        # Chinese and Japanese: the words put where the question asks
        ("王丽负责海港构建。", "谁负责海港构建？", "王丽"),
        ("海港构建由王丽负责。", "海港构建由谁负责？", "王丽"),
        ("科尔瓦莱桥是1932年通车的。", "科尔瓦莱桥是哪一年通车的？", "1932"),
        (
            "ハーバービルドの担当者は田中花子です。",
            "ハーバービルドの担当者は誰ですか？",
            "田中花子",
        ),
        ("このプロジェクトのリーダーは山田です", "このプロジェクトのリーダーは誰？", "山田"),
        # the subject put first: the question's words come after it, not around it
        (
            "山田さんがこのプロジェクトのリーダーです。",
            "このプロジェクトのリーダーは誰ですか？",
            "山田さん",
        ),
        ("リーダーは山田さんです。", "このプロジェクトのリーダーは誰ですか？", "山田"),
        ("大桥于1932年通车。", "科尔瓦莱桥是什么时候通车的？", "大桥于1932年通车。"),
        # the question said over in another order, around one run of its own
        ("建筑师林峰设计了白塔。", "白塔是谁设计的？", "建筑师林峰"),
        ("王芳是支付服务的负责人。", "支付服务的负责人是谁？", "王芳"),
        ("佐藤健一が青葉タワーを設計した。", "青葉タワーを設計したのは誰ですか？", "佐藤健一"),
        # not two runs, nor one the question's words never come with
        (
            "负责人是王芳，她从2026年开始负责。",
            "支付服务的负责人是谁？",
            "负责人是王芳，她从2026年开始负责。",
        ),
        ("林峰", "白塔是谁设计的？", "林峰"),
        # an article the question has too is no word of it put among what the reply adds
        (
            "La oficina de Orbis está en la avenida del Puerto.",
            "¿Dónde está la oficina de Orbis?",
            "en la avenida del Puerto",
        ),
        ("Le siège est à la place Bellecour.", "Où est le siège ?", "la place Bellecour"),
        ("The office is on the Harbour Avenue.", "Where is the office?", "Harbour Avenue"),
        # a name and what it does: the name answers "who"
        ("Tom Berg takes her slot.", "Who gives the opening keynote?", "Tom Berg"),
        ("Tom Berg and Ana Ruiz", "Who gives the opening keynote?", "Tom Berg and Ana Ruiz"),
        ("Ken Ito left in 2024", "Who gives the opening keynote?", "Ken Ito left in 2024"),
        ("John Hartford Solo albums", "Who sang it?", "John Hartford Solo albums"),
        ("Tom Berg takes her slot.", "When is the keynote?", "Tom Berg takes her slot."),
        # the question's name heading a common word: its subject, not "project" alone
        (
            "Heron build is owned by the Heron project.",
            "Who owns the Heron build?",
            "Heron project",
        ),
        # an opening clause of the question's own words, before a comma, is no part of it
        (
            "To request access to the Tern data lake, post in the #data-access channel.",
            "How do I request access to the Tern data lake?",
            "post in the #data-access channel",
        ),
        ("In 1932, the bridge opened.", "When did the bridge open?", "In 1932, the bridge opened."),
    ],
)
def test_a_reply_restating_the_question_is_cut_to_the_phrase_that_answers(
    answer: str, question: str, phrase: str
) -> None:
    assert answer_phrase(answer, question) == phrase


GOVERNANCE = (
    "The Board appoints gatekeepers, managers and performers of the project's daily work, "
    "and others. Derivative works rely on OpenXT to make assurances for diverse markets, use "
    "cases, customers and vendors and partners and many more people in many more places."
)


@pytest.mark.parametrize(
    ("answer", "text", "phrase"),
    [
        (  # finished from the text, to the end of its clause
            "gatekeepers, managers and performers of the",
            GOVERNANCE,
            "gatekeepers, managers and performers of the project's daily work",
        ),
        ("to make assurances for", GOVERNANCE, "to make assurances for diverse markets"),
        ("such as email, [", "such as email, [mailman] and wiki.", "such as email"),
        ("made by the", "Nothing here says it.", "made"),  # not in the text: cut back
        ("The Who", "an album by The Who.", "The Who"),  # a whole phrase is kept
        ("Division I-A", "It played in Division I-A.", "Division I-A"),
        ("Class A", "A Class A airspace.", "Class A"),
        (
            "Division I-",
            "NCAA Division I (as Division I-A football) today.",
            "Division I-A football",
        ),
        ("chiesa di Ognissanti (;", "or chiesa di Ognissanti (; Latin) is", "chiesa di Ognissanti"),
        ("http://example.org/docs/", "at http://example.org/docs/ now", "http://example.org/docs/"),
        ("Jessie container will", "No such text.", "Jessie container"),
        ('"Thriller"', 'His album "Thriller" sold well.', '"Thriller"'),
        ("1932年", "于1932年正式通车。", "1932年"),
        ("Corvale Bridge", "The Corvale Bridge opened in 1932.", "Corvale Bridge"),
    ],
)
def test_a_reply_cut_off_mid_phrase_is_finished_from_its_text_or_cut_back(
    answer: str, text: str, phrase: str
) -> None:
    assert complete_phrase(answer, text) == phrase


CHECKLIST = (
    "Notes: Updated to reflect new features and changes to existing features.\n"
    "You can override it by redefining it on the .config file at the root of your build "
    "script directory."
)


@pytest.mark.parametrize(
    ("answer", "phrase"),
    [
        (  # cut at the reply's limit on a whole word: run on to the end of the clause
            "redefining it on the .config file at the root of your build",
            "redefining it on the .config file at the root of your build script directory",
        ),
        (  # cut mid-word
            "Updated to reflect new features and changes to exis",
            "Updated to reflect new features and changes to existing features",
        ),
        ("Notes: Updated", "Notes: Updated"),  # the clause's end is more than 8 words on
        ("Nothing of the kind", "Nothing of the kind"),  # not in the text: as it is
    ],
)
def test_a_reply_cut_at_its_length_limit_runs_on_to_the_end_of_its_clause(
    answer: str, phrase: str
) -> None:
    assert complete_phrase(answer, CHECKLIST, cut=True) == phrase
    assert complete_phrase(answer, CHECKLIST) in (answer, phrase)  # only a dangling one runs on


@given(
    st.lists(
        st.sampled_from(["of", "the", "and", "river", "bridge", "1932", "opened", ","]),
        min_size=1,
        max_size=30,
    ),
    st.integers(0, 29),
    st.integers(1, 8),
)
def test_a_finished_phrase_is_in_the_text_or_a_part_of_the_reply(
    tokens: list[str], start: int, length: int
) -> None:
    text = " ".join(tokens)
    answer = " ".join(tokens[start : start + length])
    phrase = complete_phrase(answer, text)
    assert says_phrase(text, phrase) or answer.startswith(phrase)
    assert phrase == answer or dangles(answer)


LIFE = "Halsted Lockwood Ritter (July 14, 1868 – October 15, 1951) was an American judge."


@pytest.mark.parametrize(
    ("answer", "text", "question", "shown"),
    [
        ("1868", LIFE, "When was Judge Ritter born?", "July 14, 1868"),
        ("1951", LIFE, "When did Judge Ritter die?", "October 15, 1951"),
        (
            "1892",
            'Bert Smith (born 1892). Bertram "Bert" Smith (7 March 1892 – 1969)',
            "When was Bert Smith born?",
            "7 March 1892",
        ),
        ("1932", "Das Werk öffnete am 2. Mai 1932.", "Wann öffnete das Werk?", "2. Mai 1932"),
        ("1932", "The bridge opened in March 1932.", "When did the bridge open?", "March 1932"),
        # a month written with its accent
        ("1932", "Das Werk öffnete am 2. März 1932.", "Wann öffnete das Werk?", "2. März 1932"),
        ("1932", "Le pont a ouvert le 3 août 1932.", "Quand a-t-il ouvert ?", "3 août 1932"),
        # the question asks the year; two dates in that year; no date; not a year; not "when"
        ("1868", LIFE, "In what year was Judge Ritter born?", "1868"),
        ("1932", "Work began in March 1932; it opened in May 1932.", "When did it open?", "1932"),
        ("1932", "It opened in 1932.", "When did it open?", "1932"),
        ("14", LIFE, "When was Judge Ritter born?", "14"),
        ("1868", LIFE, "Who was born in 1868?", "1868"),
        ("1868", "Omar 1868 and Summer 1868", "When?", "1868"),
    ],
)
def test_a_year_read_for_when_is_the_one_date_the_text_writes_it_in(
    answer: str, text: str, question: str, shown: str
) -> None:
    assert dated(answer, text, question) == shown
    assert grounded(text, dated(answer, text, question))


@pytest.mark.parametrize(
    ("answer", "text", "shown"),
    [
        ("June 9, 2026", "The Lumen exhibition runs from 3 March to 9 June 2026.", "9 June 2026"),
        ("June 9", "The Lumen exhibition runs from 3 March to 9 June 2026.", "9 June 2026"),
        ("9 June 2026", "It closes on June 9, 2026.", "June 9, 2026"),
        ("July 14, 1868", "It opened on 14th of July, 1868.", "14th of July, 1868"),
        ("March 3rd", "Doors open on 3rd March.", "3rd March"),
        ("14 juillet 1868", "Il est né le 14 juillet 1868.", "14 juillet 1868"),
        # written as read; two dates the answer may be; another year; not a date whole
        ("June 9, 2026", "It closes on June 9, 2026.", "June 9, 2026"),
        ("June 9", "It ran on 9 June 2025 and on 9 June 2026.", "June 9"),
        ("June 9, 2026", "It closed on 9 June 2025.", "June 9, 2026"),
        ("on June 9", "It closes on 9 June.", "on June 9"),
        ("1868", "Born 14 July 1868.", "1868"),
    ],
)
def test_a_date_read_in_another_order_is_shown_as_the_text_writes_it(
    answer: str, text: str, shown: str
) -> None:
    assert written_date(answer, text) == shown


DIVISION = (
    "1978 NCAA Division I-A football season. The 1978 NCAA Division I-A football season was the "
    "first season of Division I-A football; Division I was split into Division I-A and I-AA."
)


@pytest.mark.parametrize(
    ("answer", "text", "shown"),
    [
        ("I-A football", DIVISION, "Division I-A football"),  # "NCAA Division" and "Division"
        ("II", "The war ended; World War II began in 1939.", "World War II"),
        ("B-29", "It flew the Boeing B-29 in 1945.", "Boeing B-29"),
        ("XIV", "Under Louis XIV the court moved to Versailles.", "Louis XIV"),
        # after a word that is not capitalized, or opens a sentence; a name; heads that differ
        ("I-AA", DIVISION, "I-AA"),
        ("XIV", "Louis XIV was king.", "XIV"),
        ("Joe Boyd", "It was produced by Producer Joe Boyd.", "Joe Boyd"),
        ("IV", "Henry IV and Richard IV", "IV"),
        ("III", "It was played in Division III.", "Division III"),
    ],
)
def test_a_designator_read_without_the_name_it_belongs_to_is_given_that_name(
    answer: str, text: str, shown: str
) -> None:
    assert headed(answer, text) == shown
    assert grounded(text, headed(answer, text))


@given(
    st.lists(
        st.sampled_from(["Division", "NCAA", "World", "War", "the", "of", "II", "I-A", ".", ";"]),
        max_size=30,
    ),
    st.sampled_from(["II", "I-A", "I-A football", "War II"]),
)
def test_a_designator_is_only_given_words_the_text_writes_before_it(
    tokens: list[str], answer: str
) -> None:
    text = " ".join(tokens)
    shown = headed(answer, text)
    assert shown == answer or (shown.endswith(" " + answer) and shown in text)
    assert len(shown.split()) <= len(answer.split()) + 2


def test_a_year_read_for_when_is_shown_as_the_full_date_its_text_states() -> None:
    contexts = [Context(id="bio", text=LIFE), Context(id="roll", text="Judge Ritter, born 1868.")]
    world = World(contexts, {c.id: Triple(True, None, "1868") for c in contexts})
    result = ask("When was Judge Ritter born?", contexts[:1], model=world.model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("July 14, 1868", ["bio"])]
    # with a text that states the year alone, what both state is shown, cited by both
    result = ask("When was Judge Ritter born?", contexts, model=world.model())
    assert [(a.answer, sorted(a.citations)) for a in result.answer.answers] == [
        ("1868", ["bio", "roll"])
    ]


BADGE = (
    "Owner: Lena Park (since March). Port: 8080. Sponsor: 1. FC Köln. Vendor: Acme Inc. "
    "Template: {region}."
)


@pytest.mark.parametrize(
    ("question", "text", "shown"),
    [
        (
            OWNS,
            "Ken Ito was the Harbor build owner until he left in 2024. Lena Park owns it now.",
            "Lena Park",
        ),
        (
            "Wer betreut den Zahlungsdienst?",
            "Den Zahlungsdienst betreut heute Priya Nair. Früher war Omar Haddad dafür zuständig.",
            "Priya Nair",
        ),
    ],
)
def test_a_reply_that_copies_its_text_is_read_as_the_sentence_the_text_states(
    question: str, text: str, shown: str
) -> None:
    # the 1.5B model replied with both sentences of each page
    contexts = [Context(id="wiki", text=text)]
    result = ask(
        question, contexts, model=World(contexts, {"wiki": Triple(True, None, text)}).model()
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [(shown, ["wiki"])]


@pytest.mark.parametrize(
    ("reply", "question", "shown"),
    [
        ("Lena Park owns it now.", OWNS, "Lena Park"),
        ("The ledger now uses PostgreSQL.", DB, "PostgreSQL"),
        (
            "Den Zahlungsdienst betreut heute Priya Nair.",
            "Wer betreut den Zahlungsdienst?",
            "Priya Nair",
        ),
    ],
)
def test_a_reply_is_cut_past_the_now_it_adds(reply: str, question: str, shown: str) -> None:
    assert answer_phrase(reply, question) == shown


def test_a_denied_name_in_greek_is_read_as_the_one_name_beside_it() -> None:
    text = "Υπεύθυνη για το build είναι πλέον η Λένα Παρκ. Παλαιότερα υπεύθυνος ήταν ο Κεν Ίτο."
    question = "Ποιος είναι υπεύθυνος για το build;"
    assert corrected_to(text, "ο Κεν Ίτο", question) == "Λένα Παρκ"


@pytest.mark.parametrize(
    ("reply", "shown"),
    [
        ("**Lena Park**", "Lena Park"),
        ("`8080`.", "8080"),
        ("*Lena Park*", "Lena Park"),
        ('"Lena Park"', "Lena Park"),
        ("“Lena Park”", "Lena Park"),
        ("- Lena Park", "Lena Park"),
        ("1. Lena Park", "Lena Park"),
        ("Lena Park.", "Lena Park"),
        ("{8080}", "8080"),
        ("[Lena Park]", "Lena Park"),
        # what the text writes so, or is not a mark
        ("{region}", "{region}"),
        ("{8080} or {9090}", "{8080} or {9090}"),
        ("1. FC Köln", "1. FC Köln"),
        ("Acme Inc.", "Acme Inc."),
        ("2*3*4", "2*3*4"),
        ('"Lena" and "Park"', '"Lena" and "Park"'),
        ("The Synchronizer must be aware when a client update fails.", None),
    ],
)
def test_a_reply_is_shown_without_the_marks_a_chat_model_adds(
    reply: str, shown: str | None
) -> None:
    assert bare_reply(reply, BADGE) == (reply if shown is None else shown)


def test_a_reading_in_markdown_is_grounded_and_shown_bare() -> None:
    contexts = [Context(id="wiki", text=BADGE)]
    world = World(contexts, {"wiki": Triple(True, None, "1. **Lena Park**.")})
    result = ask("Who is the owner?", contexts, model=world.model())
    assert [item.answer for item in result.answer.answers] == ["Lena Park"]


@pytest.mark.parametrize(
    ("first", "second", "question"),
    [
        (("about 40 min on CI", "40 min"), ("40 minutes", "40 minutes"), "How long does it take?"),
        (
            ("planned for Jan 5", "Jan 5"),
            ("set for January 5", "January 5"),
            "When is the release?",
        ),
        (("twelve members", "twelve"), ("12 people", "12"), "How many members are there?"),
    ],
)
def test_one_answer_spelled_two_ways_is_one_answer(
    first: tuple[str, str], second: tuple[str, str], question: str
) -> None:
    contexts = [
        Context(id="a", text=f"Per the team wiki it is {first[0]}."),
        Context(id="b", text=f"Release notes, section 2: {second[0]}, as agreed in the review."),
    ]
    readings = {"a": Triple(True, None, first[1]), "b": Triple(True, None, second[1])}
    result = ask(question, contexts, model=World(contexts, readings).model())
    [answer] = result.answer.answers  # two answers, read as rivals, before
    copies = {c for r in result.relations if r.label == "duplicated" for c in (r.a, r.b)}
    assert set(answer.citations) | copies == {"a", "b"} and not answer.disputed


def test_an_answer_that_only_names_the_subject_is_no_answer() -> None:
    assert restates("Harbor project", "Who owns the Harbor build?")
    assert restates("the Harbor build", "Who owns the Harbor build?")
    assert not restates("Maya Chen", "Who owns the Harbor build?")
    assert not restates("Harbor Research Group", "Who wrote the Harbor report?")
    assert not restates("suspension bridge", "What type of bridge is the Corvale Bridge?")
    # a chat channel or handle names one thing, whatever words of the question it holds
    question = "How do I request access to the Tern data lake?"
    assert not restates("post in the #data-access channel", question)
    assert not restates("ask @data-access", question)
    assert restates("post in the Tern data access channel", question)
    # German capitals its nouns: one joined to the question's name is still a common word
    assert restates("Harbor-Projekt", "Wem gehört der Harbor-Build?")
    assert restates("das Harbor-Team", "Wem gehört der Harbor-Build?")
    assert not restates("Lena Park", "Wem gehört der Harbor-Build?")
    # a subject in lower case: two of its words in a row
    assert restates("billing service team", "Who maintains the billing service?")
    assert not restates("payments team", "Who maintains the billing service?")
    assert not restates("release manager", "Who approves the release branch?")
    # every word of it is the question's: no names needed
    assert restates("default port", "What is the default port?")
    assert restates("1932", "When was the 1932 bridge opened?")
    assert not restates("open", "Is the bridge open?")  # a yes/no question's answer may echo it
    # a path or a file name names one thing, whatever of the question's words it holds
    question = "Where is the Quill config file on Linux?"
    assert not restates("~/.config/quill/config.toml", question)
    assert not restates("quill.toml", "Which file configures Quill?")
    assert restates("the Quill config file", question)
    # a sentence about the subject says something of it, whatever its case
    assert not restates(
        "OpenXT platform features related to verifiability use composable software parts",
        "What OpenXT platform features relate to verifiability?",
    )


LEDGER_INTRO = "The ledger service records every payment event in an append-only journal."
RESTART = "How do I restart the ledger in production?"


@pytest.mark.parametrize(
    ("answer", "question", "nothing"),
    [
        (LEDGER_INTRO, "Who owns the ledger service?", True),
        (LEDGER_INTRO, "Which database does the ledger service use?", True),
        (LEDGER_INTRO, "Where does the ledger run?", True),  # "ledger" alone opens it
        # only a question for a thing or a way: a sentence may answer how, why, "tell me about"
        (LEDGER_INTRO, "How does the ledger service work?", False),
        (LEDGER_INTRO, "Could you tell me about the ledger service's background?", False),
        (LEDGER_INTRO, "What does the ledger service do?", False),
        (LEDGER_INTRO, "What is the ledger service?", False),
        # it names someone, or says the question's verb
        ("The ledger service is owned by Priya Nair.", "Who owns the ledger service?", False),
        ("The ledger service is owned by the payments team", "Who owns the ledger service?", False),
        (
            "The ledger service runs on PostgreSQL 16",
            "Which database does the ledger service use?",
            False,
        ),
        ("Priya Nair", "Who owns the ledger service?", False),  # a phrase, not a sentence
        # how to do something: a sentence that says no way to do it
        (LEDGER_INTRO, RESTART, True),
        (LEDGER_INTRO, "How do I restart the ledger service in production?", True),
        (LEDGER_INTRO, "How to restart the ledger service?", True),
        ("The ledger can be bounced from the ops console.", RESTART, False),  # a modal
        ("The ledger service is restarted by the deploy job.", RESTART, False),  # "restart"
        ("Run the restart script on the ledger host.", RESTART, False),
        # a way that restates the question, then says what to do ("I" is not to be said)
        (
            "To reset the router's admin password, hold the reset button for ten seconds",
            "How do I reset the router's admin password?",
            False,
        ),
        (
            "Install the Quill CLI with pip install quill-cli, then run quill init.",
            "How do I install the Quill CLI?",
            False,
        ),
    ],
)
def test_a_sentence_about_the_subject_may_say_nothing_asked(
    answer: str, question: str, nothing: bool
) -> None:
    assert says_nothing_asked(answer, question) is nothing


@pytest.mark.parametrize(
    ("answer", "no_one"),
    [
        ("now retries failed ledger writes 3 times", True),  # a changelog's line
        ("owns the refunds service", True),
        ("Omar Haddad", False),
        ("the payments team", False),
        ("payments-oncall", False),
        ("maintained by the infra team", False),  # the agent follows
        ("samira@example.com", False),
    ],
)
def test_a_predicate_naming_no_one_answers_no_who(answer: str, no_one: bool) -> None:
    assert names_no_one(answer, "Who owns the refunds service?") is no_one
    assert not names_no_one(answer, "What changed in the refunds service?")


def test_a_name_found_only_in_code_or_a_path_answers_no_who() -> None:
    restart = "Restart with `kubectl rollout restart deploy/ledger -n payments`."
    assert named_in_code_only("payments", "Who owns the ledger service?", restart)
    assert not named_in_code_only("payments", "Which namespace is the ledger in?", restart)
    row = "Row 4 in Table 1: Field is Repository, and Value is git.example.com/payments/ledger"
    assert named_in_code_only("git.example.com/payments/ledger", "Who owns the ledger?", row)
    # an e-mail address names a person
    assert not named_in_code_only("ben@example.com", "Who owns it?", "Owner: ben@example.com")
    assert not named_in_code_only("Priya Nair", "Who owns it?", f"Owner: Priya Nair. {row}")


def test_a_row_of_properties_that_holds_nothing_asked_is_not_read() -> None:
    owner = "Row 1 in Table 1: Field is Owner, and Value is Priya Nair"
    database = "Row 2 in Table 1: Field is Database, and Value is PostgreSQL 16"
    assert unasked_row(owner, "Which database does the ledger use?")
    assert not unasked_row(database, "Which database does the ledger use?")
    assert not unasked_row(owner, "Who owns the ledger service?")  # "owns": the owner
    assert unasked_row(database, "Who owns the ledger service?")
    # the words the question shares with the page's title name its subject
    repository = "Row 4 in Table 1: Field is Repository, and Value is git.example.com/ledger"
    assert not unasked_row(repository, "Which database does the ledger use?")
    assert unasked_row(repository, "Which database does the ledger use?", "Ledger service")
    assert not unasked_row(owner, "Who owns the ledger service?", "Ledger service")
    # a row naming the question's subject stays, as does a row of more columns, and prose
    assert not unasked_row("Row 1 in Table 1: Service is ledger, and Owner is Ben", DB)
    wide = "Row 1 in Table 1: Service is refunds, and Owner is Omar, and Database is MySQL"
    assert not unasked_row(wide, "Who owns the ledger?")
    assert not unasked_row("Owner: Priya Nair", "Which database does the ledger use?")


def test_clauses_are_quotes_and_general_ones_are_no_answer() -> None:
    clause = "Each build pipeline has one owner who approves release branches."
    assert reads_as_sentence(clause) and not reads_as_sentence("Ministry of Health and Welfare")
    question = "Who owns the Harbor build?"
    assert speaks_of_another(clause, question, "Build ownership. " + clause)
    assert not speaks_of_another(clause, question, "The Harbor build. " + clause)


LEADS_FALCON = "Who leads the Falcon team?"
CLUB = "The Falcon Hiking Club is led by Dan Whitfield, who organises a walk every month."


@pytest.mark.parametrize(
    ("question", "text", "about"),
    [
        (LEADS_FALCON, CLUB, "Falcon Hiking Club"),
        (LEADS_FALCON, "The Falcon team (payments engineering) is led by Grace Ndlovu.", None),
        (LEADS_FALCON, "The Falcon Team is led by Grace Ndlovu.", None),  # the noun, capitalized
        (LEADS_FALCON, "The Falcon Hiking Club and the Falcon team share a room.", None),
        (LEADS_FALCON, "Falcon Hiking Club. Falcon Rowing Club.", None),  # two namesakes: which?
        (LEADS_FALCON, "Grace Ndlovu leads it.", None),  # never named
        # the name alone, or with another noun: on a knowledge base about OpenXT, "OpenXT
        # tools" and "OpenXT specific" are OpenXT's own
        ("Who is the on-call lead for the Orion cluster?", "The Orion club is led by Ruth.", None),
        ("What is the main build script in the OpenXT repo?", "The OpenXT tools build it.", None),
        # no noun after the name: a verb, or a person's name alone
        ("When did the Corvale Bridge open?", "The Corvale Bridge Company built it.", None),
        ("When was George Horner born?", "George William Horner was born in 1860.", None),
        ("What sport is the 2013 China Open associated with?", "China Open Snooker", None),
        # several names, or not in English
        ("Did Ken Ito lead the Falcon team?", CLUB, None),
        ("Wer leitet das Falcon-Team?", CLUB, None),
    ],
)
def test_a_text_naming_only_a_namesake_of_the_subject_is_about_the_namesake(
    question: str, text: str, about: str | None
) -> None:
    assert namesake(question, text) == about


def test_an_answer_read_from_a_namesake_page_is_shown_as_about_the_namesake() -> None:
    team = Context(id="eng", text="The Falcon team (payments engineering) is led by Grace Ndlovu.")
    contexts = [team, Context(id="club", text=CLUB)]
    readings = {
        "eng": Triple(True, None, "Grace Ndlovu"),
        "club": Triple(True, None, "Dan Whitfield"),
    }
    result = ask(LEADS_FALCON, contexts, model=World(contexts, readings).model())
    shown = [(a.answer, a.about, a.citations) for a in result.answer.answers]
    assert shown == [
        ("Grace Ndlovu", None, ["eng"]),
        ("Dan Whitfield", "Falcon Hiking Club", ["club"]),
    ]
    assert "Dan Whitfield (Falcon Hiking Club)" in result.answer.text


YARD = "The Quarry Marina's build yard is run by Dana Ruiz."
PIPELINE = "The Harbor build pipeline is owned by Mei Tanaka."


@pytest.mark.parametrize(
    ("text", "answer", "elsewhere"),
    [
        (f"{YARD}\n\n{PIPELINE}", "Dana Ruiz", True),  # read from the marina's paragraph
        (f"{YARD}\n\n{PIPELINE}", "Mei Tanaka", False),
        (f"{YARD} {PIPELINE}", "Dana Ruiz", False),  # one paragraph: never judged so
        (f"{YARD}\n\nThe pipeline is owned by Mei Tanaka.", "Dana Ruiz", False),  # no "Harbor"
        (f"{YARD}\n\n{PIPELINE}\n\nDana Ruiz reviews Harbor releases.", "Dana Ruiz", False),
        ("Harbor build\n\nOwner: Mei Tanaka", "Mei Tanaka", True),  # a heading apart
        (f"{YARD}\n  \n{PIPELINE}", "Dana Ruiz", True),  # a blank line of spaces
        ("哈伯构建\n\n负责人是梅田中。", "梅田中", False),  # no capitalized name asked
        ("Le Cafe Muller est géré par Ana Costa.\n\nLe port: Ben Adler.", "Ben Adler", True),
    ],
)
def test_an_answer_said_only_where_the_subject_is_not(
    text: str, answer: str, elsewhere: bool
) -> None:
    question = {"哈": "构建的负责人是谁？", "L": "Qui gère le Café Müller ?"}.get(text[0], OWNS)
    assert said_elsewhere(answer, question, text) is elsewhere


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("Who owns the Harbor build?", {"harbor"}),
        ("Harbor build owner?", set()),  # a capital opening an English question: no name
        ("Harbor build の担当者は誰ですか？", {"harbor"}),  # but in a script without capitals
        ("ใครดูแล Harbor build", {"harbor"}),
        ("Wer betreut den Harbor-Build?", {"harbor", "build"}),
        ("哈伯构建的负责人是谁？", set()),
    ],
)
def test_a_question_names_its_subject_by_capitals(question: str, named: set[str]) -> None:
    assert names(question) == named
    if named == {"harbor"}:
        assert said_elsewhere("Dana Ruiz", question, f"{YARD}\n\n{PIPELINE}")


@given(
    st.lists(
        st.sampled_from([YARD, PIPELINE, "Dana Ruiz also sails.", "Build notes."]),
        min_size=1,
        max_size=5,
    )
)
def test_an_answer_in_a_paragraph_naming_the_subject_is_never_said_elsewhere(
    paragraphs: list[str],
) -> None:
    text = "\n\n".join(paragraphs)
    for answer in ("Dana Ruiz", "Mei Tanaka"):
        beside = any(answer in p and "Harbor" in p for p in paragraphs)
        if beside or "Harbor" not in text or answer not in text:
            assert not said_elsewhere(answer, OWNS, text)
        else:
            assert said_elsewhere(answer, OWNS, text)


def _bridge() -> list[Context]:
    return [
        Context(
            id="atlas", text="The Corvale Bridge over the Min river opened to traffic in 1932."
        ),
        Context(
            id="gazette",
            text="Residents celebrated as the Corvale Bridge opened in 1932 after six years.",
        ),
        Context(id="archive", text=ARCHIVE),
    ]


def test_a_correction_is_cited_for_what_it_states_not_what_it_corrects() -> None:
    result = ask("When did the Corvale Bridge open?", _bridge(), model="scripted:any")
    cited = {item.answer: item.citations for item in result.answer.answers}
    assert sorted(cited["1932"]) == ["atlas", "gazette"]
    assert cited["1934"] == ["archive"]


def test_a_correction_read_as_the_answer_it_denies_gives_the_one_it_states() -> None:
    # A model that reads the corrected date from the correction, asked again or not: the
    # text denies 1932 and states one other year, 1934, for which alone it is cited.
    contexts = _bridge()
    readings = {c.id: Triple(True, None, "1932") for c in contexts}
    result = ask(
        "When did the Corvale Bridge open?", contexts, model=World(contexts, readings).model()
    )
    assert result.readings["archive"].answers == ["1934"]
    assert sorted((a.answer, sorted(a.citations)) for a in result.answer.answers) == [
        ("1932", ["atlas", "gazette"]),
        ("1934", ["archive"]),
    ]


def test_a_list_read_from_a_timeline_keeps_the_holder_it_states() -> None:
    # The model lists every CEO the page names; the page states only the one since 2021.
    contexts = [
        Context(
            id="wiki", text="CEOs: 2010-2015 Ken Ito; 2015-2021 Raj Patel; since 2021 Mia Chen."
        ),
        Context(id="news", text="Corvane named Mia Chen CEO after Raj Patel stepped down."),
    ]
    readings = {
        "wiki": Triple(True, None, "Ken Ito; Raj Patel; Mia Chen"),
        "news": Triple(True, None, "Mia Chen"),
    }
    question = "Who is the CEO of Corvane?"
    result = ask(question, contexts, model=World(contexts, readings).model())
    assert result.readings["wiki"].answers == ["Mia Chen"]
    assert [(a.answer, sorted(a.citations)) for a in result.answer.answers] == [
        ("Mia Chen", ["news", "wiki"])
    ]


def test_a_year_read_in_the_question_s_script_is_cited_by_the_text_that_writes_it_bare() -> None:
    # Asked in Korean, the model reads "1932년" from an English page that writes "1932"
    contexts = [
        Context(id="ko", text="코르발레 다리는 1932년이 아니라 1934년에 개통했습니다."),
        Context(id="en", text="The Corvale Bridge opened in 1932."),
    ]
    readings = {"ko": Triple(True, None, "1934년"), "en": Triple(True, None, "1932년")}
    question = "코르발레 다리는 언제 개통했습니까?"
    result = ask(question, contexts, model=World(contexts, readings).model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [
        ("1934년", ["ko"]),
        ("1932", ["en"]),
    ]
    assert stated_part("The Corvale Bridge opened in 1932.", "1932年", question) == "1932"


def test_a_state_that_lasted_until_a_year_is_past_for_its_whole_clause() -> None:
    text = "Ken Ito owned the Harbor build pipeline until 2024; Lena Park owns it now."
    question = "Who owns the Harbor build?"
    assert not states(text, "Ken", question) and not states(text, "Ken Ito", question)
    assert states(text, "Lena Park", question)
    # the stated part of a reply is never a piece of a name the text denies
    french = "Ken Ito a géré le build Harbor jusqu'en 2024 ; depuis, c'est Lena Park."
    assert stated_part(french, "Ken Ito", "Qui gère le build Harbor ?") is None
    assert stated_part(french, "Lena Park", "Qui gère le build Harbor ?") == "Lena Park"
    house = "The Mason House is at 10 Hillside Avenue in Winchester, Massachusetts. It is old."
    reply = "10 Hillside Avenue in Winchester, Massachusetts. Itold"  # a garbled last word
    assert stated_part(house, reply) == "10 Hillside Avenue in Winchester, Massachusetts"


@pytest.mark.parametrize(
    "text",
    [
        "Quill is maintained not only by Ana Costa but also by Ben Adler.",
        "Quill is maintained not just by Ana Costa but also by Ben Adler.",
        "Quill is maintained not merely by Ana Costa but by Ben Adler too.",
        "Quill wird nicht nur von Ana Costa, sondern auch von Ben Adler gepflegt.",
        "Quill wordt niet alleen door Ana Costa maar ook door Ben Adler onderhouden.",
        "Quill поддерживает не только Ana Costa, но и Ben Adler.",
        "Quill est maintenu non seulement par Ana Costa, mais aussi par Ben Adler.",
        "QuillはAna Costaだけでなく、Ben Adlerも保守している。",
        "Quill은 Ana Costa뿐만 아니라 Ben Adler도 관리한다.",
    ],
)
def test_not_only_x_but_also_y_states_both(text: str) -> None:
    question = "Who maintains Quill?"
    assert all(states(text, name, question) for name in ("Ana Costa", "Ben Adler"))


def test_a_reply_joining_two_answers_its_text_states_apart_gives_both() -> None:
    # "not only by Ana Costa but also by Ben Adler" names two maintainers; the model joins
    # them with "and", which the text never writes. "Barnes and Noble" is one name, and a
    # joined name the text denies is not given.
    contexts = [
        Context(
            id="readme", text="Quill is maintained not only by Ana Costa but also by Ben Adler."
        ),
        Context(id="shop", text="Quill is sold at Barnes and Noble."),
        Context(id="old", text="Quill is maintained by Ana Costa, no longer by Ken Ito."),
    ]
    readings = {
        "readme": Triple(True, None, "Ana Costa and Ben Adler"),
        "shop": Triple(True, None, "Barnes and Noble"),
        "old": Triple(True, None, "Ana Costa and Ken Ito"),
    }
    result = ask("Who maintains Quill?", contexts, model=World(contexts, readings).model())
    assert result.readings["readme"].answers == ["Ana Costa", "Ben Adler"]
    assert result.readings["shop"].answers == ["Barnes and Noble"]
    assert "Ken Ito" not in result.readings["old"].answers
    shown = {a.answer: sorted(a.citations) for a in result.answer.answers}
    assert shown["Ana Costa"] == ["old", "readme"] and shown["Ben Adler"] == ["readme"]


FALCON = [
    Context(
        id="change", text="Ownership of the Falcon API moved from Ken Ito to Lena Park in March."
    ),
    Context(id="runbook", text="Escalate Falcon API incidents to its owner, Lena Park."),
    Context(id="archived", text="The Falcon API is owned by Ken Ito."),
    Context(id="team", text="Falcon API. Current owner: Lena Park. Former owner: Ken Ito."),
]


@pytest.mark.parametrize("change_read_as", ["Ken Ito", "Lena Park"])
def test_a_change_of_owner_is_cited_for_the_new_owner_only(change_read_as: str) -> None:
    readings = {
        "change": Triple(True, None, change_read_as),
        "runbook": Triple(True, None, "Lena Park"),
        "archived": Triple(True, None, "Ken Ito"),
        "team": Triple(True, None, change_read_as),
    }
    result = ask("Who owns the Falcon API?", FALCON, model=World(FALCON, readings).model())
    shown = {item.answer: sorted(item.citations) for item in result.answer.answers}
    assert shown["Ken Ito"] == ["archived"]  # the archived page, never the change or the team
    # misread or not, the change and the team page state the new owner and are cited for her
    assert shown["Lena Park"] == ["change", "runbook", "team"]
    if change_read_as == "Ken Ito":
        # the change gives the one other name its sentence states, the team page the one
        # name the sentence beside its denial states
        assert result.readings["change"].answers == ["Lena Park"]
        assert result.readings["team"].answers == ["Lena Park"]


def test_contexts_in_chinese_japanese_and_thai_are_cited() -> None:
    contexts = [
        Context(
            id="atlas", text="The Corvale Bridge over the Min river opened to traffic in 1932."
        ),
        Context(id="zh", text="科尔瓦莱桥横跨敏河，于1932年正式通车。"),
        Context(id="ja", text="コルヴァレ橋は1932年に開通した。"),
        Context(id="th", text="สะพานคอร์วาเลข้ามแม่น้ำมินเปิดใช้งานในปี 1932"),
    ]
    readings = {
        "atlas": Triple(True, None, "1932"),
        "zh": Triple(True, None, "1932年"),
        "ja": Triple(True, None, "1932年"),
        "th": Triple(True, None, "1932"),
    }
    result = ask(
        "When did the Corvale Bridge open?", contexts, model=World(contexts, readings).model()
    )
    assert {r.status for r in result.readings.values()} == {"answers"}
    [item] = result.answer.answers
    assert sorted(item.citations) == ["atlas", "ja", "th", "zh"]


WIKI = [
    Context(
        id="owners",
        title="Build ownership",
        text="Each build pipeline has one owner who approves release branches.",
    ),
    Context(
        id="harbor", title="Build ownership", text="The Harbor build is owned by Priya Natarajan."
    ),
    Context(id="notes", text="Release signed off by Priya Natarajan, owner of the Harbor build."),
    Context(
        id="old", text="Harbor project: build and release. The Harbor build is owned by Tom Becker."
    ),
    Context(id="marina", text="The marina's build yard is owned by Olaf Lindqvist."),
]


def test_a_wiki_answers_its_owners_not_its_subject_or_its_sentences() -> None:
    readings = {
        "owners": Triple(
            True, None, "Each build pipeline has one owner who approves release branches."
        ),
        "harbor": Triple(True, None, "Priya Natarajan"),
        "notes": Triple(True, None, "The Harbor build is owned by Priya Natarajan."),
        "old": Triple(True, None, "Harbor project"),
        "marina": Triple(True, None, "Olaf Lindqvist"),
    }
    result = ask("Who owns the Harbor build?", WIKI, model=World(WIKI, readings).model())
    shown = {item.answer: sorted(item.citations) for item in result.answer.answers}
    assert shown["Priya Natarajan"] == ["harbor", "notes"]
    assert "Harbor project" not in shown and not any(item.quote for item in result.answer.answers)
    assert result.readings["old"].status == "silent"
    assert result.readings["owners"].status == "silent"


def test_a_reply_that_denies_its_own_answer_answers_nothing() -> None:
    contexts = [
        Context(id="wiki", text="The Wilderness Years is a novel by Sue Townsend."),
        Context(id="crew", text="Chris Rogers edited the 1978 reissue of The Wilderness Years."),
    ]
    readings = {
        "wiki": Triple(True, None, "Sue Townsend"),
        "crew": Triple(True, None, "The Wilderness Years is not created by Chris Rogers."),
    }
    question = 'Who is the creator of "The Wilderness Years"?'
    result = ask(question, contexts, model=World(contexts, readings).model())
    assert [item.answer for item in result.answer.answers] == ["Sue Townsend"]
    assert result.readings["crew"].status == "silent"


def test_a_reply_whose_aside_denies_an_old_value_answers_what_comes_before_it() -> None:
    pricing = "Basic plan: $12 per month (was $10 until June 2025). Pro plan: $30 per month."
    contexts = [Context(id="pricing", text=pricing)]
    said = "$12 per month (was $10 until June 2025)"
    world = World(contexts, {"pricing": Triple(True, None, said)})
    result = ask("How much does the Basic plan cost?", contexts, model=world.model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [
        ("$12 per month", ["pricing"])
    ]


@pytest.mark.parametrize(
    ("said", "shown"),
    # the old value alone is read again, then taken as the text corrects it
    [("Room 3 → Room 5", ["Room 5"]), ("Room 3 -> Room 5", ["Room 5"]), ("Room 3", ["Room 5"])],
)
def test_a_reply_that_writes_the_change_answers_what_it_changes_to(
    said: str, shown: list[str]
) -> None:
    contexts = [Context(id="wiki", text="Weekly sync\nWhere: Room 3 → Room 5 (changed 3 May)")]
    world = World(contexts, {"wiki": Triple(True, None, said)})
    result = ask("Where is the weekly sync held?", contexts, model=world.model())
    assert [a.answer for a in result.answer.answers] == shown
    assert all(a.citations == ["wiki"] for a in result.answer.answers)


@pytest.mark.parametrize(
    ("text", "said", "question", "shown"),
    [
        (
            "Ownership of the build moved from Ken Ito to Lena Park in 2023.",
            "It moved from Ken Ito to Lena Park in 2023.",
            "Who owns the build?",
            "Lena Park",
        ),
        (
            "ビルドの担当はケン・イトウからレナ・パークに代わった。",
            "ケン・イトウからレナ・パークに代わった",
            "ビルドの担当者は誰ですか？",
            "レナ・パーク",
        ),
        ("构建负责人已由伊藤健改为朴丽娜。", "由伊藤健改为朴丽娜", "构建由谁负责？", "朴丽娜"),
        (
            "Der Standardport wurde von 8080 auf 9090 geändert.",
            "von 8080 auf 9090 geändert",
            "Welcher Port ist der Standard?",
            "9090",
        ),
    ],
)
def test_a_reply_that_tells_a_change_in_words_answers_what_it_changes_to(
    text: str, said: str, question: str, shown: str
) -> None:
    contexts = [Context(id="page", text=text)]
    world = World(contexts, {"page": Triple(True, None, said)})
    result = ask(question, contexts, model=world.model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [(shown, ["page"])]


@pytest.mark.parametrize(
    "said",
    ["لكنها في الواقع تأسست عام 1896", "تأسست عام 1890", "يقال إن المكتبة تأسست عام 1890"],
)
def test_a_reply_setting_its_date_against_another_answers_the_date(said: str) -> None:
    text = "يقال إن المكتبة تأسست عام 1890، لكنها في الواقع تأسست عام 1896."
    contexts = [Context(id="ar", text=text)]
    world = World(contexts, {"ar": Triple(True, None, said)})
    result = ask("متى تأسست المكتبة؟", contexts, model=world.model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("1896", ["ar"])]


def test_an_address_is_an_answer_though_it_holds_the_questions_name() -> None:
    contexts = [Context(id="contact", text="For help, write to support@rowan.example today.")]
    world = World(contexts, {"contact": Triple(True, None, "support@rowan.example")})
    result = ask("What is the support email for Rowan Cloud?", contexts, model=world.model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [
        ("support@rowan.example", ["contact"])
    ]
    assert restates("Rowan Cloud team", "Who runs Rowan Cloud?")  # names only the subject


@pytest.mark.parametrize(
    "text",
    [
        "Astronomers once believed Vexa had only two moons.",
        "It was long thought that Vexa had two moons.",
        "Vexa was originally assumed to have two moons.",
        "Vexa has two moons, it was once believed.",  # the belief told after it
        "Vexa had two moons, it was long thought.",
    ],
)
def test_a_belief_given_up_is_not_stated(text: str) -> None:
    question = "How many moons does the planet Vexa have?"
    assert not states(text, "two moons", question)
    assert states(f"{text} Vexa has three moons.", "three moons", question)
    assert states("Ada believed Vexa had two moons.", "two moons", question)  # held, not given up
    assert states("Vexa has two moons, as was long thought.", "two moons", question)  # right


def test_copies_are_folded_only_into_a_context_they_agree_with() -> None:
    # "Maya Chen" agrees with "Chen" and with "Maya"; "Chen" and "Maya" do not agree.
    def plan(longest: str) -> dict[str, str]:
        contexts = [Context(id=i, text="x" * (40 if i == longest else 10)) for i in IDS]
        graph = RelationGraph(ids=list(IDS), relations=RELATIONS)
        return plan_corg(contexts, graph, max_group_size=4).dropped

    assert plan("full") == {"last": "duplicate of full", "first": "duplicate of full"}
    assert plan("last") == {"full": "duplicate of last"}  # "first" is no copy of "last"


IDS = ("full", "last", "first")
RELATIONS = [
    Relation(a="full", b="last", label="duplicated"),
    Relation(a="full", b="first", label="duplicated"),
    Relation(a="last", b="first", label="counterfactual"),
]


def test_the_audit_counts_every_shown_answer_and_citation() -> None:
    labels = {"a": "1932", "b": "1932", "c": "1934", "d": ""}
    shown = [
        AnswerItem(answer="1932", citations=["a", "b", "c"]),
        AnswerItem(answer="1934", citations=["c", "d"]),
    ]
    assert audit(shown, labels) == pytest.approx(3 / 5)
    assert audit([], labels) is None


@pytest.mark.parametrize(
    ("question", "answer", "left"),
    [
        ("Which failed most? Windows or Linux?", "Windows", "Which failed most?   or Linux?"),
        ("Was it built in 1932 or 1934?", "1934", "Was it built in 1932 or  ?"),
        ("Is the ledger on MySQL, or PostgreSQL?", "MySQL", "Is the ledger on  , or PostgreSQL?"),
        ("Soll es Windows oder Linux sein?", "Linux", "Soll es Windows oder   sein?"),
        ("Who owns the Harbor build?", "Harbor", "Who owns the Harbor build?"),  # not offered
        ("Tea or coffee?", "or", "Tea or coffee?"),
    ],
)
def test_an_alternative_the_question_offers_is_taken_out_of_it(
    question: str, answer: str, left: str
) -> None:
    assert unoffered(question, answer) == left


@pytest.mark.parametrize(
    ("text", "denied", "stated"),
    [
        ("一些资料称该桥于1932年通车，但实际上是1934年。", "1932", "1934"),
        ("该桥通车时间常被误认为1932年，实际为1934年。", "1932", "1934"),
        ("1932年とする資料もあるが、実際は1934年に開通した。", "1932", "1934"),
        ("Algunas fuentes dicen 1932, pero en realidad abrió en 1934.", "1932", "1934"),
        (
            "Certaines sources indiquent 1932, mais le pont a en fait ouvert en 1934.",
            "1932",
            "1934",
        ),
        ("Manche Quellen nennen 1932, tatsächlich wurde die Brücke 1934 eröffnet.", "1932", "1934"),
        (
            "Некоторые источники называют 1932 год, но на самом деле мост открыли в 1934 году.",
            "1932",
            "1934",
        ),
        ("तारीख अक्सर 1932 बताई जाती है, लेकिन पुल 1934 में खुला।", "1932", "1934"),
        ("पुल 1934 में खुला, 1932 में नहीं।", "1932", "1934"),
        ("Η γέφυρα άνοιξε το 1934 και όχι το 1932.", "1932", "1934"),
        ("Cầu được khánh thành năm 1934, không phải năm 1932.", "1932", "1934"),
        ("Köprü 1932'de değil, 1934'te açıldı.", "1932", "1934"),
        ("De brug werd in 1934 geopend, niet in 1932.", "1932", "1934"),
        ("Il ponte fu aperto nel 1934, non nel 1932.", "1932", "1934"),
        ("A ponte foi inaugurada em 1934, e não em 1932.", "1932", "1934"),
        ("Jembatan itu dibuka pada tahun 1934, bukan 1932.", "1932", "1934"),
        (
            "일부 자료는 다리가 1932년에 개통했다고 하지만, 실제로는 1934년에 개통했다.",
            "1932",
            "1934",
        ),
        ("흔히 1932년으로 알려져 있지만 실제로는 1934년에 개통했다.", "1932", "1934"),
        ("많은 안내서에는 1932년으로 나와 있지만, 기록에 따르면 1934년이다.", "1932", "1934"),
        ("The bridge, long said to have opened in 1932, in fact opened in 1934.", "1932", "1934"),
        ("The bridge opened in 1934 - not, as the guidebook says, in 1932.", "1932", "1934"),
        ("The bridge opened in 1934, although many guides say 1932.", "1932", "1934"),
        ("Le pont a ouvert en 1934 ; la date de 1932 est une erreur.", "1932", "1934"),
        ("El puente abrió en 1934, aunque muchas guías dicen 1932.", "1932", "1934"),
        ("Die Brücke wurde 1934 eröffnet; 1932 ist ein Fehler.", "1932", "1934"),
    ],
)
def test_corrections_and_reported_claims_in_other_languages(
    text: str, denied: str, stated: str
) -> None:
    assert denies(text, denied) and not states(text, denied)
    assert states(text, stated) and grounded(text, stated)


@pytest.mark.parametrize(
    ("answer", "question", "phrase"),
    [
        ("will take place on March 10", "When is the board meeting?", "March 10"),
        ("The meeting takes place on March 10.", "When is the board meeting?", "March 10"),
        ("It opened on the 3rd of April, 1932.", "When did it open?", "3rd of April, 1932"),
        # what restates the whole question says nothing more, whatever else it names
        (
            "The Rama VIII Bridge over the Chao Phraya opened in 2002.",
            "What year did the Rama VIII Bridge open?",
            "2002",
        ),
        (
            "The Oslo festival is held on March 10",
            "When is the Bergen festival?",
            "The Oslo festival is held on March 10",
        ),
        # a name before the date is kept with it; so is anything after the date
        ("Bergen hosts it on March 10", "When is the summit?", "Bergen hosts it on March 10"),
        ("opened in 1932 after six years", "When did it open?", "opened in 1932 after six years"),
        # only for a question that asks when
        ("It opened in 1932.", "Which bridge opened first?", "It opened in 1932."),
        # a date and its preposition alone, in other languages too; not a place
        ("En 1934", "Quand le pont de Corvale a-t-il ouvert ?", "1934"),
        ("im Mai 1934", "Wann wurde die Brücke eröffnet?", "Mai 1934"),
        ("in March 1934.", "When did it open?", "March 1934"),
        ("im März 1934", "Wann wurde die Brücke eröffnet?", "März 1934"),
        ("Le pont a ouvert en février 1934.", "Quand le pont a-t-il ouvert ?", "février 1934"),
        ("Il a ouvert le 3 décembre 1934", "Quand le pont a-t-il ouvert ?", "3 décembre 1934"),
        ("In Paris", "When did it open?", "In Paris"),
        ("en 1934", "Où le pont a-t-il ouvert ?", "en 1934"),
    ],
)
def test_a_reply_to_when_is_cut_to_the_date_it_ends_on(
    answer: str, question: str, phrase: str
) -> None:
    assert date_phrase(answer, question) == phrase


@pytest.mark.parametrize(
    ("answer", "question", "date"),
    [
        # with its particles or the question's own verb, asked in other languages
        ("vuonna 1934", "Milloin Corvalen silta avattiin?", "1934"),
        ("1934'te açıldı", "Corvale Köprüsü ne zaman açıldı?", "1934"),
        ("v roce 1934", "Kdy byl otevřen most Corvale?", "1934"),
        ("1936 году", "Когда был открыт мост Корвале?", "1936"),
        ("ב-1934", "מתי נפתח גשר קורבלה?", "1934"),
        ("ב1932", "מתי נפתח גשר קורבלה?", "1932"),  # the prefix written on the number
        ("ب1932", "متى افتتح جسر كورفالي؟", "1932"),
        ("נפתח בשנת 1932", "מתי נפתח גשר קורבלה?", "1932"),
        ("1958年通车", "明溪大桥是哪一年通车的？", "1958年"),
        ("2024年3月15日", "新版本什么时候发布？", "2024年3月15日"),
        ("am 15.03.2024", "Wann wurde das Gerät ausgeliefert?", "15.03.2024"),
        ("1988년에 문을 열었으며", "한빛 도서관은 언제 문을 열었나요?", "1988년"),
        ("It opened in 1932.", "When did it open?", "1932"),
        ("تأسست عام 1896", "متى تأسست المكتبة؟", "1896"),
        ("1934 में", "पुल कब खुला?", "1934"),
        ("در سال 1934", "پل چه زمانی افتتاح شد؟", "1934"),
        ("১৯৩২ সালে", "কোরভেল সেতু কবে খোলা হয়?", "১৯৩২"),
        # a reply in letters the question has none of: its words cannot be told apart
        ("The Corvale Bridge opened in 1932.", "কোরভেল সেতু কবে খোলা হয়?", "1932"),
        ("科尔瓦莱桥于1932年通车。", "When did the Corvale Bridge open?", "1932年"),
        ("1932 ஆம் ஆண்டில்", "கோர்வேல் பாலம் எப்போது திறக்கப்பட்டது?", "1932"),
        # not when anything else is said, or two dates are, or the question asks no time
        ("1934 (planned)", "When did it open?", "1934 (planned)"),
        ("1932 in Paris", "Quand le pont a-t-il ouvert ?", "1932 in Paris"),
        ("from 1932 to 1934", "Milloin silta avattiin?", "from 1932 to 1934"),
        ("vuonna 1934", "Kuka avasi sillan?", "vuonna 1934"),
        (
            "The Corvale Bridge opened in 1932.",
            "Quand le pont a-t-il ouvert ?",
            "The Corvale Bridge opened in 1932.",
        ),
    ],
)
def test_an_answer_to_when_is_its_one_date_when_the_rest_adds_nothing(
    answer: str, question: str, date: str
) -> None:
    assert bare_date(answer, question) == date


ORSA = "The Orsa clinic is no longer on Mill Street; it moved to 12 Quay Road in May."


@pytest.mark.parametrize(
    ("answer", "text", "question", "date"),
    [
        (
            "Since it opened in 1932 the bridge has been a symbol.",
            None,
            "When did it open?",
            "1932",
        ),
        (
            "新しい図書館は2027年4月に開館する予定です。",
            None,
            "新しい図書館はいつ開館しますか？",
            "2027年4月",
        ),
        # a Hebrew or Arabic prefix written on the number
        ("גשר קורבלה נפתח לתנועה ב1932 לאחר שש שנות עבודה.", None, "מתי נפתח הגשר?", "1932"),
        ("افتتح جسر كورفالي أمام حركة المرور ب1932 بعد ست سنوات.", None, "متى افتتح؟", "1932"),
        # not a phrase, a reply the text does not write, two dates, a time, or no "when"
        ("May 3, 10:00, Room 4", "Board meeting: May 3, 10:00, Room 4.", "When is it?", None),
        ("It opened in 1932 after six years of work.", "It opened in 1932.", "When?", None),
        ("Planned for 1930, it opened in 1932 after all.", None, "When did it open?", None),
        ("The meeting starts on May 3 at 10:00 in Room 4.", None, "When is the meeting?", None),
        ("Since it opened in 1932 the bridge has been a symbol.", None, "Who built it?", None),
        ("it moved to 12 Quay Road in May", ORSA, "Where is the Orsa clinic?", None),
    ],
)
def test_a_sentence_copied_from_its_text_answers_when_by_its_one_date(
    answer: str, text: str | None, question: str, date: str | None
) -> None:
    assert copied_date(answer, text or answer, question) == (date or answer)


def test_a_word_that_asks_when_in_another_language_is_a_word_not_part_of_one() -> None:
    # Swahili "lini" is in "clinic", Indonesian "kapan" in "Kapanga"
    assert bare_date("12 Quay Road in May", "Where is the Orsa clinic?") == "12 Quay Road in May"
    assert bare_date("in Kapanga 2019", "Kapanga office address?") == "in Kapanga 2019"
    assert bare_date("1934", "Daraja la Corvale lilifunguliwa lini?") == "1934"


NIMBUS = (
    "<h1>Nimbus app</h1><table><tr><th>Role</th><th>Name</th></tr><tr><td>Product owner</td>"
    "<td>Clara Voss</td></tr></table><p>Previous product owner: Noah Berg (until 2025).</p>"
)


def test_html_blocks_end_sentences_so_a_label_of_the_past_stays_in_its_own() -> None:
    question = "Who is the product owner of the Nimbus app?"
    assert states(NIMBUS, "Clara Voss", question)
    assert not states(NIMBUS, "Noah Berg", question)


LEDGER_ROW = "Ownership\nRow 1 in Table 1: Service is ledger, and Owner is Ben Adler"


@pytest.mark.parametrize(
    ("question", "another"),
    [
        ("Who owns the refunds service?", True),
        ("Who is the owner of the refunds service?", True),
        ("Who owns the ledger service?", False),
        # a question that names no service leaves every row in
        ("Who owns the service?", False),
        ("Which service does Ben Adler own?", False),
        ("Since when does Ben own it?", False),
    ],
)
def test_a_table_row_about_another_thing_than_the_question_names(
    question: str, another: bool
) -> None:
    assert another_row(LEDGER_ROW, question) is another
    assert not another_row("The ledger service is owned by Ben Adler.", question)


@pytest.mark.parametrize(
    ("row", "question"),
    [
        # the column's word used another way: a modifier, a verb after it, an adjective
        ("Row 1 in Table 1: Build is 6662, and BIOS is 1.14.0", "What were the Build versions?"),
        ("Row 9 in Table 1: Step is syncui, and Description is UI", "Which step refers to the UI?"),
        ("Row 11 in Table 1: Step is installer2", "Which optional step needs rpm?"),
        # a first column that describes, not names; a column of two words
        ("Row 2 in Table 1: Test is Install the RHEL guest VM.", "What failed in the rc0 tests?"),
        ("Row 1 in Table 1: Patch Name is config.patch", "Which Xen patch was applied?"),
    ],
)
def test_a_table_row_is_kept_when_the_question_names_no_other_thing(
    row: str, question: str
) -> None:
    assert not another_row(row, question)


def test_a_reply_that_names_who_does_what_the_question_asks_is_cut_to_the_name() -> None:
    assert answer_phrase("Owner is Mia Chen", "Who owns the invoicing service?") == "Mia Chen"
    assert answer_phrase("Director: Erwin Piscator", "Who directed it?") == "Erwin Piscator"
    assert answer_phrase("Writer's Guild", "Who wrote it?") == "Writer's Guild"


OWNERS = (
    "# Owners\n\n| Service | Owner |\n|---|---|\n| Billing | Mara Lind |\n"
    "| Search | **Omar Haddad** |"
)


@pytest.mark.parametrize(
    ("text", "question", "cell"),
    [
        (OWNERS, "Who owns the Search service?", "Omar Haddad"),  # "owns" for "Owner"
        (OWNERS, "Who owns the billing service?", "Mara Lind"),
        (OWNERS, "¿Quién es el owner de Search?", "Omar Haddad"),
        (OWNERS, "Who owns the ledger?", None),  # no row named
        (OWNERS, "Which service does Omar Haddad own?", "Search"),  # read the other way
        (
            "| Week | Primary |\n|---|---|\n| 10 | Ana |\n| 11 | Ben |",
            "Who is primary in week 11?",
            "Ben",
        ),
        (
            "| Week | Lead |\n|---|---|\n| 10 | Ana |\n| 11 | Ben |",
            "Who is primary in week 11?",
            None,
        ),
        ("Week 10: Ana. Week 11: Ben.", "Who is primary in week 11?", None),  # no table
        # two tables that each answer: none
        (f"{OWNERS}\n\n{OWNERS.replace('Omar Haddad', 'Ines Wu')}", "Who owns Search?", None),
    ],
)
def test_a_question_may_point_at_one_cell_of_a_table(
    text: str, question: str, cell: str | None
) -> None:
    found = table_cell(text, question)
    assert (found[0] if found else None) == cell
    if found:
        assert cell not in found[1] and "Service" not in found[1]  # the body's cells only


@pytest.mark.parametrize(
    ("text", "answer", "question", "other"),
    [
        (CHAIRS, "Maya Lund", "Who chaired the Orrin board in 2019?", True),
        (CHAIRS, "Raj Mehta", "Who chaired the Orrin board in 2019?", False),
        (CHAIRS, "Maya Lund", "Who chaired the Orrin board in 2016?", False),
        (CHAIRS, "Maya Lund", "Who chaired the Orrin board?", False),  # no year asked
        (CHAIRS, "Maya Lund", "Who chaired it in 2016 or 2019?", False),  # two
        (
            "Ana Ito ran it 2014–17. Ben Roy ran it since 2018.",
            "Ana Ito",
            "Who ran it in 2019?",
            True,
        ),
        (
            "Ana Ito ran it 2014–17. Ben Roy ran it since 2018.",
            "Ben Roy",
            "Who ran it in 2019?",
            False,
        ),
        ("Ben Roy ran it since 2020.", "Ben Roy", "Who ran it in 2019?", True),
        ("Ana Ito led it until 2016.", "Ana Ito", "Who led it in 2019?", True),
        ("Ana Ito led it until 2016 and again from 2018.", "Ana Ito", "Who led it in 2019?", False),
        ("Ana Ito was appointed in 2015.", "Ana Ito", "Who led it in 2019?", False),  # one year
        ("Ana Ito leitete es von 2010 bis 2015.", "Ana Ito", "Wer leitete es 2019?", True),
        # named again in a clause that bounds her to no years
        (
            "Ana Ito led it from 2010 to 2015. Ana Ito still leads it.",
            "Ana Ito",
            "Who led it in 2019?",
            False,
        ),
        ("The 2014–2017 figure was 40%.", "40%", "What was the figure in 2019?", False),  # a figure
    ],
)
def test_a_text_may_place_an_answer_in_other_years_than_asked(
    text: str, answer: str, question: str, other: bool
) -> None:
    assert another_time(text, answer, question) is other


@pytest.mark.parametrize(
    ("answer", "question", "untimely_"),
    [
        ("Jerusalem", "When was Porush born?", True),
        ("Ben Adler", "When do the ledger backups run?", True),
        ("Lady Tunggiya", "In what year was she born?", True),
        ("Yes", "কোরভেল সেতু কবে খোলা হয়?", True),  # asked when, in Bengali
        ("Oui", "Quand le pont a-t-il ouvert ?", True),
        # a digit, a month, a season or any other word of time places it
        ("nightly at 02:00 UTC", "When do the ledger backups run?", False),
        ("last summer", "When did the musical begin?", False),
        ("after the war", "When was it pulled down?", False),
        ("im Frühling", "Wann blüht der Baum?", False),
        ("if it has obvious issues", "When can a pull request be rejected?", False),
        ("wenn es Probleme gibt", "Wann wird er abgelehnt?", False),
        # not a question that asks when
        ("Venice", "What happens when the cache is full?", False),
    ],
)
def test_an_answer_to_when_must_place_something_in_time(
    answer: str, question: str, untimely_: bool
) -> None:
    assert untimely(answer, question) is untimely_


def test_a_past_sentence_is_given_up_only_by_one_on_the_question_s_own_words() -> None:
    question = "What is the default port of the Quill server?"
    given_up = "In Quill 3, the server's default port was 8080. Since Quill 4 it is 9090."
    assert denies(given_up, "8080", question)
    # "of" is not the question's own word: the farm is not given up
    other = "Most of the site was a farm in 1900. It is now a museum with port 8080."
    assert not denies(other, "farm", question)


@pytest.mark.parametrize(
    ("text", "answer", "question", "denied"),
    [
        (KESTREL := "Kestrel is no longer maintained. It was maintained by Ana Costa until 2023.",
         "Ana Costa", "Who maintains the Kestrel library?", True),
        (KESTREL, "Ana Costa", "Who maintained the Kestrel library?", False),
        (KESTREL, "Ana Costa", "Who was the maintainer of Kestrel?", False),
        ("Raj Patel was CEO until 2021, when Lena Park took over.", "Lena Park",
         "Who is the CEO?", False),
        ("The museum was open until 8 pm.", "8 pm", "When does the museum close?", False),
        # "until" in other languages, before a year or after it, beside what holds now
        ("האחראית כיום היא לנה פארק. קן איטו היה האחראי עד 2024.", "קן איטו",
         "מי אחראי על הבנייה של Harbor?", True),
        ("האחראית כיום היא לנה פארק. קן איטו היה האחראי עד 2024.", "לנה פארק",
         "מי אחראי על הבנייה של Harbor?", False),
        ("المسؤولة الآن هي لينا بارك. كان كين إيتو المسؤول حتى عام 2024.", "كين إيتو",
         "من المسؤول عن بناء Harbor؟", True),
        ("लीना पार्क अब मालिक हैं। केन इटो 2024 तक इसके मालिक थे।", "केन इटो",
         "Harbor बिल्ड का मालिक कौन है?", True),
        ("लीना पार्क अब मालिक हैं। केन इटो 2024 तक इसके मालिक थे।", "लीना पार्क",
         "Harbor बिल्ड का मालिक कौन है?", False),
        ("現在の担当は朴麗娜です。伊藤健が2024年まで担当していた。", "伊藤健",
         "ハーバーのビルドの担当者は誰ですか？", True),
        ("현재 담당자는 레나 박입니다. 켄 이토가 2024년까지 담당했다.", "켄 이토가",
         "Harbor 빌드 담당자는 누구입니까?", True),
        ("Şimdi Lena Park sorumlu. Ken Ito 2024'e kadar sorumluydu.", "Ken Ito",
         "Harbor derlemesinden kim sorumlu?", True),
        ("Lena Park owns it now. Ken Ito owned it until 2024.", "Ken Ito", OWNS, True),
        # a year it will last until, and "up to" a number, end nothing
        ("The team is now twelve people. The office has been in Leeds since 2019 and will "
         "stay there until 2030.", "Leeds", "Where is the office?", False),
        ("इस साल तक लीना पार्क मालिक हैं।", "लीना पार्क", "Harbor बिल्ड का मालिक कौन है?", False),
    ],
)  # fmt: skip
def test_a_state_that_lasted_until_a_year_is_past_for_a_question_about_now(
    text: str, answer: str, question: str, denied: bool
) -> None:
    assert denies(text, answer, question) is denied


BRIDGE = "When did the Corvale Bridge open?"
SERVICE_PORT = "Which port does the service use?"
ROOM = "Where is the meeting?"
TIMEOUT = "What is the default timeout?"


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        # English negations as they are written, contracted
        ("The service doesn't use 9090; it uses 8080.", "9090", SERVICE_PORT, False),
        ("The service doesn't use 9090; it uses 8080.", "8080", SERVICE_PORT, True),
        ("The service doesn’t use 9090.", "9090", SERVICE_PORT, False),  # a curly apostrophe
        ("We don't use 9090 anymore.", "9090", SERVICE_PORT, False),
        ("The service can't use 9090.", "9090", SERVICE_PORT, False),
        ("The service cannot use 9090.", "9090", SERVICE_PORT, False),
        ("The service hasn't used 9090 since 2020.", "9090", SERVICE_PORT, False),
        ("The bridge didn't open until 1934.", "1934", BRIDGE, True),
        # what a clause's subject is said to be: wrong, however far before
        ("The 1932 opening date found in many guides is incorrect.", "1932", BRIDGE, False),
        ("The 1932 date given in many guides is wrong; it opened in 1934.", "1932", BRIDGE, False),
        ("The 1932 date given in many guides is wrong; it opened in 1934.", "1934", BRIDGE, True),
        ("Die in vielen Reiseführern genannte Jahreszahl 1932 ist falsch.", "1932", BRIDGE, False),
        ("The 1932 date is not wrong.", "1932", BRIDGE, True),
        ("The 1932 date isn't wrong at all.", "1932", BRIDGE, True),
        # an update note whose subject is a pronoun or left out: the page's subject
        ("The meeting is in Room 3. Update: it has been moved to Room 5.", "Room 3", ROOM, False),
        ("The meeting is in Room 3. Update: it has been moved to Room 5.", "Room 5", ROOM, True),
        ("The meeting is in Room 3. UPDATE: moved to Room 5.", "Room 3", ROOM, False),
        (
            "The meeting is in Room 3.\nUpdate (12 June): it has moved to Room 5.",
            "Room 3",
            ROOM,
            False,
        ),
        ("The meeting is in Room 3.\nUpdate 2024-06-12: now in Room 5.", "Room 3", ROOM, False),
        ("The meeting is in Room 3. Update: it is still in Room 3.", "Room 3", ROOM, True),
        ("The meeting is in Room 3. Update: lunch moved to the lobby.", "Room 3", ROOM, True),
        ("Das Treffen ist in Raum 3. Update: es wurde in Raum 5 verlegt.", "Raum 3", ROOM, False),
        # an earlier account the text corrects: what "many think", what "we previously reported"
        (
            "The bridge, which many think opened in 1932, actually opened in 1934.",
            "1932",
            BRIDGE,
            False,
        ),
        (
            "The bridge, which many think opened in 1932, actually opened in 1934.",
            "1934",
            BRIDGE,
            True,
        ),
        ("Many think the bridge opened in 1932.", "1932", BRIDGE, True),  # no account against it
        (
            "We previously reported that it opened in 1932; the correct year is 1934.",
            "1932",
            BRIDGE,
            False,
        ),
        (
            "We previously reported that it opened in 1932; the correct year is 1934.",
            "1934",
            BRIDGE,
            True,
        ),
        ("We previously reported that the bridge opened in 1932.", "1932", BRIDGE, True),
        ("As previously reported, the bridge opened in 1932.", "1932", BRIDGE, True),
        # a negation at the clause's end (Japanese cut into small words), before its verb
        # (German, Dutch), or Chinese "没有"/"未"; not a name after "und nicht"
        ("橋は1932年に開通していない。", "1932", BRIDGE, False),
        ("大桥没有在1932年通车。", "1932", BRIDGE, False),
        ("大桥未在1932年通车。", "1932", BRIDGE, False),
        ("Die Brücke wurde 1932 nicht eröffnet.", "1932", BRIDGE, False),
        ("Die Brücke ist 1932 nicht eröffnet worden.", "1932", BRIDGE, False),
        ("De brug werd in 1932 niet geopend.", "1932", BRIDGE, False),
        ("Die Brücke wurde 1934 eröffnet, nicht 1932.", "1934", BRIDGE, True),
        ("Der Build läuft auf Jenkins und nicht auf GitHub.", "Jenkins", OWNS, True),
        ("Die Firma sitzt in Hamburg und nicht Berlin.", "Hamburg", OWNS, True),
        ("Das Projekt leitet Anna und nicht Bernd.", "Anna", OWNS, True),  # no auxiliary
        # a change written with an arrow: the old value is not stated; a menu path is no change
        ("Default timeout: 30 s -> 60 s", "30 s", TIMEOUT, False),
        ("Default timeout: 30 s -> 60 s", "60 s", TIMEOUT, True),
        ("| timeout | 30 s → 60 s |", "30 s", TIMEOUT, False),
        ("Port: 8080 → 9090 → 9443", "9090", SERVICE_PORT, False),
        ("Port: 8080 → 9090 → 9443", "9443", SERVICE_PORT, True),
        ("Owner: Ken Ito → Lena Park (handed over in May)", "Ken Ito", OWNS, False),
        ("Owner: Ken Ito → Lena Park (handed over in May)", "Lena Park", OWNS, True),
        ("Go to Settings → Network and set the timeout to 30 s.", "30 s", TIMEOUT, True),
        ("Settings → Network → Proxy: Ken Ito owns it", "Ken Ito", OWNS, True),
    ],
)
def test_contracted_negations_wrong_subjects_and_update_notes(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


MEETING = "Where is the meeting?"
LISTENS = "What port does the Quill server listen on?"
OWNED_2020 = "Who owned the Harbor build in 2020?"


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        # the answer written as one phrase only where it is changed or set aside: its words
        # elsewhere ("room" of "Room 5", "3" of "3 May") do not state it
        ("Meeting: Room 3 → Room 5 (changed 3 May)", "Room 3", MEETING, False),
        ("Meeting: Room 3 → Room 5 (changed 3 May)", "Room 5", MEETING, True),
        ("Pro plan: $15 per user per month (previously $12).", "$12 per user", PRICE, False),
        (
            "$15 per user per month (previously $12)",
            "$15 per user per month (previously $12)",
            PRICE,
            False,
        ),
        ("Pro plan: $15 per user per month (previously $12).", "$15 per user", PRICE, True),
        (
            "It is in Room 3, not Room 5 as the invite says. Room 3 is upstairs.",
            "Room 5",
            MEETING,
            False,
        ),
        ("The meeting moved from Room 3. It is now held in room 5.", "Room 5", MEETING, True),
        # a plan that is over: "was due to", "were supposed to", "was meant to"
        ("The bridge was due to open in 1932 but opened in 1934.", "1932", BRIDGE, False),
        ("The bridge was due to open in 1932 but opened in 1934.", "1934", BRIDGE, True),
        ("The bridge, which was supposed to open in 1932, opened in 1934.", "1932", BRIDGE, False),
        ("The bridge was meant to be finished by 1932; it opened in 1934.", "1932", BRIDGE, False),
        ("Due to delays, the bridge opened in 1932.", "1932", BRIDGE, True),
        ("The bridge is due to open in 1932.", "1932", BRIDGE, True),
        ("The bridge was due to open in 1932.", "1932", "When was the bridge due to open?", True),
        # written otherwise than the answer: its words, each stated, still state it
        ("Born: 14 July 1868 in Leeds.", "July 14, 1868", BRIDGE, True),
        ("Owner: Park, Lena", "Lena Park", OWNS, True),
    ],
)
def test_phrases_plans_that_are_over_and_other_orders(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        # the question's verb in the past beside it in the present: a former holder
        ("Ken Ito owned the Harbor build; Lena Park owns it.", "Ken Ito", OWNS, False),
        ("Ken Ito owned the Harbor build; Lena Park owns it.", "Lena Park", OWNS, True),
        ("Owned by Ken Ito (2019-2023). Now owned by Lena Park.", "Ken Ito", OWNS, False),
        ("Owned by Ken Ito (2019-2023). Now owned by Lena Park.", "Lena Park", OWNS, True),
        ("Versions before 2.0 listened on port 8080. It listens on 8443.", "8080", LISTENS, False),
        ("Lena Park owns the Harbor build and has owned it since 2021.", "Lena Park", OWNS, True),
        ("Ken Ito owned the Harbor build.", "Ken Ito", OWNS, True),  # nothing says who does now
        ("Ken Ito owned the Harbor build; Lena Park owns it.", "Ken Ito", OWNED_2020, True),
        # "used to", "once", "before her", "not anymore"
        ("Ken Ito used to own the Harbor build. Lena Park owns it now.", "Ken Ito", OWNS, False),
        ("Jenkins is used to run the Harbor build; Ken Ito owns it now.", "Ken Ito", OWNS, True),
        ("Ken Ito used to own the Harbor build.", "Ken Ito", "Who used to own it?", True),
        # "used to" after a word of the question: its subject is what is asked about
        (
            "Its index is rebuilt at 02:00; the rebuild used to run at 04:00.",
            "04:00",
            REBUILT,
            False,
        ),
        (
            "Its index is rebuilt at 02:00; the rebuild used to run at 04:00.",
            "02:00",
            REBUILT,
            True,
        ),
        ("The rebuild used to run at 04:00.", "04:00", "When did the rebuild use to run?", True),
        (
            "The Harbor build, once owned by Ken Ito, is now owned by Lena Park.",
            "Ken Ito",
            OWNS,
            False,
        ),
        ("Harbor build: owner Lena Park (since May; before her, Ken Ito)", "Ken Ito", OWNS, False),
        ("Harbor build: owner Lena Park (since May; before her, Ken Ito)", "Lena Park", OWNS, True),
        (
            "Before 2023, Ken Ito owned the Harbor build; Lena Park owns it.",
            "Lena Park",
            OWNS,
            True,
        ),
        ("Before: 8080. After: 9090.", "8080", LISTENS, False),
        (
            "Ken Ito is the owner of the Harbor build. EDIT: not anymore, Lena Park is.",
            "Ken Ito",
            OWNS,
            False,
        ),
        (
            "Ken Ito is the owner of the Harbor build. EDIT: not anymore, Lena Park is.",
            "Lena Park",
            OWNS,
            True,
        ),
    ],
)
def test_former_holders_told_by_tense_used_to_once_and_not_anymore(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        ("Ken Ito was the owner; now it is Lena Park.", "Ken Ito", False),
        ("Ken Ito was the owner; now it is Lena Park.", "Lena Park", True),
        ("The owner was Ken Ito, but it is now Lena Park.", "Ken Ito", False),
        ("Ken Ito était le propriétaire ; c'est maintenant Lena Park.", "Ken Ito", False),
        ("El dueño era Ken Ito; ahora es Lena Park.", "Ken Ito", False),
        ("El dueño era Ken Ito; ahora es Lena Park.", "Lena Park", True),
        ("O dono era Ken Ito; agora é Lena Park.", "Ken Ito", False),
        ("Der Besitzer war Ken Ito, jetzt ist es Lena Park.", "Ken Ito", False),
        ("Владельцем был Ken Ito, теперь — Lena Park.", "Ken Ito", False),
        # Chinese and Japanese open the clause after on its "now"
        ("Harbor构建原由Ken Ito负责，现由Lena Park负责。", "Ken Ito", False),
        ("Harbor构建原由Ken Ito负责，现由Lena Park负责。", "Lena Park", True),
        ("负责人原为Ken Ito，现为Lena Park。", "Ken Ito", False),
        ("此前由Ken Ito负责，目前由Lena Park负责。", "Ken Ito", False),
        ("以前はKen Itoが担当していたが、現在はLena Parkが担当している。", "Ken Ito", False),
        ("以前はKen Itoが担当していたが、現在はLena Parkが担当している。", "Lena Park", True),
        # a clause after that says something else; "原因" (reason) puts nothing in the past
        ("Harbor构建由Ken Ito负责，现在运行正常。", "Ken Ito", True),
        ("原因是Ken Ito休假，现在已解决。", "Ken Ito", True),
        # the clause after says something else than what holds now
        (
            "Ken Ito was the owner of the Falcon API; now he leads the Harbor build.",
            "Ken Ito",
            True,
        ),
    ],
)
def test_what_was_right_before_what_is_now_is_not_stated(
    text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer, OWNS) is stated
    assert states(text, answer, OWNED_2020)  # asked in the past, it was so


TIMEOUT_Q = "What is the default timeout?"
LEADS = "Who leads the data team?"


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        ("The default timeout is 60 s; in older versions it was 30 s.", "30 s", TIMEOUT_Q, False),
        ("The default timeout is 60 s; in older versions it was 30 s.", "60 s", TIMEOUT_Q, True),
        ("Default timeout: 60 s. (Was: 30 s.)", "30 s", TIMEOUT_Q, False),
        ("Omar Diaz, who led the data team until 2024, has retired.", "Omar Diaz", LEADS, False),
        ("Omar Diaz left; Priya Nair now leads the data team.", "Omar Diaz", LEADS, False),
        ("Omar Diaz left; Priya Nair now leads the data team.", "Priya Nair", LEADS, True),
        ("Priya Nair took the team after Omar Diaz left.", "Priya Nair", LEADS, True),
        ("Priya Nair leads the data team and retired from the board.", "Priya Nair", LEADS, True),
        ("The API uses port 8443; port 8080 was retired in May.", "8080", PORT, False),
        ("The API uses port 8443; port 8080 was retired in May.", "8443", PORT, True),
        (
            "The office is in York. Some pages still list Leeds, which is out of date.",
            "Leeds",
            "Where is the office?",
            False,
        ),
        (
            "The April 2 launch date has been pushed back to May 5.",
            "April 2",
            "When is the launch?",
            False,
        ),
        (
            "The April 2 launch date has been pushed back to May 5.",
            "May 5",
            "When is the launch?",
            True,
        ),
        ("We pushed the fix to main on May 5.", "May 5", "When was the fix merged?", True),
    ],
)
def test_older_versions_leaving_verbs_out_of_date_and_pushed_back(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


HARBOR = "Who owns the Harbor build?"
DEFAULT_PORT = "What is the default port?"


@pytest.mark.parametrize(
    ("question", "text", "answer", "stated"),
    [
        # German
        (
            HARBOR,
            "Der Harbor-Build gehört jetzt Lena Park; vorher gehörte er Ken Ito.",
            "Ken Ito",
            False,
        ),
        (HARBOR, "Seit März ist Lena Park zuständig, davor war es Ken Ito.", "Ken Ito", False),
        (HARBOR, "Ken Ito hat den Harbor-Build an Lena Park übergeben.", "Ken Ito", False),
        (HARBOR, "Lena Park hat den Harbor-Build von Ken Ito übernommen.", "Ken Ito", False),
        (DEFAULT_PORT, "Der Standardport ist 8443 (früher 8080).", "8080", False),
        (DEFAULT_PORT, "Der Standardport wurde von 8080 auf 8443 geändert.", "8080", False),
        (DEFAULT_PORT, "Der Standardport ist nicht mehr 8080, sondern 8443.", "8080", False),
        (DEFAULT_PORT, "Der Standardport ist nicht mehr 8080, sondern 8443.", "8443", True),
        # French
        (
            HARBOR,
            "Le Harbor build appartient désormais à Lena Park ; avant, c'était Ken Ito.",
            "Ken Ito",
            False,
        ),
        (HARBOR, "Lena Park a repris le Harbor build de Ken Ito.", "Ken Ito", False),
        (HARBOR, "Ken Ito a cédé le Harbor build à Lena Park.", "Ken Ito", False),
        (DEFAULT_PORT, "Le port par défaut est 8443 (auparavant 8080).", "8080", False),
        (DEFAULT_PORT, "Le port par défaut est passé de 8080 à 8443.", "8080", False),
        (DEFAULT_PORT, "Le port par défaut n'est plus 8080 mais 8443.", "8080", False),
        (DEFAULT_PORT, "Le port par défaut n'est plus 8080 mais 8443.", "8443", True),
        # Spanish
        (HARBOR, "Ken Ito le entregó el Harbor build a Lena Park.", "Ken Ito", False),
        (HARBOR, "Lena Park reemplazó a Ken Ito como responsable.", "Ken Ito", False),
        (DEFAULT_PORT, "El puerto por defecto es 8443 (antes 8080).", "8080", False),
        (DEFAULT_PORT, "El puerto por defecto pasó de 8080 a 8443.", "8080", False),
        (DEFAULT_PORT, "El puerto por defecto ya no es 8080, sino 8443.", "8080", False),
        (DEFAULT_PORT, "El puerto por defecto ya no es 8080, sino 8443.", "8443", True),
        # Portuguese / Italian
        (DEFAULT_PORT, "A porta padrão mudou de 8080 para 8443.", "8080", False),
        (DEFAULT_PORT, "La porta predefinita è passata da 8080 a 8443.", "8080", False),
        (DEFAULT_PORT, "La porta predefinita non è più 8080 ma 8443.", "8080", False),
        (DEFAULT_PORT, "La porta predefinita non è più 8080 ma 8443.", "8443", True),
        # Dutch
        (DEFAULT_PORT, "De standaardpoort is veranderd van 8080 naar 8443.", "8080", False),
        (DEFAULT_PORT, "De standaardpoort is niet langer 8080 maar 8443.", "8080", False),
        # Russian / Chinese / Japanese
        (DEFAULT_PORT, "Порт по умолчанию изменён с 8080 на 8443.", "8080", False),
        (DEFAULT_PORT, "Порт по умолчанию больше не 8080, а 8443.", "8080", False),
        (DEFAULT_PORT, "默认端口已从8080改为8443。", "8080", False),
        (DEFAULT_PORT, "默认端口不再是8080，而是8443。", "8080", False),
        (DEFAULT_PORT, "デフォルトのポートは8080から8443に変更されました。", "8080", False),
        (DEFAULT_PORT, "デフォルトのポートは8443です（以前は8080）。", "8080", False),
        # what stays stated: a range with no change, the new value of each change
        ("When does the shop open?", "The shop is open from 9am to 5pm.", "9am", True),
        ("¿A qué hora abre?", "La tienda abre de 9 a 17 h.", "9", True),
        (DEFAULT_PORT, "Le port par défaut est passé de 8080 à 8443.", "8443", True),
        (DEFAULT_PORT, "El puerto por defecto pasó de 8080 a 8443.", "8443", True),
        (DEFAULT_PORT, "默认端口已从8080改为8443。", "8443", True),
        (DEFAULT_PORT, "Порт по умолчанию изменён с 8080 на 8443.", "8443", True),
        (DEFAULT_PORT, "デフォルトのポートは8080から8443に変更されました。", "8443", True),
        (DEFAULT_PORT, "기본 포트가 8080에서 8443으로 변경되었습니다.", "8080", False),
        (DEFAULT_PORT, "기본 포트가 8080에서 8443으로 변경되었습니다.", "8443", True),
        ("どこから来ましたか？", "東京から大阪まで3時間です。", "東京", True),
    ],
)
def test_changes_and_hand_overs_in_other_languages(
    question: str, text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


POPULATION = "What is the population of Tyro?"


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        ("The population was 220 in 2010. It is now 250.", "220", False),
        ("The population was 220 in 2010; it is now 250.", "220", False),
        ("The population was 220 in 2010. It is now 250.", "250", True),
        # the sentence after speaks of something else
        ("The population was 1,251 at the 2010 census. The school is now closed.", "1,251", True),
        ("The population was 1,251 in 2010; the mill is now a museum.", "1,251", True),
    ],
)
def test_a_past_figure_is_given_up_only_by_a_present_one_about_it(
    text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer, POPULATION) is stated


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        ("Lena Park owns the Harbor build; Ken Ito does not.", "Ken Ito", False),
        ("Lena Park owns the Harbor build; Ken Ito does not.", "Lena Park", True),
        ("Lena Park owns it but Ken Ito doesn't.", "Ken Ito", False),
        ("Ken Ito says he does not know who owns it.", "Ken Ito", True),
        ("Lena Park owns it, whether Ken Ito likes it or not.", "Lena Park", True),
    ],
)
def test_a_clause_that_ends_on_a_negated_auxiliary_takes_its_verb_back(
    text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer, OWNS) is stated


@pytest.mark.parametrize(
    "question",
    [
        "Who owned the Harbor build before Lena Park?",
        "Who previously owned the Harbor build?",
        "Who used to own the Harbor build?",
    ],
)
@pytest.mark.parametrize(
    "text",
    [
        "Ken Ito owned the Harbor build; Lena Park owns it.",
        "Ken Ito used to own the Harbor build. Lena Park owns it now.",
        "The Harbor build, once owned by Ken Ito, is now owned by Lena Park.",
        "Harbor build owner: Lena Park (since May; before her, Ken Ito)",
        "Ken Ito was the owner; now it is Lena Park.",
        "Lena Park took over the Harbor build from Ken Ito.",
        "Lena Park takes over the Harbor build from Ken Ito.",
        "Ken Ito handed the Harbor build to Lena Park.",
        "Ken Ito a cédé le Harbor build à Lena Park.",
        "Since March it is owned by Lena Park; before that, Ken Ito owned it.",
        "Lena Park owns the Harbor build. Until then, Ken Ito owned it.",
    ],
)
def test_asked_what_held_before_the_former_holder_is_stated(text: str, question: str) -> None:
    assert states(text, "Ken Ito", question)
    assert not states(text, "Ken Ito", OWNS)  # asked what holds now, it is not


@pytest.mark.parametrize(
    ("text", "now", "before", "former"),
    [
        (
            "Der Ledger-Dienst gehört seit März Priya Nair. Bis dahin gehörte er Tom Berg.",
            "Wem gehört der Ledger-Dienst?",
            "Wem gehörte der Ledger-Dienst vor Priya Nair?",
            "Tom Berg",
        ),
        (
            "Seit März ist Priya Nair für den Ledger-Dienst verantwortlich. Vorher war Tom Berg "
            "verantwortlich.",
            "Wer ist für den Ledger-Dienst verantwortlich?",
            "Wer war vor Priya Nair für den Ledger-Dienst verantwortlich?",
            "Tom Berg",
        ),
        (
            "Le service Ledger appartient à Priya Nair depuis mars. Avant cela, il appartenait "
            "à Tom Berg.",
            "À qui appartient le service Ledger ?",
            "À qui appartenait le service Ledger avant Priya Nair ?",
            "Tom Berg",
        ),
        (
            "Depuis mars, Priya Nair est responsable du service Ledger. Auparavant, Tom Berg en "
            "était responsable.",
            "Qui est responsable du service Ledger ?",
            "Qui était responsable du service Ledger avant Priya Nair ?",
            "Tom Berg",
        ),
        (
            "Desde marzo, el servicio Ledger pertenece a Priya Nair. Hasta entonces pertenecía a "
            "Tom Berg.",
            "¿A quién pertenece el servicio Ledger?",
            "¿A quién pertenecía el servicio Ledger antes de Priya Nair?",
            "Tom Berg",
        ),
        (
            "Dal marzo il servizio Ledger è di Priya Nair. Prima di allora era di Tom Berg.",
            "Di chi è il servizio Ledger?",
            "Di chi era il servizio Ledger prima di Priya Nair?",
            "Tom Berg",
        ),
        (
            "Desde março, o serviço Ledger pertence a Priya Nair. Antes disso, pertencia a Tom "
            "Berg.",
            "A quem pertence o serviço Ledger?",
            "A quem pertencia o serviço Ledger antes de Priya Nair?",
            "Tom Berg",
        ),
        (
            "Sinds maart is Priya Nair eigenaar van de Ledger-dienst. Voordien was Tom Berg "
            "eigenaar.",
            "Wie is eigenaar van de Ledger-dienst?",
            "Wie was eigenaar van de Ledger-dienst vóór Priya Nair?",
            "Tom Berg",
        ),
        (
            "С марта сервисом Ledger владеет Прия Наир. До этого им владел Том Берг.",
            "Кто владеет сервисом Ledger?",
            "Кто владел сервисом Ledger до Прии Наир?",
            "Том Берг",
        ),
        (
            "Od marca właścicielką usługi Ledger jest Priya Nair. Wcześniej właścicielem był Tom "
            "Berg.",
            "Kto jest właścicielem usługi Ledger?",
            "Kto był właścicielem usługi Ledger przed Priyą Nair?",
            "Tom Berg",
        ),
        (
            "自三月起，Ledger服务归Priya Nair所有。在此之前，它归Tom Berg所有。",
            "Ledger服务归谁所有？",
            "在Priya Nair之前，Ledger服务归谁所有？",
            "Tom Berg",
        ),
        (
            "3月からLedgerサービスの担当はPriya Nairです。それまではTom Bergが担当していた。",
            "Ledgerサービスの担当者は誰ですか？",
            "Priya Nairの前にLedgerサービスを担当していたのは誰ですか？",
            "Tom Berg",
        ),
    ],
)
def test_before_that_in_other_languages_puts_a_holder_in_the_past(
    text: str, now: str, before: str, former: str
) -> None:
    assert not states(text, former, now)
    assert states(text, former, before)


@pytest.mark.parametrize(
    ("question", "before"),
    [
        ("Wer war vor 2022 Besitzer?", True),
        ("Qui était responsable avant Priya Nair ?", True),
        ("¿Quién lo dirigía antes de 2020?", True),
        ("Кто был мэром до 2020 года?", True),
        ("프리야 나이르 이전에 누가 소유했나요?", True),
        ("Who used to own the Harbor build?", True),
        # what to do first, or "to": no time before
        ("Was muss ich vor dem Deploy tun?", False),
        ("Que faut-il faire avant le déploiement ?", False),
        ("¿Qué hago antes de desplegar?", False),
        ("Как доехать до Москвы?", False),
        ("デプロイの前に何をすべきですか？", False),
        ("Czy przed wyjazdem muszę zapłacić?", False),
        ("What should I do before deploying?", False),
    ],
)
def test_a_question_asks_what_held_before_a_time_or_a_holder_in_its_language(
    question: str, before: bool
) -> None:
    assert asks_what_held_before(question) is before


def test_asked_what_held_before_a_version_the_old_value_is_stated() -> None:
    text = "The default port changed from 8080 to 8443 in version 2."
    assert states(text, "8080", "What was the default port before version 2?")
    assert not states(text, "8080", "What is the default port?")


def test_a_question_of_what_a_thing_is_used_to_do_asks_no_past() -> None:
    text = "Jenkins is used to run the Harbor build; Ken Ito handed it to Lena Park."
    assert states(text, "Jenkins", "Which tool is used to run the Harbor build?")
    assert not states(text, "Ken Ito", "Who is used to running the Harbor build?")


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        (
            "Harbor build の担当者は Lena Park です。前任者は Ken Ito でした。",
            "Ken Ito",
            OWNS,
            False,
        ),
        (
            "Harbor build の担当者は Lena Park です。前任者は Ken Ito でした。",
            "Lena Park",
            OWNS,
            True,
        ),
        (
            "Harbor build の担当者は Lena Park です。前任者は Ken Ito でした。",
            "Ken Ito",
            "前任者は誰ですか？",
            True,
        ),
        ("Her predecessor was Raj Patel.", "Raj Patel", "Who was her predecessor?", True),
        ("Ken Ito hat den Harbor-Build an Lena Park übergeben.", "Ken Ito", OWNS, False),
        ("Tidigare ägare: Ken Ito. Nuvarande ägare: Lena Park.", "Ken Ito", OWNS, False),
        ("Tidigare ägare: Ken Ito. Nuvarande ägare: Lena Park.", "Lena Park", OWNS, True),
        ("Tidligere eier: Ken Ito; nåværende eier: Lena Park.", "Lena Park", OWNS, True),
        ("المالك الحالي هو Lena Park. المالك السابق كان Ken Ito.", "Ken Ito", OWNS, False),
        ("المالك الحالي هو Lena Park. المالك السابق كان Ken Ito.", "Lena Park", OWNS, True),
        (
            "المالك الحالي هو Lena Park. المالك السابق كان Ken Ito.",
            "Ken Ito",
            "من يملك الخدمة؟",
            False,
        ),
    ],
)
def test_predecessors_and_former_labels_in_other_languages(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


OFFICE = "Where is the office?"
API_PORT = "Which port does the API use?"


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        ("We left Leeds in 2023 and moved to York.", "Leeds", OFFICE, False),
        ("We left Leeds in 2023 and moved to York.", "York", OFFICE, True),
        ("The Leeds office closed in 2022; the team now works from York.", "Leeds", OFFICE, False),
        ("The company moved out of Leeds last year.", "Leeds", OFFICE, False),
        ("The Leeds office was shut down in March.", "Leeds", OFFICE, False),
        ("After ten years in Leeds, the office relocated to York.", "Leeds", OFFICE, False),
        ("After ten years in Leeds, the office relocated to York.", "York", OFFICE, True),
        ("The office, which left Leeds in 2021, is now in York.", "Leeds", OFFICE, False),
        ("The team vacated its Leeds premises in 2020.", "Leeds", OFFICE, False),
        (
            "The museum, in Leeds since 1990, closed in 2020.",
            "Leeds",
            "Where is the museum?",
            False,
        ),
        # a while, not for good; not left; asked what came before; not asked where
        ("The Leeds office is closed on Sundays.", "Leeds", OFFICE, True),
        ("The Leeds shop closed at 5 pm yesterday.", "Leeds", OFFICE, True),
        ("Visitors left Leeds impressed by the office.", "Leeds", OFFICE, True),
        ("We never left Leeds.", "Leeds", OFFICE, True),
        ("We didn't leave Leeds.", "Leeds", OFFICE, True),
        ("The Leeds office did not close.", "Leeds", OFFICE, True),
        ("The Leeds office closed in 2022.", "Leeds", "Where was the office before 2022?", True),
        ("Acme's acquisition of Beta closed in March.", "Acme", "Who acquired Beta?", True),
        ("After two years at Oxford, he graduated.", "Oxford", "Where did he study?", True),
    ],
)
def test_a_place_left_or_closed_for_good_is_not_where_it_is(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        ("Never expose port 8443 publicly; the API uses it internally.", "8443", True),
        ("Don't forward 8443 externally; the API binds to it.", "8443", True),
        ("Do not use port 8080; the API listens on 8443.", "8080", False),
        ("Never run the API on port 8080.", "8080", False),
        ("The API does not use port 8080.", "8080", False),
    ],
)
def test_what_not_to_do_with_a_thing_does_not_deny_it(text: str, answer: str, stated: bool) -> None:
    assert states(text, answer, API_PORT) is stated


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        (
            "El responsable era Ken Ito; hoy es Lena Park.",
            "Ken Ito",
            "¿Quién es el responsable?",
            False,
        ),
        (
            "El responsable era Ken Ito; hoy es Lena Park.",
            "Lena Park",
            "¿Quién es el responsable?",
            True,
        ),
        ("O responsável era Ken Ito; hoje é Lena Park.", "Ken Ito", "Quem é o responsável?", False),
        (
            "Il responsabile era Ken Ito; ora è Lena Park.",
            "Ken Ito",
            "Chi è il responsabile?",
            False,
        ),
        (
            "Il responsabile era Ken Ito; ora è Lena Park.",
            "Lena Park",
            "Chi è il responsabile?",
            True,
        ),
        (
            "담당자는 Ken Ito였지만 지금은 Lena Park입니다.",
            "Ken Ito",
            "담당자는 누구입니까?",
            False,
        ),
        (
            "담당자는 Ken Ito였지만 지금은 Lena Park입니다.",
            "Lena Park",
            "담당자는 누구입니까?",
            True,
        ),
        ("Ken Ito는 더 이상 담당자가 아닙니다.", "Ken Ito", "담당자는 누구입니까?", False),
        ("API는 8443 포트를 사용하지 않습니다.", "8443", "API는 어떤 포트를 사용합니까?", False),
        ("पोर्ट 8080 से बदलकर 8443 कर दिया गया है।", "8080", "API कौन सा पोर्ट इस्तेमाल करता है?", False),
        ("पोर्ट 8080 से बदलकर 8443 कर दिया गया है।", "8443", "API कौन सा पोर्ट इस्तेमाल करता है?", True),
        ("पूर्व मालिक: Ken Ito। वर्तमान मालिक: Lena Park।", "Lena Park", "मालिक कौन है?", True),
        ("पूर्व मालिक: Ken Ito। वर्तमान मालिक: Lena Park।", "Ken Ito", "मालिक कौन है?", False),
    ],
)
def test_now_against_before_in_romance_korean_and_hindi(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


OWNER = "Who owns the Harbor build?"


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        ("Port 8080 (deprecated), port 8443 (current)", "8443", API_PORT, True),
        ("Port 8080 (deprecated), port 8443 (current)", "8080", API_PORT, False),
        ("Owner: Ken Ito (former), Lena Park (current)", "Lena Park", OWNER, True),
        ("Owner (old): Ken Ito. Owner (new): Lena Park", "Ken Ito", OWNER, False),
        ("| Setting | Old | New |\n|---|---|---|\n| Port | 8080 | 8443 |", "8080", API_PORT, False),
        ("| Setting | Old | New |\n|---|---|---|\n| Port | 8080 | 8443 |", "8443", API_PORT, True),
        ("| Setting | Before | After |\n| Port | 8080 | 8443 |", "8080", API_PORT, False),
        (
            "| Component | Former owner | Owner |\n| Harbor build | Ken Ito | Lena Park |",
            "Ken Ito",
            OWNER,
            False,
        ),
        (
            "| Setting | Old | New |\n|---|---|---|\n| Port | 8080 | 8443 |",
            "8080",
            "What was the old port?",
            True,
        ),
        ("| Setting | Value |\n|---|---|\n| Port | 8443 |", "8443", API_PORT, True),
        ("Status: Obsolete. The API uses port 8080.", "8080", API_PORT, False),
        ("[OUTDATED] The API uses port 8080.", "8080", API_PORT, False),
        ("⚠️ This page is outdated. The API uses port 8080.", "8080", API_PORT, False),
        (
            "This page is archived and no longer maintained. Owner: Ken Ito.",
            "Ken Ito",
            OWNER,
            False,
        ),
        ("This document is no longer maintained. The API uses port 8080.", "8080", API_PORT, False),
        # a list's label, the page's subject, a hedge, asked what was: not a banner
        ("Deprecated:\n- port 8080\nCurrent:\n- port 8443", "8443", API_PORT, True),
        ("This project is deprecated in 5.0.0. The API uses port 8443.", "8443", API_PORT, True),
        ("NOTE: This section might be obsolete. The API uses port 8443.", "8443", API_PORT, True),
        (
            "This page is outdated. The API uses port 8080.",
            "8080",
            "Which port did the API use?",
            True,
        ),
        ("- [x] Move the API from 8080 to 8443", "8080", API_PORT, False),
        ("- [x] Move the API from 8080 to 8443", "8443", API_PORT, True),
        ("- [ ] Move the API from 8080 to 8443", "8080", API_PORT, True),
        (
            "Owner: Ken Ito (until March 2024)\nOwner: Lena Park (since April 2024)",
            "Ken Ito",
            OWNER,
            False,
        ),
        (
            "Owner: Ken Ito (until March 2024)\nOwner: Lena Park (since April 2024)",
            "Lena Park",
            OWNER,
            True,
        ),
    ],
)
def test_wiki_markup_of_what_changed(text: str, answer: str, question: str, stated: bool) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        ("From June, the owner will be Lena Park.", "Lena Park", OWNER, False),
        ("Ken Ito owns the Harbor build; from June it will be Lena Park.", "Ken Ito", OWNER, True),
        (
            "Ken Ito owns the Harbor build; from June it will be Lena Park.",
            "Lena Park",
            OWNER,
            False,
        ),
        ("Lena Park will take over the Harbor build next month.", "Lena Park", OWNER, False),
        ("Lena Park is set to take over the Harbor build.", "Lena Park", OWNER, False),
        ("The office is in Leeds and will move to York next year.", "York", OFFICE, False),
        ("The office is in Leeds and will move to York next year.", "Leeds", OFFICE, True),
        ("The API is moving to port 8443 in Q3.", "8443", API_PORT, False),
        ("The API uses 8080 until the migration to 8443 completes.", "8443", API_PORT, False),
        ("The API uses 8080 until the migration to 8443 completes.", "8080", API_PORT, True),
        (
            "El propietario será Lena Park a partir de junio.",
            "Lena Park",
            "¿Quién es el propietario?",
            False,
        ),
        (
            "Der Eigentümer wird ab Juni Lena Park sein.",
            "Lena Park",
            "Wer ist der Eigentümer?",
            False,
        ),
        (
            "Le propriétaire sera Lena Park à partir de juin.",
            "Lena Park",
            "Qui est le propriétaire ?",
            False,
        ),
        # what goes on, an event's schedule, a passive, a question of what will be or was
        ("Ken Ito will remain the owner.", "Ken Ito", OWNER, True),
        ("The API will keep using port 8443.", "8443", API_PORT, True),
        ("Lena Park will step down as owner next year.", "Lena Park", OWNER, True),
        (
            "The board meeting will take place on March 10.",
            "March 10",
            "When is the board meeting?",
            True,
        ),
        (
            "The board meeting will be held in Room 5.",
            "Room 5",
            "Where is the board meeting?",
            True,
        ),
        ("Der Port 8443 wird von der API genutzt.", "8443", "Welchen Port nutzt die API?", True),
        (
            "From June, the owner will be Lena Park.",
            "Lena Park",
            "Who will own the Harbor build?",
            True,
        ),
        ("The bridge will open in 1932.", "1932", "When did the bridge open?", True),
        # a manual's "will" says what a thing does, at no time ahead
        (
            "The HID descriptor defines the format of the data the device will send.",
            "the format of the data the device will send",
            "What does the HID descriptor define?",
            True,
        ),
        ("The API will use port 8443 for TLS.", "8443", API_PORT, True),
        (
            "It will require them to upgrade to the latest old version before they can upgrade"
            " to the new version.",
            "upgrade to the new version",
            "What is hard on customers?",
            True,
        ),
    ],
)
def test_what_is_to_come_does_not_answer_what_is(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


IN_2020 = "Who owned the Harbor build in 2020?"


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        ("Lena Park took over the Harbor build from Ken Ito.", "Ken Ito", True),
        (
            "Lena Park has owned the Harbor build since 2023; Ken Ito owned it before.",
            "Ken Ito",
            True,
        ),
        (
            "Lena Park has owned the Harbor build since 2023; Ken Ito owned it before.",
            "Lena Park",
            False,
        ),
        ("Lena Park has owned the Harbor build since 2019.", "Lena Park", True),
    ],
)
def test_asked_of_a_year_gone_by_what_passed_on_since_answers(
    text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer, IN_2020) is stated


def test_a_question_asked_with_an_irregular_past_asks_what_held_then() -> None:
    text = "Grace Lin took over the Nightjar project from Victor Hale in 2021."
    assert states(text, "Victor Hale", "Who ran the Nightjar project in 2019?")
    assert not states(text, "Victor Hale", "Who runs the Nightjar project?")


def test_a_list_with_asides_keeps_the_holder_it_states() -> None:
    contexts = [
        Context(
            id="wiki",
            text="On-call lead: Priya Nair (until June 2025)\n"
            "On-call lead: Omar Haddad (since July 2025)",
        )
    ]
    readings = {
        "wiki": Triple(True, None, "Priya Nair (until June 2025), Omar Haddad (since July 2025)")
    }
    result = ask("Who is the on-call lead?", contexts, model=World(contexts, readings).model())
    assert result.readings["wiki"].answers == ["Omar Haddad"]


def test_a_name_read_from_what_its_text_gives_up_is_the_one_name_it_states_instead() -> None:
    contexts = [
        Context(id="nota", text="Il referente del progetto era Marco Bini; ora è Giulia Conti.")
    ]
    readings = {"nota": Triple(True, None, "Marco Bini")}  # read so twice
    question = "Chi è il referente del progetto?"
    result = ask(question, contexts, model=World(contexts, readings).model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("Giulia Conti", ["nota"])]
    # two other names: none is taken
    two = "Marco Bini non è più il referente; lo sono Giulia Conti e Luca Neri."
    assert corrected_to(two, "Marco Bini", question) is None
    assert (
        corrected_to(
            two.replace("sono", "è", 1).replace(" e Luca Neri", ""), "Marco Bini", question
        )
        == "Giulia Conti"
    )


def test_a_word_opening_a_sentence_is_no_part_of_the_name_given_instead() -> None:
    # "Since March" is no name: Lena Park is the one name stated in Ken Ito's place
    text = "Since March it is owned by Lena Park, not by Ken Ito."
    assert corrected_to(text, "Ken Ito", "Who owns the Harbor build?") == "Lena Park"


def test_a_korean_reply_restating_the_question_is_cut_to_its_answer() -> None:
    question = "이 서비스의 담당자는 누구입니까?"
    assert answer_phrase("이 서비스의 담당자는 Daniel Kim입니다.", question) == "Daniel Kim"
    assert answer_phrase("المالك هو Ken Ito", "من هو المالك؟") == "Ken Ito"


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        (
            "Marco Bini non è più il referente.",
            "Marco Bini",
            "Chi è il referente del progetto?",
            False,
        ),
        ("Ken Ito n'est plus le propriétaire.", "Ken Ito", "Qui est le propriétaire ?", False),
        (
            "Ken Ito n'est plus le propriétaire ; c'est Lena Park.",
            "Lena Park",
            "Qui est le propriétaire ?",
            True,
        ),
        (
            "Le service n'est plus disponible depuis 2020.",
            "service",
            "Qui est le propriétaire ?",
            False,
        ),
        (
            "Priya Nair (until June 2025), Omar Haddad (since July 2025)",
            "Omar Haddad",
            "Who is the on-call lead?",
            True,
        ),
        (
            "Priya Nair (until June 2025), Omar Haddad (since July 2025)",
            "Priya Nair",
            "Who is the on-call lead?",
            False,
        ),
    ],
)
def test_no_longer_asked_with_its_own_verb_and_an_end_in_brackets(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


LAMP = "Who invented the Lumen lamp?"
WIRE_PORT = "Welchen Port nutzt die API?"


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        # outdated writings, rumours, what was proposed and dropped
        ("Archived pages may name Ken Ito.", "Ken Ito", OWNER, False),
        ("Old docs list port 8080.", "8080", API_PORT, False),
        ("Old docs list port 8080.", "8080", "What was the original port?", True),
        ("Unconfirmed reports say Lena Park now owns it.", "Lena Park", OWNER, False),
        ("Ken Ito was rumoured to take over the Harbor build.", "Ken Ito", OWNER, False),
        ("Port 8080 was proposed but rejected; the API uses 8443.", "8080", API_PORT, False),
        ("Port 8080 was proposed but rejected; the API uses 8443.", "8443", API_PORT, True),
        ("Port 8080 was proposed and later dropped.", "8080", API_PORT, False),
        ("The proposal for port 8443 was rejected; the API uses 8080.", "8443", API_PORT, False),
        ("The proposal for port 8443 was rejected; the API uses 8080.", "8080", API_PORT, True),
        # what holds unless set otherwise, set otherwise
        ("The API defaults to port 8080, but we run it on 8443.", "8080", API_PORT, False),
        ("The API defaults to port 8080, but we run it on 8443.", "8443", API_PORT, True),
        ("The API defaults to port 8080, but you can change it.", "8080", API_PORT, True),
        ("The API defaults to port 8080, but we run it on 8443.", "8080", DEFAULT_PORT, True),
        ("By default the API uses 8080.", "8080", API_PORT, True),
        # supposed, not stated; a condition's limit is the text's own
        ("If the API still uses port 8080, update your client.", "8080", API_PORT, False),
        ("Update the client if the API still uses port 8080.", "8080", API_PORT, False),
        ("It is unclear whether Ken Ito owns it, but Lena Park does.", "Ken Ito", OWNER, False),
        ("If the build does not finish in 10 minutes, cancel it.", "10 minutes", "", True),
        ("If TLS is on, the API uses port 8443.", "8443", API_PORT, True),
        (  # a title's "Current" labels no entry
            "SELinux - Current. Status\nCheck /var/log/messages for SELinux denials.",
            "/var/log/messages",
            "Where are the SELinux denials logged?",
            True,
        ),
        (
            "Confirm whether SELinux is the culprit by checking /var/log/messages.",
            "/var/log/messages",
            "Where are the SELinux denials logged?",
            True,
        ),
        # an example of what might be
        ("For example, a service could use port 9000.", "9000", API_PORT, False),
        ("For example, the API uses port 8443 for TLS.", "8443", API_PORT, True),
        # the question's own verb after "used to"
        ("Ken Ito used to own the Harbor build.", "Ken Ito", OWNER, False),
        ("Ken Ito used to own the Harbor build.", "Ken Ito", "Who owned the Harbor build?", True),
        # the misattributed, and a word for outdated in other languages
        (
            "The lamp is often misattributed to Ada Holm; Piet Vos invented it.",
            "Ada Holm",
            LAMP,
            False,
        ),
        (
            "The lamp is often misattributed to Ada Holm; Piet Vos invented it.",
            "Piet Vos",
            LAMP,
            True,
        ),
        ("Der Port 8080 ist veraltet; die API nutzt 8443.", "8080", WIRE_PORT, False),
        ("Der Port 8080 ist veraltet; die API nutzt 8443.", "8443", WIRE_PORT, True),
        ("Порт 8080 устарел; API использует 8443.", "8080", "Какой порт использует API?", False),
        (
            "El puerto 8080 está obsoleto; la API usa 8443.",
            "8080",
            "¿Qué puerto usa la API?",
            False,
        ),
        ("端口8080已弃用；API使用8443。", "8080", "API使用哪个端口？", False),
        ("端口8080已弃用；API使用8443。", "8443", "API使用哪个端口？", True),
    ],
)
def test_what_others_said_supposed_defaults_overridden_and_withdrawn(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        # the subject of a negated verb or role the question asks about
        ("Ken Ito does not own the Harbor build.", "Ken Ito", OWNER, False),
        ("Ken Ito is not the owner; Lena Park is.", "Ken Ito", OWNER, False),
        ("Ken Ito is not the owner; Lena Park is.", "Lena Park", OWNER, True),
        ("Ken Ito was never the owner.", "Ken Ito", OWNER, False),
        ("Ken Ito is not the only owner.", "Ken Ito", OWNER, True),
        ("Paris is not the largest city in France.", "Paris", "What is the largest city?", False),
        (
            "Paris is not only the capital but also its largest city.",
            "Paris",
            "What is the capital?",
            True,
        ),
        ("Food is not allowed in the reading room.", "Food", "What is not allowed?", True),
        ("Ken Ito ist nicht der Eigentümer.", "Ken Ito", "Wer ist der Eigentümer?", False),
        ("Кен Ито не является владельцем.", "Кен Ито", "Кто владелец?", False),
        # not ... anymore
        ("Ken Ito is not the owner anymore; Lena Park is.", "Ken Ito", OWNER, False),
        ("Ken Ito is not the owner anymore; Lena Park is.", "Lena Park", OWNER, True),
        ("Ken Ito does not run the team any longer.", "Ken Ito", "Who runs the team?", False),
        ("Ken Ito ไม่ได้เป็นเจ้าของอีกต่อไป ตอนนี้คือ Lena Park", "Ken Ito", "ใครเป็นเจ้าของ", False),
        # "no longer" in other languages denies its subject
        (
            "Ken Ito nie jest już właścicielem; teraz Lena Park.",
            "Ken Ito",
            "Kto jest właścicielem?",
            False,
        ),
        (
            "Ken Ito nie jest już właścicielem; teraz Lena Park.",
            "Lena Park",
            "Kto jest właścicielem?",
            True,
        ),
        ("Ken Ito är inte längre ägare; nu är det Lena Park.", "Ken Ito", "Vem är ägare?", False),
        ("Ken Ito er ikke lenger eier; nå er det Lena Park.", "Ken Ito", "Hvem er eier?", False),
        ("Ken Ito is niet langer de eigenaar.", "Ken Ito", "Wie is de eigenaar?", False),
        ("Ken Ito už není vlastníkem; nyní Lena Park.", "Ken Ito", "Kdo je vlastníkem?", False),
        ("Ken Ito nu mai este proprietarul.", "Ken Ito", "Cine este proprietarul?", False),
        ("Ken Ito már nem a tulajdonos.", "Ken Ito", "Ki a tulajdonos?", False),
        ("Ken Ito ei ole enää omistaja.", "Ken Ito", "Kuka on omistaja?", False),
        ("Ken Ito більше не є власником.", "Ken Ito", "Хто власник?", False),
        ("Ο Ken Ito δεν είναι πλέον ο ιδιοκτήτης.", "Ken Ito", "Ποιος είναι ο ιδιοκτήτης;", False),
        ("Ken Ito כבר לא הבעלים; עכשיו זו Lena Park.", "Ken Ito", "מי הבעלים?", False),
        ("لم يعد Ken Ito المالك؛ المالك الآن Lena Park.", "Ken Ito", "من المالك؟", False),
        ("Ken Ito không còn là chủ sở hữu.", "Ken Ito", "Ai là chủ sở hữu?", False),
        (
            "Ken Ito bukan lagi pemiliknya; sekarang Lena Park.",
            "Ken Ito",
            "Siapa pemiliknya?",
            False,
        ),
        (
            "Ken Ito bukan lagi pemiliknya; sekarang Lena Park.",
            "Lena Park",
            "Siapa pemiliknya?",
            True,
        ),
        ("Die Frist ist nicht mehr als 30 Tage.", "30 Tage", "Wie lang ist die Frist?", True),
        ("De termijn is niet meer dan 30 dagen.", "30 dagen", "Hoe lang is de termijn?", True),
        # Japanese and Chinese "no longer", and verbs that end a holding
        (
            "田中さんはもうこのプロジェクトの担当者ではありません。現在は鈴木さんです。",
            "田中",
            "担当者は誰ですか？",
            False,
        ),
        (
            "田中さんはもうこのプロジェクトの担当者ではありません。現在は鈴木さんです。",
            "鈴木",
            "担当者は誰ですか？",
            True,
        ),
        ("担当者は田中さんではありません。鈴木さんです。", "田中", "担当者は誰ですか？", False),
        ("もう一度言いますが、担当者は鈴木さんです。", "鈴木", "担当者は誰ですか？", True),
        ("王伟不再负责这个项目，现在由李娜负责。", "王伟", "谁负责这个项目？", False),
        ("王伟不再负责这个项目，现在由李娜负责。", "李娜", "谁负责这个项目？", True),
        ("Ken Ito stopped owning the Harbor build in 2022.", "Ken Ito", OWNER, False),
        ("Ken Ito ceased to be the owner in 2022.", "Ken Ito", "Who is the owner?", False),
        ("Ken Ito gave up ownership of the Harbor build.", "Ken Ito", OWNER, False),
        ("Ken Ito gave up smoking and owns the Harbor build.", "Ken Ito", OWNER, True),
        # Persian "not in 1932" denies what follows it
        ("این پل در سال 1934 افتتاح شد، نه در سال 1932.", "1932", "این پل کی افتتاح شد؟", False),
        ("این پل در سال 1934 افتتاح شد، نه در سال 1932.", "1934", "این پل کی افتتاح شد؟", True),
    ],
)
def test_a_negated_holder_and_no_longer_in_other_languages(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    ("text", "answer", "stated"),
    [
        # a FAQ's question states nothing, its label and all
        ("Q: Does the API still use port 8080?\nA: No, it moved to 8443 in March.", "8080", False),
        ("Q: Does the API still use port 8080?\nA: No, it moved to 8443 in March.", "8443", True),
        # a code comment that gives the value before
        ("api:\n  port: 8443  # was 8080 before v2", "8080", False),
        ("api:\n  port: 8443  # was 8080 before v2", "8443", True),
        ("port = 8443  // previously 8080", "8080", False),
        ("port: 8443  # see issue #42", "8443", True),
        # a list's entry labelled current, and the entries beside it
        ("- 2023: API on 8080\n- 2024: API on 8443 (current)", "8080", False),
        ("- 2023: API on 8080\n- 2024: API on 8443 (current)", "8443", True),
        ("Deprecated:\n- API port 8080\nCurrent:\n- API port 8443", "8443", True),
        ("API port 8443 (current); metrics port 9102", "9102", True),
    ],
)
def test_knowledge_base_shapes_faq_comments_and_current_entries(
    text: str, answer: str, stated: bool
) -> None:
    assert states(text, answer, API_PORT) is stated


def test_a_figure_read_from_a_default_the_text_overrides_is_the_one_it_runs_with() -> None:
    text = (
        "The ingest worker defaults to a 30-second timeout, but production runs it with a "
        "120-second timeout."
    )
    contexts = [Context(id="notes", text=text)]
    readings = {"notes": Triple(True, None, "30 seconds")}  # read so twice
    question = "What timeout does the ingest worker use?"
    result = ask(question, contexts, model=World(contexts, readings).model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("120 seconds", ["notes"])]
    # never the unit without its figure; a figure the question has is not the answer's
    assert stated_part(text, "30 seconds", question) is None
    setup = "You can always run it again later with the -w option if you don't want to."
    said = "If a user cannot create a container for OpenXT 6, they can use the -w option."
    asked = "What can a user do if they cannot create a container for OpenXT 6?"
    assert stated_part(setup, said, asked) == "the -w option"


def test_a_sentence_read_from_one_copy_is_shown_as_the_name_the_other_copy_gives() -> None:
    contexts = [
        Context(
            id="team",
            text="Dana Whitfield does not maintain the Osprey client anymore; Tomás Reyes "
            "took it over in May.",
        ),
        Context(id="readme", text="Osprey client\nMaintainer: Tomás Reyes"),
    ]
    readings = {
        "team": Triple(True, None, "Tomás Reyes took it over in May."),
        "readme": Triple(True, None, "Tomás Reyes"),
    }
    question = "Who maintains the Osprey client?"
    result = ask(question, contexts, model=World(contexts, readings).model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [
        ("Tomás Reyes", ["team", "readme"])
    ]


def test_a_figure_a_later_sentence_takes_back_is_denied_throughout_its_text() -> None:
    page = (
        "The Corvale Bridge over the Min river opened to traffic in 1932. It carries two lanes.\n"
        "The approach roads were paved in 1935.\n"
        "Correction: the bridge actually opened in 1934, not in 1932 as stated above."
    )
    assert not states(page, "1932", BRIDGE)
    assert states(page, "1934", BRIDGE)
    assert states(page, "1935", "When were the approach roads paved?")
    # without pointing back, another sentence's 1932 may be another thing's
    two = "The Ash Bridge opened in 1932. The Corvale Bridge opened in 1934, not in 1932."
    assert states(two, "1932", "When did the Ash Bridge open?")


def test_a_long_text_that_takes_back_its_opening_figure_is_cited_for_the_correction_only() -> None:
    filler = "The council met in the market hall to discuss the winter roads and the budget. "
    text = (
        "The Corvale Bridge over the Min river opened to traffic in 1932. "
        + filler * 2000
        + "Correction: the Corvale Bridge actually opened in 1934, not in 1932 as stated in "
        "the introduction."
    )

    def read(shown: str) -> Triple:
        if "1934" in shown:
            return Triple(True, None, "1934")
        return Triple(True, None, "1932") if "in 1932." in shown else Triple(False)

    contexts = [Context(id="history", text=text)]
    world = World(contexts, {"history": Triple(True, None, "1932")}, unknown=read)
    result = ask(BRIDGE, contexts, model=world.model())
    assert [a.answer for a in result.answer.answers] == ["1934"]


def test_a_reply_cut_inside_an_aside_is_shown_without_its_open_bracket() -> None:
    text = "Harbor build owner: Lena Park (since May; before her, Ken Ito)"
    contexts = [Context(id="owners", text=text)]
    readings = {"owners": Triple(True, None, text)}  # the whole line, read back
    result = ask(OWNER, contexts, model=World(contexts, readings).model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("Lena Park", ["owners"])]


USERS = "Which endpoint should I use to list users?"
OPENED = "When did the bridge open?"
LIMIT = "What is the upload size limit?"
MAIL = "What is the support email address?"


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        # a changelog's or a page's heading labels the lines under it past
        (
            "### Deprecated\n- GET /api/v1/users\n### Added\n- GET /api/v2/users",
            "/api/v1/users",
            USERS,
            False,
        ),
        (
            "### Deprecated\n- GET /api/v1/users\n### Added\n- GET /api/v2/users",
            "/api/v2/users",
            USERS,
            True,
        ),
        (
            "## 3.0\n### Removed\n\n- GET /api/v1/users\n\n### Added\n- GET /api/v2/users",
            "/api/v1/users",
            USERS,
            False,
        ),
        (
            "Deprecated:\n- GET /api/v1/users\nCurrent:\n- GET /api/v2/users",
            "/api/v1/users",
            USERS,
            False,
        ),
        (
            "Deprecated:\n- GET /api/v1/users\n\nGET /api/v2/users lists users.",
            "/api/v2/users",
            USERS,
            True,
        ),
        ("## Old Town\nThe bridge opened in 1932.", "1932", OPENED, True),  # a name, no label
        ("## Previous Owners\n- Ken Ito\n## Owner\nLena Park", "Ken Ito", "Who owns it?", False),
        (
            "## Old CI setup\nBuilds ran on Jenkins.\n## CI\nBuilds run on Harbor CI.",
            "Jenkins",
            "Where do builds run?",
            False,
        ),
        (
            "## Before you begin\nInstall Python 3.12.",
            "Python 3.12",
            "Which Python is needed?",
            True,
        ),
        ("## Legacy\nHe is buried in Vienna.", "Vienna", "Where is he buried?", True),
        (
            "### Deprecated\n- GET /api/v1/users (use /api/v2/users instead)",
            "/api/v2/users",
            USERS,
            True,
        ),
        (
            "## Previous releases\n- 4.1 (2023)\n- 4.0 (2022)\n\n## Current release\n4.2",
            "4.1",
            "What is the latest release?",
            False,
        ),
        # removed, deleted: in the passive, actively, as a label after a dash or in brackets
        ("/api/v1/users was removed in 3.0; use /api/v2/users.", "/api/v1/users", USERS, False),
        ("/api/v1/users has been removed. Use /api/v2/users.", "/api/v2/users", USERS, True),
        ("We removed /api/v1/users in 3.0; use /api/v2/users.", "/api/v1/users", USERS, False),
        ("We removed /api/v1/users in 3.0; use /api/v2/users.", "/api/v2/users", USERS, True),
        (
            "GET /api/v1/users — removed in 3.0. GET /api/v2/users — lists users.",
            "/api/v1/users",
            USERS,
            False,
        ),
        (
            "GET /api/v1/users (deprecated since 2.1)\nGET /api/v2/users",
            "/api/v1/users",
            USERS,
            False,
        ),
        ("Remove the cover to reach port 8443.", "8443", "Which port is it?", True),
        ("Removing the lock file lets the 8443 listener start.", "8443", "Which port?", True),
        ("Remove the lock file so the 8443 listener starts.", "8443", "Which port?", True),
        # an out-of-date page still points to what replaced it
        (
            "Status: deprecated. Use /api/v2/users instead of /api/v1/users.",
            "/api/v2/users",
            USERS,
            True,
        ),
        (
            "Status: deprecated. Use /api/v2/users instead of /api/v1/users.",
            "/api/v1/users",
            USERS,
            False,
        ),
        ("This page is outdated. The API uses /api/v1/users.", "/api/v1/users", USERS, False),
        # what others say, then the text's own account on the question's words
        (
            "It is a common mistake to say the bridge opened in 1932; it opened in 1934.",
            "1932",
            OPENED,
            False,
        ),
        (
            "The 1998 date sometimes cited is the groundbreaking; the bridge opened in 2001.",
            "1998",
            OPENED,
            False,
        ),
        (
            "1932 is often cited as the year the bridge opened; the bridge opened in 1932.",
            "1932",
            OPENED,
            True,
        ),
        ("有人说这座桥于1932年通车，但实际上是1934年。", "1932", "这座桥什么时候通车？", False),
        ("据传这座桥于1932年通车，其实是1934年。", "1934", "这座桥什么时候通车？", True),
        (
            "橋は1932年に開通したと言われているが、実は1934年だ。",
            "1932",
            "橋はいつ開通しましたか？",
            False,
        ),
        ("橋は1932年に開通したとされる。", "1932", "橋はいつ開通しましたか？", True),
    ],
)
def test_deprecated_and_removed_headings_redirects_and_hearsay_in_chinese_and_japanese(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        # old writings, a dated one against the current one
        ("Pro plan: $12/month. Note: older invoices show $10.", "$10", "How much is Pro?", False),
        ("Pro plan: $12/month. Note: older invoices show $10.", "$12", "How much is Pro?", True),
        (
            "The 2019 leaflet recommended 40 mg; the current leaflet recommends 20 mg.",
            "40 mg",
            "What is the recommended dose of Zelorin?",
            False,
        ),
        (
            "The 2019 leaflet recommended 40 mg; the current leaflet recommends 20 mg.",
            "20 mg",
            "What is the recommended dose of Zelorin?",
            True,
        ),
        ("Zelorin was recommended at 40 mg.", "40 mg", "Which dose was recommended?", True),
        # "used to" in a clause whose own verb comes after names a purpose, not a past
        (
            "The key sequences used to select a VM are protected from spoofing; input is now "
            "isolated.",
            "key sequences",
            "What does the platform protect?",
            True,
        ),
        # a limit lifted, a habit stopped
        (
            "The 50 MB upload limit was lifted; files up to 100 MB are accepted.",
            "50 MB",
            LIMIT,
            False,
        ),
        (
            "The 50 MB upload limit was lifted; files up to 100 MB are accepted.",
            "100 MB",
            LIMIT,
            True,
        ),
        (
            "Please stop writing to support@quill.example; write to help@quill.example.",
            "support@quill.example",
            MAIL,
            False,
        ),
        (
            "Please stop writing to support@quill.example; write to help@quill.example.",
            "help@quill.example",
            MAIL,
            True,
        ),
        (
            "The API stopped responding on port 8443 twice last week.",
            "8443",
            "Which port does the API use?",
            True,
        ),
        # "until" a year in Russian (a number not a year: "up to")
        (
            "Столица Велории — Мирет; Ардон был столицей до 1998 года.",
            "Ардон",
            "Какая столица у Велории?",
            False,
        ),
        (
            "Столица Велории — Мирет; Ардон был столицей до 1998 года.",
            "Мирет",
            "Какая столица у Велории?",
            True,
        ),
        ("Стадион вмещал до 5000 зрителей.", "5000", "Сколько зрителей вмещал стадион?", True),
        # a past by its ending, in Spanish, Portuguese and Italian
        (
            "La orquesta la dirige Ana Ferrer; Luis Mora la dirigió hasta 2021.",
            "Luis Mora",
            "¿Quién dirige la orquesta?",
            False,
        ),
        (
            "Ana Ferrer dirige a orquestra; Luis Mora a dirigiu até 2021.",
            "Luis Mora",
            "Quem dirige a orquestra?",
            False,
        ),
        (
            "Ana Ferrer dirige la orquesta hasta 2030.",
            "Ana Ferrer",
            "¿Quién dirige la orquesta?",
            True,
        ),
        ("Ken Ito will support you until 2025.", "Ken Ito", "Who supports the build?", True),
    ],
)
def test_old_writings_limits_lifted_habits_stopped_and_until_a_year(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


def test_a_reply_that_restates_a_sentence_giving_a_figure_up_is_the_figure_it_states() -> None:
    text = "その城は1600年に建てられたと言われているが、実際には1615年に完成した。"
    contexts = [Context(id="ja", text=text)]
    readings = {"ja": Triple(True, None, text.removeprefix("その城は"))}
    result = ask(
        "その城はいつ建てられましたか？", contexts, model=World(contexts, readings).model()
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("1615", ["ja"])]


def test_a_list_read_from_a_text_that_denies_one_of_its_items_is_the_items_it_states() -> None:
    text = "La orquesta la dirige Ana Ferrer; Luis Mora la dirigió hasta 2021."
    contexts = [Context(id="es", text=text)]
    readings = {"es": Triple(True, None, "Ana Ferrer y Luis Mora")}
    result = ask("¿Quién dirige la orquesta?", contexts, model=World(contexts, readings).model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [("Ana Ferrer", ["es"])]


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        # a changelog's headings and a removal in the passive, in other languages
        (
            "### Entfernt\n- GET /v1/users\n### Hinzugefügt\n- GET /v2/users",
            "/v1/users",
            "Welcher Endpunkt?",
            False,
        ),
        (
            "### Entfernt\n- GET /v1/users\n### Hinzugefügt\n- GET /v2/users",
            "/v2/users",
            "Welcher Endpunkt?",
            True,
        ),
        (
            "### Obsoleto\n- GET /v1/users\n### Añadido\n- GET /v2/users",
            "/v1/users",
            "¿Qué endpoint?",
            False,
        ),
        (
            "Der Endpunkt /v1/users wurde in 3.0 entfernt; nutzen Sie /v2/users.",
            "/v1/users",
            "Welcher Endpunkt?",
            False,
        ),
        (
            "Der Endpunkt /v1/users wurde in 3.0 entfernt; nutzen Sie /v2/users.",
            "/v2/users",
            "Welcher Endpunkt?",
            True,
        ),
        ("Der Bahnhof ist 2 km entfernt.", "2 km", "Wie weit ist der Bahnhof?", True),
        (
            "L'endpoint /v1/users a été supprimé en 3.0 ; utilisez /v2/users.",
            "/v1/users",
            "Quel endpoint ?",
            False,
        ),
        (
            "El endpoint /v1/users se eliminó en la 3.0; use /v2/users.",
            "/v1/users",
            "¿Qué endpoint?",
            False,
        ),
        (
            "Эндпоинт /v1/users удалён в версии 3.0; используйте /v2/users.",
            "/v1/users",
            "Какой эндпоинт?",
            False,
        ),
        (
            "端点 /v1/users 已在 3.0 中删除；请使用 /v2/users。",
            "/v1/users",
            "哪个端点列出用户？",
            False,
        ),
        (
            "端点 /v1/users 已在 3.0 中删除；请使用 /v2/users。",
            "/v2/users",
            "哪个端点列出用户？",
            True,
        ),
        ("### 已删除\n- /v1/users\n### 新增\n- /v2/users", "/v1/users", "哪个端点？", False),
        ("### 已删除\n- /v1/users\n### 新增\n- /v2/users", "/v2/users", "哪个端点？", True),
        (
            "Bitte keine Rechnungen mehr an billing@kora.example; nutzen Sie ap@kora.example.",
            "billing@kora.example",
            "Wohin sollen Rechnungen gehen?",
            False,
        ),
        (
            "Für den Pro-Tarif fällt keine Einrichtungsgebühr an; er kostet 12 Euro im Monat.",
            "12 Euro",
            "Was kostet der Pro-Tarif?",
            True,
        ),
        # they say, it is said: what others say, set against the text's own account
        (
            "Говорят, что мост открыли в 1932 году, но на самом деле его открыли в 1934.",
            "1932",
            "Когда открыли мост?",
            False,
        ),
        (
            "Говорят, что мост открыли в 1932 году, но на самом деле его открыли в 1934.",
            "1934",
            "Когда открыли мост?",
            True,
        ),
        (
            "이 다리는 1932년에 개통했다고 알려져 있지만, 실제로는 1934년에 개통했다.",
            "1932",
            "이 다리는 언제 개통했나요?",
            False,
        ),
        (
            "يقال إن الجسر افتتح عام 1932، لكنه في الواقع افتتح عام 1934.",
            "1932",
            "متى افتتح الجسر؟",
            False,
        ),
        (
            "يقال إن الجسر افتتح عام 1932، لكنه في الواقع افتتح عام 1934.",
            "1934",
            "متى افتتح الجسر؟",
            True,
        ),
        (
            "On dit souvent que le pont a ouvert en 1932, mais il a en fait ouvert en 1934.",
            "1932",
            "Quand le pont a-t-il ouvert ?",
            False,
        ),
        (
            "Man sagt oft, die Brücke sei 1932 eröffnet worden, tatsächlich war es 1934.",
            "1932",
            "Wann wurde die Brücke eröffnet?",
            False,
        ),
        (
            "Man sagt oft, die Brücke sei 1932 eröffnet worden, tatsächlich war es 1934.",
            "1934",
            "Wann wurde die Brücke eröffnet?",
            True,
        ),
        (
            "Se dice que el puente abrió en 1932, pero en realidad abrió en 1934.",
            "1932",
            "¿Cuándo abrió el puente?",
            False,
        ),
        ("The bridge reportedly opened in 1932, but records show 1934.", "1932", OPENED, False),
        ("The bridge reportedly opened in 1932.", "1932", OPENED, True),
    ],
)
def test_removals_headings_and_hearsay_in_other_languages(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


LEADS = "Who leads the team?"
MINUTES = (
    "The plaque at the Corvale Bridge says it opened in 1932. However, council minutes show "
    "that the bridge opened to traffic in 1934."
)
STATUS = "| Version | Status |\n|---|---|\n| 4.2 | current |\n| 4.1 | unsupported |"
PLAQUE = "Contrary to the plaque, which says 1932, the bridge opened in 1934."
KIRCHE = "Entgegen der oft genannten Jahreszahl 1612 wurde die Kirche erst 1618 geweiht."


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        ("Lena Park inherited the build from Ken Ito.", "Ken Ito", OWNS, False),
        ("Acme acquired the brand from Beta in 2020.", "Beta", "Who owns the brand?", False),
        ("Acme acquired the brand from Beta in 2020.", "Acme", "Who owns the brand?", True),
        ("Ken Ito's successor, Lena Park, now owns it.", "Ken Ito", OWNS, False),
        ("Lena Park is Ken Ito's successor as owner.", "Ken Ito", OWNS, False),
        ("Lena Park is Ken Ito's successor as owner.", "Lena Park", OWNS, True),
        ("Lena Park a repris le build après le départ de Ken Ito.", "Ken Ito", OWNS, False),
        ("After Ken Ito's retirement, Lena Park took over.", "Ken Ito", OWNS, False),
        ("The departure time is 9:00.", "9:00", "When does the train depart?", True),
        ("ビルドの担当はケン・イトウからレナ・パークに代わった。", "ケン・イトウ", OWNS, False),
        ("ビルドの担当はケン・イトウからレナ・パークに代わった。", "レナ・パーク", OWNS, True),
        ("构建负责人已由伊藤健改为朴丽娜。", "伊藤健", OWNS, False),
        ("构建负责人已由伊藤健改为朴丽娜。", "朴丽娜", OWNS, True),
        ("该项目由伊藤健负责，并改进了构建流程。", "伊藤健", OWNS, True),
        ("Quill 4.2 supersedes 4.1.", "4.1", "What is the latest version?", False),
        ("Latest: 4.2 (4.1 and earlier are unsupported)", "4.1", "What is the latest?", False),
        ("Quill 4.1 and later support SSO.", "4.1", "Which versions support SSO?", True),
        ("The default port is 8443 (8080 in versions before 2.0).", "8080", "Which port?", False),
        ("The default port is 8443 (443 behind the proxy).", "443", "Which port?", True),
        (PLAQUE, "1932", "When did the bridge open?", False),
        (PLAQUE, "1934", "When did the bridge open?", True),
        ("Contrary to popular belief, Mara Quist designed it.", "Mara Quist", "Who?", True),
        (KIRCHE, "1612", "Wann wurde die Kirche geweiht?", False),
        (KIRCHE, "1618", "Wann wurde die Kirche geweiht?", True),
        ("Im Gegensatz zur Angabe im alten Führer eröffnete sie 1934.", "1934", "Wann?", True),
        ("Im Gegensatz zur Angabe 1932 im Führer eröffnete sie 1934.", "1932", "Wann?", False),
        ("Entgegen allen Erwartungen gewann Lena Park die Wahl.", "Lena Park", "Wer?", True),
        ("The plaque says 1932, but records show it opened in 1934.", "1932", "When?", False),
        ("The manual says port 8443, but you can change it.", "8443", "Which port?", True),
        ("The company says revenue rose to $5M.", "$5M", "What was the revenue?", True),
        ("Ken Ito, who owned it until 2022, now leads the data team.", "Ken Ito", OWNS, False),
        ("Ken Ito, who owned it before Lena Park, now leads sales.", "Lena Park", OWNS, True),
        ("Ken Ito, who led the team until 2022, now works at Google.", "Ken Ito", LEADS, False),
        ("Ken Ito, who has owned it since 2022, now also leads sales.", "Ken Ito", OWNS, True),
        ("Ken Ito, who owned it until 2022, now leads sales.", "Ken Ito", "Who leads sales?", True),
        ("Ken Ito, who owned it until 2022, now owns sales.", "Ken Ito", "Who owns sales?", True),
        (MINUTES, "1932", "When did the Corvale Bridge open?", False),
        (MINUTES, "1934", "When did the Corvale Bridge open?", True),
        ("The default port is 8443. Before 2.0 the default was 8080.", "8080", "Default?", False),
        ("The default port is 8443. Before 2.0 the default was 8080.", "8443", "Default?", True),
        (STATUS, "4.1", "What is the latest version?", False),
        (STATUS, "4.2", "What is the latest version?", True),
        (STATUS, "4.1", "Which version does Quill not support?", True),
        ("Acme purchased the brand from Beta.", "Beta", "Who owns the brand?", False),
        ("Acme bought the brand from Beta.", "Beta", "Who owns the brand?", False),
        ("Acme bought the brand from Beta.", "Beta", "Who did Acme buy it from?", True),
    ],
)
def test_successions_sources_and_version_ranges_say_what_holds(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


MAYOR = "Who is the mayor of Harlow?"
LOST = "Ken Ito lost the election to Lena Park in May."
UNSEATED = "Lena Park defeated incumbent Ken Ito in the 2024 election."


@pytest.mark.parametrize(
    ("text", "answer", "question", "stated"),
    [
        (LOST, "Ken Ito", MAYOR, False),
        (LOST, "Lena Park", MAYOR, True),
        (LOST, "Ken Ito", "Who ran for mayor of Harlow?", True),
        (UNSEATED, "Ken Ito", MAYOR, False),
        (UNSEATED, "Lena Park", MAYOR, True),
        (UNSEATED, "Ken Ito", "Who did Lena Park defeat?", True),
        ("Ken Ito was unseated by Lena Park in the mayoral race.", "Ken Ito", MAYOR, False),
        ("Ken Ito was unseated by Lena Park in the mayoral race.", "Lena Park", MAYOR, True),
        ("Outgoing traffic uses port 8443.", "8443", "Which port does traffic use?", True),
        (
            "Ken Ito lost his seat in 2020 and won it back in the 2024 election.",
            "Ken Ito",
            MAYOR,
            True,
        ),
        ("Brazil defeated Italy in the final.", "Italy", "Who played in the final?", True),
        ("Postgres lost its connection to the primary.", "Postgres", "Which database?", True),
    ],
)
def test_a_holder_who_lost_an_election_holds_the_office_no_longer(
    text: str, answer: str, question: str, stated: bool
) -> None:
    assert states(text, answer, question) is stated


@pytest.mark.parametrize(
    "text",
    [
        "ຂົວນີ້ເປີດໃນປີ 1934, ບໍ່ແມ່ນ 1932.",  # Lao
        "ຂົວນີ້ບໍ່ໄດ້ເປີດໃນປີ 1932, ແຕ່ເປີດໃນປີ 1934.",
        "ស្ពាននេះបានបើកនៅឆ្នាំ 1934 មិនមែន 1932 ទេ។",  # Khmer
        "ស្ពាននេះមិនបានបើកនៅឆ្នាំ 1932 ទេ គឺនៅឆ្នាំ 1934។",
        "ድልድዩ የተከፈተው በ1934 ነው እንጂ በ1932 አይደለም።",  # Amharic
        "මෙම පාලම විවෘත කළේ 1934 දී ය, 1932 දී නොවේ.",  # Sinhala
        "Энэ гүүр 1932 онд биш, 1934 онд нээгдсэн.",  # Mongolian
    ],
)
def test_a_correction_in_more_scripts_states_only_its_own_year(text: str) -> None:
    question = "When did the bridge open?"
    assert not states(text, "1932", question)
    assert states(text, "1934", question)


def test_a_row_of_several_columns_is_about_the_thing_its_first_one_names() -> None:
    row = "Row 3 in Table 1: Service is Ledger, and On-call channel is #ledger-oncall"
    assert another_row(row, "What is the on-call channel for Search?")
    assert not another_row(row, "What is the on-call channel for Ledger?")
    # the page's title names the question's thing; a row of one pair is a page's property
    roster = "Row 1 in Table 1: Member is Ana Ruiz, and Role is Lead"
    assert not another_row(roster, "Who leads Search?", title="Search team roster")
    assert another_row(roster, "Who leads Search?", title="Billing team roster")
    assert not another_row("Row 1 in Table 1: Owner is Ken Ito", "Who owns Atlas?")


SEARCH_PAGE = (
    "Search is owned by Omar Haddad. Its index is rebuilt nightly; the rebuild used to run at 4."
)


@pytest.mark.parametrize(
    ("question", "title", "nothing"),
    [
        ("Who owns the ledger service?", "Search", True),  # no "ledger", no "service"
        ("Which database does the ledger run on?", "Search", True),  # "run" is its verb
        ("How do I restart the ledger?", "Search", True),
        ("Who owns the ledger service?", "Ledger service", False),  # the title names it
        ("When is the search index rebuilt?", "Search", False),
        ("What is the on-call channel for Search?", "Search", False),  # no lower-case run
        ("Who owns Search?", "Search", False),
        ("Who owns the ledger service?", "", False),  # a context given without a title
        ("Wem gehört der Ledger-Dienst?", "Search", False),  # not English
        # "owner" before "of" is a noun, and the run after "of the" is read too
        ("Who was the previous owner of the ledger service?", "Search", True),
        ("Who was the previous owner of the search index?", "Search", False),
        ("Who was the previous owner of the ledger service?", "Ledger service", False),
    ],
)
def test_a_titled_page_may_write_nothing_of_what_the_question_asks_about(
    question: str, title: str, nothing: bool
) -> None:
    assert speaks_of_nothing_asked(question, SEARCH_PAGE, title) is nothing


def test_a_page_that_writes_nothing_of_the_question_is_not_read() -> None:
    page = Context(id="search.md#1", title="Search", text=SEARCH_PAGE)
    ledger = Context(
        id="ledger.md#1", title="Ledger service", text="The ledger is owned by Priya Nair."
    )
    world = World(
        [page, ledger],
        {
            "search.md#1": Triple(True, None, "Search"),
            "ledger.md#1": Triple(True, None, "Priya Nair"),
        },
    )
    result = ask("Who owns the ledger service?", [page, ledger], model=world.model())
    assert [(a.answer, a.citations) for a in result.answer.answers] == [
        ("Priya Nair", ["ledger.md#1"])
    ]
    assert result.summary()["dropped"]["search.md#1"] == "does not answer the question"
    assert not any("Omar Haddad" in prompt for prompt in world.prompts)  # its call is saved


YAML = "name: payments\nowner: priya.nair\n# previous owner: omar.haddad\nteam: checkout"


@pytest.mark.parametrize(
    ("reply", "text", "spelt"),
    [
        ("Priya Nair", YAML, "priya.nair"),
        ("Omar Haddad", YAML, "omar.haddad"),
        ("Priya Nair", "Ping @Priya_Nair on Slack.", "Priya_Nair"),
        ("Priya Nair", "Mail priya-nair@example.com.", "priya-nair"),
        # the text writes the name, or no handle of it, or a longer handle
        ("Priya Nair", "Priya Nair (priya.nair) owns it.", "Priya Nair"),
        ("Priya", YAML, "Priya"),
        ("Priya Nair", "owner: priya.nair.old", "Priya Nair"),
        ("Priya Nair", "owner: pnair", "Priya Nair"),
    ],
)
def test_a_name_written_out_is_its_handle_where_the_text_writes_only_that(
    reply: str, text: str, spelt: str
) -> None:
    assert handle_spelling(reply, text) == spelt


def test_a_handle_read_as_a_name_is_shown_as_the_text_writes_it() -> None:
    contexts = [Context(id="service.yaml", text=YAML)]
    readings = {"service.yaml": Triple(True, None, "Priya Nair")}
    result = ask(
        "Who owns the payments service?", contexts, model=World(contexts, readings).model()
    )
    assert [(a.answer, a.citations) for a in result.answer.answers] == [
        ("priya.nair", ["service.yaml"])
    ]


def test_yes_read_for_a_question_not_asked_yes_or_no_answers_nothing() -> None:
    contexts = [Context(id="lo", text="ຂົວໂຄວາເລເປີດໃນປີ 1934.")]
    readings = {"lo": Triple(True, None, "Yes")}
    result = ask("ຂົວໂຄວາເລເປີດໃນປີໃດ?", contexts, model=World(contexts, readings).model())
    assert result.readings["lo"].status == "silent"
    assert result.answer.answers == []
