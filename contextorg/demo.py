"""The bundled demo: original text about fictional places, with every relation type.

The Lumen Tower of Velmora (completed 1987, stated twice; a stale blog says 1991), another
Lumen Tower in Port Aster (2004), a page that says "the Lumen Tower" without saying which
(2004), and a page that does not answer at all.
"""

from __future__ import annotations

from importlib.resources import files

from contextorg.state.records import Context
from contextorg.tools.inputs import load_contexts

DEMO_QUESTION = "When was the Lumen Tower completed?"


def demo_contexts() -> list[Context]:
    """The demo corpus bundled with the package."""
    resource = files("contextorg") / "data" / "demo.jsonl"
    return load_contexts(str(resource))
