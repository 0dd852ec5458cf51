"""The benchmark scripts replay what they stored and leave nothing behind."""

from __future__ import annotations

import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LONG = ROOT / "benchmarks" / "results" / "long-documents"
# The benchmarks' questions and filler: read where they are, never copied.
DATA: Path = runpy.run_path(str(ROOT / "benchmarks" / "shared_data.py"))["SHARED_DATA"]


@pytest.mark.skipif(not (DATA / "ramdocs").is_dir(), reason=f"no benchmark data at {DATA}")
def test_replaying_stored_long_document_items_opens_no_response_cache(tmp_path: Path) -> None:
    items = tmp_path / "items" / "search-1024"
    items.mkdir(parents=True)
    shutil.copy(LONG / "items" / "search-1024" / "64000-0.json", items)
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "long_documents.py"), "--stored",
         "--sizes", "64000", "--methods", "search-1024,segments", "--questions", "1",
         "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "| 64000 | search-1024 | 1 | 0.67 |" in done.stdout
    assert "| 64000 | segments |" not in done.stdout  # not stored, not asked
    assert not (tmp_path / "responses").exists()
