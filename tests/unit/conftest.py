"""Fixtures shared by the unit tests."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from contextorg.cli import main

RunCli = Callable[[list[str]], tuple[int, str, str]]


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> RunCli:
    """Run ``contextorg ARGV`` in-process: exit code, stdout, stderr."""

    def run(argv: list[str]) -> tuple[int, str, str]:
        old = sys.argv
        sys.argv = ["contextorg", *argv]
        try:
            main()
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        finally:
            sys.argv = old
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run
