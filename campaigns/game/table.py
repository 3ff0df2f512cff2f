"""During the game: what the table logs as it plays (scars, missiles, recruitments, red stars,
eliminations and rejoins, HQs taken, the coin pile running out). Each entry is a row of the
game's log, and tells which sealed packets its triggers made due.

Each kind of entry is a module of ``campaigns.game.entries``, recorded by
``entries.recording.record_entry``; the functions here are its callers' short ways in, by
keywords. Entries about what stands on a territory are in ``territory_entries``; taking an entry
back is ``taking_back``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from campaigns.game.common import EventResult
from campaigns.game.entries.coin_pile_out import CoinPileOut
from campaigns.game.entries.eliminated import Eliminated
from campaigns.game.entries.hq_taken import HqTaken
from campaigns.game.entries.missiles import Missiles
from campaigns.game.entries.recording import (
    at_war,
    board_of,
    entry_service,
    in_the_war,
    record_entry,
    with_triggers,
)
from campaigns.game.entries.recruitment import Recruitment
from campaigns.game.entries.red_star_bought import RedStarBought
from campaigns.game.entries.rejoined import Rejoined
from campaigns.game.entries.scar_placed import ScarPlaced
from campaigns.models import EventKind, Game

__all__ = ["at_war", "board_of", "entry_service", "in_the_war", "record_entry", "with_triggers"]


def place_scar(
    *,
    game: Game,
    scar: str,
    territory: str | None = None,
    faction: str | None = None,
    player: int | None = None,
    without_card: bool = False,
    reason: str = "",
    by=None,
) -> EventResult:
    """A scar from the scar card a seat holds (``entries.scar_placed``)."""
    params = ScarPlaced(scar, territory, faction, player, without_card, reason)
    return record_entry(EventKind.SCAR_PLACED, game=game, params=params, by=by)


def use_missiles(
    *,
    game: Game,
    count: int,
    player: int,
    roll: int | None = None,
    new_roll: bool = False,
    by=None,
) -> EventResult:
    """Missiles a seat plays on one roll (``entries.missiles``)."""
    params = Missiles(count, player, roll, new_roll)
    return record_entry(EventKind.MISSILES, game=game, params=params, by=by)


def record_recruitment(*, game: Game, player: int, troops: int, by=None) -> EventResult:
    """A big recruitment (``entries.recruitment``)."""
    params = Recruitment(player, troops)
    return record_entry(EventKind.RECRUITMENT, game=game, params=params, by=by)


def buy_red_star(*, game: Game, player: int, by=None) -> EventResult:
    """A red star bought with 4 cards (``entries.red_star_bought``)."""
    params = RedStarBought(player)
    return record_entry(EventKind.RED_STAR_BOUGHT, game=game, params=params, by=by)


def eliminate_faction(
    *, game: Game, player: int, can_rejoin: bool, no_legal_start: bool = False, by=None
) -> EventResult:
    """A faction wiped out, or eliminated (``entries.eliminated``)."""
    params = Eliminated(player, can_rejoin, no_legal_start)
    return record_entry(EventKind.ELIMINATED, game=game, params=params, by=by)


def rejoin_faction(
    *, game: Game, player: int, territory: str, occupied: Iterable[str] = (), by=None
) -> EventResult:
    """A wiped-out faction joins the war again (``entries.rejoined``)."""
    params = Rejoined(player, territory, occupied)
    return record_entry(EventKind.REJOINED, game=game, params=params, by=by)


def take_hq(*, game: Game, player: int, hq_of: int, by=None) -> EventResult:
    """An HQ taken or retaken (``entries.hq_taken``)."""
    params = HqTaken(player, hq_of)
    return record_entry(EventKind.HQ_TAKEN, game=game, params=params, by=by)


def coin_pile_out(*, game: Game, territories: Mapping[int, int], by=None) -> EventResult:
    """The coin-card pile ran out (``entries.coin_pile_out``)."""
    params = CoinPileOut(territories)
    return record_entry(EventKind.COIN_PILE_OUT, game=game, params=params, by=by)
