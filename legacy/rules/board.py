"""What a packet may add to the board: a territory with its connections, or a connection between
territories already there. Checked against the board as of the game the packet came in."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable

from legacy.board import Board
from legacy.drawing.fonts import CYRILLIC_LATIN
from legacy.errors import RuleViolation
from legacy.refusals import TableRule, gettext_noop
from legacy.words import Words

ADDED_TERRITORY_MAX_COINS = 6  # a territory card holds 1 to 6 coins
THE_NEW_TERRITORY = Words(gettext_noop("The new territory"))  # what needs a name


def territory_slug(name: str) -> str:
    """The slug of a territory the group named, like the box's ("Great Britain":
    "great-britain"): its words in lower-case Latin letters and digits joined by '-', Cyrillic
    spelled in Latin letters and accents dropped ("Лемурия": "lemuriya"). A name with no such
    letter at all gets "territory-" and a short digest of it; an empty name none."""
    if not name.strip():
        return ""
    spelled = "".join(CYRILLIC_LATIN.get(ch, ch) for ch in name.lower())
    ascii_only = unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode()
    slug = "-".join(re.findall(r"[a-z0-9]+", ascii_only))[:40].strip("-")
    if slug or not re.search(r"[^\W_]", name):
        return slug
    return "territory-" + hashlib.sha1(name.encode()).hexdigest()[:8]


def check_game(game: int, games: Iterable[int]) -> None:
    """What a packet adds comes in a game the campaign has played or is playing."""
    if game not in set(games):
        raise RuleViolation(TableRule.UNKNOWN_GAME, field="game", game=game)


def check_new_connections(
    board: Board,
    pairs: Iterable[tuple[str, str]],
    *,
    game: int,
    games: Iterable[int],
    field: str = "connections",
) -> list[tuple[str, str]]:
    """The connections to add as sorted pairs, once each; refused when one names a territory the
    board does not have as of ``game``, joins a territory to itself, or is on the board already,
    or when ``game`` is not one of the campaign's ``games``."""
    check_game(game, games)
    out: list[tuple[str, str]] = []
    for a, b in pairs:
        for slug in (a, b):
            if not board.has(slug):
                raise RuleViolation(TableRule.UNKNOWN_TERRITORY, field=field, territory=repr(slug))
        if a == b:
            raise RuleViolation(TableRule.CONNECTION_ITSELF, field=field)
        pair = (a, b) if a < b else (b, a)
        if board.are_adjacent(a, b) or pair in out:
            raise RuleViolation(
                TableRule.CONNECTION_ONCE, field=field, territory=board.name(a), other=board.name(b)
            )
        out.append(pair)
    return out


def check_added_territory(
    board: Board,
    *,
    name: str,
    continent: str,
    connections: Iterable[str],
    coins: int = 1,
    taken: Iterable[str] = (),
    game: int,
    games: Iterable[int],
) -> tuple[str, list[tuple[str, str]]]:
    """A territory a packet adds, checked against the board as of its game: its slug and its
    connections (sorted pairs). Its name must be given and not taken (``taken``: slugs the
    campaign has used, in later games too), its continent one of the board's, its card worth 1
    to 6 coins, and it joins at least one territory already on the board. ``game`` must be one
    of the campaign's ``games``."""
    check_game(game, games)
    name = " ".join((name or "").split())
    slug = territory_slug(name)
    if not slug:
        raise RuleViolation(TableRule.NAME_REQUIRED, field="name", what=THE_NEW_TERRITORY)
    if board.has(slug) or slug in set(taken):
        raise RuleViolation(TableRule.TERRITORY_NAME_TAKEN, field="name", territory=name)
    if continent not in board.continent_by_slug:
        raise RuleViolation(
            TableRule.UNKNOWN_CONTINENT, field="continent", continent=repr(continent)
        )
    if not 1 <= coins <= ADDED_TERRITORY_MAX_COINS:
        raise RuleViolation(
            TableRule.CARD_COINS, field="coins", most=ADDED_TERRITORY_MAX_COINS, count=coins
        )
    joined = list(connections)
    if not joined:
        raise RuleViolation(TableRule.TERRITORY_CONNECTED, field="connections")
    twice = next((other for other in joined if joined.count(other) > 1), None)
    if twice is not None:
        other = board.name(twice) if board.has(twice) else repr(twice)
        raise RuleViolation(
            TableRule.CONNECTION_ONCE, field="connections", territory=name, other=other
        )
    for other in joined:
        if not board.has(other):
            raise RuleViolation(
                TableRule.UNKNOWN_TERRITORY, field="connections", territory=repr(other)
            )
    return slug, sorted(((slug, o) if slug < o else (o, slug)) for o in joined)


def check_board_caps(
    board: Board,
    pairs: Iterable[tuple[str, str]],
    *,
    new_territory: str = "",
    added: int = 0,
    most_added: int,
    most_connections: int,
    field: str = "connections",
) -> None:
    """The caps an installation sets on a campaign's board: at most ``most_added`` territories
    added (``added`` are there already; ``new_territory`` is one more), and each territory
    joined to at most ``most_connections`` others once ``pairs`` are added."""
    if new_territory and added >= most_added:
        raise RuleViolation(TableRule.ADDED_TERRITORIES_CAP, field="name", most=most_added)
    joined: dict[str, set[str]] = {}
    for a, b in pairs:
        joined.setdefault(a, set()).add(b)
        joined.setdefault(b, set()).add(a)
    for slug, others in joined.items():
        now = board.neighbors(slug) if board.has(slug) else frozenset()
        if len(now | others) > most_connections:
            name = new_territory if slug == territory_slug(new_territory) else board.name(slug)
            raise RuleViolation(
                TableRule.CONNECTIONS_CAP, field=field, territory=name, most=most_connections
            )
