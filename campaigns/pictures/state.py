"""What the board picture of a campaign shows at the end of a game: a ``World`` turned into the
plain ``BoardPicture`` that ``legacy.drawing`` draws.

Two steps, so that the choices are tested without a database:

- ``picture_of_world`` is pure: the world plus the few facts that are not marks (the title, the
  names of the campaign's scar types, the winners' lines as signed, where each faction started);
- ``picture_for`` reads those facts for one game in a fixed number of queries, whatever the
  number of games played: ``world_as_of`` and five small ones.

Choices made here, not in the drawing:

- A coin badge shows a card's coins when stickers raised them above the one printed on every
  card; a card with only its printed coin has no badge (42 badges of "1" would hide the map),
  and a destroyed card has no coins left to show.
- A scar of a base type (bunker, ammo shortage) is drawn as its icon; a type a packet added gets
  a badge with the type's name as the group wrote it.
- The winners' section shows the lines as they were signed (``Signature.name``), so renaming a
  player later does not rewrite history.
- A territory whose scar a white sticker cancelled gets a small white sticker mark only where
  the campaign reads the white sticker as a sticker (``World.cancelled_scars_mark``, RULES.md
  section 9); under the default reading it is unmarked again and drawn as printed. The world
  carries the reading, so the picture (and its ``state_hash``) changes with the setting.
- A territory a packet added is drawn as a small island (``drawn_islands``) with the marks on
  it, chosen as a printed territory's are (so a reader's world, ``world_as_read``, hides on
  an island what it hides on the box's territories).
- Each kind of mark a packet unlocked gets a letter, in the order the group entered the kinds
  (A, B, C ...): the letter is drawn on the territories that carry one, and the legend names
  the kinds on the board with the group's words (or the placeholder it is given).

``state_hash`` is the key of a stored picture: the sha256 of a canonical JSON of the picture and
of how it is rendered, so the same state is rendered once.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json

from campaigns.game.derived import faction_colours
from campaigns.models import Campaign, Game, GameStatus, Seat
from campaigns.services import campaign_world
from legacy import board, names
from legacy.drawing import (
    BASE_SCARS,
    FACTION_COLORS,
    BoardPicture,
    DrawnContinent,
    DrawnIsland,
    DrawnTerritory,
)
from legacy.models import MarkKind, ScarKind, Signature
from legacy.world import World

# Bump when the drawing code changes what a stored picture of the same state looks like, so that
# old files are not served for new pictures.
RENDER_VERSION = 2


class NoSuchCampaign(LookupError):
    pass


def title_for(campaign_name: str, game_number: int, language: str = "en") -> str:
    words = names.picture_words(language)
    if game_number == 0:
        return words["before"].format(campaign=campaign_name)
    return words["after"].format(campaign=campaign_name, number=game_number)


def mark_symbol(index: int) -> str:
    """The letter of the ``index``-th kind of unlocked mark: A..Z, then AA, AB ..."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    if index < len(letters):
        return letters[index]
    return letters[(index // len(letters) - 1) % len(letters)] + letters[index % len(letters)]


def picture_of_world(
    world: World,
    *,
    title: str,
    scar_names: dict[str, str] | None = None,
    winners: list[tuple[int, str, str]] | tuple = (),
    hqs: dict[str, str] | None = None,
    language: str = "en",
    mark_kinds: list[tuple[str, str]] | tuple = (),
    faction_colours: dict[str, str] | None = None,
) -> BoardPicture:
    """The picture of a world. ``scar_names`` maps a scar type's slug to its name, ``winners``
    holds ``(line, name, slogan)``, ``hqs`` maps a territory to the faction starting there,
    ``mark_kinds`` holds ``(slug, name)`` of the campaign's unlocked kinds of mark, in order, and
    ``faction_colours`` gives the colour of a faction the box does not have (an unlocked one)."""
    scar_names = scar_names or {}
    hqs = hqs or {}
    faction_colours = faction_colours or {}
    symbols = {slug: mark_symbol(i) for i, (slug, _) in enumerate(mark_kinds)}
    on_board: set[str] = set()
    territories = []
    # The box's territories, then those packets added (drawn as islands), with the same marks.
    for slug in (*(t.slug for t in board.TERRITORIES), *(t.slug for t in world.board.added)):
        state = world.territories.get(slug)
        if state is None:
            continue
        city = state.city
        scar_label = None
        if state.scar and state.scar not in BASE_SCARS:
            scar_label = scar_names.get(state.scar) or state.scar.replace("-", " ").capitalize()
        coins = 0 if state.card_destroyed or state.coins <= 1 else state.coins
        drawn = DrawnTerritory(
            slug=slug,
            city_kind=city.kind if city else None,
            city_name=city.name if city else None,
            scar=state.scar,
            scar_label=scar_label,
            fortified=bool(city and city.fortified),
            fortification_boxes_used=city.boxes_used if city and city.fortified else 0,
            card_destroyed=state.card_destroyed,
            coins=coins,
            hq_faction=hqs.get(slug),
            marks=tuple(symbols.get(kind, "?") for kind in state.other_marks),
            hq_color=_own_colour(hqs.get(slug), faction_colours),
            scar_cancelled=world.cancelled_scars_mark and state.scar_cancelled and not state.scar,
        )
        on_board.update(state.other_marks)
        if drawn != DrawnTerritory(slug):  # unmarked territories are drawn as printed
            territories.append(drawn)
    continents = tuple(
        DrawnContinent(
            slug=c.slug,
            name=world.continents[c.slug].name if c.slug in world.continents else None,
            bonus=c.bonus,
            bonus_change=world.continents[c.slug].bonus_change if c.slug in world.continents else 0,
        )
        for c in board.CONTINENTS
    )
    return BoardPicture(
        territories=tuple(territories),
        continents=continents,
        winners=tuple((int(line), name, slogan or None) for line, name, slogan in winners),
        world_name=world.world_name,
        title=title,
        language=names.language_of(language),
        mark_legend=tuple((symbols[slug], name) for slug, name in mark_kinds if slug in on_board),
        islands=drawn_islands(world.board),
        added_sea_lines=tuple(
            (a, b)
            for a, b in world.board.added_connections()
            if a in board.TERRITORY_BY_SLUG and b in board.TERRITORY_BY_SLUG
        ),
    )


def drawn_islands(on: board.Board) -> tuple[DrawnIsland, ...]:
    """The territories packets added to board ``on``, as the pictures draw them: small islands."""
    return tuple(
        DrawnIsland(
            slug=t.slug,
            name=t.name,
            continent=t.continent,
            connections=tuple(sorted(on.neighbors(t.slug))),
            position=t.position,
        )
        for t in on.added
    )


def _own_colour(faction: str | None, colours: dict[str, str]) -> str | None:
    """The colour an unlocked faction's HQ is drawn in (the box's five have theirs)."""
    if faction is None or faction in FACTION_COLORS:
        return None
    return colours.get(faction)


def picture_for(campaign_id: int, game_number: int) -> BoardPicture:
    """The board picture of a campaign at the end of game ``game_number`` (0: before the
    first game), with the factions' starting territories of that game."""
    campaign = (
        Campaign.objects.filter(pk=campaign_id)
        .only("name", "language", "cancelled_scar_territory")
        .first()
    )
    if campaign is None:
        raise NoSuchCampaign(campaign_id)
    name, language = campaign.name, campaign.language
    world = campaign_world(campaign, game_number)
    scar_names = dict(ScarKind.objects.filter(campaign_id=campaign_id).values_list("slug", "name"))
    winners = list(
        Signature.objects.filter(campaign_id=campaign_id)
        .as_of(game_number)
        .order_by("line")
        .values_list("line", "name", "slogan")
    )
    hqs = dict(
        Seat.objects.filter(game__campaign_id=campaign_id, game__number=game_number).values_list(
            "hq", "faction"
        )
    )
    mark_kinds = list(
        MarkKind.objects.filter(campaign_id=campaign_id).order_by("id").values_list("slug", "name")
    )
    return picture_of_world(
        world,
        title=title_for(name, game_number, language),
        scar_names=scar_names,
        winners=winners,
        hqs=hqs,
        language=language,
        mark_kinds=mark_kinds,
        faction_colours=faction_colours(campaign_id, set(hqs.values())),
    )


def canonical_json(picture: BoardPicture) -> str:
    """One spelling of a picture: sorted keys, no spaces, tuples as lists."""
    return json.dumps(
        dataclasses.asdict(picture), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )


def state_hash(picture: BoardPicture | list[BoardPicture], **how) -> str:
    """The key of a stored picture: what is drawn (one picture, or the frames of an animation)
    and how (``how``: format, width ...)."""
    pictures = picture if isinstance(picture, list) else [picture]
    body = json.dumps(
        {
            "version": RENDER_VERSION,
            "how": how,
            "pictures": [json.loads(canonical_json(p)) for p in pictures],
        },
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def finished_games(campaign_id: int) -> list[int]:
    """The numbers of the campaign's finished games, in order: the games a picture can show."""
    return list(
        Game.objects.filter(campaign_id=campaign_id, status=GameStatus.FINISHED)
        .order_by("number")
        .values_list("number", flat=True)
    )
