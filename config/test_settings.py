"""Settings for the test suite: the real settings, with a throwaway key and fast hashing.

``DATABASE_URL`` and ``REDIS_URL`` are honoured exactly as in production, so the same suite runs
against SQLite by default and against PostgreSQL, Redis and a real worker when they are set.
"""

import os

os.environ.setdefault("SECRET_KEY", "earthbook-tests-only")

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = VAR_DIR / "test-media"  # noqa: F405
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
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-earthbook.sqlite3")}  # noqa: F405
