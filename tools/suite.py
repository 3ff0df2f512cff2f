"""`make test`: the test suite, in one pass or in two, each test in one of them.

    python tools/suite.py [--workers N] [PYTEST ARGUMENTS ...]

Without ``DATABASE_URL`` and ``REDIS_URL`` (a developer's machine): one pass on SQLite that runs
every test; those that need PostgreSQL or a worker skip, and say why. With either set (CI sets
both, ``.ci/run``): two passes, and each test runs in one of them
(``tests/support/passes.py`` says which):

1. on SQLite (``EARTHBOOK_PASS=sqlite``, the services' variables unset): every test but those of
   the second pass;
2. against ``DATABASE_URL``, ``REDIS_URL`` and real Celery workers: the tests marked
   ``postgres``, ``worker``, ``e2e`` or ``realdb``.

Each pass runs on every core (pytest-xdist, ``-n auto``; ``--workers`` or ``TEST_WORKERS`` to
change it), the tests of one module fixture on one worker (``--dist loadgroup``). The passes'
wall times and results are printed at the end; the exit code is non-zero when either failed.
pytest's exit code 5 (no test collected) fails a pass of the whole suite; with arguments (a file,
``-k``), a pass that finds none of the tests asked for has nothing to do.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.passes import SECOND_PASS  # noqa: E402

SERVICES = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")
NO_TESTS_COLLECTED = 5
SUMMARY = re.compile(r"\d+ (passed|failed|errors?|skipped|deselected)\b.* in [\d.]+s")


def passes(env: dict[str, str]) -> list[tuple[str, dict[str, str], list[str]]]:
    """(name, environment, selection) of each pass."""
    sqlite = {k: v for k, v in env.items() if k not in SERVICES} | {"EARTHBOOK_PASS": "sqlite"}
    if not (env.get("DATABASE_URL") or env.get("REDIS_URL")):
        return [("SQLite, every test", sqlite, [])]
    real = {k: v for k, v in env.items() if k != "EARTHBOOK_PASS"}
    return [
        ("SQLite", sqlite, ["-m", f"not ({SECOND_PASS})"]),
        ("PostgreSQL + Redis + worker", real, ["-m", SECOND_PASS]),
    ]


def run(command: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Run pytest, its output passed through; its exit code and its last summary line."""
    summary = ""
    with subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()
            if SUMMARY.search(line):
                summary = line.strip().strip("= ")
    return process.returncode, summary


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default=os.environ.get("TEST_WORKERS", "auto"))
    options, pytest_args = parser.parse_known_args(argv)
    env = dict(os.environ)
    if env.get("CI") == "true" and not (env.get("DATABASE_URL") and env.get("REDIS_URL")):
        print("CI must test the real parts: set DATABASE_URL and REDIS_URL (see .ci/run).")
        return 1
    parallel = ["-n", options.workers, "--dist", "loadgroup"] if options.workers != "0" else []
    if sys.stdout.isatty():
        parallel.append("--color=yes")
    results = []
    for name, pass_env, selection in passes(env):
        print(f"\n== {name} ==", flush=True)
        started = time.monotonic()
        command = [sys.executable, "-m", "pytest", "-q", *parallel, *selection, *pytest_args]
        code, summary = run(command, pass_env)
        took = time.monotonic() - started
        if code == NO_TESTS_COLLECTED and pytest_args:
            code, summary = 0, "none of the tests asked for"
        results.append((name, code, took, summary))
    print("\n== the test suite ==")
    for name, code, took, summary in results:
        verdict = "ok" if code == 0 else f"FAILED (pytest exit code {code})"
        print(f"{name:<28} {minutes(took):>6} wall  {verdict}  {summary}")
    return next((code for _, code, _, _ in results if code != 0), 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
