"""Real ``celery worker`` processes for the tests marked ``worker``, on queues of the test's own.

Eager mode hides what only a real worker shows (a task sent before its rows are committed, a
message lost with its worker, one queue holding up another), so these tests start real workers
as subprocesses. Each test uses its own pair of queues, named after the shipped two
(``interactive`` and ``bulk``, see ``CELERY_TASK_ROUTES``), emptied before and after, so that no
stale message of another run reaches it; every worker is stopped when the test ends, every wait
is bounded.

A worker reads the test's own database (``test_<name>`` on PostgreSQL: a separate process cannot
see an in-memory SQLite test database) and stores into the test's MEDIA_ROOT.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import uuid
from importlib import import_module
from pathlib import Path
from urllib.parse import quote

import redis
from django.db import connection

from campaigns.jobs.work import TEST_DELAY_ENV
from tests.support.servers import Child

CELERY = Path(sys.executable).with_name("celery")
# A second worker gives back a dead worker's unacknowledged message once it is this old.
VISIBILITY_TIMEOUT = 5
LANES = ("interactive", "bulk")


def broker_url() -> str:
    return os.environ.get("CELERY_BROKER_URL") or os.environ["REDIS_URL"]


def database_url() -> str:
    """The test database, as the worker's (or a server's) DATABASE_URL."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":  # the file the test's own live server shares
        return f"sqlite:///{db['NAME']}"
    user = quote(db["USER"] or "", safe="")
    password = quote(db["PASSWORD"] or "", safe="")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    return f"postgres://{auth}{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


def empty_queue(queue: str) -> None:
    """Drop the queue (its waiting messages and its binding), and any unacknowledged messages
    sent to it."""
    client = redis.Redis.from_url(broker_url())
    try:
        client.delete(queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")
        for tag, payload in client.hgetall("unacked").items():
            try:
                routing_key = json.loads(payload)[2]
            except (ValueError, IndexError, TypeError):
                continue
            if routing_key == queue:
                client.hdel("unacked", tag)
                client.zrem("unacked_index", tag)
    finally:
        client.close()


def route_to(settings, queues: dict[str, str]) -> None:
    """Send each task, from this process, to ``queues[lane]`` instead of the shipped queue of
    its lane (``interactive`` or ``bulk``, as the settings module routes it)."""
    shipped = import_module(os.environ.get("DJANGO_SETTINGS_MODULE", "config.settings"))
    lane_of = {
        shipped.EARTHBOOK_JOB_QUEUE_INTERACTIVE: "interactive",
        shipped.EARTHBOOK_JOB_QUEUE_BULK: "bulk",
    }
    settings.CELERY_TASK_ROUTES = {
        name: {"queue": queues[lane_of.get(route["queue"], "bulk")]}
        for name, route in shipped.CELERY_TASK_ROUTES.items()
    }
    settings.CELERY_TASK_DEFAULT_QUEUE = queues["bulk"]


class Worker(Child):
    """One ``celery worker`` subprocess reading the queues of ``lanes`` among ``queues`` (solo
    pool: the task runs in the process a test kills), on the test's database and broker, with
    ``env`` over them; stored files go to ``media`` (when given). Ready when it says so."""

    stop_timeout = 15

    def __init__(
        self,
        name: str,
        queues: dict[str, str],
        lanes,
        media: Path | None,
        log: Path,
        env,
        args=(),
    ):
        super().__init__(log)
        self.name, self.media, self.extra = name, media, dict(env)
        self.what = f"worker {name}"
        self.queues = queues
        self.lanes = tuple(lanes)
        self.args = list(args)

    def command(self) -> list[str]:
        return [
            str(CELERY),
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "-Q",
            ",".join(dict.fromkeys(self.queues[lane] for lane in self.lanes)),
            "-n",
            f"{self.name}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel=INFO",
            *self.args,
        ]

    def child_environment(self) -> dict[str, str]:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "false",
            "SECRET_KEY": "earthbook-tests-only",
            "DATABASE_URL": database_url(),
            "CELERY_BROKER_URL": broker_url(),
            "REDIS_URL": os.environ.get("REDIS_URL") or broker_url(),
            "EARTHBOOK_JOB_QUEUE_INTERACTIVE": self.queues["interactive"],
            "EARTHBOOK_JOB_QUEUE_BULK": self.queues["bulk"],
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
            "CELERY_RESTORE_INTERVAL": "1",
            "CELERY_RESTORE_THROTTLE": "1",
            "PYTHONUNBUFFERED": "1",
        }
        if self.media is not None:
            env["MEDIA_ROOT"] = str(self.media)
        for old in ("EARTHBOOK_JOB_QUEUE", "SNAPSHOT_QUEUE", "CHRONICLE_QUEUE", TEST_DELAY_ENV):
            env.pop(old, None)
        env.update(self.extra)
        return env

    def ready(self) -> bool:
        return " ready." in self.log()


@contextlib.contextmanager
def workers_of_a_test(settings, media: Path, folder: Path):
    """Yields ``start(args=(), lanes=("interactive", "bulk"), **env)``, which starts a worker
    reading the test's own queue of each lane named (both by default, as ``make worker`` reads
    both); this process sends every task to those queues. Every worker is stopped and both
    queues emptied at the end."""
    tag = uuid.uuid4().hex[:12]
    queues = {lane: f"earthbook-test-{lane}-{tag}" for lane in LANES}
    route_to(settings, queues)
    for queue in queues.values():
        empty_queue(queue)
    started: list[Worker] = []

    def start(args=(), lanes=LANES, **env) -> Worker:
        name = f"earthbook-test-{tag}-{len(started) + 1}"
        worker = Worker(name, queues, lanes, media, folder / f"{name}.log", env, args)
        started.append(worker)
        return worker.start()

    start.queues = queues  # type: ignore[attr-defined]
    try:
        yield start
    finally:
        for worker in started:
            worker.stop()
        for queue in queues.values():
            empty_queue(queue)


@contextlib.contextmanager
def sent_elsewhere(settings):
    """What a set-up asks for (the pictures of the games played to get there) goes to queues
    no worker reads, emptied after: the workers under test see only the jobs the test makes."""
    routes, default = settings.CELERY_TASK_ROUTES, settings.CELERY_TASK_DEFAULT_QUEUE
    tag = uuid.uuid4().hex[:12]
    aside = {lane: f"earthbook-test-aside-{lane}-{tag}" for lane in LANES}
    route_to(settings, aside)
    try:
        yield
    finally:
        settings.CELERY_TASK_ROUTES, settings.CELERY_TASK_DEFAULT_QUEUE = routes, default
        for queue in aside.values():
            empty_queue(queue)
