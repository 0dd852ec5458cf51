"""Release 0.1's flat ``contextorg.tools`` modules still import, with a warning, for one release."""

from __future__ import annotations

import importlib
import sys

import pytest

from contextorg.tools import MOVED
from contextorg.tools.relations import reading
from contextorg.tools.retrieval.hybrid import HybridIndex


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_an_old_module_name_imports_its_new_module_with_a_warning(
    old: str, new: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(sys.modules, f"contextorg.tools.{old}", raising=False)
    with pytest.warns(DeprecationWarning, match=f"tools.{old} moved to contextorg.tools.{new}"):
        moved = importlib.import_module(f"contextorg.tools.{old}")
    target = importlib.import_module(f"contextorg.tools.{new}")
    public = [name for name in vars(target) if not name.startswith("_")]
    assert public and all(getattr(moved, name) is getattr(target, name) for name in public)


def test_the_documented_imports_of_release_0_1_still_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "contextorg.tools.hybrid_index", raising=False)
    with pytest.warns(DeprecationWarning, match="moved to contextorg.tools.retrieval.hybrid"):
        from contextorg.tools.hybrid_index import HybridIndex as Old
    assert Old is HybridIndex


def test_names_of_a_module_that_became_a_package_resolve_with_a_warning() -> None:
    with pytest.warns(DeprecationWarning, match="moved to contextorg.tools.relations.reading"):
        from contextorg.tools.relations import read_answer
    assert read_answer is reading.read_answer
    with pytest.raises(ImportError, match="no_such_name"):
        from contextorg.tools.relations import no_such_name  # noqa: F401


def test_a_submodule_import_gives_no_warning() -> None:
    from contextorg.tools.models import guard, weights  # both also names in models.resolve

    assert guard.__name__ == "contextorg.tools.models.guard" and weights.__name__.endswith(
        "weights"
    )
