"""`make load`: many clients reading worlds and recording events at once, on loopback.

    DATABASE_URL=postgres://... python tools/load_test.py [--clients 50] [--duration 30]

Needs PostgreSQL (``DATABASE_URL``): the point is concurrent writers on a real database, which
SQLite's single writer cannot show; without it the script says so and exits with 2. It
migrates that database and adds a load-test account and campaign of its own (three finished
games and one in progress), then serves the project with gunicorn (several workers, threads,
DEBUG off) on a free loopback port.

Each client thread keeps one HTTP/1.1 connection and, until the time is up (or its request cap
is reached), reads the current world, reads the game in progress, or records a red star bought
on it (about one request in four). At the end:

* every request must have succeeded (2xx) and none may have raised;
* the events answered with 201 must be exactly the red-star events stored for that game: as
  many rows as 201s, the same ``seq`` numbers, none twice, and the game's ``seq`` running
  1..N without a gap (nothing lost, nothing duplicated);
* it prints the throughput and the p50/p99 latencies, overall and per kind of request.

Exit 0 when all of that holds, 1 otherwise. Only 127.0.0.1 is contacted, loops are bounded by
time and count, and the server is always stopped.
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
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import LiveServer, prepare, server_env  # noqa: E402

LOAD_DIR = ROOT / "var" / "load"
MAX_REQUESTS_PER_CLIENT = 100_000


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Client(threading.Thread):
    def __init__(self, index, port, token, campaign, game, players, deadline, write_share):
        super().__init__(name=f"client-{index}", daemon=True)
        self.port = port
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.world = f"/api/v1/campaigns/{campaign}/world/"
        self.game = f"/api/v1/campaigns/{campaign}/games/{game}/"
        self.red_star = f"/api/v1/campaigns/{campaign}/games/{game}/events/red-star/"
        self.players = players
        self.deadline = deadline
        self.write_share = write_share
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
                if roll < self.write_share:
                    kind, method, path = "event", "POST", self.red_star
                    body = json.dumps({"player": self.random.choice(self.players)})
                elif roll < self.write_share + (1 - self.write_share) / 2:
                    kind, method, path, body = "world", "GET", self.world, None
                else:
                    kind, method, path, body = "game", "GET", self.game, None
                start = time.perf_counter()
                try:
                    conn.request(method, path, body=body, headers=self.headers)
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
                    self.seqs.append(json.loads(data)["event"]["seq"])
        finally:
            conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--duration", type=float, default=float(os.environ.get("LOAD_SECONDS", 30)))
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--write-share", type=float, default=0.25)
    args = parser.parse_args()
    if not 1 <= args.clients <= 500 or not 0 < args.duration <= 600:
        parser.error("clients must be 1..500 and duration 0..600 seconds")

    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        print(
            "load test: needs PostgreSQL. Set DATABASE_URL=postgres://user@127.0.0.1:5432/db "
            "(a database this test may add a campaign to).",
            file=sys.stderr,
        )
        return 2

    print("load test: preparing the database ...", flush=True)
    ids = prepare(database_url, finished_games=3, fill_board=False, in_progress=True)
    from django.db import connections

    from campaigns.models import EventKind, GameEvent

    connections.close_all()
    players = list(ids["players"].values())[:3]

    LOAD_DIR.mkdir(parents=True, exist_ok=True)
    env = server_env(database_url, CONN_MAX_AGE="60", LOG_LEVEL="ERROR")
    with LiveServer(
        env, workers=args.workers, threads=args.threads, log_path=LOAD_DIR / "server.log"
    ) as server:
        print(
            f"load test: {args.clients} clients for {args.duration:.0f} s against gunicorn "
            f"({args.workers} workers x {args.threads} threads) on {server.base_url}",
            flush=True,
        )
        started = time.monotonic()
        deadline = started + args.duration
        clients = [
            Client(
                i,
                server.port,
                ids["token"],
                ids["campaign"],
                ids["game"],
                players,
                deadline,
                args.write_share,
            )
            for i in range(args.clients)
        ]
        for c in clients:
            c.start()
        for c in clients:
            c.join(timeout=args.duration + 120)
        elapsed = time.monotonic() - started
        stuck = [c.name for c in clients if c.is_alive()]

    latencies: dict[str, list[float]] = defaultdict(list)
    statuses: Counter = Counter()
    errors: list[str] = []
    seqs: list[int] = []
    for c in clients:
        for kind, values in c.latencies.items():
            latencies[kind].extend(values)
        statuses.update(c.statuses)
        errors.extend(c.errors)
        seqs.extend(c.seqs)
    everything = [v for values in latencies.values() for v in values]

    stored = list(
        GameEvent.objects.filter(game__campaign_id=ids["campaign"], game__number=ids["game"])
        .order_by("seq")
        .values_list("seq", "kind")
    )
    stored_stars = sorted(seq for seq, kind in stored if kind == EventKind.RED_STAR_BOUGHT)
    all_seqs = [seq for seq, _ in stored]
    created = statuses[("event", 201)]
    checks = {
        "no request failed or raised": not errors,
        "no client stuck": not stuck,
        "201s == red-star rows stored": created == len(stored_stars),
        "same seq numbers answered and stored": sorted(seqs) == stored_stars,
        "no seq answered twice": len(seqs) == len(set(seqs)),
        "seq runs 1..N without a gap": all_seqs == list(range(1, len(all_seqs) + 1)),
    }

    print(f"requests: {len(everything)} in {elapsed:.1f} s = {len(everything) / elapsed:.1f} req/s")
    for kind in ("world", "game", "event"):
        values = latencies.get(kind, [])
        if values:
            print(
                f"  {kind:6} {len(values):6d} requests  p50 {statistics.median(values):7.1f} ms"
                f"  p99 {percentile(values, 0.99):7.1f} ms  max {max(values):7.1f} ms"
            )
    print(
        f"  all    {len(everything):6d} requests"
        f"  p50 {statistics.median(everything or [0]):7.1f} ms"
        f"  p99 {percentile(everything, 0.99):7.1f} ms"
    )
    print(f"events: {created} answered 201, {len(stored_stars)} red-star rows stored")
    print(f"errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
    for name, ok in checks.items():
        print(f"  [{'ok' if ok else 'FAIL'}] {name}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
