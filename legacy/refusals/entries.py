"""The table's entries during a game (``campaigns/game/entries``)."""

from __future__ import annotations

from legacy.refusals.base import Refusal, gettext_noop


class EntryRule(Refusal):
    """Every rule of this area: its slug and its one sentence."""

    GAME_STATUS = (
        "game-status",
        gettext_noop("Game %(game)s is %(now)s: it cannot be %(then)s now."),
    )
    MISSILE_ROLL_OR_NEW = (
        "missile-roll-or-new",
        gettext_noop("Missiles are either on the roll named or on a new roll, not both."),
    )
    SCAR_DICE_EFFECT = (
        "scar-dice-effect",
        gettext_noop("Unknown effect on the dice %(code)s; the known ones are %(codes)s."),
    )
    UNKNOWN_DECK = (
        "unknown-deck",
        gettext_noop("There is no deck called %(deck)s: event or mission."),
    )
    CARD_TITLE = "card-title", gettext_noop("A card needs a title of up to %(limit)d characters.")
    CARD_TEXT = "card-text", gettext_noop("A card's text fits in %(limit)d characters.")
    CARD_PACKET_NOT_OPEN = (
        "card-packet-not-open",
        gettext_noop("A card comes from a packet this campaign has opened."),
    )
    UNKNOWN_CARD = "unknown-card", gettext_noop("This campaign has no such event or mission card.")
    CARD_DESTROYED_FOR_GOOD = (
        "card-destroyed-for-good",
        gettext_noop("That card was destroyed in game %(game)s: it left its deck for good."),
    )
    CARD_DRAWN_ONCE_A_GAME = (
        "card-drawn-once-a-game",
        gettext_noop("That card was already drawn in game %(game)s: a card is drawn once a game."),
    )
    EVENT_CARD_NOT_COMPLETED = (
        "event-card-not-completed",
        gettext_noop("An event card is played, not completed: only a mission is completed."),
    )
    MISSION_NOT_DRAWN = (
        "mission-not-drawn",
        gettext_noop("That mission was not drawn in game %(game)s: draw it first."),
    )
    MISSION_COMPLETED_ONCE = (
        "mission-completed-once",
        gettext_noop("That mission was already completed in game %(game)s."),
    )
    MISSION_RED_STARS = "mission-red-stars", gettext_noop("A mission gives one or two red stars.")
    MADE_IN_THE_FUTURE = (
        "made-in-the-future",
        gettext_noop(
            "This entry says it was made at %(made)s, more than %(minutes)s minutes after now "
            "(%(now)s): check the phone's clock, then send it again."
        ),
    )
    LATE_AFTER_THE_END = (
        "late-after-the-end",
        gettext_noop(
            "Game %(game)s has ended: an entry made during it no longer joins its log. Amend the "
            "end of the game instead."
        ),
    )
    END_WHILE_AWAITING = (
        "end-while-awaiting",
        gettext_noop(
            "Game %(game)s still has late entries awaiting the table's confirmation (%(entries)s): "
            "confirm or take them back before its end."
        ),
    )
    MADE_BEFORE_THE_START = (
        "made-before-the-start",
        gettext_noop(
            "This entry says it was made at %(made)s, before game %(game)s started "
            "(%(started)s): check the phone's clock, then send it again."
        ),
    )
