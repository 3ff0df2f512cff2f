"""Benchmark: a campaign of 100 games against one of 15.

    python -m bench.long [RUNS]

Groups keep playing after the fifteenth game (no more rewards or signatures, but every game is
set up, logged and finished). Two campaigns are played through the services, game after game
(``bench.api.build_campaign``), each in a database of its own: one stops after 15 games, the
other after 100. Both are served by gunicorn with the production settings, and one client asks
each page and endpoint of both in turn (interleaved, so a slow moment of the machine hits both
alike). One row per page or endpoint: the median time on each, their ratio, and the queries it
took on each (counted in-process with the same settings). Target: the same queries, and at most
twice the time.

``extend_with_games`` adds finished games without rewards to a campaign with bulk inserts
(copies of its last finished game's seats and log), for tests that need a long campaign cheaply.
"""

from __future__ import annotations

import datetime
import http.client
import os
import statistics
import sys

from bench import databases
from bench.api import BENCH_DIR, LiveServer, command_line, in_child, server_env, timed_get

SHORT, LONG = 15, 100
TIME_TARGET = 2.0


def extend_with_games(campaign_id: int, up_to: int, *, name_world: bool = True) -> None:
    """Finished games after the last one, up to game ``up_to``: each a copy of the last
    finished game's seats, results and log entries (with no rewards: after game 15 there are
    none), written with bulk inserts. The world is named at the end of game 15 unless the
    caller names it itself (``name_world=False``)."""
    from django.db import transaction

    from campaigns.models import Campaign, Game, GameEvent, GameStatus, Seat

    with transaction.atomic():
        last = (
            Game.objects.filter(campaign_id=campaign_id, status=GameStatus.FINISHED)
            .order_by("-number")
            .first()
        )
        seats = list(Seat.objects.filter(game=last).order_by("order"))
        events = list(GameEvent.objects.filter(game=last, voided=False).order_by("seq"))
        numbers = range(last.number + 1, up_to + 1)
        games = Game.objects.bulk_create(
            Game(
                campaign_id=campaign_id,
                number=n,
                status=GameStatus.FINISHED,
                started_at=last.started_at,
                finished_at=last.finished_at,
                played_on=(last.played_on or datetime.date(2026, 1, 1))
                + datetime.timedelta(days=7 * (n - last.number)),
                scar_cards_dealt=False,
            )
            for n in numbers
        )
        if any(g.pk is None for g in games):  # a database that returns no ids on insert
            games = list(Game.objects.filter(campaign_id=campaign_id, number__in=numbers))
        new_seats = Seat.objects.bulk_create(
            Seat(
                game=game,
                player_id=s.player_id,
                faction=s.faction,
                hq=s.hq,
                order=s.order,
                red_stars=s.red_stars,
                missiles=s.missiles,
                result=s.result,
                controlled_at_end=s.controlled_at_end,
            )
            for game in games
            for s in seats
        )
        if any(s.pk is None for s in new_seats):
            new_seats = list(Seat.objects.filter(game__in=games))
        seat_of = {(s.game_id, s.player_id): s for s in new_seats}
        old_player = {s.pk: s.player_id for s in seats}
        GameEvent.objects.bulk_create(
            GameEvent(
                game=game,
                seq=e.seq,
                kind=e.kind,
                seat=seat_of.get((game.pk, old_player.get(e.seat_id))),
                data=e.data,
            )
            for game in games
            for e in events
        )
        from django.db.models import F

        from legacy.models import WorldName

        # Game 16 is played in a named world: the world is named at the end of game 15.
        named = WorldName.objects.filter(campaign_id=campaign_id).exists()
        if name_world and up_to >= 15 and not named:
            WorldName.objects.create(
                campaign_id=campaign_id,
                placed_in_game=15,
                placed_by_id=seats[0].player_id,
                name="Longworld",
            )
        Campaign.objects.filter(pk=campaign_id).update(
            world_version=F("world_version") + 1, marks_version=F("marks_version") + 1
        )


# --- The two campaigns, each in its own database -----------------------------------------------


def prepare(database_url: str, games: int) -> dict:
    """In this (child) process: migrate, play ``games`` games, and return the ids, a token,
    a session cookie and the queries each measured path takes."""
    from bench.api import prepare as prepare_campaign

    # The in-process client counts queries with the settings the server runs.
    os.environ.update(
        ALLOWED_HOSTS="testserver", SECURE_SSL_REDIRECT="false", SECURE_COOKIES="false"
    )
    ids = prepare_campaign(database_url, finished_games=games, fill_board=False, in_progress=True)
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from knox.crypto import hash_token
    from knox.models import AuthToken

    user = AuthToken.objects.get(digest=hash_token(ids["token"])).user
    session = SessionStore()
    session["_auth_user_id"] = str(user.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.create()
    ids["session"] = session.session_key
    client = Client(HTTP_AUTHORIZATION=f"Token {ids['token']}")
    client.force_login(get_user_model().objects.get(pk=user.pk))
    ids["queries"] = {}
    for path in paths(ids):
        client.get(path)  # a first visit may ask for a snapshot: a one-off write
        with CaptureQueriesContext(connection) as queries:
            status = client.get(path).status_code
        if status != 200:
            raise RuntimeError(f"GET {path}: {status}")
        ids["queries"][path] = len(queries)
    return ids


def paths(ids: dict) -> list[str]:
    c, last = ids["campaign"], ids["game"]
    return [
        f"/api/v1/campaigns/{c}/world/",
        f"/api/v1/campaigns/{c}/games/{last}/",
        f"/c/{c}/",
        # The oldest page of the history (the one that also shows "before the first game"):
        # a page past the last is the last.
        f"/c/{c}/history/?page=99",
        f"/c/{c}/standings/",
        f"/c/{c}/games/{last}/",
        f"/c/{c}/territories/egypt/",
        f"/c/{c}/factions/",
    ]


def label(path: str, ids: dict) -> str:
    """``path`` with the campaign's id and the game's number as placeholders."""
    c, g = str(ids["campaign"]), str(ids["game"])
    return "/".join(
        "{campaign}" if part == c else "{game}" if part == g else part for part in path.split("/")
    )


def _in_child(database_url: str, games: int) -> dict:
    return in_child("bench.long", "prepare", database_url, str(games))


def rows(runs: int) -> list[dict]:
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a positive whole number, not {runs!r}")
    built = {}
    for games in (SHORT, LONG):
        url = databases.fresh(f"earthbook_bench_long{games}")
        built[games] = (url, _in_child(url, games))
    timings = {games: {} for games in built}
    servers = {}
    try:
        for games, (url, _ids) in built.items():
            env = server_env(url, CONN_MAX_AGE="60")
            env.pop("REDIS_URL", None)
            env.pop("CELERY_BROKER_URL", None)
            log = BENCH_DIR / f"long{games}-server.log"
            servers[games] = LiveServer(env, workers=1, threads=1, log_path=log).__enter__()
        conns = {
            g: http.client.HTTPConnection("127.0.0.1", s.port, timeout=60)
            for g, s in servers.items()
        }
        headers = {
            g: {
                "Authorization": f"Token {ids['token']}",
                "Cookie": f"sessionid={ids['session']}",
                "Connection": "keep-alive",
            }
            for g, (_url, ids) in built.items()
        }
        walk = {g: paths(ids) for g, (_url, ids) in built.items()}
        for _ in range(3):  # warm every path on both
            for g in built:
                for path in walk[g]:
                    timed_get(conns[g], path, headers[g])
        for _ in range(runs):
            for i in range(len(walk[SHORT])):
                for g in built:
                    path = walk[g][i]
                    timings[g].setdefault(i, []).append(timed_get(conns[g], path, headers[g]))
    finally:
        for server in servers.values():
            server.__exit__(None, None, None)
    out = []
    for i, path in enumerate(walk[SHORT]):
        short_ms = statistics.median(timings[SHORT][i])
        long_ms = statistics.median(timings[LONG][i])
        q_short = built[SHORT][1]["queries"][path]
        q_long = built[LONG][1]["queries"][walk[LONG][i]]
        out.append(
            {
                "bench": "long_campaign",
                "path": label(path, built[SHORT][1]),
                "median_ms_15": round(short_ms, 2),
                "median_ms_100": round(long_ms, 2),
                "ratio": round(long_ms / short_ms, 2),
                "queries_15": q_short,
                "queries_100": q_long,
                "runs": runs,
                "target": f"100 games: same queries as 15, time <= {TIME_TARGET:g}x",
                "met": q_short == q_long and long_ms <= TIME_TARGET * short_ms,
            }
        )
    return out


def main(argv: list[str]) -> int:
    return command_line(argv, rows, 30, prepare=lambda url, n: prepare(url, int(n)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
