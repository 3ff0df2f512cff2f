"""The live table's news through real Redis: a write saved by one process reaches the streams held
by two other server processes, each through its one subscription."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from campaigns import live
from campaigns.models import Campaign

pytestmark = [pytest.mark.worker, pytest.mark.django_db]

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20  # seconds: a bounded wait for what must come

# A server process holding one stream of the campaign: it says "ready" once its subscription is
# up, then prints the first version it is told.
HOLDER = """
import asyncio, sys
import django
django.setup()
from campaigns.live import hub

async def hold(campaign_id):
    listener = hub.listen(campaign_id)
    if not await asyncio.to_thread(hub.subscribed.wait, 20):
        print("no subscription", flush=True)
        return
    print("ready", flush=True)
    print(await asyncio.wait_for(listener.wait(after=0), 20), flush=True)

asyncio.run(hold(int(sys.argv[1])))
"""


def start_holder(campaign_id: int) -> subprocess.Popen:
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.test_settings", PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(campaign_id)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def test_a_write_reaches_the_streams_of_two_other_server_processes(game):
    campaign = game.campaign
    holders = [start_holder(campaign.pk) for _ in range(2)]
    try:
        for holder in holders:
            assert holder.stdout.readline().strip() == "ready"
        # The write's process tells the campaign's version after its commit.
        Campaign.objects.filter(pk=campaign.pk).update(world_version=41)
        live.announce(campaign.pk)
        told = [holder.communicate(timeout=WAIT)[0].strip() for holder in holders]
    finally:
        for holder in holders:
            if holder.poll() is None:
                holder.kill()
                holder.wait(timeout=5)
    assert told == ["41", "41"]
