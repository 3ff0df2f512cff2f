"""Tests share their people, games and helpers through ``tests.support`` and nothing else.

A helper imported from another test module (or from a conftest) ties two test files together:
moving or renaming one breaks the other, and the same setup ends up written again beside it. So a
module under ``tests/`` may import from ``tests.support``; any other import from ``tests`` (a
test module, a conftest, a package's ``__init__``), relative ones included, is refused here.
Fixtures still come from the conftests, which pytest hands to the tests without an import.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
SUPPORT = "tests.support"


def within(package: str, module: str) -> bool:
    return module == package or module.startswith(package + ".")


def borrowed(source: str, in_support: bool = False) -> list[str]:
    """The imports of ``source`` that reach into ``tests`` other than ``tests.support``, as
    written; a module of the support package may import its neighbours relatively."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                if not in_support or node.level > 1:
                    found.append(f"line {node.lineno}: a relative import")
                continue
            module = node.module or ""
            modules = [module]
            if module == "tests":
                modules = [f"tests.{alias.name}" for alias in node.names]
        else:
            continue
        for module in modules:
            if within("tests", module) and not within(SUPPORT, module):
                found.append(f"line {node.lineno}: {module}")
    return sorted(found, key=lambda line: int(line.split()[1].rstrip(":")))


def test_no_module_of_the_suite_imports_from_tests_anything_but_tests_support():
    offences = []
    for path in sorted(TESTS.rglob("*.py")):
        in_support = (TESTS / "support") in path.parents
        for offence in borrowed(path.read_text(encoding="utf-8"), in_support):
            offences.append(f"{path.relative_to(TESTS.parent)} {offence}")
    assert offences == [], "import it from tests.support instead:\n" + "\n".join(offences)


def test_the_rule_sees_every_way_of_borrowing_from_another_test_module():
    source = """
from tests.web.conftest import play
from tests.photos import made
from tests import conftest
import tests.api.conftest
from .conftest import seats

def later():
    from tests.campaigns.test_games import finish
"""
    assert borrowed(source) == [
        "line 2: tests.web.conftest",
        "line 3: tests.photos",
        "line 4: tests.conftest",
        "line 5: tests.api.conftest",
        "line 6: a relative import",
        "line 9: tests.campaigns.test_games",
    ]


def test_the_rule_lets_the_support_package_through():
    source = """
from tests.support.games import play, start_next_game
from tests.support import made
import tests.support.api
from tests import support
"""
    assert borrowed(source) == []
