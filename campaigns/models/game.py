"""The sessions: a game and the moves of its life, the seats at its table and their results,
its log of events and the marks each entry placed, and the rewards chosen at its end."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaigns.models.campaign import Campaign, Player


class GameStatus(models.TextChoices):
    SETUP = "setup", _("being set up")
    IN_PROGRESS = "in_progress", _("in progress")
    FINISHED = "finished", _("finished")


# The one table of allowed moves in a game's life.
GAME_TRANSITIONS = {
    GameStatus.SETUP: {GameStatus.IN_PROGRESS},
    GameStatus.IN_PROGRESS: {GameStatus.FINISHED},
    GameStatus.FINISHED: set(),
}


class Game(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=12, choices=GameStatus.choices, default=GameStatus.SETUP)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    played_on = models.DateField(null=True, blank=True)
    scar_cards_dealt = models.BooleanField(default=False)
    # Bumped by every finish or amendment, so a stale amendment is refused instead of lost.
    revision = models.PositiveIntegerField(default=0)
    # Played before the campaign came to Earthbook and brought in (``campaigns.bring_in``): its
    # seats hold the results the group remembers, and no HQ.
    brought_in = models.BooleanField(default=False)

    class Meta:
        ordering = ["campaign_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "number"],
                name="game_number_unique",
                violation_error_message="That game number is already taken.",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="game_number_from_1"),
            models.CheckConstraint(
                condition=Q(status__in=GameStatus.values), name="game_status_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.campaign} — game {self.number}"

    # What the pages ask of a game's status (templates compare no status strings).
    @property
    def is_setup(self) -> bool:
        return self.status == GameStatus.SETUP

    @property
    def is_in_progress(self) -> bool:
        return self.status == GameStatus.IN_PROGRESS

    @property
    def is_finished(self) -> bool:
        return self.status == GameStatus.FINISHED


class Result(models.TextChoices):
    WON = "won", _("won")
    HELD_ON = "held_on", _("held on")
    ELIMINATED = "eliminated", _("eliminated")


class Seat(models.Model):
    """One player at the table for one game: faction, HQ, what they started with, the result."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    faction = models.CharField(max_length=40)
    hq = models.CharField(
        max_length=40, blank=True, help_text="Starting territory (none: a game brought in)."
    )
    order = models.PositiveSmallIntegerField(help_text="Seating order, clockwise from 1.")
    red_stars = models.PositiveSmallIntegerField(default=0)
    missiles = models.PositiveSmallIntegerField(default=0)
    scar_card = models.BooleanField(default=False)
    scar_card_kind = models.CharField(
        max_length=40,
        blank=True,
        default="",
        help_text="The type of the scar card dealt to this seat, when the table says which.",
    )
    result = models.CharField(max_length=12, choices=Result.choices, blank=True, default="")
    controlled_at_end = models.JSONField(default=list, blank=True)
    # The draft after Pack 1 (``campaigns.game.draft``): each seat's picks, or none entered.
    draft_turn = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Drafted turn order: who plays first (1), second..."
    )
    draft_placement = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Drafted placement order of the starting HQs."
    )
    starting_troops = models.PositiveSmallIntegerField(null=True, blank=True)
    starting_coin_cards = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game_id", "order"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "player"],
                name="seat_player_once",
                violation_error_message="A player sits at the table once.",
            ),
            models.UniqueConstraint(
                fields=["game", "faction"],
                name="seat_faction_once",
                violation_error_message="Each faction is played by one player.",
            ),
            models.UniqueConstraint(fields=["game", "order"], name="seat_order_once"),
            # A brought-in game's seats may not know their HQ (empty).
            models.UniqueConstraint(
                fields=["game", "hq"], condition=~Q(hq=""), name="seat_hq_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} as {self.faction} in {self.game}"


class EventKind(models.TextChoices):
    """The kinds of entry in a game's log: the only list of them and of their words. The values
    are what the database stores and the API reads and writes."""

    SCAR_PLACED = "scar-placed", _("Scar placed")
    MISSILES = "missiles", _("Missiles on one roll")
    RECRUITMENT = "recruitment", _("Big recruitment")
    ELIMINATED = "eliminated", _("Faction wiped out")
    REJOINED = "rejoined", _("Faction rejoined the war")
    COIN_PILE_OUT = "coin-pile-out", _("Coin pile ran out")
    MARK_PLACED = "mark-placed", _("Mark placed")
    CITY_DESTROYED = "city-destroyed", _("City destroyed")
    PACKET_OPENED = "packet-opened", _("Packet opened")
    RED_STAR_BOUGHT = "red-star-bought", _("Red star bought")
    FORTIFICATION_ATTACKED = "fort-attacked", _("Fortification box marked")
    CARD_DRAWN = "card-drawn", _("Card drawn")
    CARD_COMPLETED = "card-completed", _("Mission completed")
    CARD_DESTROYED = "card-destroyed", _("Card destroyed")
    HQ_TAKEN = "hq-taken", _("HQ taken")
    WORLD_CAPITAL_FOUNDED = "capital-founded", _("World Capital founded")
    HQ_DEMOLISHED = "hq-demolished", _("HQ demolished")
    BOARD_RED_STAR = "board-red-star", _("Red star on the board")


# The entries the decks write (a card drawn, a mission completed, a card destroyed).
CARD_EVENTS = (EventKind.CARD_DRAWN, EventKind.CARD_COMPLETED, EventKind.CARD_DESTROYED)


class GameEventQuerySet(models.QuerySet):
    def standing(self):
        """The entries the replay reads: neither taken back nor awaiting the table's
        confirmation."""
        return self.filter(voided=False, awaiting_confirmation=False)


class GameEvent(models.Model):
    """What happened during a game that changes the world or fires a trigger, in order."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=EventKind.choices)
    at = models.DateTimeField(auto_now_add=True)
    # When the entry was made at the table (the phone's clock, sent with it; the server's time
    # when none is sent): the log is in this order, arrival (``seq``) breaking ties.
    made_at = models.DateTimeField(default=timezone.now)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    seat = models.ForeignKey(
        Seat, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # What happened is its kind and this data (a scar type's slug, a territory, a count): the
    # words are made when the entry is read (``campaigns.game.event_words``).
    data = models.JSONField(default=dict, blank=True)
    # A mis-tap is voided with a reason, never deleted: it stays in the log, struck out, and
    # everything derived from the log (holdings, packets due) is read without it.
    voided = models.BooleanField(default=False)
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    void_reason = models.CharField(max_length=300, blank=True, default="")
    # A late entry (made before entries already logged) that would change what the log decided
    # (a win, a seat out, a later entry no longer possible) waits for the table: kept in the log,
    # left out of the replay until confirmed (``campaigns.game.late_entries``) or taken back.
    awaiting_confirmation = models.BooleanField(default=False)

    objects = GameEventQuerySet.as_manager()

    class Meta:
        ordering = ["game_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_seq_unique"),
        ]
        # The log's order: the game page reads its latest entries off it, without sorting
        # every entry of the game.
        indexes = [models.Index(fields=["game", "made_at", "seq"], name="event_log_order")]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq}: {self.get_kind_display()}"

    @property
    def standing(self) -> bool:
        """Whether the replay reads it (``GameEventQuerySet.standing``)."""
        return not self.voided and not self.awaiting_confirmation


class MarkChange(models.TextChoices):
    """What a log entry did to a mark."""

    CREATED = "created", "Placed"
    REMOVED = "removed", "Taken off"
    BOX_MARKED = "box-marked", "A box marked"


class EventMark(models.Model):
    """A mark a log entry placed, took off the board or marked a box of: taking the entry back
    undoes exactly these marks, however many alike the game holds.

    The marks are the world's rows (``legacy``), which knows nothing of games' logs, so the
    link lives here: the mark's model by name (as a correction names it) and its id."""

    event = models.ForeignKey(GameEvent, on_delete=models.CASCADE, related_name="marks")
    mark_type = models.CharField(max_length=40, help_text="The mark's model: City, Scar...")
    mark_id = models.BigIntegerField()
    change = models.CharField(max_length=12, choices=MarkChange.choices)

    class Meta:
        ordering = ["event_id", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "mark_type", "mark_id", "change"], name="event_mark_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.change} {self.mark_type} {self.mark_id}"


class GameReward(models.Model):
    """A reward chosen at the end of a game, and the marks it placed or covered."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rewards")
    seat = models.ForeignKey(Seat, on_delete=models.PROTECT, related_name="rewards")
    order = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20)
    details = models.JSONField(default=dict, blank=True)
    voided = models.BooleanField(default=False, help_text="Undone by an amendment of the game.")

    class Meta:
        ordering = ["game_id", "order"]

    def __str__(self) -> str:
        return f"{self.seat.player}: {self.kind}"


class GameNote(models.Model):
    """A note of a game's story, in the words of the member who wrote it: plain text, its line
    breaks kept (``campaigns.game.notes``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notes")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    text = models.TextField()
    written_at = models.DateTimeField(default=timezone.now)
    edited_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game_id", "written_at", "id"]

    def __str__(self) -> str:
        return f"Note {self.pk} of {self.game}"
