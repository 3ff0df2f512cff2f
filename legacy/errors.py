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

    # The table: scars and scar cards
    UNKNOWN_SCAR = "unknown-scar", gettext_noop("This campaign has no scar type %(scar)s.")
    SCAR_PLACE = (
        "scar-place",
        gettext_noop(
            "A scar goes on one territory or on one faction card. %(scar)s goes %(place)s."
        ),
    )
    ONE_SCAR_PER_TERRITORY = (
        "one-scar-per-territory",
        gettext_noop("%(territory)s already has a scar: one per territory."),
    )
    ONE_SCAR_PER_FACTION_CARD = (
        "one-scar-per-faction-card",
        gettext_noop("The %(faction)s card already has a scar: one per faction card."),
    )
    SCAR_WITHOUT_CARD_REASON = (
        "scar-without-card-reason",
        gettext_noop("A scar placed without a scar card says which rule places it."),
    )
    ONE_SCAR_CARD_EACH = (
        "one-scar-card-each",
        gettext_noop(
            "%(player)s has played their one scar card this game: a second scar of theirs is "
            "not placed without a card."
        ),
    )
    NO_SCAR_CARDS_THIS_GAME = (
        "no-scar-cards-this-game",
        gettext_noop(
            "No scar cards were dealt in game %(game)d: there were not enough for every player, "
            "so nobody places a scar with one."
        ),
    )
    SCAR_CARD_HOLDER = "scar-card-holder", gettext_noop("Say who plays the scar card.")
    SCAR_CARD_HELD = (
        "scar-card-held",
        gettext_noop("%(player)s holds no scar card any more: one card a game, played once."),
    )
    SCAR_CARD_KIND = (
        "scar-card-kind",
        gettext_noop("%(player)s's scar card is not a %(scar)s card."),
    )
    STOCK_EMPTY = (
        "stock-empty",
        gettext_noop("All %(count)d %(scar)s scar cards have been played: the box has no more."),
    )

    # The table: missiles, recruitment, red stars, the end of the war
    MISSILES_PER_ROLL = (
        "missiles-per-roll",
        gettext_noop(
            "A roll has at most 5 dice, so 1 to 5 missiles can be played on it: at most 5 "
            "missiles in all."
        ),
    )
    MISSILES_HELD = (
        "missiles-held",
        gettext_noop("%(player)s holds %(held)d missile(s): %(count)d cannot be played."),
    )
    MISSILE_ROLL = (
        "missile-roll",
        gettext_noop("Entry %(entry)d of this game is not a roll with missiles on it."),
    )
    TROOPS = "troops", gettext_noop("Troops recruited must be 0 to %(most)d.")
    ALREADY_OUT = "already-out", gettext_noop("%(player)s is already out of the war.")
    RED_STARS_FOUR = (
        "red-stars-four",
        gettext_noop(
            "%(player)s has %(count)d red stars already: the fourth wins, there is no fifth."
        ),
    )
    WAR_OVER = (
        "war-over",
        gettext_noop(
            "%(player)s won game %(game)d with %(how)s (entry %(entry)s): the war is over. "
            "Record the end of the game, or take that entry back."
        ),
    )
    OUT_OF_THE_WAR = (
        "out-of-the-war",
        gettext_noop("%(player)s %(out)s: a faction out of the war records no %(what)s."),
    )
    HQ_HELD_ALREADY = (
        "hq-held-already",
        gettext_noop("%(player)s already controls the HQ of %(owner)s."),
    )
    NOT_OUT = "not-out", gettext_noop("%(player)s is still in the war.")
    ELIMINATED_FOR_GOOD = (
        "eliminated-for-good",
        gettext_noop(
            "%(player)s was eliminated (entry %(entry)s): an eliminated faction does not rejoin "
            "this game."
        ),
    )
    JOIN_THE_WAR = (
        "join-the-war",
        gettext_noop("%(player)s cannot join the war there: %(reason)s"),
    )

    # The table: the coin pile, marks, cities, fortifications, taking an entry back
    COUNTS = (
        "counts",
        gettext_noop("A player controls a whole number of territories, 0 to %(count)d."),
    )
    TERRITORIES_IN_ALL = (
        "territories-in-all",
        gettext_noop("The board has %(count)d territories in all."),
    )
    UNKNOWN_SEAT = "unknown-seat", gettext_noop("That player is not seated in this game.")
    UNKNOWN_MARK_KIND = (
        "unknown-mark-kind",
        gettext_noop("This campaign has not unlocked a kind of mark called %(kind)s."),
    )
    MARK_PLACE = "mark-place", gettext_noop("A mark goes on one territory or one faction card.")
    NO_CITY = "no-city", gettext_noop("There is no city there to destroy.")
    NO_WORKING_FORTIFICATION = (
        "no-working-fortification",
        gettext_noop("%(territory)s has no working fortification: there is no box to mark."),
    )
    VOID_REASON = "void-reason", gettext_noop("Say why the entry is taken back.")
    UNKNOWN_ENTRY = "unknown-entry", gettext_noop("Game %(game)d has no entry %(entry)d.")
    ENTRY_VOID_ONCE = "entry-void-once", gettext_noop("Entry %(entry)d is already taken back.")

    # Rewards and milestones
    NAME_REQUIRED = "name-required", gettext_noop("%(what)s needs a name.")
    NAME_TOO_LONG = (
        "name-too-long",
        gettext_noop("%(what)s: a name fits in %(most)d characters."),
    )
    WINNERS_REWARD_KIND = (
        "winners-reward-kind",
        gettext_noop("%(reward)s is not a winner's reward."),
    )
    HELD_ON_REWARD = "held-on-reward", gettext_noop("%(reward)s is not a reward for holding on.")
    UNKNOWN_CONTINENT = (
        "unknown-continent",
        gettext_noop("There is no continent called %(continent)s on the board."),
    )
    CONTINENT_NAMED_ONCE = (
        "continent-named-once",
        gettext_noop("%(continent)s already has a name: each continent is named once."),
    )
    BONUS_CHANGE = "bonus-change", gettext_noop("A continent's bonus changes by +1 or -1.")
    BONUS_CHANGED_ONCE = (
        "bonus-changed-once",
        gettext_noop(
            "%(continent)s's bonus was already changed: each continent can be changed once."
        ),
    )
    BONUS_STICKER_USED = (
        "bonus-sticker-used",
        gettext_noop("The %(sign)s bonus sticker is already used."),
    )
    STICKERS_USED = "stickers-used", gettext_noop("All %(stickers)s are used.")
    ONE_CITY_PER_TERRITORY = (
        "one-city-per-territory",
        gettext_noop("%(territory)s already has a city: one city per territory."),
    )
    WORLD_CAPITAL_LOCKED = (
        "world-capital-locked",
        gettext_noop("No opened packet allows founding a World Capital yet."),
    )
    WORLD_CAPITALS_ALLOWED = (
        "world-capitals-allowed",
        gettext_noop(
            "No World Capital may be founded now: no opened packet allows one, or the campaign "
            "has as many as it allows."
        ),
    )
    CANCEL_NEEDS_SCAR = "cancel-needs-scar", gettext_noop("%(territory)s has no scar to cancel.")
    FORTIFY_NEEDS_CITY = (
        "fortify-needs-city",
        gettext_noop("%(territory)s has no city to fortify."),
    )
    CARD_DESTROYED_ONCE = (
        "card-destroyed-once",
        gettext_noop("%(territory)s's territory card is already destroyed."),
    )
    HELD_ON_REWARDS_ENDED = (
        "held-on-rewards-ended",
        gettext_noop(
            "%(stickers)s are used, and in this campaign held-on rewards end when either stock "
            "runs out."
        ),
    )
    HELD_ON_CONTROLLED = (
        "held-on-controlled",
        gettext_noop("You did not control %(territory)s at the end of the game."),
    )
    CARD_DESTROYED = (
        "card-destroyed",
        gettext_noop("%(territory)s's territory card was destroyed."),
    )
    CARD_COIN_LIMIT = (
        "card-coin-limit",
        gettext_noop("%(territory)s's card already holds %(count)d coins, the most a card holds."),
    )
    NAMING_ROLL_UNTIED = (
        "naming-roll-untied",
        gettext_noop("Only the players tied for the most signatures roll to name the world."),
    )
    NAMING_ROLL = (
        "naming-roll",
        gettext_noop("Every tied player rolls one die: a number from 1 to 6."),
    )

    # What a packet adds to the board
    UNKNOWN_GAME = "unknown-game", gettext_noop("There is no game %(game)s in this campaign.")
    CONNECTION_ITSELF = (
        "connection-itself",
        gettext_noop("A connection joins two different territories."),
    )
    CONNECTION_ONCE = (
        "connection-once",
        gettext_noop("%(territory)s and %(other)s are already connected."),
    )
    TERRITORY_NAME_TAKEN = (
        "territory-name-taken",
        gettext_noop("The board already has a territory called %(territory)s."),
    )
    CARD_COINS = (
        "card-coins",
        gettext_noop("A territory card holds 1 to %(most)d coins, not %(count)d."),
    )
    TERRITORY_CONNECTED = (
        "territory-connected",
        gettext_noop("A new territory joins at least one territory already on the board."),
    )

    # Before a game: the draft, the coins before the first game; recruitment
    DRAFT_EVERY_SEAT = (
        "draft-every-seat",
        gettext_noop("The draft gives every seat at the table its picks."),
    )
    DRAFT_TURN_ORDER = (
        "draft-turn-order",
        gettext_noop("Each turn position from 1 to %(count)d goes to one seat."),
    )
    DRAFT_PLACEMENT_ORDER = (
        "draft-placement-order",
        gettext_noop("Each placement position from 1 to %(count)d goes to one seat."),
    )
    DRAFT_TROOPS = "draft-troops", gettext_noop("Starting troops are a count from 0 to %(most)d.")
    DRAFT_COIN_CARDS = (
        "draft-coin-cards",
        gettext_noop("Starting coin cards are a count from 0 to %(most)d."),
    )
    FIRST_GAME_COINS = (
        "first-game-coins",
        gettext_noop(
            "Before the first game all %(count)d coin stickers go on territory cards; %(given)d "
            "were given."
        ),
    )
    FIRST_GAME_COIN_LIMIT = (
        "first-game-coin-limit",
        gettext_noop(
            "%(territory)s would hold %(count)d coins: no card may hold more than %(most)d "
            "before the first game."
        ),
    )
    TRADE_CHART = (
        "trade-chart",
        gettext_noop(
            "Cards traded in must be worth %(low)d to %(high)d coins in total, not %(coins)d."
        ),
    )
    RECRUITMENT = "recruitment", gettext_noop("Territories and population cannot be negative.")

    # The end of a game
    REWARD_KIND = "reward-kind", gettext_noop("A reward needs a known kind: %(kinds)s.")
    NO_SIGNATURE_AFTER_15 = (
        "no-signature-after-15",
        gettext_noop(
            "After the fifteenth game nobody signs the winners' section: there is no slogan or "
            "date to write."
        ),
    )
    EVERY_RESULT = (
        "every-result",
        gettext_noop("Every seat gets a result: won, held on or eliminated."),
    )
    RESULT = "result", gettext_noop("A result is won, held_on or eliminated, not %(result)s.")
    ONE_WINNER = "one-winner", gettext_noop("A game has exactly one winner; %(count)d were given.")
    ELIMINATED_CONTROLS_NOTHING = (
        "eliminated-controls-nothing",
        gettext_noop("%(player)s was eliminated and controls nothing."),
    )
    CONTROLLED = "controlled", gettext_noop("Controlled territories are a list.")
    TERRITORY_ONE_OWNER = (
        "territory-one-owner",
        gettext_noop("%(territory)s has two owners: give it to one."),
    )
    HELD_ON_MUST_CHOOSE = (
        "held-on-must-choose",
        gettext_noop(
            "%(player)s held on and chooses one reward while one is legal: %(rewards)s. No "
            "reward only when none is legal: the stocks are empty, or they controlled nothing a "
            "reward could go on."
        ),
    )
    NO_REWARDS_AFTER_15 = (
        "no-rewards-after-15",
        gettext_noop("After the fifteenth game there are no more winner or held-on rewards."),
    )
    WINNER_REWARD = "winner-reward", gettext_noop("%(player)s won and chooses one reward.")
    HELD_ON_ONLY = (
        "held-on-only",
        gettext_noop("%(player)s did not hold on, so gets no held-on reward."),
    )
    # A player's refused choice, said with their name first. Its refusal keeps the rule the
    # choice broke: this slug names the sentence only, and no refusal answers with it.
    PLAYERS_CHOICE = "players-choice", gettext_noop("%(player)s: %(refusal)s")
    CORRECTION_REASON = (
        "correction-reason",
        gettext_noop("Say why: every correction of the world records its reason."),
    )
    WORLD = "world", gettext_noop("That change breaks a rule of the box: %(problems)s")

    # The end of a game as the log decides it (finish_rules.end_by_the_log)
    WAR_WON = (
        "war-won",
        gettext_noop("The log says %(player)s won the war at entry %(entry)s, %(how)s."),
    )
    OUT_AT_THE_END = (
        "out-at-the-end",
        gettext_noop(
            "The log says %(player)s ends the game eliminated: %(how)s at entry %(entry)s."
        ),
    )

    # --- The campaign's services (campaigns, api) ---------------------------------------------
    CREDENTIALS = "credentials", gettext_noop("Wrong username or password.")
    # The campaign and its people (campaigns/services.py, members.py, claims.py)
    UNKNOWN_CAMPAIGN = "unknown-campaign", gettext_noop("There is no such campaign.")
    CAMPAIGN_ARCHIVED = (
        "campaign-archived",
        gettext_noop(
            "This campaign is archived and read-only: its owner unarchives it to change it."
        ),
    )
    PLAYER_NAME_UNIQUE = (
        "player-name-unique",
        gettext_noop(
            "There is already a player called %(name)s. "
            "Each player at the table needs a different name."
        ),
    )
    CAMPAIGN_LANGUAGE = (
        "campaign-language",
        gettext_noop("Earthbook draws the board in English (en) or Russian (ru)."),
    )
    UNKNOWN_PLAYER = "unknown-player", gettext_noop("That player is not on this campaign's roster.")
    OWNER_ONLY = "owner-only", gettext_noop("Only the campaign's owner may do that.")
    OWNER_STAYS = (
        "owner-stays",
        gettext_noop("%(member)s is the campaign's owner and stays its owner."),
    )
    ONE_OWNER = (
        "one-owner",
        gettext_noop(
            "A campaign has one owner, the person who opened the box: give editor or viewer."
        ),
    )
    ROLE = "role", gettext_noop("There is no role %(role)s.")
    MEMBER_ROLE = "member-role", gettext_noop("A member is an editor or a viewer.")
    UNKNOWN_USER = "unknown-user", gettext_noop("There is no account called %(username)s.")
    MEMBER_ONCE = "member-once", gettext_noop("%(username)s is already a member of this campaign.")
    INVITATION_ROLE = "invitation-role", gettext_noop("An invitation makes an editor or a viewer.")
    INVITATION_PLAYER = (
        "invitation-player",
        gettext_noop("Choose a roster name of this campaign that nobody is linked to."),
    )
    INVITATION_UNKNOWN = "invitation-unknown", gettext_noop("This invitation link is not valid.")
    INVITATION_REVOKED = (
        "invitation-revoked",
        gettext_noop("This invitation link was withdrawn: ask the owner for a new one."),
    )
    INVITATION_EXPIRED = (
        "invitation-expired",
        gettext_noop("This invitation link has expired: ask the owner for a new one."),
    )
    INVITATION_USED = (
        "invitation-used",
        gettext_noop(
            "This invitation link was for one person and has been used: "
            "ask the owner for a new one."
        ),
    )
    WORLD_NUMBER = "world-number", gettext_noop("A world number fits in %(limit)d characters.")
    UNKNOWN_HOUSE_RULE = "unknown-house-rule", gettext_noop("There is no house rule %(rule)s.")
    HOUSE_RULE = (
        "house-rule",
        gettext_noop("%(rule)s: one of %(readings)s, not %(given)s."),
    )
    WORLD_CAPITALS_SETTING = (
        "world-capitals-setting",
        gettext_noop("World Capitals allowed: a whole number from 0 to %(most)d."),
    )
    NAME_LINKED_ALREADY = (
        "name-linked-already",
        gettext_noop("The roster name %(player)s is linked to another member already."),
    )
    ONE_NAME_EACH = (
        "one-name-each",
        gettext_noop("You are linked to another roster name of this campaign already: %(player)s."),
    )
    MEMBERS_ONLY = (
        "members-only",
        gettext_noop("Only the campaign's members may claim a roster name."),
    )
    NAME_CLAIMED_ALREADY = (
        "name-claimed-already",
        gettext_noop("Another member has claimed the roster name %(player)s: the owner decides."),
    )
    NO_CLAIM = "no-claim", gettext_noop("Nobody has claimed the roster name %(player)s.")
    BACKUP_OWNER = "backup-owner", gettext_noop("An imported campaign needs an owner.")

    # Before the first game, and the marks fixed later (services.py)
    ONE_STARTING_POWER = (
        "one-starting-power",
        gettext_noop("%(faction)s keeps one starting power, not two."),
    )
    UNKNOWN_STARTING_POWER = (
        "unknown-starting-power",
        gettext_noop("%(faction)s has no starting power %(power)s: choose a or b."),
    )
    EVERY_FACTION_CHOOSES = (
        "every-faction-chooses",
        gettext_noop("Every faction chooses a starting power; still to choose: %(factions)s."),
    )
    FIRST_GAME_SETUP_ONCE = (
        "first-game-setup-once",
        gettext_noop("This campaign is already set up: 'before the first game' happens once."),
    )
    FIRST_GAME_COINS_CHOICE = (
        "first-game-coins-choice",
        gettext_noop("Either place the coins yourselves or ask for random placement, not both."),
    )
    PLACED_IN_A_REAL_GAME = (
        "placed-in-a-real-game",
        gettext_noop(
            "There is no game %(game)s in this campaign: a mark is placed in a game that has "
            "been set up (0 to %(last)d; 0 is before the first game)."
        ),
    )
    UNKNOWN_MARK = "unknown-mark", gettext_noop("There is no such mark in this campaign.")
    VOID_ONCE = "void-once", gettext_noop("That mark is already void.")

    # Setting up a game, and fixing it (game/setup.py, game/draft.py)
    SEAT_INCOMPLETE = (
        "seat-incomplete",
        gettext_noop("Each seat needs a player, a faction and a starting territory."),
    )
    PLAYER_ONCE = "player-once", gettext_noop("%(player)s is seated twice: one seat per player.")
    FACTION_ONCE = (
        "faction-once",
        gettext_noop("%(faction)s is taken: each faction is played once."),
    )
    LEGAL_START = "legal-start", gettext_noop("%(player)s cannot start there: %(why)s")
    FIRST_GAME_SETUP_NEEDED = (
        "first-game-setup-needed",
        gettext_noop("Do 'before the first game' first: starting powers and the 12 coins."),
    )
    ONE_GAME_AT_A_TIME = (
        "one-game-at-a-time",
        gettext_noop("Game %(game)d is not finished yet: finish it before the next one."),
    )
    PLAYER_COUNT = (
        "player-count",
        gettext_noop("Risk Legacy is played by %(least)d to %(most)d players, not %(count)d."),
    )
    WORLD_NOT_NAMED = (
        "world-not-named",
        gettext_noop(
            "Name the world first: it is named at the end of game %(game)d, before game "
            "%(next)d is set up."
        ),
    )
    CANCEL_REASON = "cancel-reason", gettext_noop("Say why the game is cancelled.")
    GAME_PLAYED = (
        "game-played",
        gettext_noop(
            "Game %(game)d has begun: a game is cancelled only before its first entry; fix its "
            "seats instead."
        ),
    )
    SEAT_FIX_REASON = (
        "seat-fix-reason",
        gettext_noop(
            "Game %(game)d has begun: say why the seat is corrected, every correction records "
            "its reason."
        ),
    )
    SEAT_UNCHANGED = (
        "seat-unchanged",
        gettext_noop("That is how the seat already is: nothing to fix."),
    )
    DRAFT_WHEN = (
        "draft-when",
        gettext_noop("The draft is entered while the game is set up or being played."),
    )

    # The end of a game, amending it, naming the world (game/finish.py)
    GAME_FINISHED = "game-finished", gettext_noop("Game %(game)d is already finished.")
    AMEND_FINISHED = (
        "amend-finished",
        gettext_noop("Game %(game)d is not finished: there is nothing to amend."),
    )
    AMEND_BEFORE_NEXT = (
        "amend-before-next",
        gettext_noop(
            "Game %(next)d has begun: game %(game)d can no longer be amended. Correct single "
            "marks instead."
        ),
    )
    STALE_AMENDMENT = (
        "stale-amendment",
        gettext_noop("Someone changed this game meanwhile: reload it and amend again."),
    )
    WORLD_NAME_AFTER_15 = (
        "world-name-after-15",
        gettext_noop("The world is named after the fifteenth game."),
    )
    WORLD_NAMED_ONCE = "world-named-once", gettext_noop("The world already has a name: %(name)s.")
    NAMING_ROLL_PLAYER = (
        "naming-roll-player",
        gettext_noop("Only the campaign's own players roll to name the world."),
    )
    NAMING_TIE = (
        "naming-tie",
        gettext_noop(
            "%(players)s are tied: each rolls a die, adding 1 for every continent they named, "
            "and the highest names the world."
        ),
    )

    # Factions and their powers (game/factions.py)
    FACTION_COLOUR = (
        "faction-colour",
        gettext_noop("A faction's colour is written #rrggbb, for example #7b4fa3."),
    )
    FACTION_NAME = (
        "faction-name",
        gettext_noop("A faction needs a name of up to %(limit)d characters."),
    )
    FACTION_NAME_TAKEN = (
        "faction-name-taken",
        gettext_noop("This campaign already has a faction called %(faction)s."),
    )
    FACTION_TEXT = (
        "faction-text",
        gettext_noop("A faction's description fits in %(limit)d characters."),
    )
    BETWEEN_GAMES = (
        "between-games",
        gettext_noop("Game %(game)d is being played: this is done between games."),
    )
    GAME_NOT_IN_PROGRESS = (
        "game-not-in-progress",
        gettext_noop("Game %(game)s is not being played: this is done in the game being played."),
    )
    POWER_TYPE = "power-type", gettext_noop("A power's type is its colour, one of: %(types)s.")
    POWER_NAME = "power-name", gettext_noop("A power needs a name of up to %(limit)d characters.")
    POWER_TEXT = "power-text", gettext_noop("A power's text fits in %(limit)d characters.")
    PACKET_NOT_OPEN = (
        "packet-not-open",
        gettext_noop("%(packet)s is not open: a power comes from a packet that was opened."),
    )
    ONE_POWER_PER_TYPE = (
        "one-power-per-type",
        gettext_noop(
            "The %(faction)s card already holds a %(type)s power (%(power)s): a card holds one "
            "power of each type. Say that the new one covers it to place it over the old one."
        ),
    )
    NOTHING_TO_COVER = (
        "nothing-to-cover",
        gettext_noop("The %(faction)s card holds no %(type)s power for the new one to cover."),
    )
    UNKNOWN_POWER = (
        "unknown-power",
        gettext_noop("There is no such power on this campaign's cards."),
    )
    POWER_GONE = (
        "power-gone",
        gettext_noop(
            "%(power)s no longer counts (it was taken off in game %(game)s): there is nothing to "
            "destroy."
        ),
    )

    # Packets and what they unlock (game/packets.py)
    UNLOCK = (
        "unlock",
        gettext_noop("Each unlocked item needs a kind and a title of up to %(limit)d characters."),
    )
    UNLOCK_KIND = "unlock-kind", gettext_noop("Unknown kind of unlocked content %(kind)s.")
    UNLOCK_NAME_TAKEN = (
        "unlock-name-taken",
        gettext_noop("This campaign already has something called %(title)s."),
    )
    SCAR_TYPE_CARDS = (
        "scar-type-cards",
        gettext_noop("A scar type has %(least)d to %(most)d cards."),
    )
    SCAR_COLOUR = "scar-colour", gettext_noop("A scar type's colour is one of: %(colours)s.")
    FACTION_SCAR_YELLOW = (
        "faction-scar-yellow",
        gettext_noop("A scar that goes on a faction card is yellow."),
    )
    UNKNOWN_PACKET = "unknown-packet", gettext_noop("There is no packet called %(packet)s.")
    PACKET_OPENED_ONCE = "packet-opened-once", gettext_noop("%(packet)s is already open.")
    PACKET_NOT_EARNED = (
        "packet-not-earned",
        gettext_noop(
            "%(packet)s is not earned yet. Its trigger has not fired: %(trigger)s Do not open it "
            "until you have earned the right; if your group earned it another way, say how."
        ),
    )

    # The rulebook's stickers and the sealed components (game/rulebook.py, game/sealed.py)
    RULEBOOK_SECTION = (
        "rulebook-section",
        gettext_noop("The rulebook has no section called %(section)s."),
    )
    STICKER_TITLE = (
        "sticker-title",
        gettext_noop(
            "A rule sticker needs a title of up to %(title_limit)d characters and a text of up "
            "to %(text_limit)d."
        ),
    )
    STICKER_SETTING = (
        "sticker-setting",
        gettext_noop("Earthbook reads no setting called %(setting)s."),
    )
    STICKER_PACKET = (
        "sticker-packet",
        gettext_noop(
            "%(packet)s was not open in game %(game)s: a sticker it unlocked is added in the game "
            "it was opened or later."
        ),
    )
    UNKNOWN_COMPONENT = (
        "unknown-component",
        gettext_noop("There is no such sealed component in this campaign."),
    )
    COMPONENT_NAME = (
        "component-name",
        gettext_noop(
            "A sealed component needs a name of up to %(limit)d characters, with a letter or a "
            "digit in it."
        ),
    )
    COMPONENT_TRIGGER = (
        "component-trigger",
        gettext_noop("Say when it opens, as printed on it, in up to %(limit)d characters."),
    )
    COMPONENT_IN_THE_BOX = (
        "component-in-the-box",
        gettext_noop("%(packet)s is one of the box's own packets: Earthbook knows it."),
    )
    COMPONENT_NAME_TAKEN = (
        "component-name-taken",
        gettext_noop("This campaign already has a sealed component called %(name)s."),
    )
    COMPONENT_OPENED = (
        "component-opened",
        gettext_noop("That sealed component was opened: void it instead, saying why."),
    )

    # Notes, odds, World Capitals (game/notes.py, game/odds.py, capitals.py)
    NOTE_TEXT = "note-text", gettext_noop("A note needs some text.")
    NOTE_TOO_LONG = "note-too-long", gettext_noop("A note holds up to %(limit)d characters.")
    UNKNOWN_NOTE = "unknown-note", gettext_noop("There is no such note in this game.")
    NOTE_AUTHOR = (
        "note-author",
        gettext_noop("Only its author or the campaign's owner may change a note."),
    )
    ODDS_FACTIONS = "odds-factions", gettext_noop("A faction does not attack itself.")
    WORLD_CAPITAL_BETWEEN_GAMES = (
        "world-capital-between-games",
        gettext_noop(
            "A game is being set up or played: a World Capital founded during a game is an "
            "entry of its log."
        ),
    )

    # Pictures and photos (pictures/, photos/)
    POSTER_AFTER_WORLD_NAMED = (
        "poster-after-world-named",
        gettext_noop("The end poster is drawn once the world is named, after the fifteenth game."),
    )
    SNAPSHOT_OF_A_FINISHED_GAME = (
        "snapshot-of-a-finished-game",
        gettext_noop(
            "There is no finished game %(game)s in this campaign: a game's board picture is "
            "drawn when the game ends."
        ),
    )
    TIMELINE_NEEDS_A_GAME = (
        "timeline-needs-a-game",
        gettext_noop("No game of this campaign is finished yet: the timeline has nothing to show."),
    )
    PHOTO_TYPE = (
        "photo-type",
        gettext_noop("Only %(kinds)s photos are taken: this file is not one."),
    )
    PHOTO_TOO_LARGE = "photo-too-large", gettext_noop("This photo is larger than %(limit)s MB.")
    PHOTO_TOO_MANY_PIXELS = (
        "photo-too-many-pixels",
        gettext_noop("This photo has more than %(limit)s million pixels."),
    )
    PHOTO_DAMAGED = (
        "photo-damaged",
        gettext_noop("This file is damaged or incomplete: it could not be read to the end."),
    )
    PHOTO_TOO_MANY_SCANS = (
        "photo-too-many-scans",
        gettext_noop(
            "This JPEG is written in more than %(limit)d passes; save it again as an ordinary JPEG."
        ),
    )
    PHOTO_CAPTION = "photo-caption", gettext_noop("A caption fits in %(limit)d characters.")

    # Quotas (jobs/quotas.py): %(limit)s is the limit, in megabytes for the bytes
    QUOTA_PHOTOS_PER_ACCOUNT = (
        "quota-photos-per-account",
        gettext_noop(
            "This account has reached its limit of photos (%(limit)s): delete one before adding "
            "another."
        ),
    )
    QUOTA_PHOTO_BYTES_PER_ACCOUNT = (
        "quota-photo-bytes-per-account",
        gettext_noop(
            "This account's photos may take at most %(limit)s MB, and this one would pass "
            "that: delete some before adding it."
        ),
    )
    QUOTA_PHOTOS_PER_CAMPAIGN = (
        "quota-photos-per-campaign",
        gettext_noop(
            "This campaign has reached its limit of photos (%(limit)s): delete one before adding "
            "another."
        ),
    )
    QUOTA_PHOTO_BYTES_PER_CAMPAIGN = (
        "quota-photo-bytes-per-campaign",
        gettext_noop(
            "This campaign's photos may take at most %(limit)s MB, and this one would pass "
            "that: delete some before adding it."
        ),
    )
    QUOTA_IMPORTS_PER_ACCOUNT = (
        "quota-imports-per-account",
        gettext_noop(
            "This account already has as many imports waiting or running as it may (%(limit)s): "
            "send this backup again once one has finished."
        ),
    )
    QUOTA_PDFS_PER_ACCOUNT = (
        "quota-pdfs-per-account",
        gettext_noop(
            "This account already has as many chronicle PDFs being made as it may (%(limit)s): "
            "ask again once one is ready."
        ),
    )
    QUOTA_PDFS_PER_CAMPAIGN = (
        "quota-pdfs-per-campaign",
        gettext_noop(
            "This campaign already has as many chronicle PDFs being made as it may (%(limit)s): "
            "ask again once one is ready."
        ),
    )
    QUOTA_POSTERS_PER_ACCOUNT = (
        "quota-posters-per-account",
        gettext_noop(
            "The campaigns of this account already have as many posters being drawn as they may "
            "(%(limit)s): ask again once one is ready."
        ),
    )
    QUOTA_POSTERS_PER_CAMPAIGN = (
        "quota-posters-per-campaign",
        gettext_noop(
            "This campaign already has as many posters being drawn as it may (%(limit)s): ask "
            "again once it is ready."
        ),
    )

    # --- The table's entries (campaigns/game, the doors' entry forms) -------------------------
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

    # --- The odds and the calculators (legacy/odds) -----------------------------------------
    ODDS_WHOLE_NUMBER = (
        "odds-whole-number",
        gettext_noop("The %(what)s must be a whole number, not %(value)s."),
    )
    ODDS_ON_OR_OFF = (
        "odds-on-or-off",
        gettext_noop("'%(modifier)s' is either on or off (True or False), not %(value)s."),
    )
    ODDS_UNKNOWN_MODIFIER = (
        "odds-unknown-modifier",
        gettext_noop("Unknown modifier %(given)s; the known ones are %(known)s."),
    )
    ODDS_UNKNOWN_SCAR_EFFECT = (
        "odds-unknown-scar-effect",
        gettext_noop("Unknown scar effect %(effect)s; the known ones are %(known)s."),
    )
    ODDS_FORTIFICATION_BOXES = (
        "odds-fortification-boxes",
        gettext_noop(
            "A fortification has %(boxes)d boxes, so between 0 and %(boxes)d can be left "
            "unmarked, not %(value)d."
        ),
    )
    ODDS_ONE_SCAR = (
        "odds-one-scar",
        gettext_noop(
            "A territory holds at most one scar: it cannot have both a Bunker and an Ammo Shortage."
        ),
    )
    ODDS_ONE_SCAR_EFFECT = (
        "odds-one-scar-effect",
        gettext_noop(
            "A territory holds at most one scar: give either its scar's effect on the dice or a "
            "Bunker or Ammo Shortage, not both."
        ),
    )
    ODDS_BEAR_ONE_POWER = (
        "odds-bear-one-power",
        gettext_noop(
            "The Enclave of the Bear keeps only one of its two starting powers: choose either "
            "the lower-die power or the three-of-a-kind power."
        ),
    )
    ODDS_MECHANIKER_ONE_POWER = (
        "odds-mechaniker-one-power",
        gettext_noop(
            "Die Mechaniker keeps only one of its two starting powers: choose either the "
            "fortified HQ or the double six."
        ),
    )
    ODDS_ATTACKERS_TWO = (
        "odds-attackers-two",
        gettext_noop(
            "An attack needs at least 2 troops on the attacking territory: one must stay behind."
        ),
    )
    ODDS_ATTACKERS_LIMIT = (
        "odds-attackers-limit",
        gettext_noop(
            "Odds can be worked out for at most %(limit)d troops on the attacking territory; "
            "%(count)d is too many."
        ),
    )
    ODDS_DEFENDERS_ONE = (
        "odds-defenders-one",
        gettext_noop(
            "There must be at least 1 defending troop: an empty territory is not attacked."
        ),
    )
    ODDS_DEFENDERS_LIMIT = (
        "odds-defenders-limit",
        gettext_noop(
            "Odds can be worked out for at most %(limit)d defending troops; %(count)d is too many."
        ),
    )
    ODDS_MISSILES_NEGATIVE = (
        "odds-missiles-negative",
        gettext_noop("The number of missiles cannot be negative."),
    )
    ODDS_MISSILE_TOKENS = (
        "odds-missile-tokens",
        gettext_noop("The box holds only %(most)d missile tokens; %(count)d is too many."),
    )
    ODDS_STOP_AT_ONE = (
        "odds-stop-at-one",
        gettext_noop("The attack must stop with at least 1 troop left on the attacking territory."),
    )
    ODDS_STOP_BELOW_ATTACKERS = (
        "odds-stop-below-attackers",
        gettext_noop(
            "With %(attackers)d troops on the attacking territory the attack must stop below "
            "%(attackers)d, so it can start; %(count)d is too many."
        ),
    )
    ODDS_CHANCE_NUMBER = (
        "odds-chance-number",
        gettext_noop("The chance must be a number between 0 and 1, not %(value)s."),
    )
    ODDS_CHANCE_BETWEEN = (
        "odds-chance-between",
        gettext_noop(
            "The chance must be between 0 and 1 (0.75 is three chances in four); a sure "
            "conquest never exists."
        ),
    )
    ODDS_TOO_BIG_WITH_MISSILES = (
        "odds-too-big-with-missiles",
        gettext_noop(
            "That is too big to work out exactly with missiles: %(states)d combinations of "
            "troops, missiles and fortification boxes, and the limit is %(limit)d. Try fewer "
            "troops or missiles."
        ),
    )
    ODDS_TOO_BIG_WITH_DEFENDER_MISSILES = (
        "odds-too-big-with-defender-missiles",
        gettext_noop(
            "That is too big to work out exactly with the defender's missiles: %(states)d "
            "combinations of troops, both sides' missiles and fortification boxes, and the limit "
            "is %(limit)d. Try fewer troops or missiles."
        ),
    )
    ODDS_BEAR_FIRST_ROLL_MISSILES = (
        "odds-bear-first-roll-missiles",
        gettext_noop(
            "With the Bear's power (a) on the first roll only, the odds are worked out for the "
            "attacker's missiles only: leave the defender's missiles at 0."
        ),
    )
    ODDS_TERRITORIES_LIST = (
        "odds-territories-list",
        gettext_noop("List the territories to take, in order."),
    )
    ODDS_TERRITORIES_EMPTY = (
        "odds-territories-empty",
        gettext_noop("List at least one territory to take."),
    )
    ODDS_TERRITORY_DEFENDERS = (
        "odds-territory-defenders",
        gettext_noop("Territory %(number)d needs its number of defenders."),
    )
    ODDS_ATTACK_DICE = "odds-attack-dice", gettext_noop("The attacker rolls 1, 2 or 3 dice.")
    ODDS_DEFENCE_DICE = "odds-defence-dice", gettext_noop("The defender rolls 1 or 2 dice.")


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
        rule: Rule,
        /,
        *,
        field: str | None = None,
        conflict: bool = False,
        **params: object,
    ):
        if not isinstance(rule, Rule):
            raise TypeError(f"A refusal names its rule, not a sentence: {rule!r}")
        self.rule: str = rule
        self.template: str = rule.template
        message = rule.template % params if params else rule.template
        super().__init__(message)
        self.message = message
        self.params = params
        self.field = field
        self.conflict = conflict

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"RuleViolation({self.rule!r}, {self.message!r})"
