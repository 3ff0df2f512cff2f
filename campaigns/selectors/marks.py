"""The world's marks as the doors read them row by row (the world as a whole is
``legacy.selectors.world_as_of``): one mark of any type and its corrections, the signatures and
the world's name, the powers and coins placed before the first game, the faction cards' powers
and scars, the scar types.

Each function is the one read the pages or the API make, in the same number of queries.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from legacy.box import FACTIONS
from legacy.models import (
    CoinSticker,
    Correction,
    FactionPower,
    Fortification,
    MarkKind,
    OtherMark,
    Scar,
    ScarKind,
    Signature,
    WorldName,
)
from legacy.models.mark import Mark
from legacy.selectors import NOW

# What a mark of each type is read with: the kind of a scar or other mark, a fortification's city.
RELATED: dict[type, tuple[str, ...]] = {
    Scar: ("kind",),
    OtherMark: ("kind",),
    Fortification: ("city",),
}


def no_marks(model: type[Mark]) -> QuerySet:
    """No mark at all: what a listing view describes itself by."""
    return model.objects.none()


def marks(model: type[Mark], campaign_id: int) -> QuerySet:
    """Every mark of one type, with what it is read with."""
    return model.objects.filter(campaign_id=campaign_id).select_related(*RELATED.get(model, ()))


def mark(model: type[Mark], campaign_id: int, mark_id: int, *, related: bool = True):
    """One mark of the campaign (with what it is read with, unless not ``related``)."""
    found = model.objects.filter(campaign_id=campaign_id, pk=mark_id)
    if related:
        found = found.select_related(*RELATED.get(model, ()))
    return found.first()


def mark_exists(model: type[Mark], campaign_id: int, mark_id: int) -> bool:
    return model.objects.filter(campaign_id=campaign_id, pk=mark_id).exists()


def mark_afresh(model: type[Mark], mark_id: int):
    """A mark read again after a change, with what it is read with."""
    return model.objects.select_related(*RELATED.get(model, ())).get(pk=mark_id)


def corrections_of(model: type[Mark], campaign_id: int, mark_id: int) -> QuerySet[Correction]:
    """The corrections that voided the mark or added it."""
    return Correction.objects.filter(campaign_id=campaign_id, mark_type=model.__name__).filter(
        Q(voided_id=mark_id) | Q(added_id=mark_id)
    )


def signatures_now(campaign_id: int) -> list[Signature]:
    """The winners' lines as they stand, line by line."""
    return list(Signature.objects.filter(campaign_id=campaign_id).as_of(NOW).order_by("line"))


def signatures(campaign_id: int) -> list[Signature]:
    """The signatures that count."""
    return list(Signature.objects.filter(campaign_id=campaign_id, voided=False))


def slogans(campaign_id: int) -> dict[int, str]:
    """The winner's slogan of each game that has one, by game number."""
    return dict(
        Signature.objects.filter(campaign_id=campaign_id, voided=False).values_list(
            "placed_in_game", "slogan"
        )
    )


def signature_of(campaign_id: int, number: int) -> Signature | None:
    """The signature placed at the end of game ``number``."""
    return Signature.objects.filter(
        campaign_id=campaign_id, placed_in_game=number, voided=False
    ).first()


def world_name_now(campaign_id: int) -> WorldName | None:
    return WorldName.objects.filter(campaign_id=campaign_id).as_of(NOW).first()


def world_name(campaign_id: int) -> str | None:
    """The world's name, if it has one."""
    found = WorldName.objects.filter(campaign_id=campaign_id).current()
    return found.values_list("name", flat=True).first()


def before_the_first_game(campaign_id: int) -> tuple[list[FactionPower], list[CoinSticker]]:
    """The powers chosen and the coin stickers placed before the first game."""
    powers = FactionPower.objects.filter(campaign_id=campaign_id, placed_in_game=0, voided=False)
    coins = CoinSticker.objects.filter(campaign_id=campaign_id, placed_in_game=0, voided=False)
    return list(powers), list(coins)


def starting_powers_kept(campaign_id: int) -> list[FactionPower]:
    """The starting power each faction of the box kept, brought in before the first game's
    page was used, in the box's order of the factions."""
    order = {f.slug: i for i, f in enumerate(FACTIONS)}
    kept = FactionPower.objects.current().filter(
        campaign_id=campaign_id, slot="starting", code__in=("a", "b"), faction__in=list(order)
    )
    return sorted(kept, key=lambda p: order[p.faction])


def powers_placed(campaign_id: int, game: int | None = None) -> list[FactionPower]:
    """Every power placed (by the end of ``game``, when given), covered or destroyed ones too,
    in the order placed."""
    placed = FactionPower.objects.filter(campaign_id=campaign_id, voided=False)
    if game is not None:
        placed = placed.filter(placed_in_game__lte=game)
    return list(placed.order_by("placed_in_game", "id"))


def faction_scars(campaign_id: int, game: int | None = None) -> list[Scar]:
    """The scars on the faction cards, now or as of ``game``, each with its kind."""
    found = Scar.objects.filter(campaign_id=campaign_id, faction__isnull=False)
    found = found.current() if game is None else found.as_of(game)
    return list(found.select_related("kind"))


def scar_kinds(campaign_id: int) -> list[ScarKind]:
    """The campaign's scar types, in the order they were entered."""
    return list(ScarKind.objects.filter(campaign_id=campaign_id).order_by("id"))


def mark_kinds(campaign_id: int) -> list[MarkKind]:
    """The kinds of mark the group unlocked, in the order they were entered."""
    return list(MarkKind.objects.filter(campaign_id=campaign_id).order_by("id"))


def has_scar_kind(campaign_id: int, slug: str) -> bool:
    return ScarKind.objects.filter(campaign_id=campaign_id, slug=slug).exists()
