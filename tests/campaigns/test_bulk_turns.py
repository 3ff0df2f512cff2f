"""The turns of the bulk queue (``campaigns.jobs.turns``), kept in Redis: one campaign holds no
more than its limit at once, a job delivered again after its worker was lost takes its own turn
back, and a turn given back is free for the next job."""

from __future__ import annotations

import uuid

import pytest

from campaigns.jobs import turns


@pytest.fixture
def campaign_key(settings):
    if not settings.REDIS_URL:
        pytest.skip("the turns are kept in Redis")
    settings.EARTHBOOK_JOB_BULK_PER_CAMPAIGN = 1
    return f"campaign-{uuid.uuid4().hex}"


def test_a_campaign_holds_no_more_turns_than_its_limit(campaign_key):
    first = turns.take(campaign_key, "task-1", 60)
    assert first is not None and first.key
    assert turns.take(campaign_key, "task-2", 60) is None
    assert turns.take(f"{campaign_key}-other", "task-3", 60) is not None


def test_a_limit_of_two_lets_two_jobs_of_a_campaign_run(campaign_key, settings):
    settings.EARTHBOOK_JOB_BULK_PER_CAMPAIGN = 2
    assert turns.take(campaign_key, "task-1", 60) is not None
    assert turns.take(campaign_key, "task-2", 60) is not None
    assert turns.take(campaign_key, "task-3", 60) is None


def test_a_job_delivered_again_takes_its_own_turn_back(campaign_key):
    held = turns.take(campaign_key, "task-1", 60)
    again = turns.take(campaign_key, "task-1", 60)
    assert again == held


def test_a_turn_given_back_is_free_for_the_next_job(campaign_key):
    turns.take(campaign_key, "task-1", 60).give_back()
    assert turns.take(campaign_key, "task-2", 60) is not None


def test_only_its_holder_gives_a_turn_back(campaign_key):
    held = turns.take(campaign_key, "task-1", 60)
    turns.Turn(held.key, "task-2").give_back()
    assert turns.take(campaign_key, "task-3", 60) is None
