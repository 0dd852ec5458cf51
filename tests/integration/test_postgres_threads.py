"""A thread kept in a real PostgreSQL (Debian's package), started here on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.testing import (
    DEMO_READINGS,
    World,
    ask_demo_in_new_process,
    local_postgres,
    race_turns,
)

pytestmark = pytest.mark.integration
FOLLOW_UP, STANDALONE = (
    "And the one in Port Aster?",
    "When was the Lumen Tower in Port Aster completed?",
)


@pytest.fixture
def postgres() -> Iterator[str]:
    with local_postgres() as url:
        if url is None:
            pytest.skip("needs Debian's postgresql package (.ci/run installs it)")
        yield url


def test_a_postgres_thread_survives_a_new_process(postgres: str) -> None:
    world = World(demo_contexts(), DEMO_READINGS)
    first = ask(
        DEMO_QUESTION, demo_contexts(), model=world.model(), thread="pg", checkpoints=postgres
    )
    assert {a.answer for a in first.answer.answers} == {"1987", "1991", "2004"}
    summary = ask_demo_in_new_process(
        FOLLOW_UP, thread="pg", checkpoints=postgres, completions={FOLLOW_UP: STANDALONE}
    )
    assert summary["completed_question"] == STANDALONE


def test_eight_racing_turns_on_one_postgres_thread_are_all_kept_in_order(postgres: str) -> None:
    finished, kept = race_turns(postgres, 8)
    assert kept == finished and len(set(finished)) == 8
