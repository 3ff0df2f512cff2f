"""The board pictures with the real parts: PostgreSQL, Redis and a ``celery worker`` process.

Eager mode hides what only a real worker shows (a task sent before its rows are committed, a
message lost with its worker), so these tests start real workers as subprocesses. Each test
run uses its own queue (``SNAPSHOT_QUEUE``, ``-Q``), emptied before and after, so no stale
message of another run reaches it; every worker is stopped in a ``finally``, every wait bounded.

The worker reads the test's own database (``test_<name>`` on PostgreSQL: a separate process
cannot see an in-memory SQLite test database) and stores into the test's MEDIA_ROOT.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from django.conf import settings
from django.db import connection
from PIL import Image

from campaigns.models import Snapshot, SnapshotStatus
from campaigns.pictures.render import TEST_DELAY_ENV
from tests.support.games import play_first_game
from tests.support.snapshots import stored_files

pytestmark = [
    pytest.mark.worker,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

ROOT = Path(__file__).resolve().parents[2]
CELERY = Path(sys.executable).with_name("celery")
STARTUP_TIMEOUT = 60
RENDER_TIMEOUT = 60
# The second worker gives back a dead worker's unacknowledged message once it is this old.
VISIBILITY_TIMEOUT = 5


def broker_url() -> str:
    return os.environ.get("CELERY_BROKER_URL") or os.environ["REDIS_URL"]


def database_url() -> str:
    """The test database, as the worker's DATABASE_URL."""
    db = connection.settings_dict
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


class Worker:
    """One ``celery worker`` subprocess (solo pool: the task runs in the process we kill)."""

    def __init__(self, name: str, queue: str, media: Path, log: Path, env: dict[str, str], args=()):
        self.name, self.queue, self.media, self.log_path, self.extra = name, queue, media, log, env
        self.args = list(args)
        self.process: subprocess.Popen | None = None

    def start(self) -> Worker:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "false",
            "SECRET_KEY": "earthbook-tests-only",
            "DATABASE_URL": database_url(),
            "CELERY_BROKER_URL": broker_url(),
            "REDIS_URL": os.environ.get("REDIS_URL") or broker_url(),
            "MEDIA_ROOT": str(self.media),
            "SNAPSHOT_QUEUE": self.queue,
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
            "CELERY_RESTORE_INTERVAL": "1",
            "CELERY_RESTORE_THROTTLE": "1",
            "PYTHONUNBUFFERED": "1",
        }
        env.pop(TEST_DELAY_ENV, None)
        env.update(self.extra)
        self.log_file = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [
                str(CELERY),
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "-Q",
                self.queue,
                "-n",
                f"{self.name}@%h",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel=INFO",
                *self.args,
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so that a kill reaches all of it
        )
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while " ready." not in self.log():
            if self.process.poll() is not None:
                pytest.fail(f"worker {self.name} exited at start-up:\n{self.log()}")
            if time.monotonic() > deadline:
                pytest.fail(f"worker {self.name} not ready in {STARTUP_TIMEOUT} s:\n{self.log()}")
            time.sleep(0.2)
        return self

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def kill(self) -> None:
        """SIGKILL, as a machine that loses power: nothing is acknowledged or cleaned up."""
        self._signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self._signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._signal(signal.SIGKILL)
                self.process.wait(timeout=10)
        self.log_file.close()

    def _signal(self, sig) -> None:
        with contextlib.suppress(ProcessLookupError):  # it is gone already
            os.killpg(self.process.pid, sig)


@pytest.fixture
def start_worker(settings, media, tmp_path):
    """Start workers on a queue of this test's own; all are stopped when the test ends."""
    queue = f"earthbook-test-snapshots-{uuid.uuid4().hex[:12]}"
    settings.SNAPSHOT_QUEUE = queue  # where request_snapshot sends from this process
    empty_queue(queue)
    workers: list[Worker] = []

    def start(args=(), **env) -> Worker:
        name = f"{queue}-{len(workers) + 1}"
        worker = Worker(name, queue, media, tmp_path / f"{name}.log", env, args)
        workers.append(worker)
        return worker.start()

    try:
        yield start
    finally:
        for worker in workers:
            worker.stop()
        empty_queue(queue)


def wait_for(campaign, game: int, done, what: str, timeout: float = RENDER_TIMEOUT, logs=()):
    deadline = time.monotonic() + timeout
    while True:
        row = Snapshot.objects.filter(campaign=campaign, game_number=game).first()
        if row is not None and done(row):
            return row
        if time.monotonic() > deadline:
            state = (row.status, row.attempts, row.error) if row else "no row"
            tails = "\n".join(w.log()[-3000:] for w in logs)
            pytest.fail(f"{what} not seen in {timeout} s (snapshot: {state})\n{tails}")
        time.sleep(0.2)


def assert_one_intact_png(media, row) -> None:
    assert stored_files(media) == [f"{row.state_hash}.png"]
    with Image.open(io.BytesIO((media / row.image.name).read_bytes())) as image:
        image.load()
        assert image.format == "PNG" and image.width == settings.SNAPSHOT_WIDTH


def test_a_real_worker_draws_the_picture_of_a_finished_game(
    start_worker, prepared_campaign, players, media
):
    worker = start_worker()
    play_first_game(prepared_campaign, players)  # commits; the request goes out on commit
    row = wait_for(
        prepared_campaign,
        1,
        lambda r: r.status in (SnapshotStatus.DONE, SnapshotStatus.FAILED),
        "the end of the render",
        logs=[worker],
    )
    assert row.status == SnapshotStatus.DONE, row.error
    assert row.attempts == 1
    assert_one_intact_png(media, row)
    assert "campaigns.tasks.render_snapshot" in worker.log()


def test_a_render_killed_with_its_worker_is_delivered_again_and_stored_once(
    start_worker, prepared_campaign, players, media
):
    doomed = start_worker(**{TEST_DELAY_ENV: "120"})
    play_first_game(prepared_campaign, players)
    wait_for(
        prepared_campaign,
        1,
        lambda r: r.status == SnapshotStatus.RENDERING,
        "the render starting",
        logs=[doomed],
    )
    doomed.kill()  # mid-render: the message was never acknowledged
    row = Snapshot.objects.get(campaign=prepared_campaign, game_number=1)
    assert (row.status, row.attempts) == (SnapshotStatus.RENDERING, 1)
    assert stored_files(media) == []

    rescuer = start_worker()
    row = wait_for(
        prepared_campaign,
        1,
        lambda r: r.status in (SnapshotStatus.DONE, SnapshotStatus.FAILED),
        "the render delivered again",
        timeout=RENDER_TIMEOUT + VISIBILITY_TIMEOUT,
        logs=[doomed, rescuer],
    )
    assert row.status == SnapshotStatus.DONE, row.error
    assert row.attempts == 2  # the killed one, and the one delivered again
    assert_one_intact_png(media, row)
    assert "campaigns.tasks.render_snapshot" in rescuer.log()


def test_a_render_killed_with_its_worker_is_drawn_once_within_two_minutes_with_nobody_asking(
    start_worker, prepared_campaign, players, media, tmp_path
):
    """The message stays with the dead worker (its visibility timeout is an hour here): the
    periodic recovery notices the silent heartbeat and asks again."""
    beating = {"SNAPSHOT_HEARTBEAT_SECONDS": "1", "CELERY_VISIBILITY_TIMEOUT": "3600"}
    doomed = start_worker(**beating, **{TEST_DELAY_ENV: "120"})
    play_first_game(prepared_campaign, players)
    wait_for(
        prepared_campaign,
        1,
        lambda r: r.status == SnapshotStatus.RENDERING,
        "the render starting",
        logs=[doomed],
    )
    doomed.kill()
    killed_at = time.monotonic()
    rescuer = start_worker(
        args=["--beat", "--schedule", str(tmp_path / "beat-schedule")],
        **beating,
        SNAPSHOT_LOST_AFTER="5",
        SNAPSHOT_RECOVER_INTERVAL="2",
    )
    row = wait_for(
        prepared_campaign,
        1,
        lambda r: r.status in (SnapshotStatus.DONE, SnapshotStatus.FAILED),
        "the lost render asked for again",
        timeout=120,
        logs=[doomed, rescuer],
    )
    assert time.monotonic() - killed_at < 120
    assert row.status == SnapshotStatus.DONE, row.error
    assert row.attempts == 2  # the killed one, and the one asked for again
    assert row.auto_retries == 0
    assert_one_intact_png(media, row)
    assert "campaigns.tasks.recover_snapshots" in rescuer.log()
