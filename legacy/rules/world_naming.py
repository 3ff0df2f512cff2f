"""When the world is named: after the campaign's last game (the fifteenth), once.

The pages, the API and the services each asked this in their own words ("game 15 or later is
finished and there is no world name yet"); they ask here instead. Game 16 waits for the name
(``legacy.rules.starting.world_named_before``).
"""

from __future__ import annotations

from legacy.box import CAMPAIGN_GAMES


def world_may_be_named(last_finished: int) -> bool:
    """The world is named at the end of the campaign's last game: from then on, not before.
    ``last_finished`` is the number of the last finished game (0 when none is)."""
    return last_finished >= CAMPAIGN_GAMES


def world_to_be_named(last_finished: int, world_name: str | None) -> bool:
    """The world waits for its name now: its time has come and it has none yet."""
    return world_may_be_named(last_finished) and not world_name
