"""More than one machine: two web processes (gunicorn with the shipped config, on two ports) and
a Celery worker share PostgreSQL, Redis and the media bucket (a local S3-compatible server). A
picture the worker draws is served by both; an entry made through one is seen through the
other's live address."""

from __future__ import annotations

import os
import time
import uuid

import pytest
import redis
import requests

from campaigns.models import JobStatus, Snapshot
from tests.support.api import token_for
from tests.support.games import finish, start
from tests.support.s3 import MotoServer, s3_storages
from tests.support.servers import Gunicorn
from tests.support.workers import Worker, database_url, route_to

pytestmark = [
    pytest.mark.worker,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

DRAW_TIMEOUT = 90


@pytest.fixture
def machines(settings, tmp_path, campaign):
    """The bucket, one worker and two web processes, all on this test's database, Redis and
    queue; yields (bucket server, bucket, first web process, second web process, worker)."""
    queue = f"earthbook-test-machines-{uuid.uuid4().hex[:12]}"
    lanes = {"interactive": queue, "bulk": queue}
    route_to(settings, lanes)  # this process's jobs
    broker = os.environ.get("CELERY_BROKER_URL") or os.environ["REDIS_URL"]
    with MotoServer(tmp_path / "moto.log") as moto:
        bucket = moto.bucket()
        settings.STORAGES = s3_storages(settings.STORAGES, moto, bucket)
        env = {
            **moto.environment(bucket),
            "DATABASE_URL": database_url(),
            "REDIS_URL": os.environ["REDIS_URL"],
            "CELERY_BROKER_URL": broker,
            "EARTHBOOK_JOB_QUEUE": queue,
        }
        try:
            with (
                Worker(queue, lanes, lanes, None, tmp_path / "worker.log", env) as worker,
                Gunicorn(env, tmp_path / "web-1.log") as first,
                Gunicorn(env, tmp_path / "web-2.log") as second,
            ):
                yield moto, bucket, first, second, worker
        finally:
            redis.Redis.from_url(broker).delete(queue, f"_kombu.binding.{queue}")


def url(server: Gunicorn, address: str) -> str:
    return f"http://127.0.0.1:{server.port}{address}"


def live_version(server: Gunicorn, campaign) -> int:
    """The version a share-link reader's page reads at ``/c/ID/live/`` of ``server``."""
    reader = requests.Session()
    reader.get(url(server, f"/c/{campaign.pk}/?share={campaign.share_token}"), timeout=30)
    answer = reader.get(url(server, f"/c/{campaign.pk}/live/"), timeout=30)
    assert answer.status_code == 200, answer.text[:500]
    return answer.json()["version"]


def test_two_web_processes_share_the_world_the_pictures_and_the_live_table(
    machines, prepared_campaign, players, owner
):
    moto, bucket, first, second, worker = machines
    campaign = prepared_campaign
    campaign.shared = True
    campaign.save(update_fields=["shared"])
    game = start(campaign, players)
    before = live_version(second, campaign)

    # An entry made through the first web process...
    token = token_for(owner)
    entry = requests.post(
        url(first, f"/api/v1/campaigns/{campaign.pk}/games/1/events/scar/"),
        json={"scar": "bunker", "territory": "brazil", "player": players["Ada"].pk},
        headers={"Authorization": f"Token {token}"},
        timeout=30,
    )
    assert entry.status_code == 201, entry.text[:500]
    # ... is seen through the second one's live address.
    assert live_version(second, campaign) > before

    # The game's picture, drawn by the worker into the bucket, is served by both.
    finish(game, players, slogan="Veni, vidi")
    deadline = time.monotonic() + DRAW_TIMEOUT
    row = None
    while time.monotonic() < deadline:
        row = Snapshot.objects.filter(campaign=campaign, game_number=1).first()
        if row is not None and row.status == JobStatus.DONE:
            break
        time.sleep(0.3)
    assert row is not None and row.status == JobStatus.DONE, worker.log()[-3000:]
    assert row.image.name in moto.keys(bucket)
    stored = moto.read(bucket, row.image.name)
    status = requests.get(
        url(first, f"/api/v1/campaigns/{campaign.pk}/snapshots/"),
        params={"as_of_game": 1, "share": campaign.share_token},
        timeout=30,
    ).json()
    link = status["image_url"].split("://", 1)[1].split("/", 1)[1]
    for server in (first, second):
        picture = requests.get(url(server, "/" + link), timeout=30)
        assert picture.status_code == 200, (server.port, picture.text[:500])
        assert picture.headers["Content-Type"] == "image/png"
        assert picture.content == stored
