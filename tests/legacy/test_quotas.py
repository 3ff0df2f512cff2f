"""The one rule of every quota: one more is refused once it would pass the limit."""

from __future__ import annotations

from legacy.quotas import quota_reached


def test_the_last_photo_under_the_limit_is_taken_and_the_next_is_refused():
    assert quota_reached([("photos", 9, 1, 10)]) is None
    assert quota_reached([("photos", 10, 1, 10)]) == "photos"


def test_bytes_count_what_the_new_file_adds():
    assert quota_reached([("bytes", 900, 100, 1000)]) is None
    assert quota_reached([("bytes", 900, 101, 1000)]) == "bytes"


def test_the_first_quota_reached_is_named():
    asks = [("account", 1, 1, 5), ("campaign", 3, 1, 3), ("bytes", 10, 1, 1)]
    assert quota_reached(asks) == "campaign"


def test_a_limit_of_zero_is_no_limit():
    assert quota_reached([("imports", 10_000, 1, 0)]) is None
