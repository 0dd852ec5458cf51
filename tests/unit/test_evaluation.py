"""The evaluation harness: metrics, datasets, resumable runs, the results and the plot."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextorg.datasets import shard_of
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.evaluation import (
    CHECKS,
    QUALITY,
    USAGE,
    evaluate,
    load_dataset,
    parse_strategy,
    score_predictions,
    split_of,
)
from contextorg.state import AnswerItem
from contextorg.testing import DEMO_READINGS, World
from contextorg.tools.evaluation.metrics import (
    Gold,
    answer_precision,
    finds,
    ramdocs_em,
    score,
    squad_normalize,
    word_recall,
)
from contextorg.tools.inputs import InputError
from contextorg.tools.models.resolve import register_chat_model

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
RAMDOCS: Path = runpy.run_path(str(BENCHMARKS / "shared_data.py"))["RAMDOCS"]
LABELS = {
    "velmora-guide": "1987",
    "velmora-history": "1987",
    "velmora-blog": "1991",
    "port-aster": "2004",
    "lighthouse-list": "2004",
    "festival": "",
}


def said(*items: tuple[str, str | None, list[str]]) -> list[AnswerItem]:
    return [AnswerItem(answer=a, about=e, citations=c) for a, e, c in items]


def test_metrics_on_a_partly_right_answer() -> None:
    golds = [Gold("3,559 people", "Broken Bow, Nebraska"), Gold("June 21, 1998", "Indonesia")]
    out = score(
        golds,
        said(("3,559", "Broken Bow", ["d1"]), ("10,000 people", None, ["d2"])),
        wrong=["10,000 people"],
        labels={"d1": "3,559 people", "d2": "10,000 people"},
    )
    assert out["answer_recall"] == pytest.approx((0.5 + 0) / 2)
    assert out["acc@1"] == 1.0 and out["acc@2"] == 0.0
    assert out["strict_em"] == 0.0  # a gold answer missing, a wrong one given
    assert out["citation_accuracy"] == 1.0  # the found answer cites its own source
    assert out["entity_recall"] == pytest.approx((2 / 3 + 0) / 2)
    assert out["entity_answer_recall"] == pytest.approx((0.5 + 0) / 2)


def test_strict_em_needs_every_gold_answer_and_no_wrong_one() -> None:
    golds = [Gold("1987"), Gold("2004")]
    assert score(golds, said(("1987", None, []), ("2004", None, [])))["strict_em"] == 1.0
    both_and_wrong = said(("1987", None, []), ("2004", None, []), ("1991", None, []))
    assert score(golds, both_and_wrong, wrong=["1991"])["strict_em"] == 0.0
    assert score(golds, [])["answer_recall"] == 0.0
    assert score(golds, [])["citation_accuracy"] is None  # nothing found, nothing to cite
    cites_the_blog = said(("1987", None, ["blog"]))
    labels = {"blog": "1991", "guide": "1987"}
    assert score(golds, cites_the_blog, labels=labels)["citation_accuracy"] == 0.0


words = st.lists(st.sampled_from(["1987", "tower", "velmora", "of", "2004", "glass"]), min_size=1)


@given(words, words)
def test_recall_is_a_share_and_finding_agrees_with_it(gold: list[str], answer: list[str]) -> None:
    g, a = " ".join(gold), " ".join(answer)
    assert 0.0 <= word_recall(g, a) <= 1.0
    assert word_recall(g, g) == 1.0 and finds(g, g)
    if finds(a, g):
        assert word_recall(g, a) >= 0.5


def test_ramdocs_rows_load_with_labels_and_entities(tmp_path: Path) -> None:
    row = {  # RAMDocs' format, with our own text
        "question": "When was the Lumen Tower completed?",
        "documents": [
            {
                "text": "The Velmora tower was completed in 1987.",
                "type": "correct",
                "answer": "1987",
            },
            {"text": "Velmora's tower opened in 1991.", "type": "misinfo", "answer": "1991"},
            {"text": "A river festival.", "type": "noise", "answer": "unknown"},
        ],
        "disambig_entity": ["Lumen Tower (Velmora)"],
        "gold_answers": ["1987"],
        "wrong_answers": ["1991"],
    }
    file = tmp_path / "ramdocs.jsonl"
    file.write_text(json.dumps(row) + "\n" + json.dumps(row) + "\n")
    items = load_dataset(file)
    assert [i.id for i in items] == ["ramdocs-1", "ramdocs-2"]
    assert items[0].answers == [Gold("1987", "Lumen Tower (Velmora)")]
    assert items[0].wrong_answers == ["1991"]
    assert items[0].labels == {"d1": "1987", "d2": "1991", "d3": ""}
    assert [c.id for c in items[0].contexts] == ["d1", "d2", "d3"]


@pytest.mark.skipif(not RAMDOCS.is_file(), reason=f"RAMDocs is not at {RAMDOCS}")
def test_the_real_ramdocs_file_loads() -> None:
    items = load_dataset(RAMDOCS, limit=5)
    assert items[0].question == "What is the population of Broken Bow?"
    assert items[0].answers == [Gold("3,559 people", "Broken Bow, Nebraska")]
    assert all(len(i.contexts) == len(i.labels) for i in items)


def test_an_items_contexts_may_be_texts(tmp_path: Path) -> None:
    file = tmp_path / "texts.jsonl"
    file.write_text(
        '{"question": "Who owns the build?", "contexts": ["Dana owns the build.", '
        '{"text": "Lee owned it until May.", "answer": "Lee"}, '
        '{"id": 7, "text": "Kim owns the marina.", "answer": ""}], "answers": ["Dana"]}\n'
    )
    (item,) = load_dataset(file)
    assert [(c.id, c.text) for c in item.contexts] == [
        ("1", "Dana owns the build."),
        ("2", "Lee owned it until May."),
        ("7", "Kim owns the marina."),
    ]
    assert item.labels == {"2": "Lee", "7": ""}
    file.write_text('{"question": "q", "contexts": [7], "answers": ["a"]}\n')
    with pytest.raises(InputError, match=r"line 1: not an evaluation item .*docs/evaluation.md"):
        load_dataset(file)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"question": "q", "contexts": [], "answers": ["a"]}\n', "line 1: not an evaluation item"),
        ('{"question": "q", "answers": ["a"]}\n', "(no 'contexts')"),
        ('{"id": 1, "question": "q", "contexts": [{"id": "a", "text": "t"}], "answers": ["a"]}\n'
         '{"id": 1, "question": "q", "contexts": [{"id": "a", "text": "t"}], "answers": ["a"]}\n',
         "question id '1' appears twice"),
        ("\n", "holds no questions"),
    ],
)  # fmt: skip
def test_bad_datasets_say_what_is_wrong(tmp_path: Path, text: str, message: str) -> None:
    file = tmp_path / "bad.jsonl"
    file.write_text(text)
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_dataset(file)


def demo_dataset(folder: Path) -> Path:
    contexts = [
        {"id": c.id, "title": c.title, "text": c.text, "answer": LABELS[c.id]}
        for c in demo_contexts()
    ]
    golds = [{"answer": "1987", "entity": "Velmora"}, {"answer": "2004", "entity": "Port Aster"}]
    rows = [
        {"id": "all", "question": DEMO_QUESTION, "contexts": contexts, "answers": golds,
         "wrong_answers": ["1991"]},
        {"id": "no blog", "question": DEMO_QUESTION,
         "contexts": [c for c in contexts if c["id"] != "velmora-blog"], "answers": golds,
         "wrong_answers": ["1991"]},
    ]  # fmt: skip
    file = folder / "demo.jsonl"
    file.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return file


def test_eval_scores_strategies_and_resumes_without_model_calls(tmp_path: Path) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    items = load_dataset(demo_dataset(tmp_path))
    out = tmp_path / "run"
    rows = evaluate(
        items, ["corg", "base"], out, model=world.model(), conflicts=["show", "majority"]
    )
    assert list(rows) == ["corg", "corg, majority", "base", "base, majority"]
    assert set(rows["corg"]) == {*QUALITY, *USAGE, *CHECKS, "questions", "failures"}
    assert rows["corg"]["strict_em"] == 0.5  # the blog's 1991 is a wrong answer, given once
    assert rows["corg, majority"]["strict_em"] == 1.0  # ... and flagged disputed there
    assert rows["base"]["llm_calls"] == 1.0 < rows["corg"]["llm_calls"]
    assert rows["corg"]["answer_input_tokens"] == 0  # answered from the readings
    assert rows["corg"]["calls_over_n"] == 0 and rows["corg"]["unstated_answers"] == 0
    calls = len(world.calls)
    stored = sorted(p.name for p in (out / "items" / "corg").iterdir())
    assert stored == ["all-d87c4480.json", "no_blog-6f18455d.json", "settings.json"]
    (out / "items" / "base" / "all-d87c4480.json").unlink()  # as if the run had stopped there
    again = evaluate(
        items, ["corg", "base"], out, model=world.model(), conflicts=["show", "majority"]
    )
    for name, row in rows.items():  # the same numbers, but for the re-run question's seconds
        assert {k: v for k, v in again[name].items() if k != "seconds"} == {
            k: v for k, v in row.items() if k != "seconds"
        }
    assert world.calls[calls:] == ["GroupAnswers"]  # only the missing question ran


def test_a_resume_with_other_settings_is_refused_not_mixed_in(tmp_path: Path) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    items = load_dataset(demo_dataset(tmp_path))
    out = tmp_path / "run"
    evaluate(items, ["corg"], out, model=world.model())
    other = World(demo_contexts(), DEMO_READINGS)  # another script: another model
    with pytest.raises(InputError, match=r"holds results of other settings \(model differ\)"):
        evaluate(items, ["corg"], out, model=other.model())
    with pytest.raises(InputError, match="options differ"):
        evaluate(items, ["corg"], out, model=world.model(), max_group_size=2)
    rows = evaluate(items, ["corg"], out, model=other.model(), fresh=True)
    assert rows["corg"]["questions"] == 2 and other.calls


def test_strategy_options_are_their_own_rows_and_results(tmp_path: Path) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    items = load_dataset(demo_dataset(tmp_path))
    rows = evaluate(items, ["corg", "corg:answer_from=model"], tmp_path, model=world.model())
    assert rows["corg:answer_from=model"]["answer_input_tokens"] > 0
    assert rows["corg:answer_from=model"]["llm_calls"] > rows["corg"]["llm_calls"]
    assert (tmp_path / "items" / "corg_answer_from=model" / "settings.json").is_file()
    with pytest.raises(InputError, match="cannot read 'answers=model'"):
        parse_strategy("corg:answers=model")
    assert parse_strategy("corg:max_group_size=2") == ("corg", {"max_group_size": 2})


def test_ids_that_look_alike_keep_their_own_results(tmp_path: Path) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    base = load_dataset(demo_dataset(tmp_path))[0]
    items = [base.model_copy(update={"id": "x/1"}), base.model_copy(update={"id": "x_1"})]
    evaluate(items, ["base"], tmp_path, model=world.model())
    assert len(list((tmp_path / "items" / "base").glob("x_1-*.json"))) == 2


def test_a_split_keeps_the_questions_of_that_split(tmp_path: Path) -> None:
    rows = [
        {"id": str(n), "question": f"Question {n}?", "contexts": [{"id": "a", "text": "t"}],
         "answers": ["t"]}
        for n in range(40)
    ]  # fmt: skip
    file = tmp_path / "d.jsonl"
    file.write_text("".join(json.dumps(r) + "\n" for r in rows))
    held = load_dataset(file, split="heldout")
    dev = load_dataset(file, split="dev")
    assert {i.id for i in held} | {i.id for i in dev} == {str(n) for n in range(40)}
    assert not {i.id for i in held} & {i.id for i in dev} and 0 < len(held) < 20
    assert all(split_of(i.question) == "heldout" for i in held)


def test_a_duplicate_context_id_names_the_question(tmp_path: Path) -> None:
    row = {"id": "q7", "question": "q", "answers": ["a"],
           "contexts": [{"id": "a", "text": "t"}, {"id": "a", "text": "u"}]}  # fmt: skip
    file = tmp_path / "d.jsonl"
    file.write_text(json.dumps(row) + "\n")
    with pytest.raises(InputError, match="line 1: question 'q7' has two contexts with id 'a'"):
        load_dataset(file)


def test_the_cli_writes_results_run_and_plot_and_caches_responses(
    tmp_path: Path, run_cli: Any
) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    register_chat_model("scripted-eval", lambda _: world.model(), real=False)
    dataset = demo_dataset(tmp_path)
    args = ["eval", str(dataset), "--out", str(tmp_path / "a"), "--model", "scripted-eval",
            "--strategy", "corg,separate", "--conflicts", "show,majority"]  # fmt: skip
    code, out, err = run_cli(args)
    assert code == 0, err
    assert out.splitlines()[0].startswith("| strategy | answer_recall |")
    assert "| corg, majority | 1.000 |" in out
    results = json.loads((tmp_path / "a" / "results.json").read_text())
    assert set(results) == {"corg", "corg, majority", "separate", "separate, majority"}
    run = json.loads((tmp_path / "a" / "run.json").read_text())
    assert run["questions"] == ["all", "no blog"] and run["model"] == "scripted-eval"
    assert (tmp_path / "a" / "quality_vs_tokens.png").read_bytes()[:4] == b"\x89PNG"
    calls = len(world.calls)
    # A new output folder, the same response cache file: every response is reused.
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "responses.sqlite").write_bytes(
        (tmp_path / "a" / "responses.sqlite").read_bytes()
    )
    code, _, err = run_cli([*args[:3], str(tmp_path / "b"), *args[4:]])
    assert code == 0 and len(world.calls) == calls and "cached responses reused" in err
    code, _, err = run_cli(["eval", str(dataset), "--out", str(tmp_path / "c"),
                            "--strategy", "corg,clusters"])  # fmt: skip
    assert code == 2 and "unknown strategy 'clusters'" in err


def test_a_sample_is_seeded_and_keeps_file_order(tmp_path: Path) -> None:
    rows = [
        {"id": str(n), "question": f"Question {n}?", "contexts": [{"id": "a", "text": "t"}],
         "answers": ["t"]}
        for n in range(30)
    ]  # fmt: skip
    file = tmp_path / "d.jsonl"
    file.write_text("".join(json.dumps(r) + "\n" for r in rows))
    first = [i.id for i in load_dataset(file, sample=10, seed=3)]
    assert first == [i.id for i in load_dataset(file, sample=10, seed=3)]
    assert first != [i.id for i in load_dataset(file, sample=10, seed=4)]
    assert first == sorted(first, key=int) and len(first) == 10


def test_shards_split_the_questions_between_processes(tmp_path: Path) -> None:
    rows = [
        {"id": str(n), "question": f"Question {n}?", "contexts": [{"id": "a", "text": "t"}],
         "answers": ["t"]}
        for n in range(7)
    ]  # fmt: skip
    file = tmp_path / "d.jsonl"
    file.write_text("".join(json.dumps(r) + "\n" for r in rows))
    items = load_dataset(file)
    first, second = shard_of(items, "1/2"), shard_of(items, "2/2")
    assert [i.id for i in first] == ["0", "2", "4", "6"]
    assert [i.id for i in second] == ["1", "3", "5"]
    for bad in ("0/2", "3/2", "2", "a/b"):
        with pytest.raises(InputError, match="give K/N"):
            shard_of(items, bad)
    with pytest.raises(InputError, match="no questions"):
        shard_of(items[:1], "2/2")


def test_ramdocs_em_is_the_papers_exact_match_on_the_reply() -> None:
    assert squad_normalize("The answer is: 3,559 People!") == "answer is 3559 people"
    gold, wrong = ["3,559 people"], ["10,000 people"]
    assert ramdocs_em("It had 3,559 people in 2010.", gold, wrong) == 1.0
    assert ramdocs_em("It had 3,559 in 2010.", gold, wrong) == 0.0  # no half matches
    assert ramdocs_em("3,559 people, or 10,000 people", gold, wrong) == 0.0  # a wrong one said
    assert ramdocs_em("3,559 people", gold, ["the"]) == 1.0  # a wrong answer empty once normalized
    # Strict EM takes the half match the paper's metric does not.
    metrics = score([Gold("3,559 people")], said(("3,559", None, ["a"])), wrong=wrong)
    assert metrics["strict_em"] == 1.0 and metrics["ramdocs_em"] == 0.0


def test_answer_precision_is_the_share_of_shown_answers_that_are_gold() -> None:
    golds = [Gold("1987"), Gold("2004")]
    shown = said(("1987", None, ["a"]), ("1991", None, ["b"]), ("NFL", None, ["c"]))
    assert answer_precision(golds, shown) == pytest.approx(1 / 3)
    assert answer_precision(golds, []) is None


def test_another_systems_replies_are_a_row_of_the_same_table(tmp_path: Path, run_cli: Any) -> None:
    dataset = demo_dataset(tmp_path)
    items = load_dataset(dataset)
    replies = tmp_path / "replies.jsonl"
    lines = [{"question": i.question, "prediction": "Completed in 1987, 1991 and 2004."}
             for i in items]  # fmt: skip
    replies.write_text("".join(json.dumps(line) + "\n" for line in lines))
    row = score_predictions(items, replies)
    assert row["questions"] == len(items) and row["answer_recall"] == 1.0
    assert "answer_precision" not in row and "citation_accuracy" not in row
    # No --strategy: only the replies are scored (no model is resolved).
    code, out, err = run_cli(["eval", str(dataset), "--out", str(tmp_path / "o"),
                              "--predictions", f"peer={replies}"])  # fmt: skip
    assert code == 0, err
    assert [line.split(" | ")[0] for line in out.splitlines()[2:]] == ["| peer"]
    assert json.loads((tmp_path / "o" / "run.json").read_text())["predictions"] == {
        "peer": str(replies)
    }
    replies.write_text(json.dumps({"question": "Another question?", "prediction": "1987"}) + "\n")
    code, _, err = run_cli(["eval", str(dataset), "--out", str(tmp_path / "p"),
                            "--predictions", f"peer={replies}"])  # fmt: skip
    assert code == 2 and "has no prediction for 2 of the 2 questions" in err
    code, _, err = run_cli(["eval", str(dataset), "--out", str(tmp_path / "p"),
                            "--predictions", "peer"])  # fmt: skip
    assert code == 2 and "write NAME=FILE" in err
    (tmp_path / "f").write_text("kept")
    code, _, err = run_cli(["eval", str(dataset), "--out", str(tmp_path / "f"),
                            "--predictions", f"peer={replies}"])  # fmt: skip
    assert code == 2 and f"--out {tmp_path / 'f'} is a file: give a folder" in err, err
    assert (tmp_path / "f").read_text() == "kept"


def test_the_published_70b_replies_score_as_the_source_says() -> None:
    if not RAMDOCS.exists():
        pytest.skip(f"no RAMDocs at {RAMDOCS}")
    peers = RAMDOCS.parents[1] / "ramdocs-peers" / "llama-3.3-70b-instruct-concatenated.jsonl"
    row = score_predictions(load_dataset(RAMDOCS, split="heldout"), peers)
    assert round(row["ramdocs_em"], 3) == 0.319 and round(row["strict_em"], 3) == 0.336
