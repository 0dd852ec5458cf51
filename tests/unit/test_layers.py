"""The package's layers: state <- prompts <- tools <- nodes <- graphs <- contextorg.

A module imports only from its own layer or the ones below, at module level (imports for type
checking only are free). An upward import, or one of our modules imported inside a function,
fails here with the file and line, so the layering cannot erode unseen.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ["state", "prompts", "tools", "nodes", "graphs", "contextorg"]
"""Bottom to top; ``contextorg`` is the package's own folder (API, CLI, report, testing)."""


def layer(module: str) -> int:
    """The layer of ``contextorg.X.Y`` (the package root counts as the top)."""
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else len(LAYERS) - 1


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts if parts[0] == "contextorg" else ["contextorg", *parts])


def imports(tree: ast.Module) -> Iterator[tuple[str, int, bool]]:
    """Every ``contextorg`` import: (module, line, whether it runs inside a function)."""

    def visit(node: ast.AST, in_function: bool) -> Iterator[tuple[str, int, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                yield from (i for n in child.orelse for i in visit(n, in_function))
                continue
            inner = in_function or isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
            )
            if isinstance(child, ast.ImportFrom) and child.module:
                names = [child.module]
            elif isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            else:
                yield from visit(child, inner)
                continue
            for name in names:
                if name == "contextorg" or name.startswith("contextorg."):
                    yield name, child.lineno, in_function

    yield from visit(tree, False)


def violations() -> list[str]:
    found = []
    for folder in LAYERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            here = module_of(path)
            for target, line, in_function in imports(ast.parse(path.read_text())):
                where = f"{path.relative_to(ROOT)}:{line}: {here} imports {target}"
                if layer(target) > layer(here):
                    found.append(f"{where} (upward)")
                elif in_function:
                    found.append(f"{where} (inside a function)")
    return found


def test_every_import_points_down_and_sits_at_module_level() -> None:
    assert violations() == []


def test_the_check_catches_an_upward_and_an_in_function_import(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "from contextorg.api import ask\n"
        "if TYPE_CHECKING:\n"
        "    from contextorg.graphs.qa import graph\n"
        "def f():\n"
        "    from contextorg.tools.text.normalize import mentions\n"
    )
    found = list(imports(ast.parse(source)))
    assert found == [("contextorg.api", 2, False), ("contextorg.tools.text.normalize", 6, True)]
    assert (
        layer("contextorg.api")
        > layer("contextorg.tools.models.resolve")
        > layer("contextorg.state")
    )
