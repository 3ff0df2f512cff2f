"""The one error a player can reach: a request the rules of the box refuse.

A refusal is data: the ``Rule`` it names and the names it speaks of (``params``). Each rule has
one sentence, written here once in English with its names as ``%(name)s``; the doors say it in
the reader's language when they answer (``legacy.wording.said``). Nothing here knows a language.
"""

from __future__ import annotations

from enum import StrEnum


def gettext_noop(sentence: str) -> str:
    """Marks a sentence for the translators (``makemessages`` finds it by this name); the doors
    translate it when a refusal is read."""
    return sentence


class Rule(StrEnum):
    """Every rule a refusal can name: its stable slug (the API's ``rule``) and its sentence."""

    template: str

    def __new__(cls, slug: str, template: str) -> Rule:
        member = str.__new__(cls, slug)
        member._value_ = slug
        member.template = template
        return member

    # --- The rules of the table and of the end of a game (legacy) ---------------------------
    UNKNOWN_TERRITORY = (
        "unknown-territory",
        gettext_noop("There is no territory called %(territory)s on the board as of this game."),
    )
    UNKNOWN_FACTION = "unknown-faction", gettext_noop("This campaign has no faction %(faction)s.")

    # --- The campaign's services (campaigns, api) ---------------------------------------------

    # --- The table's entries (campaigns/game, the doors' entry forms) -------------------------
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


class RuleViolation(Exception):
    """A request the game's rules refuse.

    ``rule`` is the ``Rule`` it breaks (its value is the short, stable slug the API and pages
    show and tests compare with); ``params`` are the names its sentence speaks of; ``field``
    names the input at fault; ``conflict`` marks a refusal caused by the state of things (a game
    already finished, a stale amendment) rather than by the request itself, which the API
    answers with 409 instead of 400. ``message`` is the sentence in English, for the logs.
    """

    def __init__(
        self,
        rule: Rule | str,
        /,
        *,
        field: str | None = None,
        conflict: bool = False,
        **params: object,
    ):
        if isinstance(rule, Rule):
            self.rule: str = rule
            self.template: str | None = rule.template
            message = rule.template % params if params else rule.template
        else:  # the older form, an English sentence and a slug, while the raise sites move
            message = rule
            self.rule = str(params.pop("rule", "rule"))
            self.template = None
        super().__init__(message)
        self.message = message
        self.params = params
        self.field = field
        self.conflict = conflict

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"RuleViolation({self.rule!r}, {self.message!r})"
