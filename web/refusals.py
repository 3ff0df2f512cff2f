"""Refusals in the players' words.

The services word their refusals in English. In another language the page leads with the
rule's own sentence in that language and keeps the service's exact words after it.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language, gettext_lazy

from legacy.errors import RuleViolation

# The services word their refusals in English. In another language the page leads with the
# rule's own sentence in that language and keeps the service's exact words after it.
RULE_MESSAGES = {
    "first-game-setup-once": gettext_lazy("'Before the first game' happens only once."),
    "every-faction-chooses": gettext_lazy("Every faction chooses one starting power."),
    "first-game-coins": gettext_lazy("All 12 coin stickers go on territory cards."),
    "first-game-coin-limit": gettext_lazy(
        "No territory card may hold more than 3 coins before the first game."
    ),
    "first-game-setup-needed": gettext_lazy("Do 'before the first game' first."),
    "one-game-at-a-time": gettext_lazy("Finish the game being played before the next one."),
    "player-count": gettext_lazy("Risk Legacy is played by 3 to 5 players."),
    "player-once": gettext_lazy("Each player takes one seat."),
    "faction-once": gettext_lazy("Each faction is played by one player."),
    "legal-start": gettext_lazy("That starting territory is not legal."),
    "unknown-player": gettext_lazy("That player is not on this campaign's roster."),
    "player-name-unique": gettext_lazy("Each player needs a different name."),
    "name-required": gettext_lazy("A name is needed."),
    "name-too-long": gettext_lazy("That name is too long."),
    "every-result": gettext_lazy("Every seat gets a result."),
    "out-at-the-end": gettext_lazy(
        "A faction eliminated for good, or wiped out and not back, ends the game eliminated."
    ),
    "one-winner": gettext_lazy("A game has exactly one winner."),
    "winner-reward": gettext_lazy("The winner chooses one reward."),
    "held-on-reward": gettext_lazy("A player who held on chooses one reward."),
    "held-on-must-choose": gettext_lazy(
        "A player who held on chooses one reward while any is legal for them."
    ),
    "held-on-rewards-ended": gettext_lazy(
        "In this campaign held-on rewards end when either stock runs out."
    ),
    "held-on-controlled": gettext_lazy(
        "A held-on reward goes on a territory the player controlled at the end."
    ),
    "held-on-only": gettext_lazy("Only players who held on get a held-on reward."),
    "one-city-per-territory": gettext_lazy("A territory holds one city."),
    "stock-empty": gettext_lazy("Those stickers are all used."),
    "continent-named-once": gettext_lazy("Each continent is named once."),
    "bonus-changed-once": gettext_lazy("Each continent's bonus can be changed once."),
    "cancel-needs-scar": gettext_lazy("There is no scar there to cancel."),
    "fortify-needs-city": gettext_lazy("There is no city there to fortify."),
    "card-destroyed-once": gettext_lazy("That territory card is already destroyed."),
    "card-destroyed": gettext_lazy("That territory card was destroyed."),
    "card-coin-limit": gettext_lazy("A territory card holds at most 6 coins."),
    "one-scar-per-territory": gettext_lazy("A territory holds one scar."),
    "one-scar-per-faction-card": gettext_lazy("A faction card holds one scar."),
    "scar-place": gettext_lazy("A scar goes on one territory or one faction card."),
    "missiles-per-roll": gettext_lazy("1 to 5 missiles can be played on one roll."),
    "already-out": gettext_lazy("That player is already out of this game."),
    "not-out": gettext_lazy("That player is still in the war."),
    "join-the-war": gettext_lazy(
        "A faction joins the war on a legal start: unoccupied, and unmarked or a major city it "
        "founded."
    ),
    "game-status": gettext_lazy("The game is not at that stage."),
    "game-not-in-progress": gettext_lazy("Events are entered while the game is played."),
    "game-finished": gettext_lazy("That game is already finished."),
    "packet-opened-once": gettext_lazy("That packet is already open."),
    "unlock": gettext_lazy("Each unlocked item needs a kind and a title."),
    "trade-chart": gettext_lazy("Cards traded in must be worth 2 to 10 coins."),
    "world-name-after-15": gettext_lazy("The world is named after the fifteenth game."),
    "naming-tie": gettext_lazy("The tied players roll a die to decide who names the world."),
    "invitation-revoked": gettext_lazy("This invitation link was withdrawn."),
    "invitation-unknown": gettext_lazy("This invitation link is not valid."),
    "invitation-expired": gettext_lazy(
        "This invitation link has expired: ask the owner for a new one."
    ),
    "invitation-used": gettext_lazy(
        "This invitation link was for one person and has been used: ask the owner for a new one."
    ),
    "owner-only": gettext_lazy("Only the campaign's owner may do that."),
    "amend-finished": gettext_lazy("Only a finished game can be amended."),
    "amend-before-next": gettext_lazy("A game can be amended until the next one is set up."),
    "stale-amendment": gettext_lazy("Someone changed this game meanwhile: reload it."),
    "correction-reason": gettext_lazy("Every correction says why."),
    "void-once": gettext_lazy("That mark is already void."),
    "unknown-mark": gettext_lazy("There is no such mark in this campaign."),
    "placed-in-a-real-game": gettext_lazy("A mark is placed in a game that has been set up."),
    "world": gettext_lazy("The board does not allow that mark there."),
    "campaign-language": gettext_lazy("The pictures are drawn in English or Russian."),
    "snapshot-of-a-finished-game": gettext_lazy("A game's picture is drawn when it ends."),
    "timeline-needs-a-game": gettext_lazy("The timeline starts with the first finished game."),
    "one-owner": gettext_lazy("A campaign has one owner."),
    "owner-stays": gettext_lazy("The owner stays the owner."),
    "member-role": gettext_lazy("The owner stays the owner."),
    "member-once": gettext_lazy("That person is already a member."),
    "invitation-role": gettext_lazy("An invitation makes an editor or a viewer."),
    "naming-roll": gettext_lazy("Rolls are whole numbers from 1 to 6."),
    "world-named-once": gettext_lazy("The world already has a name."),
    "missiles-held": gettext_lazy("A seat plays only the missiles it holds."),
    "missile-roll": gettext_lazy("Missiles join a roll that has missiles on it."),
    "no-scar-cards-this-game": gettext_lazy("No scar cards were dealt this game."),
    "scar-card-holder": gettext_lazy("Say who plays the scar card."),
    "scar-card-held": gettext_lazy("A seat plays the one scar card dealt to it, once."),
    "scar-without-card-reason": gettext_lazy("A scar placed without a card says which rule."),
    "eliminated-for-good": gettext_lazy("An eliminated faction does not rejoin this game."),
    "void-reason": gettext_lazy("Say why the entry is taken back."),
    "entry-void-once": gettext_lazy("That entry is already taken back."),
    "naming-roll-untied": gettext_lazy("Only the players tied for most signatures roll."),
    "no-signature-after-15": gettext_lazy("After the fifteenth game nobody signs the board."),
    "eliminated-controls-nothing": gettext_lazy("An eliminated player controls nothing."),
    "no-rewards-after-15": gettext_lazy("After the fifteenth game there are no more rewards."),
    "game-played": gettext_lazy(
        "A game is cancelled only before its first entry; fix its seats instead."
    ),
    "cancel-reason": gettext_lazy("Say why the game is cancelled."),
    "seat-fix-reason": gettext_lazy("After the first entry, a seat is corrected with a reason."),
    "seat-unchanged": gettext_lazy("That is how the seat already is."),
    "seat-incomplete": gettext_lazy("Each seat needs a player, a faction and a start."),
    "bonus-change": gettext_lazy("A continent's bonus changes by +1 or -1."),
    "no-city": gettext_lazy("There is no city there to destroy."),
    "no-working-fortification": gettext_lazy(
        "That territory has no working fortification: there is no box to mark."
    ),
    "one-starting-power": gettext_lazy("Each faction keeps one starting power."),
    "mark-place": gettext_lazy("A mark goes on one territory or one faction card."),
    "recruitment": gettext_lazy("Territories and population cannot be negative."),
    "troops": gettext_lazy("Troops recruited must be 0 to 1000."),
    "counts": gettext_lazy("The players hold 42 territories at most, all together."),
}


def refusal_message(refusal: RuleViolation) -> str:
    language = get_language() or settings.LANGUAGE_CODE
    own = RULE_MESSAGES.get(refusal.rule)
    if language.startswith("en") or own is None:
        return refusal.message
    return f"{own} ({refusal.message})"


def refuse(form, refusal: RuleViolation) -> None:
    """Show a service's refusal at the top of the form it came from."""
    form.add_error(None, refusal_message(refusal))
