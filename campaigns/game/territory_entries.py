"""During the game, entries about what stands on a territory: a World Capital founded, a mark
of a kind the group unlocked, a city destroyed, a fortification's box marked after an attack.

Each is a module of ``campaigns.game.entries``; these are their callers' short ways in.
"""

from __future__ import annotations

from campaigns.game.common import EventResult
from campaigns.game.entries.capital_founded import CapitalFounded
from campaigns.game.entries.city_destroyed import CityDestroyed
from campaigns.game.entries.fort_attacked import FortAttacked
from campaigns.game.entries.mark_placed import MarkPlaced
from campaigns.game.entries.recording import record_entry
from campaigns.models import EventKind, Game


def found_capital(
    *, game: Game, territory: str, name: str, player: int | None = None, by=None
) -> EventResult:
    """A World Capital founded during the game (``entries.capital_founded``)."""
    params = CapitalFounded(territory, name, player)
    return record_entry(EventKind.WORLD_CAPITAL_FOUNDED, game=game, params=params, by=by)


def place_mark(
    *,
    game: Game,
    kind: str,
    territory: str | None = None,
    faction: str | None = None,
    label: str = "",
    player: int | None = None,
    by=None,
) -> EventResult:
    """A mark of a kind the group unlocked (``entries.mark_placed``)."""
    params = MarkPlaced(kind, territory, faction, label, player)
    return record_entry(EventKind.MARK_PLACED, game=game, params=params, by=by)


def destroy_city(*, game: Game, territory: str, by=None) -> EventResult:
    """A city destroyed by unlocked content (``entries.city_destroyed``)."""
    params = CityDestroyed(territory)
    return record_entry(EventKind.CITY_DESTROYED, game=game, params=params, by=by)


def attack_fortification(
    *, game: Game, territory: str, player: int | None = None, by=None
) -> EventResult:
    """A box of a fortification marked after a 3-troop attack (``entries.fort_attacked``)."""
    params = FortAttacked(territory, player)
    return record_entry(EventKind.FORTIFICATION_ATTACKED, game=game, params=params, by=by)
