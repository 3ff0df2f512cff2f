"""What a campaign brought in so far, as the bring-in page and the API read it: the games played
before Earthbook with their seats, the marks and packets the group entered, and the packets due
now. A fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaigns.audit_words.common import MARK_TYPE_LABELS, faction_words, territory_words
from campaigns.bring_in.marks import BOARD_MARK_TYPES
from campaigns.game.packets import packets_due
from campaigns.models import Campaign, Game, Seat
from campaigns.vocabulary import RemovedNote
from legacy import names
from legacy.corrections import TYPE_OF_MODEL
from legacy.models import (
    MARK_MODELS,
    AddedConnection,
    AddedTerritory,
    BonusChange,
    BroughtIn,
    City,
    FactionPower,
    Fortification,
    Mark,
    PacketOpening,
    Signature,
    WorldName,
)

# The marks a group brings in on the board (a signature comes with its game, the world's name
# with the games played).
LEFT_OUT = (Signature, WorldName, PacketOpening)


@dataclass(frozen=True)
class PastGame:
    number: int
    seats: list[Seat]  # the winner first, then the others as the group gave them

    @property
    def winner(self) -> Seat:
        return self.seats[0]


@dataclass
class BroughtSoFar:
    campaign: Campaign
    games: list[PastGame] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    packets: list[PacketOpening] = field(default_factory=list)
    due: list[str] = field(default_factory=list)

    @property
    def games_played(self) -> int | None:
        return self.campaign.brought_in_games

    @property
    def done(self) -> bool:
        return self.campaign.brought_in_done_at is not None

    @property
    def missing(self) -> list[int]:
        have = {g.number for g in self.games}
        return [n for n in range(1, (self.games_played or 0) + 1) if n not in have]


def mark_type(mark: Mark) -> str:
    """The mark's type as the marks' own addresses name it (``cities``, ``scars``...)."""
    board = {model: name for name, model in BOARD_MARK_TYPES.items()}
    return TYPE_OF_MODEL.get(type(mark)) or board[type(mark)]


def brought_so_far(campaign: Campaign) -> BroughtSoFar:
    games = Game.objects.filter(campaign=campaign, brought_in=True).order_by("number")
    seats: dict[int, list[Seat]] = {}
    for seat in (
        Seat.objects.filter(game__in=games).select_related("player").order_by("game_id", "order")
    ):
        seats.setdefault(seat.game_id, []).append(seat)
    marks: list[Mark] = []
    for model in MARK_MODELS:
        if model in LEFT_OUT:
            continue
        # A fortification is words with its city's territory: read with it, in the same query.
        manager = Fortification.objects.select_related("city") if model is Fortification else None
        rows = (manager or model.objects).filter(campaign=campaign, voided=False)
        rows = rows.exclude(brought_in=BroughtIn.PLAYED)
        if model is FactionPower:  # the starting power a faction did not keep goes with the other
            rows = rows.exclude(removed_note=RemovedNote.STARTING_POWER_NOT_CHOSEN)
        marks.extend(rows.order_by("placed_in_game", "pk"))
    packets = list(
        PacketOpening.objects.filter(campaign=campaign, voided=False)
        .exclude(brought_in=BroughtIn.PLAYED)
        .order_by("placed_in_game", "pk")
    )
    return BroughtSoFar(
        campaign=campaign,
        games=[PastGame(g.number, seats.get(g.pk, [])) for g in games],
        marks=marks,
        packets=packets,
        due=packets_due(campaign),
    )


def mark_territory(mark: Mark) -> str | None:
    """The territory a brought-in mark stands on (a fortification, its city's), if any."""
    if isinstance(mark, Fortification):
        return mark.city.territory
    return getattr(mark, "territory", None) or None


def on_territory(so_far: BroughtSoFar, slug: str) -> list[Mark]:
    """The marks brought in so far on one territory."""
    return [m for m in so_far.marks if mark_territory(m) == slug]


def mark_faction(mark: Mark) -> str | None:
    """The faction whose card a brought-in mark is on (a power, or a scar there), if any."""
    return getattr(mark, "faction", None) or None


def on_a_card(mark: Mark) -> bool:
    """Whether a brought-in mark is on a faction card: a power, or a scar there."""
    return mark_faction(mark) is not None


def mark_words(mark: Mark) -> str:
    """A brought-in mark in the reader's language: what it is, its name, where it is."""
    what = str(mark.get_kind_display() if isinstance(mark, City) else "")
    what = what or str(MARK_TYPE_LABELS.get(type(mark).__name__, ""))
    if isinstance(mark, AddedConnection):
        joined = f"{territory_words(mark.a)} – {territory_words(mark.b)}"
        return _("Connection added: %(joined)s") % {"joined": joined}
    if isinstance(mark, AddedTerritory):
        what = _("territory added")
    name = getattr(mark, "name", "")
    if isinstance(mark, FactionPower):
        what = _("starting power kept") if mark.slot == "starting" else _("faction power")
        name = names.power(mark.faction, mark.code, mark.name, mark.text, get_language())[0]
        if mark.removed_in_game is not None and mark.removed_reason == "covered":
            name = _("%(name)s (covered in game %(game)d)") % {
                "name": name,
                "game": mark.removed_in_game,
            }
    parts = [what[:1].upper() + what[1:]]
    if name:
        parts.append(name)
    if isinstance(mark, BonusChange):
        parts.append(f"{mark.delta:+d}".replace("-", "−"))
    if isinstance(mark, Fortification):
        parts.append(_("%(n)d of 10 boxes marked") % {"n": mark.boxes_used})
    territory = mark_territory(mark)
    continent = getattr(mark, "continent", None)
    faction = mark_faction(mark)
    if territory:
        parts.append(territory_words(territory))
    elif continent:
        parts.append(names.continent(continent, get_language()))
    elif faction:
        parts.append(faction_words(faction))
    return ", ".join(parts)
