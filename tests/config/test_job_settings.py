"""The background jobs' one group of settings (``EARTHBOOK_JOB_*``), and the old names a
deployment may still set for a release."""

from __future__ import annotations

from tests.support.environment import refusal_with, settings_seen_with

DEV = {"DEBUG": "true"}


def test_every_job_shares_one_recovery_by_default():
    seen = settings_seen_with(
        DEV,
        "[s.EARTHBOOK_JOB_QUEUED_PATIENCE, s.EARTHBOOK_JOB_AUTO_RETRIES, "
        "s.EARTHBOOK_JOB_TIME_LIMITS]",
    )
    assert seen[:2] == [600, 3]
    assert seen[2] == {
        "snapshot": 90,
        "timeline": 300,
        "poster": 90,
        "photo": 60,
        "chronicle": 300,
        "import": 600,
        "backup": 600,
    }


def test_the_automatic_backup_takes_the_imports_time_limit_unless_it_has_its_own():
    limits = "s.EARTHBOOK_JOB_TIME_LIMITS"
    seen = settings_seen_with({**DEV, "EARTHBOOK_JOB_TIME_LIMIT_IMPORT": "900"}, limits)
    assert (seen["import"], seen["backup"]) == (900, 900)
    seen = settings_seen_with(
        {**DEV, "EARTHBOOK_JOB_TIME_LIMIT_IMPORT": "900", "EARTHBOOK_JOB_TIME_LIMIT_BACKUP": "120"},
        limits,
    )
    assert (seen["import"], seen["backup"]) == (900, 120)


ROUTES = "{n: r['queue'] for n, r in s.CELERY_TASK_ROUTES.items()}"


def test_a_games_picture_goes_to_the_interactive_queue_and_bulk_work_to_the_other():
    routes = settings_seen_with(DEV, ROUTES)
    assert routes["campaigns.tasks.render_snapshot"] == "interactive"
    assert routes["campaigns.tasks.recover_jobs"] == "interactive"
    for bulk in ("import_backup", "chronicle_pdf", "prepare_photo", "render_poster"):
        assert routes[f"campaigns.tasks.{bulk}"] == "bulk"
    assert settings_seen_with(DEV, "s.CELERY_TASK_DEFAULT_QUEUE") == "bulk"


def test_every_task_is_routed_by_name_to_one_of_the_two_queues():
    from config.celery import app

    app.loader.import_default_modules()
    ours = {name for name in app.tasks if name.startswith("campaigns.")}
    routes = settings_seen_with(DEV, ROUTES)
    assert ours <= set(routes)
    assert set(routes.values()) == {"interactive", "bulk"}


def test_the_queues_are_named_by_their_own_settings():
    env = {**DEV, "EARTHBOOK_JOB_QUEUE_INTERACTIVE": "table", "EARTHBOOK_JOB_QUEUE_BULK": "slow"}
    routes = settings_seen_with(env, ROUTES)
    assert routes["campaigns.tasks.render_snapshot"] == "table"
    assert routes["campaigns.tasks.import_backup"] == "slow"


def test_an_old_setting_name_is_still_read_for_a_release():
    """The one queue of earlier releases still names both queues, so that an old worker's
    ``-Q`` keeps reading every job until it is split in two."""
    env = {**DEV, "SNAPSHOT_QUEUE": "pictures", "PHOTO_TIME_LIMIT": "45"}
    seen = settings_seen_with(
        env,
        "[s.EARTHBOOK_JOB_QUEUE_INTERACTIVE, s.EARTHBOOK_JOB_QUEUE_BULK, "
        "s.EARTHBOOK_JOB_TIME_LIMITS['photo']]",
    )
    assert seen == ["pictures", "pictures", 45]


def test_the_new_name_wins_when_both_agree_and_stops_the_start_when_they_do_not():
    agreeing = {**DEV, "SNAPSHOT_AUTO_RETRIES": "4", "EARTHBOOK_JOB_AUTO_RETRIES": "4"}
    assert settings_seen_with(agreeing, "s.EARTHBOOK_JOB_AUTO_RETRIES") == 4
    refused = refusal_with({**DEV, "SNAPSHOT_AUTO_RETRIES": "4", "EARTHBOOK_JOB_AUTO_RETRIES": "5"})
    assert refused is not None and "EARTHBOOK_JOB_AUTO_RETRIES is set twice" in refused


VISIBILITY = "s.CELERY_BROKER_TRANSPORT_OPTIONS['visibility_timeout']"


def test_a_lost_workers_job_waits_past_the_longest_job_and_no_longer_by_default():
    """Redis gives a lost worker's message back after the visibility timeout: never to a second
    worker while the longest job may still run, and soon after."""
    assert settings_seen_with(DEV, VISIBILITY) == 600 + 60
    longer = {**DEV, "EARTHBOOK_JOB_TIME_LIMIT_IMPORT": "1200"}
    assert settings_seen_with(longer, VISIBILITY) == 1200 + 60
    assert settings_seen_with({**DEV, "CELERY_VISIBILITY_TIMEOUT": "900"}, VISIBILITY) == 900


def test_tasks_are_acknowledged_late_and_given_back_when_their_worker_is_lost():
    seen = settings_seen_with(
        DEV,
        "[s.CELERY_TASK_ACKS_LATE, s.CELERY_TASK_REJECT_ON_WORKER_LOST, "
        "s.CELERY_WORKER_PREFETCH_MULTIPLIER]",
    )
    assert seen == [True, True, 1]


def test_a_job_time_limit_that_is_not_a_number_stops_the_start():
    refused = refusal_with({**DEV, "EARTHBOOK_JOB_TIME_LIMIT_IMPORT": "ten minutes"})
    assert refused is not None and "is not a whole number" in refused


def test_celerys_router_sends_each_task_to_the_queue_its_route_names(settings):
    """Nothing of ours picks a queue: Celery's router reads ``task_routes``, also as a test
    overrides it."""
    from config.celery import app

    def queue(name: str) -> str:
        return app.amqp.router.route({}, name)["queue"].name

    assert queue("campaigns.tasks.render_snapshot") == settings.EARTHBOOK_JOB_QUEUE_INTERACTIVE
    assert queue("campaigns.tasks.import_backup") == settings.EARTHBOOK_JOB_QUEUE_BULK
    assert queue("campaigns.tasks.not_routed") == settings.CELERY_TASK_DEFAULT_QUEUE
    settings.CELERY_TASK_ROUTES = {"campaigns.tasks.render_snapshot": {"queue": "elsewhere"}}
    assert queue("campaigns.tasks.render_snapshot") == "elsewhere"


def test_the_tasks_are_found_by_celerys_autodiscovery():
    from campaigns.jobs.queue import task_of
    from campaigns.models import JOB_MODELS

    for model in JOB_MODELS:
        assert task_of(model()).name == model.TASK


def test_one_campaign_runs_one_bulk_job_at_a_time_unless_told_otherwise():
    assert settings_seen_with(DEV, "s.EARTHBOOK_JOB_BULK_PER_CAMPAIGN") == 1
    told = {**DEV, "EARTHBOOK_JOB_BULK_PER_CAMPAIGN": "0"}
    assert settings_seen_with(told, "s.EARTHBOOK_JOB_BULK_PER_CAMPAIGN") == 0


def test_a_negative_bulk_limit_per_campaign_stops_the_start():
    refusal = refusal_with({**DEV, "EARTHBOOK_JOB_BULK_PER_CAMPAIGN": "-1"})
    assert "EARTHBOOK_JOB_BULK_PER_CAMPAIGN" in refusal


def test_only_bulk_jobs_run_by_a_real_worker_take_turns(settings):
    from campaigns.jobs import turns

    settings.CELERY_BROKER_URL = "redis://127.0.0.1:6379/0"
    assert turns.takes_turns("campaigns.tasks.prepare_photo", eager=False)
    assert turns.takes_turns("campaigns.tasks.chronicle_pdf", eager=False)
    assert not turns.takes_turns("campaigns.tasks.prepare_photo", eager=True)  # in-process
    assert not turns.takes_turns("campaigns.tasks.render_snapshot", eager=False)  # interactive
    settings.EARTHBOOK_JOB_BULK_PER_CAMPAIGN = 0
    assert not turns.takes_turns("campaigns.tasks.prepare_photo", eager=False)
