"""Answer comparison: normalization, containment and yes/no polarity."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from contextorg.tools.text.normalize import (
    FUNCTION_WORDS,
    grounded,
    mentions,
    normalize,
    numbers,
    paragraphs,
    polarity,
    same_answer,
    says_phrase,
    words,
)
from contextorg.tools.text.questions import asks_yes_no


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("3,559", "3,559 people", True),
        ("1987", "1991", False),
        ("The Beatles", "beatles", True),
        ("Yes", "True", True),
        ("No, it was not", "Yes, it was", False),
        ("no", "false", True),
        ("Mario Sábato", "Mario Sabato", True),
        ("", "x", False),
        ("No. 5", "No. 7", False),
        ("North", "no", False),
        ("Assamese", "Indian Assamese-language", True),
        ("Anglo-French", "French", True),
        ("1914–1918", "1914", True),
        ("1914–1918", "1915", False),
        ("Saphenofemoral junction", "The sapheno-femoral junction (SFJ) is in the groin", True),
        ("Play Station", "PlayStation 2", True),
        ("New York", "Newark", False),
        ("Saint Paul", "Paulson", False),
        # one thing spelled out or abbreviated
        ("40 min", "40 minutes", True),
        ("Jan 5", "January 5", True),
        ("Sept. 2016", "September 2016", True),
        ("5. Mai 2016", "May 5, 2016", True),
        ("twelve", "12", True),
        ("2 hours", "two hours", True),
        ("v4", "version 4", True),
        ("2024-05-05", "May 5, 2024", True),
        ("2024-05-06", "May 5, 2024", False),
        ("0.5", "5", False),
        ("40 minutes", "4 minutes", False),
        ("March 3", "May 3", False),
        ("v4", "v5", False),
        # a date in any script, a day as an ordinal
        ("April 2nd", "2 April", True),
        ("the 2nd of April", "April 2", True),
        ("4月2日", "April 2", True),
        ("4월 2일", "2 April", True),
        ("4월 2일", "3월 2일", False),
        # one number counting what it names two ways; not two measures, scales or names
        ("14,500 spectators", "14,500 people", True),
        ("14,500 people", "14,600 people", False),
        ("5 km", "5 miles", False),
        ("3.5 million people", "3.5 billion people", False),
        ("2012 Olympics", "2012 Paralympics", False),
        # metres written out or abbreviated; not feet
        ("1,000 ft (305 m) tall", "305 metres", True),
        ("305 m", "305 ft", False),
        # a letter that names is not an article
        ("Hall A", "Hall C", False),
        ("Plan A", "Plan B", False),
        ("Hall A", "the hall A", True),
    ],
)
def test_same_answer(a: str, b: str, same: bool) -> None:
    assert same_answer(a, b) is same


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Assamese-language", ["assamese", "language"]),
        ("AC/DC", ["ac", "dc"]),
        ("1914–1918", ["1914", "1918"]),
        ("The Beatles' 3,559 fans", ["beatles", "3559", "fans"]),
        ("Mara Quist's lamp", ["mara", "quist", "lamp"]),  # a possessive is the name's
        ("Mara Quist’s lamp, that's it", ["mara", "quist", "lamp", "that", "it"]),
        ("Set PORT=8080;HOST=db", ["set", "port", "8080", "host", "db"]),
        ("Owner:Lena Park (2)Verified", ["owner", "lena", "park", "2", "verified"]),
        ("Owner:&nbsp;Lena&nbsp;Park, R&amp;D", ["owner", "lena", "park", "rd"]),
        ("<b>Ken Ito</b> at 10:30, 1,500 m", ["ken", "ito", "at", "1030", "1500", "m"]),
        # an elided article, a Turkish case ending: the name is a word of its own
        ("relie la France à l'Allemagne", ["relie", "la", "france", "l", "allemagne"]),
        ("nell'Inghilterra, d'Angers", ["nell", "inghilterra", "d", "angers"]),
        ("merkezi Manchester'dadır", ["merkezi", "manchester", "dadır"]),
        # a month and day as Chinese and Korean write them, a day as an ordinal
        ("于2024年4月2日通车", ["于", "2024", "年", "april", "2", "通车"]),
        ("4월 2일이다, 4个月", ["april", "2", "이다", "4", "个", "月"]),
        ("May 3rd, the 4th of July", ["may", "3", "4", "of", "july"]),
        # "A" naming a hall is a word; an article is not
        ("moved from Hall A to Hall C", ["moved", "from", "hall", "a", "to", "hall", "c"]),
        ("Type A. Give Me A Break. A start", ["type", "a", "give", "me", "break", "start"]),
        # names and contractions stay whole
        (
            "I'm sure Ken O'Brien isn't; rock'n'roll",
            ["im", "sure", "ken", "obrien", "isnt", "rocknroll"],
        ),
    ],
)
def test_words_keep_the_parts_of_joined_words(text: str, expected: list[str]) -> None:
    assert words(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("one\n\ntwo", ["one", "two"]),
        ("one\nstill one\n \t\n\ntwo\n", ["one\nstill one", "two\n"]),
        ("\n\n  \n\n", []),
        ("第一段。\r\n\r\n第二段。", ["第一段。\r", "第二段。"]),
    ],
)
def test_paragraphs_are_what_blank_lines_part(text: str, expected: list[str]) -> None:
    assert paragraphs(text) == expected


@given(st.text(st.sampled_from("ab \t\n\r\u3000")))
def test_paragraphs_keep_all_text_and_no_blank_line(text: str) -> None:
    parts = paragraphs(text)
    assert " ".join(parts).split() == text.split()
    assert all(p.strip() and not re.search(r"\n\s*\n", p) for p in parts)


@given(st.text(), st.text())
def test_same_answer_is_symmetric(a: str, b: str) -> None:
    assert same_answer(a, b) == same_answer(b, a)


@given(st.text())
def test_normalize_is_idempotent(text: str) -> None:
    assert normalize(normalize(text)) == normalize(text)


def test_numbers_in_any_digits_with_or_without_thousands_marks() -> None:
    assert numbers("3,559 people in 2010; １９３２年; ٢٠٢٠; 8.7 %; 007") == {
        "3559", "2010", "1932", "2020", "8", "7",
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "La ville compte 4\u202f411 habitants.",  # a narrow no-break space, as French sets it
        "La ville compte 4\u00a0411 habitants.",
        "Население города 4 411 человек.",
        "Miasto liczy 4 411 mieszkańców.",
    ],
)
def test_thousands_set_apart_by_spaces_are_one_number(text: str) -> None:
    assert numbers(text) == {"4411"}
    assert grounded(text, "4,411") and mentions(text, "4411")


def test_numbers_side_by_side_are_not_joined() -> None:
    assert numbers("in 1990 2000 people ran the 3 100m races on 5 May 2019") == {
        "1990", "2000", "3", "100", "5", "2019",
    }  # fmt: skip


def test_mentions() -> None:
    assert mentions("It was completed in 1987.", "1987")
    assert not mentions("It was completed in 1987.", "1991")
    assert not mentions("anything", "")
    assert mentions("an Assamese-language film", "Assamese")
    assert not mentions("the 1987 season", "1987-88")
    assert mentions("the 1987-88 season", "1987 88")


@pytest.mark.parametrize(
    ("text", "answer", "expected"),
    [
        ("It was completed in 1987.", "1987", True),
        ("A documentary about the party.", "Documentary film", True),  # half the words
        ("An Assamese-language series.", "Indian Assamese-language", True),
        ("He played cricket for Kent.", "football", False),  # an answer from memory
        ("He played cricket for Kent.", "No", True),  # yes/no answers are judgements
        ("anything", "", False),
        # a number is never among the half of the words that may be missing
        ("He made his debut on 28 April 1990.", "April 28, 1964", False),
        ("He made his debut on 28 April 1990.", "April 28, 1990", True),
        ("There were 3,559 people.", "3559 people", True),  # thousands marks aside
        ("Der Ort hat 3.559 Einwohner.", "3,559", True),
        ("科尔瓦莱桥于1932年正式通车。", "１９３２年", True),  # full-width digits
        ("科尔瓦莱桥于一九三二年正式通车。", "1932", True),  # Han digits, one by one
        ("科尔瓦莱桥于一九三二年正式通车。", "1934", False),
        ("افتتح الجسر عام ١٩٣٢.", "1932", True),  # every script's digits
        ("पुल १९३२ में खुला।", "1932", True),
        ("สะพานเปิดในปี ๑๙๓๒", "1932", True),
        ("The bridge opened in 1932.", "١٩٣٢", True),
        ("افتتح الجسر عام ١٩٣٢.", "1934", False),
    ],
)
def test_grounded(text: str, answer: str, expected: bool) -> None:
    assert grounded(text, answer) is expected


@given(st.lists(st.from_regex(r"[a-z]{2,8}", fullmatch=True), min_size=1), st.integers(0, 10**6))
def test_an_answer_with_a_number_the_text_never_writes_is_not_grounded(
    text: list[str], number: int
) -> None:
    said = " ".join(text)  # every word of the answer but its number is in the text
    assert not grounded(said, f"{said} {number}")
    assert grounded(f"{' '.join(text)} {number:,}", f"{' '.join(text)} {number}")


WORDS = st.lists(st.from_regex(r"[A-Za-z0-9][A-Za-z0-9-]{0,8}", fullmatch=True), min_size=1)


@given(WORDS, st.data())
def test_words_taken_from_the_text_are_grounded(words: list[str], data: st.DataObject) -> None:
    picked = data.draw(st.lists(st.sampled_from(words), min_size=1, max_size=4))
    answer = " ".join(picked)
    # "000 000" is one number written with spaced thousands; a text with "000" alone does not
    # write it (test_thousands_set_apart_by_spaces_are_one_number)
    assume(not re.search(r"(?<![\w.,])\d{1,3}(?: \d{3})+(?!\w)", answer))
    content = set(normalize(answer.replace("-", " ")).split()) - FUNCTION_WORDS
    # An answer of function words only ("The Who") is grounded where the phrase itself is, and
    # so is one of single letters ("I-A"), which any text has apart.
    letters = all(len(w) == 1 and w.isalpha() for w in content)
    expected = (bool(content) and not letters) or says_phrase(" ".join(words), answer)
    assert grounded(" ".join(words), answer) is expected


@given(WORDS, WORDS, WORDS)
def test_more_text_never_ungrounds(text: list[str], more: list[str], answer: list[str]) -> None:
    if grounded(" ".join(text), " ".join(answer)):
        assert grounded(" ".join(more + text), " ".join(answer))


def test_words_of_the_question_do_not_ground_an_answer() -> None:
    question = "What does the abbreviation SFJ refer to?"
    text = "StarFlyer (SFJ) flies from Kitakyushu."
    assert grounded(text, "The abbreviation SFJ refers to StarFlyer.", question=question)
    assert not grounded(text, "The abbreviation SFJ refers to Sun Fjord Air.", question=question)
    assert not grounded(text, "abbreviation SFJ", question=question)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Did the Orvel Canal ever freeze over?", True),
        ("would a Monkey outlive a human being on average?", True),
        ("Was the tower built in 1887 or 1889?", False),  # alternatives, not yes or no
        ("When was the tower built?", False),
        ("Canal towns: which froze?", False),
        ("Was it open on Sundays?", True),
        ("Was most of it lost?", True),
        ("Was definiert der HID descriptor?", False),  # German "was": what
        ("Was ist die Hauptstadt?", False),
        ("Was kostet das?", False),
        ("Could you please tell me about the RFC's background?", False),  # a request
        ("Did you tell him?", True),
        ("", False),
    ],
)
def test_asks_yes_no(question: str, expected: bool) -> None:
    assert asks_yes_no(question) is expected


def test_an_answer_of_function_words_is_grounded_by_the_phrase_itself() -> None:
    question = "Who is the artist of the album Direct Hits?"
    assert grounded("Direct Hits is a compilation album by The Who.", "The Who", question=question)
    assert not grounded("Nobody knows who made it, and the sleeve is blank.", "The Who")
    assert not grounded("An album by Coldplay.", "Direct Hits", question=question)  # restated


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Ist das Depot in der Ulmenstraße sonntags geöffnet?", True),
        ("Unterstützt der Drucker doppelseitigen Druck?", True),  # a verb before "der"
        ("Funktionierte das System mit dem Dell E7450 gut?", True),  # past tense, "-te"
        ("Gibt es einen Parkplatz?", True),
        ("Kostet die Nutzung etwas?", True),
        ("Wann wurde die Kestrel-Brücke eröffnet?", False),
        ("Wie funktioniert das?", False),
        ("Könnten Sie mir erklären, wie das geht?", False),
        ("Est-ce que la piscine est ouverte le lundi ?", True),
        ("Peut-on nager dans le lac ?", True),
        ("Quand le pont a-t-il ouvert ?", False),
        ("Le musée Arvel est-il ouvert le lundi ?", True),  # the subject first
        ("La piscine est-elle ouverte le dimanche ?", True),
        ("Y a-t-il un parking ?", True),
        ("Le train part-il à 8 heures ?", True),
        ("Pourquoi le musée est-il fermé ?", False),
        ("Combien de visiteurs le musée a-t-il reçus ?", False),
        ("À quelle heure le musée ouvre-t-il ?", False),
        ("Le musée ouvre-t-il à 9 h ou à 10 h ?", False),  # alternatives
        ("Who founded Saint-Elle?", False),  # a name
        ("Which add-on does the editor need?", False),  # English "-on"
        ("What is a hands-on workshop?", False),
        ("Le musée, que peut-on y voir ?", False),
        ("Le parking, y a-t-on accès le soir ?", True),
        ("¿El museo abre los domingos?", True),
        ("¿Cuándo abre el museo?", False),
        ("¿Abre a las 9 o a las 10?", False),
        ("Работает ли музей по понедельникам?", True),
        ("Когда открылся мост?", False),
        ("这座图书馆周日开放吗？", True),
        ("这座桥是什么时候建成的？", False),
        ("这座桥是1932年还是1934年建成的？", False),
        ("港大橋は1974年に完成しましたか？", True),
        ("港大橋はいつ完成しましたか？", False),
        ("남산타워는 1980년에 문을 열었나요?", True),
        ("남산타워는 언제 문을 열었나요?", False),
        ("Is het museum op maandag open?", True),
        ("Kan ik hier parkeren?", True),
        ("Corvale Bridge opening date?", False),  # a question mark alone asks for a date
        ("هل المكتبة مفتوحة يوم الأحد؟", True),
        ("من يملك خدمة الدفتر؟", False),
        ("هل بني الجسر عام 1887 أم 1889؟", False),
        ("क्या पुस्तकालय रविवार को खुला रहता है?", True),
        ("पुस्तकालय का मालिक कौन है?", False),
        ("क्या पुस्तकालय कब खुलता है?", False),  # "when" asked
        ("ห้องสมุดเปิดวันอาทิตย์ไหม", True),
        ("พิพิธภัณฑ์เปิดวันจันทร์หรือไม่", True),
        ("ห้องสมุดอยู่ที่ไหน", False),  # where
        ("ทำไมห้องสมุดปิด", False),  # why
        ("Thư viện có mở cửa vào Chủ nhật không?", True),
        ("Khi nào thư viện mở cửa?", False),
        ("Tại sao thư viện không mở cửa?", False),  # "không" inside a "why" question
        ("Kütüphane pazar günleri açık mı?", True),
        ("Toplantıya gelecek misiniz?", True),
        ("Kütüphane ne zaman açılır?", False),
        ("¿Dónde está mi casa?", False),  # Spanish "mi": my
        ("Come mi chiamo?", False),  # Italian "mi"
        ("Czy w hotelu można palić?", True),  # Polish
        ("Czym jest ten hotel?", False),
        ("Czy most otwarto w 1932 czy w 1934 roku?", False),  # the second "czy": or
        ("Чи працює бібліотека в неділю?", True),  # Ukrainian
        ("Коли відкрили бібліотеку?", False),
        ("Бібліотеку відкрили в 1932 чи в 1934 році?", False),  # "чи": or
        # after a verb of knowing or telling, "czy" and "чи" open the question asked
        ("Czy wiesz, czy muzeum jest otwarte w niedzielę?", True),
        ("Powiedz mi, czy muzeum jest otwarte?", True),
        ("Чи знаєте ви, чи працює бібліотека в неділю?", True),
        ("Скажіть, будь ласка, чи можна тут палити?", True),
        ("Czy wiesz, czy most otwarto w 1932 czy w 1934?", False),  # the third: or
        ("Czy wolisz herbatę, czy kawę?", False),  # a comma before "or" too
        ("Чи міст відкрили 1932, чи 1934 року?", False),
        ("Är museet öppet på söndagar?", True),  # Swedish
        ("Har hotellet parkering?", True),
        ("Var ligger museet?", False),  # "var": where
        ("Er museet åbent om søndagen?", True),  # Danish
        # Italian and Portuguese: by a common verb near the start, and no question word
        ("Il museo è aperto la domenica?", True),
        ("Si può fumare in camera?", True),
        ("C'è un parcheggio?", True),
        ("O parque aceita cães?", True),
        ("Há estacionamento no hotel?", True),
        ("É possível pagar com cartão?", True),
        ("Quando è stato aperto il ponte?", False),
        ("Chi è il proprietario?", False),
        ("Il museo apre alle 9 o alle 10?", False),  # which
        ("O museu abre às 9 ou às 10?", False),
        ("Qual é a capital?", False),
        ("Data di apertura del ponte?", False),  # no verb: a value asked for
        ("Fecha de apertura del museo?", False),  # Spanish "fecha": a date
        ("CI build status?", False),
        ("Ha Long Bay location?", False),
        ("Dónde está el museo?", False),  # Spanish without its "¿"
        ("Donde esta el museo?", False),
        ("Está abierto el museo?", True),
        ("ER wait times in Boston?", False),  # an acronym, not Danish "er"
        ("AR glasses support?", False),
    ],
)
def test_asks_yes_no_in_other_languages(question: str, expected: bool) -> None:
    assert asks_yes_no(question) is expected


@pytest.mark.parametrize(
    ("answer", "side"),
    [
        ("Ja", True),
        ("Nein.", False),
        ("Sí", True),
        ("Нет", False),
        ("是的，这座图书馆周日开放。", True),
        ("いいえ", False),
        ("نعم، المكتبة مفتوحة", True),
        ("لا", False),
        ("Si", None),  # silicon
        ("SIM", None),
        ("No. 5", None),
        ("ไม่", False),  # Thai: "no" only with its tone mark
        ("ไม่ครับ", False),  # with the polite particle
        ("ใช่ ค่ะ", True),
        ("ครับ", None),
        ("नहीं, रविवार को बंद रहता है।", False),
        ("हाँ", True),
        ("Không", False),
        ("Có, thư viện mở cửa.", True),
        ("Hayır, kapalıdır.", False),
        ("Evet", True),
        ("Sì, è aperto.", True),  # Italian
        ("Nej", False),  # Swedish and Danish
        ("Nie", None),  # a surname too
    ],
)
def test_polarity_in_other_languages(answer: str, side: bool | None) -> None:
    assert polarity(answer) is side


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("Die Corvale-Brücke wurde am 3.4.1932 eröffnet.", "April 3, 1932"),
        ("Мост открыт 03.04.1932.", "3 April 1932"),
        ("Released on 1932-04-03 after delays.", "April 3, 1932"),
        ("Die Corvale-Brücke wurde am 3.4.1932 eröffnet.", "1932"),
    ],
)
def test_a_date_in_digits_grounds_the_date_it_writes(text: str, answer: str) -> None:
    assert grounded(text, answer)


def test_a_date_in_digits_is_not_a_number_with_thousands() -> None:
    assert numbers("am 3.4.1932") == {"3", "1932"}  # not 3 and 4,193 and 2
    assert numbers("4.411 habitantes") == {"4411"}
    assert numbers("version 1.2.2019.4") == {"1", "2", "2019", "4"}  # not a date: four parts
    assert not grounded("Die Brücke wurde am 3.4.1932 eröffnet.", "April 4, 1932")
    assert words("4/3/1932") == ["4", "3", "1932"]  # April or March: the order is not sure


def test_an_option_that_shares_the_questions_words_is_an_answer() -> None:
    # "--verbose" for "Which flag enables verbose logging?": its word is the question's, but
    # the option is a name the question does not write.
    question = "Which flag enables verbose logging in Quill?"
    text = "## 3.0\n- Removed the --debug flag; use --verbose instead."
    assert grounded(text, "--verbose", question=question)
    assert not grounded(text, "--loud", question=question)
    assert not grounded("Verbose logging is on by default.", "--verbose", question=question)
    assert not grounded(text, "verbose logging", question=question)  # restates the question


def test_an_answer_of_single_letters_is_grounded_only_as_written() -> None:
    # "I-A" was read from a page with no division on it: "A" is an article, "I" any "I"
    assert not grounded("I went home, and I slept.", "I-A")
    assert grounded("The team played in Division I-A that year.", "I-A")
    assert grounded("The team played in Division I-A that year.", "Division I-A")
    assert grounded("Take vitamin B daily.", "B") and not grounded("Take vitamin C.", "B")
    assert grounded("Vexa has three known moons.", "3")  # a digit is a number, not a letter


def test_a_number_grounds_whether_written_in_digits_or_words() -> None:
    # a model behind llama.cpp's server read "3" from "three known moons"
    assert grounded("Vexa has three known moons: Ilo, Marn and Sef.", "3")
    assert grounded("Vexa has 3 known moons.", "three")
    assert grounded("Vexa has three known moons.", "3 moons")
    assert not grounded("Vexa has three known moons.", "4")
    assert not grounded("It opened in 1990.", "1964")
