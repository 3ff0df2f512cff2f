"""The rules of the table, as pure functions: what may be entered in a game's log while it is
played (a scar, missiles on a roll, a recruitment, a red star, a faction out and back, the coin
pile running out, a mark, a destroyed city, a box of a fortification, an entry taken back).

Each function takes the facts a service gathered (plain values and frozen dataclasses) and
returns what the entry means, or raises ``RuleViolation`` with the refusal the players read.
Nothing here reads or writes the database; the services lock, gather, ask, write and log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from legacy import board
from legacy.box import FORTIFICATION_BOXES
from legacy.errors import RuleViolation
from legacy.refusals import TableRule, gettext_noop
from legacy.rules.reasons import reason_in_words
from legacy.words import Words

MAX_MISSILES_PER_ROLL = 5  # a roll has at most 5 dice
MAX_TROOPS_RECRUITED = 1000
TERRITORIES_ON_THE_BOARD = 42


def require_territory(
    territory: str | None, *, field: str = "territory", on: board.Board = board.BOX
) -> str:
    """The territory's name on the board ``on`` (the campaign's board as of the game: the box's
    territories and those packets added by then); a slug that board does not have is refused,
    a territory added in a later game as much as one that never existed."""
    if territory is None or not on.has(territory):
        raise RuleViolation(TableRule.UNKNOWN_TERRITORY, field=field, territory=repr(territory))
    return on.name(territory)


def require_faction(faction: str | None, factions: Mapping[str, str]) -> str:
    """The faction's name in this campaign (``factions``: slug to name); an unknown one is
    refused."""
    if faction is None or faction not in factions:
        raise RuleViolation(TableRule.UNKNOWN_FACTION, field="faction", faction=repr(faction))
    return factions[faction]


# --- Scars --------------------------------------------------------------------------------------

# Where a type of scar goes, in the words of the refusal of another place.
ON_A_TERRITORY = Words(gettext_noop("onto a territory"))
ON_A_FACTION_CARD = Words(gettext_noop("onto a faction card"))


@dataclass(frozen=True)
class ScarType:
    """A type of scar the campaign has: from the box or unlocked."""

    slug: str
    name: str
    on_faction_card: bool = False
    cards: int = 0  # scar cards of this type in the box: at most that many are ever played


@dataclass(frozen=True)
class ScarSpot:
    """Where a scar is asked to go, and what the board holds there now."""

    territory: str | None = None
    faction: str | None = None
    territory_scarred: bool = False  # a scar counts on that territory now
    faction_scarred: bool = False  # a scar counts on that faction card now
    hq_there: bool = False  # an HQ of this game stands on that territory


@dataclass(frozen=True)
class ScarCardHolder:
    """The seat that plays a scar card, and the card it holds (from its holdings)."""

    name: str
    scar_cards: int  # unplayed scar cards: 0 or 1
    scar_card_kind: str = ""  # the card's type, when the table said which


def scar_place(
    kind: ScarType | None,
    spot: ScarSpot,
    *,
    asked: str,
    factions: Mapping[str, str],
    on: board.Board = board.BOX,
    scars_on_hqs: bool = True,
) -> str:
    """Where the scar goes, in words ("Egypt", "the Khan Industries card"), once the place is
    legal: a known type, on one territory or one faction card as its type says, and no scar
    there already (one per territory, one per faction card). ``asked`` is the type's slug as
    given; ``factions`` the campaign's factions, slug to name; ``on`` the board as of the game.
    ``scars_on_hqs``: the campaign's reading of an open point. The rulebook sets no limit on a
    scar where an HQ stands (the default); a group may refuse it."""
    if kind is None:
        raise RuleViolation(TableRule.UNKNOWN_SCAR, field="scar", scar=repr(asked))
    territory, faction = spot.territory, spot.faction
    place = ON_A_FACTION_CARD if kind.on_faction_card else ON_A_TERRITORY
    if (territory is None) == (faction is None):
        raise RuleViolation(TableRule.SCAR_PLACE, field="territory", scar=kind.name, place=place)
    if kind.on_faction_card and faction is None:
        raise RuleViolation(TableRule.SCAR_PLACE, field="faction", scar=kind.name, place=place)
    if not kind.on_faction_card and territory is None:
        raise RuleViolation(TableRule.SCAR_PLACE, field="territory", scar=kind.name, place=place)
    if territory is not None:
        name = require_territory(territory, on=on)
        if spot.territory_scarred:
            raise RuleViolation(TableRule.ONE_SCAR_PER_TERRITORY, field="territory", territory=name)
        if spot.hq_there and not scars_on_hqs:
            raise RuleViolation(TableRule.SCAR_ON_AN_HQ, field="territory", territory=name)
        return name
    faction_name = require_faction(faction, factions)
    if spot.faction_scarred:
        raise RuleViolation(
            TableRule.ONE_SCAR_PER_FACTION_CARD, field="faction", faction=faction_name
        )
    return f"the {faction_name} card"


def scar_card_played(
    kind: ScarType,
    *,
    without_card: bool,
    reason: str,
    game_number: int,
    scar_cards_dealt: bool,
    holder: ScarCardHolder | None,
    played: int,
) -> None:
    """Refuse a scar its card (or its reason) does not allow.

    With a card: scar cards were dealt this game, someone plays it, and they still hold an
    unplayed card of this type. Without one: a rule of unlocked content places it, and the
    entry says which; a seat that has played its one scar card this game places no second
    scar that way. Either way, no more scars of a type than the box has cards of it
    (``played``: those on the board, covered or not)."""
    if without_card:
        if not reason.strip():
            raise RuleViolation(TableRule.SCAR_WITHOUT_CARD_REASON, field="reason")
        reason_in_words(reason, rule=TableRule.SCAR_WITHOUT_CARD_IN_WORDS, field="reason")
        if scar_cards_dealt and holder is not None and not holder.scar_cards:
            # One scar card each, played once: "without a card" is for a scar another rule
            # places, not a second card.
            raise RuleViolation(
                TableRule.ONE_SCAR_CARD_EACH, field="without_card", player=holder.name
            )
    else:
        if not scar_cards_dealt:
            raise RuleViolation(TableRule.NO_SCAR_CARDS_THIS_GAME, field="scar", game=game_number)
        if holder is None:
            raise RuleViolation(TableRule.SCAR_CARD_HOLDER, field="player")
        if not holder.scar_cards:
            raise RuleViolation(TableRule.SCAR_CARD_HELD, field="player", player=holder.name)
        if holder.scar_card_kind and holder.scar_card_kind != kind.slug:
            raise RuleViolation(
                TableRule.SCAR_CARD_KIND, field="scar", player=holder.name, scar=kind.name
            )
    if played >= kind.cards:
        raise RuleViolation(TableRule.STOCK_EMPTY, field="scar", count=kind.cards, scar=kind.name)


# --- Missiles, recruitment, red stars -----------------------------------------------------------


def missiles_count(count: int) -> None:
    """A roll has at most 5 dice, so 1 to 5 missiles are played on it."""
    if not 1 <= count <= MAX_MISSILES_PER_ROLL:
        raise RuleViolation(TableRule.MISSILES_PER_ROLL, field="count")


def missiles_held(name: str, *, held: int, count: int) -> None:
    """A seat plays only missiles it holds."""
    if held < count:
        raise RuleViolation(
            TableRule.MISSILES_HELD, field="count", player=name, held=held, count=count
        )


def missiles_on_a_roll(*, entry: int, found: bool, already: int, count: int) -> None:
    """Missiles added to a roll that has some already: ``entry`` must be a roll with missiles on
    it (``found``), and the roll takes no more than 5 in all."""
    if not found:
        raise RuleViolation(TableRule.MISSILE_ROLL, field="roll", entry=entry)
    if already + count > MAX_MISSILES_PER_ROLL:
        raise RuleViolation(TableRule.MISSILES_PER_ROLL, field="count")


def troops_recruited(troops: int) -> None:
    """A recruitment is entered as 0 to 1000 troops."""
    if troops < 0 or troops > MAX_TROOPS_RECRUITED:
        raise RuleViolation(TableRule.TROOPS, field="troops", most=MAX_TROOPS_RECRUITED)


def red_star_bought(name: str, *, out: bool, red_stars: int = 0) -> None:
    """A seat out of the war has no turn, so buys no red star; and nobody buys a red star past
    the fourth (the fourth wins at once). ``red_stars``: the seat's count before buying
    (``red_stars_counted``)."""
    if out:
        raise RuleViolation(TableRule.ALREADY_OUT, conflict=True, player=name)
    if red_stars >= RED_STARS_TO_WIN:
        raise RuleViolation(TableRule.RED_STARS_FOUR, conflict=True, player=name, count=red_stars)


# How a faction is out of the war, in the words of the refusal of its entries.
ELIMINATED_WORDS = Words(gettext_noop("was eliminated from this game"))
WIPED_OUT_WORDS = Words(gettext_noop("is wiped out and not back until it rejoins"))
OUT_WORDS = Words(gettext_noop("is out of the war"))


# --- Red stars, HQs and the end of the war ------------------------------------------------------

RED_STARS_TO_WIN = 4  # a player who has 4 red stars wins at once
RED_STARS = "red-stars"  # how a game was decided: 4 red stars...
LAST_STANDING = "last-standing"  # ...or every other faction eliminated
# How a war was won, in the words of the refusal that says it is over.
HOW_WON = {
    RED_STARS: Words(gettext_noop("4 red stars")),
    LAST_STANDING: Words(gettext_noop("the last faction standing")),
}


def red_stars_counted(*, tokens: int, hqs: int, on_the_board: int = 0) -> int:
    """A player's red stars as the box counts them: each HQ they control (their own included)
    counts as a red star, and each red star token they hold. ``on_the_board``: the other red
    stars on the board they hold ("Общая сумма красных звезд игрока равна числу Красных Звезд,
    которые он контролирует на доске, плюс число красных жетонов звезд")."""
    return max(0, tokens) + max(0, hqs) + max(0, on_the_board)


def decided_winner(red_stars: Mapping[int, int], out: Mapping[int, bool]) -> tuple[int, str] | None:
    """Whether the war is over, and who won it: "Вы побеждаете сразу же, когда вы будите первым
    игроком у которого есть 4 Красные Звезды или если все остальные игроки выбывают." The first
    seat (in the order given) with 4 red stars, or the last faction standing the moment every
    other one is out of the war (``last_standing``). None while the war goes on. ``red_stars``
    and ``out`` are by seat."""
    for seat, stars in red_stars.items():
        if stars >= RED_STARS_TO_WIN and not out.get(seat, False):
            return seat, RED_STARS
    standing = last_standing(list(red_stars), out)
    return (standing, LAST_STANDING) if standing is not None else None


def last_standing(seats: Sequence[int], out: Mapping[int, bool]) -> int | None:
    """The last faction standing, once every other one is out of the war: wiped out, even one
    that could rejoin later, or eliminated. It wins at once, so the game ends before a wiped-out
    faction could join the war again. None while two or more stand (or a game of one seat)."""
    standing = [seat for seat in seats if not out.get(seat, False)]
    return standing[0] if len(seats) > 1 and len(standing) == 1 else None


def war_goes_on(
    game_number: int,
    *,
    winner: str | None,
    how: str = "",
    entry: int | None,
    rejoining: bool = False,
) -> None:
    """Once a player has won (``winner``, by entry ``entry``), the war is over: the table
    enters nothing more but the end of the game (or takes the winning entry back). A faction
    wiped out that would join the war again (``rejoining``) after the last one standing won is
    refused by that rule: the game ended before it could."""
    if winner is None:
        return
    if rejoining and how == LAST_STANDING:
        raise RuleViolation(
            TableRule.REJOIN_AFTER_LAST_STANDING,
            conflict=True,
            player=winner,
            game=game_number,
            entry=entry,
        )
    raise RuleViolation(
        TableRule.WAR_OVER,
        conflict=True,
        player=winner,
        game=game_number,
        how=HOW_WON.get(how, how),
        entry=entry,
    )


def not_out(name: str, *, out: bool, out_for_good: bool, what: str) -> None:
    """Out means out: a faction out of the war (eliminated, or wiped out and not back yet) has
    no turn and no troops, so no entry is made by it (``what``: the entry refused, in words:
    "a recruitment"). Rejoining, where the rules allow it, is the only way back."""
    if out_for_good or out:
        raise RuleViolation(
            TableRule.OUT_OF_THE_WAR,
            conflict=True,
            player=name,
            out=ELIMINATED_WORDS if out_for_good else WIPED_OUT_WORDS,
            what=what,
        )


def hq_taken(taker: str, owner: str, *, held_by_taker: bool) -> None:
    """A player takes the HQ of ``owner`` (their own, when they retake it): refused when they
    hold it already."""
    if held_by_taker:
        raise RuleViolation(TableRule.HQ_HELD_ALREADY, field="hq_of", player=taker, owner=owner)


# --- Out of the war and back --------------------------------------------------------------------


def elimination_flags(*, can_rejoin: bool, no_legal_start: bool) -> None:
    """An elimination for want of a legal start ends the faction's war this game, so it is not
    also one that may rejoin ("Вы можете вступить в войну при наличии правовых начальных
    территорий"): the two together are refused."""
    if can_rejoin and no_legal_start:
        raise RuleViolation(TableRule.REJOIN_WITH_NO_START, field="can_rejoin")


def faction_eliminated(
    name: str,
    *,
    out: bool,
    out_for_good: bool = False,
    no_legal_start: bool = False,
    can_rejoin: bool = False,
) -> None:
    """A seat is put out once a game until it rejoins; a seat wiped out and waiting to rejoin
    is eliminated for good when no legal start is left for it (``no_legal_start``), which is
    the only entry a wiped-out seat takes besides rejoining. An entry saying both that the seat
    may rejoin and that no legal start is left is refused (``elimination_flags``)."""
    elimination_flags(can_rejoin=can_rejoin, no_legal_start=no_legal_start)
    if out_for_good or (out and not no_legal_start):
        raise RuleViolation(TableRule.ALREADY_OUT, conflict=True, player=name)


def rejoining(
    name: str,
    *,
    out: bool,
    out_for_good: bool,
    out_at: int | None,
    territory: str,
    occupied,
    on: board.Board = board.BOX,
) -> None:
    """A seat rejoins only when wiped out and not eliminated; the territory and every one said
    to be occupied are on the board. (Where it may join is ``rules.joining_refusal``.)"""
    if not out:
        raise RuleViolation(TableRule.NOT_OUT, conflict=True, player=name)
    if out_for_good:
        raise RuleViolation(TableRule.ELIMINATED_FOR_GOOD, conflict=True, player=name, entry=out_at)
    for slug in [territory, *occupied]:
        require_territory(slug, field="territory" if slug == territory else "occupied", on=on)


def join_refused(name: str, refusal: str | None) -> None:
    """Word a refused joining place for the seat that asked."""
    if refusal:
        raise RuleViolation(TableRule.JOIN_THE_WAR, field="territory", player=name, reason=refusal)


# --- The coin pile ------------------------------------------------------------------------------

# What a faction out of the war has none of when the coin pile runs out.
TERRITORIES_CONTROLLED = Words(gettext_noop("territories"))


def coin_pile_counts(
    territories: Mapping,
    *,
    seated: set[int] | frozenset[int],
    out: Mapping[int, str] | None = None,
    on_the_board: int = TERRITORIES_ON_THE_BOARD,
) -> dict[int, int]:
    """The territories each seated player controls when the coin pile runs out, as whole
    numbers: 0 to ``on_the_board`` each (the box's 42, plus any territory a packet added by
    then), that many in all; a player out of the war (``out``: id to name) controls none, so
    gets no red star for them."""
    counts: dict[int, int] = {}
    for player, n in territories.items():
        try:
            player, n = int(player), int(n)
        except (TypeError, ValueError):
            raise RuleViolation(TableRule.COUNTS, field="territories", count=on_the_board) from None
        if player not in seated:
            raise RuleViolation(TableRule.UNKNOWN_SEAT, field="territories")
        if not 0 <= n <= on_the_board:
            raise RuleViolation(TableRule.COUNTS, field="territories", count=on_the_board)
        if n and player in (out or {}):
            raise RuleViolation(
                TableRule.OUT_OF_THE_WAR,
                field="territories",
                player=(out or {})[player],
                out=OUT_WORDS,
                what=TERRITORIES_CONTROLLED,
            )
        counts[player] = n
    if sum(counts.values()) > on_the_board:
        raise RuleViolation(TableRule.TERRITORIES_IN_ALL, field="territories", count=on_the_board)
    return counts


# --- Marks, cities, fortifications --------------------------------------------------------------


def mark_place(
    *,
    kind: str,
    kind_known: bool,
    territory: str | None,
    faction: str | None,
    factions: Mapping[str, str],
    on: board.Board = board.BOX,
) -> None:
    """A mark of an unlocked kind goes on one territory of the board as of the game (``on``) or
    one faction card of the campaign."""
    if not kind_known:
        raise RuleViolation(TableRule.UNKNOWN_MARK_KIND, field="kind", kind=repr(kind))
    if (territory is None) == (faction is None):
        raise RuleViolation(TableRule.MARK_PLACE, field="territory")
    if territory is not None:
        require_territory(territory, on=on)
    if faction is not None:
        require_faction(faction, factions)


def city_destroyed(*, has_city: bool) -> None:
    """Only a city that counts can be destroyed."""
    if not has_city:
        raise RuleViolation(TableRule.NO_CITY, field="territory")


def fortification_box(name: str, *, fortified: bool, boxes_used: int) -> bool:
    """A 3-troop attack marks one box of a working fortification; True when that box is the
    last (the tenth), which wears it out."""
    if not fortified or boxes_used >= FORTIFICATION_BOXES:
        raise RuleViolation(TableRule.NO_WORKING_FORTIFICATION, field="territory", territory=name)
    return boxes_used + 1 >= FORTIFICATION_BOXES


# --- Taking an entry back -----------------------------------------------------------------------


def entry_taken_back(*, reason: str, game_number: int, seq: int, exists: bool, voided: bool) -> str:
    """The reason, trimmed, once an entry may be taken back: it exists, is not taken back
    already, and the table says why."""
    reason = (reason or "").strip()
    if not reason:
        raise RuleViolation(TableRule.VOID_REASON, field="reason")
    if not exists:
        raise RuleViolation(TableRule.UNKNOWN_ENTRY, field="seq", game=game_number, entry=seq)
    if voided:
        raise RuleViolation(TableRule.ENTRY_VOID_ONCE, conflict=True, entry=seq)
    return reason
