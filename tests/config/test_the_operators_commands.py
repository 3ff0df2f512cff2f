"""The operator's page works as written: `make worker` of docs/operations.md starts its two
workers on a fresh clone, with nothing more set than the page sets (no DEBUG, no secret)."""

from __future__ import annotations

import os
import re
import uuid
from pathlib import Path

import pytest

from tests.support.servers import REPO, Child
from tests.support.workers import broker_url

pytestmark = [pytest.mark.worker]

OPERATIONS = REPO / "docs" / "operations.md"


class MakeWorker(Child):
    """`make worker` as the operator runs it, on queues of the test's own."""

    what = "make worker"
    stop_timeout = 20

    def __init__(self, log: Path, queues: dict[str, str]):
        super().__init__(log)
        self.queues = queues

    def command(self) -> list[str]:
        return ["make", "--no-print-directory", "worker"]

    def child_environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
        env.pop("DJANGO_SETTINGS_MODULE", None)
        env["REDIS_URL"] = env["CELERY_BROKER_URL"] = broker_url()
        env["EARTHBOOK_JOB_QUEUE_INTERACTIVE"] = self.queues["interactive"]
        env["EARTHBOOK_JOB_QUEUE_BULK"] = self.queues["bulk"]
        return env

    def ready(self) -> bool:
        text = self.log()
        return "interactive@" in text and "bulk@" in text and text.count(" ready.") >= 2


def test_the_operations_page_starts_the_workers_with_make_worker():
    page = OPERATIONS.read_text()
    assert re.search(r"^make worker\b", page, re.MULTILINE), "the page names `make worker`"


def test_make_worker_starts_both_workers_without_debug_or_a_secret(tmp_path):
    tag = uuid.uuid4().hex[:8]
    queues = {"interactive": f"ops-interactive-{tag}", "bulk": f"ops-bulk-{tag}"}
    with MakeWorker(tmp_path / "worker.log", queues) as worker:
        log = worker.log()
    assert "ImproperlyConfigured" not in log
    assert queues["interactive"] in log and queues["bulk"] in log
