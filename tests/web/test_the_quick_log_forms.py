"""The quick log writes each kind of entry the table records with one form, which carries its
title, its address and the service it calls."""

from collections import Counter

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
