"""The HTML report in headless Chromium: it renders, and makes no network request of any kind."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from contextorg import ask
from contextorg.demo import DEMO_QUESTION, demo_contexts
from contextorg.report import write_report
from contextorg.testing import DEMO_READINGS, World

pytestmark = pytest.mark.integration
CHROMIUM = shutil.which("chromium")
# Chromium's own background services, not the page: they are contacted whatever page loads.
BROWSER_HOSTS = re.compile(r"^https?://([a-z0-9-]+\.)*(google\.com|googleapis\.com|gstatic\.com)/")


def render(page: Path, tmp_path: Path) -> tuple[bytes, list[str]]:
    """Screenshot ``page`` and return the PNG and every http(s) URL in Chromium's net log."""
    shot, log = tmp_path / f"{page.stem}.png", tmp_path / f"{page.stem}.netlog.json"
    subprocess.run(
        [
            str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}", f"--log-net-log={log}",
            "--window-size=1200,1400", f"--screenshot={shot}", page.as_uri(),
        ],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    urls = set(re.findall(r'"url":"(https?://[^"]+)"', log.read_text(errors="replace")))
    return shot.read_bytes(), sorted(u for u in urls if not BROWSER_HOSTS.match(u))


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (.ci/run installs it)")
def test_report_renders_offline_in_chromium(tmp_path: Path) -> None:
    from PIL import Image

    world = World(demo_contexts(), DEMO_READINGS)
    result = ask(DEMO_QUESTION, demo_contexts(), model=world.model())
    png, requests = render(write_report(result, tmp_path / "report.html"), tmp_path)
    assert requests == []
    image = Image.open(tmp_path / "report.png").convert("L")
    low, high = image.getextrema()
    assert high - low > 100, "the screenshot is blank"
    colours = Image.open(tmp_path / "report.png").convert("RGB").getcolors(1 << 20) or []
    assert len(colours) > 50, "the screenshot has almost no content"
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    # The check can fail: a page with one external image is caught.
    leaky = tmp_path / "leaky.html"
    leaky.write_text("<img src='https://example.com/pixel.png'>")
    assert render(leaky, tmp_path)[1] == ["https://example.com/pixel.png"]
