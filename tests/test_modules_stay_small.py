"""No module of the doors (``web``, ``api``), the edge, ``campaigns`` or ``legacy`` is over 500
lines: a module that grows past it is split along its seams into a package or sibling modules,
and what the parts share gets a public name (``tests/test_seams_are_public.py``)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOMS = ("web", "api", "edge", "campaigns", "legacy")
LIMIT = 500


def test_no_module_of_the_project_is_over_500_lines():
    too_long = {
        str(path.relative_to(ROOT)): lines
        for room in ROOMS
        for path in sorted((ROOT / room).rglob("*.py"))
        if "migrations" not in path.parts
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT
    }
    assert not too_long, too_long
