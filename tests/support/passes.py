"""Which pass of ``make test`` runs each test, and which tests share a worker.

CI runs the suite in two passes (``tools/suite.py``): on SQLite, then against PostgreSQL, Redis
and a real Celery worker. Each test runs in one of them. The second runs what needs the real
parts or what they decide, and only that: the tests marked ``postgres``, ``worker`` or ``e2e``
(the browser, against a live server), and those marked ``realdb`` here, by file or by test, in
``REAL_PARTS_DECIDE``. Everything else (the rules, the pages and the API over the test client,
the migrations, the settings, the static files) runs on SQLite. A run with no services (a
developer's ``make test``) is one pass and runs everything.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent

# The markers of the second pass, as ``pytest -m`` takes them.
SECOND_PASS = "postgres or worker or e2e or realdb"

# What the database or Redis decides, tested where they are the ones production runs: locks and
# the transactions that hold them, what a rollback undoes or a commit keeps, a constraint the
# database enforces, news through Redis's channel and a client shared by threads. A file names
# all its tests; ``file::name`` one test, with all its parameters.
REAL_PARTS_DECIDE = (
    # The live table's stream: through Redis's one subscription when the run has Redis.
    "tests/web/test_the_live_stream.py",
    "tests/web/test_live_streams_are_bounded.py",
    # The places of an address among the streams, counted in Redis.
    "tests/edge/test_live_stream_places.py",
    "tests/campaigns/test_admin_edits_are_told.py"
    "::test_a_phone_following_the_campaign_hears_of_an_admin_edit",
    # One Redis client shared by threads.
    "tests/config/test_cache_client.py"
    "::test_threads_sharing_the_client_each_read_back_what_they_wrote",
    # The campaign's lock (select_for_update) and the transaction it is held in.
    "tests/campaigns/test_an_entry_holds_its_lock_briefly.py",
    "tests/campaigns/test_statements_written_once.py::test_a_locked_game_is_its_row_read_afresh",
    "tests/campaigns/test_world_cache.py::test_a_world_read_inside_a_write_is_not_stored_for_later",
    # Answers kept once their writes commit.
    "tests/campaigns/test_packets_due_are_cached.py",
    # A write rolled back with its answer, and the key it claimed.
    "tests/api/test_writes_sent_again.py"
    "::test_a_write_whose_request_was_lost_is_recorded_by_the_retry_once_its_lease_is_over",
    "tests/api/test_writes_sent_again.py"
    "::test_a_write_that_fails_after_writing_leaves_nothing_and_its_retry_records_it_once",
    "tests/api/test_writes_sent_again.py"
    "::test_a_request_whose_key_a_retry_took_over_keeps_neither_its_write_nor_its_answer",
    "tests/api/test_imports.py"
    "::test_an_import_posted_while_the_broker_is_down_is_a_503_and_keeps_nothing",
    # The bulk queue's turns, kept in Redis.
    "tests/campaigns/test_bulk_turns.py",
    # A check constraint of the database.
    "tests/campaigns/test_marks_on_added_territories.py"
    "::test_the_database_keeps_a_territorys_shape_not_its_list",
)


def decided_by_the_real_parts(nodeid: str) -> bool:
    path, _, name = nodeid.partition("::")
    return path in REAL_PARTS_DECIDE or f"{path}::{name.split('[')[0]}" in REAL_PARTS_DECIDE


def shares_a_module_fixture(item) -> bool:
    """Does the test use a fixture built once per module (a server, a played campaign)?"""
    info = getattr(item, "_fixtureinfo", None)
    return info is not None and any(
        definition.scope in ("module", "class", "package")
        for definitions in info.name2fixturedefs.values()
        for definition in definitions
    )


# The browser tests bound how soon a phone hears of a change (two to five seconds): one browser
# at a time, on one worker, as when the suite ran one test at a time; the other workers run the
# rest of the pass (mostly waiting on Celery workers and servers) beside it.
ONE_BROWSER_AT_A_TIME = "e2e"


def mark(items) -> None:
    """``realdb`` on the tests of ``REAL_PARTS_DECIDE``; one ``xdist_group`` per module for the
    tests of a module fixture, so that a parallel run builds it once, on one worker; one for
    the browser tests."""
    for item in items:
        if decided_by_the_real_parts(item.nodeid):
            item.add_marker(pytest.mark.realdb)
        if item.get_closest_marker("e2e"):
            item.add_marker(pytest.mark.xdist_group(ONE_BROWSER_AT_A_TIME))
        elif shares_a_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.partition("::")[0]))


def functions_in(source: Path) -> set[str]:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def missing_names() -> list[str]:
    """The entries of ``REAL_PARTS_DECIDE`` that name no file or no test function."""
    missing = []
    for entry in REAL_PARTS_DECIDE:
        path, _, name = entry.partition("::")
        source = ROOT / path
        if not source.is_file() or (name and name not in functions_in(source)):
            missing.append(entry)
    return missing
