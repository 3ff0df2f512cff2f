"""The quick log writes each kind of entry the table records with one form, which carries its
title, its address and the service it calls."""

import re
from collections import Counter

import pytest

from campaigns.models import CARD_EVENTS, EventKind
from web.forms.table import QUICK_LOG, QuickLogForm
from web.views.table import KIND_OF_PATH

# Kinds of entry written elsewhere than the quick log: a packet opened has its own page, and the
# cards drawn, completed and destroyed their own form on the game page.
WRITTEN_ELSEWHERE = {EventKind.PACKET_OPENED, *CARD_EVENTS}


def test_every_kind_of_entry_the_quick_log_writes_has_one_form_with_its_title_and_address():
    forms_of_kind = Counter(form.kind for form in QUICK_LOG)
    for kind in EventKind:
        if kind in WRITTEN_ELSEWHERE:
            assert forms_of_kind[kind] == 0, f"{kind.value} is written elsewhere, not in the log"
        else:
            assert forms_of_kind[kind] == 1, f"{kind.value} has {forms_of_kind[kind]} forms"
    for form in QUICK_LOG:
        assert str(form.title)
        assert KIND_OF_PATH[form.path] == form.kind
        assert form.params is not QuickLogForm.params, f"{form.__name__} gives no parameters"
    assert len(KIND_OF_PATH) == len(QUICK_LOG)  # no two forms share an address


def test_the_quick_log_keeps_the_addresses_it_always_had():
    assert KIND_OF_PATH == {
        "scar": EventKind.SCAR_PLACED,
        "missiles": EventKind.MISSILES,
        "recruitment": EventKind.RECRUITMENT,
        "red-star": EventKind.RED_STAR_BOUGHT,
        "hq-taken": EventKind.HQ_TAKEN,
        "hq-demolished": EventKind.HQ_DEMOLISHED,
        "board-red-star": EventKind.BOARD_RED_STAR,
        "eliminated": EventKind.ELIMINATED,
        "rejoined": EventKind.REJOINED,
        "coin-pile": EventKind.COIN_PILE_OUT,
        "mark": EventKind.MARK_PLACED,
        "capital-founded": EventKind.WORLD_CAPITAL_FOUNDED,
        "city-destroyed": EventKind.CITY_DESTROYED,
        "fort-attacked": EventKind.FORTIFICATION_ATTACKED,
    }


@pytest.mark.django_db
def test_a_quick_log_form_as_the_page_draws_it_is_sent_and_recorded(game, players, owner):
    from django.test import Client

    phone = Client(enforce_csrf_checks=True)
    phone.force_login(owner)
    page = phone.get(f"/c/{game.campaign_id}/games/1/").content.decode()
    drawn = re.search(r'data-live="log-recruitment">.*?</details>', page, re.S)[0]
    action = re.search(r'action="([^"]+)"', drawn)[1]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', drawn)[1]
    assert action == f"/c/{game.campaign_id}/games/1/log/recruitment/"
    assert 'name="made_at" value=""' in drawn and "Note it" in drawn
    player, troops = (re.search(rf'name="([\w-]*{n})"', drawn)[1] for n in ("player", "troops"))
    sent = phone.post(
        action,
        {"csrfmiddlewaretoken": token, player: players["Ada"].pk, troops: 6, "made_at": ""},
    )
    assert sent.status_code == 302
    assert game.events.get(kind=EventKind.RECRUITMENT).data["troops"] == 6
