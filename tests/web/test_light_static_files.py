"""In production our own scripts and style sheets are served minified (config/staticfiles.py):
lighter on a phone's first visit, and still the same code."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage

from config.staticfiles import minified

SOURCE = Path(settings.BASE_DIR) / "static"
OURS = ["js/live.js", "js/earthbook.js", "js/offline.js", "js/timeline.js", "css/earthbook.css"]


def test_only_our_own_scripts_and_style_sheets_are_minified():
    assert minified("js/live.js", "var a = 1; // a comment\n") == "var a=1;"
    assert minified("css/earthbook.css", "a {\n  color: red; /* why */\n}\n") == "a{color:red}"
    assert minified("js/htmx.min.js", "var a = 1;") is None  # minified already, by its authors
    assert minified("rest_framework/js/default.js", "var a = 1;") is None  # an app's own
    assert minified("board/shapes.svg", "<svg/>") is None


@pytest.fixture
def collected(collected_static):
    """Our files as the shipped storage collects them (once for the run)."""
    return collected_static


@pytest.mark.parametrize("name", OURS)
def test_each_of_our_files_is_served_minified_and_compressed(collected, name):
    hashed = ManifestStaticFilesStorage(location=collected).stored_name(name)
    served = (collected / hashed).read_text(encoding="utf-8")
    source = (SOURCE / name).read_text(encoding="utf-8")
    assert len(served) < 0.85 * len(source)
    assert (collected / f"{hashed}.br").exists() and (collected / f"{hashed}.gz").exists()
    if name.endswith(".js"):
        assert "/*" not in served  # no comment left
        node = shutil.which("node")
        if node:  # the minified script still parses
            checked = subprocess.run([node, "--check", str(collected / hashed)], check=False)
            assert checked.returncode == 0, name


def test_a_library_minified_by_its_authors_is_served_as_it_came(collected):
    hashed = ManifestStaticFilesStorage(location=collected).stored_name("js/htmx.min.js")
    assert (collected / hashed).read_bytes() == (SOURCE / "js/htmx.min.js").read_bytes()
