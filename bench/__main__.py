"""Run every benchmark and print one JSON line each: ``{"bench", "median_ms", "runs", ...}``.

    python -m bench            (``make bench``)

Django is set up here on a throwaway SQLite database under ``var/bench/``, made fresh with
``migrate`` on every run, so a benchmark never touches the developer's own database.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB_DIR = ROOT / "var" / "bench"

# (module, function, runs): small enough that the whole set stays well under a minute.
BENCHES = [
    ("bench.world", "bench_world_as_of", 50),
    ("bench.odds", "bench_odds_table_200", 20),
    ("bench.drawing", "bench_board_render_png", 10),
    # These two start gunicorn and measure over HTTP; each returns several rows.
    ("bench.api", "rows", 200),
    ("bench.snapshots", "rows", 100),
]


def setup_django() -> None:
    shutil.rmtree(BENCH_DB_DIR, ignore_errors=True)
    BENCH_DB_DIR.mkdir(parents=True)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.test_settings"
    os.environ["DATABASE_URL"] = f"sqlite:///{BENCH_DB_DIR / 'bench.sqlite3'}"
    # Tasks, if any run, stay in-process: the bench measures code, not a broker.
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))

    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)


def main() -> int:
    setup_django()
    for module_name, function_name, runs in BENCHES:
        function = getattr(importlib.import_module(module_name), function_name)
        results = function(runs)
        for result in results if isinstance(results, list) else [results]:
            result = dict(result)
            result.setdefault("bench", function_name.removeprefix("bench_"))
            result.setdefault("runs", runs)
            print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
