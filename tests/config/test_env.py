"""Settings read from the environment: a typo stops the server instead of changing its behaviour.

What the settings module does with a given environment is checked by running it afresh under
exactly that environment and nothing else (``tests.support.environment``), in this process; only
what needs Django set up under those settings starts an interpreter of its own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str
from tests.support.environment import REPO, refusal_with, settings_seen_with, start_with

# --- The strict readers ------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["1", "true", "True", "YES", "on", " yes "])
def test_the_usual_words_for_yes_turn_a_switch_on(monkeypatch, word):
    monkeypatch.setenv("SOME_SWITCH", word)
    assert env_bool("SOME_SWITCH", False) is True


@pytest.mark.parametrize("word", ["0", "false", "FALSE", "no", "off", ""])
def test_the_usual_words_for_no_turn_a_switch_off(monkeypatch, word):
    monkeypatch.setenv("SOME_SWITCH", word)
    assert env_bool("SOME_SWITCH", True) is False


@pytest.mark.parametrize("typo", ["ture", "flase", "yess", "2", "enabled"])
def test_a_misspelt_switch_is_an_error_that_names_the_variable(monkeypatch, typo):
    monkeypatch.setenv("DEBUG", typo)
    with pytest.raises(ImproperlyConfigured, match=rf"DEBUG='{typo}' is not a boolean"):
        env_bool("DEBUG", False)


def test_an_unset_switch_takes_its_default(monkeypatch):
    monkeypatch.delenv("SOME_SWITCH", raising=False)
    assert env_bool("SOME_SWITCH", True) is True
    assert env_bool("SOME_SWITCH", False) is False


def test_a_number_written_in_words_is_refused(monkeypatch):
    monkeypatch.setenv("CONN_MAX_AGE", "ten")
    with pytest.raises(ImproperlyConfigured, match="CONN_MAX_AGE='ten' is not a whole number"):
        env_int("CONN_MAX_AGE", 0)


def test_a_whole_number_is_read_and_an_empty_one_takes_the_default(monkeypatch):
    monkeypatch.setenv("CONN_MAX_AGE", "60")
    assert env_int("CONN_MAX_AGE", 0) == 60
    monkeypatch.setenv("CONN_MAX_AGE", " ")
    assert env_int("CONN_MAX_AGE", 7) == 7


def test_a_list_is_split_on_commas_and_blank_items_are_dropped(monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", " earthbook.example, ,www.earthbook.example,")
    assert env_list("ALLOWED_HOSTS", []) == ["earthbook.example", "www.earthbook.example"]
    monkeypatch.delenv("ALLOWED_HOSTS")
    assert env_list("ALLOWED_HOSTS", ["localhost"]) == ["localhost"]


def test_a_string_setting_falls_back_only_when_unset(monkeypatch):
    monkeypatch.delenv("TIME_ZONE", raising=False)
    assert env_str("TIME_ZONE", "UTC") == "UTC"
    monkeypatch.setenv("TIME_ZONE", "Europe/Paris")
    assert env_str("TIME_ZONE", "UTC") == "Europe/Paris"


# --- Starting the server -----------------------------------------------------------------------


def test_a_server_with_debug_off_refuses_to_start_without_a_secret_key():
    refused = refusal_with({"DEBUG": "false"})
    assert refused is not None and "SECRET_KEY is required when DEBUG is off" in refused


def test_a_server_with_debug_off_starts_once_it_has_a_secret_key():
    assert refusal_with({"DEBUG": "false", "SECRET_KEY": "a-real-secret"}) is None


def test_a_server_refuses_to_start_with_the_example_secret_key_of_the_docker_env_file():
    example = (REPO / "docker" / ".env.example").read_text()
    key = next(
        line.split("=", 1)[1].strip()
        for line in example.splitlines()
        if line.startswith("SECRET_KEY=")
    )
    refused = refusal_with({"DEBUG": "false", "SECRET_KEY": key})
    assert refused is not None and "SECRET_KEY is the example from this repository" in refused


def test_a_server_refuses_to_start_with_the_development_key():
    key = "earthbook-development-only-key-never-use-in-production"
    refused = refusal_with({"DEBUG": "false", "SECRET_KEY": key})
    assert refused is not None and "SECRET_KEY is the example from this repository" in refused


def test_a_developer_with_debug_on_needs_no_secret_key():
    assert refusal_with({"DEBUG": "true"}) is None


def test_a_misspelt_debug_stops_the_server_instead_of_guessing():
    refused = refusal_with({"DEBUG": "flase", "SECRET_KEY": "a-real-secret"})
    assert refused is not None and "DEBUG='flase' is not a boolean" in refused


def test_an_unset_debug_means_a_server_so_the_secret_key_is_required():
    refused = refusal_with({})
    assert refused is not None and "SECRET_KEY is required" in refused


def test_a_server_never_gets_the_demo_account_even_when_asked():
    env = {"DEBUG": "false", "SECRET_KEY": "a-real-secret", "DEMO_ACCOUNT": "true"}
    assert settings_seen_with(env, "s.DEMO_ACCOUNT") is False
    assert settings_seen_with({"DEBUG": "true"}, "s.DEMO_ACCOUNT") is True
    assert settings_seen_with({"DEBUG": "true", "DEMO_ACCOUNT": "off"}, "s.DEMO_ACCOUNT") is False


# --- The embedded default: SQLite and in-process tasks -----------------------------------------


def test_without_a_database_url_the_world_is_kept_in_sqlite_under_var():
    db = settings_seen_with({"DEBUG": "true"}, 's.DATABASES["default"]')
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert Path(db["NAME"]) == REPO / "var" / "earthbook.sqlite3"


def test_sqlite_writers_take_the_lock_up_front_and_wait_for_each_other():
    options = settings_seen_with({"DEBUG": "true"}, 's.DATABASES["default"]["OPTIONS"]')
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 5


def test_the_sqlite_database_this_suite_uses_has_the_same_locking(settings):
    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("this pass runs on another database")
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert db["OPTIONS"]["timeout"] >= 5


def test_a_postgres_database_url_is_honoured_without_sqlite_options():
    env = {"DEBUG": "true", "DATABASE_URL": "postgres://earthbook:pw@db:5432/earthbook"}
    db = settings_seen_with(env, 's.DATABASES["default"]')
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["HOST"], db["USER"]) == ("earthbook", "db", "earthbook")
    assert "transaction_mode" not in db.get("OPTIONS", {})


def test_without_a_broker_celery_runs_tasks_in_process():
    """In a fresh interpreter: Celery's app takes its configuration from Django's settings,
    which are set up once per process (this one's are the suite's)."""
    code = (
        "import json, django; django.setup(); from config.celery import app; "
        "print(json.dumps([app.conf.task_always_eager, app.conf.task_eager_propagates]))"
    )
    done = start_with({"DEBUG": "true", "DJANGO_SETTINGS_MODULE": "config.settings"}, code)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [True, True]


def test_with_redis_configured_celery_sends_tasks_to_the_broker():
    """In a fresh interpreter, as the test above."""
    code = (
        "import json, django; django.setup(); from config.celery import app; "
        "print(json.dumps([app.conf.task_always_eager, app.conf.broker_url]))"
    )
    env = {"DEBUG": "true", "DJANGO_SETTINGS_MODULE": "config.settings"}
    done = start_with({**env, "REDIS_URL": "redis://cache:6379/3"}, code)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [False, "redis://cache:6379/3"]


def test_an_explicit_broker_url_wins_over_redis_url():
    env = {
        "DEBUG": "true",
        "REDIS_URL": "redis://cache:6379/3",
        "CELERY_BROKER_URL": "redis://broker:6379/0",
    }
    assert settings_seen_with(env, "s.CELERY_BROKER_URL") == "redis://broker:6379/0"
    assert settings_seen_with(env, 's.CACHES["default"]["LOCATION"]') == "redis://cache:6379/3"


# --- API tokens --------------------------------------------------------------------------------


def test_api_tokens_last_thirty_days_unless_told_otherwise():
    assert settings_seen_with({"DEBUG": "true"}, "s.API_TOKEN_TTL_HOURS") == 720
    env = {"DEBUG": "true", "API_TOKEN_TTL_HOURS": "12"}
    assert settings_seen_with(env, "s.API_TOKEN_TTL_HOURS") == 12


@pytest.mark.parametrize("value", ["0", "-5", "a month"])
def test_a_token_lifetime_that_is_not_a_positive_number_of_hours_stops_the_server(value):
    refused = refusal_with({"DEBUG": "true", "API_TOKEN_TTL_HOURS": value})
    assert refused is not None and "API_TOKEN_TTL_HOURS" in refused


def test_a_lost_writes_key_may_be_taken_over_after_two_minutes_unless_told_otherwise():
    assert settings_seen_with({"DEBUG": "true"}, "s.IDEMPOTENCY_LEASE_SECONDS") == 120
    env = {"DEBUG": "true", "IDEMPOTENCY_LEASE_SECONDS": "300", "GUNICORN_TIMEOUT": "200"}
    assert settings_seen_with(env, "s.IDEMPOTENCY_LEASE_SECONDS") == 300


@pytest.mark.parametrize("lease, timeout", [("60", "60"), ("30", ""), ("120", "180")])
def test_a_lease_a_request_still_at_work_could_outlive_stops_the_server(lease, timeout):
    env = {"DEBUG": "true", "IDEMPOTENCY_LEASE_SECONDS": lease}
    if timeout:
        env["GUNICORN_TIMEOUT"] = timeout
    refused = refusal_with(env)
    assert refused is not None
    assert "IDEMPOTENCY_LEASE_SECONDS" in refused and "GUNICORN_TIMEOUT" in refused


# --- Invitations ---------------------------------------------------------------------------------


def test_invitation_links_work_for_a_week_unless_the_environment_says_otherwise():
    assert settings_seen_with({"DEBUG": "true"}, "s.INVITATION_TTL_DAYS") == 7
    env = {"DEBUG": "true", "INVITATION_TTL_DAYS": "2"}
    assert settings_seen_with(env, "s.INVITATION_TTL_DAYS") == 2


def test_invitation_links_that_would_never_work_stop_the_start_up():
    refused = refusal_with({"DEBUG": "true", "INVITATION_TTL_DAYS": "0"})
    assert refused is not None and "INVITATION_TTL_DAYS=0 must be at least 1" in refused


# --- E-mail ---------------------------------------------------------------------------------------


def test_without_an_smtp_server_reset_mails_go_to_the_console():
    backend = settings_seen_with({"DEBUG": "true"}, "s.EMAIL_BACKEND")
    assert backend == "django.core.mail.backends.console.EmailBackend"


def test_an_smtp_server_from_the_environment_sends_the_mails():
    seen = settings_seen_with(
        {"DEBUG": "true", "EMAIL_HOST": "smtp.example.org", "EMAIL_PORT": "465",
         "EMAIL_USE_TLS": "false", "EMAIL_USE_SSL": "true"},
        "[s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_SSL]",
    )  # fmt: skip
    assert seen == ["django.core.mail.backends.smtp.EmailBackend", "smtp.example.org", 465, True]


def test_tls_and_ssl_at_once_stop_the_start_up():
    refused = refusal_with(
        {"DEBUG": "true", "EMAIL_HOST": "smtp.example.org", "EMAIL_USE_SSL": "true"}
    )
    assert refused is not None and "EMAIL_USE_TLS and EMAIL_USE_SSL" in refused
