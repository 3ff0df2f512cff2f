"""gunicorn's settings for the production server (docker/Dockerfile, docker/compose.yaml):
``gunicorn -c config/gunicorn.conf.py config.wsgi``. Each one can be set from the environment.

WEB_CONCURRENCY    worker processes; default 2 x CPU cores + 1, at most 12
GUNICORN_THREADS   threads per worker (gthread); default 4
GUNICORN_TIMEOUT   seconds a request may take before its worker is restarted; default 60
PORT               the port to listen on (all interfaces); default 8000

The access log never holds a share token: the value of every ``share=`` parameter (in the request
line, the query string, the Referer and any other field a log format may name) is written as
``share=[redacted]`` (``RedactingLogger``).
"""

import multiprocessing
import os
import re

from gunicorn.glogging import Logger

SHARE_PARAMETER = re.compile(r"(?i)((?:^|[?&;/\s])share=)[^&;#\s\"]*")


def redact(value):
    """``value`` with the value of any ``share=`` query parameter in it replaced."""
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    if not isinstance(value, str) or "share=" not in value.lower():
        return value
    return SHARE_PARAMETER.sub(r"\1[redacted]", value)


class RedactingLogger(Logger):
    """gunicorn's logger, with share tokens taken out of every field of the access log."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: redact(value) for key, value in atoms.items()}


MAX_DEFAULT_WORKERS = 12


def _whole(name: str, default: int, *, minimum: int = 1) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SystemExit(f"{name}={raw!r} is not a whole number.") from None
    if value < minimum:
        raise SystemExit(f"{name}={raw!r} must be at least {minimum}.")
    return value


bind = f"0.0.0.0:{_whole('PORT', 8000)}"
workers = _whole("WEB_CONCURRENCY", min(2 * multiprocessing.cpu_count() + 1, MAX_DEFAULT_WORKERS))
threads = _whole("GUNICORN_THREADS", 4)
worker_class = "gthread"
timeout = _whole("GUNICORN_TIMEOUT", 60)
graceful_timeout = 30
keepalive = 5
accesslog = "-"
logger_class = RedactingLogger
