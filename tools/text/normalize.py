"""Text normalization for comparing answers and descriptors, and for checking citations."""

from __future__ import annotations

import html
import re
import string
import unicodedata
from functools import lru_cache

import Stemmer
from icu4py.breakers import WordBreaker

_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCT = str.maketrans(
    dict.fromkeys(
        [*map(ord, string.punctuation)]
        + [c for c in range(0x80, 0x10000) if unicodedata.category(chr(c)).startswith("P")]
    )
)
"""Punctuation to drop: ASCII's, and every other script's (the Arabic comma in "1934،",
"«", "、", the curly quotes)."""
_JOINERS = re.compile(r"[-‐‑–—/=|;()\[\]{}<>]|(?<!\d)[:,]|[:,](?!\d)")
"""Marks that join words without a space ("Assamese-language", "PORT=8080", "Owner:Lena",
"a|b"): the words stay apart. Between digits, ":" and "," stay ("10:30", "3,559")."""
_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b")
"""An English possessive or "is" ("Quist's lamp", "that's"): the word is the name without it."""
_SUFFIXED = re.compile(r"(?<=\d)['’](?=[^\W\d_])")
"""An apostrophe between a number and its case ending, as Turkish writes it ("1934'te")."""
_ELIDED = re.compile(
    r"(?<![\w'’])(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu|presqu|all|dall|dell|nell|sull|coll|quell|un)"
    r"['’](?=[^\W\d_])",
    re.IGNORECASE,
)
"""A French or Italian article or pronoun elided before a word ("l'Allemagne", "d'Angers",
"nell'Inghilterra"): the word is on its own."""
_CASE_ENDING = re.compile(r"\b([^\W\d_][^\W_]*)['’]([^\W\d_]+)\b")
"""A name and its case ending, as Turkish writes them ("Manchester'dadır"), or an English
contraction ("I'm", "Ken'll"): see :func:`_case_ending`."""
_CONTRACTIONS = frozenset("s t d m ll re ve".split())
_LETTER_A = re.compile(
    r"(?<=\w[ \u00a0])A(?![\w'’]|\s+[A-Z])|(?<=\w[-/])A(?![\w'’])|(?<![\w'’])A(?=[-/]\w)"
)
"""A capital "A" that names, not an article: after a word (not a sentence's end), and before
no word in capitals ("Hall A", "Plan A to Plan B", "vitamin A deficiency"; not "Give Me A
Break", "Step 3. A new rule"), or joined to a word by a hyphen or slash, which an article
never is ("Division I-A", "A-1", "A/B")."""
_KEPT_A = "\ue000"
"""What such an "A" is while :func:`normalize` drops articles (a private-use character)."""
_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]{0,500})?/?>")
"""An HTML or XML tag ("<b>", "</del>", '<a href="...">'): it separates words, it is not one."""
_ACCENTED_BELOW = 0x0590
"""Accents are dropped from letters below this code point (Latin, Greek, Cyrillic, Armenian).

Elsewhere a combining mark is part of the letter: Thai vowels, Devanagari matras, the kana
voicing marks. Dropping them would change the word, not its spelling.
"""
UNSPACED = re.compile(
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]"
)
"""Letters of scripts written without spaces between words: Han, kana, Thai, Lao, Khmer, Myanmar."""
_HAN_DIGITS = re.compile("[〇零一二三四五六七八九]{3,}")
_HAN_DIGIT_VALUES = str.maketrans("〇零一二三四五六七八九", "00123456789")
"""Chinese and Japanese write years digit by digit too ("一九三二年" is 1932年): three such
digits or more in a row are a number (shorter runs are words: "一一", one by one)."""
_DIGITS = str.maketrans(
    {
        c: str(unicodedata.decimal(chr(c)))
        for c in range(0x80, 0x10000)
        if unicodedata.category(chr(c)) == "Nd"
    }
)
"""Every script's decimal digits as ASCII ones: "١٩٣٢" (Arabic), "۱۹۳۲" (Persian), "१९३२"
(Devanagari), "๑๙๓๒" (Thai) are 1932."""


_SPACED_THOUSANDS = re.compile(
    r"(?<![\w.,])\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+(?![\w]|[.,]\d{3})"
)
"""A number whose thousands are set apart by spaces, as French, Russian, Polish or Swedish
write it ("4 411", "4\u202f411"): one number, as "4,411" is."""


def ascii_digits(text: str) -> str:
    """``text`` with every script's digits, and Han digits written one by one, as 0-9.

    A number written with spaces between its thousands is written without them.
    """
    if not text.isascii():
        text = _HAN_DIGITS.sub(lambda m: m.group().translate(_HAN_DIGIT_VALUES), text)
        text = text.translate(_DIGITS)
    if " " in text or not text.isascii():
        text = _SPACED_THOUSANDS.sub(lambda m: re.sub(r"\D", "", m.group()), text)
    return text


JOINED = re.compile(UNSPACED.pattern[:-1] + "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
"""Those, and Hangul: Korean writes spaces, but joins particles to its words ("1932년에")."""

PREFIXING = re.compile("[\u0590-\u05ff\u0600-\u06ff\u0750-\u077f\ufb1d-\ufdff\ufe70-\ufeff]")
"""Letters of Hebrew and Arabic, which join short words before the word they go with: "בלידס"
is "in Leeds", "بمانشستر" "in Manchester", "والقاهرة" "and Cairo"."""
_HEBREW_PREFIX = re.compile("[ובכלמשה]{1,3}")
_ARABIC_PREFIX = re.compile("[وف]?[بلك]?(?:ال|ل)?")
SHORTEST_STEM = 2


def unprefixed(found: set[str]) -> set[str]:
    """``found``, and each Hebrew or Arabic word of it without the short words joined before it.

    "בלידס" gives "לידס" too, "بمانشستر" "مانشستر", "والقاهرة" "القاهرة" and "قاهرة". A word
    keeps at least two letters; what else it gives is only compared with answers.
    """
    more = set(found)
    for word in found:
        if not PREFIXING.match(word):
            continue
        prefix = _HEBREW_PREFIX if "\u0590" <= word[0] <= "\u05ff" else _ARABIC_PREFIX
        for cut in range(1, min(4, len(word) - SHORTEST_STEM + 1)):
            if prefix.fullmatch(word[:cut]):
                more.add(word[cut:])
    return more


def normalize(text: str | None) -> str:
    """Lowercase, drop accents, punctuation and articles, squeeze spaces (SQuAD-style)."""
    if not text:
        return ""
    text = unicodedata.normalize("NFKD", ascii_digits(text))
    kept: list[str] = []
    base = 0
    for c in text:
        if not unicodedata.combining(c):
            base = ord(c)
        elif base < _ACCENTED_BELOW:
            continue
        kept.append(c)
    text = unicodedata.normalize("NFC", "".join(kept)).lower().translate(_PUNCT)
    return " ".join(_ARTICLES.sub(" ", text).split())


_POLARITY = {
    **dict.fromkeys(
        "yes true correct ja oui sí sì да 是 是的 对 對 はい 네 예 نعم ใช่ हाँ हां có vâng "
        "evet".split(),
        True,
    ),
    **dict.fromkeys(
        "no false nein nej non não nao нет 否 不 不是 いいえ 아니요 아니오 لا ไม่ ไม่ใช่ नहीं không "
        "hayır".split(),
        False,
    ),
}
"""Yes and no in English, German, French, Spanish, Italian, Portuguese, Swedish, Danish,
Russian, Chinese, Japanese, Korean, Arabic, Thai, Hindi, Vietnamese and Turkish. Not the
words that are also names or symbols: "Si" (silicon), "SIM", "Da", "Tak", "Nie", "Nei"."""

_MARKS = "".join(
    chr(c) for c in range(0x300, 0x10000) if unicodedata.category(chr(c)) in ("Mn", "Mc")
)
"""The marks written on a letter: Thai's tone marks and Hindi's vowel signs are not ``\\w``,
and "ไม่" ("no") is a word only with its mark."""
_WORD = rf"[\w{re.escape(_MARKS)}]+"
_YES_NO = re.compile(rf"^\W*({_WORD})\W*$|^\W*({_WORD})\s*[,，、،]")
_THAI_POLITE = re.compile(r"\s*(?:ครับ|คะ|ค่ะ|จ้ะ|จ้า)\W*$")
"""The particle a polite Thai reply ends on: "ไม่ครับ" and "ไม่ใช่ ค่ะ" are "ไม่" and "ไม่ใช่"."""


def polarity(answer: str | None) -> bool | None:
    """True or False for a yes/no answer ("Yes", "No, it was not", "Nein", "是的，"), None else.

    Only a lone word or one followed by a comma counts: "No. 5" is not an answer "no".
    """
    match = _YES_NO.match(_THAI_POLITE.sub("", answer) if answer else "")
    word = match and (match.group(1) or match.group(2))
    return _POLARITY.get(word.lower()) if word else None


def _forms(*groups: str) -> dict[str, str]:
    """Each word of a group of spellings, mapped to the group's first."""
    return {form: group.split()[0] for group in groups for form in group.split()}


_MONTHS = (  # abbreviated, and in German, French and Spanish
    "january jan januar janvier enero",
    "february feb februar fevrier febrero",
    "march mar marz maerz marzo",
    "april apr avril abril",
    "may mai mayo",
    "june jun juni juin junio",
    "july jul juli juillet julio",
    "august aug aout agosto",
    "september sep sept septembre septiembre",
    "october oct oktober octobre octubre okt",
    "november nov noviembre",
    "december dec dezember decembre diciembre dez",
)
_MONTH_NAMES = tuple(group.split()[0] for group in _MONTHS)
MONTH_WORDS = frozenset(" ".join(_MONTHS).split())
MONTH_NUMBERS = {word: n for n, group in enumerate(_MONTHS, start=1) for word in group.split()}
"""Each month's name, as :func:`words` writes it, to its number: "juin" is 6."""

_UNITS = (  # written out and abbreviated
    "minute minutes min mins minuten",
    "hour hours hr hrs h stunde stunden std",
    "second seconds sec secs sekunde sekunden",
    "millisecond milliseconds ms",
    "day days tage",
    "week weeks wk wks woche wochen",
    "month months monat monate",
    "year years yr yrs jahr jahre",
    "kilometre kilometres kilometer kilometers km kms",
    "kilogram kilograms kilogramm kg kgs",
    "pound pounds lb lbs",
    "mile miles mi",
    "foot feet ft",
    "metre metres meter meters m",
    "centimetre centimetres centimeter centimeters cm",
    "millimetre millimetres millimeter millimeters mm",
    "gigabyte gigabytes gb",
    "megabyte megabytes mb",
    "kilobyte kilobytes kb",
    "terabyte terabytes tb",
    "percent prozent pourcent",
)
_MEASURES = (
    "dollar dollars usd euro euros eur yen pence cent cents degrees metre metres meter meters cm "
    "mm litre litres liter liters ml gram grams mg hundred thousand million billion trillion"
)
_UNIT_WORDS = frozenset(" ".join(_UNITS).split()) | frozenset(_MEASURES.split())
"""Words that measure what a number is, so two numbers with them differ ("5 km", "5 mi")."""

_CANONICAL = {
    **_forms(*_UNITS),
    **_forms(*_MONTHS),
    **_forms(  # numbers written as words
        "0 zero", "1 one eins", "2 two zwei", "3 three drei", "4 four vier", "5 five funf",
        "6 six sechs", "7 seven sieben", "8 eight acht", "9 nine neun", "10 ten zehn",
        "11 eleven", "12 twelve zwolf", "13 thirteen", "14 fourteen", "15 fifteen",
        "16 sixteen", "17 seventeen", "18 eighteen", "19 nineteen", "20 twenty zwanzig",
        "30 thirty", "40 forty", "50 fifty", "60 sixty", "70 seventy", "80 eighty",
        "90 ninety", "100 hundred",
    ),
}  # fmt: skip
"""Spellings of one thing that answers write either way ("40 min" and "40 minutes", "Jan 5" and
"January 5", "twelve" and "12", "5. Mai" and "May 5"): two answers compare by their first."""
SHORT_VERSION = re.compile(r"v(\d+)")
"""A version as :func:`words` gives it written short: "v4" (and "v4.2" as "v42")."""


def first_spelling(word: str) -> str:
    """A unit or month in the first of its spellings: "km" and "kilometres" are "kilometre".

    Numbers written as words stay as they are: "one" in "one of the first" is not a count.
    """
    return _SPELLINGS.get(word, word)


_SPELLINGS = {**_forms(*_UNITS), **_forms(*_MONTHS)}


def _canonical(answer: str | None) -> list[str]:
    """The words of ``answer``, each in its first spelling.

    "v4" is "version 4", "2024-05-05" is "5 may 2024" ("05" alone stays: "0.5" reads "05").
    """
    out: list[str] = []
    for word in words(answer):
        version = SHORT_VERSION.fullmatch(word)
        out.extend(("version", version.group(1)) if version else (_CANONICAL.get(word, word),))
    return out


def same_answer(a: str | None, b: str | None) -> bool:
    """Two answers agree if, normalized, one's words are all in the other.

    So "3,559" and "3,559 people" agree, and "Assamese" and "Assamese-language"; "1987" and
    "1991" do not. Words spelled joined in one and apart in the other agree too, and words
    spelled out or abbreviated ("40 min" and "40 minutes", "Jan 5" and "January 5", "twelve"
    and "12", "v4" and "version 4", "2024-05-05" and "May 5, 2024"). One number that counts
    something named two ways agrees too ("14,500 spectators" and "14,500 people").
    """
    yes_no = polarity(a), polarity(b)
    if None not in yes_no:
        return yes_no[0] == yes_no[1]
    left, right = _canonical(a), _canonical(b)
    if not left or not right:
        return not left and not right
    short, long = sorted((left, right), key=len)
    if set(short) <= set(long) or _spelled_within(left, right) or _spelled_within(right, left):
        return True
    return _counted_alike(a or "", b or "")


_COUNT = re.compile(r"^\W*(\d[\d,.]*)\s+((?:[a-z]+\s*){1,2})\W*$")
"""A number and up to two lower-case words that say what it counts ("14,500 people")."""


def _counted_alike(a: str, b: str) -> bool:
    """Whether two answers are the same number counting what they name differently.

    "14,500 spectators" and "14,500 people", read from two pages about one arena, are one
    answer (:func:`counted_number`).
    """
    counts = counted_number(a), counted_number(b)
    return None not in counts and numbers(counts[0] or "") == numbers(counts[1] or "")


def counted_number(answer: str) -> str | None:
    """The number of an answer that is a number and what it counts ("14,500" of "14,500 people").

    None for any other answer: a word that measures the number ("5 km", "5 miles";
    :data:`_UNIT_WORDS`) makes it another; so does a name ("2012 Olympics": capitals).
    """
    count = _COUNT.match(answer)
    if count is None or set(words(count[2])) & (_UNIT_WORDS | MONTH_WORDS):
        return None
    return count[1].rstrip(",.")


def _spelled_within(answer: list[str], other: list[str]) -> bool:
    """Whether ``answer``, spaces dropped, is a run of ``other``'s words, spaces dropped.

    So "Saphenofemoral junction" agrees with "the sapheno-femoral junction (SFJ)".
    """
    target = "".join(answer)
    for start in range(len(other)):
        run = ""
        for word in other[start:]:
            run += word
            if run == target:
                return True
            if not target.startswith(run):
                break
    return False


@lru_cache(maxsize=1)
def english_stemmer() -> Stemmer.Stemmer:
    """PyStemmer's English Snowball stemmer, built once ("owned" and "owns" are "own")."""
    return Stemmer.Stemmer("english")


def words(text: str | None) -> list[str]:
    """Normalized words, with the parts of hyphenated and slashed words apart.

    ``normalize`` alone would glue "Assamese-language" into one word "assameselanguage", and
    "Quist's lamp" would not have the word "quist". Articles go, but not the letter that names
    ("Hall A": "hall", "a"). Runs of a script written without spaces
    (Chinese, Japanese, Thai, ...) are cut where Unicode's word segmentation (ICU's, with its
    dictionaries) cuts them: "于1932年正式通车" is "于", "1932", "年", "正式", "通车". Markup
    is not: "<b>Ken&nbsp;Ito</b>" is "ken", "ito". An elided article ("l'Allemagne"), a Turkish
    case ending ("Manchester'dadır") and digits beside another script's letters ("በ1932") are
    words apart. A date is the same words however it is written ("4月2日", "4월 2일", "April
    2nd": "april", "2").
    """
    found: list[str] = []
    if text and "<" in text:
        text = _TAG.sub(" ", text)
    if text and "&" in text:  # "Lena&nbsp;Park", "R&amp;D"
        text = html.unescape(text)
    spaced = _SUFFIXED.sub(" ", _POSSESSIVE.sub("", _dates_spelled(text or "")))
    if "A" in spaced:
        spaced = _LETTER_A.sub(_KEPT_A, spaced)
    if "'" in spaced or "’" in spaced:
        spaced = _CASE_ENDING.sub(_case_ending, _ELIDED.sub(_elided, spaced))
    for token in normalize(_JOINERS.sub(" ", spaced)).split():
        if token == _KEPT_A:
            found.append("a")
            continue
        for part in (token,) if token.isascii() else DIGITS_APART.split(token):
            found.extend(_segment(part) if JOINED.search(part) else (part,))
    return found


def _elided(match: re.Match[str]) -> str:
    return match.group()[:-1] + " "


def _case_ending(match: re.Match[str]) -> str:
    """A capitalized name apart from its lowercase case ending; anything else as it was.

    "Manchester'dadır" is "Manchester dadır"; "O'Brien", "I'm" and "rock'n'roll" stay.
    """
    name, ending = match.group(1), match.group(2)
    if name[0].isupper() and ending.islower() and ending not in _CONTRACTIONS:
        return f"{name} {ending}"
    return match.group()


_MONTH_DAY = re.compile(r"(?<!\d)(\d{1,2})\s*[月월]\s*(?:(\d{1,2})\s*[日일号號])?")
"""A month, and its day, as Chinese, Japanese and Korean write them ("4月2日", "4월 2일")."""
_ENGLISH_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_ORDINAL_DAY = re.compile(
    rf"\b(?:({_ENGLISH_MONTH}\.?\s+(?:the\s+)?)(\d{{1,2}})(?:st|nd|rd|th)"
    rf"|(\d{{1,2}})(?:st|nd|rd|th)(\s+(?:of\s+)?{_ENGLISH_MONTH}))\b",
    re.IGNORECASE,
)
"""A day of the month written as an ordinal ("April 2nd", "the 2nd of April")."""
_ORDINAL_SUFFIX = re.compile(r"\d(?:st|nd|rd|th)\b", re.IGNORECASE)
_NUMERIC_DATE = re.compile(
    r"(?<![\d.])(?:(0?[1-9]|[12]\d|3[01])\.\s?(0?[1-9]|1[0-2])\.\s?(\d{4})"
    r"|(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]))(?![\d]|\.\d)"
)
"""A date in digits whose order is sure: day first with dots, as German, Russian, Polish or
Finnish write it ("3.4.1932", "03.04.1932"), or ISO's year first ("1932-04-03"). Slashes are
not: "4/3/1932" is April 3 in the United States and March 4 elsewhere."""
_DIGITS_JOINED = re.compile(r"\d[.-]\s?\d")
"""What every such date holds: a search for it is 3x cheaper than the date's substitution."""


def _dates_spelled(text: str) -> str:
    """Dates written the way :data:`_MONTHS` and digits read them.

    "4月2日" and "4월 2일" are "April 2", "3.4.1932" and "1932-04-03" are "3 April 1932", and
    "April 2nd" and "2nd of April" are "April 2" and "2 of April": a date is the same words in
    any script.
    """
    if "月" in text or "월" in text:
        text = _MONTH_DAY.sub(_month_day, text)
    text = _numeric_dates(text)
    if not _ORDINAL_SUFFIX.search(text):  # most texts: a search is 4x cheaper than the sub
        return text
    return _ORDINAL_DAY.sub(lambda m: "".join(p for p in m.groups() if p), text)


def _numeric_dates(text: str) -> str:
    """``text`` with its dates in digits (:data:`_NUMERIC_DATE`) spelled "3 April 1932"."""
    if not _DIGITS_JOINED.search(text):  # most texts
        return text
    return _NUMERIC_DATE.sub(_numeric_date, text)


def _numeric_date(match: re.Match[str]) -> str:
    day, month, year = match[1] or match[6], match[2] or match[5], match[3] or match[4]
    return f"{int(day)} {_MONTH_NAMES[int(month) - 1]} {year}"


def _month_day(match: re.Match[str]) -> str:
    month, day = int(match[1]), match[2]
    if not 1 <= month <= 12:
        return match.group()
    return f" {_MONTH_NAMES[month - 1]} {int(day) if day else ''} "


DIGITS_APART = re.compile(r"(?<=[0-9])(?=[^\x00-\x7f])|(?<=[^\x00-\x7f])(?=[0-9])")
"""Where digits meet letters of a script other than Latin ("በ1932" in Amharic, "ឆ្នាំ១៩៣២" in
Khmer, "1932г"): a word boundary ("v4", "B-29" and "3G" stay whole)."""


@lru_cache(maxsize=4096)
def _segment(token: str) -> tuple[str, ...]:
    """``token`` cut into words by ICU's word breaker; pieces without a letter or digit go."""
    return tuple(w for w in WordBreaker(token, "und") if any(c.isalnum() for c in w))


def same_descriptor(a: str | None, b: str | None) -> bool:
    """Two descriptors match if, normalized, they share at least half of their words."""
    left, right = set(normalize(a).split()), set(normalize(b).split())
    if not left or not right:
        return not left and not right
    return len(left & right) / len(left | right) >= 0.5


FUNCTION_WORDS = frozenset(
    "a an the of in on at for by from to and or is was were are be been it its this that these "
    "he she they his her their as with after before according who what when where which how "
    "did does do has have had not no but if so".split()
)
GROUNDED_SHARE = 0.5
"""Share of an answer's content words a text must contain for the answer to be read from it."""


def grounded(
    text: str,
    answer: str,
    share: float = GROUNDED_SHARE,
    question: str = "",
    *,
    every_number: bool = True,
) -> bool:
    """Whether ``answer`` can have been read from ``text``.

    Yes/no answers always can; any other needs at least ``share`` of its content words
    (hyphenated parts apart) in the text. A small model asked whether a text answers sometimes
    answers from memory; this tells such readings apart without another model call.

    Words of ``question`` do not count either way: a sentence that restates the question
    ("The abbreviation SFJ refers to StarFlyer.") is grounded by what it adds (StarFlyer), and
    an answer that only restates the question is not grounded. A number is never among the
    half that may be missing: "April 28, 1964" is not read from "28 April 1990"
    (:func:`unstated_numbers`), unless ``every_number`` is off.
    """
    if polarity(answer) is not None:
        return True
    unstated = unstated_numbers(text, answer, question) if every_number else set()
    if unstated and unstated - spelled_numbers(text):
        return False  # "3" is read from "three known moons"; "1964" is not from "1990"
    needed = new_words(answer, question)
    if not needed:
        if named := set(FLAG.findall(answer)) - set(FLAG.findall(question)):
            return all(flag in text for flag in named)  # "--verbose" for verbose logging
        # Only function words ("The Who"): the phrase itself must be in the text. Content
        # words all from the question: the answer restates it.
        return not content_words(answer) and says_phrase(text, answer)
    if all(len(w) == 1 and w.isalpha() for w in needed):  # "I-A", "B": as written
        return says_phrase(text, answer) or within(text, answer)
    have = content_words(text)
    if PREFIXING.search(answer):
        have = unprefixed(have)
    if needed - have:  # a number written the other way: "3" for "three", "three" for "3"
        needed, have = {_as_digits(w) for w in needed}, {_as_digits(w) for w in have}
    return len(needed & have) >= share * len(needed) or within(text, answer)


def spelled_numbers(text: str) -> set[str]:
    """The numbers ``text`` writes as words ("three known moons": 3), in digits."""
    return {digits for w in words(text) if (digits := _as_digits(w)) != w}


def _as_digits(word: str) -> str:
    """A number written as a word in digits ("three" is "3"); any other word as it is."""
    spelled = _CANONICAL.get(word, word)
    return spelled if spelled.isdigit() else word


FLAG = re.compile(r"(?<![\w-])--?[A-Za-z][\w.-]*")
"""A command-line option ("--compat", "-Xmx"): a name, kept as written, never a stem; an answer
that names one adds it to the question, whatever words it shares with the question."""

_NUMBER = re.compile(r"\d+(?:[,.]\d{3}(?!\d))*")


def numbers(text: str) -> set[str]:
    """The numbers written in digits in ``text``, any script's digits, thousands marks aside.

    "3,559" and "3559" are one number; "8.7" is two (8 and 7), as they are wherever written,
    and "3.4.1932" is a date: 3, 4 and 1932.
    """
    text = _numeric_dates(unicodedata.normalize("NFKC", ascii_digits(text)))
    found = _NUMBER.findall(text)
    return {str(int(re.sub(r"[,.]", "", number))) for number in found}


def unstated_numbers(text: str, answer: str, question: str = "") -> set[str]:
    """The numbers ``answer`` adds to ``question`` that ``text`` never writes."""
    return numbers(answer) - numbers(question) - numbers(text)


def content_words(text: str) -> set[str]:
    """The normalized words of ``text`` that are not function words."""
    return set(words(text)) - FUNCTION_WORDS


def new_words(answer: str, question: str = "") -> set[str]:
    """What an answer adds to its question: its content words the question does not have."""
    return content_words(answer) - content_words(question)


def says_phrase(text: str, phrase: str) -> bool:
    """Whether ``text`` has ``phrase``'s words in a row (case and punctuation aside).

    Articles count here: "The Who" is said by "... by The Who", not by "the band who".
    """
    wanted = re.findall(r"\w+", phrase.lower())
    if not wanted:
        return False
    have = re.findall(r"\w+", text.lower())
    return any(have[n : n + len(wanted)] == wanted for n in range(len(have) - len(wanted) + 1))


def mentions(text: str, answer: str) -> bool:
    """Whether ``text`` states ``answer``: every word of the normalized answer appears in it.

    Words are compared as :func:`words` splits them, so "Assamese-language" states
    "Assamese", and "the 1987-88 season" states "1987 88"; in scripts without spaces, as a
    run of letters too (:func:`within`).
    """
    wanted = set(words(answer))
    have = unprefixed(set(words(text))) if PREFIXING.search(answer) else set(words(text))
    return bool(wanted) and (wanted <= have or within(text, answer))


def within(text: str, answer: str) -> bool:
    """Whether an answer in a script without spaces (or Korean) is written within ``text``.

    Word segmentation of such scripts depends on what surrounds a phrase ("แม่น้ำมิน" alone
    and in a sentence cut differently; "1932년" is part of "1932년에"), so such an answer is
    also found as a run of the text's letters, spaces and punctuation aside.
    """
    return bool(JOINED.search(answer)) and compact(answer) in compact(text)


def compact(text: str) -> str:
    """The normalized letters and digits of ``text``, without spaces."""
    return "".join(words(text))


def paragraphs(text: str) -> list[str]:
    """The paragraphs of ``text``: what a blank line parts, blank ones left out."""
    return [p for p in _PARAGRAPH.split(text) if p.strip()]


_PARAGRAPH = re.compile(r"\n\s*\n")
