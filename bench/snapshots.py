"""Benchmark: fetch a board snapshot that is already rendered, over real HTTP.

    python -m bench.snapshots [RUNS]

One row, ``snapshot_cached``: ``GET /api/v1/campaigns/{id}/snapshots/image/?as_of_game=15``
with a token, keep-alive, against gunicorn running the production settings (DEBUG off, database
connections kept): the token with its account, the snapshot row with its campaign and the
reader's role there (two statements), the access check, and the stored PNG (a palette PNG of
about 110 KB, 2000 px wide) streamed from Django's storage. That is all a client that knows
which game it wants has to do once the picture is drawn. ``api_ping``
(``GET /api/v1/auth/me/``, as in ``bench.api``) is measured in the same run against the same
server, interleaved; the target is ``snapshot_cached`` <= 1.5x ``api_ping``.

Also reported, not part of the target: ``status_ms``, the status request a page polls while the
picture is being drawn (``GET .../snapshots/?as_of_game=15``), and ``not_modified_ms``, the
same image fetch from a client that already holds it (a 304 by ETag), and ``signed_link_ms``,
the fetch of the signed address the status gives (``image_url``: no token, the signature
alone), which is how the pages and a client that polled the status fetch the picture.

The campaign (fifteen games, every territory marked) is built in a child process on a SQLite
file under ``var/bench/``, and the snapshot of game 15 rendered there once (its time is reported
as ``first_render_ms``).
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import subprocess
import sys
import time
from urllib.parse import urlsplit

from bench import databases
from bench.api import (
    BENCH_DIR,
    PYTHON,
    ROOT,
    LiveServer,
    command_line,
    prepare,
    server_env,
    timed_get,
)

GAME = 15
TARGET_RATIO = 1.5


# --- The campaign and its rendered snapshot ----------------------------------------------------


def prepare_snapshot(database_url: str, media_root: str) -> dict:
    """In this (child) process: the campaign of ``bench.api`` and the picture of its last game,
    rendered once in-process; returns the ids, a token and the first render's time."""
    os.environ["MEDIA_ROOT"] = media_root
    ids = prepare(database_url, finished_games=GAME, fill_board=True, in_progress=False)
    from campaigns.models import JobStatus, Snapshot
    from campaigns.pictures.snapshots import request_snapshot

    # The finished games were drawn as they ended; the board was filled afterwards, so game
    # 15's picture is drawn again here, and timed.
    start = time.perf_counter()
    request_snapshot(ids["campaign"], GAME, force=True)
    ids["first_render_ms"] = round((time.perf_counter() - start) * 1000, 1)
    row = Snapshot.objects.get(campaign_id=ids["campaign"], game_number=GAME)
    if row.status != JobStatus.DONE:
        raise RuntimeError(f"the snapshot did not render: {row.status} {row.error}")
    ids["image_bytes"] = row.image.size
    ids["state_hash"] = row.state_hash
    return ids


def rows(runs: int) -> list[dict]:
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a positive whole number, not {runs!r}")
    url = databases.fresh("earthbook_bench_snapshots")
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

    # As deployed (docker/.env.example): database connections are kept between requests.
    env = server_env(url, CONN_MAX_AGE="60", MEDIA_ROOT=str(media))
    env.pop("REDIS_URL", None)
    env.pop("CELERY_BROKER_URL", None)
    headers = {"Authorization": f"Token {ids['token']}", "Connection": "keep-alive"}
    base = f"/api/v1/campaigns/{ids['campaign']}/snapshots/"
    image_path, status_path = f"{base}image/?as_of_game={GAME}", f"{base}?as_of_game={GAME}"
    ping_path = "/api/v1/auth/me/"
    held_headers = {**headers, "If-None-Match": f'"{ids["state_hash"]}"'}
    log = BENCH_DIR / "snapshots-server.log"
    with LiveServer(env, workers=1, threads=1, log_path=log) as server:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            # The address the status gives (a link signed for this picture alone), as a page or
            # a client that polled the status fetches it: no token, so no account to read.
            conn.request("GET", status_path, headers=headers)
            link = urlsplit(json.loads(conn.getresponse().read())["image_url"])
            signed_path = f"{link.path}?{link.query}"
            signed_headers = {"Connection": "keep-alive"}
            for _ in range(10):  # warm every path before timing
                timed_get(conn, ping_path, headers)
                timed_get(conn, image_path, headers)
                timed_get(conn, status_path, headers)
                timed_get(conn, image_path, held_headers, expect=304)
                timed_get(conn, signed_path, signed_headers)
            ping, image, status, not_modified, signed = [], [], [], [], []
            for _ in range(runs):  # interleaved: a slow moment of the machine hits all alike
                ping.append(timed_get(conn, ping_path, headers))
                image.append(timed_get(conn, image_path, headers))
                status.append(timed_get(conn, status_path, headers))
                not_modified.append(timed_get(conn, image_path, held_headers, expect=304))
                signed.append(timed_get(conn, signed_path, signed_headers))
        finally:
            conn.close()
    ping_ms, image_ms = statistics.median(ping), statistics.median(image)
    return [
        {
            "bench": "snapshot_cached",
            "median_ms": round(image_ms, 3),
            "runs": runs,
            "image_bytes": ids["image_bytes"],
            "api_ping_ms": round(ping_ms, 3),
            "ratio_to_ping": round(image_ms / ping_ms, 2),
            "target": f"snapshot_cached <= {TARGET_RATIO:g}x api_ping",
            "met": image_ms <= TARGET_RATIO * ping_ms,
            "status_ms": round(statistics.median(status), 3),
            "not_modified_ms": round(statistics.median(not_modified), 3),
            "signed_link_ms": round(statistics.median(signed), 3),
            "signed_link_ratio_to_ping": round(statistics.median(signed) / ping_ms, 2),
            "first_render_ms": ids["first_render_ms"],
        }
    ]


def bench_snapshot_cached(runs: int = 200) -> list[dict]:
    return rows(runs)


def main(argv: list[str]) -> int:
    return command_line(argv, rows, 200, prepare=prepare_snapshot)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
