"""Settings, all read from the environment (see README, "Configuration").

The embedded default needs nothing: a SQLite file under ``var/`` and Celery tasks run in-process.
Production sets ``DATABASE_URL`` (PostgreSQL), ``REDIS_URL`` (broker and cache) and ``SECRET_KEY``.
"""

from pathlib import Path

import dj_database_url
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

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "legacy",
    "campaigns",
    "api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

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
            ],
        },
    },
]

# --- Database ----------------------------------------------------------------------------------

DATABASE_URL = env_str("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'earthbook.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("CONN_MAX_AGE", 0))
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock when their transaction starts, and wait for each other instead of
    # failing with "database is locked" halfway through a read-modify-write.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
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
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600),
    # How often a worker gives back the messages of a worker that died before acknowledging
    # them (kombu scans every interval x throttle seconds, and once at start-up).
    "unacked_restore_interval": env_int("CELERY_RESTORE_INTERVAL", 10),
    "unacked_restore_throttle": env_int("CELERY_RESTORE_THROTTLE", 10),
}
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Files -------------------------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT") or VAR_DIR / "static")
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT") or VAR_DIR / "media")
STORAGES = {
    # Board snapshots are stored here; any Django storage backend will do (S3 and the like).
    "default": {
        "BACKEND": env_str("MEDIA_STORAGE") or "django.core.files.storage.FileSystemStorage"
    },
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- Board snapshots (campaigns/pictures/) -------------------------------------------------------

SNAPSHOT_WIDTH = env_int("SNAPSHOT_WIDTH", 2000)  # pixels of a game's PNG
SNAPSHOT_TIMELINE_WIDTH = env_int("SNAPSHOT_TIMELINE_WIDTH", 1000)  # pixels of a timeline frame
# The Celery queue the renders go to ("celery" is the queue every worker reads by default).
SNAPSHOT_QUEUE = env_str("SNAPSHOT_QUEUE") or "celery"
SNAPSHOT_TIME_LIMIT = env_int("SNAPSHOT_TIME_LIMIT", 90)  # seconds for one game's picture
SNAPSHOT_TIMELINE_TIME_LIMIT = env_int("SNAPSHOT_TIMELINE_TIME_LIMIT", 300)
# `celery beat` (docker/compose.yaml) sweeps away, daily, the stored pictures nobody shows.
CELERY_BEAT_SCHEDULE = {
    "sweep-snapshot-files": {
        "task": "campaigns.tasks.sweep_snapshot_files",
        "schedule": 24 * 60 * 60,
        "options": {"queue": SNAPSHOT_QUEUE},
    }
}

# --- Backups (campaigns/backup.py) ---------------------------------------------------------------

# The largest backup the API takes for import, in bytes; it is stored and imported by a task.
BACKUP_UPLOAD_MAX_BYTES = env_int("BACKUP_UPLOAD_MAX_BYTES", 20 * 1024 * 1024)
# Free JSON inside a backup (audit data, event data, reward details, corrections): how deep it
# may nest and how long one value may be once written out, in characters.
BACKUP_JSON_MAX_DEPTH = env_int("BACKUP_JSON_MAX_DEPTH", 16)
BACKUP_JSON_MAX_CHARS = env_int("BACKUP_JSON_MAX_CHARS", 64 * 1024)
# The Celery queue imports go to, and how long one may take (seconds).
BACKUP_IMPORT_QUEUE = env_str("BACKUP_IMPORT_QUEUE") or "celery"
BACKUP_IMPORT_TIME_LIMIT = env_int("BACKUP_IMPORT_TIME_LIMIT", 600)

# --- People ------------------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
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
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # Every refusal in one shape, {"error": {...}} (api/errors.py).
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    # Token requests per address, and failed logins per username (api/throttling.py).
    "DEFAULT_THROTTLE_RATES": {
        "login": _throttle_rate("LOGIN_RATE", "10/min"),
        "login_failures": _throttle_rate("LOGIN_FAILURE_RATE", "5/min"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Earthbook API",
    "DESCRIPTION": "Keep a Risk Legacy campaign: the board, the world's marks, every game.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # A PATCH body is documented as sent: its required fields (a correction's reason) stay so.
    "COMPONENT_SPLIT_PATCH": False,
    "ENUM_NAME_OVERRIDES": {
        "RoleEnum": "campaigns.models.Role",
        "AssignableRoleEnum": ["editor", "viewer"],
        "EventKindEnum": "campaigns.models.EventKind",
        "ContentKindEnum": "legacy.models.ContentKind",
        "RewardKindEnum": "legacy.rules.Reward",
        "GameStatusEnum": "campaigns.models.GameStatus",
        "SnapshotStatusEnum": "campaigns.models.SnapshotStatus",
    },
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "minimum": 1, "maximum": 2**63 - 1},
        "game": {"type": "integer", "minimum": 1, "maximum": 32767},
    },
}

# --- Safety ------------------------------------------------------------------------------------

SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

DEMO_ACCOUNT = DEBUG and env_bool("DEMO_ACCOUNT", True)
