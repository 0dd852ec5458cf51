"""Han characters in other variants: a reply in simplified characters of a traditional text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg import Context, ask
from contextorg.testing import World
from contextorg.tools.relations.graph import Triple
from contextorg.tools.text.phrases import answer_phrase, bare_reply
from contextorg.tools.text.variants import fold, in_text_spelling

JA_QUESTION = "ハーバーのビルドの担当者は誰ですか？"


@pytest.mark.parametrize(
    ("reply", "text", "shown"),
    [
        ("朴丽娜", "担当者：朴麗娜（旧担当：伊藤健）", "朴麗娜"),  # Japanese: 麗, simplified 丽
        ("张丽华", "海港構建目前由張麗華負責。", "張麗華"),  # traditional Chinese
        ("广岛", "広島は日本の都市です。", "広島"),  # a Japanese form (広), simplified 广
        ("台湾", "臺灣的首都是臺北。", "臺灣"),
        # as written, or not in the text in any form: as it is
        ("朴麗娜", "担当者：朴麗娜", "朴麗娜"),
        ("王强", "担当者：朴麗娜", "王强"),
        ("Lena Park", "Owner: Lena Park", "Lena Park"),
    ],
)
def test_a_reply_is_spelt_as_its_text_writes_it(reply: str, text: str, shown: str) -> None:
    assert in_text_spelling(reply, text) == shown
    assert bare_reply(reply, text) == shown


@given(st.text(alphabet="朴麗丽娜張张華华國国臺台灣湾広广島岛ab 1", max_size=30))
def test_folding_keeps_every_character_in_its_place(text: str) -> None:
    assert len(fold(text)) == len(text)
    assert fold(fold(text)) == fold(text)


def test_traditional_and_simplified_fold_alike() -> None:
    assert fold("張麗華負責") == fold("张丽华负责")
    assert fold("広島") == fold("廣島") == fold("广岛")


@pytest.mark.parametrize(
    ("reply", "shown"),
    [
        ("朴麗娜が担当しています。", "朴麗娜"),
        ("ビルドは朴麗娜が担当しています。", "朴麗娜"),
        # what the reply says of its subject is not what is asked: kept whole
        ("朴麗娜が大阪に住んでいます", "朴麗娜が大阪に住んでいます"),
    ],
)
def test_a_japanese_reply_that_names_its_subject_answers_with_it(reply: str, shown: str) -> None:
    assert answer_phrase(reply, JA_QUESTION) == shown


def test_a_page_in_han_characters_alone_is_asked_a_japanese_question_as_it_is() -> None:
    # "担当者：朴麗娜" is told Chinese, but may be Japanese: both read its characters alike, so
    # the question is not put into Chinese (the 1.5B model put it as "谁是负责Harper的构建的人？")
    contexts = [Context(id="wiki", text="担当者：朴麗娜（旧担当：伊藤健）")]
    world = World(contexts, {"wiki": Triple(True, None, "朴丽娜（旧担当：伊藤健）")})
    result = ask(JA_QUESTION, contexts, model=world.model())
    assert result.usage["classify_relations"].llm_calls == 1
    assert [a.answer for a in result.answer.answers] == ["朴麗娜"]


def test_a_japanese_page_read_in_simplified_characters_is_cited_for_its_current_owner() -> None:
    # The 1.5B model replies in simplified characters and keeps the page's aside on the former
    # owner: both pages are cited for the owner, as the pages write her name.
    contexts = [
        Context(id="wiki", text="担当者：朴麗娜（旧担当：伊藤健）"),
        Context(id="notes", text="リリースノート：ビルドは朴麗娜が担当しています。"),
    ]
    readings = {
        "wiki": Triple(True, None, "朴丽娜（旧担当：伊藤健）"),
        "notes": Triple(True, None, "朴丽娜が担当しています。"),
    }
    result = ask(JA_QUESTION, contexts, model=World(contexts, readings).model())
    assert [(a.answer, sorted(a.citations)) for a in result.answer.answers] == [
        ("朴麗娜", ["notes", "wiki"])
    ]
    assert "伊藤健" not in result.text
