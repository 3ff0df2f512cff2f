"""Benchmark: fetch a board snapshot that is already rendered, over real HTTP.

    python -m bench.snapshots [RUNS]

One row, ``snapshot_cached``: what a client does to show the picture of a game once it has been
drawn: ``GET /api/v1/campaigns/{id}/snapshots/?as_of_game=15`` (status and image URL), then
``GET`` of that image URL, both with keep-alive against gunicorn. ``api_ping``
(``GET /api/v1/auth/me/``, as in ``bench.api``) is measured in the same run against the same
server, interleaved; the target is ``snapshot_cached`` <= 2x ``api_ping``.

The campaign (fifteen games, every territory marked) is built in a child process on a SQLite
file under ``var/bench/``, the snapshot of game 15 rendered there once (its time is reported as
``first_render_ms``). The server runs with DEBUG on, so that Django itself serves the stored
file from MEDIA_ROOT, as ``config/urls.py`` does in development; in production a web server or
the storage's own URL serves it, and only the status request reaches Django. When
``api/urls.py`` does not route the snapshot endpoints yet, the server's WSGI application adds
``api.snapshots.urlpatterns`` in front of the project's URLs (``wsgi_application`` below).
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from bench.api import BENCH_DIR, PYTHON, ROOT, free_port, prepare, server_env

GAME = 15
TARGET_RATIO = 2.0


# --- The server ---------------------------------------------------------------------------------


def wsgi_application():
    """gunicorn's application (``bench.snapshots:wsgi_application()``): the project's, with the
    snapshot endpoints routed if ``api/urls.py`` does not route them yet."""
    import types

    from django.core.wsgi import get_wsgi_application

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    application = get_wsgi_application()
    from django.conf import settings
    from django.urls import include, path, resolve

    from api.snapshots import SnapshotView

    match = resolve("/api/v1/campaigns/1/snapshots/")
    if getattr(match.func, "view_class", None) is not SnapshotView:
        project = __import__(settings.ROOT_URLCONF, fromlist=["urlpatterns"])
        module = types.ModuleType("bench_snapshot_urls")
        module.urlpatterns = [path("api/v1/", include("api.snapshots")), *project.urlpatterns]
        sys.modules[module.__name__] = module
        settings.ROOT_URLCONF = module.__name__
    return application


class Server:
    """gunicorn (one gthread worker, keep-alive) on a free loopback port; always stopped."""

    def __init__(self, env: dict[str, str], log_path: Path):
        self.env, self.log_path, self.port = env, log_path, free_port()

    def __enter__(self) -> Server:
        gunicorn = Path(PYTHON).with_name("gunicorn")
        self.log = open(self.log_path, "wb")  # noqa: SIM115 - closed in __exit__
        self.process = subprocess.Popen(
            [
                str(gunicorn) if gunicorn.exists() else "gunicorn",
                "bench.snapshots:wsgi_application()",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                "1",
                "--worker-class",
                "gthread",
                "--threads",
                "1",
                "--keep-alive",
                "30",
                "--graceful-timeout",
                "5",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                self.__exit__()
                raise RuntimeError(f"gunicorn exited; see {self.log_path}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/api/v1/board/")
                ok = conn.getresponse().status == 200
                conn.close()
                if ok:
                    return self
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.__exit__()
                raise RuntimeError(f"gunicorn did not answer in 60 s; see {self.log_path}")
            time.sleep(0.2)

    def __exit__(self, *exc) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.log.close()


# --- The campaign and its rendered snapshot ----------------------------------------------------


def prepare_snapshot(database_url: str, media_root: str) -> dict:
    """In this (child) process: the campaign of ``bench.api`` and the picture of its last game,
    rendered once in-process; returns the ids, a token and the first render's time."""
    os.environ["MEDIA_ROOT"] = media_root
    ids = prepare(database_url, finished_games=GAME, fill_board=True, in_progress=False)
    from campaigns import snapshots
    from campaigns.models import Snapshot, SnapshotStatus

    # The finished games were drawn as they ended; the board was filled afterwards, so game
    # 15's picture is drawn again here, and timed.
    start = time.perf_counter()
    snapshots.request_snapshot(ids["campaign"], GAME, force=True)
    ids["first_render_ms"] = round((time.perf_counter() - start) * 1000, 1)
    row = Snapshot.objects.get(campaign_id=ids["campaign"], game_number=GAME)
    if row.status != SnapshotStatus.DONE:
        raise RuntimeError(f"the snapshot did not render: {row.status} {row.error}")
    ids["image_bytes"] = row.image.size
    return ids


def _get(conn: http.client.HTTPConnection, path: str, headers: dict) -> bytes:
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    if response.status != 200:
        raise RuntimeError(f"GET {path}: {response.status} {body[:200]!r}")
    return body


def _ping(conn, headers) -> float:
    start = time.perf_counter()
    _get(conn, "/api/v1/auth/me/", headers)
    return (time.perf_counter() - start) * 1000


def _snapshot(conn, path, headers) -> tuple[float, float, float]:
    """Status, then image: (total, status, image) in ms."""
    start = time.perf_counter()
    status = json.loads(_get(conn, path, headers))
    middle = time.perf_counter()
    if status["status"] != "done":
        raise RuntimeError(f"the snapshot is not done: {status}")
    _get(conn, urlsplit(status["image_url"]).path, headers)
    end = time.perf_counter()
    return (end - start) * 1000, (middle - start) * 1000, (end - middle) * 1000


def rows(runs: int) -> list[dict]:
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a positive whole number, not {runs!r}")
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    for stale in BENCH_DIR.glob("snapshots.sqlite3*"):
        stale.unlink()
    url = f"sqlite:///{BENCH_DIR / 'snapshots.sqlite3'}"
    media = BENCH_DIR / "snapshot-media"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DJANGO_SETTINGS_MODULE", None)
    out = subprocess.run(
        [PYTHON, "-m", "bench.snapshots", "prepare", url, str(media)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    ids = json.loads(out.stdout.strip().splitlines()[-1])

    env = server_env(url, DEBUG="true", MEDIA_ROOT=str(media))
    env.pop("REDIS_URL", None)
    env.pop("CELERY_BROKER_URL", None)
    headers = {"Authorization": f"Token {ids['token']}", "Connection": "keep-alive"}
    path = f"/api/v1/campaigns/{ids['campaign']}/snapshots/?as_of_game={GAME}"
    with Server(env, BENCH_DIR / "snapshots-server.log") as server:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            for _ in range(10):  # warm both paths before timing
                _ping(conn, headers)
                _snapshot(conn, path, headers)
            ping, total, status, image = [], [], [], []
            for _ in range(runs):  # interleaved: a slow moment of the machine hits both
                ping.append(_ping(conn, headers))
                t, s, i = _snapshot(conn, path, headers)
                total.append(t)
                status.append(s)
                image.append(i)
        finally:
            conn.close()
    ping_ms, total_ms = statistics.median(ping), statistics.median(total)
    return [
        {
            "bench": "snapshot_cached",
            "median_ms": round(total_ms, 3),
            "runs": runs,
            "status_ms": round(statistics.median(status), 3),
            "image_ms": round(statistics.median(image), 3),
            "image_bytes": ids["image_bytes"],
            "api_ping_ms": round(ping_ms, 3),
            "ratio_to_ping": round(total_ms / ping_ms, 2),
            # Where a web server or the storage serves the file, only the status reaches Django.
            "status_ratio_to_ping": round(statistics.median(status) / ping_ms, 2),
            "target": f"snapshot_cached <= {TARGET_RATIO:g}x api_ping",
            "met": total_ms <= TARGET_RATIO * ping_ms,
            "first_render_ms": ids["first_render_ms"],
            "image_served_by": "Django (DEBUG static serve) through gunicorn",
        }
    ]


def bench_snapshot_cached(runs: int = 200) -> list[dict]:
    return rows(runs)


def main(argv: list[str]) -> int:
    if argv[:1] == ["prepare"]:
        print(json.dumps(prepare_snapshot(argv[1], argv[2])))
        return 0
    for row in rows(int(argv[0]) if argv else 200):
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
