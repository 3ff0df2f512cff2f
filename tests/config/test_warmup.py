"""The production server warms the application in its master process before the workers fork
(``config.warmup``): every view loaded, both languages' catalogues read, and no connection open
that the workers would then share."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys

from bench.api import LiveServer, server_env
from tests.support.environment import REPO

PROBE = """
import json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django
django.setup()
before = set(sys.modules)
from config.warmup import warm_up
warm_up()
from django.db import connections
from django.utils.translation import trans_real
print(json.dumps({
    "loaded": sorted(set(sys.modules) - before),
    "open": [c.alias for c in connections.all() if c.connection is not None],
    "languages": sorted(trans_real._translations),
}))
"""


def test_a_warmed_process_has_every_view_and_both_languages_and_no_open_connection(tmp_path):
    """In a fresh interpreter: what the warm-up loads shows only in a process that has loaded
    nothing yet."""
    env = server_env(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    for module in ("api.views.world", "api.views.table", "web.views.members", "legacy.odds"):
        assert module in found["loaded"], module
    assert {"en", "ru"} <= set(found["languages"])
    assert found["open"] == []


def test_the_shipped_server_answers_from_workers_forked_after_the_warm_up(tmp_path):
    env = server_env(f"sqlite:///{tmp_path / 'db.sqlite3'}", WEB_CONCURRENCY="2")
    for name in ("GUNICORN_THREADS", "GUNICORN_CMD_ARGS"):
        env.pop(name, None)
    log = tmp_path / "server.log"
    with LiveServer(env, shipped=True, log_path=log) as server:
        for _ in range(6):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            conn.request("GET", "/api/v1/board/")
            response = conn.getresponse()
            assert response.status == 200
            assert response.getheader("Connection", "").lower() == "close"
            assert len(json.loads(response.read())["territories"]) == 42
            conn.close()
    assert "Traceback" not in log.read_text(errors="replace")
