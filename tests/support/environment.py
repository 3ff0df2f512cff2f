"""Settings as a process reads them from exactly the environment it is given.

``settings_with(env)`` runs the settings module afresh in this process, with ``os.environ``
holding ``env`` and nothing else for that time: a new module object, never the one Django has
loaded, so the suite's own settings stay as they are. A setting the module refuses raises here
as it would stop a server starting (``refusal_with``).

``start_with(env, code)`` runs ``code`` in a new interpreter instead, for what only a fresh
process shows: ``django.setup()`` under other settings (Django is set up once per process),
Celery's app configured from them, the modules a warm-up loads.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import subprocess
import sys
import traceback
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
SETTINGS = REPO / "config" / "settings.py"


@contextlib.contextmanager
def environment_of_its_own(env: dict[str, str]):
    """``os.environ`` holds ``env`` (and ``PATH``) and nothing else; restored after."""
    before = dict(os.environ)
    os.environ.clear()
    os.environ.update({"PATH": before.get("PATH", "/usr/bin:/bin"), **env})
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(before)


def settings_with(env: dict[str, str]) -> ModuleType:
    """``config/settings.py`` run afresh under exactly ``env``; raises what it raises."""
    spec = importlib.util.spec_from_file_location("config.settings", SETTINGS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with environment_of_its_own(env):
        spec.loader.exec_module(module)
    return module


def refusal_with(env: dict[str, str]) -> str | None:
    """Why the settings refuse ``env`` (the error a server would stop with), or None."""
    try:
        settings_with(env)
    except Exception:
        return traceback.format_exc()
    return None


def settings_seen_with(env: dict[str, str], expression: str):
    """The value of ``expression`` (over the settings as ``s``) under ``env``, through JSON as a
    process would print it."""
    seen = eval(expression, {"s": settings_with(env)})  # noqa: S307 - the tests' own expressions
    return json.loads(json.dumps(seen))


def start_with(env: dict[str, str], code: str):
    """Run ``code`` in a new interpreter whose environment holds ``env`` and nothing else."""
    clean = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(REPO), **env}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )
