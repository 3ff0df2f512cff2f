"""gunicorn's settings for the live table's stream (``/c/ID/live/stream/``), the one part of
Earthbook that holds a connection open per phone:
``gunicorn -c config/gunicorn_live.conf.py config.live_asgi`` (docker/compose.yaml, service
``live``). That application serves the streams and ``/health/`` only: any other path is 404
here (``edge.live_port``), and an answer that has not started within
``LIVE_REQUEST_TIMEOUT_SECONDS`` is a 503.

Everything else stays with the synchronous server (``config/gunicorn.conf.py``, config.wsgi):
its one-request-at-a-time workers and one queue suit short requests, and a stream would take a
whole worker for as long as a page is open. Here gunicorn runs uvicorn's workers
(``uvicorn_worker.UvicornWorker``, asyncio with uvloop and httptools): a worker holds thousands
of idle streams, each a few kilobytes of memory, and wakes only for news or a heartbeat. The
proxy in front sends the stream's path here and everything else to the synchronous server
(docs/operations.md); a stream asked of the synchronous server is answered 204, and the page
polls instead.

LIVE_WORKERS   worker processes; default one per CPU core (each serves any number of streams)
LIVE_PORT      the port to listen on (all interfaces); default 8001
LIVE_IDLE_SECONDS  how long a connection may stay open without sending a request (its first,
               or the next); default 10. Then it is closed (``config.live_worker``).

Each worker keeps one subscription to the news in Redis (``campaigns.live``) and no database
connection while it waits: a stream reads the database once, when it opens (the reader's access
and the campaign's version), and closes its connection then (``CONN_MAX_AGE`` is 0 here unless
set: persistent connections are per thread, and an ASGI server makes a thread per request).
The limit of open files is raised to the hard limit: every stream is one.
"""

import contextlib
import multiprocessing
import os
import resource

from config.gunicorn_env import whole


def _open_files_as_many_as_allowed() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):  # else the limit as it is
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


os.environ.setdefault("CONN_MAX_AGE", "0")
_open_files_as_many_as_allowed()

bind = f"0.0.0.0:{whole('LIVE_PORT', 8001)}"
workers = whole("LIVE_WORKERS", multiprocessing.cpu_count())
worker_class = "config.live_worker.LiveWorker"
backlog = 4096  # phones reconnecting at once after a restart wait here, not refused
keepalive = whole("LIVE_IDLE_SECONDS", 10)  # also the wait for a first request
timeout = 60  # a worker that stops answering gunicorn's heartbeat is restarted
graceful_timeout = 5  # streams never end by themselves: on a restart the pages reconnect
limit_request_line = 8190
preload_app = True
accesslog = None  # a stream's line would come only when it ends; errors are still logged
