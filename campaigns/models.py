"""The people and the sessions: campaigns, their members and roster, and the games they play.

The durable world (every sticker and signature) lives in ``legacy.models``; a campaign owns one.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def new_share_token() -> str:
    return secrets.token_urlsafe(16)


class Campaign(models.Model):
    name = models.CharField(max_length=100)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_campaigns"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Before the first game: starting powers chosen and the 12 coins placed.
    prepared_at = models.DateTimeField(null=True, blank=True)
    share_token = models.CharField(max_length=32, unique=True, default=new_share_token)
    # Bumped under the campaign lock by every write: what an open page compares to know that
    # something changed.
    world_version = models.PositiveIntegerField(default=0, editable=False)
    # Bumped with it by every write that may change the marks on the board (all writes but
    # the in-game entries that place nothing), so a world read can be cached safely across
    # the entries of a game.
    marks_version = models.PositiveIntegerField(default=0, editable=False)
    shared = models.BooleanField(
        default=False, help_text="Anyone with the share link may read this campaign."
    )
    public = models.BooleanField(default=False, help_text="Listed on the home page.")
    hide_unlocked_content = models.BooleanField(
        default=False,
        help_text="Only members see what the opened packets unlocked.",
    )
    # House rules: where readings of the rulebook differ, the group decides (RULES.md section 9).
    held_on_rewards_end_together = models.BooleanField(
        default=False,
        help_text="Held-on rewards end for everyone once either stock (minor cities or coins) "
        "is empty; otherwise each reward ends with its own stock.",
    )
    world_capitals_allowed = models.PositiveSmallIntegerField(
        default=1,
        help_text="How many World Capitals may exist at once, once a packet allows founding them.",
    )
    language = models.CharField(
        max_length=5,
        choices=[("en", "English"), ("ru", "Русский")],
        default="en",
        help_text="The language the board pictures are drawn in (pages follow each reader's).",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # The home page lists the newest public campaigns among all of the service's.
            models.Index(
                fields=["-created_at"], condition=Q(public=True), name="public_campaigns_newest"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    OWNER = "owner", "Owner"
    EDITOR = "editor", "Editor"
    VIEWER = "viewer", "Viewer"


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.VIEWER)
    # The link the member joined by, if any: removing the member withdraws it.
    invitation = models.ForeignKey(
        "Invitation",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="memberships",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user"),
            models.CheckConstraint(condition=Q(role__in=Role.values), name="membership_role_known"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.campaign}"


class Player(models.Model):
    """Someone who sits at the table; may be linked to an account."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="player_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class AuditEntry(models.Model):
    """One change to a campaign: who, when, what.

    ``action`` names what happened and ``data`` holds its parameters; the words are made from
    them when the entry is read, in the reader's language. Entries written before that keep the
    English ``summary`` they were stored with (new entries store none).
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="audit")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)
    summary = models.CharField(max_length=300, blank=True, default="")
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        from campaigns.audit_words import audit_text

        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {audit_text(self)}"


class GameStatus(models.TextChoices):
    SETUP = "setup", "Setting up"
    IN_PROGRESS = "in_progress", "In progress"
    FINISHED = "finished", "Finished"


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


class Result(models.TextChoices):
    WON = "won", "Won"
    HELD_ON = "held_on", "Held on"
    ELIMINATED = "eliminated", "Eliminated"


class Seat(models.Model):
    """One player at the table for one game: faction, HQ, what they started with, the result."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    faction = models.CharField(max_length=40)
    hq = models.CharField(max_length=32, help_text="Starting territory.")
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
            models.UniqueConstraint(fields=["game", "hq"], name="seat_hq_once"),
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


class GameEvent(models.Model):
    """What happened during a game that changes the world or fires a trigger, in order."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=EventKind.choices)
    at = models.DateTimeField(auto_now_add=True)
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

    class Meta:
        ordering = ["game_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_seq_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq}: {self.get_kind_display()}"


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


class Invitation(models.Model):
    """A link the owner hands out: whoever opens it, logged in, joins with its role.

    A link serves the whole group (it may be used more than once) unless it is single-use. It
    works for ``settings.INVITATION_TTL_DAYS`` days after it was made, until the owner revokes
    it, or until a member who joined by it is removed (``campaigns.members.remove_member``).
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=32, unique=True, default=new_share_token)
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.VIEWER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)
    single_use = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # An invitation never makes a second owner.
            models.CheckConstraint(
                condition=Q(role__in=[Role.EDITOR, Role.VIEWER]), name="invitation_role_member"
            ),
        ]

    def __str__(self) -> str:
        return f"Invitation to {self.campaign} as {self.role}"

    @property
    def expires_at(self):
        """When the link stops working: ``INVITATION_TTL_DAYS`` after it was made."""
        return self.created_at + timedelta(days=settings.INVITATION_TTL_DAYS)

    @property
    def is_expired(self) -> bool:
        return timezone.now() >= self.expires_at

    @property
    def is_used_up(self) -> bool:
        return self.single_use and self.uses > 0


class SnapshotStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RENDERING = "rendering", "Rendering"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


# The one table of a snapshot's moves. A task may be delivered again after its worker died
# (acks_late), so "rendering" may start again; a new request (an amended game, "render again")
# puts any picture back in the queue; a failure ends only by a new request.
SNAPSHOT_TRANSITIONS = {
    SnapshotStatus.QUEUED: {SnapshotStatus.QUEUED, SnapshotStatus.RENDERING, SnapshotStatus.FAILED},
    SnapshotStatus.RENDERING: {
        SnapshotStatus.QUEUED,
        SnapshotStatus.RENDERING,
        SnapshotStatus.DONE,
        SnapshotStatus.FAILED,
    },
    SnapshotStatus.DONE: {SnapshotStatus.QUEUED, SnapshotStatus.RENDERING},
    SnapshotStatus.FAILED: {SnapshotStatus.QUEUED},
}


def snapshot_statuses_before(to: str) -> list[str]:
    """The statuses a snapshot may move to ``to`` from (for conditional updates)."""
    return [s.value for s, moves in SNAPSHOT_TRANSITIONS.items() if to in moves]


class Snapshot(models.Model):
    """The board picture of a campaign at the end of one game, rendered by a Celery task.

    ``game_number`` 0 is the campaign's timeline: one animated image of the board after every
    finished game. ``image`` names the stored file; files are named by ``state_hash`` (the hash
    of what is drawn), so two snapshots of the same state share one file.
    """

    TIMELINE = 0

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="snapshots")
    game_number = models.PositiveSmallIntegerField(
        help_text="The game whose end it shows; 0: the timeline of every finished game."
    )
    state_hash = models.CharField(max_length=64, blank=True, default="")
    status = models.CharField(
        max_length=10, choices=SnapshotStatus.choices, default=SnapshotStatus.QUEUED
    )
    image = models.FileField(upload_to="snapshots/", max_length=200, blank=True, default="")
    error = models.TextField(blank=True, default="", help_text="Why the last render failed.")
    attempts = models.PositiveIntegerField(
        default=0, help_text="Renders started, redeliveries and retries included."
    )
    auto_retries = models.PositiveSmallIntegerField(
        default=0,
        help_text="Times it was asked for again with nobody asking (a lost worker, an outage); "
        "back to 0 once drawn.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["campaign_id", "game_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "game_number"], name="snapshot_once_per_game"
            ),
            models.CheckConstraint(
                condition=Q(status__in=SnapshotStatus.values), name="snapshot_status_known"
            ),
            models.CheckConstraint(
                condition=~Q(status=SnapshotStatus.DONE) | ~Q(image=""),
                name="snapshot_done_has_image",
            ),
            models.CheckConstraint(
                condition=~Q(status=SnapshotStatus.FAILED) | ~Q(error=""),
                name="snapshot_failure_says_why",
            ),
        ]

    def __str__(self) -> str:
        what = "timeline" if self.game_number == self.TIMELINE else f"game {self.game_number}"
        return f"{self.campaign} — {what}: {self.status}"


class ImportStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class ImportJob(models.Model):
    """A backup being restored by a task, away from the request that uploaded it.

    ``payload`` holds the uploaded backup until the task has read it; ``progress`` is a percent;
    a refusal is kept in ``error`` as ``{"code", "message", "rule"?}``.
    """

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(
        max_length=8, choices=ImportStatus.choices, default=ImportStatus.QUEUED
    )
    progress = models.PositiveSmallIntegerField(default=0)
    payload = models.BinaryField(blank=True, default=b"")
    campaign = models.ForeignKey(
        Campaign, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    notes = models.JSONField(default=list, blank=True)
    error = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=ImportStatus.values), name="import_status_known"
            ),
        ]

    def __str__(self) -> str:
        return f"import {self.pk} by {self.owner_id}: {self.status}"


class PhotoStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    PROCESSING = "processing", "Processing"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class GamePhoto(models.Model):
    """A photo of the real board, taken at the table and attached to a game.

    ``original`` is never the uploaded file: it is the photo's pixels encoded again, so that
    nothing else the file carried (EXIF with its GPS position, XMP, comments, bytes appended
    after the image) is kept. A Celery task makes the ``web`` copy and the ``thumbnail`` from it
    (``campaigns.photos.tasks``); until then the photo is being prepared.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="photos")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    caption = models.CharField(max_length=200, blank=True, default="")
    status = models.CharField(
        max_length=10, choices=PhotoStatus.choices, default=PhotoStatus.QUEUED
    )
    original = models.FileField(upload_to="photos/", max_length=200)
    web = models.FileField(upload_to="photos/", max_length=200, blank=True, default="")
    thumbnail = models.FileField(upload_to="photos/", max_length=200, blank=True, default="")
    width = models.PositiveIntegerField(help_text="Pixels of the original, upright.")
    height = models.PositiveIntegerField()
    error = models.TextField(blank=True, default="", help_text="Why preparing it failed.")
    auto_retries = models.PositiveSmallIntegerField(
        default=0,
        help_text="Times its task was sent again with nobody asking (a lost task, an outage); "
        "back to 0 once its copies are made.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(
        auto_now=True, help_text="When its status last moved (a photo waiting too long is lost)."
    )

    class Meta:
        ordering = ["game_id", "created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=PhotoStatus.values), name="photo_status_known"
            ),
            models.CheckConstraint(
                condition=~Q(status=PhotoStatus.DONE) | (~Q(web="") & ~Q(thumbnail="")),
                name="photo_done_has_copies",
            ),
        ]

    def __str__(self) -> str:
        return f"Photo {self.pk} of {self.game}: {self.status}"


class ChronicleStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class ChronicleExport(models.Model):
    """A PDF of a campaign's chronicle, made by a task away from the request that asked.

    It is written in ``language`` (the campaign's, when it was asked for) and shows the world as
    it was at ``world_version``: a later request for an unchanged world is given this one.
    ``progress`` is a percent; ``file`` names the stored PDF, served behind the campaign's access
    rules, never from a public folder.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="chronicles")
    language = models.CharField(max_length=5)
    world_version = models.PositiveIntegerField(default=0)
    status = models.CharField(
        max_length=8, choices=ChronicleStatus.choices, default=ChronicleStatus.QUEUED
    )
    progress = models.PositiveSmallIntegerField(default=0)
    file = models.FileField(upload_to="chronicles/", max_length=200, blank=True, default="")
    error = models.CharField(
        max_length=20,
        blank=True,
        default="",
        help_text="Why the PDF could not be made, as a code (jobs.ERRORS).",
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=ChronicleStatus.values), name="chronicle_status_known"
            ),
            models.CheckConstraint(
                condition=Q(progress__lte=100), name="chronicle_progress_a_percent"
            ),
            models.CheckConstraint(
                condition=~Q(status=ChronicleStatus.DONE) | ~Q(file=""),
                name="chronicle_done_has_file",
            ),
            # One PDF in the making per campaign and language: asking again is given that one.
            models.UniqueConstraint(
                fields=["campaign", "language"],
                condition=Q(status__in=["queued", "running"]),
                name="one_chronicle_in_the_making",
            ),
        ]

    def __str__(self) -> str:
        return f"chronicle {self.pk} of {self.campaign_id} ({self.language}): {self.status}"


class PosterStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    DRAWING = "drawing", "Drawing"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class EndPoster(models.Model):
    """How the drawing of a campaign's end poster stands (``campaigns.pictures.poster``).

    The poster's file is named by the hash of what it shows (``name``): the row says whether the
    poster of that name is waiting for its task, being drawn, drawn, or failed, and why. A new
    world (a correction after the naming) gives a new name, and the row starts again.
    """

    campaign = models.OneToOneField(Campaign, on_delete=models.CASCADE, related_name="end_poster")
    name = models.CharField(max_length=200, help_text="The stored file: posters/<hash>.png.")
    status = models.CharField(
        max_length=8, choices=PosterStatus.choices, default=PosterStatus.QUEUED
    )
    error = models.CharField(
        max_length=20,
        blank=True,
        default="",
        help_text="Why the poster could not be drawn, as a code (poster.ERRORS).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=PosterStatus.values), name="poster_status_known"
            ),
            models.CheckConstraint(
                condition=~Q(status=PosterStatus.FAILED) | ~Q(error=""),
                name="poster_failure_says_why",
            ),
        ]

    def __str__(self) -> str:
        return f"end poster of {self.campaign_id}: {self.status}"
