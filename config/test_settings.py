"""Settings for the test suite: the real settings, with a throwaway key and fast hashing.

``DATABASE_URL`` and ``REDIS_URL`` are honoured exactly as in production, so the same suite runs
against SQLite by default and against PostgreSQL, Redis and a real worker when they are set.

Run in parallel (pytest-xdist), each worker process keeps what it writes to itself: its own
test database (pytest-django names it after the worker, ``test_<name>_gw0``), its own folder of
stored files, and its own Redis database, so that one worker's ``cache.clear()`` (a FLUSHDB)
never empties another's queues and the live table's channel (named after the database) is its
own.
"""

import os
from urllib.parse import urlsplit, urlunsplit

os.environ.setdefault("SECRET_KEY", "earthbook-tests-only")

# "gw0", "gw1", ... in a worker of a parallel run; unset in a run of one process.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
REDIS_DATABASES = 16  # Redis's own default number of databases


def redis_url_of_worker(url: str, worker: str) -> str:
    """``url`` on a Redis database of worker ``gwN``'s own: the URL's database for gw0, the
    ones below it for the others (a run told to use database 15 uses 15, 14, ...)."""
    number = int(worker.removeprefix("gw"))
    if number >= REDIS_DATABASES:
        raise RuntimeError(f"{worker}: more test workers than Redis has databases")
    parts = urlsplit(url)
    database = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(database - number) % REDIS_DATABASES}"))


# In the environment, so that what the tests start (Celery workers, gunicorn) uses it too; once:
# a process a test starts with these settings inherits the worker's URL, and keeps it.
if XDIST_WORKER and os.environ.get("EARTHBOOK_TEST_REDIS_OF") != XDIST_WORKER:
    os.environ["EARTHBOOK_TEST_REDIS_OF"] = XDIST_WORKER
    for name in ("REDIS_URL", "CELERY_BROKER_URL"):
        if os.environ.get(name):
            os.environ[name] = redis_url_of_worker(os.environ[name], XDIST_WORKER)

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = VAR_DIR / (f"test-media-{XDIST_WORKER}" if XDIST_WORKER else "test-media")  # noqa: F405
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
# The test client and the live server speak plain HTTP (the HTTPS redirect is tested apart).
SECURE_SSL_REDIRECT = False
# Each test closes its connections as the embedded server does (production keeps them: the
# worker processes of the real-parts tests read the same settings module they always do).
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not SQLite's shared in-memory database: the browser tests' live server answers
    # several requests at once, and in shared memory a read that meets another thread's write
    # fails at once ("table is locked") instead of waiting as it does on a file in WAL mode.
    # In a parallel run pytest-django adds the worker to the name ("..._gw0"): one file each.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-earthbook.sqlite3")}  # noqa: F405
