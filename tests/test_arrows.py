"""The rooms' arrows: ``web -> campaigns -> legacy`` and ``api -> campaigns -> legacy``.

``legacy`` (the game) imports none of the others; ``campaigns`` (people, sessions, services)
imports neither door; ``web`` and ``api`` are two doors into the same house and never import each
other. ``edge`` (what every request meets before a door: keys, limits, the error shape) is
imported by both doors and imports neither. ``config`` keeps settings, urls and the servers.
No module imports itself back through others. Imports are read with ``ast``, wherever they
stand (inside a function too), so a lazy import cannot hide an arrow.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOMS = ("legacy", "campaigns", "edge", "api", "web", "config")
FORBIDDEN = {
    "legacy": {"campaigns", "edge", "api", "web"},
    "campaigns": {"edge", "api", "web"},
    "edge": {"api", "web", "config"},
    "api": {"web"},
    "web": {"api"},
}


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules_of(root: Path, rooms=ROOMS) -> dict[str, Path]:
    found = {}
    for room in rooms:
        for path in sorted((root / room).rglob("*.py")):
            found[module_name(root, path)] = path
    return found


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules that ``name`` imports (a ``from package import module`` names the
    module; anything outside the project is left out)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph(root: Path, rooms=ROOMS) -> dict[str, set[str]]:
    known = modules_of(root, rooms)
    return {name: imports_of(name, path, known) for name, path in known.items()}


def wrong_arrows(edges: dict[str, set[str]]) -> list[str]:
    wrong = []
    for source, targets in sorted(edges.items()):
        room = source.partition(".")[0]
        for target in sorted(targets):
            if target.partition(".")[0] in FORBIDDEN.get(room, ()):
                wrong.append(f"{source} -> {target}")
    return wrong


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import one another, round and back (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_every_arrow_points_the_allowed_way():
    assert wrong_arrows(graph(ROOT)) == []


def test_no_module_imports_itself_back_through_others():
    assert circles(graph(ROOT)) == []


# The modules of ``legacy`` that are not pure, each with why: the rest hold the rules, the
# odds, the drawing and the board's facts, and import nothing from Django.
NOT_PURE = {
    "legacy.apps": "the Django app",
    "legacy.models": "the world's marks as rows",
    "legacy.migrations": "the rows' history",
    "legacy.selectors": "reads the rows into a plain World",
    "legacy.corrections": "writes corrections of the rows",
    "legacy.rulebook": "the rulebook's section titles, translated for the pages",
    "legacy.wording": "a refusal's sentence, translated for its reader",
}


def django_imports(path: Path) -> list[str]:
    """Every import of Django in a module, wherever it stands."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        found += [n for n in names if n == "django" or n.startswith("django.")]
    return found


def pure(name: str) -> bool:
    return not any(name == skip or name.startswith(skip + ".") for skip in NOT_PURE)


def impure_rules(root: Path) -> dict[str, list[str]]:
    return {
        name: imported
        for name, path in modules_of(root, ("legacy",)).items()
        if pure(name) and (imported := django_imports(path))
    }


def test_the_rules_odds_drawing_and_board_import_nothing_from_django():
    assert impure_rules(ROOT) == {}


def test_the_pure_modules_are_really_read():
    checked = {name for name in modules_of(ROOT, ("legacy",)) if pure(name)}
    assert {
        "legacy.rules",
        "legacy.rules.table_rules",
        "legacy.rules.finish_rules",
        "legacy.odds",
    } <= checked
    assert {"legacy.drawing", "legacy.board", "legacy.world", "legacy.box"} <= checked


def test_a_rule_importing_django_is_caught(tmp_path):
    root = write(
        tmp_path,
        {
            "legacy/__init__.py": "",
            "legacy/rules.py": "def ok():\n    from django.db import models\n",
            "legacy/models.py": "from django.db import models\n",
        },
    )
    assert impure_rules(root) == {"legacy.rules": ["django.db"]}


def test_the_doors_and_the_services_are_really_read():
    edges = graph(ROOT)
    assert "campaigns.game.finish" in edges["web.views.finish"]
    assert "campaigns.game.finish" in edges["api.views.finish"]
    assert "legacy.rules" in edges["campaigns.game.finish"]
    assert "campaigns.selectors.history" in edges["web.views.history"]
    assert "campaigns.selectors.standings" in edges["api.views.derived"]


# The game's pure parts: plain data in, numbers or pictures out, tested without a database.
PURE = ("legacy.drawing", "legacy.odds")


def outside_imports(path: Path) -> set[str]:
    """The first part of every module ``path`` imports, wherever the import stands."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.partition(".")[0])
    return found


def test_the_drawing_and_the_odds_import_no_django():
    pure = {
        name: path for name, path in modules_of(ROOT, ("legacy",)).items() if name.startswith(PURE)
    }
    assert len(pure) > 2  # both are packages of several modules
    assert {
        name: "django" for name, path in pure.items() if "django" in outside_imports(path)
    } == {}


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_rule_importing_a_service_is_caught(tmp_path):
    root = write(
        tmp_path,
        {
            "legacy/__init__.py": "",
            "legacy/rules.py": "def ok():\n    from campaigns import services\n",
            "campaigns/__init__.py": "",
            "campaigns/services.py": "from legacy import rules\n",
        },
    )
    assert wrong_arrows(graph(root)) == ["legacy.rules -> campaigns.services"]


def test_one_door_importing_the_other_is_caught(tmp_path):
    root = write(
        tmp_path,
        {
            "web/__init__.py": "",
            "web/views.py": "from api.views.common import ApiView\n",
            "api/__init__.py": "",
            "api/views/__init__.py": "",
            "api/views/common.py": "from ..views import common\n",
        },
    )
    assert wrong_arrows(graph(root)) == ["web.views -> api.views.common"]


def test_a_circle_of_two_modules_is_caught(tmp_path):
    root = write(
        tmp_path,
        {
            "campaigns/__init__.py": "",
            "campaigns/snapshots.py": "def ask():\n    from campaigns.tasks import render\n",
            "campaigns/tasks.py": "from campaigns import snapshots\n",
        },
    )
    assert circles(graph(root)) == [["campaigns.snapshots", "campaigns.tasks"]]
