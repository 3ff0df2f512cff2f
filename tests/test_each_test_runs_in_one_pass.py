"""Each test runs in one pass of ``make test``: the tests that the real parts decide are named in
``tests.support.passes``, and a name there that no longer names a test would silently move that
test back to the SQLite pass."""

from __future__ import annotations

from tests.support.passes import REAL_PARTS_DECIDE, decided_by_the_real_parts, missing_names


def test_every_test_named_for_the_real_parts_exists():
    assert missing_names() == []


def test_a_file_names_all_its_tests_and_a_test_all_its_parameters():
    a_file = next(entry for entry in REAL_PARTS_DECIDE if "::" not in entry)
    assert decided_by_the_real_parts(f"{a_file}::test_anything[1]")
    a_test = next(entry for entry in REAL_PARTS_DECIDE if "::" in entry)
    assert decided_by_the_real_parts(f"{a_test}[with-a-parameter]")
    assert not decided_by_the_real_parts(f"{a_test}_and_more")
    assert not decided_by_the_real_parts("tests/legacy/test_rules.py::test_anything")
