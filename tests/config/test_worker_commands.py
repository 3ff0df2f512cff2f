"""The shipped worker commands read both queues, each with a worker of its own: ``make worker``
and the compose file, as the settings route the tasks (``CELERY_TASK_ROUTES``)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def worker_queues(text: str) -> list[str]:
    """The queue each ``celery ... worker -Q`` of ``text`` reads, by its default name."""
    return re.findall(r'worker -Q "\$+\{EARTHBOOK_JOB_QUEUE_\w+:-(\w+)\}"', text)


def test_make_worker_starts_one_worker_per_queue():
    makefile = (REPO / "Makefile").read_text()
    assert sorted(worker_queues(makefile)) == ["bulk", "interactive"]
    assert re.search(r"^worker: .*\n\t.*-j2 worker-interactive worker-bulk", makefile, re.M)


def test_the_compose_file_runs_one_worker_service_per_queue():
    compose = (REPO / "docker" / "compose.yaml").read_text()
    assert sorted(worker_queues(compose)) == ["bulk", "interactive"]
    assert "  worker-interactive:\n" in compose and "  worker-bulk:\n" in compose


def test_the_shipped_queue_names_are_the_settings_defaults():
    from django.conf import settings

    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}
    names = {settings.EARTHBOOK_JOB_QUEUE_INTERACTIVE, settings.EARTHBOOK_JOB_QUEUE_BULK}
    assert routed == names
