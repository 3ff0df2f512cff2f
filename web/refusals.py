"""Refusals in the players' words.

The services word their refusals in English. In another language the page says the rule's own
sentence in that language (the service's English words are for English pages and the logs).
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language, gettext_lazy

from legacy.errors import RuleViolation
from legacy.wording import said

# Every rule a page can meet, in words a translator can reach (a test checks every rule= slug).
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
    "packet-not-earned": gettext_lazy(
        "Do not open a packet until you have earned the right: its trigger has not fired. If "
        "your group earned it another way, say how."
    ),
    "world-not-named": gettext_lazy(
        "Name the world first: it is named at the end of game 15, before game 16 is set up."
    ),
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
    "scar-dice-effect": gettext_lazy("Choose one of the listed effects on the dice."),
    "odds-factions": gettext_lazy("A faction does not attack itself."),
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
    "one-scar-card-each": gettext_lazy(
        "One scar card each: a player who has played theirs places no second scar without one."
    ),
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
    "unknown-packet": gettext_lazy(
        "There is no such packet: one of the box's six, or a sealed component you added."
    ),
    "component-name": gettext_lazy("A sealed component needs a name of up to 60 characters."),
    "component-trigger": gettext_lazy("Say when it opens, in up to 300 characters."),
    "component-in-the-box": gettext_lazy("That is one of the box's own packets."),
    "component-name-taken": gettext_lazy("There is already a sealed component by that name."),
    "unknown-component": gettext_lazy("There is no such sealed component in this campaign."),
    "component-opened": gettext_lazy(
        "That sealed component was opened: void it instead, saying why."
    ),
    "world-number": gettext_lazy("A world number fits in 30 characters."),
    "campaign-archived": gettext_lazy(
        "This campaign is archived and read-only: its owner unarchives it to change it."
    ),
    "draft-every-seat": gettext_lazy("The draft gives every seat at the table its picks."),
    "draft-turn-order": gettext_lazy("Each turn position goes to one seat."),
    "draft-placement-order": gettext_lazy("Each placement position goes to one seat."),
    "draft-troops": gettext_lazy("Starting troops are a count from 0 to 99."),
    "draft-coin-cards": gettext_lazy("Starting coin cards are a count from 0 to 20."),
    "draft-when": gettext_lazy("The draft is entered while the game is set up or being played."),
    "name-linked-already": gettext_lazy("That roster name is linked to another member already."),
    "one-name-each": gettext_lazy(
        "You are linked to another roster name of this campaign already."
    ),
    "members-only": gettext_lazy("Only the campaign's members may claim a roster name."),
    "name-claimed-already": gettext_lazy(
        "Another member has claimed that roster name: the owner decides."
    ),
    "no-claim": gettext_lazy("Nobody has claimed that roster name."),
    "invitation-player": gettext_lazy(
        "Choose a roster name of this campaign that nobody is linked to."
    ),
    "note-text": gettext_lazy("A note needs some text."),
    "note-too-long": gettext_lazy("A note holds up to 5000 characters."),
    "unknown-note": gettext_lazy("There is no such note in this game."),
    "note-author": gettext_lazy("Only its author or the campaign's owner may change a note."),
    "rulebook-section": gettext_lazy("Choose one of the rulebook's sections."),
    "sticker-title": gettext_lazy(
        "A rule sticker needs a title of up to 100 characters and a text of up to 5000."
    ),
    "sticker-setting": gettext_lazy("That is not a setting Earthbook reads."),
    "sticker-packet": gettext_lazy(
        "A sticker is unlocked by a packet opened in its game or before."
    ),
    "world-capital-locked": gettext_lazy("No opened packet allows founding a World Capital yet."),
    "world-capitals-allowed": gettext_lazy(
        "This campaign already has as many World Capitals as its house rules allow."
    ),
    "world-capital-between-games": gettext_lazy(
        "During a game, a World Capital is founded from the game's quick log."
    ),
    "war-over": gettext_lazy(
        "The war is won: record the end of the game, or take the winning entry back."
    ),
    "war-won": gettext_lazy("The log says who won the war: that player is the winner."),
    "out-of-the-war": gettext_lazy(
        "A faction out of the war makes no entry: it only rejoins, where the rules allow it."
    ),
    "hq-held-already": gettext_lazy("That player already controls that HQ."),
    "red-stars-four": gettext_lazy("The fourth red star wins: there is no fifth."),
    "world-capitals-setting": gettext_lazy("World Capitals allowed: a whole number from 0 to 42."),
    "house-rule": gettext_lazy("Choose one of the readings the settings list for this point."),
    "unknown-deck": gettext_lazy("There are two decks: event cards and mission cards."),
    "card-title": gettext_lazy("A card needs a title of up to 100 characters."),
    "card-text": gettext_lazy("A card's text fits in 2000 characters."),
    "card-packet-not-open": gettext_lazy("A card comes from a packet this campaign has opened."),
    "unknown-card": gettext_lazy("This campaign has no such event or mission card."),
    "card-destroyed-for-good": gettext_lazy("That card was destroyed: it left its deck for good."),
    "card-drawn-once-a-game": gettext_lazy("That card was already drawn in this game."),
    "event-card-not-completed": gettext_lazy(
        "An event card is played, not completed: only a mission is completed."
    ),
    "mission-not-drawn": gettext_lazy("That mission was not drawn in this game: draw it first."),
    "mission-completed-once": gettext_lazy("That mission was already completed in this game."),
    "mission-red-stars": gettext_lazy("A mission gives one or two red stars."),
    "faction-colour": gettext_lazy("A faction's colour is written #rrggbb."),
    "faction-name": gettext_lazy("A faction needs a name of up to 60 characters."),
    "faction-name-taken": gettext_lazy("This campaign already has a faction of that name."),
    "faction-text": gettext_lazy("A faction's description fits in 2000 characters."),
    "between-games": gettext_lazy("This is done between games, not while one is under way."),
    "scar-colour": gettext_lazy("A scar type's colour is chosen from the list."),
    "faction-scar-yellow": gettext_lazy("A scar that goes on a faction card is yellow."),
    "power-type": gettext_lazy("A power's type is its colour: choose one from the list."),
    "power-name": gettext_lazy("A power needs a name of up to 60 characters."),
    "power-text": gettext_lazy("A power's text fits in 2000 characters."),
    "packet-not-open": gettext_lazy("A power comes from a packet that was opened."),
    "one-power-per-type": gettext_lazy(
        "A faction card holds one power of each type: a new one covers the old one or is not "
        "placed."
    ),
    "nothing-to-cover": gettext_lazy("The card holds no power of that type to cover."),
    "power-gone": gettext_lazy("That power no longer counts: there is nothing to destroy."),
    "photo-type": gettext_lazy("Only JPEG, PNG, WebP or HEIC photos."),
    "photo-too-large": gettext_lazy("This photo is larger than the limit for photos."),
    "photo-too-many-pixels": gettext_lazy("This photo has more pixels than the limit for photos."),
    "photo-damaged": gettext_lazy("This file is damaged or incomplete."),
    "photo-too-many-scans": gettext_lazy(
        "This JPEG is written in too many passes; save it again as an ordinary JPEG."
    ),
    "photo-caption": gettext_lazy("The caption is too long."),
    "poster-after-world-named": gettext_lazy("The poster is drawn once the world is named."),
    "territory-name-taken": gettext_lazy("The board already has a territory of that name."),
    "unknown-continent": gettext_lazy("Choose one of the board's continents."),
    "territory-connected": gettext_lazy(
        "A new territory joins at least one territory already on the board."
    ),
    "connection-once": gettext_lazy("Those territories are already connected."),
    "connection-itself": gettext_lazy("A connection joins two different territories."),
    "unknown-game": gettext_lazy("A packet's additions come in a game the campaign played."),
    "card-coins": gettext_lazy("A territory card holds 1 to 6 coins."),
    "unknown-territory": gettext_lazy("That territory is not on the board in that game."),
}


ANY_RULE = gettext_lazy("The rules do not allow that.")


def refusal_message(refusal: RuleViolation) -> str:
    """The service's own words on an English page; the rule's sentence in any other language."""
    if isinstance(refusal, RuleViolation) and refusal.template is not None:
        return said(refusal)  # a rule with its own sentence, worded in the reader's language
    language = get_language() or settings.LANGUAGE_CODE
    if language.startswith("en"):
        return refusal.message
    return str(RULE_MESSAGES.get(getattr(refusal, "rule", None), ANY_RULE))


def refuse(form, refusal: RuleViolation) -> None:
    """Show a service's refusal at the top of the form it came from."""
    form.add_error(None, refusal_message(refusal))
