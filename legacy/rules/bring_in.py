"""Bringing a campaign in, as pure functions: how many games a group says it played, the number
of a past game, the game a mark was made in, and the order the packets were opened in.

The stocks, the one city per territory and the rest of what a mark must respect are the rules
the played path asks (``legacy.rules.rewards``, ``legacy.rules.table_rules``): a brought-in mark
is checked by them, not by rules of its own.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from legacy.box import CAMPAIGN_GAMES, FACTION_BY_SLUG, FORTIFICATION_BOXES, Power
from legacy.errors import RuleViolation
from legacy.refusals import BringInRule, ServiceRule

# A campaign goes on after its fifteenth game; a hundred games is more than any group reports.
MOST_GAMES = 100

# Pack 4 opens when "a certain mark (not available at first)" appears: a mark another packet
# brings. It cannot have been opened before every other packet.
OPENS_AFTER_ANOTHER = frozenset({"pack-4"})


def check_games_played(games: object, *, world_named: bool) -> int:
    """The games a group says it played before Earthbook: 0 to ``MOST_GAMES``; past the
    fifteenth only with the world's name, given once the fifteenth game ended."""
    if type(games) is not int or not 0 <= games <= MOST_GAMES:
        raise RuleViolation(BringInRule.GAMES_PLAYED, field="games_played", most=MOST_GAMES)
    if games > CAMPAIGN_GAMES and not world_named:
        raise RuleViolation(BringInRule.WORLD_NAME_NEEDED, field="world_name", games=games)
    return games


def check_game_number(number: object, *, games: int, taken: Collection[int]) -> int:
    """A past game's number: 1 to ``games``, each game once."""
    if type(number) is not int or not 1 <= number <= games:
        raise RuleViolation(BringInRule.GAME_BEYOND, field="number", game=number, games=games)
    if number in taken:
        raise RuleViolation(BringInRule.GAME_TWICE, field="number", game=number)
    return number


def mark_game(game: object, *, games: int) -> tuple[int, bool]:
    """The game a brought-in mark was made in, and whether the group knew it: 0 (before the
    first game) to ``games``; a game not known (None) stands in the last brought-in game."""
    if game is None:
        return games, False
    if type(game) is not int or not 0 <= game <= games:
        raise RuleViolation(BringInRule.MARK_GAME, field="game", games=games)
    return game, True


def starting_power_kept(
    faction: object, code: object, *, games: int, kept: Collection[str], name: object = None
) -> Power:
    """The starting power a faction kept before the first game, brought in: one of the box's
    five factions, its power "a" or "b", once per faction (``kept``: the factions that hold
    one already), and only when the first game was played before Earthbook (otherwise it is
    chosen before the first game, as the box says). ``name``: the faction's name in words."""
    info = FACTION_BY_SLUG.get(faction) if isinstance(faction, str) else None
    if info is None:
        raise RuleViolation(BringInRule.STARTING_POWER_FACTION, field="faction")
    if games < 1:
        raise RuleViolation(BringInRule.STARTING_POWER_AT_SETUP, field="code")
    said = name if name is not None else info.name
    power = info.power(code) if isinstance(code, str) else None
    if power is None:
        raise RuleViolation(
            ServiceRule.UNKNOWN_STARTING_POWER, field="code", faction=said, power=repr(code)
        )
    if faction in kept:
        raise RuleViolation(ServiceRule.ONE_STARTING_POWER, field="code", faction=said)
    return power


def check_boxes(boxes: object) -> int:
    """The boxes marked on a brought-in fortification: 0 to its 10 (all 10: it stopped working)."""
    if type(boxes) is not int or not 0 <= boxes <= FORTIFICATION_BOXES:
        raise RuleViolation(BringInRule.BOXES, field="boxes", boxes=FORTIFICATION_BOXES)
    return boxes


def packets_out_of_order(opened: Mapping[str, int]) -> list[str]:
    """The packets (slug -> the game each was opened in) opened before a packet they need: a
    packet that opens on a mark another packet brings, with no other packet opened by then."""
    return [
        slug
        for slug, game in opened.items()
        if slug in OPENS_AFTER_ANOTHER
        and not any(other != slug and g <= game for other, g in opened.items())
    ]


def signs(game: int) -> bool:
    """Whether the winner of ``game`` signed the winners' section (games 1 to 15)."""
    return 1 <= game <= CAMPAIGN_GAMES


def pasted_games(text: str, factions: Mapping[str, str]) -> list[dict]:
    """Past games pasted as lines of "game, winner, faction" ("3, Ira, Khan Industries"): each
    as the game a request brings in. ``factions`` maps every way a faction is written (its name
    in any language, its slug, in lower case) to its slug. A line that does not read so is
    refused with its number; empty lines are skipped."""
    games = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split(",")]
        number = parts[0].rstrip(".") if parts else ""
        faction = factions.get(parts[2].casefold()) if len(parts) == 3 else None
        if len(parts) != 3 or not number.isdigit() or not parts[1] or faction is None:
            raise RuleViolation(BringInRule.PASTED_LINE, field="lines", line=n)
        games.append({"number": int(number), "winner": parts[1], "faction": faction})
    return games


def pasted_results(
    text: str, factions: Mapping[str, str], results: Mapping[str, str]
) -> list[dict]:
    """Who else played a past game, as lines of "player, faction, result" ("Boris, Die
    Mechaniker, held on"): ``results`` maps every way a result is written (lower case) to its
    code. A line that does not read so is refused with its number."""
    found = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split(",")]
        faction = factions.get(parts[1].casefold()) if len(parts) == 3 else None
        result = results.get(parts[2].casefold()) if len(parts) == 3 else None
        if len(parts) != 3 or not parts[0] or faction is None or result is None:
            raise RuleViolation(BringInRule.PASTED_RESULT, field="others", line=n)
        found.append({"player": parts[0], "faction": faction, "result": result})
    return found
