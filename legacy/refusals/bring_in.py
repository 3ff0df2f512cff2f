"""Bringing a campaign in: the games and marks a group made before Earthbook, entered once
(``campaigns.bring_in``)."""

from __future__ import annotations

from legacy.refusals.base import Refusal, gettext_noop


class BringInRule(Refusal):
    """Every rule of this area: its slug and its one sentence."""

    GAMES_PLAYED = (
        "bring-in-games-played",
        gettext_noop("Say how many games the group has played: a number from 0 to %(most)d."),
    )
    WORLD_NAME_NEEDED = (
        "bring-in-world-name",
        gettext_noop(
            "After %(games)d games the world has a name: say it to bring the campaign in."
        ),
    )
    AFTER_PLAY = (
        "bring-in-after-play",
        gettext_noop(
            "Game %(game)d was played in Earthbook: the past is now fixed with corrections."
        ),
    )
    NOT_BRINGING_IN = (
        "bring-in-not-started",
        gettext_noop("This campaign is not being brought in."),
    )
    DONE = (
        "bring-in-done",
        gettext_noop("Everything is brought in already: the past is now fixed with corrections."),
    )
    GAME_BEYOND = (
        "bring-in-game-beyond",
        gettext_noop("Game %(game)s is past the %(games)d games the group has played."),
    )
    GAME_TWICE = (
        "bring-in-game-twice",
        gettext_noop("Game %(game)s is brought in twice: one winner per game."),
    )
    GAMES_KEPT = (
        "bring-in-games-kept",
        gettext_noop(
            "Game %(game)s is brought in already: take it out before saying the group played "
            "%(games)d games."
        ),
    )
    NOT_ON_ROSTER = (
        "bring-in-not-on-roster",
        gettext_noop("%(name)s is not on this campaign's roster: add them to the players first."),
    )
    RESULT = (
        "bring-in-result",
        gettext_noop("A player who did not win held on or was eliminated."),
    )
    MARK_KIND = (
        "bring-in-mark-kind",
        gettext_noop("There is no kind of mark %(kind)s to bring in."),
    )
    MARK_GAME = (
        "bring-in-mark-game",
        gettext_noop(
            "A mark was made in game 0 to %(games)d, or in a game the group does not know."
        ),
    )
    BOXES = (
        "bring-in-boxes",
        gettext_noop("A fortification has %(boxes)d boxes: 0 to %(boxes)d of them are marked."),
    )
    PACKET_BEFORE = (
        "bring-in-packet-before",
        gettext_noop(
            "%(packet)s opens on a mark another packet brings: a packet opened before it, or "
            "in the same game, is needed."
        ),
    )
    GAMES_MISSING = (
        "bring-in-games-missing",
        gettext_noop("Bring in the winner of every game first: game %(games)s is missing."),
    )
    PROBLEMS = (
        "bring-in-problems",
        gettext_noop("Nothing was brought in: %(count)d problems, each named by its place."),
    )
    SETUP_WAITS = (
        "bring-in-setup-waits",
        gettext_noop(
            "The campaign is still being brought in: say it is done before setting up a game."
        ),
    )
    AMEND_BROUGHT_IN = (
        "bring-in-amend",
        gettext_noop("Game %(game)d was brought in: fix it with corrections."),
    )
    PASTED_LINE = (
        "bring-in-pasted-line",
        gettext_noop('Line %(line)d does not read as "game, winner, faction".'),
    )
    PASTED_RESULT = (
        "bring-in-pasted-result",
        gettext_noop('Line %(line)d does not read as "player, faction, held on or eliminated".'),
    )
    STARTING_POWER_FACTION = (
        "bring-in-starting-power-faction",
        gettext_noop("Only the five factions of the box have starting powers to choose from."),
    )
    STARTING_POWER_AT_SETUP = (
        "bring-in-starting-power-at-setup",
        gettext_noop(
            "No game was played before Earthbook: the starting powers are chosen before the "
            "first game, on its page."
        ),
    )
    NOT_BROUGHT_IN = (
        "bring-in-not-brought-in",
        gettext_noop("That was not brought in: fix it with a correction."),
    )
