"""A module never imports another module's private name (``from x import _y``): what two
modules share is public, so a split along a seam shows which names cross it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOMS = ("legacy", "campaigns", "edge", "api", "web", "config")


def private_imports(root: Path) -> list[str]:
    found = []
    for room in ROOMS:
        for path in sorted((root / room).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                    continue
                if node.module.partition(".")[0] not in ROOMS:
                    continue
                found += [
                    f"{path.relative_to(root)}: {node.module}.{alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_")
                ]
    return found


def test_no_module_imports_a_private_name_of_another():
    assert private_imports(ROOT) == []


def test_a_private_name_imported_across_modules_is_caught(tmp_path):
    (tmp_path / "legacy").mkdir()
    (tmp_path / "legacy" / "odds.py").write_text("from legacy.rolls import _kernel\n")
    assert private_imports(tmp_path) == ["legacy/odds.py: legacy.rolls._kernel"]
