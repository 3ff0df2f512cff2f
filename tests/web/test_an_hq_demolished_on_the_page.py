"""The game page's quick log demolishes an HQ, and re-draws the form with the refusal when the
HQ is back in the box already."""

from __future__ import annotations

import pytest

from campaigns.models import EventKind
from tests.support.pages import url

pytestmark = pytest.mark.django_db


def test_the_quick_log_demolishes_an_hq(game, trio, as_owner):
    ada, boris, _chloe = trio
    log = url(game.campaign, "games/1/log/hq-demolished/")
    sent = as_owner.post(log, {"hqdemolished-hq_of": boris.pk, "hqdemolished-player": ada.pk})
    assert sent.status_code == 302
    events = [e.text for e in as_owner.get(url(game.campaign, "games/1/")).context["shown_events"]]
    assert events == ["the HQ of Boris in Japan is demolished — Ada"]
    again = as_owner.post(log, {"hqdemolished-hq_of": boris.pk})
    assert again.status_code == 200 and "demolished" in again.content.decode()
    assert game.events.filter(kind=EventKind.HQ_DEMOLISHED).count() == 1


def test_the_quick_log_moves_a_red_star_on_the_board(game, trio, as_owner):
    ada, boris, _chloe = trio
    log = url(game.campaign, "games/1/log/board-red-star/")
    assert as_owner.post(log, {"boardstar-player": ada.pk}).status_code == 302
    sent = as_owner.post(log, {"boardstar-player": boris.pk, "boardstar-from_player": ada.pk})
    assert sent.status_code == 302
    events = [e.text for e in as_owner.get(url(game.campaign, "games/1/")).context["shown_events"]]
    assert "Boris takes a red star on the board from Ada" in events
    refused = as_owner.post(log, {})
    assert refused.status_code == 200 and "who gains the red star" in refused.content.decode()
    assert game.events.filter(kind=EventKind.BOARD_RED_STAR).count() == 2
