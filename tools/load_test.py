"""`make load`: the 70/30 mix of a game night against the shipped server, as a benchmark.

    DATABASE_URL=postgres://... [REDIS_URL=redis://...] python tools/load_test.py
        [--clients 50] [--duration 60]

Needs PostgreSQL (``DATABASE_URL``): the point is concurrent writers on a real database, which
SQLite's single writer cannot show; without it the script says so and exits with 2. It migrates
that database and adds a load-test account and campaign of its own (three finished games and one
in progress), then starts the production command exactly as the Dockerfile runs it
(``gunicorn -c config/gunicorn.conf.py config.wsgi``: workers and threads from
``WEB_CONCURRENCY`` / ``GUNICORN_THREADS`` or their defaults, DEBUG off, persistent database
connections, Redis as the cache when ``REDIS_URL`` is set) on a free loopback port.

A game night is several tables, each a campaign with a game in progress and a few phones:
the clients are spread over ``--tables`` campaigns (default: one per five clients, as a Risk
Legacy game seats at most five), so that writes queue for their own campaign's lock, as at a
real service, not all for one. Each mix logs its entries in a game of its own at every table,
so that each is checked against what it alone wrote.

Three phases against that one server, with the same clients (each asks over one HTTP/1.1
connection while the server keeps it open, and opens a new one when the server closes it, as
the shipped server does after every response): for ``--duration`` seconds, the mix: 70% reads
of its table's world, 30% recruitments logged in its table's game (an in-game entry a table
makes every turn, and may make any number of times, unlike a red star), sent without a key;
then, for as long, the keyed mix: the same, each entry sent with an ``Idempotency-Key`` of its
own, as the phones send them; then, for as long, ``GET /api/v1/auth/me/`` alone
(``api_ping``), so that each mix's throughput is judged against what the same machine serves
at that moment (``--mixes plain`` or ``--mixes keyed`` runs one mix; ``--keys`` is the keyed
one alone). At the end of each mix:

* no request failed (non-2xx) or raised;
* the entries answered with 201 are exactly the recruitment rows stored, game by game: as many
  rows as 201s, the same ``seq`` numbers, none twice, and each game's ``seq`` running 1..N
  without a gap (nothing lost, nothing duplicated).

While a mix runs, the server's database sessions are looked at every 50 ms: the share of the
busy ones waiting for a lock (a campaign's, mostly) is ``lock_wait_share``.

It prints one JSON line per mix (``load_mix``, ``load_mix_keyed``): requests/s, p50 and p99 of
the mix, errors, writes accepted and writes found in the database, the ``api_ping`` requests/s,
their ratio, the server's workers and threads, the target and whether it was ``met`` (ratio >=
0.35, p99 <= 300 ms, no errors, writes accepted = writes found). Exit 0 when every mix met it,
1 otherwise. Only 127.0.0.1 is contacted, loops are bounded by time and count, and the server
is always stopped.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import sys
import threading
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import LiveServer, prepare, server_env  # noqa: E402

LOAD_DIR = ROOT / "var" / "load"
MAX_REQUESTS_PER_CLIENT = 100_000
PING = "/api/v1/auth/me/"
RATIO_TARGET = 0.35
P99_TARGET_MS = 300.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Client(threading.Thread):
    def __init__(self, index, port, token, table, deadline, write_share, keys=False):
        super().__init__(name=f"client-{index}", daemon=True)
        campaign, game, players = table["campaign"], table["game"], table["players"]
        self.campaign = campaign
        self.port = port
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.world = f"/api/v1/campaigns/{campaign}/world/"
        self.game = f"/api/v1/campaigns/{campaign}/games/{game}/"
        self.entry = f"/api/v1/campaigns/{campaign}/games/{game}/events/recruitment/"
        self.players = players
        self.deadline = deadline
        self.write_share = write_share
        self.keys = keys
        self.random = random.Random(index)
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.statuses: Counter = Counter()
        self.errors: list[str] = []
        self.seqs: list[int] = []

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            for _ in range(MAX_REQUESTS_PER_CLIENT):
                if time.monotonic() >= self.deadline:
                    break
                roll = self.random.random()
                if self.write_share is None:
                    kind, method, path, body = "ping", "GET", PING, None
                    headers = self.headers
                elif roll < self.write_share:
                    kind, method, path = "event", "POST", self.entry
                    player = self.random.choice(self.players)
                    body = json.dumps({"player": player, "troops": self.random.randint(3, 12)})
                    headers = self.headers
                    if self.keys:
                        headers = {**headers, "Idempotency-Key": str(uuid.uuid4())}
                else:
                    kind, method, path, body = "world", "GET", self.world, None
                    headers = self.headers
                start = time.perf_counter()
                try:
                    conn.request(method, path, body=body, headers=headers)
                    response = conn.getresponse()
                    data = response.read()
                except (OSError, http.client.HTTPException) as error:
                    # A request that raised was not answered: count it, and reconnect.
                    self.errors.append(f"{kind}: {type(error).__name__}: {error}")
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                    continue
                self.latencies[kind].append((time.perf_counter() - start) * 1000.0)
                self.statuses[(kind, response.status)] += 1
                if response.status >= 300:
                    self.errors.append(f"{kind}: HTTP {response.status} {data[:200]!r}")
                elif kind == "event":
                    self.seqs.append((self.campaign, json.loads(data)["event"]["seq"]))
        finally:
            conn.close()


def run_phase(
    port, token, tables, clients, duration, write_share, keys=False
) -> tuple[list, float, list]:
    """``clients`` clients, spread over ``tables``, for ``duration`` seconds; the clients, the
    elapsed time, and the names of any still running when they should have ended."""
    started = time.monotonic()
    deadline = started + duration
    running = [
        Client(i, port, token, tables[i % len(tables)], deadline, write_share, keys)
        for i in range(clients)
    ]
    for c in running:
        c.start()
    for c in running:
        c.join(timeout=duration + 120)
    return running, time.monotonic() - started, [c.name for c in running if c.is_alive()]


def gather(clients):
    latencies: dict[str, list[float]] = defaultdict(list)
    statuses: Counter = Counter()
    errors: list[str] = []
    seqs: list[tuple[int, int]] = []
    for c in clients:
        for kind, values in c.latencies.items():
            latencies[kind].extend(values)
        statuses.update(c.statuses)
        errors.extend(c.errors)
        seqs.extend(c.seqs)
    return latencies, statuses, errors, seqs


def say(text: str) -> None:
    print(f"load: {text}", file=sys.stderr, flush=True)


MIXES = {"plain": ("load_mix", False), "keyed": ("load_mix_keyed", True)}


class LockWatch(threading.Thread):
    """Looks at the server's database sessions every 50 ms while a mix runs: how many were busy
    (running a statement, or waiting for one) and how many of those waited for a lock."""

    def __init__(self, stop: threading.Event):
        super().__init__(name="lock-watch", daemon=True)
        self.stop = stop
        self.busy = 0
        self.waiting = 0

    def run(self) -> None:
        from django.db import connection

        try:
            with connection.cursor() as cursor:
                for _ in range(MAX_REQUESTS_PER_CLIENT):
                    if self.stop.wait(0.05):
                        break
                    cursor.execute(
                        "SELECT count(*), count(*) FILTER (WHERE wait_event_type = 'Lock') "
                        "FROM pg_stat_activity WHERE datname = current_database() "
                        "AND pid <> pg_backend_pid() AND state IN ('active', "
                        "'idle in transaction')"
                    )
                    busy, waiting = cursor.fetchone()
                    self.busy += busy
                    self.waiting += waiting
        finally:
            connection.close()

    @property
    def share(self) -> float:
        return self.waiting / self.busy if self.busy else 0.0


def last_seqs(seated) -> dict[int, int]:
    """The last ``seq`` of each table's game, by campaign."""
    from django.db.models import Max

    from campaigns.models import GameEvent

    return {
        t["campaign"]: GameEvent.objects.filter(
            game__campaign_id=t["campaign"], game__number=t["game"]
        ).aggregate(n=Max("seq"))["n"]
        or 0
        for t in seated
    }


def checked(
    seated, statuses, errors, seqs, after: dict[int, int], upto: dict[int, int]
) -> tuple[dict[str, bool], int]:
    """What the mix's answers say against what is stored, and how many of its recruitments
    were found: the rows past ``after`` (each table's last ``seq`` before the mix) up to
    ``upto`` (its last once the mix was over)."""
    from campaigns.models import EventKind, GameEvent

    stored_entries: list[tuple[int, int]] = []
    gapless = True
    for t in seated:
        stored = list(
            GameEvent.objects.filter(game__campaign_id=t["campaign"], game__number=t["game"])
            .order_by("seq")
            .values_list("seq", "kind")
        )
        stored_entries += [
            (t["campaign"], s)
            for s, k in stored
            if k == EventKind.RECRUITMENT and after[t["campaign"]] < s <= upto[t["campaign"]]
        ]
        all_seqs = [seq for seq, _ in stored]
        gapless = gapless and all_seqs == list(range(1, len(all_seqs) + 1))
    stored_entries.sort()
    accepted = statuses[("event", 201)]
    checks = {
        "no request failed or raised": not errors,
        "201s == recruitment rows stored": accepted == len(stored_entries),
        "same seq numbers answered and stored": sorted(seqs) == stored_entries,
        "no seq answered twice": len(seqs) == len(set(seqs)),
        "each game's seq runs 1..N without a gap": gapless,
    }
    return checks, len(stored_entries)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--duration", type=float, default=float(os.environ.get("LOAD_SECONDS", 60)))
    parser.add_argument("--write-share", type=float, default=0.3)
    parser.add_argument(
        "--mixes",
        default="plain,keyed",
        help="the mixes to run, in order: plain (entries sent without a key), keyed (each "
        "entry with an Idempotency-Key of its own, as the phones send them)",
    )
    parser.add_argument("--keys", action="store_true", help="the keyed mix alone")
    parser.add_argument(
        "--tables", type=int, default=0, help="campaigns the clients share (0: one per five)"
    )
    args = parser.parse_args()
    mixes = ["keyed"] if args.keys else [m.strip() for m in args.mixes.split(",") if m.strip()]
    if not mixes or any(m not in MIXES for m in mixes) or len(set(mixes)) != len(mixes):
        parser.error("mixes must be plain, keyed or both")
    if not 1 <= args.clients <= 500 or not 0 < args.duration <= 600:
        parser.error("clients must be 1..500 and duration 0..600 seconds")
    tables = args.tables or -(-args.clients // 5)
    if not 1 <= tables <= args.clients:
        parser.error("tables must be 1..clients")
    if not 0 <= args.write_share <= 1:
        parser.error("write share must be between 0 and 1")

    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        print(
            "load test: needs PostgreSQL. Set DATABASE_URL=postgres://user@127.0.0.1:5432/db "
            "(a database this test may add a campaign to).",
            file=sys.stderr,
        )
        return 2

    # The server gets the caller's Redis (the shipped cache) even though preparing the
    # campaign below runs its tasks in-process, without it.
    redis = {k: os.environ[k] for k in ("REDIS_URL", "CELERY_BROKER_URL") if k in os.environ}
    say("preparing the database ...")
    ids = prepare(database_url, finished_games=3, fill_board=False, in_progress=True, tables=tables)
    from django.db import connections

    connections.close_all()
    seated = [
        {"campaign": t["campaign"], "game": t["game"], "players": list(t["players"].values())[:3]}
        for t in ids["tables"]
    ]

    LOAD_DIR.mkdir(parents=True, exist_ok=True)
    env = server_env(database_url, LOG_LEVEL="ERROR", **redis)
    for name in ("CONN_MAX_AGE", "DJANGO_SETTINGS_MODULE"):
        env.pop(name, None)  # the shipped defaults
    ran: dict[str, tuple] = {}
    with LiveServer(env, shipped=True, log_path=LOAD_DIR / "server.log") as server:
        config = shipped_config(env)
        say(
            f"{args.clients} clients at {tables} tables, {args.duration:.0f} s of each mix "
            f"({', '.join(mixes)}) then {args.duration:.0f} s of api_ping, against gunicorn "
            f"({config['workers']} workers x {config['threads']} threads) on {server.base_url}"
        )
        for name in mixes:
            after = last_seqs(seated)
            connections.close_all()
            stop = threading.Event()
            watch = LockWatch(stop)
            watch.start()
            clients, elapsed, stuck = run_phase(
                server.port,
                ids["token"],
                seated,
                args.clients,
                args.duration,
                args.write_share,
                MIXES[name][1],
            )
            stop.set()
            watch.join(timeout=10)
            ran[name] = (clients, elapsed, stuck, after, last_seqs(seated), watch.share)
        ping, ping_s, stuck_ping = run_phase(
            server.port, ids["token"], seated, args.clients, args.duration, None
        )

    ping_latencies, _ping_statuses, ping_errors, _ = gather(ping)
    pings = ping_latencies.get("ping", [])
    ping_rps = len(pings) / ping_s
    all_met = True
    for name in mixes:
        clients, elapsed, stuck, after, upto, lock_wait_share = ran[name]
        latencies, statuses, errors, seqs = gather(clients)
        everything = [v for values in latencies.values() for v in values]
        checks, found = checked(seated, statuses, errors, seqs, after, upto)
        checks["no request failed or raised"] &= not ping_errors
        checks["no client stuck"] = not stuck and not stuck_ping
        for check, ok in checks.items():
            say(f"[{'ok' if ok else 'FAIL'}] {name}: {check}")
        if errors or ping_errors:
            say(f"first error: {(errors or ping_errors)[0]}")
        for kind, values in sorted(latencies.items()):
            say(
                f"{name:5} {kind:6} {len(values):6d} requests  p50 "
                f"{statistics.median(values):7.1f} ms  p99 {percentile(values, 0.99):7.1f} ms"
            )
        rps = len(everything) / elapsed
        p99 = percentile(everything, 0.99)
        ratio = rps / ping_rps if ping_rps else 0.0
        met = all(checks.values()) and ratio >= RATIO_TARGET and p99 <= P99_TARGET_MS
        all_met = all_met and met
        accepted = statuses[("event", 201)]
        print(
            json.dumps(
                {
                    "bench": MIXES[name][0],
                    "database": "postgresql",
                    "cache": "redis" if env.get("REDIS_URL") else "local memory",
                    "clients": args.clients,
                    "tables": tables,
                    "seconds": args.duration,
                    "write_share": args.write_share,
                    "keys": MIXES[name][1],
                    "workers": config["workers"],
                    "threads": config["threads"],
                    "requests": len(everything),
                    "requests_per_s": round(rps, 1),
                    "p50_ms": round(statistics.median(everything or [0]), 1),
                    "p99_ms": round(p99, 1),
                    "entry_p99_ms": round(percentile(latencies.get("event", []), 0.99), 1),
                    "errors": len(errors) + len(ping_errors),
                    "writes_accepted": accepted,
                    "writes_found": found,
                    "lock_wait_share": round(lock_wait_share, 3),
                    "api_ping_requests_per_s": round(ping_rps, 1),
                    "api_ping_p50_ms": round(statistics.median(pings or [0]), 1),
                    "ratio_to_ping": round(ratio, 3),
                    "target": f"mix >= {RATIO_TARGET:g}x api_ping req/s, p99 <= "
                    f"{P99_TARGET_MS:g} ms, 0 errors, writes accepted = writes found",
                    "met": met,
                }
            ),
            flush=True,
        )
    return 0 if all_met else 1


def shipped_config(env: dict) -> dict:
    """The workers and threads the shipped configuration chose in that environment."""
    import subprocess

    script = (
        "import runpy, json; c = runpy.run_path('config/gunicorn.conf.py'); "
        "print(json.dumps({'workers': c['workers'], 'threads': c['threads']}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    return json.loads(out.stdout) if out.returncode == 0 else {"workers": "?", "threads": "?"}


if __name__ == "__main__":
    sys.exit(main())
