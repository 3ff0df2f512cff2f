"""What comes in the box, before any packet is opened, as plain data.

Some of these numbers are printed on components that sources disagree about (the sticker stock,
the trade chart). They seed each new campaign and are then editable per campaign, so a group whose
box says otherwise can make Earthbook agree with its box.

Sealed packet content is deliberately absent: a group enters what it unlocks.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Power:
    code: str  # "a" or "b": which of the two starting powers
    name: str  # a plain description of what it does, never a name of our own making
    text: str


@dataclass(frozen=True)
class Faction:
    slug: str
    name: str
    starting_powers: tuple[Power, Power]

    def power(self, code: str) -> Power | None:
        return next((p for p in self.starting_powers if p.code == code), None)


FACTIONS: tuple[Faction, ...] = (
    Faction(
        "die-mechaniker",
        "Die Mechaniker",
        (
            Power(
                "a",
                "Starting HQ fortified",
                "When you defend your starting HQ, it counts as fortified.",
            ),
            Power(
                "b",
                "Two natural 6s halt attacks",
                "If you defend with two natural 6s (no bonuses), nobody may attack that territory "
                "again this turn.",
            ),
        ),
    ),
    Faction(
        "enclave-of-the-bear",
        "Enclave of the Bear",
        (
            Power(
                "a",
                "−1 to the defender's lower die",
                "In the first territory you attack each turn, the defender takes 1 off their "
                "lower die.",
            ),
            Power(
                "b",
                "Three of a kind conquers",
                "If your three attack dice show the same number and at least one defender is "
                "killed, you conquer the territory: remove all the defending troops.",
            ),
        ),
    ),
    Faction(
        "imperial-balkania",
        "Imperial Balkania",
        (
            Power(
                "a",
                "Recruitment rounded up",
                "When you divide territories and population by 3 to recruit, round up.",
            ),
            Power(
                "b",
                "A card after 4+ expansions",
                "You still draw a resource card if you expanded into 4 or more territories "
                "this turn without conquering any.",
            ),
        ),
    ),
    Faction(
        "khan-industries",
        "Khan Industries",
        (
            Power(
                "a",
                "A troop on each HQ",
                "At the start of your turn, add one troop to each territory with an HQ you "
                "control.",
            ),
            Power(
                "b",
                "A troop with a territory card",
                "When you draw a territory card for a territory you control, you may add one "
                "troop there.",
            ),
        ),
    ),
    Faction(
        "saharan-republic",
        "The Saharan Republic",
        (
            Power(
                "a", "Maneuver at any time", "You may make your maneuver at any point of your turn."
            ),
            Power(
                "b",
                "Maneuver between any two",
                "Your maneuver may link any two territories you control, connected or not.",
            ),
        ),
    ),
)
FACTION_BY_SLUG: dict[str, Faction] = {f.slug: f for f in FACTIONS}
FACTION_CHOICES = [(f.slug, f.name) for f in FACTIONS]


@dataclass(frozen=True)
class ScarType:
    slug: str
    name: str
    text: str
    cards: int  # scar cards of this type in the box


BASE_SCAR_TYPES: tuple[ScarType, ...] = (
    ScarType("bunker", "Bunker", "The defender adds 1 to their highest die here.", 3),
    ScarType(
        "ammo-shortage", "Ammo Shortage", "The defender takes 1 off their highest die here.", 3
    ),
)


class Stock:
    """Names of the sticker stocks a reward draws from."""

    FIRST_GAME_COINS = "first-game-coins"
    MAJOR_CITIES = "major-cities"
    MINOR_CITIES = "minor-cities"
    FORTIFICATIONS = "fortifications"
    SCAR_CANCELS = "scar-cancels"
    BONUS_PLUS = "bonus-plus"
    BONUS_MINUS = "bonus-minus"
    HELD_ON_COINS = "held-on-coins"
    # Not a sticker stock of the box: how many more World Capitals the campaign allows now (none
    # until a packet allows them). The services set it in the world they check rewards against.
    WORLD_CAPITALS = "world-capitals"


def gettext_noop(words: str) -> str:
    """Marks words for the translation catalogue and returns them as they are: the pages
    translate a stock's label when they show it, so the box imports nothing from Django."""
    return words


# (stock, label, count in the base box): the labels are the one list of the stocks' words.
BASE_STOCK: tuple[tuple[str, str, int], ...] = (
    (Stock.FIRST_GAME_COINS, gettext_noop("Coin stickers for before the first game"), 12),
    (Stock.MAJOR_CITIES, gettext_noop("Major cities"), 5),
    (Stock.MINOR_CITIES, gettext_noop("Minor cities"), 9),
    (Stock.FORTIFICATIONS, gettext_noop("Fortifications"), 5),
    (Stock.SCAR_CANCELS, gettext_noop("Scar-cancel stickers"), 4),
    (Stock.BONUS_PLUS, gettext_noop("+1 continent bonus sticker"), 1),
    (Stock.BONUS_MINUS, gettext_noop("−1 continent bonus sticker"), 1),
    # Sources disagree between 35 and 41; the lower count is the safe default.
    (Stock.HELD_ON_COINS, gettext_noop("Coin stickers for players who held on"), 35),
)
STOCK_LABELS: dict[str, str] = {slug: label for slug, label, _ in BASE_STOCK}
STOCK_CHOICES = [(slug, label) for slug, label, _ in BASE_STOCK]

# Coins traded in -> troops received, as believed printed on the board (editable per campaign).
BASE_TRADE_CHART: dict[int, int] = {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}

TERRITORY_CARD_MAX_COINS = 6
FIRST_GAME_MAX_COINS = 3
CAMPAIGN_GAMES = 15  # the world is named after the last one
WINNERS_LINES = 15
FORTIFICATION_BOXES = 10

# The kinds of city sticker, as stored (``legacy.models.CityKind`` words them); a packet adds the
# World Capital.
MINOR_CITY = "minor"
MAJOR_CITY = "major"
CAPITAL_CITY = "capital"
CITY_POPULATION = {MINOR_CITY: 1, MAJOR_CITY: 2, CAPITAL_CITY: 5}


@dataclass(frozen=True)
class Packet:
    slug: str
    name: str
    trigger: str
    opened_at: str


PACKETS: tuple[Packet, ...] = (
    Packet("pack-1", "Pack 1", "The ninth (last) minor city is founded and named.", "end of game"),
    Packet(
        "pack-2",
        "Pack 2",
        "A faction is eliminated for the first time (wiped out and unable to rejoin, or "
        "eliminated when the game ends).",
        "during or at the end of a game",
    ),
    Packet(
        "pack-3",
        "Pack 3",
        "A player signs the winners' section for the second time.",
        "end of game",
    ),
    Packet(
        "pack-4",
        "Pack 4",
        "A certain mark, not available at first, appears on the board.",
        "during a game",
    ),
    Packet(
        "pocket-1",
        "Pocket 1",
        "A third missile is played on the same roll, before the battle resolves.",
        "during a game",
    ),
    Packet(
        "pocket-2",
        "Pocket 2",
        "A player is about to place 30 or more troops in one recruitment while holding a missile.",
        "during a game",
    ),
)
PACKET_BY_SLUG: dict[str, Packet] = {p.slug: p for p in PACKETS}
PACKET_CHOICES = [(p.slug, p.name) for p in PACKETS]
