"""Settings as a fresh interpreter reads them from exactly the environment it is given: the
settings module is read once per process, so each environment needs a process of its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def start_with(env: dict[str, str], code: str = "import config.settings"):
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


def settings_seen_with(env: dict[str, str], expression: str):
    """The value of ``expression`` (over ``config.settings as s``) under ``env``, as JSON."""
    done = start_with(
        env, f"import json; import config.settings as s; print(json.dumps({expression}))"
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
