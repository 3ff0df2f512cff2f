"""Benchmark: the game page cold, on the shipped server, and its first load in Chromium, at game
16 of a fully marked campaign (issue 39).

    python -m bench.cold_page [RUNS]

A campaign of fifteen games played, the sixteenth game in play (``bench.api.build_campaign``),
then every territory of its board marked, served by the production command as the Dockerfile runs it
(``gunicorn -c config/gunicorn.conf.py``, its workers and threads, the production settings).
Two rows:

* ``game_page_cold_time``: the game page read first after another phone's entry (a recruitment
  of a few troops, over the API, untimed): nothing of the campaign's new version is drawn yet.
  Its median time against ``api_ping`` (``GET /api/v1/auth/me/``), interleaved on the same
  server; target at most 10x;
* ``game_page_first_load_chromium``: the bytes Debian's Chromium fetches for the page's first
  load in a new profile (nothing cached), at 390x844: every request of the page until the
  network is idle (headers and bodies as sent, compressed), but the live table's stream, which
  stays open; target at most 60 KB.
"""

from __future__ import annotations

import http.client
import json
import statistics
import sys
import time
import uuid

from bench import databases
from bench.api import BENCH_DIR, LiveServer, command_line, in_child, server_env, timed_get

GAMES_PLAYED = 15
TIME_TARGET = 10.0
FIRST_LOAD_TARGET_KB = 60
PHONE = {"width": 390, "height": 844}
WARM_UP = 40
STREAM = "/live/stream/"


def prepare(database_url: str) -> dict:
    """In this (child) process: the campaign at game 16 with its board fully marked, its owner's
    token and session, and a player of the game in play."""
    from bench.api import prepare as prepare_campaign

    ids = prepare_campaign(
        database_url, finished_games=GAMES_PLAYED, fill_board=False, in_progress=True
    )
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from campaigns.models import Game
    from legacy.models import Scar, ScarKind
    from legacy.selectors import world_as_of

    # Every territory still bare gets a scar once game 16 is set up (a start must be bare when
    # the game is set up: ``bench.api.build_campaign`` fills the board before it, so not here).
    kind = ScarKind.objects.create(
        campaign_id=ids["campaign"], slug="fallout", name="Fallout", cards=60
    )
    for slug, state in world_as_of(ids["campaign"]).territories.items():
        if not state.marked:
            Scar.objects.create(
                campaign_id=ids["campaign"], kind=kind, territory=slug, placed_in_game=GAMES_PLAYED
            )

    owner = get_user_model().objects.get(owned_campaigns__pk=ids["campaign"])
    session = SessionStore()
    session["_auth_user_id"] = str(owner.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = owner.get_session_auth_hash()
    session.create()
    game = Game.objects.get(campaign_id=ids["campaign"], number=ids["game"])
    player = game.seats.order_by("order").values_list("player_id", flat=True).first()
    return {**ids, "session": session.session_key, "player": player}


def _in_child(database_url: str) -> dict:
    return in_child("bench.cold_page", "prepare", database_url)


def another_phones_entry(conn: http.client.HTTPConnection, ids: dict) -> None:
    """A recruitment of a few troops over the API: a write that moves the campaign's version
    (every drawing of the page is then made again) and opens no packet."""
    path = f"/api/v1/campaigns/{ids['campaign']}/games/{ids['game']}/events/recruitment/"
    headers = {
        "Authorization": f"Token {ids['token']}",
        "Content-Type": "application/json",
        "Idempotency-Key": str(uuid.uuid4()),
        "Connection": "keep-alive",
    }
    conn.request(
        "POST", path, body=json.dumps({"player": ids["player"], "troops": 5}), headers=headers
    )
    response = conn.getresponse()
    body = response.read()
    if response.status != 201:
        raise RuntimeError(f"POST {path}: {response.status} {body[:200]!r}")


def first_load(base: str, path: str, session: str) -> dict[str, int]:
    """The bytes of each request of the page's first load in a new Chromium profile, by path."""
    from playwright.sync_api import sync_playwright

    sizes: dict[str, int] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        try:
            context = browser.new_context(viewport=PHONE, locale="en-GB", base_url=base)
            context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
            page = context.new_page()
            done = []
            page.on("requestfinished", lambda request: done.append(request))
            page.goto(path, wait_until="load")
            page.wait_for_load_state("networkidle")
            for request in done:
                address = request.url.removeprefix(base)
                if STREAM in address:
                    continue
                measured = request.sizes()
                sizes[address] = (
                    sizes.get(address, 0)
                    + max(0, measured["responseHeadersSize"])
                    + max(0, measured["responseBodySize"])
                )
        finally:
            browser.close()
    return sizes


def rows(runs: int) -> list[dict]:
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a positive whole number, not {runs!r}")
    url = databases.fresh("earthbook_bench_cold_page")
    ids = _in_child(url)
    path = f"/c/{ids['campaign']}/games/{ids['game']}/"
    env = server_env(url)
    env.pop("REDIS_URL", None)
    env.pop("CELERY_BROKER_URL", None)
    page_headers = {
        "Cookie": f"sessionid={ids['session']}",
        "Accept-Encoding": "gzip, deflate, br",
        "Connection": "keep-alive",
    }
    ping_headers = {"Authorization": f"Token {ids['token']}", "Connection": "keep-alive"}
    log = BENCH_DIR / "cold-page-server.log"
    with LiveServer(env, shipped=True, log_path=log) as server:
        sizes = first_load(server.base_url, path, ids["session"])
        ping, cold = [], []
        # Every worker warmed (each takes whichever connection comes when it is free): its
        # code paths, not the page's version, which each run moves on.
        for _ in range(WARM_UP):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            timed_get(conn, "/api/v1/auth/me/", ping_headers)
            timed_get(conn, path, page_headers)
            conn.close()
        for _ in range(runs):
            # The shipped server's sync workers close each connection after its answer.
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            another_phones_entry(conn, ids)
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            ping.append(timed_get(conn, "/api/v1/auth/me/", ping_headers))
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            cold.append(timed_get(conn, path, page_headers))
            conn.close()
            time.sleep(0.05)
    total = sum(sizes.values())
    ping_ms, page_ms = statistics.median(ping), statistics.median(cold)
    common = {
        "database": databases.vendor(),
        "server": "gunicorn -c config/gunicorn.conf.py",
        "path": "/c/{campaign}/games/{game}/",
        "games_played": GAMES_PLAYED,
        "board": "fully marked",
    }
    return [
        {
            "bench": "game_page_cold_time",
            **common,
            "runs": runs,
            "median_ms": round(page_ms, 2),
            "ping_ms": round(ping_ms, 3),
            "ratio_to_ping": round(page_ms / ping_ms, 2),
            "target": f"the page first read after an entry <= {TIME_TARGET:g}x api_ping",
            "met": page_ms <= TIME_TARGET * ping_ms,
        },
        {
            "bench": "game_page_first_load_chromium",
            **common,
            "bytes": total,
            "kb": round(total / 1024, 1),
            "requests": sizes,
            "target": f"the first load in Chromium, compressed, <= {FIRST_LOAD_TARGET_KB} KB",
            "met": total <= FIRST_LOAD_TARGET_KB * 1024,
        },
    ]


def main(argv: list[str]) -> int:
    return command_line(argv, rows, 20, prepare=prepare)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
