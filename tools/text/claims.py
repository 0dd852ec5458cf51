"""What a text states as its own, as against what it mentions to deny or correct.

"The bridge actually opened in 1934, not in 1932 as many guides claim" mentions 1932 and
states 1934. Words stand under a denial when a negation or correction shortly before them in their
clause reaches them ("not", "instead of", "rather than", "earlier reports said"), or when a
word near them in their clause calls them planned, claimed or wrong ("the 1932 date was only
the planned opening"), or when the next clause points back to call them so ("...; that was only
the planned date"). A negation in an "if" clause sets a condition ("if it does not finish in
10 minutes"), and "error" denies only as what something is ("the date is an error", not "fixed
the login error"). A plan denies only once it is past or only a plan ("was scheduled for
1932", not "is scheduled for March 3"), a postponement only what it moves ("postponed from
April 2", not "to May 5"), a change what it changes from ("moved from Ken Ito to Lena
Park"), a replacement what is replaced, and a negation stops at the next verb of being
("backups that are not encrypted are deleted after 30 days"). A former holder of what the
question asks about is not stated ("Former owner: Ken Ito", "is no longer the owner", "before
that Ken Ito", "owned by Ken Ito until 2024, is now ..."). What others say ("some sources
give 1932", "1932 is often cited") is denied where the text sets its own account against it
("but it opened in 1934", "In fact, ..."). Japanese and Korean negate after what they deny
("1932年ではなく"). A label of the past ("Deprecated: port 9090", "Owner (old): Ken Ito"), what a
change left ("migrated off MySQL", "moved to Lena Park (from Ken Ito)") and a value older
versions had ("9090 (it was 8080 before version 4)") are not stated either; nor what old
pages or rumours say ("Archived pages may name Ken Ito"), what a condition supposes ("if it
still uses 8080"), an example of what might be, a default the text runs otherwise, what
was proposed and rejected, and the subject of a negated verb or role the question asks
about ("Ken Ito does not own it", "is not the owner anymore"). No model call:
the cues are words, in English first and a few in German, French, Spanish, Italian,
Portuguese, Dutch, Russian, Greek, Turkish, Hindi, Vietnamese, Indonesian, Chinese, Japanese,
Korean, Arabic, Hebrew and Thai, and they err towards denying (a denied answer is left out,
never cited). Struck-through text ("~~Ken Ito~~") is withdrawn.
"""

from __future__ import annotations

import itertools
import os
import re
from dataclasses import dataclass
from functools import lru_cache

from contextorg.prompts._render import STRUCK
from contextorg.tools.text.language import language
from contextorg.tools.text.normalize import (
    FUNCTION_WORDS,
    JOINED,
    MONTH_WORDS,
    PREFIXING,
    SHORT_VERSION,
    compact,
    english_stemmer,
    first_spelling,
    mentions,
    unprefixed,
    words,
)
from contextorg.tools.text.phrases import lemma
from contextorg.tools.text.questions import asks_yes_no
from contextorg.tools.text.tables import superseded_out

_CLAUSES = re.compile(
    r"[.!?;:](?=\s|$)|[;()\[\]\n|—。；：！？，、،؛（）【】]|,(?=\s)|\s-\s|(?<!\d{4})(?<!\d{4}\s)–|–(?!\s?\d{4})"
    r"|(?=\b(?:and|but|whereas|while|although|though|however|yet|aber|mais|pero|но|하지만)\b)"
    r"|(?<=지만)(?=\s)|(?<=\s)(?:#|//)(?=\s)",
    re.IGNORECASE,
)


def _split_clauses(sentence: str) -> list[str]:
    """``sentence`` cut into clauses; one a colon closes keeps it, as a label: "Owner:"."""
    clauses, start = [], 0
    for cut in _CLAUSES.finditer(sentence):
        if cut.end() == 0 or _A_RANGE_OF_VERSIONS.match(sentence, cut.start()):
            continue
        label = cut.group().strip() in (":", "：")
        clauses.append(sentence[start : cut.start()] + (":" if label else ""))
        start = cut.end()
    clauses.append(sentence[start:])
    return [part for clause in clauses for part in _fronted_contrary(clause)]


_GERMAN_CONTRARY = re.compile(r"\s*(?:Entgegen|Im Gegensatz zu[mr]?)\s", re.IGNORECASE)
"""A German clause opening on an account it goes against, which no comma closes: "Entgegen
der oft genannten Jahreszahl 1612 wurde die Kirche erst 1618 geweiht"."""

_GERMAN_PHRASE_WORDS = frozenset(
    "der die das den dem des ein eine einer eines einem einen zu zum zur von vom aus auf an am "
    "bei beim nach über unter vor für gegen in im mit und oder sowie seiner seinem seinen ihrer "
    "ihrem ihren dieser diesem diesen dieses".split()
)
"""Words that go on a German phrase and start a noun of it: articles, prepositions, "und"."""


def _fronted_contrary(clause: str) -> list[str]:
    """A German clause cut where its fronted "entgegen" phrase ends, at the verb after it.

    German puts one phrase before the verb and capitalises its nouns: the phrase ends at the
    first word in lower case after a noun (or a number) of it that no article or preposition
    goes on from. "Entgegen älteren Berichten | eröffnete die Brücke 1934"; "Im Gegensatz zur
    Angabe im alten Führer | wurde ...". A clause with no such word is kept whole.
    """
    opener = _GERMAN_CONTRARY.match(clause)
    if opener is None:
        return [clause]
    noun = False
    for token in re.finditer(r"\S+", clause[opener.end() :]):
        word = token.group().strip("\"'„“”»«")
        if word[:1].isupper() or word[:1].isdigit():
            noun = True
        elif word.lower() in _GERMAN_PHRASE_WORDS:
            noun = False
        elif noun and word[:1].isalpha():
            cut = opener.end() + token.start()
            return [clause[:cut], clause[cut:]]
    return [clause]


_A_RANGE_OF_VERSIONS = re.compile(
    r"(?<=\d\s)and\s+(?:earlier|later|older|newer|above|below)\b", re.IGNORECASE
)
"""Where "and" goes on a version, not a clause: "4.1 and earlier are unsupported"."""

_QUOTED = re.compile(r'"[^"\n]{1,80}"|“[^”\n]{1,80}”|«[^»\n]{1,80}»|「[^」\n]{1,80}」')
"""A quoted name ("Never Ever", "Not Fade Away"): its words are never cues."""

FORMERLY = (
    "formerly",
    "previously",
    # "previously" in Italian, Portuguese, Dutch, Russian, Polish, Turkish, Vietnamese,
    # Indonesian, Hindi, Arabic, French, Spanish, German, Chinese, Japanese and Korean
    "in precedenza",
    "precedentemente",
    "un tempo",
    "prima era",
    "antes ficava",
    "antes estava",
    "antigamente",
    "vroeger",
    "voorheen",
    "раньше",
    "ранее",
    "прежде",
    "wczesniej",
    "dawniej",
    "poprzednio",
    "daha once",  # not "önceden": more often "in advance" ("önceden ayarlayın")
    "παλαιότερα",  # Greek
    "παλιότερα",
    "προηγουμένως",
    "στο παρελθόν",
    "eskiden",
    "trước đây",
    "trước kia",
    "sebelumnya",
    "dahulu",
    "dulunya",
    "पहले",
    "पूर्व में",
    "سابقا",
    "سابقاً",
    "في السابق",
    "autrefois",
    "jadis",
    "anciennement",
    "antiguamente",
    "previamente",
    "vormals",
    "einst",
    "ehemals",
    "früher",
    "vorher",
    "zuvor",
    "davor",
    "antes era",
    "antes fue",
    "anteriormente",
    "auparavant",
    "此前",
    "以前",
    "以前は",
    "之前是",
    "以前是",
    "原来是",
    "原先",
    "曾经是",
    "かつて",
    "かつては",
    "이전에는",
    "예전에는",
)
"""Words that put what follows them in the past: "previously owned by Ken Ito"; opening a
clause, they put all of it there ("Previously it was owned by Ken Ito")."""

PAST_ONLY_WITH = {("पहले",): frozenset("था थी थे थीं".split())}
"""Cues that also mean "first": they deny only in a clause with one of these past words
("पहले यह लीड्स में था", but not "पहले पोर्ट को 8080 पर सेट करें": first set the port)."""

CONTRACTED = tuple(
    f"{verb}n't"
    for verb in "is was are were do does did wo ca has have had should would could must".split()
)
"""English negations as they are written: "doesn't", "won't" (read as "doesnt", "wont")."""

NO_LONGER_ELSEWHERE = (
    # Dutch, Swedish, Danish, Norwegian, Polish, Czech, Slovak, Romanian, Hungarian, Finnish
    "niet langer",
    "niet meer",
    "inte längre",
    "ikke længere",
    "ikke laengere",
    "ikke lenger",
    "nie jest już",
    "już nie",
    "już nie jest",
    "už není",
    "už nie je",
    "nu mai este",
    "nu mai e",
    "nu mai sunt",
    "már nem",
    "ei ole enää",
    "ei enää",
    # Russian, Ukrainian, Greek, Hebrew, Arabic, Vietnamese, Indonesian
    "больше не",
    "уже не",
    "більше не",
    "вже не",
    "δεν είναι πλέον",
    "πλέον δεν",
    "כבר לא",
    "لم يعد",
    "لم تعد",
    "không còn",
    "bukan lagi",
    "tidak lagi",
    # Chinese
    "不再",
)
""""No longer" in other languages: each denies the subject before it, as "no longer" does."""

DENYING_BEFORE: tuple[tuple[str, ...], ...] = tuple(
    tuple(words(cue))
    for cue in (
        "not",
        *CONTRACTED,
        "cannot",
        "never",
        "nor",
        "neither",
        "no longer",
        "instead of",
        "rather than",
        "contrary to",
        "unlike",
        "wrongly",
        "mistakenly",
        "erroneously",
        "incorrectly",
        "falsely",
        "supposedly",
        "allegedly",
        "earlier reports",
        "early reports",
        "once believed",
        "once thought",
        "once considered",
        "long thought",
        "long believed",
        "refutes",
        "denies",
        "disputes",
        "corrects",
        # German, French, Spanish, Chinese, Japanese
        "nicht",
        "kein",
        "keine",
        "keinen",
        "keinem",
        "keiner",
        "nie",
        "statt",
        "anstatt",
        "fälschlich",
        "falschlicherweise",
        "pas",
        "jamais",
        "au lieu de",
        "et non",
        "non pas",
        "y no",
        "ya no",
        "nicht mehr",
        "n est plus",
        "ne sont plus",
        "n etait plus",
        "non piu",
        "non e piu",
        "non sono piu",
        "non era piu",
        "ja nao",
        *NO_LONGER_ELSEWHERE,
        "no en",
        "e non",
        "nunca",
        "en lugar de",
        "ignore",
        "disregard",
        "不是",
        "而不是",
        "并非",
        "而非",
        "不",
        "不再",
        "不再是",
        "没有",
        "没",
        "未",
        "并未",
        "从未",
        # Russian, Arabic, Hebrew (a prefixed "and not" is one word there), Thai
        "не",
        "вместо",
        "ошибочно",
        "якобы",
        "ليس",
        "وليس",
        "لا",
        "ولا",
        "لم",
        "بدلا",
        "بدلاً",
        "خطأ",
        "לא",
        "ולא",
        "במקום",
        "בטעות",
        "ไม่ใช่",
        "ไม่",
        # Dutch, Italian, Portuguese, Greek, Vietnamese, Indonesian
        "niet",
        "non nel",
        "non in",
        "e nao",  # "não" before a verb or preposition: "Nao" is a given name too
        "nao em",
        "nao no",
        "nao na",
        "nao foi",
        "nao e",
        "nao era",
        "οχι",
        "δεν",
        "khong",
        "bukan",
        "tidak",
        "แทนที่",
        # Swedish, Danish and Norwegian, Polish; "instead of" in Dutch, Italian, Portuguese
        # Serbian, Croatian and Bosnian; Czech and Slovak "was not" (also told by language)
        "nije",
        "nisu",
        "nebyl",
        "nebyla",
        "nebylo",
        "nebol",
        "nebola",
        "nebolo",
        "inte",
        "icke",
        "ikke",
        "ej",
        "i stället för",
        "i stedet for",
        "zamiast",
        "in plaats van",
        # Lao and Khmer, their scripts' own: "ບໍ່ແມ່ນ 1932" (not 1932), "ບໍ່ໄດ້ເປີດ" (did not
        # open), "មិនមែន 1932" (not 1932), "មិនបាន" (did not)
        "ບໍ່ແມ່ນ",
        "ບໍ່ໄດ້",
        "មិនមែន",
        "មិនបាន",
        "invece di",
        "em vez de",
        "ao inves de",
        *FORMERLY,
    )
)
"""Cues that deny what follows them in their clause."""

OPENING_PAST = frozenset(tuple(words(cue)) for cue in FORMERLY)

_BEFORE_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _cue in sorted(DENYING_BEFORE, key=len, reverse=True):  # the longest first: "nicht mehr"
    _BEFORE_BY_FIRST.setdefault(_cue[0], []).append(_cue)

DENYING_AFTER = frozenset(
    "なく ない なかった せん 아니라 아닌 아니다 아닙니다 아니에요 아니었다 않고 않았다 않습니다 "
    "नहीं degil نہیں নয় না নেই அல்ல இல்லை አይደለም නොවේ биш".split()
)
"""Cues that deny what comes before them in their clause: Japanese, Korean, Hindi, Turkish,
Urdu, Bengali and Tamil negate after ("1932年ではなく1934年に", "1932년이 아니라 1934년에",
"1932 में नहीं", "1932'de değil", "1932 میں نہیں", "১৯৩২ সালে নয়", "1932 இல் அல்ல"), and so do
Amharic, Sinhala and Mongolian ("በ1932 አይደለም", "1932 දී නොවේ", "1932 онд биш")."""

DENYING_NEAR = frozenset(
    "planned scheduled expected postponed delayed rescheduled pushed verschoben reporte aplazado "
    "claim claims claimed myth "
    "misconception wrong incorrect mistaken mistake error erroneous false rumor rumored rumour "
    "rumoured rumors rumours unconfirmed unverified "
    "outdated superseded supersedes replaced replacing replaces succeeded succeeding ersetzt "
    "ersetzte remplace reemplazado reemplazo sustituyo sucedio succede substituiu sucedeu "
    "接替 取代 接任 sostituita sostituito sostituiti substituida substituido vervangen "
    "zastapiony zastapiona zastapione заменен заменена заменено заменены "
    "deprecated unsupported obsolete eol veraltet veraltete uberholt abgekundigt deprecato "
    "deprecata obsoleto obsoleta descontinuado descontinuada устарел устарела устарело "
    "устаревший 过时 废弃 弃 廃止 "
    "misprint typo "
    "debunked disputed refuted denied inaccurate untrue hoax unfounded baseless groundless "
    "misdated misattributed misquoted misreported misprinted misremembered misidentified "
    "misspelled erreur erronee fehler fehlerhaft erroneo erronea equivocado equivocada "
    "geplant falsch prevu prevista 计划 原定 错误 误 推迟 延迟 予定 планировалось запланирован "
    "запланирована запланировано запланированы ошибка مخطط المخطط مخططا مخططة מתוכנן מתוכננת "
    "מתוכננים תוכנן תוכננה".split()
)
"""Words that deny the answers near them in their clause ("the 1932 date was only the planned
opening")."""

SCHEDULING = frozenset(
    "planned scheduled expected geplant prevu prevista 计划 予定 запланирован запланирована "
    "запланировано запланированы مخطط المخطط مخططا مخططة מתוכנן מתוכננת מתוכננים".split()
)
"""Cues of :data:`DENYING_NEAR` that name a plan: they deny what it was for only when their
clause puts the plan in the past or calls it only a plan ("was scheduled for 1932",
"originally planned", "only the planned date"), or, in a clause without a verb of its own
("planned for 1932"), when their sentence is in the past. A plan in force states its answer:
"the release is scheduled for March 3", "the build is expected to take 40 minutes",
"该版本计划于5月5日发布", "リリースは5月5日に予定されています"."""

PAST = frozenset(
    "was were had did didnt hadnt wasnt werent originally initially once war waren hatte "
    "hatten ursprunglich etait "
    "initialement estaba fue originalmente inicialmente 原 原本 本来 曾 曾经 最初 当初 もともと "
    "した た был была было были كان كانت היה הייתה היו".split()
)
"""Words that put a plan in the past: "was scheduled", "had been planned", "originally",
"原计划", "予定だった", "было запланировано", "كان مخططا", "הייתה מתוכננת"."""

IN_FORCE = frozenset(
    "is are will now currently ist sind wird est sont esta estan 将 目前 现在 現在 سوف".split()
)
"""Words that keep a plan in force: "is scheduled for", "will be", "ist geplant"."""

POSTPONING = frozenset(
    "postponed delayed rescheduled pushed verschoben reporte aplazado 推迟 延迟".split()
)
"""Cues that deny what a change of date moves ("the April 2 launch was postponed",
"postponed from April 2") but not where it moves it to ("postponed to May 5", "delayed until
1934", "launched on May 5 after being delayed")."""

DUE = frozenset("due supposed meant".split())
"""Words that, after "was" and before "to", name a plan that is over: "was due to open in
1932", "were supposed to ship in May", "was meant to be finished by 2020" ("due to delays"
and "is due to open" are no such plan)."""

MOVED_TO = frozenset("to until till into auf bis au hasta al 到 至".split())
"""After a postponement, the words that open its new date."""

MOVED_AFTER = frozenset("after despite being nach trotz apres".split())
"""Before a postponement, words that end what it moves: "launched on May 5 after being
delayed" moved nothing to May 5."""

REPLACING = frozenset(
    "superseded supersedes replaced replacing replaces succeeded succeeding ersetzt ersetzte "
    "remplace "
    "reemplazado reemplazo sustituyo sucedio succede substituiu sucedeu 接替 取代 接任 "
    "sostituita sostituito sostituiti substituida substituido vervangen zastapiony zastapiona "
    "zastapione заменен заменена заменено заменены".split()
)
"""Cues that deny what is replaced, not what replaces it: "Ken Ito was replaced by Lena Park",
"Lena Park replaced Ken Ito", "we replaced MySQL with PostgreSQL"."""

BY = frozenset("by with durch mit par por con".split())

REPLACED_BY = BY | frozenset("dalla dal dai da pela pelo door 被".split())
"""What opens the replacement after a verb of replacing ("sostituita dalla porta 9090",
"vervangen door poort 9090"), or before it ("durch Port 9090 ersetzt", "被端口9090取代")."""

REPLACED_WITH_NO_BY = frozenset("заменен заменена заменено заменены zastapiony zastapiona".split())
"""Passives of replacing whose replacement follows with no word before it (Russian and Polish
put it in the instrumental: "был заменён портом 9090"): what is before them is replaced."""

CHANGING = frozenset(
    "changed moved migrated transferred handed passed switched reassigned renamed upgraded "
    "downgraded raised lowered increased reduced decreased shifted took relocated rebranded "
    "expanded enlarged extended bumped restored boosted trimmed slashed doubled halved "
    "geandert gewechselt ubernommen ubernahm "
    "erhoht verschoben change passe cambiado rose fell dropped grew climbed jumped inherited "
    "acquired purchased bought "
    # French, Spanish, Portuguese, Italian, Dutch, Russian and Chinese (accents as words() drops
    # them): "est passé de 8080 à 8443", "pasó de", "mudou de", "è passata da", "veranderd
    # van", "изменён с 8080 на 8443", "从8080改为8443"
    "modifie repris cambio paso pasado modificado mudou mudado alterado alterou passou "
    "passata passato cambiato cambiata modificato modificata veranderd gewijzigd "
    "изменен изменена изменено изменены изменился изменилась изменилось перенесен "
    "перенесена 改 改为 变为 变成 调整为".split()
)
"""Verbs of a change of value: in their clause, what "from" opens is the value before it ("the
default port changed from 8080 to 9090", "ownership moved from Ken Ito to Lena Park", "Lena
Park took over from Ken Ito"). Without one, "from ... to" is a range: "open from 9am to 5pm"."""

FROM = frozenset("from von de desde da van с 从 由".split())

CHANGED_TO = {
    "de": frozenset("a al para".split()),
    "desde": frozenset("a al hasta".split()),
    "da": frozenset("a".split()),
    "van": frozenset("naar tot".split()),
    "с": frozenset("на до".split()),
    "从": frozenset("改 改为 为 到 至 变为 变成 调整为".split()),
    "由": frozenset("改 改为 变为 变成 调整为 换 换成".split()),  # "由伊藤健改为朴丽娜"
}
"""After a "from" of these languages, the words that open the new value, beside
:data:`MOVED_TO`: "de 8080 à 8443", "van 8080 naar 8443", "с 8080 на 8443", "从8080改为8443"."""

LEAVING_OFF = "off"
"""After a verb of change, what a thing left: "we migrated the ledger off MySQL"."""

PAST_LABELS = frozenset(
    "former previous old deprecated obsolete outdated legacy retired superseded predecessor "
    "removed deleted discontinued vorganger ehemalig entfernt geloscht obsoleto obsoleta "
    "eliminado eliminados supprime supprimes rimosso deprecato descontinuado removido удалено "
    "устарело 已删除 已移除 已废弃 已弃用 废弃 弃用 "
    "ehemalige veraltet ancien previously formerly earlier before vorher fruher auparavant "
    "anteriormente avant antes prima eerder tidigare tidligere forra forrige".split()
)
"""A clause of one such word labels what follows it in its sentence as past, up to a label of
the present: "Deprecated: port 9090", "Former: Ken Ito", "Owner (old): Ken Ito" ("Previous:
1.2, current: 1.3" states 1.3); a heading of one ("### Removed", "Deprecated:") labels the lines
under it (:func:`_deny_under_past_headings`)."""

GONE_STATUSES = PAST_LABELS | frozenset("unsupported unmaintained eol archived".split())
"""A table's cell of one such word marks its row as past: "| 4.1 | unsupported |"."""

LABEL_DATES = frozenset("in since as of on from after seit depuis desde ab".split())


def _a_past_label(said: list[str]) -> bool:
    """Whether a clause is a label of the past alone, or dated: "deprecated", "removed in 3.0"."""
    return len(said) == 1 or (
        len(said) <= 4
        and said[1] in LABEL_DATES
        and any(ch.isdigit() for w in said[2:] for ch in w)
    )


UPDATE_LABELS = frozenset(
    "update updated upd edit edited correction corrected aktualisierung aktualisiert korrektur "
    "nachtrag actualisation mise actualizacion correccion aggiornamento correzione bijgewerkt "
    "correctie rectificatie atualizacao atualizado correcao errata aktualizacja korekta "
    "sprostowanie uppdatering uppdaterad rattelse opdatering oppdatering rettelse guncelleme "
    "duzeltme ενημερωση διορθωση обновление поправка исправление تحديث تصحيح עדכון תיקון 更新 "
    "更正 订正 訂正 勘误 追記 업데이트 정정".split()
)
"""Labels of a note that updates a page ("Update (2024): ...", "EDIT: ...", "Mise à jour :",
"更新：...",
"追記：...", "Обновление: ..."); after one, the page's text labelled :data:`ORIGINAL_LABELS` is
what the note superseded."""

ORIGINAL_LABELS = frozenset(
    "original originally ursprunglich ursprunglicher urspruenglich originale originales".split()
)

PRESENT_LABELS = frozenset(
    "current currently now today new latest aktuell derzeit jetzt neu actuel nouveau "
    "nuvarande naværende nuværende".split()
)

REPLACING_OR_CHANGING = CHANGING | REPLACING
"""Verbs by which a changelog's newer entry changes what an older one said."""

TAKING_OVER = frozenset((verb, "over") for verb in ("took", "taken", "takes", "taking"))

PREDICATES = frozenset("is are was were will can must should has have ist sind war waren".split())
"""A verb of being or an auxiliary after a negation's first word ends what it denies: in
"backups that are not encrypted are deleted after 30 days", "not" denies "encrypted" only."""

PLANNING = frozenset(
    "planned scheduled expected postponed delayed claim claims claimed rumored rumor rumour "
    "geplant prevu prevista 计划 原定 予定 планировалось مخطط מתוכנן".split()
)
"""Cues of :data:`DENYING_NEAR` that deny an earlier clause only after "only" or "merely": "it
opened in 1932; that was only the planned date" denies 1932, "which was the planned date" does
not."""

RESTRICTING = frozenset("only merely just nur seulement solo".split())

ANAPHORS = frozenset("that this which".split())
"""Words that open a clause about the clause before: "...; that was only the planned date" ("it"
and "they" point at things more often than at what was said of them)."""

COPULAS = frozenset("is was are were been remains remained proved thats its".split())

BEING = COPULAS | frozenset("est es ist sind sont son era etait war fue".split())
"""Verbs of being in English, French, Spanish and German: "the date is an error", "est une
erreur", "ist ein Fehler"."""

CONJUNCTIONS = frozenset("and but yet however though although".split())

NAMING_A_THING = frozenset(
    "error errors mistake mistakes typo typos misprint false erreur fehler".split()
)
"""Cues that deny only as what something *is* ("the 1932 date is an error", "was in error"):
technical text names things with them ("fixed the login error", "a false positive")."""

IN_A_CUE = frozenset("e est sono sont era etait jest este ειναι ole je".split())
"""Verbs of being inside a cue of several words ("non è più", "n'est plus"): a question that
uses them ("Chi è ...?", "Qui est ...?") does not make the cue its own words."""

NO_LONGER = frozenset(
    tuple(words(cue))
    for cue in (
        "no longer",
        "ya no",
        "nicht mehr",
        "non più",
        "non è più",
        "non sono più",
        "non era più",
        "n'est plus",
        "ne sont plus",
        "n'était plus",
        "já não",
        *NO_LONGER_ELSEWHERE,
    )
)
"""Cues that deny what their clause says of its subject, before them, and what follows."""

UNDENIED_AFTER = frozenset(
    "more less mas menos piu meno mais yli alle tobb kevesebb obstante appena".split()
)
"""After a word of :data:`NEGATING_IN`, words that make it no denial: a limit ("no más de 40
mg", "non meno di 2 ore"), "no obstante" (nevertheless), "non appena" (as soon as)."""

_COMPARING = frozenset("than als di que dan".split())
"""After a cue of :data:`NO_LONGER`, words that make it a limit: "no longer than 30 minutes",
"nicht mehr als 40 mg", "non più di 40 mg"."""

NOBODY = frozenset("nobody noone none few niemand personne nadie".split())
"""Before a denying verb, words that make it affirm: "nobody disputes that it opened in 1932"."""

CONDITIONS = frozenset("if unless whenever whether wenn".split())
"""Words that make a negation after them in their clause a condition, not a correction."""

NEGATIONS = frozenset(["not", "never", "cannot", *(w for c in CONTRACTED for w in words(c))])

UNTRUE = frozenset("true correct right accurate case so confirmed".split())
"""What "that is not ..." says of the clause before when it denies it ("that is not true")."""

AFFIRMING = frozenset("as than wie comme como".split())
"""A word that makes the next clause cue affirm: "opened in 1932 as planned", "later than
planned"."""

ENDS_DENIAL = frozenset(
    "until till before hasta fino only just merely simply solely bis vor nur alleen только 直到 "
    "solo solamente soltanto apenas seulement vain csak tik tikai numai doar lamang samo".split()
)
"""Words after which a denial no longer reaches: "did not open until 1934", "no fue hasta
1934", "not only 1932", "not just Ana Costa", "nicht nur", "niet alleen", "не только", "no
solo", "non solo", "não apenas", "non seulement", "ei vain", "nem csak", "ne tik", "nu doar",
"hindi lamang", "ne samo"."""

ONLY_BEFORE = frozenset("だけ のみ 뿐만 뿐".split())
""""Only" before a negation that follows its word: "Ana Costaだけでなく" and "Ana Costa뿐만
아니라" say "not only Ana Costa", which they do not deny."""

CONTRASTING = frozenset(
    """
    sondern maar ma mas sino pero ale lecz tylko а но але men utan αλλα אלא אבל بل بلکه बल्कि
    melainkan እንጂ
    """.split()
)
"""The "but" that sets a negation's own account against what it denies, in German, Dutch,
Italian, Portuguese, Spanish, Polish, Russian, Ukrainian, the Scandinavian languages, Greek,
Hebrew, Arabic, Persian, Hindi and Indonesian, written without a comma before it:
"niet in 1971 maar in 1973", "nicht 1971 sondern 1973", "не в 1971 а в 1973", "όχι το 1932
αλλά το 1934" (English "but" and French "mais" open a clause of their own). A denial before
it stops there."""


NEGATING_IN: dict[str, re.Pattern[str]] = {
    code: re.compile(pattern)
    for code, pattern in {
        "es": r"no",
        "ca": r"no",
        "it": r"non",
        "pt": r"nao",
        "ro": r"nu",
        "fi": r"ei|eivat|en|et|emme|ette",
        "et": r"ei|pole",
        "hu": r"nem|sem",
        "fa": r"نه",  # "نه در سال ۱۹۳۲": not in 1932
        "tl": r"hindi",
        "lt": r"ne|nebuvo|nera",
        "lv": r"ne|nevis|nebija|netika",
        # a past verb negated by its prefix: "nebyl otevřen", "neotevřel" (not "nejen")
        "cs": r"ne|nikoli|nikoliv|neni|nejsou|nebude|nebyl\w*|ne(?!jen)\w{3,}(?:l|lo|li)",
        "sk": r"ne|nie|nikdy|nebude|nebol\w*|ne(?!len)\w{3,}(?:l|lo|li)",
        "sl": r"ne|ni|niso",
        "hr": r"ne|nije|nisu",
        "sr": r"ne|nije|nisu",
        "bs": r"ne|nije|nisu",
        # a verb negated by its prefix: "halikufunguliwa" (it was not opened), "hawajafika"
        # (they have not yet come), "haifunguliwi" (it is not opened); "si" (it is not)
        "sw": r"(?:ha|hatu|ham|hawa|hai|hau|hali|haya|hazi|haki|havi|hapa|haku|hamu)"
        r"(?:(?:ku|ja)\w{2,}|ta\w{3,})|(?:hatu|hawa|hai|hau|hali|haya|hazi|haki|havi)\w{2,}i"
        r"|si|siyo|sio|hakuna|badala",
    }.items()
}
"""Words that deny what follows them as "not" does, in their language only: elsewhere Spanish
"no" is a number's abbreviation ("No. 5"), Portuguese "Nao" a name, Finnish "en" French
"in", Tagalog "hindi" the language, Czech "ne" the start of words, and Swahili's negations
the shape of names ("Hakuba", "Hatakeyama")."""

NEGATING_AFTER_IN: dict[str, re.Pattern[str]] = {
    # a verb negated by its suffix: "1932'de açılmadı" (it did not open in 1932)
    "tr": re.compile(r"\w+(?:m[aı]d[ıi]|med[iı]|m[aı]m[ıi]s|mem[iı]s|m[ıiuü]yor|m[ae]y[ae]cak)"),
    # a verb negated by its prefix after what it denies: "در سال ۱۹۳۲ افتتاح نشد"
    "fa": re.compile(r"نشد|نشده|نبود|نیست|نکرد|نکرده"),
}
"""Words that deny what comes before them, in their language only (as :data:`DENYING_AFTER`
does in every language)."""

CONTRASTING_IN = {
    "sw": frozenset({"bali"}),
    "it": frozenset({"bensi"}),
    "fi": frozenset({"vaan"}),
    "et": frozenset({"vaid"}),
    "hu": frozenset({"hanem"}),
    "ro": frozenset({"ci"}),
    "tl": frozenset({"kundi"}),
    "lt": frozenset({"o", "bet"}),
    "lv": frozenset({"bet"}),
    "cs": frozenset({"nybrz"}),
    "sk": frozenset({"ale", "lez"}),
    "hr": frozenset({"vec", "nego"}),
    "sr": frozenset({"vec", "nego"}),
    "bs": frozenset({"vec", "nego"}),
    "sl": frozenset({"ampak", "temvec"}),
}
"""The "but rather" where a denial stops (as at :data:`CONTRASTING`), in their language
only: "Daraja halikufunguliwa mwaka 1932 bali mwaka 1934", "non nel 1932, bensì nel 1934"
(Swahili "bali" is the island elsewhere, Lithuanian "o" a letter)."""

_NEGATION_CANDIDATES = re.compile(
    "|".join(p.pattern for p in (*NEGATING_IN.values(), *NEGATING_AFTER_IN.values()))
)


def _asks_whether(sentence: str) -> bool:
    """Whether a sentence of a text asks yes or no, so states nothing.

    "Did the bridge open in 1932? No, it opened in 1934." A question asking what or when is
    not one: "Why did the bridge open in 1934?" takes its words as given.
    """
    return sentence.rstrip().endswith(("?", "？")) and asks_yes_no(_LABEL.sub("", sentence))


_LABEL = re.compile(r"^\W*\w{1,12}\s*[:：]\s*")
"""A short label opening a line: "Q: ", "Question: ", "FAQ: "."""


def _negating_language(parts: list[tuple[str, list[str]]], text: str) -> str:
    """The language of a sentence whose words may deny only in theirs, or "" (most sentences).

    Told from the sentence, or from its ``text`` when the sentence alone is unsure. Only a
    sentence with a word of :data:`NEGATING_IN` or :data:`NEGATING_AFTER_IN` is told at all.
    """
    if not any(_NEGATION_CANDIDATES.fullmatch(w) for _, said in parts for w in said):
        return ""
    code = language(" ".join(clause for clause, _ in parts)) or language(text)
    return code if code in NEGATING_IN or code in NEGATING_AFTER_IN else ""


def states(text: str, answer: str, question: str = "") -> bool:
    """Whether ``text`` states ``answer`` as its own: every word of it, outside any denial.

    Stricter than :func:`~contextorg.tools.text.normalize.mentions`, which any occurrence
    satisfies: "opened in 1934, not in 1932" mentions 1932 and states only 1934. Words of
    ``question`` and quoted names are never cues: "Who sang 'Never Ever'?" A word may be
    stated in another spelling: "2.4 km" states "2.4 kilometres".
    """
    said = words(answer)
    wanted = set(said)
    if not wanted:
        return False
    asked = words(question)
    before = asks_what_held_before(question, asked)
    kept, runs, flow = _affirmed(text, frozenset(asked), _kinds(question), before)
    if len(said) > 1 and _written_at(_spelt(text), said):
        # the text writes the answer as one phrase: one place that writes it so states it
        # ("Meeting: Room 3 → Room 5 (changed 3 May)" has "room" and "3" outside the change)
        return _written_at(flow, said)
    if PREFIXING.search(answer):  # "בלידס" states "לידס"
        kept = frozenset(unprefixed(set(kept)))
    return (
        wanted <= kept
        or {first_spelling(w) for w in wanted} <= kept
        or (bool(JOINED.search(answer)) and any(compact(answer) in r for r in runs))
    )


def writes(text: str, phrase: str) -> bool:
    """Whether ``text`` writes ``phrase``'s words together and in order.

    "Room 3 → Room 5" writes "Room 5", and not "Room 3 5".
    """
    return _written_at(_spelt(text), words(phrase))


@lru_cache(maxsize=128)  # one text is asked about each answer read from it
def _spelt(text: str) -> tuple[str, ...]:
    """``text``'s words in order, each in its first spelling ("km" is "kilometre")."""
    return tuple(first_spelling(w) for w in words(text))


def _written_at(spelt: tuple[str | None, ...], phrase: list[str]) -> bool:
    """Whether ``phrase``'s words stand together in ``spelt``, in order (in any spelling).

    ``spelt`` is words in their first spelling, as :func:`_spelt` gives them (None for one
    that may not count).
    """
    wanted = tuple(first_spelling(w) for w in phrase)
    at = -1
    while True:  # from each place its first word stands (found in C, not word by word)
        try:
            at = spelt.index(wanted[0], at + 1)
        except ValueError:
            return False
        if tuple(spelt[at : at + len(wanted)]) == wanted:
            return True


def denies(text: str, answer: str, question: str = "") -> bool:
    """Whether ``text`` mentions ``answer`` only where it denies or corrects it."""
    return mentions(text, answer) and not states(text, answer, question)


def another_time(text: str, answer: str, question: str) -> bool:
    """Whether ``text`` bounds ``answer`` to years that leave out the one year the question asks.

    "Maya Lund chaired the Orrin board from 2014 to 2017; Raj Mehta chaired it from 2017 to
    2021." holds "Maya Lund" for "Who chaired the Orrin board in 2019?" only in a clause whose
    years ("from 2014 to 2017", "2014–17", "since 2020", "until 2018") all end before 2019 or
    start after it. A clause that names one year alone ("appointed in 2015") bounds nothing;
    nor does a question that names no year, or several, or an answer that is itself a figure.
    """
    asked = {int(y) for y in _A_YEAR.findall(question)}
    if len(asked) != 1 or any(c.isdigit() for c in answer):
        return False
    [year] = asked
    held = [
        clause
        for sentence in _sentences(text)
        for clause in re.split(r";|\s[–—]\s", sentence)
        if mentions(clause, answer)
    ]
    spans = [_year_spans(clause) for clause in held]
    return bool(held) and all(
        found and not any(start <= year <= end for start, end in found) for found in spans
    )


_YEAR = r"1[5-9]\d\d|20\d\d"
"""A year as spans of office write it: 1500 to 2099."""
_A_YEAR = re.compile(rf"(?<![\d.,])({_YEAR})(?![\d.,]\d)")
_SPAN = re.compile(
    rf"(?<!\d)({_YEAR})\s*(?:[–—-]|to|till|until|through|and|bis|à|au|a|al|hasta)\s*"
    rf"({_YEAR}|\d\d)(?!\d)",
    re.IGNORECASE,
)
_SINCE = re.compile(rf"\b(?:since|from|seit|ab|depuis|desde)\s+({_YEAR})(?!\d)", re.IGNORECASE)
_UNTIL = re.compile(
    rf"\b(?:until|till|up to|before|bis|jusqu'en|jusqu’en|hasta)\s+({_YEAR})(?!\d)", re.IGNORECASE
)


def _year_spans(clause: str) -> list[tuple[int, int]]:
    """The spans of years a clause bounds something to: "from 2014 to 2017", "since 2020"."""
    spans, rest = [], clause
    for match in _SPAN.finditer(clause):
        start, end = int(match[1]), match[2]
        stop = int(end) if len(end) == 4 else start // 100 * 100 + int(end)  # "2014–17"
        if start <= stop:
            spans.append((start, stop))
            rest = rest.replace(match[0], " ")
    spans += [(int(m[1]), 9999) for m in _SINCE.finditer(rest)]
    spans += [(0, int(m[1])) for m in _UNTIL.finditer(rest)]
    return spans


_SENTENCES = re.compile(r"(?<=[.!?])\s+|(?<=[。！？।])|\n")

_HTML_BLOCK = re.compile(
    r"</?(?:p|div|h[1-6]|li|ul|ol|dl|dt|dd|tr|table|thead|tbody|br|hr|section|article|header"
    r"|footer|blockquote|pre|caption)\b[^<>]{0,200}>",
    re.IGNORECASE,
)
_HTML_CELL = re.compile(r"</t[dh]\s*>", re.IGNORECASE)

_DAY_ORDINAL = re.compile(r"(?:^|\W)\d{1,2}\.$")
_MONTH_FIRST = re.compile(
    r"(?:jan|feb|m[aä]r|apr|mai|maj|jun|jul|aug|sep|okt|oct|nov|de[zc])", re.I
)


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, as :func:`states` and :func:`denies` read it."""
    return _sentences(text)


def _sentences(text: str) -> list[str]:
    """``text`` cut into sentences, not after a day written as an ordinal ("am 3. Mai 2024").

    HTML's blocks end sentences too, and its table cells clauses: "<tr><td>Product
    owner</td><td>Clara Voss</td></tr><p>Previous product owner: Noah Berg</p>" is the row
    "Product owner | Clara Voss |" and a sentence of its own.
    """
    if "<" in text:
        text = _HTML_CELL.sub(" | ", _HTML_BLOCK.sub("\n", text))
    pieces = _SENTENCES.split(text)
    joined = pieces[:1]
    for piece in pieces[1:]:
        if _DAY_ORDINAL.search(joined[-1]) and _MONTH_FIRST.match(piece):
            joined[-1] += " " + piece
        else:
            joined.append(piece)
    return joined


Clause = tuple[list[str], list[bool]]  # its words, and whether a denial reaches each


HEARSAY = frozenset(
    "often commonly widely popularly sometimes frequently usually generally traditionally "
    "still long haufig souvent अक्सर 흔히 종종 보통 일반적으로 널리 据 据说 听说 传说 据传".split()
)
"""With a verb of reporting, words that report what is said rather than say it: "1932 is
often cited" (not "the API often returns 429", which says how often)."""

REPORTING = frozenset(
    "say says said cite cites cited give gives given gave date dates dated report reports "
    "reported list lists listed believe believed think thought claim claims claimed state states "
    "stated quote quoted attribute attributed credit credited assume assumed mention mentioned "
    "repeated gilt angegeben nennen dicen indiquent называют 称 说 传 认为 据说 听说 传说 据传 "
    "बताई 알려져 전해진다 주장".split()
)

NAMING = frozenset("called known referred nicknamed named dubbed spelled spelt abbreviated".split())
"""What a thing is often called is its name, not a report: "often called the Iron Span"."""

QUANTIFIERS = frozenset(
    "some many several most other various numerous manche viele einige algunas algunos "
    "certaines certains plusieurs nombreux nombreuses muchas muchos varias varios "
    "некоторые многие 一些 有些 有人 部分 일부 많은 몇몇 여러".split()
)

SOURCES = frozenset(
    "sources guides guidebooks textbooks encyclopedias publications reports accounts articles "
    "books websites sites blogs people historians references listings maps quellen fuentes "
    "guias "
    "источники 资料 来源 資料 자료 출처 문헌 안내서 기사 보도".split()
)
"""With a quantifier, who is reported: "some sources give 1932", "many guides say"."""

RETRACTED = frozenset(
    tuple(words(source))
    for source in (
        "earlier version",
        "previous version",
        "earlier edition",
        "earlier reports",
        "early reports",
        "initial reports",
        "no basis",
        "no evidence",
    )
)
"""Sources a text names only to correct them: a clause that reports one is denied whole ("an
earlier version of this article said the bridge opened in 1932")."""

PAGES = frozenset("page document article wiki doc docs documentation information content".split())
STALE = frozenset("old older outdated archived obsolete stale superseded previous prior".split())
"""Words that put writings out of date: "old docs", "archived pages", "previous versions"."""

WRITINGS = (
    SOURCES
    | PAGES
    | frozenset(
        "pages versions revisions copies manuals notes posts threads tickets invoices receipts "
        "screenshots emails leaflets labels brochures catalogues catalogs editions maps".split()
    )
)
CITING = REPORTING | frozenset(
    "name names mention mentions show shows reference references".split()
)
"""Verbs by which writings give a value: "old docs list port 8080", "may name Ken Ito"."""


def _old_sources(said: list[str], not_cues: frozenset[str] | set[str]) -> bool:
    """Whether a clause tells what outdated writings say.

    "Archived pages may name Ken Ito", "old docs list port 8080", "previous versions of this
    page said 1932".
    """
    return any(
        w in STALE - not_cues and said[n + 1] in WRITINGS for n, w in enumerate(said[:-1])
    ) and bool((CITING - not_cues) & set(said))


CONTRASTS = frozenset(
    "actually reality correct actual records evidence tatsachlich eigentlich realidad 实际 "
    "实际上 其实 其实是 事实 事实上 実際 実際は 実際には 実は 正しく "
    "실제로는 실제로 기록 वास्तव".split()
)
"""Words by which a clause sets the text's own account against a reported one."""

CONTRASTING_OPENERS = frozenset(
    "but however yet whereas aber jedoch mais pero но 但 但是 然而 하지만 लेकिन لكن لكنه لكنها "
    "ولكن".split()
)

CONCESSIONS = frozenset("although though while whilst despite obwohl bien aunque quoique".split())


_PARTICLES = re.compile(
    "(?<=[\uac00-\ud7af])(?:에서는|에서|에는|에게|으로|로는|들은|들이|들에는|들|은|는|이|가|을|를|의|에|도|로)$"
)
"""Korean particles, joined to the word before them ("자료는" is "자료" and a topic marker)."""


def _bare(said: list[str]) -> set[str]:
    """A clause's words, and its Korean words without their particles too."""
    found = set(said)
    found.update(_PARTICLES.sub("", w) for w in said if _PARTICLES.search(w))
    return found


RETOLD = frozenset("previously formerly earlier originally initially first".split())
"""Words before a verb of saying that make it an earlier account: "we previously reported"."""


def _reports(said: list[str], not_cues: frozenset[str] | set[str]) -> bool:
    """Whether a clause reports what others say.

    "1932 is often cited", "some sources give", "it was thought to have opened in 1932", "it
    is said to have opened in 1932", "일부 자료는 ... 했다고", "有人说", "と言われる", "on dit
    que", "it reportedly opened".
    """
    marked = _bare(said) - not_cues
    if marked & NAMING:
        return False
    said_often = marked & HEARSAY and marked & REPORTING
    impersonal = (  # "it was thought", "it is said"
        said[0] == "it" and COPULAS & set(said[1:3]) and (REPORTING - not_cues) & set(said[2:5])
    )
    hearsay = any(  # "the bridge is said to have opened", "was thought to date from"
        said[n - 1] in COPULAS and w in REPORTING - not_cues and said[n + 1] == "to"
        for n, w in enumerate(said[:-1])
        if n
    )
    conceded = said[0] in CONCESSIONS and marked & REPORTING  # "despite claims that ..."
    retold = said[0] not in AFFIRMING and any(  # "we previously reported", not "as reported"
        w in REPORTING - not_cues and said[n - 1] in RETOLD for n, w in enumerate(said) if n
    )
    some_say = any(  # "some say", "many believe"
        w in QUANTIFIERS and said[n + 1] in REPORTING - not_cues for n, w in enumerate(said[:-1])
    )
    pairs = _pairs(said)
    sourced = (marked & QUANTIFIERS or ("も", "ある") in pairs) and marked & SOURCES
    quoted = (
        any(  # Japanese "...と言われる", "...とされている"
            w == "と" and said[n + 1] in ("言", "さ") and said[n + 2].startswith(("われ", "れ"))
            for n, w in enumerate(said[:-2])
        )
        or any(  # Korean "개통했다고 알려져"
            w.endswith(("다고", "라고")) and said[n + 1] in REPORTING
            for n, w in enumerate(said[:-1])
        )
    )
    they_say = bool(HEARSAY_WORDS & marked or HEARSAY_PAIRS & pairs)
    return bool(
        said_often
        or impersonal
        or hearsay
        or conceded
        or some_say
        or sourced
        or retold
        or quoted
        or they_say
    )


HEARSAY_WORDS = frozenset(
    "reportedly allegedly supposedly purportedly angeblich vermeintlich supuestamente "
    "presuntamente supostamente presumibilmente apparemment говорят считается якобы يقال".split()
)
"""Words that report what is said without saying it: "it reportedly opened in 1932", "Говорят,
что мост открыли в 1932 году", "يقال إن"."""

HEARSAY_PAIRS = frozenset(
    {
        ("on", "dit"),
        ("on", "croit"),
        ("man", "sagt"),
        ("man", "glaubt"),
        ("se", "dice"),
        ("se", "cree"),
        ("si", "dice"),
        ("se", "diz"),
        ("dicen", "que"),
        ("dizem", "que"),
        ("dicono", "che"),
    }
)
"""Impersonal "they say" in French, German, Spanish, Italian and Portuguese."""


def _contrasts(said: list[str]) -> bool:
    """Whether a clause sets the text's own account against another one.

    "but it opened in 1934", "in fact", "it actually opened in 1934", "the correct year is 1934".
    """
    opens = bool(said) and said[0] in CONTRASTING_OPENERS
    return opens or bool(_bare(said) & CONTRASTS) or bool(IN_FACT & _pairs(said))


IN_FACT = frozenset(
    {("in", "fact"), ("en", "fait"), ("de", "hecho"), ("самом", "деле"), ("في", "الواقع")}
)


def _pairs(said: list[str]) -> set[tuple[str, str]]:
    """The clause's runs of two words."""
    return set(zip(said, said[1:], strict=False))


FORMER = frozenset(
    w
    for cue in """
    former previous ex erstwhile ehemalige ehemaliger ehemaligen fruhere fruherer ancien
    ancienne antiguo antigua antigo vorige voormalige voormalig poprzedni poprzednia
    бывший бывшая прежний прежняя предыдущий предыдущая колишній попередній tidigare forre
    forrige tidligere onceki eski byvaly bývalý predchozi puvodni entinen edellinen पूर्व
    पिछले 前 前任 原 旧 舊 이전 전임 πρώην προηγούμενος לשעבר
    """.split()
    for w in words(cue)
)
"""Words that make a holder of the role after them a past one ("the former owner", "Former
owner: Ken Ito", "Antiguo responsable", "Бывший владелец", "前负责人", "原负责人", "旧担当",
"이전 담당자"), when the question asks about that role. Not "outgoing": in technical text it
is a direction ("Outgoing traffic uses port 8443")."""

PROPOSED = frozenset(
    w
    for cue in """
    proposed prospective suggested intended vorgeschlagene vorgeschlagener vorgeschlagenen
    designierte designierter voorgestelde предложенный предложенная предлагаемый предлагаемая
    拟任 拟议
    """.split()
    for w in words(cue)
)
"""Words that make a holder of the role after them one not yet in it ("the proposed owner",
"Proposed owner: Jin Park", "vorgeschlagener Verantwortlicher", "предложенный владелец"),
when the question asks about that role and not about the proposal ("Who is the proposed
owner?"). A draft states what it proposes; the role is not yet held."""

PROPOSED_AFTER = frozenset(
    w
    for cue in "proposé proposée propuesto propuesta proposto proposta".split()
    for w in words(cue)
)
"""The same, in languages that put them after their noun: "le responsable proposé", "el
propietario propuesto"."""

FORMER_AFTER = frozenset(
    w
    for cue in "السابق السابقة قبلی پیشین trước sebelumnya terdahulu anterior précédent "
    "precedente".split()
    for w in words(cue)
)
"""Words that make a holder of the role before them a past one, in languages that put them
after their noun: "المالك السابق", "Chủ sở hữu trước", "Pemilik sebelumnya", "responsable
anterior", "le responsable précédent"."""

HANDED_ON = frozenset(
    tuple(words(opener))
    for opener in (
        "before that",
        "prior to that",
        "until then",
        "bis dahin",
        "avant cela",
        "avant ça",
        "jusque-là",
        "hasta entonces",
        "antes de eso",
        "antes disso",
        "até então",
        "prima di allora",
        "fino ad allora",
        "voordien",
        "tot dan",
        "до этого",
        "до того",
        "在此之前",
        "それまでは",
        "その前は",
        "그 전에는",
    )
)
"""Clause openers that put what follows in the past: "before that Ken Ito", "prior to that,
Ken Ito did", "Avant cela, il appartenait à Tom Berg", "До этого им владел Том Берг",
"在此之前，它归Tom Berg所有"."""

NOW = frozenset(
    "now currently current today presently nowadays jetzt derzeit aktuell maintenant "
    "actuellement ahora actualmente adesso attualmente agora atualmente momenteel teraz obecnie "
    "теперь сейчас simdi artık الآن حاليا עכשיו כעת כיום अब 现在 目前 現在 지금 현재 seitdem πλεον "
    "τωρα σημερα "
    "mittlerweile inzwischen depuis desormais hoy hoje ora oggi heute vandaag idag".split()
)
"""Words that set a present state against a past one: "owned by Ken Ito until 2024, is now
owned by Lena Park", "读书会现在在河西书店举行"."""

RANGES = frozenset("from since between von seit".split())

EARLIER = frozenset(
    "before previously earlier formerly beforehand vorher zuvor davor bisher fruher auparavant "
    "precedemment avant antes anteriormente precedentemente".split()
)
"""Words that end a clause about a past holder, in a sentence that says who holds it now:
"Lena Park has owned it since March; Ken Ito owned it before"."""

OLDER = frozenset(
    "earlier older previous prior fruheren alteren originally initially ursprunglich "
    "initialement originalmente inicialmente".split()
)
"""Words that put a clause in an earlier version, in a sentence that says what holds now:
"The default port, 8080 in earlier releases, is now 9090"."""


def _earlier(said: list[str]) -> bool:
    """Whether a clause speaks of before, beside one that speaks of now (and not itself of now).

    It ends on "before" ("Ken Ito owned it before"), or names older versions ("8080 in
    earlier releases", "older versions used 8080").
    """
    origin = any(w in OLDER and said[n + 1 : n + 2] == ["from"] for n, w in enumerate(said))
    older = bool(OLDER & set(said)) and not origin  # not "originally from Leeds"
    return not NOW & set(said) and (said[-1] in EARLIER or older)


ASKING_THE_PAST = frozenset(
    "historical history original originally initial initially first former formerly previous "
    "previously old older earlier once founding predecessor fruher 原来 前任 ранее 以前 之前 此前 "
    "原先 原本 曾经 曾經 过去 過去 かつて".split()
)
"""Words of a question that asks what held before: then a value marked as the first or a
former one ("initially called Viu", "once 15,000", "Ken Ito, then Raj Patel, and now ...")
is its answer, not one the text sets aside."""

IRREGULAR_PAST = frozenset(
    "ran led held made won took gave wrote built began sold bought became brought chose drove "
    "knew met paid sent spent taught told went kept lost grew".split()
)
"""English verbs in the past that do not end in "-ed": a question asked with one asks what
held then ("Who ran the Nightjar project in 2019?")."""

PRESENT_ASKED = frozenset("is are does do has have ist sind hat est sont es son".split())
"""Words of a question that asks what holds now ("What is the default port?"): then a
sentence in the past is given up by the next one that says what holds now ("Since Quill 4 it
is 9090", "It is now 52,000"). Not for "Who owns ...?", which no such word marks."""

NOW_SINCE = frozenset(
    {
        ("desde", "entonces"),
        ("desde", "entao"),
        ("da", "allora"),
        ("sedan", "dess"),
        ("с", "тех"),
        ("od", "tego"),
        ("od", "te"),
    }
)
"""Two words that say "since then", where no single word does: "hasta 2024; desde entonces
lo gestiona Lena Park" (one, as "seitdem" and "depuis", is in :data:`NOW`)."""


def _dated(said: list[str], opening: frozenset[str]) -> bool:
    """Whether a clause is only a date opened by one of ``opening``: "until March 2024"."""
    return len(said) > 1 and said[0] in opening and all(map(_dating, said[1:]))


def _says_now(said: list[str]) -> bool:
    """Whether a clause says what holds now: "now", "seitdem", "desde entonces"."""
    return bool(NOW.intersection(said)) or bool(NOW_SINCE & _pairs(said))


AS_OF = frozenset({("as", "of")})
"""Words that date what holds now: "Capacity: 18,000 (as of 2020; 15,000 before)"."""


def _since_a_year(parts: list[tuple[str, list[str]]]) -> bool:
    """Whether a sentence says what holds since a year: "since 2021 Mia Chen"."""
    return any(
        w == "since" and said[n + 1 : n + 2] and said[n + 1].isdigit()
        for _, said in parts
        for n, w in enumerate(said)
    )


def _since_after(said: list[str], year: int) -> bool:
    """Whether a clause says what holds since a year after ``year``: "since 2023" for 2020."""
    return any(
        w in ("since", "seit", "depuis", "desde") and a_year(after) and int(after) > year
        for w, after in itertools.pairwise(said)
    )


VERSUS = frozenset("versus vs compared against contre gegenuber frente comparado rispetto".split())
"""Words that set one value beside another, written as :func:`words` gives them (no accents)."""


OUTDATED = frozenset(
    "old legacy outdated obsolete deprecated alten alte veralteten anciennes anciens "
    "antiguas antiguos".split()
)
"""Words by which a later clause, in a sentence that says what holds, speaks of what is past:
"Pro costs $25; a $20 price is shown only on old invoices"."""


def _outdated(said: list[str], not_cues: frozenset[str] | set[str]) -> bool:
    """Whether a clause in the present speaks of what is outdated (:data:`OUTDATED`).

    Not a clause in the past, where "old" describes something else: "it was built in 1890 on
    the site of an old chapel".
    """
    return bool((OUTDATED - not_cues) & set(said)) and not PAST & set(said)


def _compared_before(said: list[str]) -> bool:
    """Whether a clause sets an earlier value beside the text's own.

    "compared with $20 previously", "contre 20 $ auparavant", "gegenüber 20 $ zuvor": a word
    of comparing, and the clause ends on one of before.
    """
    return said[-1] in EARLIER and bool(VERSUS & set(said[:-1]))


def _once(said: list[str]) -> bool:
    """Whether a clause gives a value something once had: "once 15,000", "once owned by X".

    Not "once it ends".
    """
    if said[0] != "once" or len(said) < 2:
        return False
    return any(c.isdigit() for w in said[1:3] for c in w) or (
        len(said[1]) > 4 and said[1].endswith("ed") and said[2:3] == ["by"]
    )


BELIEVED = frozenset("believed thought assumed supposed presumed geglaubt croyait creia".split())
ONCE = frozenset("once formerly previously originally initially long einst autrefois".split())


def _past_belief(said: list[str], not_cues: frozenset[str] | set[str]) -> bool:
    """Whether a clause gives what was once believed, a belief given up.

    "Astronomers once believed it had two moons", "it was long thought to be 300 m"; not "she
    believed in it".
    """
    return any(
        w in BELIEVED - not_cues and ONCE & set(said[max(n - 2, 0) : n]) for n, w in enumerate(said)
    )


_ASIDE = FUNCTION_WORDS | frozenset("so widely many some people".split())


def _belief_aside(said: list[str], not_cues: frozenset[str] | set[str]) -> bool:
    """Whether a clause only says that what came before was once believed.

    "Vexa has three moons, it was once believed; ...", not "..., as was long thought" (which
    says the belief was right).
    """
    return (
        said[0] != "as"
        and _past_belief(said, not_cues)
        and not set(said) - BELIEVED - ONCE - _ASIDE
    )


THEN = frozenset("then later afterwards subsequently".split())


def _deny_chain(clauses: list[Clause]) -> None:
    """Deny the past links of a chain that ends in the present.

    "Corvane was led by Ken Ito, then Raj Patel, and now Mia Chen": every clause before the
    one that opens on "now", when one of them opens on "then".
    """
    opening = [said[1] if said[0] in CONJUNCTIONS and said[1:] else said[0] for said, _ in clauses]
    present = next((n for n, w in enumerate(opening) if n and w in NOW), None)
    if present is not None and THEN & set(opening[1:present]):
        _deny_whole(clauses[:present])


def _changes_to(said: list[str]) -> bool:
    """Whether a clause changes something to a value: "capacity was reduced to 12,000".

    In other languages too: "mudou para", "verplaatst naar", "перенесена в", "改到" (one word),
    "中央図書館に変更", "중앙도서관으로 변경되었습니다" (the value before the verb).
    """
    return any(_a_change(said, n) for n in range(len(said)))


CHANGING_ELSEWHERE = frozenset(
    "verplaatst gewijzigd veranderd verhuisd mudou mudado mudada transferido transferida "
    "alterado alterada przeniesiono przeniesione przeniesiona przeniesiony zmieniono zmieniona "
    "flyttats flyttad flyttades flyttat andrats andrad andrades flyttet endret aendret перенесена "
    "demenage demenagee deplace deplacee transfere transferee trasladado trasladada spostato "
    "spostata trasferito trasferita "
    "перенесено перенесен перенесли переехала переехал переехало изменена изменено изменен "
    "انتقل انتقلت نقل نقلت".split()
)
"""Verbs of a change of value before what it changes to, in Dutch, Portuguese, Polish, the
Scandinavian languages, Russian and Arabic (kept apart from :data:`CHANGING`, whose other rules
are English and German)."""

CHANGED_INTO = MOVED_TO | frozenset("naar para do till в на إلى la le les au aux al alla".split())
"""After a verb of change, the words that open what it changes to."""

CHANGED_INTO_ONE_WORD = frozenset(
    "改到 改为 改成 改在 改至 移到 移至 迁到 迁至 搬到 搬至 更改为 变更为".split()
)
"""Chinese verbs of a change joined to their "to": "已改到河西书店"."""

CHANGING_AFTER = frozenset("変更 移転 移動 移り 移っ".split())
"""Japanese verbs of a change, after what it changes to and its "に" or "へ"."""

CHANGING_LAST = frozenset("umgezogen verlegt verschoben geandert gewechselt".split())
INTO_BEFORE = frozenset("in nach zur zum ins auf".split())
"""German puts a past participle last, after what it changes to: "ist in die Quay-Bibliothek
umgezogen"."""

CHANGING_KOREAN = ("변경", "바뀌", "바꿨", "옮겨", "옮겼", "이전")
"""Korean verbs of a change, as their words begin, after what it changes to ("...으로")."""


NOTE_SUBJECTS = frozenset("it they es er sie il elle ello".split())
"""Pronouns an update note opens with for what the page is about: "Update: it has moved"."""


def _updates_what_is_asked(parts: list[tuple[str, list[str]]], wanted: frozenset[str]) -> bool:
    """Whether a sentence is an update note that changes what the question asks.

    "Update (3 May): the meetup has moved to the Quay Library", "EDIT: the meetup is now at the
    Quay Library" for "Where will the meetup be held?": the page's text before the note is
    what it changed. A note on something else ("Update: registration moved to the website")
    shares none of the question's words and changes nothing asked, and a note that denies a
    change ("Update: rumours that the meetup moved are wrong", "has not moved", "没有改到")
    keeps the page as it is; one that sets aside the old value first still makes its change
    ("is no longer at the Grange Hall; it has moved to ...", "不再在...举行，已改到..."). A note
    whose subject is a pronoun or left out ("Update: it has moved to ...", "UPDATE: moved to
    ...") is about what the page is about.
    """
    if not parts or parts[0][1][0] not in UPDATE_LABELS:
        return False
    said = [w for _, words_of in parts for w in words_of]
    changes = [n for n, w in enumerate(said) if _a_change(said, n) or w in NOW]
    # "Update (12 June): it has moved to ...", "UPDATE: moved to ...": the page's own subject
    subject = [w for w in said[1 : changes[0] if changes else 1] if not _dating(w)]
    about_the_page = bool(changes) and (not subject or subject[0] in NOTE_SUBJECTS)
    if UNTRUE_NOTE & set(said) or not (wanted & set(said[1:]) or about_the_page):
        return False
    return any(
        not NOTE_NEGATIONS & set(said[max(n - 3, 0) : n])  # "has not moved to"
        and not any(_negates_after(w) for w in said[n + 1 : n + 7])  # "変更されていません"
        for n in changes
    )


def _dating(word: str) -> bool:
    """Whether a word dates a note rather than names its subject: "12", "june", "2024-06-12"."""
    return word in MONTH_WORDS or any(c.isdigit() for c in word)


def _a_change(said: list[str], n: int) -> bool:
    """Whether the word at ``n`` changes something to a value (see :func:`_changes_to`)."""
    w = said[n]
    return (
        (w in CHANGING or w in CHANGING_ELSEWHERE)
        and bool(CHANGED_INTO & set(said[n + 1 : n + 3]))
        or w in CHANGED_INTO_ONE_WORD
        or (w in CHANGING_AFTER and n > 0 and said[n - 1] in ("に", "へ"))
        or (w in CHANGING_LAST and bool(INTO_BEFORE & set(said[max(n - 5, 0) : n])))
        or (w.startswith(CHANGING_KOREAN) and n > 0 and said[n - 1].endswith("로"))
    )


UNTRUE_NOTE = frozenset(
    "wrong incorrect false untrue inaccurate mistaken rumor rumors rumour rumours rumored hoax "
    "unfounded baseless denied debunked refuted falsch geruchte faux rumeur falso falsa "
    "rumores onjuist gerucht boato nieprawda plotka felaktig rykte неверно ложь слухи слух "
    "ошибочно خطأ شائعات שגוי שמועה 错误 不实 谣言 传言 误传 誤り 噂 デマ 잘못 소문".split()
)
"""Words by which an update note calls a change untrue ("wrong", "rumour" and their kin, in
the languages of :data:`UPDATE_LABELS`)."""

NOTE_NEGATIONS = NEGATIONS | frozenset(
    "nicht kein keine pas niet geen nao nie inte ikke не ليس لم לא 不 没有 并未 未".split()
)
"""Negations that, just before a note's change, deny it: "has not moved to", "没有改到"."""


def _negates_after(word: str) -> bool:
    """Japanese and Korean negate after the verb: "変更されていません", "변경되지 않았습니다"."""
    return word.endswith(("ない", "なかった", "せん")) or word.startswith("않")


def _changes_again(said: list[str]) -> bool:
    """Whether a clause opens on a second change of the same thing: "but restored to 18,000"."""
    lead = next((n for n, w in enumerate(said) if w not in CONJUNCTIONS | THEN | PASSIVE), None)
    return lead is not None and said[lead] in CHANGING and _changes_to(said[lead:])


SPAN_ENDS = frozenset("to until till through bis".split())


def _ended_span(said: list[str]) -> bool:
    """Whether a clause names a span from one year to another: "from 2019 to 2023".

    Or "2019-2023". Beside a clause that says who has held it since ("Raj Patel led it from
    2019 to 2023; Mia Chen has led it since", "2015-2021 Raj Patel; since 2021 Mia Chen"),
    the span's holder is a past one; beside "now" alone it may be the thing's own life ("ran
    from 2019 until 2024 and is now retired").
    """
    ranged = any(
        w in RANGES
        and said[n + 1].isdigit()
        and said[n + 2] in SPAN_ENDS | {"and"}
        and said[n + 3].isdigit()
        for n, w in enumerate(said[:-3])
    )
    return ranged or any(_years(a, b) for a, b in zip(said, said[1:], strict=False))


def _lasted_until_a_year(said: list[str]) -> bool:
    """Whether a clause says its state lasted until a year: "maintained by Ana Costa until 2023".

    For a question not asked in the past tense, its holder is a past one ("Who maintains
    Kestrel?"); a time of day ("open until 8 pm") is not a year.
    """
    return any(_until(said, n) for n in range(len(said)))


def a_year(word: str) -> bool:
    """Whether a word is a year of the last millennium or this one: "1932", not "0800" or "8080"."""
    return len(word) == 4 and word.isdigit() and 1000 < int(word) < 2200


def _years(start: str, end: str) -> bool:
    """Whether two words are a span of years written with a dash: "2010-2015"."""
    return (
        len(start) == len(end) == 4 and start.isdigit() and end.isdigit() and int(start) < int(end)
    )


VERSIONS = frozenset("version versions release releases edition editions".split())

BEFORE_A_VERSION = frozenset("before prior until till pre below vor bis".split())


def _superseded(said: list[str], not_cues: frozenset[str] | set[str]) -> bool:
    """Whether a past clause names a state older versions had.

    "(it was 8080 before version 4)", "before v4 it was 8080", "in releases prior to 4.0 it
    was 8080"; the caller checks that the sentence says what holds now. Not an event dated by
    a version the question asks about ("version 4 was released in 2019", when it asks about
    version 4).
    """
    # "(8080 in versions before 2.0)": an aside with a figure and no verb
    aside = not (BEING | PREDICATES) & set(said) and any(c.isdigit() for c in said[0])
    if not (PAST & set(said) or aside):
        return False
    versions = VERSIONS - not_cues
    return any(
        w in BEFORE_A_VERSION
        and (
            versions & set(said[max(n - 1, 0) : n + 3])
            or any(SHORT_VERSION.fullmatch(v) for v in said[n + 1 : n + 3])
        )
        for n, w in enumerate(said)
    )


LEAVING = frozenset("stepped resigned retired left quit departed".split())
"""Verbs by which a holder leaves the role named after "as": "Ken Ito stepped down as owner"."""


def _gone(said: list[str], n: int) -> bool:
    """Whether the leaving verb at ``n`` has no object: its subject is what is gone.

    "Omar Diaz left", "port 8080 was retired in May"; not "left Leeds for York".
    """
    after = said[n + 2 :] if said[n] == "stepped" else said[n + 1 :]
    return not after or after[0] in GONE_WHEN or after[0].isdigit()


HAVING = frozenset("has have had since then".split())
"""Words before a leaving verb that opens its clause, its subject in the clause before."""

GONE_WHEN = frozenset("in on at last this earlier recently after years months weeks".split())
"""Words after a leaving verb that say when, not what was left: "retired in May"."""


def _leaves(said: list[str], n: int, asked: frozenset[str] | set[str]) -> bool:
    """Whether the word at ``n`` says someone left: "resigned", "stepped down" (not "in")."""
    w = said[n]
    if w not in LEAVING or w in asked:
        return False
    return w != "stepped" or said[n + 1 : n + 2] in (["down"], ["aside"], ["away"])


HANDING = frozenset("handed passed transferred gave reassigned".split())
"""Verbs by which the holder before them hands what they hold to the one after "to": "Ken Ito
handed the Harbor build over to Lena Park", "a cédé", "entregó"."""

HANDED_AWAY = frozenset("cede cedio entrego entregou transfirio transferiu".split())
"""French, Spanish and Portuguese verbs of handing on, whose "to" (``à``, ``a``) :func:`words`
drops: the holder before them gives it away ("Ken Ito a cédé le Harbor build à Lena Park")."""

HANDED_OVER = frozenset("ubergeben ubergab abgegeben uberlassen overgedragen".split())
"""German and Dutch verbs of handing on: who hands it on is the subject, before the verb or
its auxiliary ("Ken Ito hat den Harbor-Build an Lena Park übergeben")."""

AUXILIARY_FIRST = frozenset("hat hatte haben hatten wurde wird heeft had".split())
"""German and Dutch auxiliaries, after the subject of a verb that comes last."""

DEPARTED = frozenset(
    {("having", "left"), ("after", "leaving"), ("since", "leaving"), ("upon", "leaving")}
)
"""What a place or role was left: "headquartered in Manchester, having left Leeds in 2020"."""

LEAVING_FOR = "for"
"""After "left", what opens where it went: "left Leeds for Manchester" (Leeds is past)."""


def _was_but_ko(word: str) -> bool:
    """Whether a Korean word ends in "was ..., but" ("Ken Ito였지만", "담당자였으나")."""
    return word.endswith(("였지만", "었지만", "였으나", "었으나"))


NOW_KO = ("지금", "현재", "이제")
"""Korean "now", "at present", with the particle that may follow ("지금은")."""

STAYED = frozenset("left leave vacated abandoned closed close shut quit".split())
"""After a negation, verbs of leaving that make it say what stayed: "we never left Leeds",
"the Leeds office did not close"."""

GUARDED = frozenset(
    "expose publish share commit leak disclose reveal paste hardcode forward log print".split()
)
"""After a negation, verbs of what not to do with a thing, which say nothing against it being
the answer: "Never expose port 8443 publicly; the API uses it internally", "do not commit the
key"."""

UNDENYING_VERBS = STAYED | GUARDED

MOVING_ON = frozenset("moved relocated went headed transferred switched".split())
"""After "left ... and", verbs that say where it went: "left Leeds and moved to York"."""


def _moved_on_before(
    said: list[str], parts: list[tuple[str, list[str]]], not_cues: frozenset[str] | set[str]
) -> tuple[int, int] | None:
    """Where a clause of time's subject moves on from what the sentence says holds now.

    "Lena Park now owns the build, after Ken Ito moved to the data team", "Lena Park has
    owned it since Ken Ito moved to Berlin": the span of "Ken Ito". Not "Since Lena Park moved
    to the build team, she has owned it" (its holder is that subject).
    """
    for m, w in enumerate(said[:-2]):
        if w not in DATING_CLAUSE - not_cues:
            continue
        if m:
            main = [said[:m]]
        else:
            main = [other for _, other in parts if other is not said]
        if not main or any(other[0] in HOLDER_PRONOUNS for other in main):
            return None
        ahead = range(m + 2, min(len(said), m + REACH + 1))
        verb = next((n for n in ahead if said[n] in MOVING_ON - not_cues), None)
        return None if verb is None else (m + 1, verb)
    return None


HOLDER_PRONOUNS = NOTE_SUBJECTS | frozenset("he she".split())
"""Pronouns by which a sentence's main clause may name who its clause of time names."""

VACATING = frozenset("vacated abandoned evacuated".split())
"""Verbs whose object is a place left for good: "vacated its Leeds premises in 2020"."""

MOVING_OUT = frozenset({("out", "of"), ("away", "from")})
"""After a verb of moving, words opening the place it left: "moved out of Leeds"."""

CLOSING = frozenset("closed shut shuttered demolished disbanded dissolved".split())
"""Verbs by which a place ends, said of their subject: "the Leeds office closed in 2022"."""

FOR_GOOD = frozenset("down permanently for good".split())
"""Words after a verb of closing that make it final: "was shut down", "closed for good"."""

OPEN_NOW = frozenset("is are be remains remain stays stay gets get".split())
"""Before a verb of closing, words that make it a state for a while: "is closed on Sundays"."""

WHERE_ASKED = frozenset(
    "where located based headquartered situated sitz ou donde onde dove".split()
)
"""Question words asking where something is: a place that closed is not where it is now."""

INTENDING = frozenset(
    "plans plan planning planned intends intend intending proposes proposed propose hopes "
    "aims wants going set due expected".split()
)
"""Words before "to" and a verb of change that make the change a plan, not a fact: "plans to
move its headquarters to Manchester", "is set to relocate"."""

MODALS = frozenset("will would shall".split())
"""Before a verb of change, words that make it one to come: "would move to Leeds"."""

CHANGES = frozenset(
    "move relocate switch change rename migrate transfer shift rebrand convert".split()
)
"""Verbs of change as a plan names them: where they go is not where it is."""

MOVED_ON = MOVING_ON | CHANGES
"""Verbs of a change that ends a stay: "After ten years in Leeds, the office moved to York"."""

HYPOTHETICAL = frozenset("would could might".split())
"""In a sentence opened by "if", a clause with these says what would be, not what is: "If the
merger is approved, the new CEO would be Lena Park"."""

SURPASSING = frozenset("broke broken beat beaten surpassed eclipsed bettered overtook".split())
"""Verbs by which a record passes on, in a clause or sentence about a record: "Kim Osei broke
Ana Ruiz's record" (Ana Ruiz held it), "it was broken by Kim Osei" (the clause before names a
past holder). Elsewhere they say other things: "France beat Brazil 3-0", "war broke out"."""

RECORDS = frozenset("record records rekord marke".split())

LOSING = frozenset("lost loses losing".split())
DEFEATING = frozenset("defeated beat beaten unseated ousted toppled".split())
LOSING_OFFICE = LOSING | DEFEATING
"""Verbs by which a holder loses an office, in a clause about an election: "Ken Ito lost the
election to Lena Park", "Lena Park defeated incumbent Ken Ito", "Ken Ito was unseated by
Lena Park" (not "Ken Ito lost his seat in 2020 and won it back", nor "Brazil defeated Italy")."""

ELECTIONS = frozenset("election elections race vote runoff ballot incumbent reelection".split())
"""Words that make a clause about an election. Not "primary": a database's too ("lost its
connection to the primary")."""

CONTESTANTS = frozenset(
    "candidate candidates ran run running stood contested contest lose lost defeat defeated".split()
)
"""A question asking these asks who stood, and a loser answers it: "Who ran for mayor?"."""

WITHDRAWN = frozenset(
    "withdrawn rescinded revoked retracted repealed discontinued scrapped overturned annulled "
    "voided nullified invalidated rejected dropped cancelled canceled shelved vetoed overruled "
    "reverted removed deleted decommissioned abolished eliminated lifted".split()
)
"""In the passive, what they end is denied, back to the start of the clause: "the 40 mg dose
in the 2019 label was withdrawn" (not "hosted by Ken Ito until it was discontinued")."""

REMOVING = frozenset("remove removes removed delete deletes deleted".split())
"""Verbs whose object is gone: "3.0 removes /api/v1/users", "we deleted the 8080 listener"."""

REMOVED_ENDS = frozenset("to with from and so then before if when once".split())
"""Words after the object of a verb of removing: "remove the cover to reach port 8443",
"remove the lock file so the 8443 listener starts"."""

REMOVED_IN = {
    **dict.fromkeys(
        "entfernt geloscht abgeschafft".split(), frozenset("wurde wurden worden".split())
    ),
    **dict.fromkeys("supprime supprimee supprimes retire retiree".split(), frozenset({"ete"})),
    **dict.fromkeys(
        "eliminado eliminada eliminados elimino suprimido suprimida retirado retirada".split(),
        frozenset("se fue fueron sido".split()),
    ),
    **dict.fromkeys(
        "rimosso rimossa rimossi eliminato eliminata".split(),
        frozenset("stato stata stati".split()),
    ),
    **dict.fromkeys(
        "removido removida excluido excluida".split(), frozenset("foi foram sido".split())
    ),
    **dict.fromkeys("удален удалена удалено удалены убран убрана убрано".split(), frozenset()),
    **dict.fromkeys("删除 移除 删掉".split(), frozenset("已 被 已经".split())),
}
"""Participles of removing in German, French, Spanish, Italian, Portuguese, Russian and
Chinese, with the auxiliaries of their passive (none in Russian): "Der Endpunkt /v1/users
wurde in 3.0 entfernt", not "2 km entfernt"."""


def _removed_in(said: list[str], n: int) -> bool:
    """Whether the participle of removing at ``n`` is passive: its auxiliary comes before it."""
    needed = REMOVED_IN[said[n]]
    return not needed or bool(needed & set(said[:n]))


STOPPING = frozenset("stop stops stopped stopping quit quits cease ceases ceased".split())
"""Verbs that end doing what follows them: "stop writing to support@quill.example"."""


_ARROW = re.compile(r"[ \t]*(?:->|=>|→|⇒|➔|➜|⟶)[ \t]*(?=\S)")
_VALUE_START = re.compile(r".*[\n:|;,(]", re.DOTALL)


_DONE_TASK = re.compile(
    r"^([ \t]*(?:[-*+][ \t]*)?\[[xX]\][ \t]*)(move|change|switch|migrate|rename|relocate)\b",
    re.MULTILINE | re.IGNORECASE,
)
"""A ticked task of change, in a checklist: "- [x] Move the API from 8080 to 8443"."""


def _tasks_done(text: str) -> str:
    """``text`` with each ticked task of change told as done ("[x] Move" as "[x] moved")."""
    return _DONE_TASK.sub(lambda m: f"{m[1]}{m[2].lower().removesuffix('e')}ed", text)


def _arrows_out(text: str) -> str:
    """``text`` without the old value of a change written with an arrow ("30 s → 60 s").

    The old value runs back from the arrow to the line's start or a colon, bar, semicolon,
    comma or bracket, at most 80 characters. An arrow changes a value when a number stands on
    both sides of it ("Timeout: 30 s -> 60 s") or its line says there was a change ("Ken Ito
    → Lena Park (handed over in May)"); a path through menus ("Settings → Network") is no
    change and is left as it is.
    """
    kept, done = [], 0
    changing: dict[int, bool] = {}  # a line's start: whether it says there was a change
    for arrow in _ARROW.finditer(text):
        back = max(arrow.start() - 80, done)
        opened = _VALUE_START.match(text, back, arrow.start())
        begin = opened.end() if opened else back
        old = text[begin : arrow.start()]
        after = text[arrow.end() : arrow.end() + 40]
        numbers = any(c.isdigit() for c in old) and any(c.isdigit() for c in after)
        if old.strip() and (numbers or _changing_line(text, begin, changing)):
            kept += [text[done:begin], "\n"]
            done = arrow.end()
    return "".join([*kept, text[done:]])


def changed_to(answer: str) -> str:
    """What a change written with an arrow, or from one value to another, changes to.

    "Room 3 → Room 5" is "Room 5", "changed from Ken Ito to Lena Park" "Lena Park",
    "ケン・イトウからレナ・パークに代わった" "レナ・パーク", "由伊藤健改为朴丽娜" "朴丽娜".
    ``answer`` itself when it writes no such change (a menu path is none: "Settings → Network").
    """
    kept = _arrows_out(answer)
    if kept != answer:
        return kept.rsplit("\n", 1)[-1].strip()
    written = next((m for c in _CHANGES_WRITTEN if (m := c.search(answer))), None)
    return written.group("new").strip(" .,;:。、，") if written else answer


_CHANGES_WRITTEN = (
    re.compile(
        r"\b(?:from|von|de|desde|da|van|с)\s+\S.{0,60}?\s(?:to|into|auf|an|à|a|al|naar|на|para)\s+"
        r"(?P<new>[^,;.()]{1,60}?)\s*(?:\b(?:in|on|since|as of|seit|en|em|в)\s+\S+\s*)?"
        r"(?:\s*\b(?:ge\w+(?:t|en)|über\w+|ver\w+en|\w+iert)\s*)?[.,;)]?$",
        re.IGNORECASE,
    ),
    re.compile(r"\S{1,40}?から(?P<new>\S{1,40}?)(?:に|へ)(?:代わ|変更|変わ|交代|移|引き継)"),
    re.compile(r"\S{1,40}?에서\s*(?P<new>\S{1,40}?)(?:으로|로)\s*(?:변경|바뀌|바꾸|이전|교체)"),
    re.compile(r"(?:从|由)\S{1,40}?(?:改为|变为|变成|换成|改成|调整为)(?P<new>[^。，,.；;]{1,40})"),
)
"""A change from one value to another written out, its new value named ``new``."""


def _changing_line(text: str, at: int, seen: dict[int, bool]) -> bool:
    """Whether the line of ``text`` holding ``at`` has a verb of change (``seen`` by start)."""
    start = text.rfind("\n", 0, at) + 1
    if start not in seen:
        end = text.find("\n", at)
        seen[start] = bool(CHANGING & set(words(text[start : len(text) if end < 0 else end])))
    return seen[start]


_PAST_ASIDE = re.compile(
    r"\((?:(?:it|they|this|that)\s+)?(?:was|were|previously|formerly|früher|vorher|zuvor"
    r"|avant|auparavant|anciennement|antes|anteriormente|prima|precedentemente|voorheen"
    r"|eerder|раньше|ранее):?\s[^()\n]{1,60}\)"
    r"|\([^()\n]{0,40}\b(?:said|stated|listed|gave|claimed)\s[^()\n]{1,60}\)"
    r"|(?<=\s)(?:#|//)\s*(?:it\s+)?(?:was|previously|formerly|old|früher|vorher|antes|avant)\b"
    r"[^\n]{0,60}",
    re.IGNORECASE,
)
"""An aside that gives the value before the one it follows, or what a source said: "Default
port: 9090 (was 8080)", "(Was: 30 s.)", "$25 (it was $20 until January)", "20 mg (the 2019
label said 40 mg)"; a code comment that does: "port: 8443  # was 8080 before v2"."""


_TABLE_ROW = re.compile(r"[ \t]*\|.*\|[ \t]*")
_TABLE_RULE = re.compile(r"[ \t]*\|[ \t|:-]*")

PAST_COLUMNS = PAST_LABELS | frozenset("was alt alte alter anterior vecchio".split())
"""First words of a table's heading over values that held before: "Old", "Previous", "Was"."""


def _past_columns_out(text: str, asked: frozenset[str]) -> str:
    """``text`` with the cells of a table's past columns emptied ("| Setting | Old | New |").

    A table is lines opened and closed by "|", its first line the headings; a column whose
    heading the question uses stays ("What was the old port?" asks it).
    """
    if "|" not in text:
        return text
    lines = text.split("\n")
    past: set[int] | None = None  # the past columns of the table being read
    for n, line in enumerate(lines):
        if not _TABLE_ROW.fullmatch(line):
            past = None
            continue
        cells = line.strip()[1:-1].split("|")
        if past is None:
            past = {
                m
                for m, cell in enumerate(cells)
                if (w := words(cell)) and w[0] in PAST_COLUMNS - asked
            }
        elif past and not _TABLE_RULE.fullmatch(line):
            lines[n] = "|" + "|".join(" " if m in past else c for m, c in enumerate(cells)) + "|"
    return "\n".join(lines)


PAGE_GONE = frozenset("outdated obsolete archived deprecated superseded stale".split())
"""What a banner calls its page: "This page is outdated", "Status: Archived", "[OBSOLETE]"."""

KEPT_UP = frozenset("maintained updated current valid accurate".split())


def _out_of_date_page(parts: list[tuple[str, list[str]]]) -> bool:
    """Whether a sentence is a banner that calls its whole page out of date.

    "This page is outdated.", "This document is archived and no longer maintained.",
    "Status: Obsolete", "[OUTDATED]"; not "This project is deprecated" (the page is about it)
    or "This section might be obsolete".
    """
    said = [w for _, clause in parts for w in clause if any(c.isalnum() for c in w)]  # not "⚠️"
    if not said or parts[-1][0].rstrip().endswith((":", "：")):  # "Deprecated:" opens a list
        return False
    if parts[0][0].lstrip().startswith("##"):  # a section's heading: "### Deprecated"
        return False
    if len(said) == 1 or (len(said) == 2 and said[0] == "status"):
        return said[-1] in PAGE_GONE
    lead = said[1:] if said[0] in ("this", "the") else said
    if len(lead) < 3 or lead[0] not in PAGES or lead[1] not in ("is", "has", "was"):
        return False
    rest = lead[2:]
    return bool(PAGE_GONE & set(rest[:3])) or (
        rest[:2] == ["no", "longer"] and bool(KEPT_UP.intersection(rest[2:3]))
    )


REDIRECTS = frozenset("instead stattdessen plutot lugar vece invece".split())
"""Words by which an out-of-date page points to what replaced it: "Use /v2/users instead"."""

REDIRECTED = frozenset(
    {("replaced", "by"), ("superseded", "by"), ("moved", "to"), ("see", "new"), ("use", "new")}
)


def _points_on(said: list[str]) -> bool:
    """Whether a sentence or clause of an out-of-date page points to what holds now.

    "Use /api/v2/users instead.", "This page moved to Harbor/Build.", "It is now on 8443."
    """
    return bool(REDIRECTS & set(said) or REDIRECTED & _pairs(said)) or _says_now(said)


def _heading(line: str) -> list[str] | None:
    """The words of a line that heads the lines under it, or None.

    A Markdown heading ("### Removed") or a short label that ends in a colon ("Deprecated:",
    "Old owners:"); not one that names a thing ("## Old Town", "Old Town:"; an acronym is no
    name: "## Old CI setup"; :data:`NAMING_FIRST`).
    """
    text = line.strip()
    marked = text.startswith("#")
    text = text.lstrip("#").strip()
    said = words(text)
    if not said or not (marked or (text.endswith((":", "：")) and len(said) <= 3)):
        return None
    named = said[0] in NAMING_FIRST and any(
        t[:1].isupper() and not t.isupper() for t in text.split()[1:]
    )
    return None if named else said


NAMING_FIRST = frozenset("old former".split())
"""First words of a heading that may open a name: "Old Town", "Former Yugoslavia" (not
"Deprecated Settings")."""


HEADINGS_PAST = PAST_LABELS - frozenset(
    "legacy predecessor vorganger ancien before avant antes prima".split()
) | {"archived"}
"""First words of a heading over what no longer holds: "### Removed", "## Previous owners".
Not "Legacy" (a biography's section), "Predecessor" nor "Before" ("## Before you begin")."""


def _deny_under_past_headings(
    written: list[str], sentences: list[list[Clause]], not_cues: frozenset[str] | set[str]
) -> None:
    """Deny the lines under a heading that labels them past.

    "### Removed" (a changelog's section) up to the next heading; "Deprecated:" up to the next
    heading, label or blank line after its entries; a clause that points to what replaced
    them stays ("- GET /v1/users (use /v2/users instead)"). ``written`` and ``sentences``: a
    text's lines and sentences, one for one.
    """
    under: str | None = None  # "#" under a heading, ":" under a label
    entries = False
    for line, clauses in zip(written, sentences, strict=True):
        if (said := _heading(line)) is not None:
            past = bool({said[0], "".join(said)} & HEADINGS_PAST - not_cues)  # "已删除" is two
            under = ("#" if line.lstrip().startswith("#") else ":") if past else None
            entries = False
        elif not line.strip():
            under = None if under == ":" and entries else under
        elif under is not None:
            entries = True
            for clause in clauses:  # not "use /v2/users instead" under "### Deprecated"
                if not _points_on(clause[0]):
                    _deny_whole([clause])


def _bracketed_after(label: str, sentence: str) -> bool:
    """Whether a ``label`` clause stands in brackets after what it labels, not before a colon.

    "Port 8080 (deprecated), ..." labels port 8080, "Priya Nair (until June 2025), ..." Priya
    Nair, "GET /v1/users — removed in 3.0" the endpoint; "Owner (old): Ken Ito" labels Ken Ito.
    """
    label = re.escape(label.strip())
    return bool(
        re.search(rf"\(\s*{label}\s*\)(?!\s*[:：])|\s[-–—]\s*{label}\s*(?:[.,;]|$)", sentence)
    )


def _role_asked(role: list[str], asked: frozenset[str] | set[str]) -> bool:
    """Whether a role named after "former" is what the question asks about.

    "owner" for "Who owns ...?", "maintainer" for "Who maintains ...?", "ответственный" for
    "Кто отвечает ...?" (five letters in common), "负责人" for "谁负责...?".
    """
    return any(
        len(prefix := os.path.commonprefix([r, a])) >= 5
        or (len(prefix) >= (2 if _HAN.match(r) else 3) and len(prefix) >= min(len(r), len(a)) - 1)
        for r in role
        for a in asked
    )


_HAN = re.compile(r"[\u4e00-\u9fff\u3040-\u30ff]")
"""Chinese and Japanese, whose role words are two characters: "负责" in "负责人"."""


def _tenses_told(
    split: list[list[tuple[str, list[str]]]], stems: frozenset[str]
) -> tuple[set[str], set[str]]:
    """The stems of the question's verbs that ``split``'s clauses give in the present and past.

    For "Who owns the Harbor build?": "owns", "is owned", "now owned" in the present, "owned"
    in the past; where a text has both, it says who holds it now, and who did before.
    """
    now: set[str] = set()
    before: set[str] = set()
    for said in (said for parts in split for _, said in parts):
        for n, w in enumerate(said):
            if not w.endswith(("ed", "s")) or (stem := _stem(w)) not in stems or stem == w:
                continue
            if w.endswith("ed") and not (n and said[n - 1] in HOLDING_NOW):
                before.add(stem)
            elif w.endswith("ed") or (w.endswith("s") and not w.endswith("ss")):
                now.add(stem)  # "owns", "is owned", "now owned"
    return now, before


def _told_before(said: list[str], stems: frozenset[str] | set[str]) -> bool:
    """Whether a clause gives one of the question's verbs (``stems``) in the past only."""
    forms = [(n, w) for n, w in enumerate(said) if w.endswith("ed") and _stem(w) in stems]
    return (
        bool(forms)
        and not NOW & set(said)
        and "since" not in said
        and not any(n and said[n - 1] in HOLDING_NOW | {"has", "have"} for n, _ in forms)
        and not any(_stem(w) in stems and not w.endswith("ed") for w in said)
    )


def _held_before_now(clauses: list[Clause], stems: frozenset[str]) -> list[int]:
    """Relative clauses telling that their subject held what is asked until a time.

    "Ken Ito, | who owned the build until 2022, | now leads the data team": the caller denies
    the clause before each, its subject, where a later clause says what holds now (not who
    came after: "who owned it before Lena Park").
    """
    return [
        c
        for c, (said, _) in enumerate(clauses)
        if c
        and said[0] in ("who", "which")
        and (UNTIL | BEFORE) & set(said)
        and not NOW & set(said)
        and any(_held_then(said, n, stems) for n in range(1, len(said)))
    ]


def _held_then(said: list[str], n: int, stems: frozenset[str]) -> bool:
    """Whether the word at ``n`` gives a verb the question asks, in the past.

    "owned" for "owns"; an irregular past in a clause on the question: "led the team" for "Who
    leads the team?".
    """
    w = said[n]
    if said[n - 1] in HOLDING_NOW | {"has", "have"}:
        return False
    if w in IRREGULAR_PAST:
        return bool(stems & {_stem(x) for x in said[n + 1 :]})
    return w.endswith("ed") and _stem(w) in stems


HOLDING_NOW = frozenset("is are now currently still".split())
"""Words before a participle that keep it in the present: "is owned by", "now owned by"."""


PASSING_ON = (
    REPLACING
    | PAST_LABELS
    | CHANGING
    | HANDING
    | LEAVING
    | HANDED_AWAY
    | HANDED_OVER
    | CLOSING
    | VACATING
    | MOVING_ON
    | {verb for verb, _ in TAKING_OVER}
)
"""Cues of what passed on to another, which a question about before asks for."""


def _used_to(said: list[str], asked: frozenset[str] | set[str]) -> bool:
    """Whether a clause says what used to hold: "Ken Ito used to own it", "we used to run 8080".

    All of it, its subject too (:data:`USED_TO` denies what follows "used to be"). Not a thing
    put to use: "Jenkins is used to build it", "got used to the new port", "the key sequences
    used to select a VM are protected" (the clause's verb comes after).
    """
    return "used" not in asked and any(
        not (n and said[n - 1] in PASSIVE) and not _verb_after(said[n + 3 :])
        for n in _used_tos(said)
    )


def _verb_after(said: list[str]) -> bool:
    """Whether words open on a clause's own verb before any word that opens another clause."""
    for w in said:
        if w in SUBORDINATORS:
            return False
        if w in PREDICATES:
            return True
    return False


SUBORDINATORS = frozenset("that which who whom whose when while because if since".split())


def _used_tos(said: list[str]) -> list[int]:
    """Where a clause writes "used to"."""
    return [n for n, w in enumerate(said[:-1]) if w == "used" and said[n + 1] == "to"]


HOLDING_DENIED = NEGATIONS | frozenset(
    "nicht pas не δεν לא ليس khong bukan tidak inte ikke niet nie 不是 不 没有 ไม่ "
    "stopped ceased quit".split()
)
"""Negations before a verb or role, whose subject :func:`_not_the_holder` denies, and verbs
of ending one: "stopped owning", "ceased to be the owner"."""

GIVING = frozenset("gave give gives given giving".split())
"""With "up" after it, a verb of ending a role: "gave up ownership of the Harbor build"."""

BETWEEN_NOT_AND_ROLE = COPULAS | frozenset(
    "be ever currently actually really yet является est ist es είναι je".split()
)
"""Words between a negation and the verb or role it denies: "is not currently the owner"."""


def _not_the_holder(
    said: list[str],
    not_cues: frozenset[str] | set[str],
    wanted: frozenset[str] | set[str],
    stems: frozenset[str],
) -> int | None:
    """Where a clause denies its subject the question's verb or role; None if it does not.

    "Ken Ito does not own the Harbor build", "Ken Ito is not the owner", "was never the
    owner", "Кен Ито не является владельцем", for "Who owns the Harbor build?": the subject
    before the negation is not an answer. Not "is not the only owner" (he is one), not a
    negation in a condition, nor where the question asks what is not ("What is not allowed
    ...?").
    """
    if NEGATIONS & not_cues:  # "What can a user do if they do not want ...?"
        return None
    for n, w in enumerate(said[:-1]):
        gave_up = w in GIVING and said[n + 1] == "up"  # "gave up ownership"
        if not (w in HOLDING_DENIED or gave_up) or w in not_cues or CONDITIONS & set(said[:n]):
            continue  # "... commented out if the user doesn't want it" sets a condition
        after = said[n + 2 : n + 5] if gave_up else said[n + 1 : n + 4]
        role = next((a for a in after if a not in BETWEEN_NOT_AND_ROLE | FUNCTION_WORDS), "")
        if not role or RESTRICTING & set(after[: after.index(role)]):
            continue
        if role in wanted or _stem(role) in stems or _role_asked([role], wanted):
            return n
    return None


def _supposing(said: list[str], not_cues: frozenset[str] | set[str], more: bool) -> int | None:
    """Where a clause starts to suppose, rather than state, what may hold now; or None.

    "update your client if it still uses 8080", "If you are already on port 8443, ...",
    "unclear whether Ken Ito owns it". Not a condition that sets a limit, which is the text's
    own ("If the build does not finish in 10 minutes, cancel it"). ``more``: whether other
    clauses share its sentence; a sentence that is one clause opening on "if" is left whole,
    where its condition ends being unknown.
    """
    for n, w in enumerate(said):
        if w in SUPPOSING - not_cues and (n or more):
            return n
        if w in CONDITIONS - not_cues and (n or more) and STILL & set(said[n + 1 :]) - not_cues:
            return n
    return None


SUPPOSED_ENDS = frozenset("by then so".split())
"""Words that end what a condition supposes: "confirm whether it is the culprit by checking
/var/log/messages"."""

SUPPOSING = frozenset("whether ob".split())
"""Words that leave open what follows them: "it is unclear whether Ken Ito owns it"."""

STILL = frozenset("still already noch bereits encore deja todavia ainda ancora".split())
"""In a condition, words that make it what may hold now: "if it still uses 8080"."""


EXAMPLES = frozenset(
    {
        ("for", "example"),
        ("for", "instance"),
        ("zum", "beispiel"),
        ("par", "exemple"),
        ("por", "ejemplo"),
        ("por", "exemplo"),
        ("per", "esempio"),
        ("ad", "esempio"),
    }
)
EXAMPLE_WORDS = frozenset("eg zb beispielsweise bijvoorbeeld".split())
MAYBE = frozenset("could might may would can koennte konnte pourrait podria potrebbe".split())


def _names_an_example(said: list[str]) -> bool:
    """Whether a clause says an example follows: "For example", "e.g.".

    The clauses after it in its sentence that say what might be (:data:`MAYBE`) are denied:
    "For example, a service could use port 9000" (not "For example, the API uses port 8443
    for TLS", which states it).
    """
    return bool(EXAMPLE_WORDS & set(said) or EXAMPLES & _pairs(said))


DEFAULTS = frozenset(
    "default defaults defaulted standardmassig standardmaßig defecto defaut predeterminado "
    "predefinito padrao".split()
)
"""Words of what holds unless set otherwise: a clause with one is denied when the text sets
what it runs on against it ("The API defaults to port 8080, but we run it on 8443")."""


def _used_to_do(said: list[str], stems: frozenset[str]) -> bool:
    """Whether "used to" comes before the question's own verb, or after a word of the question.

    "Ken Ito used to own it", for "Who owns the Harbor build?", and "the rebuild used to run
    at 04:00" (its subject is the question's "rebuilt") for "When is the search index
    rebuilt?". Without either, "key sequences used to select" may describe.
    """
    lemmas = stems | {_stem(lemma(s)) for s in stems}  # the question's "rebuilt" is "rebuild"
    return any(
        (n + 2 < len(said) and _stem(said[n + 2]) in stems)
        or any(_stem(w) in lemmas for w in said[max(0, n - SUBJECT_WORDS) : n])
        for n in _used_tos(said)
    )


SUBJECT_WORDS = 3
"""Words before "used to" read as its subject: "the nightly rebuild used to run"."""


def _left_role(said: list[str], asked: frozenset[str]) -> bool:
    """Whether a clause says its holder left the role the question asks about.

    "Ken Ito stepped down as owner in March", "resigned as maintainer" (not "stepped in as").
    """
    return any(
        _leaves(said, n, asked)
        and "as" in said[n + 1 : n + 3]
        and _role_asked(said[said.index("as", n + 1) + 1 :][:2], asked)
        for n, w in enumerate(said)
    )


def _holder_passed(
    said: list[str], former: int | None, asked: frozenset[str] | set[str], before: bool
) -> str | None:
    """How a clause says a holder was replaced: None, or which clauses it denies.

    "whole": itself ("until March it was Ken Ito"); "label": the clause it labels, where it
    is a label of a former holder ("Former owner: Ken Ito", "Ken Ito, the former owner of the
    API, left"; the label itself is left to :func:`_deny_former`); "next": itself and the
    next, where it only opens it ("prior to that, Ken Ito did"); "after": the next only
    ("until 2019, the bridge was closed"). ``former``: where :func:`_former` found a former
    holder in the clause. A short clause that gives the role asked about an end is a label
    too: "Ken Ito (CEO 2010-2015)", "Raj Patel, CEO until 2021, now chairs the board".
    ``before``: the question asks what held before ("before Priya Nair", "the previous
    owner"), so a clause opening on a time before ("Before that, Tom Berg owned it") answers.
    """
    short = len(said) <= 4
    # "The former owner is retired" says what it is: a sentence of its own, no label
    stating = former is not None and bool(set(said[former + 2 : former + 3]) & BEING)
    if former is not None and (short or former == 0) and not stating:
        return "label"
    ended = _ended_span(said) or any(
        w in UNTIL and said[n + 1 : n + 2] and said[n + 1].isdigit() for n, w in enumerate(said)
    )
    if short and ended and _role_asked([w for w in said if not w.isdigit()], asked):
        return "label"
    if before:
        return None
    if any(tuple(said[:n]) in HANDED_ON for n in (1, 2, 3)):
        return "next" if short else "whole"
    # "Until 2019, it was closed": 2019 is when it ended; "(bis 2023: Ken Ito)", "before 2023:",
    # "before her, Ken Ito", "Before that Ken Ito owned it"
    if said[0] in UNTIL or (
        said[0] in BEFORE - asked and said[1:2] and (said[1].isdigit() or said[1] in POINTING_BACK)
    ):
        return "after" if short else "whole"
    return None


UNTIL = frozenset("until till bis jusqu hasta".split())
BEFORE = frozenset("before vor avant antes".split())
POINTING_BACK = frozenset("her him them that this then".split())
"""Words after "before" that point at a holder or time just named: "before her, Ken Ito"."""

LASTED_UNTIL = UNTIL - {"jusqu", "hasta"}
"""Words after a state that say when it ended ("Ken Ito until 2024"); not "jusqu" and "hasta",
which before a number mostly say "up to" ("hasta 5.000 personas")."""

_PRETERITE = re.compile(r"\w(?:ó|ò)\b|\w{3}(?:ou|iu)\b")
"""A verb in the past by its ending: Spanish "dirigió", Italian "guidò", Portuguese "dirigiu"
(before "until" a year: "Luis Mora la dirigió hasta 2021")."""

UNTIL_A_YEAR = UNTIL | frozenset("до fino tot ate עד حتى".split())
"""Words that, before a year, say when a state ended: "Ardon lo fue hasta 1998", "был столицей
до 1998 года", "קן איטו היה האחראי עד 2024", "حتى عام 2024"."""

UNTIL_AFTER_A_YEAR = frozenset("तक まで kadar".split())
"""Words that, after a year, say when a state ended: "केन इटो 2024 तक इसके मालिक थे",
"2024年まで担当していた", "2024'e kadar sorumluydu"; and Korean's ending "까지" ("2024년까지")."""


def _until(said: list[str], n: int) -> bool:
    """Whether the word at ``n`` says until a year, written before the year or after it."""
    w = said[n]
    if w in UNTIL_A_YEAR:
        return any(map(a_year, said[n + 1 : n + 3]))
    return (w in UNTIL_AFTER_A_YEAR or w.endswith("까지")) and any(
        map(a_year, said[max(n - 2, 0) : n])
    )


def _kinds(question: str) -> frozenset[tuple[str, str]]:
    """The question's names of one thing among its kind, as a name and the noun after it.

    "iOS build" in "How long does a full iOS build take?", in lower case. None in German,
    which writes every noun with a capital: "Wer war vor Priya Nair verantwortlich?" names no
    kind "Nair verantwortlich" (so "Tom Berg verantwortlich" names no other of it).
    """
    if language(question) == "de":
        return frozenset()
    tokens = re.findall(r"[\w-]+", question)
    return frozenset(
        (name.lower(), noun)
        for n, (name, noun) in enumerate(itertools.pairwise(tokens))
        if n and not name.islower() and noun.islower() and noun not in FUNCTION_WORDS
    )


def _names_a_sibling(
    clause: str, said: list[str], kinds: frozenset[tuple[str, str]], asked: frozenset[str]
) -> bool:
    """Whether a clause names another thing of the kind the question names, and not it.

    "the Android build takes about 18 minutes" for "How long does a full iOS build take?".
    Not a name the question uses itself: "die API nutzt 8443" for "Welchen Port nutzt die
    API?", where German's capitals make "Port nutzt" look like a name and its noun.
    """
    named = {name for name, _ in kinds}
    tokens = re.findall(r"[\w-]+", clause)
    return not named & set(said) and any(
        not other.islower()
        and other.lower() not in named | FUNCTION_WORDS  # not "The station opened ..."
        and not set(words(other)) <= asked
        and (name, noun) in kinds  # as the question writes it: not "... States Railway stations"
        for other, noun in itertools.pairwise(tokens)
        for name in named
    )


@lru_cache(maxsize=65536)
def _irregular(word: str) -> str | None:
    """The stem of an irregular past's verb ("buy" of "bought"), or None for another word."""
    return _stem(lemma(word)) if word in IRREGULAR_PAST else None


def _stem(word: str) -> str:
    """``word``'s English stem: a question's "replace" is the text's "replaced"."""
    return str(english_stemmer().stemWord(word))


_BEFORE_A_TIME = re.compile(
    r"\b(?:[Bb]efore|[Pp]rior\s+to|[Aa]vant|[Aa]ntes\s+de|[Pp]rima\s+di|[Pp]rzed)\s+"
    r"(?:\d|[A-ZÀ-ÖØ-ÞĄĆĘŁŃŚŹŻ]|(?:version|versión|versão|versione|release|wersj\w*|v)\s*\d)"
    # German writes every noun with a capital, and "до" is "to" too: a year, a version, or a
    # name of two words ("vor Priya Nair", not "vor dem Deploy")
    r"|\b(?:[Vv]or|[Vv]óór|[Дд]о)\s+(?:\d|(?:Version|версии)\s*\d|[A-ZÄÖÜА-ЯЁ]\w*\s+[A-ZÄÖÜА-ЯЁ])"
    # Japanese and Korean write "before" after what it follows: "Priya Nairの前に", "2020年
    # より前", "프리야 나이르 이전에" (Chinese "之前" is a word of its own: ASKING_THE_PAST)
    r"|[A-Za-z0-9]の前に|\S(?:より前|\s*이전에)"
)
"""A question asking what held before a time, a holder or a version: "before 2022", "before
Lena Park", "avant Priya Nair", "vor Priya Nair", "до 2020 года", "Priya Nairの前に" (not
"before deploying" nor "vor dem Deploy", which ask what to do first)."""


def asks_what_held_before(question: str, asked: list[str] | None = None) -> bool:
    """Whether ``question`` asks what held before a time or a holder, in its language.

    "Who owned it before Lena Park?", "Who used to own it?", "Wer war vor Priya Nair
    verantwortlich?", "Кто был мэром до 2020 года?"; not "What should I do before
    deploying?" nor "Как доехать до Москвы?". ``asked``: its words, when already found.
    """
    return bool(_BEFORE_A_TIME.search(question)) or _used_to(
        words(question) if asked is None else asked, frozenset()
    )


@dataclass(frozen=True)
class _Tense:
    """When a question asks about: what decides which of a text's clauses answer it."""

    old_page: bool
    """Asked what held before: a page's past columns and done tasks stay."""
    past: bool
    """Asked what held before or in a year gone by: what a text sets aside as past may be
    its answer."""
    then: bool
    """Asked in the past: "Who was ...?", "Who did ...?"."""
    now: bool
    """Asked in the present: "Who is ...?", "Which port does ... use?"."""
    ended: bool
    """Asked in the past, a verb's own included: "Who maintained Kestrel?"."""
    wanted: frozenset[str]
    """The question's own words, not "is" or "the"."""
    stems: frozenset[str]
    """Their stems: "replace" asked, "replaced" written."""
    years: tuple[int, ...]
    """The years a question asked in the past names: "Who owned it in 2020?"."""
    past_cues: frozenset[str]
    """Words no denial is read from, since the question's tense makes them its answer."""


@lru_cache(maxsize=256)
def _tense_asked(asked: frozenset[str], before: bool) -> _Tense:
    """When ``asked`` (a question's words) asks about; ``before``: what held before a time."""
    old_page = before or bool(ASKING_THE_PAST & asked)  # "What was the original name of Biu?"
    then = bool((PAST | ASKING_THE_PAST) & asked)  # "Who was ...?", "Who did ...?"
    # not "What is the recommended dose?" ("-ed" beside "is" is an adjective)
    ended = (
        then
        or (any(len(w) > 4 and w.endswith("ed") for w in asked) and not PRESENT_ASKED & asked)
        or bool(IRREGULAR_PAST & asked)  # "Who ran the Nightjar project in 2019?"
    )
    wanted = asked - FUNCTION_WORDS
    # asked what held before, what a text sets aside as past is its answer: "the previous
    # owner", "took over from Ken Ito", "Ken Ito handed it to ...", "Ken Ito left"
    # asked of a year gone by: what passed on since may be its answer ("Who owned the Harbor
    # build in 2020?" over "Lena Park took over from Ken Ito"); what holds only since a later
    # year is not ("Lena Park has owned it since 2023")
    years = tuple(int(w) for w in asked if a_year(w)) if ended else ()
    past = old_page or bool(years)
    past_cues = PASSING_ON if past else frozenset()
    if not asked or past or ended or (FUTURE | WHEN) & asked:
        # what is to come answers only a question of what is: not "When did the bridge open?"
        # over "it is due to open in 1932" (a plan in force is the best a text can say)
        past_cues |= TO_COME
    return _Tense(
        old_page=old_page,
        past=past,
        then=then,
        now=bool(PRESENT_ASKED & asked) and not then,
        ended=ended,
        wanted=wanted,
        stems=frozenset(_stem(w) for w in wanted),
        years=years,
        past_cues=past_cues,
    )


@lru_cache(maxsize=128)  # a question's contexts; texts can be up to 1,000,000 characters
def _affirmed(
    text: str,
    asked: frozenset[str],
    kinds: frozenset[tuple[str, str]] = frozenset(),
    before: bool = False,
) -> tuple[frozenset[str], tuple[str, ...], tuple[str | None, ...]]:
    """What ``text`` states: its words outside a denial, their runs, and its words in order.

    Runs are such words joined, as an unspaced script writes them; the words in order are in
    their first spelling, each denied one None.

    A clause that denies the one before it ("that was only the planned date", "which is
    wrong", "this is not true", or a predicate cut from its subject: "the date 1932, given
    in some sources, is incorrect") denies every clause before it in its sentence, or the
    whole sentence before when it opens its own. A clause that reports what others say
    ("some sources give 1932", "1932 is often cited") is denied when the text sets its own
    account against it later in the sentence or at the start of the next ("but it opened in
    1934", "In fact, ..."), or concedes it ("although often dated to 1932, ...").
    A clause that names another thing of the kind the question names (``kinds``: "the Android
    build" for "the iOS build") is denied when the text names the question's own elsewhere.
    """
    sentences: list[list[Clause]] = []
    siblings: list[tuple[int, int]] = []  # sentence, clause
    reported: list[tuple[int, int, str]] = []  # sentence, clause, how (_deny_reported)
    contrasting: set[tuple[int, int]] = set()
    passed: list[tuple[int, int, str]] = []  # sentence, clause, which clauses it denies
    defaulted: list[tuple[int, int]] = []  # sentence, clause
    labelled_now: set[int] = set()  # clauses a label of the present follows, through the text
    tense = _tense_asked(asked, before)
    asks_past, asks_then, asks_now, asks_ended = tense.past, tense.then, tense.now, tense.ended
    wanted, asked_stems, years, past_cues = tense.wanted, tense.stems, tense.years, tense.past_cues
    lifted = OPENING_PAST if tense.past else frozenset()  # "Раньше ... был Ken Ito", of 2020
    if tense.old_page:
        page = text
    else:
        # "ledger,Ken Ito,2023-01-01" under a later "ledger,Lena Park,2025-06-01" held before
        page = text if tense.past or tense.ended else superseded_out(text, " ".join(asked))
        page = _past_columns_out(_tasks_done(page), asked)
    written = _sentences(_PAST_ASIDE.sub("\n", STRUCK.sub("\n", _arrows_out(page))))
    split = [
        [(clause, said) for clause in _split_clauses(sentence) if (said := words(clause))]
        for sentence in written
    ]
    nows = [any(_says_now(said) for _, said in parts) for parts in split] + [False]
    # "Owner: Ken Ito (until March 2024)", then "Owner: Lena Park (since April 2024)"
    handed = any(_dated(said, RANGES) for parts in split for _, said in parts)
    updated = False  # an update note came before this sentence
    heard = [{w for _, said in parts for w in said} for parts in split]
    # for a question asked in the present, sentences that answer it so: "Lena Park owns the
    # Falcon API." (then "Ken Ito owned it before." in another is a former holder)
    answered_now = (
        {
            n
            for n, parts in enumerate(split)
            if heard[n] >= wanted
            and not PAST & heard[n]
            and not any(_earlier(said) for _, said in parts)
        }
        if wanted and not (asks_ended or asks_past)
        else set()
    )
    # the question's verb in the present and in the past: "Lena Park owns it" beside "Ken Ito
    # owned the Harbor build", for "Who owns the Harbor build?"
    told_now, told_before = (
        _tenses_told(split, asked_stems) if not (asks_ended or asks_past) else (set(), set())
    )
    held = told_now & told_before
    # "Ken Ito used to own it" where the text says what holds now ("Key sequences used to
    # select ..." says what they are for)
    used_before = bool(told_now) or any(nows)
    tenses: list[tuple[bool, bool, bool]] = []  # each sentence: past only, now, on the question
    for number, parts in enumerate(split):
        clauses: list[Clause] = []
        past = any(PAST.intersection(said) for _, said in parts)
        now = nows[number]
        everything = heard[number]
        changing = bool((CHANGING - asked) & everything)
        since = "since" in everything and bool(
            {"has", "have", "is", "are"} & everything or _since_a_year(parts)
        )
        held_now = now or since or bool(AS_OF & _pairs([w for _, said in parts for w in said]))
        current = held_now or bool({"is", "are"} & everything)
        conditional = bool(parts) and parts[0][1][0] in CONDITIONS
        tongue = _negating_language(parts, text)
        asking = _asks_whether(written[number])
        record = bool(RECORDS & everything)
        # "will" says what is to come only beside a time ahead or a change: "From June, the
        # owner will be Lena Park"; manuals say what a thing does with it ("the device will
        # send", "it will require them to upgrade first")
        descriptive = frozenset() if _ahead(parts) else WILL
        example = False  # "For example" came before in the sentence
        for clause, said in parts:
            not_cues = (
                asked
                | {w for q in _QUOTED.findall(clause) for w in words(q)}
                # "replace" asked, "replaced" written; "buy" asked, "bought"
                | {w for w in said if _stem(w) in asked_stems or _irregular(w) in asked_stems}
                | past_cues
                | descriptive
            )
            here = (len(sentences), len(clauses))
            if kinds and _names_a_sibling(clause, said, kinds, asked):
                siblings.append(here)
            if _reports(said, not_cues):
                reported.append((*here, "concedes" if said[0] in CONCESSIONS else "reports"))
            elif _says(said, not_cues):
                reported.append((*here, "says"))
            if tuple(said[:2]) in CONTRARY_TO or tuple(said[:1]) in CONTRARY_TO:
                # "Contrary to the plaque, which says 1932, ...": it, and what says it
                then = parts[len(clauses) + 1][1][0] if len(parts) > len(clauses) + 1 else ""
                passed.append((*here, "next" if then in RELATIVES else "whole"))
            # unless the question asks what it said: "What did early reports give?"
            retracted = {pair for pair in RETRACTED & _pairs(said) if not set(pair) <= not_cues}
            if not asks_past and _old_sources(said, not_cues):
                retracted.add(("old", "sources"))  # "Archived pages may name Ken Ito."
            if _contrasts(said):
                contrasting.add(here)
            former = _former(said, not_cues)
            if former is None and _a_former_label(clause, said, not_cues):
                former = 0  # "(ancien responsable : Omar Haddad)", whatever the role is called
            if (how := _holder_passed(said, former, not_cues, tense.old_page)) is not None:
                if how == "label" and clauses and clause.endswith(":"):
                    how = "after"  # "Owner: Lena Park (former owner: Ken Ito)"
                elif how == "after" and clauses and _bracketed_after(clause, written[number]):
                    how = "before"  # "Priya Nair (until June 2025), Omar Haddad"
                passed.append((*here, how))
            clauses.append(
                (
                    said,
                    [True] * len(said)
                    if retracted or asking
                    else _denied(said, not_cues, past, tongue, lifted),
                )
            )
            if former is not None:
                _deny_former(said, former, clauses[-1][1])
            if (at := _not_the_holder(said, not_cues, wanted, asked_stems)) is not None:
                _deny(clauses[-1][1], said, at - 1, -1, CONJUNCTIONS | DATING_CLAUSE)
            if (at := _supposing(said, not_cues, len(parts) > 1)) is not None:
                # "If it still uses 8080, ...", not "whether it is the culprit by checking X"
                _deny(clauses[-1][1], said, at, at + 2 * REACH, CONJUNCTIONS | SUPPOSED_ENDS)
            example = example or _names_an_example(said)
            if example and (MAYBE - not_cues) & set(said):
                _deny_whole(clauses[-1:])  # "For example, a service could use port 9000."
            if DEFAULTS & set(said) - not_cues:
                defaulted.append(here)
            if clauses[:-1] and len(said) == 1 and said[0] in PRESENT_LABELS:
                # "8443 (current)", not "Current:" nor a title's "SELinux - Current"
                if _BRACKETED.search(written[number]) and not clause.rstrip().endswith(":"):
                    labelled_now.add(sum(map(len, sentences)) + len(clauses) - 2)
            if (not asks_past and (now or nows[number + 1] or changing or NAMING & set(said))) or (
                asked
                and not asks_ended
                and (PAST & set(said) or _PRETERITE.search(clause) or any(nows))
                and _lasted_until_a_year(said)
            ):
                # "Ken Ito until 2024, is now ...", "known as Northwind Labs until 2022", and
                # for a question not asked in the past "maintained by Ana Costa until 2023",
                # or in a text that says what holds now ("Şimdi Lena Park sorumlu. Ken Ito
                # 2024'e kadar sorumluydu.")
                _deny_until(said, clauses[-1][1])
            if len(clauses) > 1 and not asks_past and _dated(said, UNTIL) and (handed or any(nows)):
                _deny_whole(clauses[-2:-1])  # "Owner: Ken Ito (until March 2024)"
            if said[0] in FROM and changing and len(clauses) > 1 and not MOVED_TO & set(said):
                _deny_whole(clauses[-1:])  # "moved to Lena Park in March (from Ken Ito)"
            if len(said) == 1 and said[0] in NEGATIONS - not_cues:
                passed.append((*here, "after two"))  # "in 1921 - not, as guides say, in 1919"
            if (
                said[0] in PAST_LABELS - not_cues
                and (_a_past_label(said) or _heads(clause, said, parts, written[number]))
                # "Before 2023, Ken Ito owned it; ..." dates one clause ("Before 2023:" labels)
                and (len(said) == 1 or said[0] not in BEFORE or clause.endswith(":"))
            ) or (updated and _labels_original(said, parts, not_cues)):
                # "Deprecated: port 9090", "Owner (old): Ken Ito"; after what it labels, in
                # brackets: "Port 8080 (deprecated), port 8443 (current)"
                after = (
                    _a_past_label(said) and clauses and _bracketed_after(clause, written[number])
                )
                passed.append((*here, "before" if after else "past"))
            if (
                len(said) == 1
                and said[0] in GONE_STATUSES - not_cues
                and not NEGATIONS & asked  # "Which versions does Quill not support?"
                and _TABLE_ROW.fullmatch(written[number])
            ):
                passed.append((*here, "row"))  # "| 4.1 | unsupported |"
            if (
                (
                    (held_now or answered_now - {number} or (current and len(clauses) > 1))
                    and not asks_past
                    and _earlier(said)
                )
                or (current and not asks_past and _once(said))
                or (since and _ended_span(said))
                or (
                    (current and len(clauses) > 1 or answered_now - {number})
                    and _superseded(said, not_cues)
                )
                or (len(clauses) > 1 and not asks_past and _compared_before(said))
                or (current and len(clauses) > 1 and not asks_past and _outdated(said, not_cues))
                or _left_role(said, not_cues)
                or _past_belief(said, not_cues)
                or (
                    not (asks_past or asks_ended)
                    and _used_to(said, not_cues)
                    and (used_before or _used_to_do(said, asked_stems))
                )
                or bool(held and _told_before(said, held))
            ):
                _deny_whole(clauses[-1:])  # "...; Ken Ito owned it before", "(was 8080)"
            if len(clauses) > 1 and _belief_aside(said, not_cues):
                _deny_whole(clauses[-2:-1])  # "Vexa has three moons, it was once believed"
            if conditional and HYPOTHETICAL & set(said) - not_cues:
                _deny_whole(clauses[-1:])  # "If it is approved, the CEO would be Lena Park"
            if len(clauses) > 1 and _changes_again(said) and _changes_to(clauses[-2][0]):
                _deny_whole(clauses[-2:-1])  # "reduced to 12,000 ... but restored to 18,000"
            if record and len(clauses) > 1 and _surpasses_before(said):
                _deny_whole(clauses[:-1])  # "Ana Ruiz set it in 2011; it was broken by ..."
            if years and _since_after(said, max(years)):
                _deny_whole(clauses[-1:])  # "Lena Park has owned it since 2023", asked of 2020
            if len(clauses) > 1 and _spent(clauses[-2][0]) and MOVED_ON & set(said):
                _deny_whole(clauses[-2:-1])  # "After ten years in Leeds, the office moved to York"
            lead = [w for w in said if w not in CONJUNCTIONS | HAVING]
            if len(clauses) > 1 and lead and _leaves(lead, 0, not_cues) and _gone(lead, 0):
                _deny_whole(clauses[:-1])  # "Omar Diaz, who led the team until 2024, has retired"
            if len(clauses) > 1 and lead and _closes(lead, 0, not_cues):
                _deny_whole(clauses[:-1])  # "The museum, in Leeds since 1990, closed in 2020"
            if (
                not (asks_past or asks_ended)
                and NOW & set(said)
                and len(clauses) > 2
                and not asked_stems <= {_stem(w) for w in said}  # "now owns the pipeline"
            ):
                for c in _held_before_now(clauses[:-1], asked_stems):
                    _deny_whole(clauses[c - 1 : c])  # "Ken Ito, who owned it until 2022, now"
            if not (asks_past or asks_ended) and (span := _moved_on_before(said, parts, not_cues)):
                clauses[-1][1][span[0] : span[1]] = [True] * (span[1] - span[0])
            if _denied_by_its_end(said, not_cues):
                _deny_whole(clauses[-1:])  # "...; Ken Ito does not."
            if _denies_before(said, not_cues):
                earlier = clauses[:-1] if len(clauses) > 1 else sentences[-1] if sentences else []
                _deny_whole(earlier)
            if tuple(said) in GIVEN_UP and not set(said) & not_cues:
                # "Ken Ito owns it. EDIT: not anymore, Lena Park does.": what came before, past
                # the labels that open its own sentence
                labels = all(c.rstrip().endswith((":", "：")) for c, _ in parts[: len(clauses) - 1])
                _deny_whole(sentences[-1] if labels and sentences else clauses[:-1])
        updated = updated or (bool(parts) and parts[0][1][0] in UPDATE_LABELS)
        tenses.append((past and not current, held_now and current, bool(wanted & everything)))
        _deny_outdone(clauses, asked)
        if not asks_past:
            _deny_chain(clauses)
        sentences.append(clauses)
        if not asks_past and _updates_what_is_asked(parts, wanted):
            for earlier in sentences[:-1]:  # "Update (3 May): the meetup has moved to ..."
                _deny_whole(earlier)
    _deny_older_entries(split, sentences, asked)
    _deny_taken_back(sentences)
    if not (asks_ended or asks_past):
        every = [clause for clauses in sentences for clause in clauses]
        _deny_beside_current(every, labelled_now, wanted)
    if not (asks_ended or asks_past):
        _deny_was_then_now(sentences)
    if asks_now:
        for n, ((was, _, on_it), (_, now, again)) in enumerate(itertools.pairwise(tenses)):
            # "In Quill 3 the port was 8080. Since Quill 4 it is 9090.", not "The population
            # was 1,251 in 2010. The school is now closed."
            if was and now and on_it and (again or heard[n + 1] & SAME_SUBJECT):
                _deny_whole(sentences[n])
    named = {name for name, _ in kinds}
    if siblings and any(named & set(said) for clauses in sentences for said, _ in clauses):
        for s, c in siblings:  # "the iOS app takes 25 minutes; the Android build takes 18"
            _deny_whole(sentences[s][c : c + 1])
    _deny_passed(sentences, passed)
    _deny_reported(sentences, reported, contrasting, asked_stems)
    _deny_overridden(sentences, defaulted, contrasting)
    if not (asks_past or asks_then):
        _deny_out_of_date_page(split, sentences)
        _deny_under_past_headings(written, sentences, asked | past_cues)
    return _kept(sentences)


PASSED_SPREAD = {
    "whole": (0, 1),
    "next": (0, 2),
    "after": (1, 2),
    "after two": (1, 3),
    "before": (-1, 0),
}
"""Which clauses a passing mark denies, from its own: "before" the one it follows in
brackets ("Priya Nair (until June 2025)"), "after" the one it opens ("former owner: Ken Ito")."""


def _deny_passed(sentences: list[list[Clause]], passed: list[tuple[int, int, str]]) -> None:
    """Deny what the marks of a holder passed, a label of the past among them, point at.

    ``passed``: each mark's sentence, clause and how it points (:data:`PASSED_SPREAD`,
    "label": what follows a label first in its sentence, else the clause before it; "past":
    the rest of its sentence up to a label of the present; "rest": the rest of its sentence;
    "row": the whole of a table's row).
    """
    for s, c, how in passed:
        if how == "label":  # a label first in its sentence names what follows it, a list
            how = "past" if c == 0 else "before"  # too, up to a label of the present
        if how == "past":
            _deny_whole(_until_present(sentences[s][c + 1 :]))
            continue
        if how == "row":
            _deny_whole(sentences[s])
            continue
        start, end = PASSED_SPREAD[how] if how != "rest" else (1, len(sentences[s]))
        _deny_whole(sentences[s][max(c + start, 0) : c + end])


def _deny_reported(
    sentences: list[list[Clause]],
    reported: list[tuple[int, int, str]],
    contrasting: set[tuple[int, int]],
    asked_stems: frozenset[str],
) -> None:
    """Deny what a text reports others say, where it concedes it or gives its own account.

    "Although often dated to 1932, it opened in 1934", "Some sources give 1932, but ...", "The
    1998 date sometimes cited is the groundbreaking's; it opened in 2001." ``reported``: each
    reporting clause's sentence and place, and how it reports: it "concedes", "reports" what
    others say, or "says" what one source says ("The plaque says 1932"), which only a
    contrast that is no hedge denies ("..., but records show ..."; not "..., but you can
    change it").
    """
    heard_of = {(s, c) for s, c, _ in reported}
    for s, c, how in reported:
        # "Говорят, | что мост открыли в 1932 году": a clause that only reports, the next too
        alone = len(sentences[s][c][0]) <= REPORT_ONLY and c + 1 < len(sentences[s])
        span = 2 if alone and how != "says" else 1
        later = [(s, n) for n in range(c + span, len(sentences[s]))] + [(s + 1, 0)]
        set_against = [
            sentences[t][n][0] for t, n in contrasting & set(later) if t < len(sentences)
        ]
        if how == "says":
            if any(not (MAYBE | CONDITIONS) & set(said) for said in set_against):
                _deny_whole(sentences[s][c : c + 1])
            continue
        own = [  # the text's own account, on every word the question asks
            {_stem(w) for w in sentences[t][n][0]}
            for t, n in later
            if t < len(sentences) and n < len(sentences[t]) and (t, n) not in heard_of
        ]
        told = bool(asked_stems) and any(asked_stems <= stems for stems in own)
        if (how == "concedes" and len(sentences[s]) > 1) or set_against or told:
            _deny_whole(sentences[s][c : c + span])


SAYING = frozenset("says said states stated gives gave lists listed shows showed reads".split())
"""Verbs by which one source says something: "The plaque says 1932"."""


def _says(said: list[str], not_cues: frozenset[str] | set[str]) -> bool:
    """Whether a clause says what a source says: "the plaque says 1932", "which gives 1932"."""
    return any(w in SAYING - not_cues for w in said[1:6]) and len(said) > 2


CONTRARY_TO = frozenset(
    {
        ("contrary", "to"),
        ("unlike",),
        ("contrairement",),
        ("entgegen",),
        ("im", "gegensatz"),
        ("contrariamente",),
        ("al", "contrario"),
        ("вопреки",),
    }
)
"""Openers of a clause naming an account the text goes against: "Contrary to the plaque"."""

RELATIVES = frozenset("which that who whose qui que die der welche который которая".split())


def _deny_overridden(
    sentences: list[list[Clause]],
    defaulted: list[tuple[int, int]],
    contrasting: set[tuple[int, int]],
) -> None:
    """Deny a default the text then overrides.

    "The API defaults to 8080, but we run it on 8443."; not "..., but you can change it".
    """
    for s, c in defaulted:
        later = [(s, n) for n in range(c + 1, len(sentences[s]))] + [(s + 1, 0)]
        overridden = [sentences[t][n][0] for t, n in contrasting & set(later) if t < len(sentences)]
        if any(not (MAYBE | CONDITIONS) & set(said) for said in overridden):
            _deny_whole(sentences[s][c : c + 1])


def _deny_out_of_date_page(
    split: list[list[tuple[str, list[str]]]], sentences: list[list[Clause]]
) -> None:
    """Deny a page a banner calls out of date, but for what points to what replaced it.

    "This page is outdated. The API uses port 8080." states no port; "Use /api/v2/users
    instead." stays.
    """
    if any(_out_of_date_page(parts) for parts in split):
        for clauses, parts in zip(sentences, split, strict=True):
            if not _points_on([w for _, clause in parts for w in clause]):
                _deny_whole(clauses)


def _kept(
    sentences: list[list[Clause]],
) -> tuple[frozenset[str], tuple[str, ...], tuple[str | None, ...]]:
    """A text's words outside a denial, their runs, and its words in order, each denied None."""
    kept: set[str] = set()
    runs: list[str] = [""]
    flow: list[str | None] = []
    for said, flags in (clause for clauses in sentences for clause in clauses):
        for word, no in zip(said, flags, strict=True):
            flow.append(None if no else first_spelling(word))
            if no:
                runs.append("")
            else:
                kept.update((word, first_spelling(word)))  # "km" states "kilometres"
                runs[-1] += word
        runs.append("")
    return frozenset(kept), tuple(r for r in runs if r), tuple(flow)


_VERSION_LABEL = re.compile(r"\W*(?:v|version\s+|release\s+)?(\d+(?:\.\d+)+)\W*", re.IGNORECASE)
"""A changelog entry's label: "4.2", "v4.2.1", "Version 4.2" (with its list marks)."""


def _deny_older_entries(
    split: list[list[tuple[str, list[str]]]], sentences: list[list[Clause]], asked: frozenset[str]
) -> None:
    """Deny a changelog's entry that a later version's entry changes.

    "- 4.2: default port changed to 9090" / "- 4.0: default port 8080": for "What is the
    default port?", the 4.0 entry is what 4.2 changed. An entry is a line opened by a version
    label; an older one is denied when a newer one, with a verb of change, shares two of the
    question's words with it (its only one, for a question of one). Entries that add things
    ("4.2: added Windows support") deny nothing. ``split``: each sentence's clauses with their
    words, as ``sentences`` holds them.
    """
    wanted = asked - FUNCTION_WORDS
    if not wanted:
        return
    entries = []
    for n, parts in enumerate(split):
        label = _VERSION_LABEL.fullmatch(parts[0][0]) if len(parts) > 1 else None
        if label:
            said = {w for _, words_ in parts[1:] for w in words_}
            version = tuple(int(v) for v in label.group(1).split("."))
            entries.append((version, n, said & wanted, bool(REPLACING_OR_CHANGING & said)))
    need = min(2, len(wanted))
    newest: dict[tuple[str, ...], tuple[int, ...]] = {}  # by the question's words it shares
    for version, _, shared, changes in entries:
        for key in itertools.combinations(sorted(shared), need) if changes else ():
            newest[key] = max(newest.get(key, version), version)
    for version, n, shared, _ in entries:
        if any(
            newest.get(key, version) > version
            for key in itertools.combinations(sorted(shared), need)
        ):
            _deny_whole(sentences[n])


def _deny_outdone(clauses: list[Clause], asked: frozenset[str]) -> None:
    """Deny a clause that a later one, set against it, answers the question over.

    "Dunmore were favourites, but Harlow won the 2023 Kestrel Cup final." for "Who won the
    2023 Kestrel Cup final?": the first clause has none of the question's words, and the
    clause opened by "but" has two or more of them. A first clause with one of them ("Ken Ito
    owns it, but Lena Park runs it" for "Who owns it?") keeps what it says.
    """
    wanted = asked - FUNCTION_WORDS
    for n, (said, _) in enumerate(clauses[:-1]):
        if wanted & set(said):
            continue
        if any(
            later[0] in CONTRASTING_OPENERS and len(wanted & set(later)) >= 2
            for later, _ in clauses[n + 1 :]
        ):
            _deny_whole(clauses[n : n + 1])


def _surpasses_before(said: list[str]) -> bool:
    """Whether a clause opens by saying that what came before was surpassed.

    "it was broken by Kim Osei", "which was beaten in 2019", "and has since been bettered".
    """
    rest = said[1:] if said[0] in CONJUNCTIONS else said
    lead = next((n for n, w in enumerate(rest[:4]) if w in SURPASSING), None)
    opening = ANAPHORS | COPULAS | {"it", "has", "had", "been", "since", "later", "soon"}
    return lead is not None and all(w in opening for w in rest[:lead])


def _heads(clause: str, said: list[str], parts: list[tuple[str, list[str]]], sentence: str) -> bool:
    """Whether a short clause heads its sentence of several as a label: "Old price: $15".

    Not a name: "Old Town: the historic centre"; nor a clause of its own, which a semicolon or
    a comma ends: "The old team left; the queue is owned by Lena Park".
    """
    named = any(t[:1].isupper() for t in clause.split()[1:])
    at = sentence.find(clause)
    own = at >= 0 and sentence[at + len(clause) :].lstrip()[:1] in (";", ",", "；", "，")
    return len(said) <= 3 and len(parts) > 1 and parts[0][1] is said and not named and not own


def _labels_original(
    said: list[str], parts: list[tuple[str, list[str]]], not_cues: frozenset[str] | set[str]
) -> bool:
    """Whether a clause heads its sentence as the label of a page's original text.

    "Original text: the owner is Ken Ito.", "Ursprünglicher Text: ..."; the caller checks that
    an update note came before. German capitals its nouns, so a capital here is no name.
    """
    return (
        said[0] in ORIGINAL_LABELS - not_cues
        and len(said) <= 3
        and len(parts) > 1
        and parts[0][1] is said
    )


REPORT_ONLY = 3
"""The most words of a clause that only says others say what follows: "Man sagt oft,"."""


POINTING_UP = frozenset({"above", "oben"})
"""Words by which a sentence points back within its own text ("the 1932 given above"); and
:data:`POINTING_UP_PAIRS`."""

POINTING_UP_PAIRS = frozenset(
    {
        ("as", "stated"),
        ("stated", "earlier"),
        ("given", "earlier"),
        ("as", "mentioned"),
        ("mentioned", "earlier"),
        ("in", "introduction"),
        ("this", "article"),
        ("this", "page"),
        ("this", "document"),
        ("plus", "haut"),
        ("mas", "arriba"),
    }
)
"""Pairs of words by which a sentence points back: "not in 1932 as stated in the
introduction"."""


def _deny_taken_back(sentences: list[list[Clause]]) -> None:
    """Deny every earlier place a text writes a figure that a later sentence takes back.

    "The Corvale Bridge opened in 1932. ... Correction: it opened in 1934, not in 1932 as
    stated in the introduction." The later sentence must deny the figure and point back
    within the text (:data:`POINTING_UP`, :data:`POINTING_UP_PAIRS`); only figures are taken
    back so, as a word like a name may stand for other things elsewhere.
    """
    for n, clauses in enumerate(sentences[1:], start=1):
        taken = {
            w
            for c, flags in clauses
            for w, no in zip(c, flags, strict=True)
            if no and any(ch.isdigit() for ch in w)
        }
        said = [w for c, _ in clauses for w in c]
        if not taken or not (POINTING_UP & set(said) or POINTING_UP_PAIRS & _pairs(said)):
            continue
        for earlier in sentences[:n]:
            for c, flags in earlier:
                for m, w in enumerate(c):
                    if w in taken:
                        flags[m] = True


def _deny_beside_current(clauses: list[Clause], current: set[int], wanted: frozenset[str]) -> None:
    """Deny what a list sets beside the entry it labels current, on the question's words.

    "- 2023: API on 8080" / "- 2024: API on 8443 (current)": for "Which port does the API
    use?", the 2023 entry is not what holds. ``current``: the clauses a label of one word
    (:data:`PRESENT_LABELS`) names after them; an entry is set beside one when it has every
    word of the question that one has ("metrics port 9102" is not beside "API port 8443").
    """
    keys = [frozenset(clauses[n][0]) & wanted for n in current]
    for n, (said, flags) in enumerate(clauses):
        if n in current or n - 1 in current or len(said) > ENTRY_WORDS:
            continue  # an entry of a list is short: not a sentence that names the thing
        if any(k and k <= set(said) for k in keys):
            flags[:] = [True] * len(flags)


ENTRY_WORDS = 8
"""The most words of an entry set beside one labelled current."""

_BRACKETED = re.compile(
    r"\(\s*(?:" + "|".join(sorted(PRESENT_LABELS)) + r")\s*\)|\[\s*(?:current|now|latest)\s*\]",
    re.IGNORECASE,
)
"""A label of the present in brackets: "(current)", "(aktuell)", "[latest]"."""


def _until_present(clauses: list[Clause]) -> list[Clause]:
    """``clauses`` up to the first that names the present ("current: 1.3", "(new)")."""
    present = (n for n, (said, _) in enumerate(clauses) if PRESENT_LABELS & set(said))
    return clauses[: next(present, len(clauses))]


def _deny_was_then_now(sentences: list[list[Clause]]) -> None:
    """Deny a clause that says what was, right before a short one that says what is now.

    "Ken Ito was the owner; now it is Lena Park", "El dueño era Ken Ito; ahora es Lena Park",
    "The population was 220 in 2010. It is now 250." The clause after gives the present in a
    few words ("now he leads the Harbor build" says something else). In Chinese and Japanese
    the clause after opens on its "now": "原由伊藤健负责，现由朴丽娜负责".
    """
    clauses = [clause for sentence in sentences for clause in sentence]
    for (said, flags), (after, _) in itertools.pairwise(clauses):
        rest = [w for w in after if w not in CONJUNCTIONS]
        if said and rest and _was_but_ko(said[-1]) and rest[0].startswith(NOW_KO):
            flags[:] = [True] * len(flags)  # "담당자는 Ken Ito였지만 지금은 Lena Park입니다"
        elif said and rest and rest[0] in HAN_NOW and _once_in_han(said):
            flags[:] = [True] * len(flags)  # "原由伊藤健负责，现由朴丽娜负责"
        elif (
            WAS & set(said)
            and not NOW & set(said)
            and rest
            and rest[0] in NOW | IS | SAME_SUBJECT  # not "The school is now closed."
            and NOW & set(rest)
            and not WAS & set(rest)
            and (len(rest) <= 3 or (len(rest) <= 6 and IS & set(rest)))
        ):
            flags[:] = [True] * len(flags)


HAN_NOW = frozenset("现 現 现在 現在 目前 如今 现任 現任 今 今は".split())
"""Words that open a clause on what holds now in Chinese and Japanese: "现由朴丽娜负责"."""

HAN_ONCE = frozenset(
    "原 原由 原先 原本 原来 原來 曾 曾经 曾經 以前 之前 此前 过去 過去 かつて".split()
)
"""Words that put a Chinese or Japanese clause in the past: "原由伊藤健负责" (was in the
charge of Ken Ito), "以前は伊藤健が担当していた"; found in the clause's words, or in its
run of characters where segmentation cuts one apart ("此前" as "此", "前")."""


def _once_in_han(said: list[str]) -> bool:
    """Whether a clause holds one of :data:`HAN_ONCE`, as a word or within its run."""
    run = "".join(said)
    return bool(HAN_ONCE & set(said)) or any(len(w) > 1 and w in run for w in HAN_ONCE)


WAS = frozenset(
    "was were war waren etait etaient era eran fue fueron foi eram был была было были".split()
)
"""Verbs of being in the past: what a clause said was, in English, German, French, Spanish,
Portuguese, Italian and Russian."""

IS = frozenset("is are ist sind est sont es son e".split())
"""Verbs of being in the present, as :func:`words` writes them ("è" and "é" are "e")."""

SAME_SUBJECT = frozenset("it its this that he she they c ce lo es это он она".split())
"""Words that open a clause about what the clause before spoke of: "it is now 250"."""


def _deny_whole(clauses: list[Clause]) -> None:
    """Mark every word of ``clauses`` denied."""
    for _, flags in clauses:
        flags[:] = [True] * len(flags)


GIVEN_UP = frozenset(
    tuple(words(cue))
    for cue in ("not anymore", "not any more", "no longer", "no more", "not any longer")
)
"""Clauses that say, alone, that what came before holds no more: "EDIT: not anymore"."""


OUT_OF_DATE = frozenset(
    tuple(words(cue))
    for cue in ("out of date", "no longer valid", "no longer accurate", "no longer correct")
)
"""Phrases that say, of what the clause before gave, that it holds no more."""


def _denied_by_its_end(said: list[str], not_cues: frozenset[str] | set[str]) -> bool:
    """Whether a clause ends on a negated auxiliary, taking the verb before back for its subject.

    "Ken Ito does not", "Ken Ito doesn't", "Ken Ito isn't" (after "Lena Park owns the Harbor
    build").
    """
    if len(said) < 2 or set(said[-2:]) & not_cues:
        return False
    return said[-1] in ENDING_NEGATED or (said[-1] == "not" and said[-2] in ENDING_AUXILIARIES)


ENDING_AUXILIARIES = frozenset("does do did is are was were has have can will".split())
ENDING_NEGATED = frozenset(words(" ".join(CONTRACTED)))
"""Auxiliaries and their negations that end a clause: "Ken Ito does not", "doesn't"."""


def _denies_before(said: list[str], not_cues: frozenset[str] | set[str]) -> bool:
    """Whether a clause says the clause before it is wrong or was only planned.

    It opens (after "and" or "but") with a word pointing back and a verb of being ("that
    was", "which is", "this date was"), then says of it, within a few words, that it is wrong
    ("a common misconception", "not true") or was only planned ("only the planned date"). A
    cue that only describes a thing is not one: "which is the error threshold", "this is the
    fix for the build error".
    """
    rest = said[1:] if said and said[0] in CONJUNCTIONS else said
    ending = [w for w in rest if w not in PASSIVE | THEN | EVENTUALLY]
    if rest is not said and len(ending) == 1 and ending[0] in WITHDRAWN - not_cues:
        return True  # "8080 was proposed but rejected", "... and later dropped"
    if rest and rest[0] in COPULAS:  # a predicate cut from its subject: ", is incorrect"
        verb: int | None = 0
    elif not rest or rest[0] not in ANAPHORS:
        return False
    else:
        verb = next((n for n in (1, 2) if n < len(rest) and rest[n] in COPULAS), None)
    if verb is None:
        return False
    for n in range(verb + 1, min(verb + 4, len(rest))):  # articles are not words here
        w, after = rest[n], rest[n + 1] if n + 1 < len(rest) else None
        if w in not_cues or rest[n - 1] in AFFIRMING:
            continue
        before = set(rest[verb + 1 : n])
        if w in UNTRUE and before & NEGATIONS:
            return True
        if w in PLANNING and before & RESTRICTING:
            return True  # "only the planned date"
        if tuple(rest[n : n + 3]) in OUT_OF_DATE and not before & NEGATIONS:
            return True  # "..., which is out of date"
        if w in DENYING_NEAR and w not in PLANNING and (after is None or after in FUNCTION_WORDS):
            return not before & NEGATIONS  # "that was not wrong" affirms
    return False


EVENTUALLY = frozenset("soon eventually quickly ultimately finally".split())
"""Words that may stand between "but" and what withdraws the clause before: "but was soon
dropped"."""


REACH = 5
"""How many words a denial reaches, before or after its cue: a list or a navigation box with
one "not" in it is not denied whole."""


def _deny(
    flags: list[bool], said: list[str], start: int, stop: int, ends: frozenset[str] = frozenset()
) -> None:
    """Deny the words from ``start`` up to ``stop`` (down to it when ``stop < start``).

    Clipped to the clause; the walk ends before the first word in ``ends``.
    """
    if stop >= start:
        reach = range(max(start, 0), min(stop, len(said)))
    else:
        reach = range(min(start, len(said) - 1), max(stop, -1), -1)
    for m in reach:
        if said[m] in ends:
            return
        flags[m] = True


def _denied(
    said: list[str],
    not_cues: frozenset[str] | set[str],
    past: bool,
    tongue: str = "",
    lifted: frozenset[tuple[str, ...]] = frozenset(),
) -> list[bool]:
    """For each word of one clause, whether a denial reaches it (``not_cues`` never deny).

    ``past``: whether the clause's sentence is in the past, for a plan in a clause without a
    verb of its own ("the opening, planned for 1932, was delayed until 1934"). ``tongue``:
    its language when words deny in it alone (:data:`NEGATING_IN`), or "". ``lifted``: cues
    of :data:`DENYING_BEFORE` that deny nothing here (a question about the past lifts
    :data:`OPENING_PAST`: "Раньше владельцем был Ken Ito" answers who owned it in 2020).
    """
    flags = [False] * len(said)
    for n, w in enumerate(said):
        if (
            w in DENYING_NEAR
            and w not in not_cues
            and (n == 0 or said[n - 1] not in AFFIRMING)
            and (w not in NAMING_A_THING or BEING & set(said[max(n - 2, 0) : n]))
            and (w not in SCHEDULING or _plan_is_over(said, past))
            and (w not in ("succeeded", "succeeding") or _succeeds_someone(said, n))
            and (w not in WRONG or not NEGATIONS & set(said[max(n - 2, 0) : n]))  # "not wrong"
            and (w != "pushed" or said[n + 1 : n + 2] in (["back"], ["out"]))  # "pushed back"
        ):
            start, end = max(n - REACH, 0), min(n + REACH + 1, len(said))
            opens = said[n + 1 : n + 3]  # "a myth that ...", "a mistake to say ...": all of it
            if opens[:1] == ["that"] or (opens[:1] == ["to"] and REPORTING.intersection(opens[1:])):
                end = len(said)
            if w in POSTPONING:  # what it moves, not where to
                start = next(
                    (m + 1 for m in range(n - 1, start - 1, -1) if said[m] in MOVED_AFTER), start
                )
                end = next((m for m in range(n + 1, end) if said[m] in MOVED_TO), end)
            if w in REPLACING:  # what is replaced, not what replaces it
                start, end = _replaced(said, n, start, end)
            if w in WRONG and _said_of_the_subject(said, n):
                start = 0  # "the 1932 date found in many guides is incorrect": all of it
            _deny(flags, said, start, end)
        if (
            w in DUE - not_cues
            and n
            and said[n - 1] in ("was", "were", "been")
            and said[n + 1 : n + 2] == ["to"]
        ):
            _deny(flags, said, n + 2, n + 2 + REACH)  # what the plan was for, after its verb
        if w in FROM_AFTER and n and _changes_word(said[n + 1 :]):
            _deny(flags, said, n - 1, n - 1 - REACH, PARTICLES)  # "8080から8443に変更"
        if (
            w in FROM
            and (
                (CHANGING - not_cues) & set(said)
                # "takes over maintenance from Paul Weir"
                or any(v not in not_cues for v, _ in TAKING_OVER & _pairs(said[:n]))
                or _moved_from(said, n)
            )
        ):
            _deny_changed_from(said, n, flags)
        if (
            w == LEAVING_OFF
            and w not in not_cues
            and (CHANGING - not_cues) & set(said[max(n - 3, 0) : n])
        ):
            # up to a verb, a time or what it moved to: "switched off at 10 pm" left nothing,
            # "migrated the ledger off MySQL 8 to PostgreSQL 15" left MySQL 8 alone
            _deny(flags, said, n + 1, n + 1 + REACH, PREDICATES | DATING | MOVED_TO)
        if w in HANDING and w not in not_cues and not FROM & set(said):
            if MOVED_TO & set(said[n + 1 : n + 2 + REACH]):  # "Ken Ito handed it to ..."
                _deny(flags, said, n - REACH, n)
        if w in HANDED_AWAY - not_cues and not FROM & set(said):
            _deny(flags, said, n - REACH, n)  # "Ken Ito a cédé le build à Lena Park"
        if w in HANDED_OVER - not_cues:  # "Ken Ito hat den Build an Lena Park übergeben"
            _deny(flags, said, 0, next((m for m in range(n) if said[m] in AUXILIARY_FIRST), n))
        if n and (said[n - 1], w) in DEPARTED:  # "having left Leeds in 2020"
            _deny_left(said, n, flags)
        elif w == "left" and w not in not_cues and _left_behind(said, n):
            _deny_left(said, n, flags)  # "left Leeds for Manchester", "left Leeds in 2023"
        if w in VACATING and w not in not_cues and not NEGATIONS & set(said[max(n - 2, 0) : n]):
            _deny_left(said, n, flags)  # "vacated its Leeds premises"
        if w in MOVING_ON and w not in not_cues and tuple(said[n + 1 : n + 3]) in MOVING_OUT:
            _deny_left(said, n + 2, flags)  # "moved out of Leeds"
        if w in WILL and w not in not_cues and _to_come(said, n):
            _deny(flags, said, n + 1, len(said))  # "the owner will be Lena Park"
            verb = n + 2 if w in GOING else n + 1
            if said[verb : verb + 1] and said[verb] in TAKING:  # "Lena Park will take over"
                _deny(flags, said, n - 1, -1, DATING_CLAUSE | CONJUNCTIONS)
        if w in UNDER_WAY and n and said[n - 1] in PASSIVE and said[n + 1 : n + 2] == ["to"]:
            _deny(flags, said, n + 2, n + 2 + REACH, DATING)  # "is moving to port 8443 in Q3"
        if (
            w in CHANGE_NOUNS
            and said[n + 1 : n + 2] == ["to"]
            and n
            and said[n - 1] in AHEAD  # a noun: not "before they can upgrade to"
        ):
            _deny(flags, said, n + 2, n + 2 + REACH, PREDICATES)  # "until the migration to 8443"
        if w in CLOSING and _closes(said, n, not_cues):
            _deny(flags, said, n - 1, -1, DATING_CLAUSE | UNTIL)  # "the Leeds office closed"
        if w in CHANGES and not _role_asked([w], not_cues) and _intended(said, n):
            _deny(flags, said, n, n + 2 + REACH)  # "plans to move ... to Leeds"
        if w in SURPASSING and w not in not_cues and RECORDS & set(said):
            if "by" in said[n + 1 : n + 3]:  # "Ana Ruiz's record was broken by Kim Osei"
                _deny(flags, said, n - REACH, n)
            else:  # "Kim Osei broke Ana Ruiz's record"
                _deny(flags, said, n + 1, n + 1 + REACH, RECORDS | DATING)
        if w in LOSING_OFFICE and _lost_office(said, n, not_cues):
            if w in LOSING or said[n + 1 : n + 2] == ["by"]:  # "Ken Ito was unseated by"
                _deny(flags, said, n - 1, -1, DATING_CLAUSE | CONJUNCTIONS)
            else:  # "Lena Park defeated incumbent Ken Ito"
                _deny(flags, said, n + 1, n + 1 + REACH, DATING | PREDICATES)
        if w in WITHDRAWN and w not in not_cues and n and said[n - 1] in PASSIVE:
            _deny(flags, said, n - 1, -1, ENDS_DENIAL | DATING_CLAUSE)
        elif w in REMOVED_IN and w not in not_cues and _removed_in(said, n):
            _deny(flags, said, n - 1, -1, ENDS_DENIAL | DATING_CLAUSE)  # "wurde ... entfernt"
        elif w in REMOVING and w not in not_cues:  # "we removed /api/v1/users in 3.0"
            _deny(flags, said, n + 1, n + 1 + REACH, DATING | PREDICATES | REMOVED_ENDS)
        if w in STOPPING - not_cues and said[n + 1 : n + 2] and said[n + 1].endswith("ing"):
            _deny(flags, said, n + 2, n + 2 + REACH, DATING | PREDICATES)  # "stop writing to"
        if _leaves(said, n, not_cues):
            for m in range(n - 1, max(n - REACH, 0) - 1, -1):  # "after Raj Patel stepped down"
                if said[m] in DATING_CLAUSE:
                    flags[m + 1 : n] = [True] * (n - m - 1)
                    break
            else:
                if _gone(said, n):  # "Omar Diaz left", "port 8080 was retired in May"
                    _deny(flags, said, n - 1, -1, DATING_CLAUSE | UNTIL)  # not "owned it until"
        if w in SUCCESSORS - not_cues:
            if said[n + 1 : n + 2] and said[n + 1] in SUCCEEDED_OF:
                _deny(flags, said, n + 2, n + 2 + REACH, PREDICATES)  # "successor to Ken Ito"
            else:  # "Ken Ito's successor, Lena Park" (words() drops the "'s")
                _deny(flags, said, n - 1, n - 1 - REACH, BEING | PREDICATES | ANAPHORS)
        if w in DEPARTURES - not_cues:
            if said[n + 1 : n + 2] and said[n + 1] in SUCCEEDED_OF:
                _deny(flags, said, n + 2, n + 2 + REACH, PREDICATES)  # "after the departure of"
            elif n and said[n - 1] not in FUNCTION_WORDS:  # "after Ken Ito's departure"
                _deny(flags, said, n - 1, n - 1 - REACH, BEING | PREDICATES | DATING_CLAUSE)
        if w in PREDECESSORS and w not in not_cues:  # asked who came before, it is the answer
            if said[n + 1 : n + 2] and said[n + 1] in BEING | {"は", "是"}:
                _deny(flags, said, n + 2, n + 2 + REACH)  # "her predecessor was ..."
            elif said[n + 1 : n + 3] in (["者", "は"], ["者", "が"]):
                _deny(flags, said, n + 3, n + 3 + REACH)  # "前任者は Ken Ito でした"
        if w in NEGATING_AN_EVENT and _unrealized(said[n + 1 : n + 3]):
            _deny(flags, said, n - 1, -1)  # "the 1932 opening never happened"
        if tuple(said[n : n + 3]) == END_OF_LIFE:  # "SDK 2.x is end-of-life"
            _deny(flags, said, n - REACH, n)
        if w in OLD_VALUE and n + 1 < len(said) and any(c.isdigit() for c in said[n + 1]):
            _deny(flags, said, n + 1, n + 4, PREDICATES)  # "the old 30 s value"
        if tuple(said[n : n + 3]) in USED_TO and (n == 0 or said[n - 1] not in PASSIVE):
            _deny(flags, said, n, n + 3 + REACH)  # "it used to be 8080"
        if w in DENYING_AFTER and w not in not_cues and not ONLY_BEFORE & set(said[n - 2 : n]):
            # back from the negation, over the small words these scripts are cut into
            # ("1932 年 に 開通 し てい ない"), to a word that ends a denial
            _deny(flags, said, n, n - 2 * REACH - 1, ENDS_DENIAL | CONTRASTING)
        elif tongue in NEGATING_AFTER_IN and NEGATING_AFTER_IN[tongue].fullmatch(w):
            _deny(flags, said, n - REACH, n + 1)
    n = 0
    while n < len(said):
        cues = own = _BEFORE_BY_FIRST.get(said[n], [])
        local = (said[n],)  # a negation of the sentence's language alone, after longer cues
        if (
            tongue in NEGATING_IN
            and NEGATING_IN[tongue].fullmatch(said[n])
            and not UNDENIED_AFTER.intersection(said[n + 1 : n + 2])
        ):
            cues = [*own, local]  # "non più" first
        cue = next(  # the longest the question does not use: "かつて" when it asks "は"
            (
                c
                for c in cues
                if tuple(said[n : n + len(c)]) == c
                and c not in lifted
                and not not_cues & (set(c) - IN_A_CUE)  # "non è più" for "Chi è ...?"
                and (c not in PAST_ONLY_WITH or PAST_ONLY_WITH[c] & set(said))
            ),
            None,
        )
        if (
            cue is None
            or CONDITIONS & set(said[:n])
            or (n and said[n - 1] in NOBODY)  # "nobody disputes that ..."
            or (cue in NO_LONGER and n + len(cue) < len(said) and said[n + len(cue)] in _COMPARING)
            # "we never left Leeds", "never expose port 8443 publicly"
            or bool(UNDENYING_VERBS.intersection(said[n + len(cue) : n + len(cue) + 1]))
        ):
            n += 1  # "if the build does not finish in 10 minutes" sets a condition
            continue
        end = n + len(cue)
        if cue in NO_LONGER:  # "Ken Ito is no longer the owner": what was, and is not
            _deny(flags, said, n - 1, -1, CONJUNCTIONS | DATING_CLAUSE)
        if cue in BEFORE_ITS_VERB and _only_its_verb(said[:n], said[end:]):  # "1932 nicht eröffnet"
            _deny(flags, said, n - 1, n - 1 - REACH, ENDS_DENIAL | CONTRASTING)
        # such a negation is that language's "no" too ("Não são permitidos cães" says "não")
        first = n + 1 if cue == local and local not in own else n
        opening = n == 0 and cue in OPENING_PAST  # "Previously it was owned by Ken Ito"
        for m in range(first, len(said) if opening else min(end + REACH, len(said))):
            if (
                said[m] in ENDS_DENIAL
                or said[m] in CONTRASTING
                or said[m] in CONTRASTING_IN.get(tongue, ())
                or (m > end and said[m] in PREDICATES and not opening)
            ):
                break
            flags[m] = True
        n = end
    if (at := _not_any_longer(said, not_cues, tongue)) is not None:
        _deny(flags, said, at - 1, -1, CONJUNCTIONS | DATING_CLAUSE)  # "Ken Ito is not ..."
    if ANY_MORE_JA & set(said) and (last := _last_denying_after(said, not_cues)) is not None:
        _deny(flags, said, last, -1, CONJUNCTIONS | DATING_CLAUSE)  # "田中さんはもう...ではない"
    return flags


ANY_LONGER = frozenset({("anymore",), ("any", "longer"), ("อีก", "ต่อ", "ไป"), ("tena",)})
"""Words that end a negation and make it "no longer": "Ken Ito is not the owner anymore",
Thai "ไม่ได้เป็นเจ้าของอีกต่อไป", Swahili "si mmiliki tena"."""


ANY_MORE_JA = frozenset("もう もはや".split())
"""Japanese "no longer" with a negation after: "田中さんはもう担当者ではありません"."""


def _last_denying_after(said: list[str], not_cues: frozenset[str] | set[str]) -> int | None:
    """Where a clause's last negation of :data:`DENYING_AFTER` stands, after "もう"; or None."""
    start = min(n for n, w in enumerate(said) if w in ANY_MORE_JA)
    return next(
        (
            n
            for n in range(len(said) - 1, start, -1)
            if said[n] in DENYING_AFTER and said[n] not in not_cues
        ),
        None,
    )


def _not_any_longer(
    said: list[str], not_cues: frozenset[str] | set[str], tongue: str
) -> int | None:
    """Where a clause negates what held, closing on :data:`ANY_LONGER`; None if it does not.

    The subject before the negation is denied, as "no longer" denies it.
    """
    if not any(tuple(said[n : n + len(c)]) == c for c in ANY_LONGER for n in range(len(said))):
        return None
    local = NEGATING_IN.get(tongue)
    return next(
        (
            n
            for n, w in enumerate(said)
            if w not in not_cues
            and (w in NEGATIONS or w == "ไม่" or (local is not None and local.fullmatch(w)))
        ),
        None,
    )


WRONG = frozenset(
    "wrong incorrect mistaken erroneous false inaccurate untrue outdated obsolete falsch "
    "fehlerhaft erroneo erronea equivocado equivocada erronee".split()
)
"""Words that say a thing is wrong, ending the clause that names it: "... is incorrect"."""


def _said_of_the_subject(said: list[str], n: int) -> bool:
    """Whether the word at ``n`` ends its clause as what a verb of being says of its subject.

    "The 1932 opening date found in many guides is incorrect", "... ist falsch"; not "is
    wrong for production" (which says something else).
    """
    return bool(BEING & set(said[max(n - 2, 0) : n])) and all(
        w in FUNCTION_WORDS for w in said[n + 1 :]
    )


BEFORE_ITS_VERB = frozenset({("nicht",), ("niet",)})
"""Negations that stand before a verb at the clause's end and deny the clause before them:
"Die Brücke wurde 1932 nicht eröffnet", "De brug werd in 1932 niet geopend"."""

_PARTICIPLE = re.compile(r"(?:ge|be|er|ver|zer|ent|emp|miss|uber|unter)\w+(?:t|en|d)|\w+iert")
_AUXILIARIES = frozenset(
    "werden worden wurde wurden wird haben hat hatte sein ist sind war waren kann konnte "
    "werd wordt is was zijn heeft had".split()
)


def _only_its_verb(before: list[str], rest: list[str]) -> bool:
    """Whether a negation stands between an auxiliary and the participle that ends its clause.

    "wurde 1932 nicht eröffnet (worden)"; not a name ("Anna und nicht Bernd", "und nicht auf
    GitHub") or a year.
    """
    return (
        bool(_AUXILIARIES & set(before))
        and bool(rest)
        and bool(_PARTICIPLE.fullmatch(rest[0]))
        and set(rest[1:]) <= _AUXILIARIES
    )


def _replaced(said: list[str], n: int, start: int, end: int) -> tuple[int, int]:
    """Where what the verb of replacing at ``n`` replaces is, within ``start`` to ``end``.

    Before "by" after it ("X was replaced by Y"), before "by" before it ("X wurde durch Y
    ersetzt", "X已被Y取代"), the whole clause before a passive with no "by" ("X был заменён
    Y"), or else after it ("Y replaced X").
    """
    after = next((m for m in range(n + 1, end) if said[m] in REPLACED_BY), None)
    if after is not None:
        return start, after
    before = next((m for m in range(n - 1, -1, -1) if said[m] in REPLACED_BY), None)
    if before is not None:
        return 0, before
    if said[n] in REPLACED_WITH_NO_BY:
        return 0, n
    return n, end


def _intended(said: list[str], n: int) -> bool:
    """Whether the verb of change at ``n`` is planned or to come, not done ("plans to move")."""
    before = said[n - 1] if n else ""
    return before in MODALS or (before == "to" and bool(INTENDING & set(said[max(n - 4, 0) : n])))


DATING_CLAUSE = frozenset("when after since because once".split())
"""Words opening a clause of time or cause: a withdrawal after it does not reach before it
("hosted by Ken Ito until it was discontinued"), and who left after it is past ("named Mia
Chen CEO after Raj Patel stepped down")."""


END_OF_LIFE = ("end", "of", "life")

NEGATING_AN_EVENT = NEGATIONS | {"didnt"}

UNREALIZED = frozenset(
    "happen happened occur occurred materialize materialized materialise materialised".split()
)


def _unrealized(after: list[str]) -> bool:
    """Whether the words after a negation say that what it follows never came about.

    "never happened", "did not occur", "never took place": "the 1932 opening never happened".
    """
    return bool(after) and (
        after[0] in UNREALIZED or (after[0] in ("take", "took") and after[1:2] == ["place"])
    )


PREDECESSORS = frozenset(
    "predecessor predecessors vorganger vorgangerin predecesseur predecesor antecessor 前任".split()
)
"""Before a verb of being, words that name who held it before: "her predecessor was Raj
Patel", "ihr Vorgänger war Raj Patel", "前任はラジ・パテルだった" (not "OpenXT's predecessor
git repository")."""

SUCCESSORS = frozenset(
    "successor successors nachfolger nachfolgerin successeur successeure sucesor sucesora "
    "successore sucessor sucessora opvolger преемник преемница 继任者 後任".split()
)
"""Words that name who came after someone, who is then past: "Ken Ito's successor, Lena
Park", "Lena Park, successor to Ken Ito"."""

DEPARTURES = frozenset(
    "departure resignation retirement exit depart demission weggang ausscheiden rucktritt "
    "abgang salida marcha renuncia jubilacion partenza dimissioni saida renuncia aposentadoria "
    "vertrek uitdiensttreding уход отставка".split()
)
"""Nouns of someone leaving: who left is past ("after the departure of Ken Ito", "après le
départ de Ken Ito", "since Ken Ito's retirement")."""

SUCCEEDED_OF = frozenset("of to de du des von vom del di della do da van".split())
"""After a successor or a departure, the word that opens whom it names."""

OLD_VALUE = frozenset("old previous former earlier prior legacy".split())
"""Before a value, words that make it a past one: "the old 30 s value", "the previous 8080"."""


def _deny_left(said: list[str], n: int, flags: list[bool]) -> None:
    """Deny what was left ("left" at ``n``): up to where it went or when ("for", "in 2020")."""
    _deny(flags, said, n + 1, n + 1 + REACH, PREDICATES | DATING | MOVED_TO | {LEAVING_FOR, "and"})


SPANS = frozenset("years months decades weeks".split())


def _spent(said: list[str]) -> bool:
    """Whether a clause says how long something was somewhere, before a change after it.

    "After ten years in Leeds", "following two decades at Acme".
    """
    return (
        len(said) > 3
        and said[0] in ("after", "following")
        and said[2] in SPANS
        and said[3] in ("in", "at", "with")
    )


FUTURE = frozenset("will shall wird sera seran serao".split())
"""Words that say what is to come, not what is: "the owner will be Lena Park", "será",
"sera", "wird ... sein" (German "wird" only so: "wird genutzt" is a passive)."""

EVENING = frozenset("la di ogni della alla questa buona".split())
"""Before "sera", words that make it Italian "evening": "la sera", "di sera"."""

GOING = frozenset("set going about".split())
"""Before "to" and a verb, words that make it to come: "is set to take over"."""

STAYING = frozenset("remain remains stay stays keep continue still".split())
"""After "will", verbs that say what holds now goes on: "Ken Ito will remain the owner"."""

TAKING = frozenset(
    "take become join replace succeed assume inherit lead own run manage head chair".split()
)
"""After "will", verbs whose subject is the one to come: "Lena Park will take over"."""

UNDER_WAY = frozenset("moving switching migrating relocating changing transitioning".split())
"""After "is", verbs of change under way: where they go is not where it is yet."""

CHANGE_NOUNS = frozenset("migration move switch transition upgrade change cutover".split())

AHEAD = frozenset("until till before pending upcoming planned future next bis".split())
"""Right before a noun of change (past "the", which :func:`words` drops), words that put it
ahead: "until the migration to 8443 completes", "the upcoming move to York"."""


WILL = FUTURE | GOING

TO_COME = WILL | UNDER_WAY | CHANGE_NOUNS
"""Cues of what is to come, which deny only for a question of what is."""

HAPPENING = frozenset(
    "held happen start begin open occur meet end finish launch convene air premiere".split()
)
"""After "will" (or "will be"), verbs of an event: its future is its schedule, what a question
of when or where it is asks ("The meeting will take place on March 10")."""

WHEN = frozenset("when wann quand cuando quando когда いつ 언제 कब 何时 什么时候".split())
"""Question words asking when: what is to come answers them."""


AHEAD_IN_TIME = frozenset(
    "next soon upcoming tomorrow starting effective later q1 q2 q3 q4 ab partir "
    "proximo proxima prochain prochaine nachsten demnachst".split()
)
"""Words that put what "will" says ahead in time: "next month", "starting in v3", "ab Juni"."""


AHEAD_OR_MONTH = AHEAD_IN_TIME | MONTH_WORDS

TAKING_OR_CHANGING = TAKING | CHANGES


def _ahead(parts: list[tuple[str, list[str]]]) -> bool:
    """Whether a sentence puts what it says of the future at a time, or as a change.

    "From June, the owner will be Lena Park", "Lena Park will take over", "will move to York";
    not "the device will send reports", "it will require them to upgrade first".
    """
    said = [w for _, clause in parts for w in clause]
    if AHEAD_OR_MONTH.intersection(said) or any(map(a_year, said)):
        return True
    return any(
        w in WILL and TAKING_OR_CHANGING.intersection(said[n + 1 : n + 4])
        for n, w in enumerate(said)
    )


def _to_come(said: list[str], n: int) -> bool:
    """Whether the word at ``n`` ("will", "is set to") opens what is to come, not what goes on.

    "The owner will be Lena Park", "Lena Park is set to take over"; not "Ken Ito will remain
    the owner", "the API will keep using 8443", an event's schedule ("the meeting will take
    place on March 10"), a modal of will ("if you will").
    """
    if said[n] == "wird":
        return said[-1] == "sein"  # "Der Eigentümer wird ab Juni Lena Park sein"
    if said[n] == "sera" and n and said[n - 1] in EVENING:
        return False
    at = n + 1  # the verb
    if said[n] in GOING:
        if not (n and said[n - 1] in PASSIVE and said[at : at + 1] == ["to"]):
            return False
        at += 1
    rest = said[at : at + 2]
    event = said[at + 1 : at + 3] if rest[:1] == ["be"] else rest  # "will be held"
    happens = event[:2] == ["take", "place"] or bool(event[:1]) and event[0] in HAPPENING
    return bool(rest) and not STAYING & set(rest) and not happens


def _left_behind(said: list[str], n: int) -> bool:
    """Whether "left" at ``n`` says a place or role was left: where it went or when follows.

    "left Leeds for Manchester", "left Leeds in 2023", "left Leeds and moved to York"; not
    "visitors left Leeds impressed", "we never left Leeds".
    """
    if n and said[n - 1] in NEGATIONS:
        return False
    rest = said[n + 2 : n + 2 + REACH]
    return any(
        w == LEAVING_FOR
        or a_year(w)
        or (w in ("last", "this") and rest[m + 1 : m + 2] in (["year"], ["month"], ["week"]))
        or (w == "and" and rest[m + 1 : m + 2] and rest[m + 1] in MOVING_ON)
        for m, w in enumerate(rest)
    )


def _closes(said: list[str], n: int, not_cues: frozenset[str] | set[str]) -> bool:
    """Whether the word at ``n`` says its subject closed for good, asked where it is.

    "The Leeds office closed in 2022", "was shut down in March", "closed and the staff
    moved"; not "is closed on Sundays", "never closed", "the deal closed" asked who bought.
    """
    if said[n] not in CLOSING or said[n] in not_cues or not WHERE_ASKED & not_cues:
        return False
    before = said[max(n - 2, 0) : n]
    if (OPEN_NOW | NEGATIONS) & set(before):
        return False
    after = [w for w in said[n + 1 :] if w not in FOR_GOOD]
    if not after or after[0] in ("and", "after", "last", "earlier", "recently", "years"):
        return True
    return after[0] in ("in", "on") and len(after) > 1 and _dating(after[1])


def _succeeds_someone(said: list[str], n: int) -> bool:
    """Whether "succeeded" at ``n`` follows someone, rather than says something worked.

    "succeeded Raj Patel", "was succeeded by"; not "the launch succeeded in 2019".
    """
    after = said[n + 1] if n + 1 < len(said) else None
    return after is not None and (after in BY or after not in FUNCTION_WORDS | DATING)


USED_TO = frozenset(("used", "to", verb) for verb in ("be", "have", "belong", "own"))
"""A state that held and holds no more: "the default port used to be 8080" (not "sequences
used to select the recipient", a purpose)."""

PASSIVE = frozenset("is are was were be been being get gets got getting".split())
"""Before "used to", words that make it a purpose ("is used to be ..."), not a past."""

DATING = frozenset("on at in during despite after because".split())
"""Words after "succeeded" that say when or how something worked, not whom it followed."""


def _deny_changed_from(said: list[str], n: int, flags: list[bool]) -> None:
    """Deny the value a change starts from: "from" at ``n``, a verb of change in the clause.

    Up to the word opening the new value ("from 8080 to 9090", "von 8080 auf 9090"); without
    one, only right after the verb ("took over from Ken Ito as owner", "up from $15").
    """
    reach = range(n + 1, min(n + 1 + REACH, len(said)))
    opening = MOVED_TO | CHANGED_TO.get(said[n], frozenset())
    to = next((m for m in reach if said[m] in opening), None)
    took_over = bool(TAKING_OVER & _pairs(said[:n]))  # "took over the API from Ken Ito"
    changed = CHANGING & set(said[max(n - REACH, 0) : n]) or took_over or _moved_from(said, n)
    if said[n] in ("von", "van"):  # the verb comes last: "von Ken Ito übernommen"
        changed = changed or CHANGING & set(said[n + 1 :])
    if to is None and not changed:
        return
    if to is None and _figure(said, n + 1):  # "de 8080 à 8443": words() drops the "à"
        to = next((m for m in reach if m > n + 1 and _figure(said, m)), None)
    _deny(flags, said, n + 1, to if to is not None else reach.stop)


FROM_AFTER = frozenset("から 에서 से".split())
"""Japanese, Korean and Hindi "from", after the value it opens: "8080から8443に変更されました",
"8080에서 8443으로 변경되었습니다", "8080 से बदलकर 8443 कर दिया"."""

CHANGED_AFTER = (
    "変更",
    "代わ",
    "交代",
    "引き継",
    "引継",
    "変わ",
    "移行",
    "移転",
    "切り替",
    "切替",
    "変え",
    "변경",
    "바뀌",
    "바꾸",
    "이전",
    "बदल",
    "परिवर्तित",
)
"""How Japanese, Korean and Hindi verbs of change begin, after the value they change from."""

PARTICLES = frozenset("は が を の も 은 는 이 가 을 를".split())
"""Japanese and Korean particles that end the phrase before a "from" (the topic, the subject)."""


def _changes_word(after: list[str]) -> bool:
    """Whether the words after a Japanese or Korean "from" go on to a verb of change."""
    ahead = after[:REACH]
    # "代わった" is cut into "代" and "わっ"
    return any(
        (w + "".join(ahead[m + 1 : m + 2])).startswith(CHANGED_AFTER) for m, w in enumerate(ahead)
    )


def _figure(said: list[str], n: int) -> bool:
    """Whether the word at ``n`` holds a digit: a value, in a change between two."""
    return n < len(said) and any(c.isdigit() for c in said[n])


def _moved_from(said: list[str], n: int) -> bool:
    """Whether "from" at ``n`` follows "up" or "down" before a number: "(up from $15)"."""
    return said[n - 1 : n] in (["up"], ["down"]) and _figure(said, n + 1)


def _former(said: list[str], asked: frozenset[str]) -> int | None:
    """Where a clause names a former holder of the role the question asks about, if it does."""
    return next(
        (
            n
            for n, w in enumerate(said)
            if w not in asked
            and (
                (w in FORMER | PROPOSED and _role_asked(said[n + 1 : n + 3], asked))
                or (
                    w in FORMER_AFTER | PROPOSED_AFTER
                    and n
                    and _role_asked(said[max(n - 3, 0) : n], asked)
                )
                # a clause that opens on its role as a label does, whatever the question calls
                # it: "المالك السابق كان Ken Ito" for "Who owns ...?"
                or (w in FORMER_AFTER and n == 1 and len(said) > 2)
            )
        ),
        None,
    )


def _a_former_label(clause: str, said: list[str], asked: frozenset[str] | set[str]) -> bool:
    """Whether a clause is a label of a former holder: "Former lead:", "ancien responsable :".

    A colon closes it, and it is "former" and a word or two: what it labels held a role
    before, whichever word the question has for the role.
    """
    return (
        clause.rstrip().endswith((":", "："))
        and 1 < len(said) <= 3
        # "Previous owner:" answers who was the previous one
        and said[0] in (FORMER | PROPOSED) - asked
    )


def _deny_former(said: list[str], n: int, flags: list[bool]) -> None:
    """Deny the holder beside "former" (at ``n``), and its role.

    "Ken Ito, former owner of ...", "the former owner Ken Ito left"; not past a verb of
    change ("the former owner handed the API to Lena Park"). Past the verb of being after the
    role, or after what the role is of, up to a conjunction: "The former owner of the Pylon
    queue is Ken Ito", "the proposed owner is Jin Park"; "the former owner is retired and
    Lena Park owns it" leaves Lena Park.
    """
    _deny(flags, said, n - REACH, n + 2)
    _deny(flags, said, n + 2, n + 5, CHANGING | PREDICATES | MOVED_TO)
    after = n + 2  # the role's next word: "is", or what the role is of
    if said[after : after + 1] in (["of"], ["for"]):
        after = next(
            (m for m in range(n + 3, n + 3 + REACH) if said[m : m + 1] and said[m] in BEING), -1
        )
    if 0 <= after < len(said) and said[after] in BEING:
        _deny(flags, said, after + 1, after + 1 + REACH, CHANGING | CONJUNCTIONS)


def _deny_until(said: list[str], flags: list[bool]) -> None:
    """Deny the state a clause says lasted until a time, where the sentence says what holds now.

    Not a range ("ran from 1990 until 2005"), nor a negation ("did not open until 1934").
    """
    for n, w in enumerate(said):
        lasted = w in LASTED_UNTIL or _until(said, n)
        if lasted and not (RANGES | NEGATIONS) & set(said[:n]):
            # all the clause gives up to it: "Ken Ito owned the build pipeline until 2024";
            # "jusqu'en 2024", not "hasta 5.000 personas"
            _deny(flags, said, n - 1, -1)


def _lost_office(said: list[str], n: int, not_cues: frozenset[str] | set[str]) -> bool:
    """Whether "lost" or "defeated" at ``n`` ends a holder's office in an election.

    A loss goes to someone ("lost the election to Lena Park"); neither counts where the
    question asks who stood (:data:`CONTESTANTS`) or uses the verb itself.
    """
    if said[n] in not_cues or not ELECTIONS & set(said) or CONTESTANTS & not_cues:
        return False
    return said[n] not in LOSING or "to" in said[n + 1 : n + 5]


def _plan_is_over(said: list[str], past: bool) -> bool:
    """Whether a plan named in this clause is past, only a plan, or conceded (so it denies).

    "was planned for 1932", "only the planned date", "although planned for 1932".
    """
    marked = set(said)
    if marked & (PAST | RESTRICTING) or said[0] in CONCESSIONS:
        return True
    return not marked & IN_FORCE and past
