"""The campaign's services: people, setup, factions, packets, files (``campaigns``, ``api``)."""

from __future__ import annotations

from legacy.refusals.base import Refusal, gettext_noop


class ServiceRule(Refusal):
    """Every rule of this area: its slug and its one sentence."""

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
    ONE_CLAIM_EACH = (
        "one-claim-each",
        gettext_noop(
            "You have claimed the roster name %(player)s already: the owner decides on it first."
        ),
    )
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
    NOTES_CAP = "notes-cap", gettext_noop("A game keeps at most %(most)d notes.")
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
    QUOTA_PHOTOS_IN_FLIGHT_PER_ACCOUNT = (
        "quota-photos-in-flight-per-account",
        gettext_noop(
            "This account already has as many photos being prepared as it may (%(limit)s): send "
            "this one again once they are ready."
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
    QUOTA_PICTURES_PER_ACCOUNT = (
        "quota-pictures-per-account",
        gettext_noop(
            "The campaigns of this account already have as many board pictures waiting or being "
            "drawn as they may (%(limit)s): ask again once some are ready."
        ),
    )
    QUOTA_POSTERS_PER_CAMPAIGN = (
        "quota-posters-per-campaign",
        gettext_noop(
            "This campaign already has as many posters being drawn as it may (%(limit)s): ask "
            "again once it is ready."
        ),
    )
