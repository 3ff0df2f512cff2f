"""Query budgets: the work of finishing a game or reading the world does not grow with the
number of games played.

Every game here has the same shape (the same three seats, a card destroyed by the winner, a
coin added by one player who held on), so finishing game 2 and finishing game 6 must take
exactly the same number of queries; so must each read of the campaign, after one game and
after many. A count that grows is an N+1: a query run once per game, seat or mark.
"""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.game.finish import finish_game
from campaigns.game.packets import packets_to_open
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import record_recruitment, use_missiles
from campaigns.game.taking_back import void_event
from campaigns.selectors.cards import faction_card_backs
from campaigns.selectors.standings import standings
from legacy.selectors import world_as_of
from tests.support.games import EARNED_ANOTHER_WAY, give

pytestmark = pytest.mark.django_db

SEATS = [
    ("Ada", "khan-industries", "egypt"),
    ("Boris", "die-mechaniker", "japan"),
    ("Chloe", "enclave-of-the-bear", "peru"),
]
# Game n: the winner destroys DESTROYED[n - 1]; Boris adds a coin to UPGRADED[n - 1].
DESTROYED = ["alaska", "greenland", "alberta", "ontario", "venezuela", "iceland", "ural"]
DESTROYED += ["southeast-asia"]
UPGRADED = [
    "madagascar",
    "mongolia",
    "irkutsk",
    "yakutsk",
    "kamchatka",
    "indonesia",
    "central-africa",
    "new-guinea",
]


def start(campaign, players):
    game = setup_game(
        campaign=campaign,
        seats=[{"player": players[p].pk, "faction": f, "hq": hq} for p, f, hq in SEATS],
    )
    return start_game(game=game)


def ending(number: int, players) -> dict:
    ada, boris, chloe = (players[p].pk for p, _, _ in SEATS)
    upgraded = UPGRADED[number - 1]
    return {
        "results": {ada: "won", boris: "held_on", chloe: "held_on"},
        "controlled": {boris: [upgraded], chloe: []},  # Chloe held nothing a reward goes on
        "winner_reward": {"kind": "destroy-card", "territory": DESTROYED[number - 1]},
        "held_on_rewards": {boris: {"kind": "upgrade-card", "territory": upgraded}},
    }


def play(campaign, players) -> None:
    game = start(campaign, players)
    give(game, players["Ada"], missiles=1)  # the same start in every game
    use_missiles(game=game, count=1, player=players["Ada"].pk)
    finish_game(game=game, **ending(game.number, players))


def count(action) -> tuple[int, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        action()
    return len(queries), [q["sql"] for q in queries.captured_queries]


def finishing_the_next_game(campaign, players) -> tuple[int, list[str]]:
    game = start(campaign, players)
    give(game, players["Ada"], missiles=1)  # the same start in every game
    use_missiles(game=game, count=1, player=players["Ada"].pk)
    return count(lambda: finish_game(game=game, **ending(game.number, players)))


def assert_same(early: tuple[int, list[str]], late: tuple[int, list[str]]) -> None:
    def shapes(queries):  # the statement without its values: which query ran how often
        return Counter(sql.split(" WHERE ")[0][:120] for sql in queries)

    grown = shapes(late[1]) - shapes(early[1])
    assert late[0] == early[0], f"{early[0]} queries became {late[0]}; more of: {dict(grown)}"


@pytest.fixture
def players(prepared_campaign):
    return {p.name: p for p in prepared_campaign.players.all()}


def test_finishing_a_game_takes_as_many_queries_in_game_six_as_in_game_two(
    prepared_campaign, players
):
    play(prepared_campaign, players)
    second = finishing_the_next_game(prepared_campaign, players)
    for _ in range(3):
        play(prepared_campaign, players)
    sixth = finishing_the_next_game(prepared_campaign, players)
    assert_same(second, sixth)
    assert second[0] < 80, "finishing a game should stay a few dozen queries"


def test_setting_up_a_game_takes_as_many_queries_late_as_early(prepared_campaign, players):
    play(prepared_campaign, players)
    early = count(lambda: start(prepared_campaign, players))
    finish_game(game=prepared_campaign.games.get(number=2), **ending(2, players))
    for _ in range(3):
        play(prepared_campaign, players)
    late = count(lambda: start(prepared_campaign, players))
    assert_same(early, late)


READS = {
    "the world now": lambda c: world_as_of(c),
    "the world after game 1": lambda c: world_as_of(c, 1),
    "faction card backs": faction_card_backs,
    "standings": standings,
    "packets to open": packets_to_open,
}


def test_reading_the_campaign_takes_as_many_queries_after_six_games_as_after_one(
    prepared_campaign, players
):
    play(prepared_campaign, players)
    after_one = {
        name: count(lambda r=read: r(prepared_campaign.pk)) for name, read in READS.items()
    }
    for _ in range(5):
        play(prepared_campaign, players)
    for name, read in READS.items():
        after_six = count(lambda r=read: r(prepared_campaign.pk))
        assert after_six[0] == after_one[name][0], f"{name}: {after_one[name][0]} -> {after_six[0]}"


def test_the_game_page_and_the_games_api_cost_the_same_after_two_entries_and_after_twenty(
    prepared_campaign, players, owner
):
    from django.test import Client

    from tests.support.api import client_for

    game = start(prepared_campaign, players)
    ada, boris = players["Ada"], players["Boris"]
    give(game, ada, missiles=5)
    page, api = Client(), client_for(owner)
    page.force_login(owner)
    urls = {
        "page": (page, f"/c/{prepared_campaign.pk}/games/1/"),
        "api": (api, f"/api/v1/campaigns/{prepared_campaign.pk}/games/1/"),
    }

    def costs():
        """Each read cold: nothing of the campaign drawn or replayed yet (``cache.clear``)."""
        out = {}
        for name, (client, url) in urls.items():
            cache.clear()
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            out[name] = (len(queries), [q["sql"] for q in queries.captured_queries])
        return out

    use_missiles(game=game, count=1, player=ada.pk)
    record_recruitment(game=game, player=boris.pk, troops=12)
    early = costs()
    for _ in range(4):
        use_missiles(game=game, count=1, player=ada.pk)
    for _ in range(14):
        record_recruitment(game=game, player=boris.pk, troops=12)
    entry = game.events.order_by("-seq").first()
    void_event(game=game, seq=entry.seq, reason="Counted twice")
    assert game.events.count() == 20
    late = costs()
    for name in urls:
        assert_same(early[name], late[name])


def test_once_the_packets_that_read_the_log_are_open_an_entry_reads_the_log_no_more(
    prepared_campaign, players
):
    from campaigns.game.packets import open_packet
    from campaigns.game.table import eliminate_faction

    play(prepared_campaign, players)
    game = start(prepared_campaign, players)
    boris = players["Boris"].pk

    def entry():  # the entry, and the packets it makes due
        return record_recruitment(game=game, player=boris, troops=12).packets_to_open

    sealed = count(entry)
    for packet in ("pocket-1", "pocket-2", "pack-4"):
        open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=prepared_campaign, packet=packet)
    # Pack 2 is still sealed: its trigger reads the log, and an elimination still fires it.
    assert count(entry)[0] == sealed[0] - 1
    fired = eliminate_faction(game=game, player=players["Chloe"].pk, can_rejoin=False)
    assert fired.packets_to_open == ["pack-2"]
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=prepared_campaign, packet="pack-2")
    opened = count(entry)
    assert opened[0] == sealed[0] - 3, "the seats, the entries and the marks go unread"
