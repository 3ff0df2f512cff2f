"""The history of a campaign's marks: every mark, placed, covered, voided or corrected, as lines.

A read model the pages and the API may share: a fixed number of queries whatever the number of
games. The reader's words it needs (names in the reader's language, the label of a city or of a
removal) are given by the door that shows the history (``HistoryWords``), so this module imports
neither door; the placeholders for what the campaign hides are the campaign's own words
(``campaigns.vocabulary``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from django.utils.translation import gettext as _

from campaigns.game import derived, sealed
from campaigns.reasons import correction_reason, removed_note_words
from campaigns.selectors import packets
from campaigns.vocabulary import HIDDEN, UNLOCKED_FACTION
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG
from legacy.corrections import TYPE_OF_MODEL
from legacy.models import (
    BonusChange,
    BroughtIn,
    City,
    CityKind,
    CoinSticker,
    ContinentName,
    Correction,
    DestroyedCard,
    FactionPower,
    Fortification,
    OtherMark,
    PacketOpening,
    Scar,
    ScarKind,
    Signature,
    WorldName,
)


@dataclass(frozen=True)
class HistoryWords:
    """The reader's words for a history, given by the page or the API that shows it."""

    territory_name: Callable[[str | None], str]
    continent_name: Callable[[str | None], str]
    faction_name: Callable[[str | None], str]
    power_name: Callable[[FactionPower], str]  # a power's name on its faction card
    packet_name: Callable[[str], str]
    scar_kind_name: Callable[[ScarKind], str]


MARK_TYPE_OF_NAME = {model.__name__: slug for model, slug in TYPE_OF_MODEL.items()}


@dataclass
class MarkLine:
    """One mark, described for people: what, where, when placed, and when and why it stopped."""

    model: str
    pk: int
    text: str
    where: str  # territory slug, or "" for a mark elsewhere (a continent, a card, the board)
    placed_in_game: int
    placed_by: str = ""
    removed_in_game: int | None = None
    removed_reason: str = ""
    removed_note: str = ""
    voided: bool = False
    correction: str = ""  # why it was voided or corrected, if a correction says
    where_name: str = ""  # the territory's name for the reader
    # Brought in from before Earthbook: "" (entered at the table), "known", or "unknown" (its
    # game not known: it stands in the last brought-in game). ``brought_in_words`` says it.
    brought_in: str = ""

    @property
    def brought_in_words(self) -> str:
        return str(BroughtIn(self.brought_in).label) if self.brought_in else ""

    @property
    def type_slug(self) -> str:
        """The type's name in the mark's own address (``legacy.corrections.MARK_TYPES``)."""
        return MARK_TYPE_OF_NAME[self.model]

    @property
    def status(self) -> str:
        if self.voided:
            return "voided"
        if self.removed_in_game is not None:
            return "removed"
        return "counts"


class MarkHistory:
    """Every mark of a campaign (or of one territory), in a fixed number of queries."""

    def __init__(
        self,
        campaign_id: int,
        players: dict[int, str],
        *,
        sees_unlocked: bool,
        words: HistoryWords,
        territory: str | None = None,
    ):
        self.campaign_id = campaign_id
        self.players = players
        self.sees_unlocked = sees_unlocked
        self.territory = territory
        self.words = words

    @cached_property
    def _unlocked_factions(self) -> dict[str, str]:
        """The names of the factions the group unlocked (read once, when a mark needs one)."""
        found = derived.unlocked_factions(self.campaign_id).values_list("slug", "name")
        if not self.sees_unlocked:
            return {slug: str(UNLOCKED_FACTION) for slug, _name in found}
        return dict(found)

    def _faction(self, slug: str) -> str:
        if slug in FACTION_BY_SLUG:
            return self.words.faction_name(slug)
        return self._unlocked_factions.get(slug, slug)

    @cached_property
    def _own_components(self):
        """The group's own sealed components this reader may read the names of, by slug."""
        return sealed.names_by_slug(sealed.own_components(self.campaign_id, self.sees_unlocked))

    @cached_property
    def _early(self) -> dict[str, str]:
        """Why packets were opened early, for a reader who reads what they unlocked."""
        return packets.early_reasons(self.campaign_id) if self.sees_unlocked else {}

    def _opened(self, opening: PacketOpening) -> str:
        """A packet opened: a box packet by its name; one of the group's own components by the
        name and the trigger the group entered, unless the campaign hides them from the reader."""
        own = None if opening.packet in PACKET_BY_SLUG else self._own_components.get(opening.packet)
        if own is None:
            said = _("%(packet)s opened") % {"packet": self.words.packet_name(opening.packet)}
            early = self._early.get(opening.packet)
            if early:
                said += " (" + _("opened early: %(why)s") % {"why": early} + ")"
            return said
        return _("Sealed component %(name)s opened (%(trigger)s)") % {
            "name": own.name,
            "trigger": opening.trigger or own.trigger,
        }

    def _qs(self, model, **extra):
        qs = model.objects.filter(campaign_id=self.campaign_id, **extra)
        return qs.order_by("placed_in_game", "id")

    def _line(self, mark, text: str, where: str = "") -> MarkLine:
        return MarkLine(
            model=type(mark).__name__,
            pk=mark.pk,
            text=text,
            where=where,
            where_name=self.words.territory_name(where),
            placed_in_game=mark.placed_in_game,
            placed_by=self.players.get(mark.placed_by_id, ""),
            removed_in_game=mark.removed_in_game,
            removed_reason=str(mark.get_removed_reason_display()),
            removed_note=removed_note_words(mark.removed_note),
            voided=mark.voided,
            brought_in=mark.brought_in,
        )

    @cached_property
    def lines(self) -> list[MarkLine]:
        out: list[MarkLine] = []
        t = self.territory
        where = {"territory": t} if t else {}
        for c in self._qs(City, **where):
            # A World Capital is unlocked content: an ordinary city to a reader it is hidden from
            # (``campaigns.hiding.world_as_read``).
            kind = c.kind if self.sees_unlocked or c.kind != CityKind.CAPITAL else CityKind.MINOR
            text = _("%(kind)s %(name)s founded") % {
                "kind": CityKind(kind).label,
                "name": c.name,
            }
            out.append(self._line(c, text[:1].upper() + text[1:], c.territory))
        for s in self._qs(Scar, **where).select_related("kind"):
            name = (
                self.words.scar_kind_name(s.kind)
                if (s.kind.base or self.sees_unlocked)
                else str(HIDDEN)
            )
            if s.territory:
                out.append(self._line(s, _("Scar: %(name)s") % {"name": name}, s.territory))
            elif not t:
                text = _("%(faction)s card: scar %(name)s") % {
                    "name": name,
                    "faction": self._faction(s.faction),
                }
                out.append(self._line(s, text))
        forts = self._qs(Fortification, **({"city__territory": t} if t else {}))
        for f in forts.select_related("city"):
            text = _("%(city)s fortified (%(used)s of 10 boxes marked)") % {
                "city": f.city.name,
                "used": f.boxes_used,
            }
            out.append(self._line(f, text, f.city.territory))
        for c in self._qs(CoinSticker, **where):
            text = _("Coin sticker: the card is worth %(n)s coins") % {"n": c.coins_after}
            out.append(self._line(c, text, c.territory))
        for d in self._qs(DestroyedCard, **where):
            out.append(self._line(d, _("Territory card destroyed"), d.territory))
        others = self._qs(OtherMark, **where).select_related("kind")
        for o in others:
            if t is None or o.territory:
                name = o.kind.name if self.sees_unlocked else str(HIDDEN)
                text = f"{name}{': ' + o.label if o.label and self.sees_unlocked else ''}"
                if o.faction:  # a mark on a faction card says which card
                    text = _("%(faction)s card: %(mark)s") % {
                        "faction": self.words.faction_name(o.faction),
                        "mark": text,
                    }
                out.append(self._line(o, text, o.territory or ""))
        if not t:
            for n in self._qs(ContinentName):
                text = _("%(continent)s named %(name)s") % {
                    "continent": self.words.continent_name(n.continent),
                    "name": n.name,
                }
                out.append(self._line(n, text))
            for b in self._qs(BonusChange):
                text = _("%(continent)s bonus %(delta)+d") % {
                    "continent": self.words.continent_name(b.continent),
                    "delta": b.delta,
                }
                out.append(self._line(b, text))
            for p in self._qs(FactionPower):
                hidden = not self.sees_unlocked and (
                    p.unlocked_by_id is not None or p.slot != "starting"
                )
                text = _("%(faction)s card: power %(name)s") % {
                    "faction": self._faction(p.faction),
                    "name": str(HIDDEN) if hidden else self.words.power_name(p),
                }
                out.append(self._line(p, text))
            for o in self._qs(PacketOpening):
                out.append(self._line(o, self._opened(o)))
            for s in self._qs(Signature):
                text = _("Line %(line)s of the winners' section signed by %(name)s") % {
                    "line": s.line,
                    "name": s.name,
                }
                if s.slogan:
                    text += f": “{s.slogan}”"
                out.append(self._line(s, text))
            for w in self._qs(WorldName):
                out.append(self._line(w, _("The World of %(name)s") % {"name": w.name}))
        corrections = Correction.objects.filter(campaign_id=self.campaign_id).order_by("made_at")
        why = {(c.mark_type, c.voided_id): correction_reason(c) for c in corrections if c.voided_id}
        for line in out:
            line.correction = why.get((line.model, line.pk), "")
        out.sort(key=lambda m: (m.placed_in_game, m.model, m.pk))
        return out

    def by_game(self) -> dict[int, list[MarkLine]]:
        games: dict[int, list[MarkLine]] = defaultdict(list)
        for line in self.lines:
            games[line.placed_in_game].append(line)
        return games

    def removed_by_game(self) -> dict[int, list[MarkLine]]:
        games: dict[int, list[MarkLine]] = defaultdict(list)
        for line in self.lines:
            if line.removed_in_game is not None and not line.voided:
                games[line.removed_in_game].append(line)
        return games
