"""The doors read through the selectors: no view of the pages (``web/views``) or of the API
(``api/views``) asks a model's manager (``Model.objects``) itself. What a door reads is a read
model in ``campaigns/selectors/`` (or a service), where the pages and the API share it and its
queries are counted once.

The views are read with ``ast``, so ``objects`` in a docstring or a comment does not count, and a
manager reached inside a function or a lambda does.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOORS = ("web/views", "api/views")

# Views let off reading the ORM themselves: none. A view that needs a read adds it to
# ``campaigns/selectors/``.
NOT_YET: frozenset[str] = frozenset()


def managers_asked(source: str) -> list[int]:
    """The lines of ``source`` where a model's manager (``.objects``) is reached."""
    return sorted(
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr == "objects"
    )


def views() -> dict[str, Path]:
    return {
        str(path.relative_to(ROOT)): path
        for door in DOORS
        for path in sorted((ROOT / door).rglob("*.py"))
    }


def test_no_view_of_either_door_asks_a_manager_itself():
    found = {
        name: lines
        for name, path in views().items()
        if name not in NOT_YET and (lines := managers_asked(path.read_text(encoding="utf-8")))
    }
    assert not found, f"read these through campaigns/selectors/ instead: {found}"


def test_every_view_let_off_still_needs_it():
    """A view in ``NOT_YET`` that no longer reads the ORM leaves the set, so that it cannot
    start again unnoticed."""
    known = views()
    assert set(known) >= NOT_YET, NOT_YET - set(known)
    done = sorted(n for n in NOT_YET if not managers_asked(known[n].read_text(encoding="utf-8")))
    assert not done, f"no longer reads the ORM itself: remove it from NOT_YET: {done}"


def test_the_scan_sees_a_manager_wherever_it_is_reached():
    source = '''
"""Player.objects in a docstring is only words."""
# Player.objects in a comment too
def view(request):
    rows = lambda: Game.objects.filter(number=1)
    return Player.objects.all(), rows
'''
    assert managers_asked(source) == [5, 6]
