"""Personas and played campaigns for the page tests.

The owner (``owner``, from the suite's conftest), an editor, a viewer and a stranger, each a
logged-in test client; and ``play(campaign, n)``, which plays ``n`` whole games through the
services, with events and rewards, so pages have a history to show.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from campaigns.game.finish import finish_game
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import place_scar, use_missiles
from campaigns.models import Membership, Role
from tests.conftest import give

SEATS = (
    ("Ada", "khan-industries", "egypt"),
    ("Boris", "die-mechaniker", "japan"),
    ("Chloe", "enclave-of-the-bear", "peru"),
)
DESTROYED = ("alaska", "brazil", "iceland", "ural", "siberia", "madagascar", "ontario")
SCARRED = ("greenland", "scandinavia", "yakutsk", "argentina", "new-guinea", "irkutsk")


@pytest.fixture(autouse=True)
def _fresh_counters():
    """Sign-up counts per address live in the cache; each test starts with none."""
    cache.clear()


def seat_plan(players):
    return [{"player": players[n].pk, "faction": f, "hq": hq} for n, f, hq in SEATS]


def start_next_game(campaign):
    players = {p.name: p for p in campaign.players.all()}
    game = setup_game(campaign=campaign, seats=seat_plan(players))
    return start_game(game=game)


def play(campaign, n: int, *, then_start: bool = False):
    """Play ``n`` games: Ada wins each, Boris holds on, Chloe is eliminated.

    Game 1: Ada founds Cairo (a major city) in Egypt, her HQ, so she may start there again; in
    every game a missile roll and a scar are logged, Boris adds a coin to China's card and Ada
    destroys a territory card.
    """
    players = {p.name: p for p in campaign.players.all()}
    ada, boris, chloe = players["Ada"], players["Boris"], players["Chloe"]
    done = campaign.games.count()
    for i in range(done, done + n):
        game = start_next_game(campaign)
        give(game, boris, missiles=1)  # as if Boris had signed once
        use_missiles(game=game, count=1, player=boris.pk)
        place_scar(
            game=game,
            scar="bunker" if i % 2 else "ammo-shortage",
            territory=SCARRED[i],
            player=ada.pk,
            # Once the scar cards run short nobody is dealt one: an event card places it.
            without_card=not game.scar_cards_dealt,
            reason="" if game.scar_cards_dealt else "Our event card",
        )
        if i == 0:
            reward = {"kind": "major-city", "territory": "egypt", "name": "Cairo"}
        else:
            reward = {"kind": "destroy-card", "territory": DESTROYED[i]}
        finish_game(
            game=game,
            results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
            controlled={boris.pk: ["china"]},
            winner_reward=reward,
            held_on_rewards={boris.pk: {"kind": "upgrade-card", "territory": "china"}},
            slogan=f"Victory number {i + 1}",
        )
    if then_start:
        start_next_game(campaign)
    return campaign


@pytest.fixture
def editor(django_user_model, campaign):
    user = django_user_model.objects.create_user(username="edda", password="pw-edda-123")
    Membership.objects.create(campaign=campaign, user=user, role=Role.EDITOR)
    return user


@pytest.fixture
def viewer(django_user_model, campaign):
    user = django_user_model.objects.create_user(username="vic", password="pw-vic-123")
    Membership.objects.create(campaign=campaign, user=user, role=Role.VIEWER)
    return user


def client_for(user) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


@pytest.fixture
def as_owner(owner):
    return client_for(owner)


@pytest.fixture
def as_editor(editor):
    return client_for(editor)


@pytest.fixture
def as_viewer(viewer):
    return client_for(viewer)


@pytest.fixture
def as_stranger(stranger):
    return client_for(stranger)


@pytest.fixture
def anonymous():
    return Client()
