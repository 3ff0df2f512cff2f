"""The keys of the campaign's cached reads are keys any cache server takes: no spaces, whatever
the parts (the seats' HQs, the missile rolls), and told apart by every part."""

from __future__ import annotations

import pytest

from campaigns.versioned import version_key

pytestmark = pytest.mark.django_db


def test_a_key_made_of_the_seats_hqs_holds_no_space_and_tells_the_seats_apart(game):
    campaign = game.campaign
    seats = (("egypt", "khan-industries"), ("japan", "die-mechaniker"))
    key = version_key(campaign, "game-board-marks", 3, "ru", seats, versions=(7,))
    other = version_key(campaign, "game-board-marks", 3, "ru", seats[:1], versions=(7,))
    assert " " not in key and len(key) < 250
    assert key != other
    assert key.startswith(
        f"earthbook:game-board-marks:{campaign.pk}:{campaign.share_token}:7:3:ru:"
    )


def test_words_and_numbers_stay_readable_in_a_key(game):
    campaign = game.campaign
    key = version_key(campaign, "quick-log-forms", 2, True, "en", "/static/board/shapes.svg")
    assert key.endswith(":2:True:en:/static/board/shapes.svg")
