"""The background jobs' one group of settings (``EARTHBOOK_JOB_*``), and the old names a
deployment may still set for a release."""

from __future__ import annotations

from tests.support.environment import settings_seen_with, start_with

DEV = {"DEBUG": "true"}


def test_every_job_shares_one_queue_and_one_recovery_by_default():
    seen = settings_seen_with(
        DEV,
        "[s.EARTHBOOK_JOB_QUEUE, s.EARTHBOOK_JOB_LOST_AFTER, s.EARTHBOOK_JOB_AUTO_RETRIES, "
        "s.EARTHBOOK_JOB_TIME_LIMITS]",
    )
    assert seen[:3] == ["celery", 30, 3]
    assert seen[3] == {
        "snapshot": 90,
        "timeline": 300,
        "poster": 90,
        "photo": 60,
        "chronicle": 300,
        "import": 600,
    }


def test_an_old_setting_name_is_still_read_for_a_release():
    env = {**DEV, "SNAPSHOT_QUEUE": "pictures", "PHOTO_TIME_LIMIT": "45"}
    seen = settings_seen_with(env, "[s.EARTHBOOK_JOB_QUEUE, s.EARTHBOOK_JOB_TIME_LIMITS['photo']]")
    assert seen == ["pictures", 45]


def test_the_new_name_wins_when_both_agree_and_stops_the_start_when_they_do_not():
    agreeing = {**DEV, "SNAPSHOT_LOST_AFTER": "40", "EARTHBOOK_JOB_LOST_AFTER": "40"}
    assert settings_seen_with(agreeing, "s.EARTHBOOK_JOB_LOST_AFTER") == 40
    done = start_with({**DEV, "SNAPSHOT_LOST_AFTER": "40", "EARTHBOOK_JOB_LOST_AFTER": "50"})
    assert done.returncode != 0
    assert "EARTHBOOK_JOB_LOST_AFTER is set twice" in done.stderr


def test_a_job_time_limit_that_is_not_a_number_stops_the_start():
    done = start_with({**DEV, "EARTHBOOK_JOB_TIME_LIMIT_IMPORT": "ten minutes"})
    assert done.returncode != 0 and "is not a whole number" in done.stderr
