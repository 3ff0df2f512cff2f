"""One way to the database: the ORM. Outside migrations (and ``bench/`` and ``tools/``, which
may build data in bulk), no module writes SQL by hand, opens a cursor, talks to the driver or
reaches into Django's private machinery for reading rows. What the driver can do for every
query (binding on the server, preparing hot statements) is a setting (``config/settings.py``).

The modules are read with ``ast``, so a lazy import or a call inside a function is seen too;
docstrings may speak of SQL, string values may not hold it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOMS = ("legacy", "campaigns", "edge", "api", "web", "config")

# A call of any of these methods is a statement written by hand (``connection.cursor()``,
# ``cursor.execute(...)``, ``Model.objects.raw(...)``, ``queryset.extra(...)``).
CALLS = {"cursor", "execute", "executemany", "callproc", "raw", "extra"}
# Names that only hand-written SQL or the backend's private reading of rows needs.
NAMES = {"RawSQL", "CursorDebugWrapper", "CursorWrapper", "from_db", "get_db_converters"}
# The drivers and Django's backends, which only the ORM itself should talk to.
MODULES = ("psycopg", "psycopg2", "sqlite3", "django.db.backends")
SQL = re.compile(
    r"\b(SELECT\b.*\bFROM|INSERT\s+INTO|UPDATE\b.*\bSET|DELETE\s+FROM)\b", re.DOTALL
)  # SQL's keywords as SQL is written here: in capitals (a sentence may say "select ... from")


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (or other bare string statements)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def hand_written_sql(source: str) -> list[str]:
    """What in ``source`` goes to the database around the ORM: one line per finding."""
    tree = ast.parse(source)
    skipped = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in CALLS:
                found.append(f"{line}: .{node.func.attr}(...)")
        elif isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in NAMES:
                found.append(f"{line}: {name}")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            modules = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
            )
            if isinstance(node, ast.ImportFrom):
                found += [
                    f"{line}: import {alias.name}" for alias in node.names if alias.name in NAMES
                ]
            for module in modules:
                if any(module == m or module.startswith(f"{m}.") for m in MODULES):
                    found.append(f"{line}: import {module}")
        elif isinstance(node, ast.JoinedStr):  # an f-string: its text around the values
            text = " x ".join(part.value for part in node.values if isinstance(part, ast.Constant))
            if SQL.search(text):
                found.append(f"{line}: SQL in an f-string: {text[:60]!r}")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skipped
            and SQL.search(node.value)
        ):
            found.append(f"{line}: SQL in a string: {node.value[:60]!r}")
    return found


def project_modules() -> list[Path]:
    return [
        path
        for room in ROOMS
        for path in sorted((ROOT / room).rglob("*.py"))
        if "migrations" not in path.relative_to(ROOT).parts
    ]


def test_no_module_writes_sql_by_hand_outside_the_migrations():
    problems = []
    for path in project_modules():
        for finding in hand_written_sql(path.read_text(encoding="utf-8")):
            problems.append(f"{path.relative_to(ROOT)}:{finding}")
    assert not problems, "SQL written by hand, around the ORM:\n" + "\n".join(problems)


def test_the_statements_written_by_hand_that_it_looks_for_are_found():
    # The check above proves nothing unless it finds what it looks for.
    samples = {
        "with connection.cursor() as c:\n    c.execute('SELECT 1')": 2,
        "Campaign.objects.raw('SELECT * FROM campaigns_campaign')": 2,
        "Campaign.objects.extra(where=['id = 1'])": 1,
        "from django.db.models.expressions import RawSQL": 1,
        "import psycopg": 1,
        "from django.db.backends.postgresql.base import CursorDebugWrapper": 2,
        "Model.from_db('default', names, values)": 1,
        "sql = f'UPDATE {table} SET a = 1'": 1,
        "sql = 'DELETE FROM t WHERE id = %s'": 1,
    }
    for source, count in samples.items():
        assert len(hand_written_sql(source)) == count, source


def test_words_about_sql_in_docstrings_and_orm_calls_are_not_taken_for_it():
    source = '''
def lock():
    """An UPDATE takes the row lock, as SELECT ... FOR UPDATE would."""
    Campaign.objects.select_for_update().filter(pk=1).update(world_version=F("world_version") + 1)
    message = "Select a faction from the list."
'''
    assert hand_written_sql(source) == []
