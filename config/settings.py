"""Settings, all read from the environment (see docs/configuration.md).

The embedded default needs nothing: a SQLite file under ``var/`` and Celery tasks run in-process.
Production sets ``DATABASE_URL`` (PostgreSQL), ``REDIS_URL`` (broker and cache) and ``SECRET_KEY``.

The background jobs (pictures, posters, photos, chronicle PDFs, imports) share one group of
settings, ``EARTHBOOK_JOB_*``; their old names (``SNAPSHOT_QUEUE``, ``SNAPSHOT_AUTO_RETRIES``,
``PHOTO_TIME_LIMIT``, ``CHRONICLE_QUEUE``, ``BACKUP_IMPORT_TIME_LIMIT`` ...) are still read for
one release when the new name is not set: see "Background jobs" below for the whole table.
"""

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY is required when DEBUG is off.")
    SECRET_KEY = "earthbook-development-only-key-never-use-in-production"
# Keys printed in this repository (docker/.env.example, the development key): anyone can read
# them, so a server (DEBUG off) refuses to start with one.
PUBLISHED_SECRET_KEYS = (
    "replace-me-with-a-long-random-string",
    "earthbook-development-only-key-never-use-in-production",
)
if not DEBUG and SECRET_KEY.strip() in PUBLISHED_SECRET_KEYS:
    raise ImproperlyConfigured(
        "SECRET_KEY is the example from this repository, which anyone can read: set a long "
        "random one (python -c 'import secrets; print(secrets.token_urlsafe(50))')."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# Under /api/v1/ a CSRF refusal is JSON in the API's error shape; elsewhere the usual page.
CSRF_FAILURE_VIEW = "edge.errors.csrf_failure"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "axes",
    "legacy",
    "campaigns",
    "api",
]

MIDDLEWARE = [
    # First: an address too long is refused before anything reads it (config/long_uris.py).
    "edge.long_uris.LongUriMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Pages and API answers are gzipped for phones on poor networks (static files come
    # precompressed from WhiteNoise); on BREACH, see docs/security.md.
    "edge.compression.TextGZipMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before the CSRF check, which would read a whole form body (config/body_limits.py).
    "edge.body_limits.BodyLimitMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A write sent again with the same Idempotency-Key is answered, not recorded, again.
    "edge.idempotency.IdempotencyKeyMiddleware",
    # Names the account a page was drawn for, so a phone keeps its pages apart (web/offline.py).
    "web.offline.AccountTagMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, so that it sees a lockout flagged during the login (config/settings.py, "Logins").
    "axes.middleware.AxesMiddleware",
]

# The longest path and query string taken, in characters; gunicorn's limit_request_line is above
# it, so that a longer one is refused here, in JSON under /api/ (config/long_uris.py).
URI_MAX_LENGTH = env_int("URI_MAX_LENGTH", 4096)

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # The enums templates compare against (web/context_processors.py).
                "web.context_processors.vocabularies",
                "web.context_processors.fetched_by_script",
            ],
            # {% load names %}: the box's names in the reader's language (web/templatetags).
            # {% load offline %}: the tag a phone keys its kept pages and entries by.
            "libraries": {
                "names": "web.templatetags.names",
                "offline": "web.templatetags.offline",
            },
        },
    },
]

# Django's form renderer, its commonest small templates drawn in Python (web/forms/rendering.py).
FORM_RENDERER = "web.forms.rendering.QuickRenderer"

# --- Database ----------------------------------------------------------------------------------

PREPARE_THRESHOLD = 5  # psycopg's own default
DATABASE_URL = env_str("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'earthbook.sqlite3'}"
# In production (DEBUG off) a connection is kept for a minute and reused by the requests of
# its worker thread, checked before each request; DEBUG (runserver, a thread per request)
# closes it after each request.
DATABASES = {
    "default": dj_database_url.parse(
        DATABASE_URL,
        conn_max_age=env_int("CONN_MAX_AGE", 0 if DEBUG else 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock when their transaction starts, and wait for each other instead of
    # failing with "database is locked" halfway through a read-modify-write.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
    "DATABASE_PREPARED_STATEMENTS", True
):
    # On by default: psycopg binds every query's parameters on the server and prepares a
    # statement once a connection has run it PREPARE_THRESHOLD times (docs/speed.md: the hot
    # reads took 8 to 15% less time with it). Off, Django binds parameters on the client and
    # nothing is prepared: the setting for a pooler that does not keep prepared statements
    # (PgBouncer in transaction mode without max_prepared_statements).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=PREPARE_THRESHOLD
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis, Celery, cache ------------------------------------------------------------------------

REDIS_URL = env_str("REDIS_URL")
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL") or REDIS_URL
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 120)
CELERY_TASK_SOFT_TIME_LIMIT = max(1, CELERY_TASK_TIME_LIMIT - 10)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # "visibility_timeout": set with the jobs' time limits, below.
    # How often a worker gives back the messages of a worker that died before acknowledging
    # them (kombu scans every interval x throttle seconds, and once at start-up).
    "unacked_restore_interval": env_int("CELERY_RESTORE_INTERVAL", 10),
    "unacked_restore_throttle": env_int("CELERY_RESTORE_THROTTLE", 10),
}
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Fail-soft (config/cache.py): with Redis down a read is a miss and a write is dropped, so the
# API reads the world from the database and logins go through. Short timeouts keep an unreachable
# Redis from holding a request up.
CACHE_TIMEOUT_SECONDS = env_int("CACHE_TIMEOUT_SECONDS", 1)
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "socket_connect_timeout": CACHE_TIMEOUT_SECONDS,
                "socket_timeout": CACHE_TIMEOUT_SECONDS,
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Files -------------------------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT") or VAR_DIR / "static")
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT") or VAR_DIR / "media")
STORAGES: dict[str, dict[str, Any]] = {
    # Board snapshots are stored here; any Django storage backend will do (S3 and the like).
    "default": {
        "BACKEND": env_str("MEDIA_STORAGE") or "django.core.files.storage.FileSystemStorage"
    },
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "config.staticfiles.MinifiedStaticFilesStorage"
        )
    },
}

# Static files are read by our own pages only, all from this origin: no CORS header on each
# (WhiteNoise sends "Access-Control-Allow-Origin: *" by default), a few bytes less per file.
WHITENOISE_ALLOW_ALL_ORIGINS = False

# Media on S3 (or any S3-compatible store): the production choice when more than one machine
# serves the site, so that every web process and worker reads and writes the same files. Files
# stay private (no ACL, no public URL): Django streams each one behind the campaign's access
# rules (docs/operations.md).
MEDIA_S3_BUCKET = env_str("EARTHBOOK_MEDIA_S3_BUCKET")
if MEDIA_S3_BUCKET:
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": MEDIA_S3_BUCKET,
            "endpoint_url": env_str("EARTHBOOK_MEDIA_S3_ENDPOINT_URL") or None,
            "region_name": env_str("EARTHBOOK_MEDIA_S3_REGION") or None,
            "access_key": env_str("EARTHBOOK_MEDIA_S3_ACCESS_KEY_ID") or None,
            "secret_key": env_str("EARTHBOOK_MEDIA_S3_SECRET_ACCESS_KEY") or None,
            "location": env_str("EARTHBOOK_MEDIA_S3_PREFIX"),
            "default_acl": None,
            "querystring_auth": True,
            # As on a file system: a new file never replaces one of the same name.
            "file_overwrite": False,
        },
    }

# --- Photos of the real board (campaigns/photos/) ------------------------------------------------

# The largest photo file taken, in bytes, and the most pixels (width x height) one may have:
# checked from the file's header before its pixels are decoded.
PHOTO_MAX_BYTES = env_int("PHOTO_MAX_BYTES", 15 * 1024 * 1024)
PHOTO_MAX_PIXELS = env_int("PHOTO_MAX_PIXELS", 40_000_000)
if PHOTO_MAX_BYTES < 1 or PHOTO_MAX_PIXELS < 1:
    raise ImproperlyConfigured("PHOTO_MAX_BYTES and PHOTO_MAX_PIXELS must be at least 1.")
# The long side of the copy shown on the pages, and of the thumbnail, in pixels.
PHOTO_WEB_SIZE = env_int("PHOTO_WEB_SIZE", 1600)
PHOTO_THUMBNAIL_SIZE = env_int("PHOTO_THUMBNAIL_SIZE", 400)

# --- Invitations (campaigns/members.py) ---------------------------------------------------------

# Days an invitation link works after the owner makes it.
INVITATION_TTL_DAYS = env_int("INVITATION_TTL_DAYS", 7)
if INVITATION_TTL_DAYS < 1:
    raise ImproperlyConfigured(
        f"INVITATION_TTL_DAYS={INVITATION_TTL_DAYS} must be at least 1 (days a link works)."
    )

# --- Board snapshots (campaigns/pictures/) -------------------------------------------------------

SNAPSHOT_WIDTH = env_int("SNAPSHOT_WIDTH", 2000)  # pixels of a game's PNG
SNAPSHOT_TIMELINE_WIDTH = env_int("SNAPSHOT_TIMELINE_WIDTH", 1000)  # pixels of a timeline frame
# Minutes a signed picture link (campaigns/pictures/links.py) works at least; at most a quarter
# more, as its expiry is rounded up so that one picture keeps one address for a while.
PICTURE_LINK_TTL_MINUTES = env_int("PICTURE_LINK_TTL_MINUTES", 60)
if PICTURE_LINK_TTL_MINUTES < 1:
    raise ImproperlyConfigured(
        f"PICTURE_LINK_TTL_MINUTES={PICTURE_LINK_TTL_MINUTES} must be at least 1: links expire."
    )

# --- Caps on what a campaign grows (docs/security.md) ---------------------------------------------

# Territories a campaign's packets may add to its board, and how many territories any one may be
# joined to (the box's busiest has 6): past them an addition is refused with a sentence, so
# that no board grows past what its pages, pictures and odds can draw and count.
EARTHBOOK_ADDED_TERRITORIES_MAX = max(1, env_int("EARTHBOOK_ADDED_TERRITORIES_MAX", 30))
EARTHBOOK_CONNECTIONS_PER_TERRITORY_MAX = max(
    6, env_int("EARTHBOOK_CONNECTIONS_PER_TERRITORY_MAX", 12)
)
# Notes of a game's story: how many one game keeps, and how long one may be, in characters.
EARTHBOOK_NOTES_PER_GAME_MAX = max(1, env_int("EARTHBOOK_NOTES_PER_GAME_MAX", 200))
EARTHBOOK_NOTE_MAX_CHARACTERS = max(1, env_int("EARTHBOOK_NOTE_MAX_CHARACTERS", 5000))

# --- Backups (campaigns/backup/) ------------------------------------------------------------------

# The largest backup the API takes for import, in bytes; it is stored and imported by a task.
BACKUP_UPLOAD_MAX_BYTES = env_int("BACKUP_UPLOAD_MAX_BYTES", 20 * 1024 * 1024)
# After each finished game the campaign's backup is stored (campaigns/backup/automatic.py); the
# newest this many of each campaign are kept (at least 1).
EARTHBOOK_AUTOMATIC_BACKUPS_KEPT = max(1, env_int("EARTHBOOK_AUTOMATIC_BACKUPS_KEPT", 5))
# Free JSON inside a backup (audit data, event data, reward details, corrections): how deep it
# may nest and how long one value may be once written out, in characters.
BACKUP_JSON_MAX_DEPTH = env_int("BACKUP_JSON_MAX_DEPTH", 16)
BACKUP_JSON_MAX_CHARS = env_int("BACKUP_JSON_MAX_CHARS", 64 * 1024)

# --- The chronicle as a PDF (campaigns/chronicle/) ----------------------------------------------

# The function that writes the chronicle's HTML for the PDF: the pages' words, named here so that
# the campaigns room never imports a door.
CHRONICLE_HTML = "web.views.chronicle.pdf_html"

# --- Background jobs (campaigns/jobs/) -----------------------------------------------------------

# Board pictures, end posters, photos' copies, chronicle PDFs and backup imports are one kind of
# background job (``campaigns.models.BackgroundJob``), with one group of settings. Each still
# reads its old name for one release when the new one is not set (README, "Configuration"):
#   EARTHBOOK_JOB_QUEUE (both queues)    <- SNAPSHOT_QUEUE, CHRONICLE_QUEUE, BACKUP_IMPORT_QUEUE
#   EARTHBOOK_JOB_QUEUED_PATIENCE        <- SNAPSHOT_QUEUED_PATIENCE
#   EARTHBOOK_JOB_AUTO_RETRIES           <- SNAPSHOT_AUTO_RETRIES
#   EARTHBOOK_JOB_RECOVER_INTERVAL       <- SNAPSHOT_RECOVER_INTERVAL
#   EARTHBOOK_JOB_TIME_LIMIT_SNAPSHOT    <- SNAPSHOT_TIME_LIMIT
#   EARTHBOOK_JOB_TIME_LIMIT_TIMELINE    <- SNAPSHOT_TIMELINE_TIME_LIMIT
#   EARTHBOOK_JOB_TIME_LIMIT_POSTER      <- SNAPSHOT_TIME_LIMIT (the poster shared it)
#   EARTHBOOK_JOB_TIME_LIMIT_PHOTO       <- PHOTO_TIME_LIMIT
#   EARTHBOOK_JOB_TIME_LIMIT_CHRONICLE   <- CHRONICLE_TIME_LIMIT
#   EARTHBOOK_JOB_TIME_LIMIT_IMPORT      <- BACKUP_IMPORT_TIME_LIMIT
# Setting an old name and its new one to different values is refused at start-up.


def _job_env(new: str, olds: tuple[str, ...], default, read=env_int):
    """The value of ``new``, or else of the first old name set (kept for a release)."""
    values = {name: read(name, default) for name in (new, *olds) if os.environ.get(name)}
    if len(set(values.values())) > 1:
        raise ImproperlyConfigured(
            f"{new} is set twice, under different names, to different values: {values}. "
            f"Keep {new} only."
        )
    return next(iter(values.values()), default)


def _job_env_str(name: str, default: str = "") -> str:
    return env_str(name, default).strip()


# Two Celery queues, so that bulk work never holds up what a table waits for
# (docs/operations.md, "Two queues"): "interactive" takes the board picture of each game and the
# recovery loop of the jobs an outage failed; "bulk" takes backup imports, chronicle PDFs,
# photos' copies, the end poster, the timeline and the daily sweep. Each queue has its own
# worker (Makefile `make worker`, docker/compose.yaml). EARTHBOOK_JOB_QUEUE (or an older name),
# the one queue of earlier releases, still names both when it is set, for a release.
_ONE_JOB_QUEUE = _job_env(
    "EARTHBOOK_JOB_QUEUE",
    ("SNAPSHOT_QUEUE", "CHRONICLE_QUEUE", "BACKUP_IMPORT_QUEUE"),
    "",
    _job_env_str,
)
EARTHBOOK_JOB_QUEUE_INTERACTIVE = (
    _job_env_str("EARTHBOOK_JOB_QUEUE_INTERACTIVE") or _ONE_JOB_QUEUE or "interactive"
)
EARTHBOOK_JOB_QUEUE_BULK = _job_env_str("EARTHBOOK_JOB_QUEUE_BULK") or _ONE_JOB_QUEUE or "bulk"
_INTERACTIVE_TASKS = (
    "campaigns.tasks.render_snapshot",
    "campaigns.tasks.recover_jobs",
    "campaigns.tasks.recover_snapshots",
)
_BULK_TASKS = (
    "campaigns.tasks.import_backup",
    "campaigns.tasks.chronicle_pdf",
    "campaigns.tasks.prepare_photo",
    "campaigns.tasks.render_poster",
    "campaigns.tasks.render_timeline",
    "campaigns.tasks.sweep_snapshot_files",
    "campaigns.tasks.automatic_backup",
)
# Each task by name to its queue (Celery's task_routes); a task not named here goes to the bulk
# queue.
CELERY_TASK_ROUTES = {
    **{name: {"queue": EARTHBOOK_JOB_QUEUE_INTERACTIVE} for name in _INTERACTIVE_TASKS},
    **{name: {"queue": EARTHBOOK_JOB_QUEUE_BULK} for name in _BULK_TASKS},
}
CELERY_TASK_DEFAULT_QUEUE = EARTHBOOK_JOB_QUEUE_BULK
# Turns on the bulk queue (campaigns/jobs/turns.py): at most this many bulk jobs of one campaign
# (an import: of one account) run at once, over every worker; one more goes back to the queue's
# tail, so that other campaigns' jobs pass. 0: no limit (first in, first out).
EARTHBOOK_JOB_BULK_PER_CAMPAIGN = env_int("EARTHBOOK_JOB_BULK_PER_CAMPAIGN", 1)
if EARTHBOOK_JOB_BULK_PER_CAMPAIGN < 0:
    raise ImproperlyConfigured("EARTHBOOK_JOB_BULK_PER_CAMPAIGN must be 0 (no limit) or more.")
# A job lost with its worker (kill -9, a machine gone) is Celery's and the broker's to deliver
# again: its task is acknowledged late (CELERY_TASK_ACKS_LATE, and rejected back to the queue when
# its pool process dies: CELERY_TASK_REJECT_ON_WORKER_LOST), and Redis gives its message to
# another worker after the visibility timeout (below).
# A row "queued" this long is sent again when it is asked for again (its message may never have
# left), and no longer counts against the quotas.
EARTHBOOK_JOB_QUEUED_PATIENCE = _job_env(
    "EARTHBOOK_JOB_QUEUED_PATIENCE", ("SNAPSHOT_QUEUED_PATIENCE",), 600
)
# Times a job is started again with nobody asking (its message delivered again after its worker
# was lost, or sent again after an outage), before it is left failed for a person.
EARTHBOOK_JOB_AUTO_RETRIES = _job_env("EARTHBOOK_JOB_AUTO_RETRIES", ("SNAPSHOT_AUTO_RETRIES",), 3)
EARTHBOOK_JOB_RECOVER_INTERVAL = _job_env(
    "EARTHBOOK_JOB_RECOVER_INTERVAL", ("SNAPSHOT_RECOVER_INTERVAL",), 30
)  # seconds
# Seconds each kind of job may take (its soft limit is a little less).
_IMPORT_TIME_LIMIT = _job_env("EARTHBOOK_JOB_TIME_LIMIT_IMPORT", ("BACKUP_IMPORT_TIME_LIMIT",), 600)
EARTHBOOK_JOB_TIME_LIMITS = {
    "snapshot": _job_env("EARTHBOOK_JOB_TIME_LIMIT_SNAPSHOT", ("SNAPSHOT_TIME_LIMIT",), 90),
    "timeline": _job_env(
        "EARTHBOOK_JOB_TIME_LIMIT_TIMELINE", ("SNAPSHOT_TIMELINE_TIME_LIMIT",), 300
    ),
    "poster": _job_env("EARTHBOOK_JOB_TIME_LIMIT_POSTER", ("SNAPSHOT_TIME_LIMIT",), 90),
    "photo": _job_env("EARTHBOOK_JOB_TIME_LIMIT_PHOTO", ("PHOTO_TIME_LIMIT",), 60),
    "chronicle": _job_env("EARTHBOOK_JOB_TIME_LIMIT_CHRONICLE", ("CHRONICLE_TIME_LIMIT",), 300),
    "import": _IMPORT_TIME_LIMIT,
    # The automatic backup after a finished game: the import's limit unless set.
    "backup": _job_env("EARTHBOOK_JOB_TIME_LIMIT_BACKUP", (), _IMPORT_TIME_LIMIT),
}
for _kind, _limit in EARTHBOOK_JOB_TIME_LIMITS.items():
    if _limit < 1:
        raise ImproperlyConfigured(
            f"The time limit of a {_kind} job ({_limit}) must be at least 1."
        )
# Redis gives an unacknowledged message to another worker after this many seconds: above the
# longest job's time limit, so that a job still running is never given to a second worker, and
# no more, so that a job lost with its worker is run again within minutes.
CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] = env_int(
    "CELERY_VISIBILITY_TIMEOUT", max(EARTHBOOK_JOB_TIME_LIMITS.values()) + 60
)

# Quotas (campaigns/jobs/quotas.py): how much one account, and one campaign, may keep or have
# in the making at once; one more is refused with the reason and nothing is written. 0: no limit.
EARTHBOOK_QUOTA_PHOTOS_PER_ACCOUNT = env_int("EARTHBOOK_QUOTA_PHOTOS_PER_ACCOUNT", 1000)
EARTHBOOK_QUOTA_PHOTO_BYTES_PER_ACCOUNT = env_int(
    "EARTHBOOK_QUOTA_PHOTO_BYTES_PER_ACCOUNT", 2 * 1024 * 1024 * 1024
)
EARTHBOOK_QUOTA_PHOTOS_PER_CAMPAIGN = env_int("EARTHBOOK_QUOTA_PHOTOS_PER_CAMPAIGN", 500)
EARTHBOOK_QUOTA_PHOTO_BYTES_PER_CAMPAIGN = env_int(
    "EARTHBOOK_QUOTA_PHOTO_BYTES_PER_CAMPAIGN", 1024 * 1024 * 1024
)
EARTHBOOK_QUOTA_PHOTOS_IN_FLIGHT_PER_ACCOUNT = env_int(
    "EARTHBOOK_QUOTA_PHOTOS_IN_FLIGHT_PER_ACCOUNT", 4
)
EARTHBOOK_QUOTA_IMPORTS_IN_FLIGHT_PER_ACCOUNT = env_int(
    "EARTHBOOK_QUOTA_IMPORTS_IN_FLIGHT_PER_ACCOUNT", 2
)
EARTHBOOK_QUOTA_PDFS_IN_FLIGHT_PER_ACCOUNT = env_int(
    "EARTHBOOK_QUOTA_PDFS_IN_FLIGHT_PER_ACCOUNT", 3
)
EARTHBOOK_QUOTA_PDFS_IN_FLIGHT_PER_CAMPAIGN = env_int(
    "EARTHBOOK_QUOTA_PDFS_IN_FLIGHT_PER_CAMPAIGN", 2
)
EARTHBOOK_QUOTA_POSTERS_IN_FLIGHT_PER_ACCOUNT = env_int(
    "EARTHBOOK_QUOTA_POSTERS_IN_FLIGHT_PER_ACCOUNT", 3
)
EARTHBOOK_QUOTA_POSTERS_IN_FLIGHT_PER_CAMPAIGN = env_int(
    "EARTHBOOK_QUOTA_POSTERS_IN_FLIGHT_PER_CAMPAIGN", 1
)
# Board pictures waiting or being drawn for the campaigns one account owns: a campaign's own
# redraws (after a game, a correction) are one per picture, 16 at most, and never refused.
EARTHBOOK_QUOTA_PICTURES_IN_FLIGHT_PER_ACCOUNT = env_int(
    "EARTHBOOK_QUOTA_PICTURES_IN_FLIGHT_PER_ACCOUNT", 40
)
for _name, _value in list(globals().items()):
    if _name.startswith("EARTHBOOK_QUOTA_") and _value < 0:
        raise ImproperlyConfigured(f"{_name} must be 0 (no limit) or more.")

# `celery beat` (docker/compose.yaml) sweeps away, daily, the stored files no row names, and every
# EARTHBOOK_JOB_RECOVER_INTERVAL sends again the jobs an outage failed (campaigns/jobs/recovery.py).
CELERY_BEAT_SCHEDULE = {
    "sweep-snapshot-files": {
        "task": "campaigns.tasks.sweep_snapshot_files",
        "schedule": 24 * 60 * 60,
    },
    "recover-jobs": {
        "task": "campaigns.tasks.recover_jobs",
        "schedule": EARTHBOOK_JOB_RECOVER_INTERVAL,
        "options": {"expires": EARTHBOOK_JOB_RECOVER_INTERVAL},
    },
}

# --- People ------------------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    # First: a password of thousands of characters is refused before the others read it.
    {"NAME": "config.passwords.MaximumLengthValidator", "OPTIONS": {"max_length": 128}},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # What Django's own list misses: a famous pass phrase, a password of one repeated letter.
    {"NAME": "config.passwords.KnownPhraseValidator"},
    {"NAME": "config.passwords.VarietyValidator", "OPTIONS": {"min_different": 5}},
]
# --- Logins ------------------------------------------------------------------------------------
# Every login door (the page, the admin, the API's token) goes through django-axes: failed logins
# are counted in the database per username *and* client address together, so a guesser is
# stopped for a cool-down and cannot lock the same person out from elsewhere.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# How many reverse proxies in front of the app append to X-Forwarded-For (0: believe none).
TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 0)
if TRUSTED_PROXIES < 0:
    raise ImproperlyConfigured("TRUSTED_PROXIES must be 0 or more.")
AXES_CLIENT_IP_CALLABLE = "edge.client.client_address"

# The live table's streams (config/gunicorn_live.conf.py, docs/operations.md): how many one client
# address may hold open at once, across every live process (0: no limit), and how long the live
# port waits for a request's answer to start before it answers 503.
LIVE_STREAMS_PER_ADDRESS = env_int("LIVE_STREAMS_PER_ADDRESS", 20)
LIVE_REQUEST_TIMEOUT_SECONDS = env_int("LIVE_REQUEST_TIMEOUT_SECONDS", 10)
if LIVE_STREAMS_PER_ADDRESS < 0 or LIVE_REQUEST_TIMEOUT_SECONDS < 1:
    raise ImproperlyConfigured(
        "LIVE_STREAMS_PER_ADDRESS must be 0 or more, LIVE_REQUEST_TIMEOUT_SECONDS at least 1."
    )
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 5))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The pages' lockout answer; the API's token view answers its own, in the API's error shape.
AXES_LOCKOUT_CALLABLE = "web.views.accounts.locked_out"
if AXES_FAILURE_LIMIT < 1 or timedelta(0) >= AXES_COOLOFF_TIME:
    raise ImproperlyConfigured("LOGIN_FAILURE_LIMIT and LOGIN_COOLOFF_MINUTES must be positive.")

# Sign-ups per client address in a window (every attempt counts, a refused one too).
SIGNUP_LIMIT = env_int("SIGNUP_LIMIT", 5)
SIGNUP_WINDOW_MINUTES = env_int("SIGNUP_WINDOW_MINUTES", 60)
if SIGNUP_LIMIT < 1 or SIGNUP_WINDOW_MINUTES < 1:
    raise ImproperlyConfigured("SIGNUP_LIMIT and SIGNUP_WINDOW_MINUTES must be positive.")

# Password-reset requests per client address in a window, counted like sign-ups.
PASSWORD_RESET_LIMIT = env_int("PASSWORD_RESET_LIMIT", 5)
PASSWORD_RESET_WINDOW_MINUTES = env_int("PASSWORD_RESET_WINDOW_MINUTES", 60)
if PASSWORD_RESET_LIMIT < 1 or PASSWORD_RESET_WINDOW_MINUTES < 1:
    raise ImproperlyConfigured(
        "PASSWORD_RESET_LIMIT and PASSWORD_RESET_WINDOW_MINUTES must be positive."
    )
# A reset link works this long (Django's own signed token).
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT_HOURS", 24) * 3600
if PASSWORD_RESET_TIMEOUT < 3600:
    raise ImproperlyConfigured("PASSWORD_RESET_TIMEOUT_HOURS must be at least 1.")

# E-mail (password-reset links): printed on the console unless an SMTP server is named.
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL cannot both be on.")
EMAIL_BACKEND = env_str("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL") or "Earthbook <earthbook@localhost>"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ru", "Русский")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# --- API ---------------------------------------------------------------------------------------


def _throttle_rate(name: str, default: str) -> str:
    """A DRF rate such as "10/min"; a typo stops the start instead of failing each request."""
    value = env_str(name, default).strip()
    count, _, period = value.partition("/")
    if not count.isdigit() or period not in {"s", "sec", "m", "min", "h", "hour", "d", "day"}:
        raise ImproperlyConfigured(f"{name}={value!r} is not a rate such as 10/min.")
    return value


REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "api.tokens.ExpiringTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # Every refusal in one shape, {"error": {...}} (api/errors.py).
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    # Token requests per address (api/throttling.py); failed logins are counted by axes.
    "DEFAULT_THROTTLE_RATES": {"login": _throttle_rate("LOGIN_RATE", "10/min")},
    # The client's address for throttles: X-Forwarded-For is believed only behind proxies.
    "NUM_PROXIES": TRUSTED_PROXIES,
}
# How long an API token is good for after it was issued (api/tokens.py); then a new login.
API_TOKEN_TTL_HOURS = env_int("API_TOKEN_TTL_HOURS", 720)
if API_TOKEN_TTL_HOURS < 1:
    raise ImproperlyConfigured(
        f"API_TOKEN_TTL_HOURS={API_TOKEN_TTL_HOURS} must be at least 1: tokens always expire."
    )
# The tokens are django-rest-knox's (api/tokens.py issues them with API_TOKEN_TTL_HOURS), sent
# as "Authorization: Token <secret>" as before; only their SHA-512 digest is stored.
REST_KNOX = {
    "TOKEN_TTL": timedelta(hours=API_TOKEN_TTL_HOURS),
    "AUTH_HEADER_PREFIX": "Token",
    "SECURE_HASH_ALGORITHM": "hashlib.sha512",
}
# How long a write's Idempotency-Key is remembered (config/idempotency.py); then it is forgotten.
IDEMPOTENCY_KEY_TTL_HOURS = env_int("IDEMPOTENCY_KEY_TTL_HOURS", 24)
if IDEMPOTENCY_KEY_TTL_HOURS < 1:
    raise ImproperlyConfigured(
        f"IDEMPOTENCY_KEY_TTL_HOURS={IDEMPOTENCY_KEY_TTL_HOURS} must be at least 1."
    )
# A refusal (an answer 400 or above) kept for its key is remembered only this many minutes, and
# an account keeps at most this many of them (the oldest go first): a script that sends bad
# writes with new keys cannot fill the table.
IDEMPOTENCY_REFUSAL_TTL_MINUTES = max(1, env_int("IDEMPOTENCY_REFUSAL_TTL_MINUTES", 10))
IDEMPOTENCY_REFUSALS_PER_ACCOUNT = max(1, env_int("IDEMPOTENCY_REFUSALS_PER_ACCOUNT", 100))
# Each process forgets the keys past their lifetime at most this often (a keyed write does it
# when the time has come), not at every write; a key past its lifetime is never replayed.
IDEMPOTENCY_SWEEP_SECONDS = max(0, env_int("IDEMPOTENCY_SWEEP_SECONDS", 60))
# How long a key claimed apart from its write (the backup import's, config/idempotency.py) stays
# "in flight" before a retry may take it over: its request was lost, a worker killed mid-way.
# Longer than a request may take (GUNICORN_TIMEOUT), so that one still at work is never run twice.
IDEMPOTENCY_LEASE_SECONDS = env_int("IDEMPOTENCY_LEASE_SECONDS", 120)
_longest_request = env_int("GUNICORN_TIMEOUT", 60)  # as config/gunicorn.conf.py reads it
if _longest_request >= IDEMPOTENCY_LEASE_SECONDS:
    raise ImproperlyConfigured(
        f"IDEMPOTENCY_LEASE_SECONDS={IDEMPOTENCY_LEASE_SECONDS} must be longer than "
        "GUNICORN_TIMEOUT: a write still at work would be run again."
    )
SPECTACULAR_SETTINGS = {
    "TITLE": "Earthbook API",
    "DESCRIPTION": (
        "Keep a Risk Legacy campaign: the board, the world's marks, every game.\n\n"
        "A campaign may hide what its sealed packets unlocked (`hide_unlocked_content`). Then "
        "every answer given to a viewer, a share-link reader or a visitor of a public campaign "
        "holds placeholders instead of the names and texts the group entered for it: "
        '"an unlocked scar", "an unlocked kind of mark", "an unlocked power", "an unlocked '
        'faction", "unlocked content" (in the language asked for), "(hidden by the campaign\'s '
        'owner)" for a text, and `unlocked-<kind>-<n>` for a slug (`unlocked-scar-1`). The '
        "pictures, `unlocked/` and the export are refused to them (403, or 401 without a login)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.forbid_nul_in_input",
        "api.schema.idempotency_key_on_writes",
        "api.schema.long_addresses_refused",
    ],
    # A PATCH body is documented as sent: its required fields (a correction's reason) stay so.
    "COMPONENT_SPLIT_PATCH": False,
    "ENUM_NAME_OVERRIDES": {
        "RoleEnum": "campaigns.models.Role",
        "AssignableRoleEnum": ["editor", "viewer"],
        "EventKindEnum": "campaigns.models.EventKind",
        "ContentKindEnum": "legacy.models.ContentKind",
        "PowerTypeEnum": "legacy.models.PowerType",
        "ScarColourEnum": "legacy.models.ScarColour",
        "RewardKindEnum": "legacy.rules.Reward",
        "GameStatusEnum": "campaigns.models.GameStatus",
        "EntryStatusEnum": "campaigns.vocabulary.EntryStatus",
        # Every job's status is one JobStatus; the pictures, photos and poster still say
        # "rendering", "processing" and "drawing" for "running", as they always have.
        "JobStatusEnum": "campaigns.models.JobStatus",
        "SnapshotStatusEnum": "campaigns.models.SNAPSHOT_STATUSES",
        "PhotoStatusEnum": "campaigns.models.PHOTO_STATUSES",
        "PosterStatusEnum": "campaigns.models.POSTER_STATUSES",
        "JobFailureEnum": "campaigns.models.JOB_FAILURE_CODES",
        "PacketEnum": "legacy.box.PACKET_CHOICES",
        # Which of its two starting powers a faction kept.
        "StartingPowerEnum": ["a", "b"],
    },
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "minimum": 1, "maximum": 2**63 - 1},
        "game": {"type": "integer", "minimum": 1, "maximum": 32767},
    },
}

# --- Safety ------------------------------------------------------------------------------------

SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
# HTTPS only when DEBUG is off: plain-HTTP requests are redirected, and browsers are told (HSTS)
# to come back over HTTPS only. Each can be turned off, e.g. when a proxy in front already does it.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^health/$"]  # load balancers probe it over plain HTTP
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 365 * 24 * 60 * 60)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)


def _proxy_ssl_header(name: str) -> tuple[str, str] | None:
    """Behind a TLS-terminating proxy: the header it sets on HTTPS requests, e.g.
    ``X-Forwarded-Proto`` (meaning ``X-Forwarded-Proto: https``). Only set it when the proxy
    always sets or strips that header, or a client could claim HTTPS by sending it."""
    header = env_str(name).strip()
    if not header:
        return None
    if not all(c.isalnum() or c in "-_" for c in header):
        raise ImproperlyConfigured(f"{name}={header!r} is not a header such as X-Forwarded-Proto.")
    meta = header.upper().replace("-", "_")
    return (meta if meta.startswith("HTTP_") else "HTTP_" + meta, "https")


SECURE_PROXY_SSL_HEADER = _proxy_ssl_header("SECURE_PROXY_SSL_HEADER")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): the pages load only their own scripts, styles, images and
# fonts, with no inline script, style attribute or eval (tests/e2e fails on any violation). With
# DEBUG on it only reports, so Django's own error page, styled inline, still reads well.
_CSP = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
CONTENT_SECURITY_POLICY = None if DEBUG else _CSP
CONTENT_SECURITY_POLICY_REPORT_ONLY = _CSP if DEBUG else None

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

DEMO_ACCOUNT = DEBUG and env_bool("DEMO_ACCOUNT", True)
