"""What kind of answer a question asks for: a yes or a no, in the languages people ask in.

Each language marks a yes/no question its own way, and none of them by a question mark alone
("Corvale Bridge opening date?" asks for a date):

- English, German and Dutch open it with a verb: "Did the canal freeze?", "Ist das Depot
  sonntags geöffnet?", "Unterstützt der Drucker doppelseitigen Druck?", "Is het museum open?".
- French with "est-ce que" or a verb and its pronoun: "Est-ce que la piscine est ouverte ?",
  "Peut-on y nager ?", or, after its subject, "Le musée est-il ouvert le lundi ?" (without a
  question word: "Quand le pont a-t-il ouvert ?" asks when).
- Spanish opens it with "¿" and no question word: "¿El museo abre los domingos?".
- Russian with the particle "ли": "Работает ли музей по понедельникам?".
- Chinese ends it with 吗 or asks "A not A": "图书馆周日开放吗？", "是不是", "有没有".
- Japanese and Korean end it as every question ends (か, 까, 나요), with no question word.
- Arabic opens it with "هل": "هل المكتبة مفتوحة يوم الأحد؟".
- Hindi opens it with "क्या" and asks nothing else: "क्या पुस्तकालय रविवार को खुला है?".
- Thai ends it with "ไหม" or "หรือไม่": "ห้องสมุดเปิดวันอาทิตย์ไหม".
- Vietnamese ends it with "không" or "chưa": "Thư viện có mở cửa vào Chủ nhật không?".
- Turkish asks it with the particle "mı" (mi, mu, mü) near its end: "Kütüphane pazar günleri
  açık mı?".

- Polish opens it with "czy", Ukrainian with "чи": "Czy w hotelu można palić?", "Чи працює
  бібліотека в неділю?". Further on, each word means "or": "Czy otwarto go w 1932 czy w 1934?"
  asks which; but after a verb of knowing or telling it opens the question asked: "Czy wiesz,
  czy muzeum jest otwarte?", "Powiedz mi, czy ...", "Чи знаєте ви, чи працює бібліотека?".
- Swedish, Danish and Norwegian open it with a verb, as English does: "Är museet öppet?",
  "Har hotellet parkering?", "Er museet åbent?".
- Italian and Portuguese mark it by intonation only: a question with no question word that
  ends on a question mark, with one of their common verbs among its first words ("Il museo è
  aperto la domenica?", "Si può fumare?", "O parque aceita cães?", "Há estacionamento?").
  Without such a verb it is not told from a phrase asking for a value ("Data di apertura?").

Any question offering alternatives ("built in 1887 or 1889?") asks which, not whether.
"""

from __future__ import annotations

import re

from contextorg.tools.text.normalize import words

_AUXILIARIES = frozenset(
    "is are was were am do does did can could will would shall should may might must has have "
    "had".split()
)
"""English auxiliaries, which open its yes/no questions."""

_GERMAN_AUXILIARIES = frozenset(
    "ist sind bin bist war waren warst wird werden wirst wurde wurden kann kannst konnen konnte "
    "konnten darf darfst durfen durfte muss musst mussen musste soll sollst sollen sollte "
    "sollten hat hast haben hatte hatten gibt gab gibts mochte mochten will wollen wurdest "
    "ware braucht brauchen".split()
)
"""German finite verbs a yes/no question opens with (accents dropped, as :func:`words` drops
them): "Ist ...", "Kann man ...", "Gibt es ...", "Muss ich ...". """

_DUTCH_AUXILIARIES = frozenset(
    "zijn wordt worden werd kan kunnen moet moeten heeft hebben zal zullen zou zouden mag "
    "mogen".split()
)
"""Dutch ones that English's and German's lists lack ("Is", "Kan", "Heeft"...)."""

_NORDIC_AUXILIARIES = frozenset(
    "ar har finns fanns ska skall maste kommer er findes fins skal blev".split()
)
"""Swedish, Danish and Norwegian verbs a yes/no question opens with (as :func:`words` writes
them: "Är" is "ar", "Måste" "maste"; "kan" is Dutch's too). Not "var" (was, and Swedish
"where") nor "får" ("far")."""

_VERBS_FIRST = _AUXILIARIES | _GERMAN_AUXILIARIES | _DUTCH_AUXILIARIES | _NORDIC_AUXILIARIES

_SUBJECT_AFTER_VERB = frozenset(
    "der die das den dem des ein eine einen einem einer es man er sie ich wir ihr du mein "
    "meine dein deine unser unsere".split()
)
"""German articles and pronouns: after a first word ending in -t, -te or -en, that word is a
verb before its subject ("Unterstützt der Drucker ...?", "Funktionierte das System ...?")."""

_GERMAN_VERB_ENDING = re.compile(r"[^\W\d_]{3,}(?:t|te|en)")

_GERMAN_WHAT = re.compile(
    r"\W*[Ww]as\s+(?:ist|sind|war|waren|wäre|ware|kann|können|soll|sollte|muss|wird|werden|"
    r"wurde|hat|haben|gibt|(?!(?:that|just|most|about|what|first|last|least|almost)\b)"
    r"[a-zäöüß]{3,}t)\b"
)
"""German "Was" (what) before a verb: "Was ist ...", "Was definiert ...", "Was kostet ...".
English "Was" opens with its subject: "Was it ...", "Was the ...", "Was OpenXT ..."."""

_FRENCH = re.compile(
    r"\W*(?:est-ce\s+qu|[^\W\d_]+-(?:t-)?(?:il|elle|on|ils|elles|je|tu|nous|vous)\b)",
    re.IGNORECASE,
)
"""French "Est-ce que ...", or a verb joined to its pronoun: "Peut-on", "A-t-il", "Sont-ils"."""

_FRENCH_INVERTED = re.compile(
    r"(?<![\w-])[a-zàâçéèêëîïôûùüÿœ]+-(?:t-(?:il|elle|on)|il|elle|ils|elles)(?![\w-])"
)
"""A verb joined to its pronoun after the subject: "Le musée est-il ...", "Y a-t-il ...".
Lower case only: "Saint-Elle" is a name. "on" only after "-t-": English writes "add-on"
and "hands-on"."""

_FRENCH_ASKING = frozenset(
    "qui que qu quoi quand comment combien pourquoi quel quelle quels quelles lequel laquelle "
    "lesquels lesquelles".split()
)
"""French question words, as :func:`words` writes them ("où" is "ou", which offers
alternatives already)."""

_SPANISH_ASKING = frozenset(
    "que quien quienes cuando donde adonde como cual cuales cuanto cuanta cuantos cuantas "
    "por".split()
)
"""Spanish question words (accents dropped): "¿Qué ...?", "¿Dónde ...?", "¿Por qué ...?"."""
_SPANISH_ACCENTED = re.compile(
    r"\b(?:qué|quién|quiénes|cuándo|dónde|cómo|cuál|cuáles|cuánt[oa]s?)\b"
)

_CHINESE = re.compile(
    r"(?:吗|嗎)\W*$|是否|是不是|有没有|有沒有|能不能|会不会|會不會|可不可以|对不对|對不對"
)
_CHINESE_ASKING = re.compile(
    r"什么|什麼|谁|誰|哪|几|幾|多少|为什么|為什麼|怎么|怎麼|如何|何时|何時"
)
_JAPANESE_KOREAN = re.compile(r"(?:か|까|나요|니|냐)\W*$")
_JAPANESE_KOREAN_ASKING = re.compile(
    r"何|いつ|どこ|誰|だれ|なぜ|どう|どの|どれ|どちら|いくら|いくつ|무엇|뭐|무슨|언제|어디|누구|누가|왜|어떻게|어느|몇|얼마"
)

_THAI = re.compile(r"(?:ไหม|มั้ย|หรือไม่|หรือเปล่า|หรือยัง)(?:ครับ|คะ|ค่ะ|จ๊ะ)?\W*$")
_THAI_ASKING = re.compile("อะไร|ใคร|ไหน|เมื่อไร|เมื่อไหร่|ทำไม|อย่างไร|ยังไง|เท่าไร|เท่าไหร่|กี่")
_HINDI_ASKING = frozenset("कौन कब कहाँ कहां कैसे क्यों कितना कितने कितनी किस किसने किसका किसको".split())
_VIETNAMESE = re.compile(r"\b(?:không|chưa)(?:\s+(?:ạ|vậy|nhỉ))?\W*$")
_VIETNAMESE_ASKING = re.compile(r"\b(?:gì|ai|đâu|nào|bao giờ|bao lâu|bao nhiêu|mấy|sao|thế nào)\b")
_TURKISH = re.compile(r"\bm[ıiuü](?:s[ıiuü]n(?:[ıiuü]z)?|y[ıiuü][mz]|d[ıiuü]r)?\b")
_TURKISH_LETTERS = re.compile("[ıİğĞşŞçÇöÖüÜ]")
_TURKISH_ASKING = frozenset(
    "ne neden nicin niye nerede nereye nereden nasil kim kime kimin hangi kac".split()
)
"""Turkish question words, as :func:`words` writes them ("nasıl" is "nasil")."""

_ITALIAN_VERBS = frozenset(
    "è sono c'è hanno può possono posso puoi possiamo devo deve devono esiste esistono "
    "funziona funzionano supporta accetta accettano apre aprono chiude chiudono sarà "
    "saranno".split()
)
_PORTUGUESE_VERBS = frozenset(
    "é são está estão tem têm há pode podem posso existe existem aceita aceitam funciona "
    "funcionam suporta abre abrem fecham oferece foi foram vai vão precisa precisam devo "
    "deve devem dá".split()
)
"""Common verbs, as written with their accents, by which an Italian or Portuguese question
without a question word asks whether (not those that are words of English or Spanish too:
"include", "serve", "vale", "era", "ci", "ha", "fecha")."""

_ITALIAN_ASKING = frozenset(
    "chi che cosa cos quando dove come perché perche quale quali qual quanto quanta quanti "
    "quante o oppure".split()
)
_PORTUGUESE_ASKING = frozenset(
    "quem que quê quando onde como porque porquê qual quais quanto quanta quantos quantas "
    "cadê ou".split()
)
"""Their question words and "or" (which asks which): Portuguese "o" is an article."""

_SPANISH_ASKING_UNACCENTED = frozenset(
    "donde cuando quien cual cuanto cuanta cuantos cuantas".split()
)
"""Spanish question words written without their accents: not Italian's or Portuguese's."""

_RAW_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")

_ALTERNATIVES = frozenset("or oder ou или 还是 還是 或者 또는 または أم أو".split())
"""Words offering alternatives (Spanish "o" only in Spanish questions: it is a letter too)."""

_ASKING_OR_OFFERING = frozenset({"czy", "чи"})
"""Polish and Ukrainian: first in a question, they ask whether; further on, they mean "or"."""

_KNOWING = frozenset(
    "wiesz wiecie wie wiem wiadomo pamietasz pamietacie pamieta powiesz powiedz powiedzcie "
    "sprawdz sprawdzisz zapytam pytam знаєте знаєш знає знаю відомо памятаєте памятаєш "
    "скажіть скажи скажете перевірте питаю".split()
)
"""Polish and Ukrainian verbs of knowing, telling or checking, after which "czy" or "чи" opens
the question asked ("Do you know whether ..."), not an alternative (accents dropped, as
:func:`words` drops them)."""

_REQUESTING = frozenset("can could will would konnen konnten kannst wurden".split())
_YOU = frozenset({"you", "sie", "du"})
_TELL = frozenset(
    "tell explain describe list show give summarize summarise erzahlen erklaren beschreiben "
    "nennen zeigen".split()
)
"""A request to "you" with a verb of telling asks for what is told, not a yes or a no."""


def asks_yes_no(question: str) -> bool:
    """Whether ``question`` is answered yes or no (see the module's list of languages).

    Not when it offers alternatives ("Was it built in 1887 or 1889?"), nor German "Was
    definiert der HID descriptor?" (what), nor a request: "Could you tell me about the RFC?",
    "Könnten Sie mir ... erzählen?".
    """
    asked = words(question)
    if not asked or _ALTERNATIVES & set(asked):
        return False
    whether = _asking_whether(asked)
    if any(w in _ASKING_OR_OFFERING for w in asked[whether + 1 :]):
        return False  # "czy" or "чи" past the one that asks: "or"
    if whether >= 0:
        return True  # "Czy w hotelu ...", "Czy wiesz, czy ...", "Powiedz mi, czy ..."
    if asked[0] in _REQUESTING and _YOU & set(asked[1:3]) and _TELL & set(asked):
        return False
    return (
        _opens_with_a_verb(question, asked)
        or bool(_FRENCH.match(question))
        or bool(_FRENCH_INVERTED.search(question) and not _FRENCH_ASKING & set(asked))
        or _spanish(question, asked)
        or "ли" in asked[1:4]
        or asked[0] == "هل"
        or _by_intonation(question)
        or (asked[0] == "क्या" and not _HINDI_ASKING & set(asked))
        or bool(_THAI.search(question) and not _THAI_ASKING.search(question))
        or _vietnamese(question)
        or _turkish(question, asked)
        or bool(_CHINESE.search(question) and not _CHINESE_ASKING.search(question))
        or bool(_JAPANESE_KOREAN.search(question) and not _JAPANESE_KOREAN_ASKING.search(question))
    )


def _asking_whether(asked: list[str]) -> int:
    """Where a Polish or Ukrainian question's "whether" is, or -1 for none.

    0 when "czy" or "чи" opens it; a later one when it follows a verb of knowing or telling
    ("Czy wiesz, czy ...", "Powiedz mi, czy ..."); it stops at one that means "or".
    """
    whether = -1
    for at, word in enumerate(asked):
        if word not in _ASKING_OR_OFFERING:
            continue
        if at > 0 and not _KNOWING & set(asked[whether + 1 : at]):
            break
        whether = at
    return whether


def _opens_with_a_verb(question: str, asked: list[str]) -> bool:
    first = asked[0]
    if first in _NORDIC_AUXILIARIES and question.split()[0].isupper():
        return False  # "ER wait times?", "AR glasses?"
    if first in _VERBS_FIRST:
        return not _GERMAN_WHAT.match(question)
    return (
        len(asked) > 1
        and asked[1] in _SUBJECT_AFTER_VERB
        and bool(_GERMAN_VERB_ENDING.fullmatch(first))
        and question.lstrip()[:1].isupper()
    )


def _spanish(question: str, asked: list[str]) -> bool:
    return (
        question.lstrip().startswith("¿")
        and asked[0] not in _SPANISH_ASKING
        and "o" not in asked
        and not _SPANISH_ACCENTED.search(question.lower())
    )


def _by_intonation(question: str) -> bool:
    """An Italian or Portuguese yes/no question: see the module's list."""
    if not question.rstrip().endswith("?") or question.lstrip().startswith("¿"):
        return False
    lowered = question.lower()
    said = _RAW_WORD.findall(lowered)
    if _SPANISH_ACCENTED.search(lowered) or _SPANISH_ASKING_UNACCENTED & set(said):
        return False  # "Dónde está el museo?"
    first = set(said[:4]) | {w.split("'")[-1] for w in said[:4]}  # "c'è"
    if first & _ITALIAN_VERBS:
        return not _ITALIAN_ASKING & set(said)
    return bool(first & _PORTUGUESE_VERBS) and not _PORTUGUESE_ASKING & set(said)


def _vietnamese(question: str) -> bool:
    lowered = question.lower()
    return bool(_VIETNAMESE.search(lowered) and not _VIETNAMESE_ASKING.search(lowered))


def _turkish(question: str, asked: list[str]) -> bool:
    """The particle is one of the last two words, in a question with no question word.

    "mi" alone is also Spanish and Italian ("¿Dónde está mi casa?", "Come mi chiamo?"): it
    counts only beside a letter of Turkish's own (ı, ğ, ş, ç, ö, ü).
    """
    tail = " ".join(question.lower().split()[-2:])
    particle = _TURKISH.search(tail)
    if not particle or _TURKISH_ASKING & set(asked) or question.lstrip().startswith("¿"):
        return False
    return particle.group() != "mi" or bool(_TURKISH_LETTERS.search(question))
