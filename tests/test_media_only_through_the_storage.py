"""One way to the media: Django's storage API. The pictures, photos, PDFs, posters and backups
are written and read through ``default_storage`` and the models' file fields, never through a
path on the machine's disk, so that the same code runs on a local folder and on S3 (where a
file has no path): no module of the product names ``MEDIA_ROOT`` (only the settings define it),
asks a stored file for its ``.path``, or makes a ``FileSystemStorage`` of its own.

The modules are read with ``ast``, so a lazy import or a call inside a function is seen too;
docstrings may speak of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOMS = ("legacy", "campaigns", "api", "web", "config")
SETTINGS = {ROOT / "config" / "settings.py", ROOT / "config" / "test_settings.py"}
NAMES = {"MEDIA_ROOT", "FileSystemStorage"}
# The file fields of the models (``campaigns/models/jobs.py``): a ``.path`` of one is a path.
FILE_FIELDS = {"image", "file", "original", "web", "thumbnail"}


def around_the_storage(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name) and node.id in NAMES:
            found.append(f"{line}: {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in NAMES:
            found.append(f"{line}: .{node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr == "path":
            held = node.value
            if (isinstance(held, ast.Attribute) and held.attr in FILE_FIELDS) or (
                "storage" in ast.unparse(held)
            ):
                found.append(f"{line}: {ast.unparse(node)}")
        elif isinstance(node, ast.Constant) and node.value in NAMES:
            found.append(f"{line}: {node.value!r}")
    return found


def test_no_module_reaches_a_stored_file_around_the_storage():
    found = []
    for room in ROOMS:
        for path in sorted((ROOT / room).rglob("*.py")):
            if path in SETTINGS or "migrations" in path.parts:
                continue
            hits = around_the_storage(path.read_text())
            found += [f"{path.relative_to(ROOT)}:{hit}" for hit in hits]
    assert found == []


def test_the_check_sees_a_path_on_disk():
    assert around_the_storage("settings.MEDIA_ROOT / 'x'") == ["1: .MEDIA_ROOT"]
    assert around_the_storage("open(row.image.path)") == ["1: row.image.path"]
    assert around_the_storage("default_storage.path(name)") == ["1: default_storage.path"]
    assert around_the_storage("request.path") == []
    assert around_the_storage("self.request.path") == []
