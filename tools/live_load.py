"""`make load`, the live table: thousands of phones following their tables' streams while a few
tables write, against the shipped production servers on PostgreSQL and Redis.

    DATABASE_URL=postgres://... REDIS_URL=redis://... python tools/live_load.py

Settings, from the environment: ``LIVE_PHONES`` (default 5000), ``LIVE_TABLES`` (campaigns the
phones follow, default 10), ``LIVE_WRITING_TABLES`` (of those, the ones that write, default 5),
``LIVE_ENTRIES`` (entries each writing table makes, default 5: 25 in all), ``LIVE_IDLE_SECONDS``
(the quiet minute measured before the writes, default 60).

Needs PostgreSQL and Redis (the news crosses from the process that wrote to the processes that
hold the streams only through Redis); without them it says so and exits with 2. It builds its own
campaigns in that database (shared, so that a phone reads by the share link), then starts both
production commands on free loopback ports, as docker/compose.yaml runs them: the synchronous
``gunicorn -c config/gunicorn.conf.py config.wsgi`` that takes the entries, and
``gunicorn -c config/gunicorn_live.conf.py config.live_asgi`` that holds the streams.

The phones are one bounded asyncio client (raw streams, the open-files limit raised to its hard
limit; at most ``CONNECTING`` connections being opened at once): each opens
``GET /c/ID/live/stream/`` and reads it to the end of the run. Once all are open:

1. Quiet: for ``LIVE_IDLE_SECONDS`` nothing is written; the bytes every phone receives (the
   heartbeats, with their chunk framing) give ``idle_bytes_per_phone_per_min``.
2. Writing: each writing table logs ``LIVE_ENTRIES`` recruitments, one after another, through the
   API of the synchronous server; for each, the time from sending the entry until each OTHER
   phone of that table is told a version newer than the one before it. p50 and p90 over every
   phone and entry give the propagation.

It prints one JSON line; the target is p90 <= 1000 ms with at least 5000 phones held open to the
end (none dropped) and every entry seen by every phone of its table. Exit 0 when met, 1
otherwise. Only 127.0.0.1 is contacted, every wait is bounded and both servers are always
stopped.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import PYTHON, LiveServer, prepare, server_env  # noqa: E402

LOAD_DIR = ROOT / "var" / "load"
P90_TARGET_MS = 1000.0
PHONES_TARGET = 5000
CONNECTING = 20  # connections being opened at once (each reads the database once)
SEEN_WITHIN = 10.0  # seconds an entry may take to reach every phone before it counts as lost
EVENT = re.compile(rb"data: (\d+)")


def setting(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    return int(raw) if raw else default


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class StreamServer(LiveServer):
    """The shipped ASGI server of the streams (``config/gunicorn_live.conf.py``) on loopback."""

    ready_path = "/health/"  # all it serves besides the streams

    def __enter__(self) -> StreamServer:
        gunicorn = Path(PYTHON).with_name("gunicorn")
        command = [
            str(gunicorn) if gunicorn.exists() else "gunicorn",
            "-c",
            "config/gunicorn_live.conf.py",
            "config.live_asgi",
            "--bind",
            f"127.0.0.1:{self.port}",
        ]
        self._start(command)
        return self


class Table:
    def __init__(self, campaign: int, game: int, player: int, share: str, version: int):
        self.campaign, self.game, self.player, self.share = campaign, game, player, share
        self.version = version  # the newest version every phone of the table was told
        self.phones: list[Phone] = []
        self.pending: dict | None = None  # the entry under way: {before, sent, seen: {phone}}
        self.delays: list[float] = []
        self.answers: list[float] = []  # how long the entry's POST took, for the log
        self.after_answer: list[float] = []  # from the POST's answer to each phone told
        self.lost = 0


class Phone:
    def __init__(self, index: int, table: Table):
        self.index, self.table = index, table
        self.bytes = 0
        self.open = False
        self.error = ""


async def hold(phone: Phone, port: int, gate: asyncio.Semaphore, opened: asyncio.Event, done):
    table = phone.table
    request = (
        f"GET /c/{table.campaign}/live/stream/?share={table.share}&v={table.version} HTTP/1.1\r\n"
        "Host: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    ).encode()
    try:
        async with gate:
            reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 30)
            writer.write(request)
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
            if not head.startswith(b"HTTP/1.1 200"):
                phone.error = head.split(b"\r\n", 1)[0].decode(errors="replace")
                writer.close()
                return
            phone.open = True
        opened.set()
        buffer = b""
        while not done.is_set():
            data = await reader.read(4096)
            if not data:
                phone.error = "closed by the server"
                break
            now = time.perf_counter()
            phone.bytes += len(data)
            buffer += data
            *events, buffer = buffer.split(b"\n\n")
            for each in events:
                found = EVENT.search(each)
                pending = table.pending
                newer = found and pending and int(found.group(1)) > pending["before"]
                if newer and phone.index not in pending["seen"]:
                    pending["seen"][phone.index] = now
        writer.close()
    except (TimeoutError, OSError, asyncio.IncompleteReadError) as error:
        phone.error = f"{type(error).__name__}: {error}"
    finally:
        if phone.error:
            phone.open = False


def post_entry(port: int, token: str, table: Table, troops: int) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(
            "POST",
            f"/api/v1/campaigns/{table.campaign}/games/{table.game}/events/recruitment/",
            body=json.dumps({"player": table.player, "troops": troops}),
            headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        )
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


async def write(table: Table, entries: int, port: int, token: str, version_of) -> list[str]:
    errors = []
    for k in range(entries):
        before = table.version
        table.pending = {"before": before, "seen": {}}
        sent = time.perf_counter()
        status = await asyncio.to_thread(post_entry, port, token, table, 3 + k)
        answered = time.perf_counter()
        table.answers.append((answered - sent) * 1000.0)
        if status != 201:
            errors.append(f"entry to campaign {table.campaign}: HTTP {status}")
        others = [p for p in table.phones if p.open]
        deadline = sent + SEEN_WITHIN
        while len(table.pending["seen"]) < len(others) and time.perf_counter() < deadline:
            await asyncio.sleep(0.01)
        seen = table.pending["seen"]
        table.delays += [(seen[p.index] - sent) * 1000.0 for p in others if p.index in seen]
        table.after_answer += [
            max(0.0, seen[p.index] - answered) * 1000.0 for p in others if p.index in seen
        ]
        table.lost += sum(1 for p in others if p.index not in seen)
        table.version = await asyncio.to_thread(version_of, table.campaign)
        table.pending = None
        await asyncio.sleep(0.3)
    return errors


async def measure(tables, writing, stream_port, web_port, token, idle_s, entries, version_of):
    done = asyncio.Event()
    opened = asyncio.Event()
    gate = asyncio.Semaphore(CONNECTING)
    phones = [p for t in tables for p in t.phones]
    started = time.perf_counter()
    tasks = [asyncio.create_task(hold(p, stream_port, gate, opened, done)) for p in phones]
    while sum(p.open for p in phones) + sum(bool(p.error) for p in phones) < len(phones):
        if time.perf_counter() - started > 600:
            break
        await asyncio.sleep(0.5)
    held = sum(p.open for p in phones)
    say(f"{held} phones open in {time.perf_counter() - started:.1f} s; quiet for {idle_s} s ...")
    quiet_from = {p.index: p.bytes for p in phones}
    await asyncio.sleep(idle_s)
    quiet = [p.bytes - quiet_from[p.index] for p in phones if p.open]
    idle_per_min = (sum(quiet) / len(quiet)) * 60.0 / idle_s if quiet else 0.0
    say(f"writing {entries} entries at each of {len(writing)} tables ...")
    errors = []
    for found in await asyncio.gather(
        *(write(t, entries, web_port, token, version_of) for t in writing)
    ):
        errors += found
    held_to_end = sum(p.open for p in phones)
    done.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    failed = [p.error for p in phones if p.error]
    return held, held_to_end, idle_per_min, errors, failed


def main() -> int:
    phones_n = setting("LIVE_PHONES", PHONES_TARGET)
    tables_n = setting("LIVE_TABLES", 10)
    writing_n = min(setting("LIVE_WRITING_TABLES", 5), tables_n)
    entries = setting("LIVE_ENTRIES", 5)
    idle_s = setting("LIVE_IDLE_SECONDS", 60)
    if not (1 <= tables_n <= phones_n <= 20_000 and 1 <= entries <= 100 and 1 <= idle_s <= 600):
        say("live load: LIVE_PHONES 1..20000, LIVE_TABLES 1..phones, LIVE_ENTRIES 1..100, ...")
        return 2
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")) or not os.environ.get(
        "REDIS_URL"
    ):
        say("live load: needs PostgreSQL and Redis (DATABASE_URL=postgres://..., REDIS_URL=...).")
        return 2
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < phones_n + 200:
        say(f"live load: {phones_n} phones need more open files than the limit ({hard}).")
        return 2

    redis = {k: os.environ[k] for k in ("REDIS_URL", "CELERY_BROKER_URL") if k in os.environ}
    say("preparing the database ...")
    ids = prepare(
        database_url, finished_games=1, fill_board=False, in_progress=True, tables=tables_n
    )
    from django.db import connections

    from campaigns.models import Campaign

    def version_of(campaign_id: int) -> int:
        try:
            return Campaign.objects.get(pk=campaign_id).world_version
        finally:
            connections.close_all()

    tables = []
    for t in ids["tables"]:
        Campaign.objects.filter(pk=t["campaign"]).update(shared=True)
        row = Campaign.objects.get(pk=t["campaign"])
        player = list(t["players"].values())[0]
        tables.append(Table(row.pk, t["game"], player, row.share_token, row.world_version))
    connections.close_all()
    for i in range(phones_n):
        table = tables[i % len(tables)]
        table.phones.append(Phone(i, table))

    LOAD_DIR.mkdir(parents=True, exist_ok=True)
    env = server_env(database_url, LOG_LEVEL="ERROR", **redis)
    for name in ("CONN_MAX_AGE", "DJANGO_SETTINGS_MODULE"):
        env.pop(name, None)  # the shipped defaults
    with (
        LiveServer(env, shipped=True, log_path=LOAD_DIR / "web.log") as web,
        # Every phone here comes from one address: the limit per address would refuse them.
        StreamServer(
            {**env, "LIVE_STREAMS_PER_ADDRESS": "0"}, log_path=LOAD_DIR / "live.log"
        ) as streams,
    ):
        say(f"{phones_n} phones at {tables_n} tables ({writing_n} writing) on {streams.base_url}")
        held, held_to_end, idle_per_min, errors, failed = asyncio.run(
            measure(
                tables,
                tables[:writing_n],
                streams.port,
                web.port,
                ids["token"],
                idle_s,
                entries,
                version_of,
            )
        )

    delays = [d for t in tables for d in t.delays]
    lost = sum(t.lost for t in tables)
    p50, p90 = percentile(delays, 0.5), percentile(delays, 0.9)
    if errors or failed:
        say(f"first error: {(errors or failed)[0]} ({len(errors)} entries, {len(failed)} phones)")
    met = (
        held >= PHONES_TARGET
        and writing_n * entries >= 20
        and held_to_end == held
        and not errors
        and lost == 0
        and len(delays) > 0
        and p90 <= P90_TARGET_MS
    )
    print(
        json.dumps(
            {
                "bench": "live_table",
                "phones": held,
                "propagation_p50_ms": round(p50, 1),
                "propagation_p90_ms": round(p90, 1),
                "idle_bytes_per_phone_per_min": round(idle_per_min, 1),
                "target": f"p90 <= {P90_TARGET_MS:g} ms with >= {PHONES_TARGET} phones held, "
                f"each of >= 20 entries seen by every phone of its table",
                "met": met,
            }
        ),
        flush=True,
    )
    answers = [a for t in tables for a in t.answers]
    after = [a for t in tables for a in t.after_answer]
    say(
        f"the entries' answers: p50 {percentile(answers, 0.5):.0f} ms, "
        f"p90 {percentile(answers, 0.9):.0f} ms; from the answer to a phone told: "
        f"p50 {percentile(after, 0.5):.0f} ms, p90 {percentile(after, 0.9):.0f} ms"
    )
    say(
        f"entries {writing_n * entries}, phones told {len(delays)}, not told {lost}, "
        f"held to the end {held_to_end}"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
