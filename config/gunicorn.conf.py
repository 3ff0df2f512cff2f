"""gunicorn's settings for the production server (docker/Dockerfile, docker/compose.yaml):
``gunicorn -c config/gunicorn.conf.py config.wsgi``. Each one can be set from the environment.

WEB_CONCURRENCY    worker processes; default 2 x CPU cores + 1, at most 12
GUNICORN_THREADS   threads per worker (gthread); default 4
GUNICORN_TIMEOUT   seconds a request may take before its worker is restarted; default 60
PORT               the port to listen on (all interfaces); default 8000
"""

import multiprocessing
import os

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
