"""gunicorn's settings for the production server (docker/Dockerfile, docker/compose.yaml):
``gunicorn -c config/gunicorn.conf.py config.wsgi``. Each one can be set from the environment.

WEB_CONCURRENCY    worker processes; default 2 x CPU cores + 1, at most 12
GUNICORN_THREADS   threads per worker; default 1 (gunicorn's sync worker; more: gthread)
GUNICORN_TIMEOUT   seconds a request may take before its worker is restarted; default 60
PORT               the port to listen on (all interfaces); default 8000

One line of waiting requests. A worker takes a connection only when it has a thread free to serve
it (one thread: the sync worker; more: gthread with ``worker_connections`` equal to the threads),
and every response closes its connection (no keep-alive). The requests waiting then wait in one
queue, the listening socket's, and each goes to whichever worker frees first. With kept-alive
connections, a worker that happened to accept most phones' connections kept serving them while
others sat idle, and the slowest requests of a game night waited the longest. Python runs one
thread at a time per process, so on a small machine more processes of one thread each serve more
than fewer processes of several threads.

This assumes what production has anyway: a proxy in front (TLS, ``docker/compose.yaml``) that
keeps the phones' connections alive and hands gunicorn whole requests.

The application is loaded once, in the master process, before the workers fork
(``preload_app``), and warmed there (``config.warmup``): the URLconf with every view, the cache
backend and the translations. Each worker then starts with all of it in memory, shared, instead
of spending its first requests importing it. The objects loaded so far are frozen out of the
garbage collector's reach (``gc.freeze()``), so that a worker's collections do not walk them and
its copy-on-write pages stay shared. A code change therefore needs a restart, not a ``HUP``.

Long addresses. gunicorn answers a request line longer than ``limit_request_line`` itself, in
HTML, before Django sees it, and it cannot be raised past 8190 bytes while bounded: an address
under /api/v1/ longer than that got gunicorn's HTML 414 instead of the API's error shape. So the
request line is not limited here (``limit_request_line = 0``): Django refuses every address longer
than ``URI_MAX_LENGTH`` (4096 characters of path and query, ``edge.long_uris``), whatever its
length, in JSON under /api/ and as a short page elsewhere, before any view reads it. What still
bounds a line: with the sync worker (the default), the worker ``timeout`` (a worker still reading
a request when it expires is restarted, so a line is at most what a client sends in that time),
and always the proxy in front, whose
own limit (e.g. nginx's ``large_client_header_buffers``) should stay well above
``URI_MAX_LENGTH``. Header fields keep gunicorn's limits (``limit_request_fields``,
``limit_request_field_size``): only the request line is Django's to refuse.

The access log never holds a share token: the value of every ``share=`` parameter (in the request
line, the query string, the Referer and any other field a log format may name) is written as
``share=[redacted]`` (``RedactingLogger``).
"""

import gc
import multiprocessing
import re

from gunicorn.glogging import Logger

from config.gunicorn_env import whole

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


bind = f"0.0.0.0:{whole('PORT', 8000)}"
workers = whole("WEB_CONCURRENCY", min(2 * multiprocessing.cpu_count() + 1, MAX_DEFAULT_WORKERS))
threads = whole("GUNICORN_THREADS", 1)
worker_class = "sync" if threads == 1 else "gthread"
worker_connections = threads
timeout = whole("GUNICORN_TIMEOUT", 60)
graceful_timeout = 30
keepalive = 0
limit_request_line = 0  # no limit here: Django refuses a long address (see above)
preload_app = True
accesslog = "-"
logger_class = RedactingLogger


def when_ready(server):
    """In the master, after the application is loaded and before any worker forks."""
    from config.warmup import warm_up

    warm_up()
    gc.freeze()
