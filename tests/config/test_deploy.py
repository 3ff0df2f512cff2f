"""The production settings pass Django's deployment check, and serve HTTPS only.

Each case reads the settings afresh under exactly the environment it names, as a server started
with that environment would see them (``tests.support.environment``); the two that need Django
set up under those settings start an interpreter of their own.
"""

from __future__ import annotations

import secrets
import subprocess
import sys
from pathlib import Path

from tests.support.environment import REPO, refusal_with, settings_seen_with, start_with

ENV_EXAMPLE = REPO / "docker" / ".env.example"


def env_file(path: Path) -> dict[str, str]:
    """The variables a ``docker compose`` env_file sets: ``NAME=value`` lines, no comments."""
    values = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, value = line.partition("=")
            values[name.strip()] = value.strip()
    return values


def production_env() -> dict[str, str]:
    """docker/.env.example as an operator fills it in: every value as written, and the secret key
    replaced by a real one, as the file tells them to."""
    env = env_file(ENV_EXAMPLE)
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return env


def test_the_production_settings_pass_the_deploy_check():
    """In a fresh interpreter: ``manage.py check --deploy`` sets Django up under the production
    settings, which happens once per process (this one's are the suite's)."""
    clean = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO,
        env={**clean, **production_env(), "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "System check identified no issues" in output, output
    assert "WARNING" not in output, output


def test_the_example_settings_turn_https_and_hsts_on():
    seen = settings_seen_with(
        production_env(),
        "[s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
        "s.SECURE_HSTS_PRELOAD, s.SECURE_PROXY_SSL_HEADER]",
    )
    assert seen == [True, 31536000, True, True, None]


def test_a_server_without_debug_redirects_to_https_and_asks_for_hsts_by_default():
    seen = settings_seen_with(
        {"DEBUG": "false", "SECRET_KEY": "x"},
        "[s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE]",
    )
    assert seen == [True, 365 * 24 * 3600, True]


def test_the_development_server_stays_on_plain_http_without_hsts():
    seen = settings_seen_with(
        {"DEBUG": "true"}, "[s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE]"
    )
    assert seen == [False, 0, False]


def test_a_deployment_behind_a_tls_proxy_can_turn_the_redirect_and_hsts_off():
    seen = settings_seen_with(
        {
            "DEBUG": "false",
            "SECRET_KEY": "x",
            "SECURE_SSL_REDIRECT": "false",
            "SECURE_HSTS_SECONDS": "0",
            "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
        },
        "[s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_PROXY_SSL_HEADER]",
    )
    assert seen == [False, 0, ["HTTP_X_FORWARDED_PROTO", "https"]]


def test_a_proxy_header_that_is_not_a_header_name_stops_the_start():
    refused = refusal_with(
        {"DEBUG": "false", "SECRET_KEY": "x", "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto: https"}
    )
    assert refused is not None and "SECURE_PROXY_SSL_HEADER" in refused


def test_a_plain_http_request_is_redirected_to_https_but_the_health_check_is_not():
    """In a fresh interpreter: the whole middleware stack of a server with DEBUG off, set up
    once per process (this one's runs the suite's settings, without the redirect)."""
    code = (
        "import django; django.setup(); from django.test import Client; c = Client(); "
        "r = c.get('/'); print(r.status_code, r.headers.get('Location')); "
        "s = c.get('/health/', secure=True); print(s.headers.get('Strict-Transport-Security')); "
        "print(c.get('/health/').status_code)"
    )
    env = {
        "DEBUG": "false",
        "SECRET_KEY": "x",
        "ALLOWED_HOSTS": "testserver",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": "sqlite://:memory:",
    }
    done = start_with(env, code)
    assert done.returncode == 0, done.stderr
    redirect, hsts, health = done.stdout.strip().splitlines()[-3:]
    assert redirect == "301 https://testserver/"
    assert hsts == "max-age=31536000; includeSubDomains; preload"
    assert health == "200"
