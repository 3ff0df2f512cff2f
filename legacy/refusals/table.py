"""The rules of the table, of the end of a game and of the board (``legacy``)."""

from __future__ import annotations

from legacy.refusals.base import Refusal, gettext_noop


class TableRule(Refusal):
    """Every rule of this area: its slug and its one sentence."""

    UNKNOWN_TERRITORY = (
        "unknown-territory",
        gettext_noop("There is no territory called %(territory)s on the board as of this game."),
    )
    # A reader the campaign hides its added territories from: said the same for a territory a
    # packet added and for one nobody made, naming neither.
    NO_SUCH_TERRITORY = (
        "no-such-territory",
        gettext_noop("There is no such territory on the board."),
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
    SCAR_ON_AN_HQ = (
        "scar-on-an-hq",
        gettext_noop(
            "An HQ stands on %(territory)s, and this campaign places no scar on an HQ's "
            "territory (its settings)."
        ),
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
    REJOIN_AFTER_LAST_STANDING = (
        "rejoin-after-last-standing",
        gettext_noop(
            "%(player)s won game %(game)d as the last faction standing (entry %(entry)s): the "
            "game ended at once, before anyone could join the war again. Record the end of the "
            "game, or take that entry back."
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
    HQ_DEMOLISHED = (
        "hq-demolished",
        gettext_noop("The HQ of %(owner)s was demolished: it is back in the box for this game."),
    )
    BOARD_STAR_NOBODY = (
        "board-star-nobody",
        gettext_noop("Say who gains the red star on the board, who loses it, or both."),
    )
    BOARD_STAR_FROM_ITSELF = (
        "board-star-from-itself",
        gettext_noop("%(player)s cannot take a red star on the board from themselves."),
    )
    BOARD_STAR_NOT_HELD = (
        "board-star-not-held",
        gettext_noop("%(player)s holds no red star on the board (HQs apart)."),
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
    NOT_AWAITING = (
        "entry-not-awaiting",
        gettext_noop("Entry %(entry)d awaits no confirmation: it has its place in the log."),
    )

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
    # Caps the installation sets (``EARTHBOOK_ADDED_TERRITORIES_MAX`` and the like), so that no
    # campaign's board grows past what its pages and pictures can draw.
    ADDED_TERRITORIES_CAP = (
        "added-territories-cap",
        gettext_noop("A campaign adds at most %(most)d territories to the board."),
    )
    CONNECTIONS_CAP = (
        "connections-cap",
        gettext_noop("%(territory)s may be joined to at most %(most)d territories."),
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

    REJOIN_WITH_NO_START = (
        "rejoin-with-no-start",
        gettext_noop(
            "A faction eliminated because no legal start is left does not rejoin: say one or "
            "the other, not both."
        ),
    )
    EARNED_OTHERWISE_IN_WORDS = (
        "earned-otherwise-in-words",
        gettext_noop(
            "Say in a few words how your group earned this packet another way: at least "
            "%(least)d characters, and more than the packet's name."
        ),
    )
    SCAR_WITHOUT_CARD_IN_WORDS = (
        "scar-without-card-in-words",
        gettext_noop(
            "Say in a few words which rule places this scar without a scar card: at least "
            "%(least)d characters."
        ),
    )
