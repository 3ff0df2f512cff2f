"""What the campaign's history says of each faction, as of any game: which have won, how often,
in which games, and on which continent each started (in every game it played, and in the games
it won). Sealed setup rules that read a faction's past are applied from this, not by counting
the card backs by hand.

Read off the seats of finished games (as ``campaigns.selectors.standings`` counts them), in one
query.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from campaigns.models import GameStatus, Result, Seat
from legacy.board import TERRITORY_BY_SLUG
from legacy.models import AddedTerritory


def continent_of(hq: str, added: Mapping[str, str] | None = None) -> str:
    """The continent a starting territory lies on: a printed one's, or one a packet added
    (``added``: slug to continent); "" for a territory the board does not have."""
    found = TERRITORY_BY_SLUG.get(hq)
    if found is not None:
        return found.continent
    return (added or {}).get(hq, "")


@dataclass
class Start:
    game: int
    player: str
    hq: str
    continent: str
    result: str


@dataclass
class FactionPast:
    faction: str
    starts: list[Start] = field(default_factory=list)

    @property
    def played(self) -> int:
        return len(self.starts)

    @property
    def won_in(self) -> list[int]:
        return [s.game for s in self.starts if s.result == Result.WON]

    @property
    def wins(self) -> int:
        return len(self.won_in)

    @property
    def continents(self) -> dict[str, int]:
        """Games started on each continent, most first."""
        return dict(Counter(s.continent for s in self.starts).most_common())

    @property
    def won_from(self) -> dict[str, int]:
        """Games won after starting on each continent, most first."""
        won = (s.continent for s in self.starts if s.result == Result.WON)
        return dict(Counter(won).most_common())


def faction_past(campaign_id: int, as_of_game: int | None = None) -> list[FactionPast]:
    """Every faction that played a finished game (up to ``as_of_game``), most wins first, then
    most games played, then by slug."""
    rows = Seat.objects.filter(game__campaign_id=campaign_id, game__status=GameStatus.FINISHED)
    if as_of_game is not None:
        rows = rows.filter(game__number__lte=as_of_game)
    found: dict[str, FactionPast] = {}
    added: dict[str, str] | None = None  # read once, when an HQ is on a territory a packet added
    for game, player, faction, hq, result in rows.order_by("game__number").values_list(
        "game__number", "player__name", "faction", "hq", "result"
    ):
        if hq not in TERRITORY_BY_SLUG and added is None:
            added = dict(
                AddedTerritory.objects.filter(campaign_id=campaign_id, voided=False).values_list(
                    "slug", "continent"
                )
            )
        past = found.setdefault(faction, FactionPast(faction))
        past.starts.append(Start(game, player, hq, continent_of(hq, added), result))
    return sorted(found.values(), key=lambda p: (-p.wins, -p.played, p.faction))
