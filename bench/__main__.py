"""Run every benchmark and print one JSON line each: ``{"bench", "median_ms", "runs", ...}``.

    python -m bench            (``make bench``)

Django is set up here on a throwaway database, made fresh with ``migrate`` on every run: a
SQLite file under ``var/bench/``, or, when ``DATABASE_URL`` names a PostgreSQL server, a
database of the bench's own on that server (``bench.databases``), so a benchmark never touches
the developer's own data. Every row names its database and, where there is one, its target and
whether it was ``met``.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB_DIR = ROOT / "var" / "bench"

# (module, function, runs): small enough that the whole set stays well under a minute.
BENCHES = [
    ("bench.world", "bench_world_as_of", 50),
    ("bench.odds", "bench_odds_table_200", 20),
    ("bench.drawing", "rows", 10),
    # These start gunicorn and measure over HTTP; each returns several rows.
    ("bench.api", "rows", 200),
    ("bench.snapshots", "rows", 100),
    # The game page at game 16 as a phone gets it: bytes on the wire, time, queries.
    ("bench.page", "rows", 50),
    # The same page read first after an entry on the shipped server, with the board fully
    # marked, against api_ping; and its first load in Chromium.
    ("bench.cold_page", "rows", 20),
    # Two phones in Chromium: an entry drawn on the other, the writer's confirmation; the game
    # page of 500 entries against one of 5.
    ("bench.live_pages", "rows", 20),
    # A campaign of 100 games against one of 15, each on its own server.
    ("bench.long", "rows", 100),
    # 10,000 campaigns against a database of one user's 50 (PostgreSQL only; built once).
    ("bench.scale", "rows", 100),
]


def setup_django() -> None:
    from bench import databases

    BENCH_DB_DIR.mkdir(parents=True, exist_ok=True)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.test_settings"
    os.environ["DATABASE_URL"] = databases.fresh("earthbook_bench")
    # Tasks, if any run, stay in-process: the bench measures code, not a broker.
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))

    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)


def main() -> int:
    from bench import databases

    database = databases.vendor()
    setup_django()
    for module_name, function_name, runs in BENCHES:
        function = getattr(importlib.import_module(module_name), function_name)
        results = function(runs)
        for result in results if isinstance(results, list) else [results]:
            result = dict(result)
            result.setdefault("bench", function_name.removeprefix("bench_"))
            result.setdefault("runs", runs)
            result["database"] = database
            print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
