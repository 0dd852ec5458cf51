"""Where the benchmarks' data lives: `../shared/data` beside the checkout, read there, never copied.

Every script and test that reads it names it through here, so a checkout without the data
beside it is told apart in one place (`SHARED_DATA.exists()`).
"""

from __future__ import annotations

from pathlib import Path

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
RAMDOCS = SHARED_DATA / "ramdocs" / "RAMDocs_test.jsonl"
CONFQUESTIONS = SHARED_DATA / "ragonite-confquestions"
