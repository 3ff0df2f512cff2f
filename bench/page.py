"""Benchmark: the game page as a phone on a poor network gets it.

    python -m bench.page [RUNS]

A campaign at game 16 (fifteen games played through the services, the sixteenth in play, as
``bench.long`` builds it), served by gunicorn with the production settings (hashed,
precompressed static files). A client that accepts gzip, logged in as the campaign's owner,
asks for the game page. Four rows:

* ``game_page_first_load``: the bytes on the wire (status lines, headers and compressed bodies)
  of the page and of every asset its first load fetches (style sheet, scripts, icon; the
  board's shapes file only where the map is drawn at once: the game page's waits until the
  reader scrolls to it, as ``game_page_first_load_chromium`` sees); target at most 60 KB;
* ``game_page_later_load``: the page alone (the assets are cached: their names carry a hash of
  their content and they are served as immutable); target at most 25 KB;
* ``game_page_time``: the page's median time against ``api_ping`` (``GET /api/v1/auth/me/``),
  interleaved on the same server; target at most 10x;
* ``game_page_queries``: the queries the page takes (counted in-process with the same
  settings); target at most 20.
"""

from __future__ import annotations

import gzip
import http.client
import re
import statistics
import sys

from bench import databases
from bench.api import BENCH_DIR, LiveServer, command_line, server_env, timed_get
from bench.long import _in_child

GAMES_PLAYED = 15
FIRST_LOAD_TARGET_KB = 60
LATER_LOAD_TARGET_KB = 25
TIME_TARGET = 10.0
QUERY_TARGET = 20

# What a first load fetches: style sheets, scripts, icons and images, and what an SVG <use>s.
_ASSETS = re.compile(
    r'<(?:link[^>]+rel="(?:stylesheet|icon)"[^>]*?href|script[^>]+src|img[^>]+src|use[^>]+href)'
    r'="(/static/[^"#]+)'
)


def wire_bytes(conn: http.client.HTTPConnection, path: str, headers: dict) -> tuple[int, str]:
    """The bytes of one answer on the wire (status line, headers, body as sent) and its body,
    decompressed, as text."""
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    if response.status != 200:
        raise RuntimeError(f"GET {path}: {response.status}")
    head = len(f"HTTP/1.1 {response.status} {response.reason}\r\n") + len(response.msg.as_bytes())
    text = ""
    if response.getheader("Content-Type", "").startswith("text/html"):
        raw = body
        if response.getheader("Content-Encoding") == "gzip":
            raw = gzip.decompress(body)
        text = raw.decode("utf-8")
    return head + len(body), text


# What a <template> holds is fetched only once a script draws it (the game page's map, when the
# reader scrolls to it), not by the first load.
_HELD = re.compile(r"<template\b.*?</template>", re.S)


def assets_of(html: str) -> list[str]:
    """The static files a first load of this page fetches, each once, in order."""
    return list(dict.fromkeys(_ASSETS.findall(_HELD.sub("", html))))


def rows(runs: int) -> list[dict]:
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a positive whole number, not {runs!r}")
    url = databases.fresh("earthbook_bench_page")
    ids = _in_child(url, GAMES_PLAYED)
    path = f"/c/{ids['campaign']}/games/{ids['game']}/"
    env = server_env(url, CONN_MAX_AGE="60")
    env.pop("REDIS_URL", None)
    env.pop("CELERY_BROKER_URL", None)
    browser = {
        "Cookie": f"sessionid={ids['session']}",
        "Accept-Encoding": "gzip, deflate, br",
        "Connection": "keep-alive",
    }
    ping_headers = {"Authorization": f"Token {ids['token']}", "Connection": "keep-alive"}
    with LiveServer(env, workers=1, threads=1, log_path=BENCH_DIR / "page-server.log") as server:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        try:
            page_bytes, html = wire_bytes(conn, path, browser)
            assets = assets_of(html)
            asset_bytes = {a: wire_bytes(conn, a, browser)[0] for a in assets}
            for _ in range(5):  # warm both paths
                timed_get(conn, "/api/v1/auth/me/", ping_headers)
                timed_get(conn, path, browser)
            ping, page = [], []
            for _ in range(runs):  # interleaved: a slow moment of the machine hits both alike
                ping.append(timed_get(conn, "/api/v1/auth/me/", ping_headers))
                page.append(timed_get(conn, path, browser))
        finally:
            conn.close()
    first = page_bytes + sum(asset_bytes.values())
    ping_ms, page_ms = statistics.median(ping), statistics.median(page)
    queries = ids["queries"][path]
    common = {"path": "/c/{campaign}/games/{game}/", "games_played": GAMES_PLAYED}
    return [
        {
            "bench": "game_page_first_load",
            **common,
            "bytes": first,
            "kb": round(first / 1024, 1),
            "assets": {a: n for a, n in asset_bytes.items()},
            "target": f"page and its assets, compressed, <= {FIRST_LOAD_TARGET_KB} KB",
            "met": first <= FIRST_LOAD_TARGET_KB * 1024,
        },
        {
            "bench": "game_page_later_load",
            **common,
            "bytes": page_bytes,
            "kb": round(page_bytes / 1024, 1),
            "target": f"the page alone (assets cached), compressed, <= {LATER_LOAD_TARGET_KB} KB",
            "met": page_bytes <= LATER_LOAD_TARGET_KB * 1024,
        },
        {
            "bench": "game_page_time",
            **common,
            "median_ms": round(page_ms, 2),
            "ping_ms": round(ping_ms, 3),
            "ratio_to_ping": round(page_ms / ping_ms, 2),
            "target": f"game page <= {TIME_TARGET:g}x api_ping",
            "met": page_ms <= TIME_TARGET * ping_ms,
        },
        {
            "bench": "game_page_queries",
            **common,
            "queries": queries,
            "target": f"<= {QUERY_TARGET} queries",
            "met": queries <= QUERY_TARGET,
        },
    ]


def main(argv: list[str]) -> int:
    return command_line(argv, rows, 50)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
