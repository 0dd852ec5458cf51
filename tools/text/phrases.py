"""The phrase that answers: a sentence cut to it, and answers that only restate the question.

A small model asked "Who owns the Harbor build?" sometimes replies with the question's own
subject ("Harbor project") or with a whole sentence ("The Harbor build pipeline is owned by
the Platform team."). Neither is an answer as written: the first adds nothing a reader did
not know, the second hides its answer ("Platform team") in a restatement of the question.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

import simplemma
from icu4py.breakers import WordBreaker

from contextorg.prompts._render import LINK
from contextorg.tools.text.normalize import (
    FLAG,
    FUNCTION_WORDS,
    MONTH_WORDS,
    UNSPACED,
    english_stemmer,
    grounded,
    paragraphs,
    polarity,
    says_phrase,
    words,
)
from contextorg.tools.text.questions import asks_yes_no
from contextorg.tools.text.variants import in_text_spelling

_OTHER_LINKS = "ist|sind|waren|est|sont|était|fue|è|é"
_LINKS = re.compile(
    r"\s*(?<![\w-])(?:is|are|was|were|has been|have been|had been|by|belongs to|went to|goes to"
    rf"|include|includes|included|(?-i:{_OTHER_LINKS}))"
    r"(?![\w-])\s*|"
    r"\s*[:;—–]\s+",
    re.IGNORECASE,
)
"""Where a sentence that restates the question turns to what it says of it (a linking word
inside a hyphenated one, as in "deny-by-default", is not one). German, French, Spanish and
Italian ones too, in lower case only ("EST" is a time zone)."""

_OTHER_LINK = re.compile(rf"(?<![\w-])(?:{_OTHER_LINKS})(?![\w-])")
"""A linking word of another language than English: a reply written in it."""


def stems(text: str) -> set[str]:
    """The content words of ``text``, lemmatized, then stemmed.

    "owned" and "owns" are both "own"; "took" and "take" both "take" (simplemma's English
    dictionary has the irregular forms a stemmer cannot know). A command-line option stays as
    written (:data:`~contextorg.tools.text.normalize.FLAG`).
    """
    flags: set[str] = set()
    if "-" in text and (found := FLAG.findall(text)):  # "--compat" is not "compatibility"
        flags, text = {f.lower() for f in found}, FLAG.sub(" ", text)
    said = [lemma(w) for w in words(text) if w not in FUNCTION_WORDS]
    return set(english_stemmer().stemWords(said)) | flags


def agents(said: set[str]) -> set[str]:
    """Stems, and the stems of who does what they say: "own" gives "owner", "direct" "director".

    Not a dictionary: what the endings make is only looked up among a reply's stems.
    """
    return said | {f"{stem}{ending}" for stem in said for ending in ("er", "or", "r")}


_PATH = r"[\w~.][/\\][\w.%]"
"""Where a path joins two of its names: "~/.config", "deploy/ledger", "C:\\Quill"."""
_ADDRESS = re.compile(rf"\w@\w|\w://\w|{_PATH}|\w\.[a-z]{{2,5}}\b|(?<![\w#@])[#@][A-Za-z][\w.-]")
"""An e-mail address, a URL, a path, a file name ("~/.config/quill/config.toml", "C:\\Quill",
"setup.cfg"), a chat channel or handle ("#data-access", "@ops-oncall"): it names one thing,
whatever words of the question it holds."""


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """``word``'s English lemma, from simplemma's dictionary: "buy" of "bought"."""
    return str(simplemma.lemmatize(word, lang="en"))


_EMPHASIS = re.compile(r"(?<!\w)(\*\*|\*|`)(?=\S)(.+?)(?<=\S)\1(?!\w)")
"""Markdown bold, italics and code around words: "**Lena Park**", "`8080`" (not "2*3*4")."""
_BULLET = re.compile(r"^\s*[-*•]\s+")
_NUMBERED = re.compile(r"^\s*\d{1,2}[.)]\s+")
_QUOTES = {'"': '"', "“": "”", "«": "»", "「": "」", "'": "'"}
_BRACKETS = {"{": "}", "[": "]"}
"""Marks a small model wraps a figure in ("{4,411}"), where the text does not write them."""

CLOSING_ASIDE = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")
"""An aside in brackets that ends a reply: "(was $10 until June 2025)", "（旧担当：伊藤健）"."""
_LAST_WORD = re.compile(r"(\w+)\.$")


def bare_reply(reply: str, text: str = "") -> str:
    """``reply`` without the marks a chat model dresses an answer in.

    Markdown emphasis and code ("**Lena Park**", "`8080`"), a list bullet or number ("- Lena
    Park", "1. Lena Park", unless ``text`` writes it so: "1. FC Köln"), quotes around all of
    it, braces or brackets around all of it that the text does not write ("{4,411}"), and the
    stop after a phrase ("Lena Park." but not "Acme Inc." or "Jr."). Han characters the text
    writes in another variant are the text's ("朴丽娜" from "朴麗娜": :mod:`.variants`).
    """
    bare = _BULLET.sub("", _EMPHASIS.sub(r"\2", reply)).strip()
    numbered = _NUMBERED.match(bare)
    if numbered and not (text and says_phrase(text, bare)):
        bare = bare[numbered.end() :]
    if len(bare) > 2 and _QUOTES.get(bare[0]) == bare[-1] and bare[0] not in bare[1:-1]:
        bare = bare[1:-1].strip()
    elif _wrapped(bare, _BRACKETS) and bare not in text:
        bare = bare[1:-1].strip()
    last = _LAST_WORD.search(bare)
    if last and (len(last.group(1)) >= 4 or last.group(1).isdigit()) and _a_phrase(bare):
        bare = bare[:-1]
    return in_text_spelling(bare, text)


def _wrapped(reply: str, marks: dict[str, str]) -> bool:
    """Whether ``reply`` is one phrase between an opening mark and its closing one."""
    opening = reply[:1]
    return (
        len(reply) > 2
        and marks.get(opening) == reply[-1]
        and opening not in reply[1:-1]
        and reply[-1] not in reply[1:-1]
    )


SHORT_PHRASE = 6
"""Most words of a reply whose stop is dropped: a longer one may be a sentence, stop and all."""


def _a_phrase(reply: str) -> bool:
    """Whether ``reply`` is one short phrase, not a sentence (whose stop is its own)."""
    return ". " not in reply and len(reply.split()) <= SHORT_PHRASE


_YES_NO_OPENING = re.compile(r"^\W*(?:yes|no)\s*[,;:–—]\s*(?:to\s+(?=\d))?", re.IGNORECASE)
"""A reply's opening "Yes," or "No," (and a "to" before a number: "Yes, to 100 requests"), as a
page's FAQ answers: not the answer to a question that is not asked yes or no ("No. 5 Squadron"
and "No-fly zone" open otherwise)."""


def answer_phrase(answer: str, question: str) -> str:
    """``answer``, or the part of it that answers when it restates the question around it.

    Only an answer that repeats a word of the question and links it to something ("X is
    owned by Y", "X: Y") is cut: into the pieces between linking words, of which the one
    adding most words the question does not have wins (the last, on a tie), without the
    words it opens with that add nothing (articles, the question's own words). A short reply
    in another language than the question's restates it in words that are not the
    question's: "Der Besitzer des Harbor-Builds ist Lena Park." for "Who owns the Harbor
    build?". Linked by a word of another language, its piece that names something and
    repeats none of the question's words wins. An answer that repeats nothing of the
    question is kept whole, however long.
    """
    if not asks_yes_no(question) and _YES_NO_OPENING.match(answer):
        answer = bare_reply(_YES_NO_OPENING.sub("", answer))  # "Yes, to 100 requests."
    answer = _past_restated_opening(answer, question)
    if doer := _doer(answer, question):
        return doer  # "Tom Berg takes her slot" for "Who gives the opening keynote?"
    if UNSPACED.search(answer) and UNSPACED.search(question):
        return (
            _filled_in(answer, question)
            or _named_subject(answer, question)
            or _one_run_added(answer, question)
            or answer
        )
    asked = agents(stems(question))  # "Owner is Mia Chen" restates "Who owns ...?"
    if not asked & stems(answer):
        return answer
    every = _linked_pieces(answer)
    linked = _restating_clauses(every, asked)
    pieces = [p for p, _ in linked]
    named = []
    if _OTHER_LINK.search(answer) and len(answer.split()) <= SHORT_REPLY:
        named = [p for p in pieces if _names(p) and stems(p) - _FILLER and not stems(p) & asked]
    # "It is developed by Slab": the agent of the question's own verb answers it, over a
    # longer piece that describes the subject ("Quill is an open-source rich text editor")
    agent = [
        p
        for (b, _), (p, link) in itertools.pairwise(linked)
        if link == "by" and stems(b) and stems(b) <= asked and stems(p) - asked
    ]
    # most words added; on a tie, one that names something new ("Veloria's capital city is
    # Kael"), then one that does not name the question's subject ("Omar Haddad is the
    # maintainer; the Ledger service moved to him in 2022"), then the last
    subject = names(question)
    best = max(
        reversed(named or agent or pieces),
        key=lambda p: (
            len(stems(p) - asked - _FILLER),
            any(_names(t) and stems(t) - asked for t in p.split()),
            not subject & set(words(p)),
        ),
        default="",
    )
    if len(pieces) < 2 or not stems(best) - asked:
        # the clause that restates the question, when the others were dropped
        whole = pieces[0] if len(pieces) == 1 and len(linked) < len(every) else answer
        return _what_it_adds(whole, question, asked)
    tokens = _ASIDE.split(best)[0].split()  # "Lena Park, who took over in March"
    tokens = tokens[_restated_head(tokens, asked) :]
    while len(tokens) > 1 and (not stems(tokens[0]) - asked or tokens[0].lower() in NOW_WORDS):
        if (
            tokens[0].istitle()
            and tokens[0].lower() in subject
            and all(map(str.islower, tokens[1:]))
        ):
            break  # "the Heron project": "project" alone is no one, the question's name heads it
        tokens.pop(0)  # "born on April 28, 1964" for "When was he born?": "April 28, 1964"
    return " ".join(tokens[: _restated_tail(tokens, question)]).rstrip(" .,;:!?")


_PREDICATE_WORDS = 4
"""Most words of what a reply to "who" says its name does, for the name alone to answer."""


def _doer(answer: str, question: str) -> str | None:
    """The name a reply to "who" opens with, when all it says after is what the name does.

    "Tom Berg takes her slot" for "Who gives the opening keynote?" is "Tom Berg": two to four
    capitalised words, then a verb and more, at most :data:`_PREDICATE_WORDS` words in all,
    none of them capitalised or a figure (the claims about it are its text's to state or
    deny). None for anything else: "Tom Berg and Ana Ruiz", "Ken Ito left in 2024", "Lena
    Park (since May)", "John Hartford Solo albums" (a word alone may be a plural noun).
    """
    if not _WHO.match(question):
        return None
    tokens = answer.rstrip(" .!").split()
    named = next((n for n, t in enumerate(tokens) if not t[:1].isupper()), len(tokens))
    rest = tokens[named:]
    if not (2 <= named <= 4 and 1 < len(rest) <= _PREDICATE_WORDS):  # "... Solo albums": a noun
        return None
    if not all(t.isalpha() for t in tokens[:named]) or not _a_verb(tokens, named):
        return None
    if any(not t.isalpha() or not t.islower() for t in rest):
        return None
    return " ".join(tokens[:named])


def _past_restated_opening(answer: str, question: str) -> str:
    """``answer`` after an opening clause that only restates the question, when it has one.

    "To request access to the Tern data lake, post in the #data-access channel." for "How do
    I request access to the Tern data lake?" is "post in the #data-access channel": the words
    before its first comma (two content words or more) are all the question's, and what
    follows adds some. "In 1932, the bridge opened" keeps its year.
    """
    opening, comma, rest = answer.partition(", ")
    asked = stems(question)
    said = [t for t in re.findall(r"\w+", opening) if t.lower() not in FUNCTION_WORDS]
    if not comma or len(said) < 2 or not stems(opening) <= asked or not stems(rest) - asked:
        return answer
    return bare_reply(rest)


_ASKING = frozenset(
    "谁 誰 什么 什麼 甚麼 哪 哪里 哪裡 哪儿 哪兒 哪个 哪個 哪些 哪位 几 幾 多少 何时 何時 什么时候"
    " 什麼時候 何 なに なん 何時 いつ どこ どれ どの どなた だれ いくつ いくら".split()
)
"""The words that ask, in Chinese and Japanese: where a question leaves its answer's place."""
_ASKED_LAST = frozenset("か 吗 嗎 呢 ？ ?".split())
"""What closes a Chinese or Japanese question and no statement: "誰ですか", "是谁呢"."""
_COPULAS = frozenset("です でした だ だった である".split())


def _asks(piece: tuple[str, int]) -> bool:
    """Whether a word asks: one of :data:`_ASKING`, or opens with one ("哪一" of "哪一年")."""
    return any(piece[0].startswith(w) for w in _ASKING)


def _filled_in(answer: str, question: str) -> str | None:
    """The words a reply in Chinese or Japanese puts where the question asks: None if none.

    "王丽负责海港构建。" for "谁负责海港构建？" is "王丽"; "担当者は田中花子です。" for
    "担当者は誰ですか？", "田中花子". The reply must be the question's words around one run
    of its own, and the question's words in that place must ask (:data:`_ASKING`: "哪一年").
    A reply that is not the question restated (a name alone, a sentence of its own), or whose
    run says the question's words again (its subject put first), is left to the rules after.
    """
    said, asked = _pieces(answer), _pieces(question)
    while asked and asked[-1][0] in _ASKED_LAST:
        asked.pop()
    same = [a[0].lower() == q[0].lower() for a, q in zip(said, asked, strict=False)]
    head = same.index(False) if False in same else len(same)
    tail = 0
    while tail < min(len(said), len(asked)) - head and (
        said[-1 - tail][0].lower() == asked[-1 - tail][0].lower()
    ):
        tail += 1
    place, filling = asked[head : len(asked) - tail], said[head : len(said) - tail]
    if not (head or tail) or not place or not filling:
        return None
    while len(filling) > 1 and filling[-1][0] in _COPULAS:
        filling.pop()  # "山田です" for "リーダーは誰？"
    if not any(map(_asks, place)) or any(map(_asks, filling)):
        return None
    own = {p.lower() for p, _ in asked} - _GRAMMAR_WORDS
    if any(p.lower() in own for p, _ in filling):
        return None  # "山田さんがこのプロジェクトのリーダーです。": the subject comes first
    return answer[filling[0][1] : filling[-1][1] + len(filling[-1][0])].strip()


_GRAMMAR_WORDS = frozenset(
    "了 的 是 由 被 在 が は を に で も の です でした だ した しました".split()
)
"""Chinese and Japanese words a reply restating its question may add without saying more."""


def _one_run_added(answer: str, question: str) -> str | None:
    """The one run of words a Chinese or Japanese reply adds to the question's, in any order.

    "建筑师林峰设计了白塔。" for "白塔是谁设计的？" is "建筑师林峰": the reply says the question
    over in another order ("the architect Lin Feng designed the White Pagoda"), adding one
    run of its own, unbroken by punctuation. Only a reply that writes a word of the question
    (not its words that ask, nor grammar, nor one character), and whose every other word is
    the question's or grammar (:data:`_GRAMMAR_WORDS`); the run loses the particles it ends
    on ("佐藤健一が" is "佐藤健一"). Not for "when": a date is cut from its reply by
    :func:`bare_date`.
    """
    said, asked = _pieces(answer), _pieces(question)
    if not any(map(_asks, asked)) or _asks_when(question):
        return None
    own = {p.lower() for p, _ in asked if not _asks((p, 0))}
    if not any(p.lower() in own and p not in _GRAMMAR_WORDS and len(p) > 1 for p, _ in said):
        return None  # "由伊藤健改为朴丽娜" for "构建由谁负责？" restates nothing but "由"
    runs: list[list[tuple[str, int]]] = []
    end = 0
    for piece, at in said:
        new = not (piece.lower() in own or piece in _GRAMMAR_WORDS or piece in _ASKED_LAST)
        if new and runs and runs[-1] and not answer[end:at].strip():
            runs[-1].append((piece, at))
        elif new:
            runs.append([(piece, at)])
        elif runs and runs[-1]:
            runs.append([])
        end = at + len(piece)
    runs = [run for run in runs if run]
    if len(runs) != 1:
        return None
    [run] = runs
    while len(run) > 1 and _HIRAGANA.match(run[-1][0]):
        run.pop()
    if _HIRAGANA.match(run[0][0]) or any(map(_asks, run)):
        return None
    return answer[run[0][1] : run[-1][1] + len(run[-1][0])].strip()


_SUBJECT_MARKS = frozenset("が は".split())
"""Japanese particles that close a clause's subject: "朴麗娜が担当しています"."""
_HIRAGANA = re.compile("^[\u3040-\u309f]+$")


def _named_subject(answer: str, question: str) -> str | None:
    """The subject of a Japanese reply that says of it only what the question asks.

    "朴麗娜が担当しています。" and "ビルドは朴麗娜が担当しています。" for "ハーバーのビルドの
    担当者は誰ですか？" are "朴麗娜": after its particle, the reply holds only the question's own
    words and endings in hiragana; the subject runs from the particle before it.
    """
    said, asked = _pieces(answer), {p for p, _ in _pieces(question)}
    marks = [n for n, (p, _) in enumerate(said) if p in _SUBJECT_MARKS]
    for k, at in enumerate(marks):
        rest = [p for p, _ in said[at + 1 :] if p not in _ASKED_LAST]
        if any(p in asked for p in rest) and all(p in asked or _HIRAGANA.match(p) for p in rest):
            start = said[marks[k - 1]][1] + len(said[marks[k - 1]][0]) if k else 0
            subject = answer[start : said[at][1]].strip()
            return subject or None
    return None


def _pieces(text: str) -> list[tuple[str, int]]:
    """The words of ``text`` as Unicode segments them, each with where it starts."""
    found, at = [], 0
    for piece in WordBreaker(text, "und"):
        if any(c.isalnum() for c in piece) or piece in _ASKED_LAST:
            found.append((piece, at))
        at += len(piece)
    return found


def _linked_pieces(answer: str) -> list[tuple[str, str]]:
    """The pieces of ``answer`` between linking words (:data:`_LINKS`), with the link before.

    In lower case, "" for the first: "owned by the Platform team" is ("owned", ""), ("the
    Platform team", "by").
    """
    linked, link, at = [], "", 0
    for match in [*_LINKS.finditer(answer), None]:
        piece = answer[at : match.start() if match else len(answer)].strip(" .,;:!?\"'()")
        if piece:
            linked.append((piece, link))
        if match:
            link, at = match.group().strip().lower(), match.end()
    return linked


def _restating_clauses(linked: list[tuple[str, str]], asked: set[str]) -> list[tuple[str, str]]:
    """The pieces of the clauses (between semicolons) that repeat a word of the question.

    A clause after ";" says something else: "The default timeout is 30 seconds; Ops raised
    it from 10." for "What is the default timeout?" answers in its first clause alone. When
    no clause repeats the question's words, every piece is kept.
    """
    clauses: list[list[tuple[str, str]]] = []
    for piece, link in linked:
        if link == ";" or not clauses:
            clauses.append([])
        clauses[-1].append((piece, link))
    restating = [c for c in clauses if any(stems(p) & asked for p, _ in c)]
    return [piece for clause in restating or clauses for piece in clause]


def _restated_head(tokens: list[str], asked: set[str]) -> int:
    """Where a piece's answer starts, after the restatement of the question that opens it.

    After the last of the question's words before the first word that names something new:
    "the iOS app takes about 25 minutes" for "How long does a full iOS build take?" is
    "about 25 minutes" ("iOS" is the question's). Only function words and qualifiers may
    stand between (:data:`_QUALIFIERS`); else, and when no question's word comes before, 0.
    """
    each = [stems(t) for t in tokens]
    named = next((n for n, t in enumerate(tokens) if _names(t) and each[n] - asked), None)
    restated = [n for n in range(named or 0) if each[n] and each[n] <= asked]
    if not restated or any(
        each[n] - _QUALIFIERS for n in range(restated[-1] + 1, named or 0)
    ):  # "the test matrix on Jul 31": "matrix" is not the question's, nor a qualifier
        return 0
    return restated[-1] + 1


_QUALIFIERS = frozenset(
    stems("about around approximately roughly nearly almost over under some just exactly least")
)
"""Words that may stand between a restatement and the number it gives ("takes about 25")."""


_OPEN_ENDED = re.compile(
    r"^\W*(?:why|explain|describe|warum|wieso"
    r"|how(?!\s+(?:many|much|long|old|big|large|far|often|tall|high|wide|deep|soon)\b)"
    r"|what\s+(?:does|do|did|happens|happened|should|can|could|would|will|must)\b"
    r"|wie(?!\s+(?:viele?|lange|alt|hoch|weit|oft)\b)|was\s+(?:macht|passiert|tut)\b)",
    re.IGNORECASE,
)
"""Questions whose answer is a clause ("What does the retry flag do?", "How do I rotate the
keys?"): a reply to them is not cut to the words it adds."""

RESTATED = 2
"""Fewest of the question's content words a reply must repeat to read as restating it (a
pronoun opening it counts as one: "It opened in 1932." for "When did the bridge open?")."""

PRONOUNS = frozenset("it he she they its his her their".split())

SHORT_REPLY = 10
"""Most words of a reply that is cut to the words it adds: a longer one says more than that."""


CLOSING = 2
"""Most words that may close a reply after what it adds, when they are among the question's
last as many: German and Dutch put the participle last ("Wann ist sie eröffnet worden?": "ist
1934 eröffnet worden")."""


_BOUNDS = [
    b.split()
    for b in (
        "at least|at most|up to|more than|less than|fewer than|no more than|no less than|"
        "as many as|as much as|as few as|as little as"
    ).split("|")
]
"""Words that bound the number after them: part of the answer ("at least 8 GB")."""


def _bound_opening(tokens: list[str], start: int) -> int:
    """``start``, moved back to a bound that opens there or ends on it ("at least 8 GB")."""
    lowered = [t.lower() for t in tokens]
    for bound in _BOUNDS:
        for first in (start - len(bound), start - len(bound) + 1):
            if first >= 0 and lowered[first : first + len(bound)] == bound:
                return first
    return start


def _what_it_adds(answer: str, question: str, asked: set[str]) -> str:
    """A reply that restates the question around its answer, cut to the run of words it adds.

    "The ledger uses PostgreSQL." for "Which database does the ledger use?" is "PostgreSQL";
    "The build takes about 40 minutes." for "How long does the build take?", "about 40
    minutes". Only for a question that asks for a thing, not a clause (:data:`_OPEN_ENDED`),
    from a short reply (:data:`SHORT_REPLY` words) that repeats at least :data:`RESTATED` of
    its content words in a clause (a verb or common noun among them) and then ends on what it
    adds, in one run (or closes on the question's last words: :data:`CLOSING`), and only when
    that names something (a capital, a digit, or two words or more): "Harbor build pipeline"
    is not cut to "pipeline". A reply that names what it adds first and then restates the
    question is cut to that name (:func:`_named_first`).
    """
    if _OPEN_ENDED.match(question) or asks_yes_no(question):
        return answer
    tokens = re.findall(r"\S+", answer)
    each = [stems(t) for t in tokens]
    counted = _counted(question)  # "10 libraries" for "How many libraries ...?"
    if counted and (count := _count_first(tokens, each, asked, counted)):
        return count  # "No fewer than 12,000 people attended the Lorne fair in 2022."
    if len(tokens) > SHORT_REPLY:
        return answer
    pronoun = bool(tokens) and (  # "It opened in 1932.", "Lena Park has owned it since 2020."
        tokens[0].lower() in PRONOUNS or any(t.strip(".,;:!?").lower() == "it" for t in tokens)
    )
    if len(asked & stems(answer)) + pronoun < RESTATED or restates(answer, question):
        return answer
    adding = (n for n, said in enumerate(each) if said - asked - _FILLER)
    start = next((n for n in adding if tokens[n].lower() not in NOW_WORDS), None)
    if start is None:
        return answer
    start = _bound_opening(tokens, start)  # "at least 8 GB", not "least 8 GB"
    who = _WHO.match(question)
    if start == 0 or (who and all(t.lower() in _ARTICLES for t in tokens[:start])):
        # it names its answer first: "Lena Park owns the Harbor build.", "The Payments team
        # owns the ledger service."
        return _named_first(tokens, each, asked, answer) if who else answer
    end, _ = _closing(each, start, question)  # "Die Brücke wurde 1934 eröffnet."
    # the count ends on what it counts: "11 players on the field" is "11 players"
    end = next((n + 1 for n in range(start + 1, end) if each[n] and each[n] <= counted), end)
    if any(
        said <= asked and not said <= counted and token.lower() not in _ARTICLES
        for token, said in zip(tokens[start:end], each[start:end], strict=True)
        if said
    ):  # an article the question has too is no word of it put in: "en la avenida del Puerto"
        return _inserted(tokens, each, asked, answer)  # not one run at its end
    verb = start + 1 < end and _a_verb(tokens, start) and _names(tokens[start + 1])
    if not (verb or _has_clause_word(tokens[:start])):
        return answer  # a name's first words, not a clause: "QEMU ACPI PM Device Model"
    start += verb  # "The arena seats 14,500 people." for "What is the arena's capacity?"
    span = " ".join(tokens[start:end]).strip(" .,;:!?\"'()")
    span = _COPULA_AFTER.sub("", span)  # "Daniel Kim입니다" is "Daniel Kim"
    return span if _names_something(span) else answer


_COPULA_AFTER = re.compile(r"(?<=\w)(?:입니다|이에요|예요|이다|였습니다|이었습니다)$")
"""A Korean copula written onto the word it ends: "담당자는 Daniel Kim입니다"."""


def _inserted(tokens: list[str], each: list[set[str]], asked: set[str], answer: str) -> str:
    """A reply that is the question's words with one name put among them: cut to the name.

    "The --compat flag enables compatibility mode in the Harbor CLI." for "Which flag enables
    compatibility mode in the Harbor CLI?" is "--compat". What it adds must be one run, each
    word of it naming something (a capital, a digit, an option): "V4V roadmap (moved to next
    week)" adds two runs, "PostgreSQL als" a word that names nothing; both stay whole.
    ``each``: every token's stems.
    """
    added = [n for n, said in enumerate(each) if said - asked - _FILLER]
    if not added or added[-1] - added[0] + 1 != len(added):
        return answer
    run = tokens[added[0] : added[-1] + 1]
    if not all(_names(t) or FLAG.match(t) for t in run):
        return answer
    return " ".join(run).strip(" .,;:!?\"'()")


_ARTICLES = frozenset("the a an der die das le la les el los las".split())

_MODALS = frozenset("can could will would may might must should shall".split())


def _a_verb(tokens: list[str], n: int) -> bool:
    """Whether ``tokens[n]`` reads as a verb.

    An inflected word ("seats", "married"), or one after a modal ("can hold"); not a word that
    qualifies what follows ("about 40 minutes").
    """
    word = tokens[n]
    if not (word.isalpha() and word.islower()):
        return False
    if n and tokens[n - 1].lower() in _MODALS:
        return True
    inflected = re.fullmatch(r"[a-z]+(?<![su]s)(?:s|ed)", word)
    return bool(inflected) and lemma(word) != word


_HOW_MANY = re.compile(
    r"\b(?:how\s+many|how\s+much|wie\s+viele?|combien\s+d[e']|cu[aá]nt[oa]s)\s*(\w+)",
    re.IGNORECASE,
)


def _counted(question: str) -> set[str]:
    """What a question counts ("libraries" in "How many libraries ...?"), as stems."""
    match = _HOW_MANY.search(question)
    return stems(match.group(1)) if match else set()


NOW_WORDS = frozenset(
    "now currently today presently heute jetzt derzeit aktuell maintenant actuellement "
    "aujourd'hui ahora hoy actualmente adesso oggi agora hoje".split()
)
"""Words that say a reply's answer holds now, and add nothing to it: "heute Priya Nair"."""

_FILLER = frozenset(
    stems(
        "you we i there here should can could must may might need will would just simply "
        "him them us me each every"
    )
)
"""Words a reply opens with that add nothing to the question: "You should use port 9090",
"Each team has 11 players"; and pronouns, which name nothing new ("the service moved to him in
2022")."""


def _closing(each: list[set[str]], start: int, question: str) -> tuple[int, int]:
    """Where what a reply adds ends, before the words that close it and add nothing.

    Function words and up to :data:`CLOSING` of the question's last words ("1934 eröffnet",
    "9090 for the API"). ``each``: every token's stems; ``start``: where what it adds starts.
    Returns the end, and how many of the question's words close it.
    """
    last = stems(" ".join(re.findall(r"\w+", question)[-CLOSING:]))
    end, closing = len(each), 0
    while end > start + 1 and closing + bool(each[end - 1]) <= CLOSING and each[end - 1] <= last:
        closing += bool(each[end - 1])
        end -= 1
    return end, closing


def _restated_tail(tokens: list[str], question: str) -> int:
    """Where the answer after a link ends, before a phrase that restates the question's end.

    "10 libraries in the LCLS" for "How many libraries are in the LCLS?" ends before "in the
    LCLS": a short phrase (:data:`SHORT_REPLY` words) closed by function words and up to
    :data:`CLOSING` of the question's last words ("1934 eröffnet worden" for "Wann ist sie
    eröffnet worden?"). Unless it is in lower case after a name or number, the closing
    phrase must open on a function word: "performance and stress testing" and "Debian Wheezy
    Build" (for "... for building OpenXT?") stay whole.
    """
    if len(tokens) > SHORT_REPLY:
        return len(tokens)
    each = [stems(t) for t in tokens]
    end, closing = _closing(each, 0, question)
    if not _OPEN_ENDED.match(question):
        end, closing = _asked_phrase(tokens, each, end, stems(question), closing)
    kept = " ".join(tokens[:end])
    verbs = all(t[:1].islower() for t, said in zip(tokens[end:], each[end:], strict=True) if said)
    if not (verbs and _names(kept)):
        while end < len(tokens) and each[end]:  # the phrase opens on a function word
            end += 1
    return end if closing and end < len(tokens) else len(tokens)


def _asked_phrase(
    tokens: list[str], each: list[set[str]], end: int, asked: set[str], closing: int
) -> tuple[int, int]:
    """Before ``end``, a phrase of the question's own words that opens on a preposition.

    "14 stations on the Kestrel line" for "How many stations does the Kestrel line have?"
    ends before "on the Kestrel line", where the question's last words alone ("line have")
    reach only "line". Returns the new end and how many question words close the phrase.
    """
    start = end
    while start > 1 and each[start - 1] <= asked:
        start -= 1
    while start < end and tokens[start].lower() not in PLACING:
        start += 1
    added = sum(bool(said) for said in each[start:end])
    return (start, closing + added) if added and start < end else (end, closing)


PLACING = frozenset("in on at for within across inside throughout im am beim dans sur en".split())
"""Prepositions that open a phrase placing an answer in the question's subject ("on the
Kestrel line"), not an article or a conjunction ("once a candidate build")."""


def _has_clause_word(tokens: list[str]) -> bool:
    """Whether ``tokens`` hold a verb or common noun: a lower-case word, not a function word.

    So they read as a clause, not as a name ("QEMU ACPI PM Device Model").
    """
    return any(
        (w.islower() and w not in FUNCTION_WORDS)
        or w in _CLAUSE_WORDS
        or (w.isalpha() and w.lower() == w.upper())  # a script without case: "담당자는"
        for t in tokens
        for w in re.findall(r"\w+", t)
    )


_WHO = re.compile(r"^\W*(?:who|whom|wer|qui|quién|quien|quem|chi|кто)\b", re.IGNORECASE)
"""Questions for someone: a reply to them may name its answer first and restate the rest.
(A reply to "Which agenda item was moved?" that opens "V4V roadmap (moved ...)" names
its answer with a word of the question in it.)"""


def _named_first(tokens: list[str], each: list[set[str]], asked: set[str], answer: str) -> str:
    """A reply to a question for someone that names them, then restates it: cut to the name.

    "Lena Park owns the Harbor build." for "Who owns the Harbor build?"; the rest must be
    the question's words only, a verb or common noun among them. ``each``: every token's
    stems.
    """
    end = next((n for n, said in enumerate(each) if said and not said - asked), None)
    if end is None:
        return answer
    # "Lena Park has owned it since 2020.", "Lena Park owns it now."
    rest = [t for t in _without_dating(tokens[end:]) if t.strip(".,;:!?").lower() not in NOW_WORDS]
    if any(stems(t) - asked for t in rest) or not _has_clause_word(rest):
        return answer
    while end > 1 and not each[end - 1]:
        end -= 1  # "Lena Park has owned ...": not "has"
    span = _RELATIVE.split(" ".join(tokens[:end]))[0].strip(" .,;:!?\"'()")
    return span if _names_something(span) else answer


def _count_first(
    tokens: list[str], each: list[set[str]], asked: set[str], counted: set[str]
) -> str | None:
    """A reply to "How many ...?" that gives its count, then restates the question: cut to it.

    "No fewer than 12,000 people attended the Lorne fair in 2022." for "How many people
    attended the Lorne fair in 2022?" is "No fewer than 12,000 people": the count, the words
    before it that bound it, and what it counts. The rest must be the question's words only,
    and the words before the count none of them.
    """
    number = next((n for n, t in enumerate(tokens[:4]) if any(c.isdigit() for c in t)), None)
    if number is None or any(
        not t.isalpha() or each[n] & asked for n, t in enumerate(tokens[:number])
    ):
        return None
    end = number + 1
    if end < len(tokens) and each[end] and each[end] <= counted:
        end += 1  # "12,000 people"
    rest = _without_dating(tokens[end:])  # a prefix of the tokens after the count
    restated = all(not said - asked for said in each[end : end + len(rest)])
    if not rest or not restated or not _has_clause_word(rest):
        return None
    return " ".join(tokens[:end]).strip(" .,;:!?\"'()")


def _without_dating(tokens: list[str]) -> list[str]:
    """``tokens`` without a closing phrase that dates them: "since 2020", "in March 2021"."""
    for n, token in enumerate(tokens):
        dating = tokens[n + 1 :]
        if token.lower() in _DATING and dating and all(_a_date_word(t) for t in dating):
            return tokens[:n]
    return tokens


_DATING = frozenset("since in from until till on".split())


def _a_date_word(token: str) -> bool:
    word = token.strip(" .,;:!?\"'()").lower()
    return any(c.isdigit() for c in word) or word in MONTH_WORDS or word in ("the", "of")


_RELATIVE = re.compile(r",\s+(?:who|which|whose|whom|that)\b", re.IGNORECASE)
"""Where a relative clause opens after a name: "Lena Park, who joined in March, owns it"."""


_ASIDE = re.compile(
    r",\s+(?:who|which|whose|whom|that|where|when|on|in|at|near|next|beside|opposite|close|just"
    r"|located|based|since|now)\b"
)
"""Where an aside opens after the answer of a reply that restates the question: "Kael, on the
east coast", "Lena Park, who took over in March"; in lower case, so not "Open, In Progress,
and Closed", nor "Cushing, Oklahoma" or "May 5, 1934"."""


def _names_something(span: str) -> bool:
    """Whether a cut names something: a capital, a digit, or two words or more."""
    return bool(span) and (len(span.split()) > 1 or _names(span))


def _names(span: str) -> bool:
    """Whether ``span`` has a capital or a digit: a name, a number or a date."""
    return any(c.isupper() or c.isdigit() for c in span)


DANGLING = frozenset(
    "a an the of for to and or nor but in on at by with from as into onto than that "
    "is are was were be been will would can could should must".split()
)
"""English words a phrase does not end on, in lower case: a reply ending on one was cut off
mid-phrase ("Class A" and "Vitamin A" end on a letter, not an article)."""

_OPENING = "([{<“‘«,;:-–—"
"""Characters a phrase does not end on either."""

MOST_COMPLETED = 8
"""Most words a reply cut off mid-phrase is finished with, from its text."""

_CLAUSE_END = re.compile(r"[.;:!?()\[\]{}<>\n\"“”]|,\s")


def dangles(answer: str) -> bool:
    """Whether ``answer`` stops mid-phrase: on "of", "the", "and", an opening bracket, a comma.

    A reply cut at its length limit stops anywhere; a small model's short one sometimes stops
    on "for" or "the" ("gatekeepers, managers and performers of the").
    """
    stripped = answer.rstrip()
    if not stripped:
        return False
    # a word of its own, as written: "Class A", "Division I-A" and "Plan B" end whole
    last = re.search(r"(?:^|\s)(\w+)$", stripped)
    return stripped[-1] in _OPENING or bool(last and last.group(1) in DANGLING)


_WHEN_WORDS = r"when|wann|quand|cu[aá]ndo|quando"
""""When" in English, German, French, Spanish, Italian and Portuguese."""
_WHEN = re.compile(rf"\b(?:{_WHEN_WORDS})\b", re.IGNORECASE)
"""A question with "when" anywhere in it."""
_ASKS_WHEN = re.compile(
    rf"^\W*(?:since\s+)?(?:{_WHEN_WORDS}"
    r"|(?:in|on|from)?\s*(?:what|which)\s+(?:year|date|day|month|century|decade|time))\b",
    re.IGNORECASE,
)
"""A question that asks when, opening on it ("What happens when ...?" does not ask when)."""
_ASKS_WHEN_ANYWHERE = re.compile(
    r"いつ|언제|什么时候|什麼時候|何时|何時|哪一年|哪年"
    r"|कब|πότε|מתי|متى|چه زمانی|چه سالی|کب|เมื่อไร|เมื่อไหร่|เมื่อใด|ปีใด|ปีไหน"
    r"|কবে|কখন|எப்போது|ఎప్పుడు|कधी"
    r"|\b(?:ne zaman|khi nào|bao giờ|năm nào|kapan|lini|milloin|mikor|când|kdy|kiedy|когда|коли"
    r"|wanneer|när|hvornår|når|kada|kdaj|millal)\b",
    re.IGNORECASE,
)
"""A question that asks when in another language, the word anywhere in it: "Corvale Köprüsü
ne zaman açıldı?", "コルヴァレ橋はいつ開通しましたか？", "Milloin silta avattiin?"."""


def _asks_when(question: str) -> bool:
    return bool(_ASKS_WHEN.match(question) or _ASKS_WHEN_ANYWHERE.search(question))


_YEAR_ASKED = re.compile(r"\b(?:years?|jahr|ann[ée]e|a[ñn]o|anno)\b", re.IGNORECASE)
_ACCENTED = {"a": "[aàâä]", "e": "[eéèê]", "u": "[uûü]", "o": "[oô]", "i": "[iî]"}


def _accent_blind(word: str) -> str:
    """A pattern for ``word`` written with or without its accents: "marz" finds "März"."""
    return "".join(_ACCENTED.get(c, re.escape(c)) for c in word)


_MONTH = "|".join(_accent_blind(m) for m in sorted(MONTH_WORDS, key=len, reverse=True))
"""A month's name, as :data:`MONTH_WORDS` spells it or with its accents ("März", "février")."""
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"


_NAMED_DATE = rf"(?:(?:{_DAY}\s+(?:of\s+)?)?(?:{_MONTH})\.?(?:\s+{_DAY})?(?:,?\s+\d{{4}})?|\d{{4}})"
_DATE = rf"(?P<date>{_NAMED_DATE})"
_ANY_DATE = re.compile(
    r"\d{4}\s*[年년](?:\s*\d{1,2}\s*[月월](?:\s*\d{1,2}\s*[日일])?)?"  # 2024年3月15日
    r"|\d{4}-\d{2}-\d{2}|\d{1,2}\.\s?\d{1,2}\.\s?\d{4}"  # 2024-03-15, 15.03.2024
    rf"|(?<!\w){_NAMED_DATE}(?!\d)",
    re.IGNORECASE,
)
"""One date, in the ways replies write them."""
DATE_PARTICLES = frozenset(
    """
    vuonna roce roku году році року рік год г ปี nam tahun pada noong sa το ב
    в у w v ve te ta de da ben ban jaar ar i im am um en le el em no na nel il la 에 에는 에서
    عام سنة في ب سال در में साल वर्ष সালে সাল ஆம் ஆண்டு ஆண்டில் に には で 于 於 在 בשנת שנת
    """.split()
)
"""Words that go with a date in a reply without saying more: "vuonna 1934", "v roce 1934",
"1936 году", "ב-1934", "1934'te" (a Turkish suffix), "1934-ben", "ปี 2545", "عام 1896",
"سال 1934", "1934 में", "১৯৩২ সালে", "1932 ஆம் ஆண்டில்", "1958年に", "于1932年"."""
DISCOURSE = frozenset(
    """
    but however actually fact indeed yet aber jedoch tatsachlich eigentlich mais fait pero
    realidad hecho но самом деле 但 但是 其实 实际上 実際 実は 하지만 실제로는 लेकिन वास्तव
    لكن لكنه لكنها ولكن الواقع
    """.split()
)
"""Words by which a reply sets its date against another without saying more: "but in fact in
1934", "لكنها في الواقع تأسست عام 1896"."""
_DATED_BY = r"on|in|at|im|am|um|en|au|à|le|el|em|no|na|nel|nell'|w|we|в|во"
"""The prepositions a date follows, in several languages: "on", "im", "en", "le", "в"."""
_DATE_CLOSING = re.compile(
    rf"^(?P<head>.*?)\s+(?:{_DATED_BY})\s+(?:the\s+)?{_DATE}\W*$",
    re.IGNORECASE,
)
"""A reply that ends on a date after a preposition ("will take place on March 10", "a ouvert
en février 1934")."""
_DATE_ALONE = re.compile(rf"^\W*(?:{_DATED_BY})\s+(?:the\s+)?{_DATE}\W*$", re.IGNORECASE)
"""A reply that is a date and the preposition before it: "En 1934", "in March 1934"."""


def date_phrase(answer: str, question: str) -> str:
    """A reply to a question that asks when, cut to the date it ends on after a clause.

    "will take place on March 10" and "It opened in 1932." for "When ...?" are "March 10" and
    "1932": what comes before the date says nothing but that it happens (no digit and no
    name but the question's words), or restates the whole question ("The Rama VIII Bridge over
    the Chao Phraya opened in 2002" for "What year did the Rama VIII Bridge open?"). "Bergen
    hosts it on March 10" stays whole, as does a reply to any other question. A date and its
    preposition alone are the date: "En 1934" for "Quand le pont a-t-il ouvert ?".
    """
    if not _asks_when(question):
        return answer
    if alone := _DATE_ALONE.match(answer):
        return str(alone["date"])  # "En 1934" for "Quand le pont a-t-il ouvert ?"
    closing = _DATE_CLOSING.match(answer)
    if closing is None:
        return answer
    head, asked = closing["head"], stems(question)
    if any(c.isdigit() for c in head):
        return answer
    subject = asked - _TIME_NOUNS  # the question without "year" in "What year did ...?"
    restated = bool(subject) and subject <= stems(head)
    if not restated and any(_names(t) and stems(t) - asked for t in head.split()):
        return answer
    return closing["date"]


_PREFIXED_NUMBER = re.compile(r"(?<=[\u05d0-\u05ea\u0621-\u064a])(?=\d)")
"""Where a Hebrew or Arabic prefix ("ב", "in"; "מ", "from"; "ب", "in") is written on the
number it goes with: "ב1932", "ب1932"."""


def bare_date(answer: str, question: str) -> str:
    """An answer to "when", cut to its one date when nothing else it says adds to the question.

    What else it says is the question's own words, function words and
    :data:`DATE_PARTICLES`: "vuonna 1934", "1958年通车" for "明溪大桥是哪一年通车的？",
    "1934'te açıldı" for "Corvale Köprüsü ne zaman açıldı?". Unlike :func:`date_phrase`, for
    an answer already read and checked: what the model replied stays what it is told it said.
    """
    if not _asks_when(question):
        return answer
    spaced = _PREFIXED_NUMBER.sub(" ", answer)  # "ב1932": "in" is a letter on the number
    found = list(_ANY_DATE.finditer(spaced))
    if len(found) != 1:
        return answer
    date = found[0]
    rest = set(words(spaced[: date.start()] + " " + spaced[date.end() :]))
    asked = set(words(question))
    said = rest - asked - DATE_PARTICLES - DISCOURSE - FUNCTION_WORDS
    extra = {w for w in said if not _inflects(w, asked)}
    if extra and stems(" ".join(extra)) - stems(question) and not _other_script(answer, question):
        return answer
    return " ".join(date.group().split())


def copied_date(answer: str, text: str, question: str) -> str:
    """A reply to "when" that copies a clause of its text whole, cut to the clause's one date.

    "منذ افتتاحه عام 1932 أصبح جسر كورفالي رمزا للمدينة." ("Since it opened in 1932, the
    Corvale Bridge has been the symbol of the city.") for "متى افتتح جسر كورفالي؟" is "1932":
    the model quoted the sentence that answers, and a sentence is not what it answers. Only a
    reply of :data:`COPIED_WORDS` words or more (not counting numbers) that the text writes
    word for word, with one date and no time of day.
    """
    if not _asks_when(question):
        return answer
    spaced = _PREFIXED_NUMBER.sub(" ", answer)
    said = words(answer)
    found = list(_ANY_DATE.finditer(spaced))
    lettered = [w for w in said if not w.isdigit()]
    if len(found) != 1 or len(lettered) < COPIED_WORDS or _A_TIME.search(answer):
        return answer  # "May 3, 10:00, Room 4": a phrase, and the time is when too
    if f" {' '.join(said)} " not in f" {' '.join(words(text))} ":
        return answer
    return " ".join(found[0].group().split())


COPIED_WORDS = 5
"""How many words a reply copied from its text has at least to be a clause, not a phrase."""

_A_TIME = re.compile(r"\d:\d\d")


def _other_script(answer: str, question: str) -> bool:
    """Whether ``answer`` is written in letters the question has none of.

    "The Corvale Bridge opened in 1932." for "কোরভেল সেতু কবে খোলা হয়?": its words cannot be
    told to be the question's or not, and the date is what it answers.
    """
    scripts = [{_script(c) for c in said if c.isalpha()} for said in (answer, question)]
    return bool(scripts[0]) and not scripts[0] & scripts[1]


def _script(letter: str) -> str:
    """The script a letter is of, as the first word of its Unicode name: "LATIN", "BENGALI"."""
    return unicodedata.name(letter, "?").split()[0]


_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _inflects(word: str, asked: set[str]) -> bool:
    """Whether a Korean word is another ending of one of the question's words.

    "열었으며" of "열었나요": the same first two syllables.
    """
    return bool(_HANGUL.match(word)) and any(
        len(word) > 2 and len(a) > 2 and a[:2] == word[:2] for a in asked
    )


_TIME_NOUNS = stems("year date day month century decade time")
"""The stems of what a question asks when by: "What year did ...?"."""


_CODE = re.compile(r"`([^`\n]{1,80})`")
"""Inline code in a text: a command, a flag, a setting's name ("`quill deploy`")."""
_TELLING_TO = frozenset("instead run use type enter execute call invoke try command".split())
"""Words a reply adds around the command it names, beside the question's own: "Use `quill
deploy` instead", "To restart the worker, run `systemctl restart quill-worker`"."""


def code_phrase(answer: str, text: str, question: str) -> str:
    """A reply that names one piece of the text's inline code, cut to it.

    "Use quill deploy instead" read from "Deprecated: `quill push`. Use `quill deploy`
    instead" for "Which command should I use to deploy?" is "quill deploy": all the reply adds
    around the code are the question's words, function words and words that tell to run it
    ("instead", "run"). A reply that says more of it stays whole: "Set `max_retries` to 5".
    """
    if "`" not in text:
        return answer
    plain = answer.replace("`", "")
    named: set[str] = {
        code.strip()
        for code in _CODE.findall(text)
        if code.strip() and re.search(rf"(?<![\w-]){re.escape(code.strip())}(?![\w-])", plain)
    }
    named = {code for code in named if not any(code != other and code in other for other in named)}
    if len(named) != 1:
        return answer
    [code] = named
    rest = set(words(plain.replace(code, " ")))
    if rest and rest <= FUNCTION_WORDS | _TELLING_TO | set(words(question)):
        return code
    return answer


def inline_code(answer: str, text: str) -> bool:
    """Whether ``answer`` is one piece of ``text``'s inline code, whole.

    Code names something exactly: "systemctl restart quill-worker" answers "How do I restart
    the Quill worker?" though all it adds to the question's words is "systemctl".
    """
    return "`" in text and answer.strip() in {code.strip() for code in _CODE.findall(text)}


_WHOLE_ADDRESS = re.compile(
    r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<![\w/])(?:https?|ftp)://[^\s()<>\[\]\"'`]+",
    re.IGNORECASE,
)
"""An e-mail address or a web address: what a reply that names one gives."""


def handle_spelling(reply: str, text: str) -> str:
    """A name the model wrote out where its text writes it as a handle: the text's handle.

    "Priya Nair" from "owner: priya.nair" is "priya.nair": the text names her only so, and a
    reader searching the text for the answer finds the handle. Only a reply of two or three
    words, each of letters, that the text does not write, and that it writes joined by a dot,
    an underscore or a hyphen, in any case ("priya_nair", "Priya-Nair", "@priya.nair").
    """
    said = reply.split()
    if not 2 <= len(said) <= 3 or not all(w.isalpha() for w in said) or reply in text:
        return reply
    joined = r"[._-]".join(map(re.escape, said))
    found = re.search(rf"(?<![\w.-]){joined}(?![\w-]|\.\w)", text, re.IGNORECASE)
    return found.group() if found else reply


def address_phrase(answer: str, text: str, question: str) -> str:
    """A reply that names one e-mail or web address, cut to it.

    "support (help@quill.example)", read from "[write to support](mailto:help@quill.example)"
    for "What is the support email for Quill?", is "help@quill.example": all the reply adds
    around the address are the question's words, function words and the text of the link to
    it. "Write to Ana Costa at ana@quill.example" stays whole.
    """
    found: set[str] = {a.rstrip(".,;:!?") for a in _WHOLE_ADDRESS.findall(answer)}
    if len(found) != 1:
        return answer
    [address] = found
    labels = {
        word
        for link in LINK.finditer(text)
        if address.casefold() in link[2].casefold()
        for word in words(link[1])
    }
    rest = set(words(answer.replace(address, " ")))
    if rest <= FUNCTION_WORDS | labels | set(words(question)):
        return address
    return answer


_TIME_WORDS = frozenset(
    """
    century centuries decade decades year years ago era age period dynasty reign morning
    afternoon evening night noon midnight today yesterday tomorrow daily weekly monthly yearly
    annually nightly hourly spring summer autumn fall winter week weeks weekend month months
    day days hour hours minute minutes before after during since until till early late mid
    soon later never once now recently currently quarter christmas easter monday tuesday
    wednesday thursday friday saturday sunday when whenever if unless
    jahrhundert jahr jahre jahren sommer winter fruhling herbst morgen abend nacht heute
    gestern vor nach wahrend seit bis montag dienstag mittwoch donnerstag freitag samstag
    sonntag woche monat tag wenn sobald falls
    siecle annee annees ans ete hiver printemps automne matin soir nuit hier avant apres
    pendant depuis jusqu lundi mardi mercredi jeudi vendredi samedi dimanche semaine mois jour
    quand lorsque si
    siglo ano anos verano invierno primavera otono manana tarde noche hoy ayer antes despues
    durante desde hasta lunes martes miercoles jueves viernes sabado domingo semana mes dia
    cuando
    """.split()
)
"""Words that place something in time, in English, German, French and Spanish (accents
dropped, as :func:`~contextorg.tools.text.normalize.words` drops them), and those that open a
condition: "When the maintainers know ..." answers "When can a PR be rejected?"."""


def untimely(answer: str, question: str) -> bool:
    """Whether ``answer`` to a question that asks when places nothing in time.

    "Jerusalem" or "Lady Tunggiya" for "When was Porush born?": no digit, month, season, day
    or other word of time ("last summer", "after the war" and "the 1850s" do). In any language,
    "yes" or "no" places nothing.
    """
    if _asks_when(question) and polarity(answer) is not None:
        return True  # "Yes" for "কোরভেল সেতু কবে খোলা হয়?" (when did it open?)
    if not _ASKS_WHEN.match(question) or any(c.isdigit() for c in answer):
        return False
    said = set(words(answer))
    return not said & _TIME_WORDS and not said & MONTH_WORDS


def dated(answer: str, text: str, question: str) -> str:
    """A year read for a question that asks when, as the one full date ``text`` writes it in.

    "1868" read from "Halsted Ritter (July 14, 1868 - October 15, 1951)" for "When was Judge
    Ritter born?" is "July 14, 1868". Not when the question asks which year, nor when the text
    writes that year in two dates or more ("March 1932" and "May 1932"): then it is left as read.
    """
    year = answer.strip(" .")
    if not (year.isdigit() and 3 <= len(year) <= 4 and _WHEN.search(question)):
        return answer
    if _YEAR_ASKED.search(question):
        return answer
    pattern = rf"(?<!\w)(?:{_DAY}\.?\s+(?:of\s+)?)?(?:{_MONTH})\.?\s+(?:{_DAY},?\s+)?{year}(?!\d)"
    found = {
        tuple(words(m.group())): " ".join(m.group().split())
        for m in re.finditer(pattern, text, re.IGNORECASE)
    }
    return next(iter(found.values())) if len(found) == 1 else answer


_DAY_MONTH = (
    rf"(?:{_DAY}\.?\s+(?:of\s+)?(?:{_MONTH})\.?|(?:{_MONTH})\.?\s+{_DAY}\b)(?:,?\s+\d{{4}}(?!\d))?"
)
_WRITTEN_DATE = re.compile(rf"(?<!\w){_DAY_MONTH}", re.IGNORECASE)
"""A date with its day and its month's name, in either order, and its year or not."""


def written_date(answer: str, text: str) -> str:
    """A date read in another order than ``text`` writes it, as the text writes it.

    "June 9, 2026" read from "The exhibition runs from 3 March to 9 June 2026." is "9 June
    2026", and so is "June 9", with the year the text gives it. Only an answer that is one
    date whole (a day and a month's name, with a year or not), and only where the text writes
    those words (and a year) in one date and never as the answer has them.
    """
    if not _WRITTEN_DATE.fullmatch(bare := answer.strip(" .")) or says_phrase(text, bare):
        return answer
    wanted = _date_words(bare)

    def same_date(written: frozenset[str]) -> bool:  # the same words, or those and a year
        added = written - wanted
        return wanted <= written and len(added) <= 1 and all(w.isdigit() for w in added)

    return _one_date(text, same_date) or answer


def date_of_day(text: str, day: str) -> str | None:
    """The one date ``text`` writes with the day ``day`` and a month's name: "4 May" for "4".

    In "The launch will be on 4 May instead of 28 April.", the 4 stated in place of the 28 is
    "4 May". None when no date, or two, have that day.
    """
    return _one_date(text, lambda written: day in written)


def _one_date(text: str, wanted: Callable[[frozenset[str]], bool]) -> str | None:
    """The one date with a day and a month's name ``text`` writes whose words are ``wanted``.

    As the text writes it, its spaces made single and a full stop after it left out ("3rd
    March." ends a sentence); None when none is, or two are.
    """
    found = {
        " ".join(m.group().rstrip(".").split())
        for m in _WRITTEN_DATE.finditer(text)
        if wanted(_date_words(m.group()))
    }
    return found.pop() if len(found) == 1 else None


def _date_words(date: str) -> frozenset[str]:
    return frozenset(words(date)) - {"of"}


def headed(answer: str, text: str) -> str:
    """A designator read without the name it belongs to, with that name as the text writes it.

    "I-A football" read from "the first season of Division I-A football" is "Division I-A
    football"; "II" is "World War II". Only an answer that opens on a roman numeral ("II",
    "XIV") or a hyphened code ("I-A", "B-29"), which says little alone, and only where every
    place the text writes it follows the same capitalized words (at most two, the last ones
    all places share: "NCAA Division" and "Division" give "Division"), none of them the first
    word of a sentence, which is capitalized for that alone.
    """
    first = answer.split(maxsplit=1)[0] if answer.strip() else ""
    if not _DESIGNATOR.fullmatch(first):
        return answer
    heads = [
        _head(text[max(0, m.start() - _HEAD_ROOM) : m.start()], m.start() <= _HEAD_ROOM)
        for m in re.finditer(rf"(?<![\w-]){re.escape(answer)}(?![\w-])", text)
    ]
    if not heads or not all(heads):
        return answer
    shared = heads[0]
    for head in heads[1:]:
        while shared and head[len(head) - len(shared) :] != shared:
            shared = shared[1:]
    return " ".join([*shared, answer]) if shared else answer


_DESIGNATOR = re.compile(r"[IVXL]{2,}|[A-Z]{1,2}-[A-Z0-9]{1,3}")
"""A part of a name that says little alone: a roman numeral, a hyphened code ("I-A", "B-29")."""

_HEAD_WORD = re.compile(r"[A-Z][\w'’]{2,}")

_HEAD_ROOM = 200
"""Characters read back from a designator for its name: a long text is not read whole."""


def _head(before: str, whole: bool) -> list[str]:
    """The capitalized words (at most two) that end ``before``, none opening a sentence.

    ``whole``: ``before`` is all the text before the place; otherwise its first word may be cut.
    """
    if not before.endswith(" "):
        return []
    tokens = before.split()[(0 if whole else 1) :]
    head: list[str] = []
    while tokens and len(head) < 2 and _HEAD_WORD.fullmatch(tokens[-1]):
        word = tokens.pop()
        if not tokens or tokens[-1][-1] in ".!?:":  # capitalized because a sentence opens
            break
        head.insert(0, word)
    return head


def complete_phrase(answer: str, text: str, cut: bool = False) -> str:
    """``answer``, finished from ``text`` when it stops mid-phrase or was ``cut`` at its limit.

    It stops mid-phrase when it :func:`dangles`; a reply cut at its length limit may stop
    anywhere, even mid-word. Where ``text`` has the answer's words in a row, the answer runs
    on to the end of that clause (the next comma, stop or bracket) when that comes within
    :data:`MOST_COMPLETED` words: "performers of the" -> "performers of the project's work".
    Otherwise the words and marks it dangles on are left off ("to make assurances for" -> "to
    make assurances"). An answer that neither dangles nor was cut is returned as it is.
    """
    if not (cut or dangles(answer)):
        return answer
    said = re.findall(r"\w+", answer)
    if said:
        pattern = r"\W+".join(re.escape(w) for w in said)
        found = None
        if answer.rstrip()[-1] in "-–":  # a word cut at its hyphen: "Division I-" of "I-A"
            hyphen = re.escape(answer.rstrip()[-1])
            found = re.search(rf"(?<!\w){pattern}{hyphen}", text, re.IGNORECASE)
        whole = r"\w*" if cut else r"(?!\w)"  # a reply cut at its limit may end mid-word
        found = found or re.search(rf"(?<!\w){pattern}{whole}", text, re.IGNORECASE)
        if found:
            rest = text[found.end() :]
            end = _CLAUSE_END.search(rest)
            tail = rest[: end.start()] if end else rest
            if tail.strip() and len(tail.split()) <= MOST_COMPLETED:
                return " ".join((text[found.start() : found.end()] + tail).split())
    return _trimmed(answer) or answer


def _trimmed(answer: str) -> str:
    """``answer`` without the words and marks it dangles on."""
    while dangles(answer):
        answer = answer.rstrip()
        if answer[-1] in _OPENING:
            answer = answer[:-1]
        else:
            answer = answer[: -len(re.findall(r"\w+", answer)[-1])]
    return answer.strip()


_CLAUSE_WORDS = frozenset(
    "is are was were has have had will would can could does did who which whose".split()
)


def reads_as_sentence(answer: str) -> bool:
    """Whether ``answer`` is a clause rather than a phrase: five words or more, with a verb.

    "Each build pipeline has one owner who approves release branches." says something, but
    names no answer; "Ministry of Health and Family Welfare" is a phrase.
    """
    said = re.findall(r"\w+", answer.lower())
    return len(said) >= 5 and bool(_CLAUSE_WORDS & set(said))


def names(question: str) -> set[str]:
    """The words the question only writes capitalized, and not first: its subject's name.

    The first word too when the question is written in a script without capitals ("Harbor
    build の担当者は誰ですか？"): there a capital is no sentence's opening.
    """
    tokens = re.findall(r"\w+", question)
    first = 0 if any(c.isalpha() and not c.isupper() and not c.islower() for c in question) else 1
    capital = {t.lower() for n, t in enumerate(tokens) if n >= first and t[:1].isupper()}
    lower = {t for t in tokens if t.islower()}
    return capital - lower - FUNCTION_WORDS


def speaks_of_another(answer: str, question: str, text: str) -> bool:
    """Whether a clause answer comes from a text that never names the question's subject.

    "Each build pipeline has one owner who approves release branches." from a page that never
    names the Harbor build says something general, not who owns it.
    """
    asked = names(question)
    return bool(asked) and reads_as_sentence(answer) and not asked & set(words(text))


def speaks_of_nothing_asked(question: str, text: str, title: str) -> bool:
    """Whether a page writes none of the words of the thing an English question asks about.

    "Who owns the ledger service?" asks about "the ledger service": a page titled "Search"
    ("Search is owned by Omar Haddad. Its index is rebuilt nightly.") writes neither "ledger"
    nor "service", nor any name of the question, so whatever it is read to answer, it is not
    about the ledger. The thing is the run of words after an article or a possessive ("the",
    "a", "our", "its"); one word of it in the text or its ``title`` is enough to be read. Only
    a page with a title is judged (what an index holds): a context given without one, "Owner:
    Rosa Lind", may well be about the question's "payments gateway", and so may a question
    with no such run ("Who owns Search?", "Wem gehört der Harbor-Build?").
    """
    if not title or not _ENGLISH_QUESTION.match(question):
        return False
    text = f"{title}\n{text}"
    runs = []
    for match in _ARTICLED.finditer(question):  # "the previous owner of the ledger service"
        written = match[1].split()
        head = list(itertools.takewhile(lambda w: w not in FUNCTION_WORDS, written))
        if (
            len(head) > 1
            and _AUXILIARY_THEN.search(question[: match.start(1)])
            and written[len(head) : len(head) + 1] != ["of"]  # "was the previous owner of"
        ):
            head = head[:-1]  # "does the ledger run on", "is the search index rebuilt": a verb
        runs += head + [w for w in written[len(head) + 1 :] if w not in FUNCTION_WORDS]
    subject = stems(" ".join(runs))
    if not subject:
        return False
    said = stems(text) | set(words(text))
    return not subject & said and not names(question) & set(words(text))


_ARTICLED = re.compile(
    r"\b(?:the|a|an|this|that|these|those|our|my|your|its|their)\s+"
    r"(?=((?:[a-z][\w-]*(?:['’]s)?\s*){1,4}))"
)
"""The lower-case words after an article or a possessive: "the ledger service" of "Who owns
the ledger service?", "the router's admin password", up to its first capitalized word or
mark. A lookahead, so runs overlap: "the previous owner of the ledger service" holds
"previous owner of the" and "ledger service"."""


def said_elsewhere(answer: str, question: str, text: str) -> bool:
    """Whether ``text`` names the question's subject in a paragraph and ``answer`` only in others.

    A segment of a long document holding "The Wilderness Years is the fourth book in the Adrian
    Mole series, written by Sue Townsend." and, two paragraphs on, a wiki page "Created by Ross
    Philipson": "Ross Philipson" for "Who is the creator of "The Wilderness Years"?" is read
    from a paragraph about something else. A text of one paragraph, or one that never names the
    subject, or a question with no name, is never judged so.
    """
    naming = _naming(question, text)
    if len(naming) < 2 or not any(n for _, n in naming):
        return False
    holding = [grounded(p, answer, question=question) for p, _ in naming]
    return any(holding) and not any(n and h for (_, n), h in zip(naming, holding, strict=True))


@lru_cache(maxsize=8)
def _naming(question: str, text: str) -> tuple[tuple[str, bool], ...]:
    """The paragraphs of ``text``, each with whether it names the question's subject.

    None of them when the question names no subject. Cached: a text is judged for each answer read
    from it, and again for the answers of its second reading.
    """
    asked = set(words(" ".join(names(question))))  # as the text's words are: "Café" is "cafe"
    if not asked:
        return ()
    return tuple((p, asked <= set(words(p))) for p in paragraphs(text))


def namesake(question: str, text: str) -> str | None:
    """The other thing ``text`` is about, when it writes the question's name only as a namesake's.

    "Falcon Hiking Club" for "Who leads the Falcon team?": the name, then more of a name that
    the question does not write, where the text never writes the question's noun ("team")
    and writes its name only so, one way. None when the text writes the noun, or the name
    alone ("The Orion club's telescope nights" may be the cluster's own: "OpenXT specific",
    "OpenXT tools" are, on pages about OpenXT), or another way ("the Lantern library" for "the
    Lantern SDK"), or never; and for a question with no name, with several, with no noun
    after its name (a person's or a place's name alone: its pages write it many ways; "When
    did the Corvale Bridge open?" has a verb there), or not in English ("die
    Kestrel-Brücke" is a noun first).
    """
    runs = _name_runs(question) if _ENGLISH_QUESTION.match(question) else []
    if len(runs) != 1:
        return None
    (name, noun), asked = runs[0], stems(question)
    if noun is None:
        return None
    if stems(noun) & stems(text):
        return None  # the question's noun is in the text: it may well be about the subject
    found = set()
    for run, _ in _runs_from(text, name[0]):
        if [w.lower() for w in run[: len(name)]] != [w.lower() for w in name]:
            return None  # written another way: "Lantern library" for "Lantern SDK"
        more = {w.lower() for w in run[len(name) :]} - FUNCTION_WORDS
        if not more or stems(" ".join(more)) & asked:
            return None  # the name alone ("the Falcon team"), or with a word of the question's
        found.add(" ".join(run))  # "Falcon Hiking Club"
    return found.pop() if len({f.lower() for f in found}) == 1 else None


_ENGLISH_QUESTION = re.compile(
    r"^\W*(?:who|whom|whose|what|which|where|when|why|how|is|are|was|were|do|does|did|can|has"
    r"|have)\b",
    re.IGNORECASE,
)
"""A question opened as English ones are: a noun after a name is read the English way."""


def _name_runs(question: str) -> list[tuple[list[str], str | None]]:
    """The question's names (:func:`names`), each as written, with the noun after it if any.

    "Who leads the Falcon team?" has one, ``(["Falcon"], "team")``; a noun is a lower-case
    word that is no function word, written after the name with only a space or a hyphen.
    """
    named = names(question)
    runs: list[tuple[list[str], str | None]] = []
    for run, after in _runs_from(question, None):
        while run and run[0].lower() not in named:  # "Did Ken Ito ...": the question's opening
            run = run[1:]
        if run and {w.lower() for w in run} <= named:
            verb = _AUXILIARY_THEN.search(question.split(run[0])[0])
            runs.append((run, None if verb else after))
    return runs


_AUXILIARY_THEN = re.compile(
    r"\b(?:do|does|did|is|are|was|were|has|have|had|will|can|could|should|would)"
    r"(?:\s+(?:the|a|an))?(?:\s+\d[\w-]*)?\s*$",
    re.IGNORECASE,
)
"""An auxiliary right before a question's name: the word after the name is its verb, not a
noun ("When did the Corvale Bridge open?", "What sport is Bobby Carpenter associated with?")."""


def _runs_from(text: str, first: str | None) -> list[tuple[list[str], str | None]]:
    """Each run of capitalized words in ``text`` (opening with ``first``), and the word after it.

    The word after it only when that is a lower-case word that is no function word. Words are
    joined by spaces or hyphens only: "Falcon Hiking Club, who" is one run.
    """
    tokens = list(re.finditer(r"\w+", text))
    out: list[tuple[list[str], str | None]] = []
    n = 0
    while n < len(tokens):
        word = tokens[n].group()
        if not word[:1].isupper() or (first is not None and word != first):
            n += 1
            continue
        run, end = [word], n + 1
        while end < len(tokens) and _joined(text, tokens[end - 1], tokens[end]):
            if not tokens[end].group()[:1].isupper():
                break
            run.append(tokens[end].group())
            end += 1
        after = None
        if end < len(tokens) and _joined(text, tokens[end - 1], tokens[end]):
            following = tokens[end].group()
            if following.islower() and following not in FUNCTION_WORDS:
                after = following
        out.append((run, after))
        n = end
    return out


def _joined(text: str, before: re.Match[str], after: re.Match[str]) -> bool:
    """Whether two words of ``text`` are written with only spaces or a hyphen between them."""
    return text[before.end() : after.start()] in {" ", "-", "\u00a0"}


def names_no_one(answer: str, question: str) -> bool:
    """Whether a reply to a question for someone is a predicate that names no one.

    "now retries failed ledger writes 3 times" for "Who owns the refunds service?": it opens
    on a verb (after an adverb of time), writes no capital and gives no agent ("maintained by
    the infra team" does).
    """
    if not _WHO.match(question):
        return False
    tokens = [t.strip(".,;:!?\"'()") for t in answer.split()]
    start = next((n for n, t in enumerate(tokens) if t.lower() not in _TIME_ADVERBS), 0)
    return (
        start < len(tokens)
        and _a_verb(tokens, start)
        and not any(t[:1].isupper() for t in tokens)
        and "by" not in {t.lower() for t in tokens}
        and "@" not in answer
    )


_TIME_ADVERBS = frozenset("now currently also still then later today already".split())


_PLACEHOLDER = re.compile(
    r"^\W*(?:tb[dac]|n/a|k\.\s?a\.|to be (?:determined|decided|announced|confirmed|assigned)"
    r"|(?:à|a|por) d[ée]finir|待定|未定|미정)\W*$",
    re.IGNORECASE,
)
"""What a page writes where a value is still to come: "TBD", "N/A", "to be announced"."""


def placeholder(answer: str) -> bool:
    """Whether an answer only holds a value's place: "Owner: TBD" names no owner."""
    return bool(_PLACEHOLDER.match(answer))


def says_nothing_asked(answer: str, question: str) -> bool:
    """Whether a reply to a question for a thing is a sentence about its subject saying nothing.

    "The ledger service records every payment event in an append-only journal." for "Who
    owns the ledger service?" or "Which database does the ledger use?": it opens with words
    of the question (its subject), and what it says after them holds no name, number or
    address, nor any other word of the question. "The ledger service is owned by Priya Nair."
    names her; "The ledger service is owned by the payments team" says "owned". Only a
    question for someone, something, a place, a time or an amount is judged so, or one for
    how to do something that the sentence says no way to ("How do I restart the ledger?";
    "The ledger can be restarted from the console" has a modal, and "restarted"): a sentence
    about the subject may well answer "How does the ledger work?" or "Tell me about the RFC".
    """
    how_to = _HOW_TO.match(question) and not _MODALS & {t.lower() for t in answer.split()}
    if not (_WHO.match(question) or _ASKS_A_THING.match(question) or how_to):
        return False
    said = [t for t in re.findall(r"\w+", answer) if t.lower() not in FUNCTION_WORDS]
    asked = {t.lower() for t in re.findall(r"\w+", question)}
    opened = next((n for n, t in enumerate(said) if t.lower() not in asked), len(said))
    if len(said) < SHORT_PHRASE - 1 or not opened:
        return False
    opening, rest = said[:opened], said[opened:]
    needed = agents(stems(question) - _SAYING_NOTHING - _ASKER - stems(" ".join(opening)))
    return (
        bool(needed)
        and not _ADDRESS.search(answer)
        and not any(t[:1].isupper() or any(c.isdigit() for c in t) for t in rest)
        and not agents(stems(" ".join(rest))) & needed
    )


_ASKS_A_THING = re.compile(
    r"^\W*(?:which|whose|where|when|how\s+(?:many|much|long|old|tall|high|far|big|large|often))\b",
    re.IGNORECASE,
)
"""English questions for something, a place, a time or an amount (``_WHO`` asks for someone)."""

_HOW_TO = re.compile(
    r"^\W*how\s+(?:(?:do|can|could|should|would|must|may)\s+(?:i|we|you|one)|to)\b",
    re.IGNORECASE,
)
"""English questions for a way to do something: "How do I restart ...?", "How to ...?"."""
_ASKER = stems("i we you one")
"""Who asks how to do something: no word an answer must say."""

_SAYING_NOTHING = stems("do does did done happen happens happened mean means meant")
"""Verbs of a question that ask nothing beyond its subject: "What does X do?", "What does X
mean?"."""


_CODE_OR_PATH = re.compile(rf"`[^`\n]*`|\S*\w://\S*|\S*{_PATH}\S*")
"""Inline code, a URL and a path: where a text writes names of things, not of people."""


def named_in_code_only(answer: str, question: str, text: str) -> bool:
    """Whether a reply to "who" is in its text only inside code, a URL or a path.

    "Payments" from "Run `kubectl rollout restart deploy/ledger -n payments`" for "Who owns
    the ledger service?" names a namespace, not an owner. An e-mail address stays: it names
    a person ("Owner: ben@example.com").
    """
    if not _WHO.match(question) or not _CODE_OR_PATH.search(text):
        return False
    return not grounded(_CODE_OR_PATH.sub(" ", text), answer, question=question)


_ROW = re.compile(
    r"(?m)^Row \d+ in Table \d+: (?P<key>[^,\n]{1,60}?) is (?P<value>[^\n]+?)(?:, and |$)"
)
"""A table row as it is indexed: "Row 1 in Table 1: Service is ledger, and Owner is ..."."""


def another_row(text: str, question: str, title: str = "") -> bool:
    """Whether ``text`` is a table row about another thing than the one the question names.

    "Row 1 in Table 1: Service is ledger, and Owner is Ben Adler" for "Who owns the refunds
    service?": the row's first column names things ("Service", a name of a few words in it),
    the question ends a phrase on that word ("the refunds service"), and the word before it
    is not in the row. A question that names none ("Who owns the service?", "Which service
    does Ben own?"), or uses the word another way ("the Build versions", "which step refers
    to ..."), leaves every row in. A row of several columns whose first names a thing
    ("Service is Ledger, and On-call channel is #ledger-oncall") is about another thing than
    the one a question names when neither the row nor the page's ``title`` writes that name
    ("What is the on-call channel for Search?"). Prose is not judged so: a page writes its
    subject in too many ways ("the Federal Building" may be the question's "Security
    Building").
    """
    row = _ROW.search(text)
    if row is None or len(row["value"].split()) > ROW_NAME_WORDS or row["value"].endswith("."):
        return False
    key, value, held = stems(row["key"]), stems(row["value"]), agents(stems(text))
    if not key or not value or value & stems(question):
        return False
    named = names(question)
    if (
        named
        and row["value"][:1].isupper()
        and ", and " in text
        and not named & set(words(f"{title}\n{text}"))
    ):
        return True  # "Service is Ledger, and ..." for "What is the on-call channel for Search?"
    tokens = re.findall(r"[\w-]+", question)
    each = [stems(t) for t in tokens]
    return any(
        said == key
        and n > 0
        and each[n - 1]
        and not agents(each[n - 1]) & held
        and not _describes(tokens[n - 1])  # "the optional step" names no step
        and (n + 1 == len(each) or not each[n + 1])  # the phrase ends on it
        for n, said in enumerate(each)
    )


_PAIR = re.compile(
    r"Row \d+ in Table \d+: (?P<row>[^,\n]{1,60}? is [^\n]{1,80}?, and [^,\n]{1,60}? is [^\n]+)"
)
"""A row of a two-column table as it is indexed: "Row 1 in Table 1: Field is Owner, and Value
is Priya Nair"."""


def unasked_row(text: str, question: str, title: str = "") -> bool:
    """Whether ``text`` is a row of a two-column table that holds none of the question's words.

    "Field is Owner, and Value is Priya Nair" for "Which database does the ledger use?": a
    page's table of properties names its subject in the title, not in the row, so the row's
    words are the property and its value, and neither is asked for. (The whole table is
    indexed too, and read as one.) A row with "Owner" stays for "Who owns ...?". The words
    the question shares with the page's ``title`` name the subject, not what is asked of it:
    "Repository is git.example.com/payments/ledger" holds "ledger", but not "database".
    """
    pair = _PAIR.fullmatch(text.strip())
    if pair is None or pair["row"].count(", and ") > 1:
        return False
    asked = stems(question)
    return not agents(asked - stems(title) or asked) & stems(pair["row"])


_DESCRIBING = frozenset(
    "new old main first last current previous default next other same final latest earliest "
    "early late big small large long short high low full whole only own".split()
)
_DESCRIBING_END = re.compile(r"(?:al|ary|ous|ive|ible|able|ic)$")


def _describes(word: str) -> bool:
    """Whether ``word`` reads as an adjective ("optional", "default"), not a name."""
    lowered = word.lower()
    return lowered in _DESCRIBING or bool(_DESCRIBING_END.search(lowered))


ROW_NAME_WORDS = 4
"""Most words of a row's first cell that names a thing (a longer one describes)."""


_OR = r"(?:or|oder|ou)"
"""The word that offers alternatives, in English, German and French."""


def unoffered(question: str, answer: str) -> str:
    """``question`` without ``answer`` where the question offers it as an alternative.

    "Which OS failed most, Windows or Linux?" offers "Windows": the answer picks it, and
    so adds what the question leaves open, though every word of it is the question's. Any
    other answer leaves the question as it is.
    """
    said = re.findall(r"\w+", answer)
    if not said:
        return question
    phrase = r"\W+".join(re.escape(w) for w in said)
    before = re.sub(rf"(?<!\w){phrase}(?=,?\s+{_OR}\b)", " ", question, flags=re.IGNORECASE)
    return re.sub(rf"(\b{_OR}\s+){phrase}(?!\w)", r"\1 ", before, flags=re.IGNORECASE)


NAMING_WORDS = 2
"""Most common words a reply may add to the question's subject and still only name it
("Harbor build pipeline"); more say something of it."""


def restates(answer: str, question: str) -> bool:
    """Whether ``answer`` only names the question's subject ("Harbor project" for the Harbor build).

    So: every content word of it is the question's ("default port" for "What is the default
    port?"; a yes/no question aside), or it repeats a name of the question (a word the
    question only writes capitalized, not first), and all it adds are a few lower-case common
    words, or nouns joined to that name by a hyphen ("Harbor-Projekt"). "Suspension bridge"
    for "What type of bridge is the Corvale Bridge?" is an answer: "bridge" is also a common
    word there.
    """
    if {f.lower() for f in FLAG.findall(answer)} - {f.lower() for f in FLAG.findall(question)}:
        return False  # it names an option: "--compat"
    if _ADDRESS.search(answer) and not _ADDRESS.search(question):
        return False  # an address: "support@rowan.example" for Rowan Cloud's support email
    said = [t for t in re.findall(r"\w+", answer) if t.lower() not in FUNCTION_WORDS]
    if said and not asks_yes_no(question) and stems(answer) <= stems(question):
        return True  # "default port" for "What is the default port?"
    lowered, named = {t.lower() for t in said}, names(question)
    if not (named & lowered or _repeats_a_phrase(said, question)):
        return False
    asked = {t.lower() for t in re.findall(r"\w+", question)}
    added = [t for t in said if t.lower() not in asked]
    # a noun joined to the question's name, whatever its case: German "Harbor-Projekt"
    joined = {b for a, b in re.findall(r"(\w+)-(\w+)", answer) if a.lower() in named}
    return len(added) <= NAMING_WORDS and all(
        t.isalpha() and (t.islower() or (t in joined and t.istitle())) for t in added
    )  # not "OXT-1572" nor "PCR-01", which name something


def _repeats_a_phrase(said: list[str], question: str) -> bool:
    """Whether ``said`` (content words) repeats two content words the question has in a row.

    "billing service team" repeats "billing service" of "Who maintains the billing service?",
    a subject written in lower case.
    """
    asked = [t.lower() for t in re.findall(r"\w+", question) if t.lower() not in FUNCTION_WORDS]
    pairs = set(zip(asked, asked[1:], strict=False))
    lowered = [t.lower() for t in said]
    return bool(pairs & set(zip(lowered, lowered[1:], strict=False)))
