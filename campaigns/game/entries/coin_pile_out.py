"""The coin-card pile ran out: the first time in a game, a red star to the player who controls
the most territories (nobody on a tie)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Said, Table, Written
from campaigns.game.entries.state import Step, coin_pile_winner
from campaigns.models import EventKind
from legacy.rules import table_rules


@dataclass(frozen=True)
class CoinPileOut:
    territories: Mapping[int, int] = fields.per_player(
        -1000, 1000, "Territories each player controls, by player id."
    )


def record(table: Table, params: CoinPileOut) -> Written:
    replayed = table.replayed
    assert replayed is not None
    seats = {s.player_id: s for s in table.seats}
    out = {s.player_id: s.player.name for s in table.seats if replayed.holdings[s.pk].out}
    counts = table_rules.coin_pile_counts(
        params.territories,
        seated=frozenset(seats),
        out=out,
        on_the_board=len(table.board().territories),
    )
    first = not table.game.events.standing().filter(kind=EventKind.COIN_PILE_OUT).exists()
    winner = coin_pile_winner(counts) if first else None
    return Written(
        {"territories": {str(k): v for k, v in counts.items()}, "red_star_to": winner},
        seat=seats.get(winner) if winner is not None else None,
        red_star_to=winner,
    )


def replay(step: Step) -> None:
    result = step.replay
    if not result.coin_pile_out:  # only the first time in a game gives a star
        winner = coin_pile_winner(step.data.get("territories"))
        star = step.seat_of_player.get(winner) if winner is not None else None
        if star is not None:
            result.holdings[star].red_stars += 1
    result.coin_pile_out = True


def words(said: Said) -> str:
    if said.data.get("red_star_to") and said.who:
        return _("a red star to %(who)s") % {"who": said.who}
    return _("no red star")


ENTRY = EntryKind(
    EventKind.COIN_PILE_OUT,
    words,
    params=CoinPileOut,
    record=record,
    replay=replay,
    marks=False,
    decisive=True,
    needs="territories are keyed by seated players",
    path="coin-pile-out",
    description="The coin-card pile ran out: the first time, a red star to the player with "
    "most territories.",
)
