"""Benchmark: the REST API over real HTTP, against gunicorn, on a prepared SQLite file.

    python -m bench.api [RUNS]

Two rows, measured in the same run against the same server so that they compare:

* ``api_ping``: ``GET /api/v1/auth/me/`` with a token: the fixed cost of a request (routing,
  token lookup, rendering);
* ``api_world``: ``GET /api/v1/campaigns/{id}/world/``: the world of a campaign of fifteen
  games whose board is fully marked. The target is ``api_world`` <= 1.5x ``api_ping``.

The database (SQLite, or PostgreSQL when ``DATABASE_URL`` names it: ``bench.databases``) is
built in a child process (``python -m bench.api prepare PATH``) so that this
module can be called from a process whose Django already points at another database
(``python -m bench``). The client is ``http.client`` with keep-alive; gunicorn runs gthread
workers, which keep connections open.

The helpers here (``free_port``, ``LiveServer``, ``build_campaign``) also serve
``tools/fuzz.py`` and ``tools/load_test.py``.
"""

from __future__ import annotations

import datetime
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench import databases

ROOT = Path(__file__).resolve().parent.parent
BENCH_DIR = ROOT / "var" / "bench"
PYTHON = sys.executable
WORLD_TARGET = 1.5


# --- A live server ------------------------------------------------------------------------------


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(database_url: str, **extra: str) -> dict[str, str]:
    """The environment of a production-like server on loopback: DEBUG off, a throwaway key."""
    env = dict(os.environ)
    # The server runs the real settings, whatever settings the bench process itself loaded.
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.update(
        {
            "DATABASE_URL": database_url,
            "DEBUG": "false",
            "SECRET_KEY": env.get("SECRET_KEY") or "earthbook-local-test-server-only",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_COOKIES": "false",
            "SECURE_SSL_REDIRECT": "false",
            "LOG_LEVEL": env.get("LOG_LEVEL", "WARNING"),
            "PYTHONPATH": str(ROOT),
        }
    )
    env.update(extra)
    return env


class LiveServer:
    """gunicorn on 127.0.0.1 in a child process; a context manager that always stops it."""

    # Asked until it answers 200: the server is then ready. A server of another application
    # (the live port serves only streams and the health check) names its own.
    ready_path = "/api/v1/board/"

    def __init__(
        self,
        env: dict[str, str],
        *,
        workers: int = 2,
        threads: int = 4,
        log_path: Path | None = None,
        ready_timeout: float = 60.0,
        access_log: bool = False,
        extra_args: tuple[str, ...] = (),
        shipped: bool = False,
    ):
        """``shipped``: run the production command exactly as the Dockerfile does
        (``gunicorn -c config/gunicorn.conf.py``: workers, threads and timeouts from the
        environment or its defaults), bound to a loopback port; ``workers`` and ``threads``
        are then ignored."""
        self.shipped = shipped
        self.access_log = access_log
        self.extra_args = list(extra_args)
        self.env = env
        self.workers = workers
        self.threads = threads
        self.port = free_port()
        self.log_path = log_path
        self.ready_timeout = ready_timeout
        self.process: subprocess.Popen | None = None
        self._log = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        gunicorn = Path(PYTHON).with_name("gunicorn")
        if self.shipped:
            command = [
                str(gunicorn) if gunicorn.exists() else "gunicorn",
                "-c",
                "config/gunicorn.conf.py",
                "config.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                *self.extra_args,
            ]
            return self._start(command)
        command = [
            str(gunicorn) if gunicorn.exists() else "gunicorn",
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{self.port}",
            "--workers",
            str(self.workers),
            "--worker-class",
            "gthread",
            "--threads",
            str(self.threads),
            "--keep-alive",
            "30",
            "--timeout",
            "120",
            "--graceful-timeout",
            "5",
            *self.extra_args,
        ]
        if self.access_log:
            command += ["--access-logfile", "-", "--access-logformat", "%(m)s %(U)s %(s)s %(M)sms"]
        return self._start(command)

    def _start(self, command: list[str]) -> LiveServer:
        if self.log_path:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            self._log = open(self.log_path, "wb")  # noqa: SIM115 - closed in __exit__
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdout=self._log or subprocess.DEVNULL,
            stderr=subprocess.STDOUT if self._log else subprocess.DEVNULL,
        )
        try:
            self._wait_ready()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.ready_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", self.ready_path)
                if conn.getresponse().status == 200:
                    conn.close()
                    return
                conn.close()
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer on port {self.port} in time")

    def __exit__(self, *exc) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        if self._log:
            self._log.close()
            self._log = None


# --- A campaign with history -------------------------------------------------------------------

PLAYERS = ["Ada", "Boris", "Chloe", "Dmitri", "Esme"]
FACTIONS = ["khan-industries", "die-mechaniker", "enclave-of-the-bear"]
# Three starts that touch no other and are never marked while games are played.
HQS = ["argentina", "kamchatka", "madagascar"]
MAJOR = ["egypt", "china", "brazil", "western-europe", "eastern-united-states"]
MINOR = [
    "peru",
    "india",
    "japan",
    "ontario",
    "russia",
    "east-africa",
    "siberia",
    "indonesia",
    "iceland",
]
CONTINENT_NAMES = {
    "africa": "Sahel",
    "asia": "Orient",
    "europe": "Old Lands",
    "north-america": "Norda",
    "south-america": "Sura",
    "australia": "Oz",
}


def build_campaign(*, finished_games: int, fill_board: bool, in_progress: bool, owner) -> dict:
    """A campaign played through the services, game after game, as a table would.

    Winners found the five major cities, then name continents, then fortify cities; one
    player holds on each game and founds the nine minor cities, then adds coins. With
    ``fill_board`` every territory still bare after the games gets a scar (from a scar type
    the group unlocked), so every territory of the board is marked. With ``in_progress`` the
    next game is set up and started. Returns the ids a client needs.
    """
    from campaigns import services
    from campaigns.game.finish import finish_game, name_world
    from campaigns.game.setup import setup_game, start_game
    from campaigns.game.table import buy_red_star, record_recruitment
    from legacy.box import FACTIONS as ALL_FACTIONS
    from legacy.models import Scar, ScarKind

    campaign = services.create_campaign(owner=owner, name="Benchmark Earth", players=PLAYERS)
    services.prepare_first_game(
        campaign=campaign,
        powers={f.slug: "a" for f in ALL_FACTIONS},
        random_coins=True,
        seed=15,
        by=owner,
    )
    roster = {p.name: p.pk for p in campaign.players.all()}
    winner_rewards = (
        [
            {"kind": "major-city", "territory": t, "name": f"Capital {i}"}
            for i, t in enumerate(MAJOR)
        ]
        + [
            {"kind": "name-continent", "continent": c, "name": n}
            for c, n in CONTINENT_NAMES.items()
        ]
        + [{"kind": "fortify-city", "territory": t} for t in MAJOR[:4]]
    )
    held_rewards = [
        {"kind": "minor-city", "territory": t, "name": f"Town {i}"} for i, t in enumerate(MINOR)
    ] + [{"kind": "upgrade-card", "territory": t} for t in ["alaska", "brazil", "egypt"] * 2]
    for n in range(finished_games):
        names = [PLAYERS[(n + i) % len(PLAYERS)] for i in range(3)]
        seats = [
            {"player": roster[name], "faction": FACTIONS[i], "hq": HQS[i]}
            for i, name in enumerate(names)
        ]
        game = start_game(
            game=setup_game(
                campaign=campaign,
                seats=seats,
                played_on=datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * n),
                by=owner,
            ),
            by=owner,
        )
        buy_red_star(game=game, player=roster[names[0]], by=owner)
        record_recruitment(game=game, player=roster[names[1]], troops=12, by=owner)
        winner, held, out = (roster[name] for name in names)
        reward = held_rewards[n % len(held_rewards)]
        rewarded = n < 15  # after the fifteenth game there are no more rewards
        finish_game(
            game=game,
            results={winner: "won", held: "held_on", out: "eliminated"},
            controlled={held: [reward["territory"]]},
            winner_reward=winner_rewards[n % len(winner_rewards)] if rewarded else None,
            held_on_rewards={held: reward} if rewarded else {},
            slogan=f"Game {n + 1}" if rewarded else "",
            by=owner,
        )
        if n == 14:  # the world is named at the end of game 15, before game 16
            name_the_world(campaign, owner, name_world)
    if fill_board:
        from legacy.selectors import world_as_of

        kind = ScarKind.objects.create(campaign=campaign, slug="fallout", name="Fallout", cards=60)
        world = world_as_of(campaign.pk)
        for slug, state in world.territories.items():
            if not state.marked:
                Scar.objects.create(
                    campaign=campaign, kind=kind, territory=slug, placed_in_game=finished_games
                )
    game_number = None
    if in_progress:
        seats = [
            {"player": roster[PLAYERS[i]], "faction": FACTIONS[i], "hq": HQS[i]} for i in range(3)
        ]
        game = start_game(game=setup_game(campaign=campaign, seats=seats, by=owner), by=owner)
        game_number = game.number
    return {"campaign": campaign.pk, "game": game_number, "players": roster}


def name_the_world(campaign, owner, name_world) -> None:
    """After game 15: the player with the most signatures names the world; tied players roll
    (the dice here go round until one total is highest)."""
    from legacy.errors import RuleViolation
    from legacy.selectors import world_as_of

    counts = world_as_of(campaign.pk).signature_counts()
    tied = sorted(p for p, n in counts.items() if n == max(counts.values()))
    rolls = None
    for turn in range(len(tied) + 1):
        try:
            name_world(campaign=campaign, name="Longworld", rolls=rolls, by=owner)
            return
        except RuleViolation as tie:
            if tie.rule != "naming-tie":
                raise
            rolls = {p: 6 if i == turn % len(tied) else 1 for i, p in enumerate(tied)}
    raise RuntimeError("the naming dice kept tying")


def prepare_django(database_url: str) -> None:
    """Set Django up in this process on ``database_url``, with tasks kept in-process."""
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "false")
    os.environ.setdefault("SECRET_KEY", "earthbook-local-test-server-only")
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def prepare(
    database_url: str, *, finished_games: int, fill_board: bool, in_progress: bool, tables: int = 1
):
    """Migrate ``database_url`` and build a campaign there, in this process; returns the
    campaign's ids and its owner's token. With ``tables`` above 1, that many campaigns of the
    same owner are built, each in ``ids["tables"]`` (the first is also the top-level one)."""
    prepare_django(database_url)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from api.tokens import issue_token

    call_command("migrate", interactive=False, verbosity=0)
    # Pages served with DEBUG off need the collected, hashed static files.
    call_command("collectstatic", interactive=False, verbosity=0)
    users = get_user_model().objects
    owner = users.create_user(username=f"bench-{time.time_ns()}", password="unused-bench-pw")
    built = [
        build_campaign(
            finished_games=finished_games,
            fill_board=fill_board,
            in_progress=in_progress,
            owner=owner,
        )
        for _ in range(max(1, tables))
    ]
    ids = dict(built[0], tables=built)
    ids["token"] = issue_token(owner)[1]
    return ids


def command_line(argv: list[str], rows, runs: int, **steps) -> int:
    """A bench module's command line: ``STEP ARGS...`` runs one of its ``steps`` (in a child
    process: a step's dict is printed as the JSON line its parent reads, a step's False or True
    is the exit code); ``[RUNS]`` prints ``rows(RUNS)``, one JSON line each."""
    if argv and argv[0] in steps:
        out = steps[argv[0]](*argv[1:])
        if isinstance(out, bool):
            return 0 if out else 1
        print(json.dumps(out))
        return 0
    for row in rows(int(argv[0]) if argv else runs):
        print(json.dumps(row), flush=True)
    return 0


def in_child(module: str, *args: str) -> dict:
    """``python -m module args`` in a child process, with Django set up there on its own
    settings (a caller whose Django is set up elsewhere): the JSON of its last line."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DJANGO_SETTINGS_MODULE", None)
    out = subprocess.run(
        [PYTHON, "-m", module, *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def prepare_in_child(database_url: str, **options) -> dict:
    """``prepare`` in a child process, for a caller whose Django is set up elsewhere."""
    return in_child("bench.api", "prepare", database_url, json.dumps(options))


# --- Timing ------------------------------------------------------------------------------------


def timed_get(conn, path: str, headers: dict, expect: int = 200) -> float:
    """One GET on a kept connection, in milliseconds; refused unless it answers ``expect``."""
    start = time.perf_counter()
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    if response.status != expect:
        raise RuntimeError(f"GET {path}: {response.status} {body[:200]!r}")
    return elapsed


def _timed_gets(conn: http.client.HTTPConnection, path: str, headers: dict, runs: int):
    return [timed_get(conn, path, headers) for _ in range(runs)]


def rows(runs: int) -> list[dict]:
    """Both rows, ``api_ping`` then ``api_world``, measured against one gunicorn."""
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a positive whole number, not {runs!r}")
    url = databases.fresh("earthbook_bench_api")
    ids = prepare_in_child(url, finished_games=15, fill_board=True, in_progress=False)
    headers = {"Authorization": f"Token {ids['token']}", "Connection": "keep-alive"}
    world_path = f"/api/v1/campaigns/{ids['campaign']}/world/"
    # As deployed (docker/.env.example): database connections are kept between requests.
    env = server_env(url, CONN_MAX_AGE="60")
    env.pop("REDIS_URL", None)
    env.pop("CELERY_BROKER_URL", None)
    with LiveServer(env, workers=1, threads=1, log_path=BENCH_DIR / "api-server.log") as server:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            # Warm both paths (imports, caches, the SQLite page cache) before timing.
            _timed_gets(conn, "/api/v1/auth/me/", headers, 10)
            _timed_gets(conn, world_path, headers, 10)
            ping, world = [], []
            # Interleaved, so that a slow moment of the machine hits both alike.
            for _ in range(runs):
                ping += _timed_gets(conn, "/api/v1/auth/me/", headers, 1)
                world += _timed_gets(conn, world_path, headers, 1)
        finally:
            conn.close()
    ping_ms, world_ms = statistics.median(ping), statistics.median(world)
    return [
        {"bench": "api_ping", "median_ms": round(ping_ms, 3), "runs": runs},
        {
            "bench": "api_world",
            "median_ms": round(world_ms, 3),
            "runs": runs,
            "ratio_to_ping": round(world_ms / ping_ms, 2),
            "target": f"api_world <= {WORLD_TARGET:g}x api_ping",
            "met": world_ms <= WORLD_TARGET * ping_ms,
        },
    ]


def bench_api(runs: int = 200) -> list[dict]:
    return rows(runs)


def main(argv: list[str]) -> int:
    return command_line(
        argv,
        rows,
        200,
        prepare=lambda url, options="{}": prepare(url, **json.loads(options)),
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
