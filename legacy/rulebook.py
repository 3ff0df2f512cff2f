"""The living rulebook: its sections, and the campaign settings a rule sticker may change.

The rulebook's sections are listed here in the book's order, by our own short titles (not the
book's words): a group says which section it pasted each rule sticker into. Nothing of the
box's text is here; the stickers' titles and texts are the group's own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# (slug, our own short title), in the order of the book.
SECTIONS: tuple[tuple[str, StrOrPromise], ...] = (
    ("legacy-terms", _("Legacy terms")),
    ("components", _("What is in the box")),
    ("sealed-components", _("Sealed components")),
    ("object", _("Object of the game")),
    ("before-first-game", _("Before your first game")),
    ("setup", _("Setting up every game")),
    ("first-turn", _("Before the first turn")),
    ("winning", _("Winning: red stars")),
    ("turn-overview", _("A turn, step by step")),
    ("start-of-turn", _("Start of the turn")),
    ("join-or-recruit", _("Joining the war or recruiting")),
    ("expand-and-attack", _("Expanding and attacking")),
    ("maneuver", _("Maneuvering troops")),
    ("end-of-turn", _("End of the turn")),
    ("scars", _("Scars")),
    ("other-cards", _("Other cards and marks")),
    ("end-of-game", _("After the game")),
    ("world-complete", _("When the world is complete")),
    ("new-packets", _("Opening new packets")),
)
SECTION_SLUGS: tuple[str, ...] = tuple(slug for slug, _title in SECTIONS)
SECTION_TITLES: dict[str, StrOrPromise] = dict(SECTIONS)
SECTION_CHOICES = [(slug, slug) for slug in SECTION_SLUGS]

# The campaign settings Earthbook reads that a rule sticker may say it changed, by the name
# of the setting (the Campaign field's name). A new setting adds one line here.
SETTINGS: tuple[tuple[str, StrOrPromise], ...] = (
    ("held_on_rewards_end_together", _("Held-on rewards end together")),
    ("world_capitals_allowed", _("World Capitals allowed")),
    ("missiles_at_setup", _("Missiles at setup")),
    ("bear_first_attack", _("Enclave of the Bear, power (a)")),
    ("bear_three_of_a_kind", _("Enclave of the Bear, power (b): the three of a kind")),
    ("missile_six_natural", _("A missile's 6 for powers that ask for natural dice")),
    ("missile_order", _("The order of the missiles after a roll")),
    ("defence_dice_clamp", _("Modified defence dice")),
    ("defence_clamp_order", _("Clamp after each: the order of the modifiers")),
    ("dice_order_after_modifiers", _("Dice after modifiers")),
    ("cancelled_scar_territory", _("A territory whose scar was cancelled")),
    ("scar_on_hq_territory", _("A scar on an HQ's territory")),
    ("city_over_mark", _("A city founded over a group's mark")),
)
SETTING_SLUGS: tuple[str, ...] = tuple(slug for slug, _label in SETTINGS)
SETTING_LABELS: dict[str, StrOrPromise] = dict(SETTINGS)


def rules_as_of(stickers, game: int) -> list[dict]:
    """Every section in the book's order with the stickers that counted at the end of game
    ``game`` in place (the oldest first); those added in game ``game`` itself are ``newest``.

    ``stickers`` are objects with ``section``, ``added_in_game`` and ``voided``; voided ones and
    those added after ``game`` are left out."""
    by_section: dict[str, list] = {slug: [] for slug in SECTION_SLUGS}
    for s in sorted(stickers, key=lambda s: (s.added_in_game, s.pk or 0)):
        if s.voided or s.added_in_game > game or s.section not in by_section:
            continue
        by_section[s.section].append({"sticker": s, "newest": s.added_in_game == game})
    return [
        {"slug": slug, "title": SECTION_TITLES[slug], "stickers": by_section[slug]}
        for slug in SECTION_SLUGS
    ]
