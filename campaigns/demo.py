"""The demo campaign that `make run` shows on an empty database."""

from django.contrib.auth import get_user_model
from django.db import transaction

from campaigns import services
from legacy.box import FACTIONS

DEMO_PLAYERS = ["Ada", "Boris", "Chloe", "Dmitri", "Esme"]


@transaction.atomic
def create_demo(username: str = "demo", password: str = "demo"):
    user = get_user_model().objects.create_user(
        username=username, password=password, is_staff=True, is_superuser=True
    )
    campaign = services.create_campaign(owner=user, name="Demo: The Long War", players=DEMO_PLAYERS)
    services.prepare_first_game(
        campaign=campaign,
        powers={f.slug: "a" for f in FACTIONS},
        random_coins=True,
        seed=2128,
        by=user,
    )
    return campaign
