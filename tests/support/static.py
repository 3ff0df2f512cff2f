"""The project's own static files collected as production collects them (the shipped storage,
config/staticfiles.py: minified, content-hashed names in a manifest, a gzip and a Brotli copy
of each), once for the whole run.

Only the files of ``static/`` are collected (Django's file-system finder), not those the
installed apps ship: the tests read ours, and the apps' (the API docs' Swagger and Redoc, most
of it) took five times as long to compress. In a parallel run the workers share one copy: the
first to ask collects it under a lock, the others wait for it and read it.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

SHIPPED_STORAGE = "config.staticfiles.MinifiedStaticFilesStorage"
OWN_FILES_ONLY = ["django.contrib.staticfiles.finders.FileSystemFinder"]


def served_from(root: Path) -> dict:
    """The settings of a server whose collected static files are in ``root`` (with
    ``override_settings``): the shipped storage, as with DEBUG off."""
    return {
        "STATIC_ROOT": root,
        "STORAGES": {**settings.STORAGES, "staticfiles": {"BACKEND": SHIPPED_STORAGE}},
    }


def shared_folder(tmp_path_factory) -> Path:
    """A folder of this run's, shared by its parallel workers (each has a folder of its own
    under it); a run of one process keeps it to itself."""
    own = tmp_path_factory.getbasetemp()
    return own.parent if os.environ.get("PYTEST_XDIST_WORKER") else own


def collected_once(folder: Path) -> Path:
    """The project's own static files collected into ``folder/static``, unless they are there."""
    root = folder / "static"
    with open(folder / "static.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not (root / "staticfiles.json").exists():  # the manifest is written last
            with override_settings(**served_from(root), STATICFILES_FINDERS=OWN_FILES_ONLY):
                call_command("collectstatic", interactive=False, verbosity=0)
    return root
