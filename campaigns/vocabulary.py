"""Enums the audit trail and the models share: each is the one list of its values and words.

They live apart from ``campaigns.models`` so that ``campaigns.audit_words``, which the models'
``AuditEntry.__str__`` reads, can word them without importing the models back.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from legacy import scar_effects
from legacy.rulebook import SETTING_LABELS


class Role(models.TextChoices):
    # Lower case: the word sits inside sentences ("joined as editor") and on a tag.
    OWNER = "owner", _("owner")
    EDITOR = "editor", _("editor")
    VIEWER = "viewer", _("viewer")


class PictureLanguage(models.TextChoices):
    """The language a campaign's board pictures are drawn in, named in the reader's."""

    ENGLISH = "en", _("English")
    RUSSIAN = "ru", _("Russian")


# --- The open points of the rulebook (RULES.md section 9): each a campaign setting -----------
# The first value of each is the default. The values are stored: never renamed.


class MissilesAtSetup(models.TextChoices):
    """How many missiles a player who signed the board takes before a game."""

    PER_SIGNATURE = "per-signature", _("One per signature (the setup text)")
    PER_GAME_WON = "per-game-won", _("One per game won (the components text)")


class BearFirstAttack(models.TextChoices):
    """How long the Enclave of the Bear's power (a) lasts against the first territory attacked."""

    WHOLE_BATTLE = "whole-battle", _("The whole battle against the first territory attacked")
    FIRST_ROLL = "first-roll", _("Only the first roll against it")


class BearThreeOfAKind(models.TextChoices):
    """Which dice make the Enclave of the Bear's three of a kind (power (b)): three equal
    natural dice (a missile's 6 among them only if the campaign counts it as natural), or three
    equal dice as rolled."""

    NATURAL_ONLY = "natural-only", _("Three equal natural dice only")
    AS_ROLLED = "as-rolled", _("Three equal dice as rolled, a missile's 6 among them")


class MissileSixNatural(models.TextChoices):
    """Whether a missile's 6 counts as a natural 6 for every power that asks for natural dice
    (the Die Mechaniker's double six, the Bear's three of a kind read on natural dice)."""

    NOT_NATURAL = "not-natural", _("It does not count as a natural 6")
    NATURAL = "natural", _("It counts as a natural 6")


class DefenceDiceClamp(models.TextChoices):
    """How the modifiers on a defence die meet the 1..6 limits."""

    ADD_THEN_CLAMP = "add-then-clamp", _("Add all modifiers, then keep the die within 1 to 6")
    CLAMP_EACH = "clamp-each", _("Keep the die within 1 to 6 after each modifier")


class DefenceClampOrder(models.TextChoices):
    """The order "clamp after each" takes a defence die's modifiers in (the values are the
    codes of ``legacy.scar_effects.CLAMP_ORDERS``)."""

    AS_THEY_COME = (
        scar_effects.AS_THEY_COME,
        _("The territory's scar, then the fortification, then a power"),
    )
    BONUSES_FIRST = scar_effects.BONUSES_FIRST, _("Every +1 first, then every -1")
    PENALTIES_FIRST = scar_effects.PENALTIES_FIRST, _("Every -1 first, then every +1")


class MissileOrder(models.TextChoices):
    """Who chooses their missiles first after a roll, when both sides hold some."""

    AS_DECLARED = "as-declared", _("As declared at the table: the odds show both orders")
    ATTACKER_FIRST = "attacker-first", _("Always the attacker first, then the defender")
    DEFENDER_FIRST = "defender-first", _("Always the defender first, then the attacker")


class DiceOrderAfterModifiers(models.TextChoices):
    """Whether the dice are sorted again once modifiers and missiles changed them."""

    RESORT = "resort", _("Sorted again, highest against highest")
    AS_ROLLED = "as-rolled", _("Kept in the order of the natural roll")


class CancelledScarTerritory(models.TextChoices):
    """Whether a territory whose scar a white sticker cancelled counts as marked."""

    UNMARKED = "unmarked", _("Unmarked again")
    MARKED = "marked", _("Still marked (the white sticker is a sticker)")


class ScarOnHqTerritory(models.TextChoices):
    """Whether a scar card may scar a territory where an HQ of the game stands."""

    ALLOWED = "allowed", _("Allowed (the rulebook sets no limit)")
    REFUSED = "refused", _("Refused while an HQ stands on it")


class CityOverMark(models.TextChoices):
    """Whether a city founded on a territory takes the group's own marks there off the board."""

    STAYS = "stays", _("The mark stays beside the city")
    REMOVED = "removed", _("The city covers the mark: it is removed")


# Each open point's campaign field and its choices, in the order the settings show them.
READINGS: dict[str, type[models.TextChoices]] = {
    "missiles_at_setup": MissilesAtSetup,
    "bear_first_attack": BearFirstAttack,
    "bear_three_of_a_kind": BearThreeOfAKind,
    "missile_six_natural": MissileSixNatural,
    "missile_order": MissileOrder,
    "defence_dice_clamp": DefenceDiceClamp,
    "defence_clamp_order": DefenceClampOrder,
    "dice_order_after_modifiers": DiceOrderAfterModifiers,
    "cancelled_scar_territory": CancelledScarTerritory,
    "scar_on_hq_territory": ScarOnHqTerritory,
    "city_over_mark": CityOverMark,
}
# Each open point's name, as the settings page and the audit trail say it: the rulebook's
# names of the settings a rule sticker may change.
READING_TITLES = {name: SETTING_LABELS[name] for name in READINGS}


class EntryStatus(models.TextChoices):
    """Where an entry of a game's log stands: in the replay, awaiting the table's confirmation
    (a late entry that changes what the log decided), or taken back."""

    RECORDED = "recorded", _("recorded")
    AWAITING_CONFIRMATION = "awaiting-confirmation", _("awaiting the table's confirmation")
    TAKEN_BACK = "taken-back", _("taken back")


class VoidReason(models.TextChoices):
    """Reasons the product gives itself for taking an entry back, stored as their code and
    worded when read (a reason a person typed is stored as typed)."""

    ENTERED_BY_MISTAKE = "entered-by-mistake", _("Entered by mistake.")
    AFTER_A_LATE_ENTRY = (
        "after-a-late-entry",
        _("No longer possible: a late entry made before it was confirmed."),
    )


class CorrectionReason(models.TextChoices):
    """Reasons the product gives a correction itself, stored as their code and worded when read
    (``campaigns.reasons``). A frame (an entry taken back) has its names in the correction's
    ``reason_params`` and speaks of the correction's ``reason`` as ``%(reason)s``."""

    ENTRY_TAKEN_BACK = "entry-taken-back", _("Game %(game)s, entry %(seq)s taken back: %(reason)s")
    BOX_MARKED = (
        "box-marked-by-entry",
        _("Game %(game)s, entry %(seq)s: a box marked after a 3-troop attack."),
    )
    VOIDED_FROM_THE_ADMIN = "voided-from-the-admin", _("Voided from the admin.")


class RemovedNote(models.TextChoices):
    """Notes the product gives a mark that stopped counting, stored as their code in the mark's
    ``removed_note`` and worded when read (``campaigns.reasons``); a person's note is kept as
    typed."""

    STARTING_POWER_NOT_CHOSEN = (
        "starting-power-not-chosen",
        _("Starting power not chosen before the first game."),
    )


class AuditAction(models.TextChoices):
    """What an audit entry records; ``campaigns.audit_words`` has one sentence for each.

    The values are stored: an action is added here, never renamed.
    """

    CAMPAIGN_CREATED = "campaign-created", _("Campaign created")
    PLAYER_ADDED = "player-added", _("Player added")
    FIRST_GAME_SETUP = "first-game-setup", _("Before the first game")
    GAME_SETUP = "game-setup", _("Game set up")
    GAME_STARTED = "game-started", _("Game started")
    GAME_CANCELLED = "game-cancelled", _("Game cancelled")
    SEAT_FIXED = "seat-fixed", _("Seat fixed")
    SEAT_CORRECTED = "seat-corrected", _("Seat corrected")
    GAME_FINISHED = "game-finished", _("Game finished")
    GAME_AMENDED = "game-amended", _("Game amended")
    PACKET_OPENED = "packet-opened", _("Packet opened")
    WORLD_NAMED = "world-named", _("World named")
    INVITATION_CREATED = "invitation-created", _("Invitation created")
    INVITATION_REVOKED = "invitation-revoked", _("Invitation withdrawn")
    MEMBER_JOINED = "member-joined", _("Member joined")
    MEMBER_ROLE = "member-role", _("Member's role changed")
    MEMBER_REMOVED = "member-removed", _("Member removed")
    SHARING = "sharing", _("Sharing changed")
    LANGUAGE = "language", _("Picture language changed")
    SCAR_DICE_EFFECT = "scar-dice-effect", _("Scar type's effect on the dice changed")
    WORLD_CAPITAL_FOUNDED = "world-capital-founded", _("World Capital founded")
    CARD_ADDED = "card-added", _("Card added to a deck")
    HOUSE_RULES = "house-rules", _("House rules changed")
    MEMBER_ADDED = "member-added", _("Member added")
    ENTRY_VOIDED = "entry-voided", _("Entry taken back")
    ENTRY_CONFIRMED = "entry-confirmed", _("Late entry confirmed")
    MARK_CORRECTED = "mark-corrected", _("Mark corrected")
    MARK_VOIDED = "mark-voided", _("Mark voided")
    STICKER_ADDED = "sticker-added", _("Rule sticker added")
    STICKER_VOIDED = "sticker-voided", _("Rule sticker voided")
    COMPONENT_ADDED = "component-added", _("Sealed component added")
    COMPONENT_REMOVED = "component-removed", _("Sealed component removed")
    COMPONENT_VOIDED = "component-voided", _("Sealed component voided")
    FACTION_ADDED = "faction-added", _("Faction added")
    POWER_PLACED = "power-placed", _("Power placed")
    POWER_DESTROYED = "power-destroyed", _("Power destroyed")
    PHOTO_ADDED = "photo-added", _("Photo added")
    PHOTO_DELETED = "photo-deleted", _("Photo deleted")
    NOTE_ADDED = "note-added", _("Note added")
    NOTE_EDITED = "note-edited", _("Note edited")
    NOTE_DELETED = "note-deleted", _("Note deleted")
    TERRITORY_ADDED = "territory-added", _("Territory added to the board")
    CONNECTION_ADDED = "connection-added", _("Connection added to the board")
    WORLD_NUMBER = "world-number", _("World number changed")
    ARCHIVED = "archived", _("Campaign archived")
    UNARCHIVED = "unarchived", _("Campaign unarchived")
    DRAFT_RECORDED = "draft-recorded", _("Draft entered")
    NAME_CLAIMED = "name-claimed", _("Roster name claimed")
    NAME_LINKED = "name-linked", _("Roster name linked")
    BRINGING_IN = "bringing-in", _("Campaign brought in")
    BROUGHT_IN = "brought-in", _("Past games and marks brought in")
    BROUGHT_IN_TAKEN_OUT = "brought-in-taken-out", _("Something brought in taken out")
    BROUGHT_IN_DONE = "brought-in-done", _("Everything brought in")
    BROUGHT_IN_CONTENTS = "brought-in-contents", _("What a brought-in packet unlocked entered")


# Words for what a reader may not see, or for the group's own parts, said the same way by the
# pages, the API, the audit trail and the game's log.
HIDDEN = _("(hidden by the campaign's owner)")
HIDDEN_SHORT = _("(hidden)")  # where room is short: the board's legend
OWN_COMPONENT = _("A sealed component of your own")
UNLOCKED_FACTION = _("an unlocked faction")
UNLOCKED_POWER = _("an unlocked power")
