"""Reading the pages as a person with a browser would: a logged-in client, and a campaign ready
for its first game."""

from __future__ import annotations

from django.test import Client

from campaigns import services
from legacy.box import FACTIONS
from tests.support.games import TWELVE_COINS


def client_for(user=None, language: str | None = None) -> Client:
    """A browser logged in as ``user`` (nobody for ``None``), asking for pages in ``language``
    when given."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language) if language else Client()
    if user is not None:
        client.force_login(user)
    return client


def url(campaign, page=""):
    """The address of ``page`` of ``campaign`` (its home page when empty)."""
    return f"/c/{campaign.pk}/{page}"


def prepared(owner, name):
    """A campaign of ``owner``'s with five players, ready for its first game."""
    campaign = services.create_campaign(
        owner=owner, name=name, players=["Ada", "Boris", "Chloe", "Dmitri", "Esme"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    return campaign


def finish_data(players, **extra):
    """The end-of-game form filled in with the usual ending; ``extra`` replaces or adds fields."""
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    data = {
        f"result_{ada}": "won",
        f"result_{boris}": "held_on",
        f"result_{chloe}": "eliminated",
        "winner_kind": "major-city",
        "w_major-city_target": "egypt",
        "w_major-city_name": "Cairo",
        f"h{boris}_kind": "minor-city",
        f"h{boris}_minor-city_target": "japan",
        f"h{boris}_name": "Edo",
    }
    data.update(extra)
    return data


# Page -> the most queries it may take (sessions and auth included).
BUDGETS = {
    "": 20,
    "board.svg": 26,
    "board/1.svg": 28,
    "history/": 28,  # with where each reward is now: its marks and their corrections
    "territories/egypt/": 36,
    "factions/": 11,
    "standings/": 8,
    "statistics/": 16,
    "poster/": 8,
    "audit/": 7,
    "packets/": 32,
    "packets/open/": 31,
    "rules/": 9,
    "decks/": 8,
    "world-capitals/": 22,  # the world, with the territories and connections packets added
    "players/": 6,
    "settings/": 7,
    "before-the-first-game/": 7,
    "games/1/": 35,
    "games/1/snapshot/": 7,
    "timeline/": 7,
    "games/{current}/": 20,
    "games/{current}/finish/": 27,
    "tools/recruitment/?controlled=egypt&controlled=peru&controlled=brazil&trade_coins=4": 26,
    "tools/starts/?hqs=japan": 26,
    "tools/odds/?attackers=9&defenders=4&bunker=on": 24,
    "tools/odds/?territory=egypt": 24,
    "tools/odds/?territory=greenland&attacker_faction=enclave-of-the-bear"
    "&defender_faction=die-mechaniker&attackers=9&defenders=4": 12,
    "tools/recruitment/?controlled=egypt&controlled=peru&faction=imperial-balkania": 24,
    "scar-types/": 6,
}
