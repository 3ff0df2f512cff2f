"""The people and the sessions: campaigns, their members and roster, and the games they play.

The durable world (every sticker and signature) lives in ``legacy.models``; a campaign owns one.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from campaigns.vocabulary import Role


def new_share_token() -> str:
    return secrets.token_urlsafe(16)


class Campaign(models.Model):
    # Not a column: true on the row a write holds locked, whose reads must not be cached
    # (``campaigns.services.cached_world``).
    writing: bool = False

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

    @property
    def is_owner(self) -> bool:
        return self.role == Role.OWNER


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


class JobStatus(models.TextChoices):
    """Where a background job stands: every kind of job (a board picture, the end poster, a
    photo's copies, a chronicle PDF, a backup import) moves through these four."""

    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


# The one table of a job's moves. A task may be delivered again after its worker died
# (acks_late), so "running" may start again; a new request (an amended game, "ask again") puts
# any job back in the queue; a failure ends only by a new request or the recovery loop.
JOB_TRANSITIONS = {
    JobStatus.QUEUED: {JobStatus.QUEUED, JobStatus.RUNNING, JobStatus.FAILED},
    JobStatus.RUNNING: {JobStatus.QUEUED, JobStatus.RUNNING, JobStatus.DONE, JobStatus.FAILED},
    JobStatus.DONE: {JobStatus.QUEUED, JobStatus.RUNNING},
    JobStatus.FAILED: {JobStatus.QUEUED},
}


# A job waiting for its task, or being run by it.
IN_THE_MAKING = (JobStatus.QUEUED, JobStatus.RUNNING)


def job_statuses_before(to: str) -> list[str]:
    """The statuses a job may move to ``to`` from (for conditional updates)."""
    return [s.value for s, moves in JOB_TRANSITIONS.items() if to in moves]


class JobFailure(models.TextChoices):
    """Why a background job failed: the code is stored, the sentence is made when it is read,
    with the job's own words in it (``BackgroundJob.WORK``, ``BackgroundJob.WHAT``)."""

    NOT_QUEUED = "not-queued", _("%(what)s could not be queued; ask for it again.")
    TOO_LONG = "too-long", _("%(work)s took too long; ask for it again.")
    STOPPED = "stopped", _("%(work)s stopped unexpectedly; ask for it again.")
    OUTAGE = (
        "outage",
        _(
            "%(work)s stopped: the database or the storage was out of reach. It is tried again "
            "by itself."
        ),
    )
    LOST = (
        "lost",
        _(
            "%(work)s was started again and again with nobody asking and never finished (its "
            "worker was lost, or it waited in the queue too long); ask for it again."
        ),
    )
    NOT_RENDERED = "not-rendered", _("%(what)s could not be rendered from what it shows.")
    REFUSED = "refused", _("%(what)s was refused; the reason is given with it.")


# Failures an outage explains: the recovery loop sends these jobs again with nobody asking.
OUTAGE_FAILURES = (JobFailure.NOT_QUEUED, JobFailure.OUTAGE)


def job_constraints(prefix: str) -> list:
    """The constraints every job table keeps, named after its kind."""
    return [
        models.CheckConstraint(
            condition=Q(status__in=JobStatus.values), name=f"{prefix}_status_known"
        ),
        models.CheckConstraint(
            condition=~Q(status=JobStatus.FAILED) | ~Q(failure=""),
            name=f"{prefix}_failure_says_why",
        ),
        models.CheckConstraint(
            condition=Q(failure="") | Q(failure__in=JobFailure.values),
            name=f"{prefix}_failure_known",
        ),
    ]


class BackgroundJob(models.Model):
    """A piece of work a Celery task does away from the request that asked for it.

    Each kind is a small subclass: it names its task (``TASK``), the arguments the task takes
    (``task_args``), its time limit (``KIND`` in ``EARTHBOOK_JOB_TIME_LIMITS``), the words for
    its work and what it makes (``WORK``, ``WHAT``: in the failure sentences) and the word its
    API uses for "running"
    (``RUNNING_WORD``). How jobs are sent, run, and recovered is ``campaigns.jobs``.
    """

    KIND = ""
    TASK = ""
    WORK = _("The job")
    WHAT = _("The job")
    RUNNING_WORD = JobStatus.RUNNING.value
    # The start of the detail of a job whose task could not be queued (the broker was down).
    NOT_QUEUED_DETAIL = "It could not be queued"

    status = models.CharField(max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED)
    attempts = models.PositiveIntegerField(
        default=0, help_text="Runs started, redeliveries and retries included."
    )
    auto_retries = models.PositiveSmallIntegerField(
        default=0,
        help_text="Times it was sent again with nobody asking (a lost worker, an outage); "
        "back to 0 once done.",
    )
    heartbeat_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Touched every few seconds while a worker runs it: silent for long, the "
        "worker was lost.",
    )
    failure = models.CharField(
        max_length=20,
        blank=True,
        default="",
        help_text="Why it failed, as a code (JobFailure); the sentence is made when it is read.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True, help_text="When its status last moved.")
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    @classmethod
    def detail_fields(cls, detail: str) -> dict:
        """Where a kind keeps the detail of what went wrong (a developer's words), if it does."""
        return {}

    @classmethod
    def failed_fields(cls, code: str, detail: str = "") -> dict:
        """The fields of an update that ends a job failed with the reason ``code``."""
        now = timezone.now()
        return {
            "status": JobStatus.FAILED,
            "failure": code,
            "heartbeat_at": None,
            "finished_at": now,
            "updated_at": now,
            **cls.detail_fields(detail or code),
        }

    def task_args(self) -> tuple:
        """What its task is given: ids, never the row."""
        return (self.pk,)

    def task_name(self) -> str:
        return self.TASK

    @property
    def time_limit(self) -> int:
        return settings.EARTHBOOK_JOB_TIME_LIMITS[self.KIND]

    @classmethod
    def public_word(cls, status: str) -> str:
        """A status as this kind's API has always said it (a picture is "rendering", a photo
        "processing", a poster "drawing" while it runs)."""
        return cls.RUNNING_WORD if status == JobStatus.RUNNING else str(status)

    @property
    def public_status(self) -> str:
        return self.public_word(self.status)

    @classmethod
    def public_statuses(cls) -> list[tuple[str, str | Promise]]:
        return [(cls.public_word(value), label) for value, label in JobStatus.choices]

    @property
    def failure_text(self) -> str:
        """Why it failed, in the reader's language; empty unless it failed."""
        if not self.failure:
            return ""
        code = self.failure if self.failure in JobFailure.values else JobFailure.STOPPED
        return self.failure_sentence(code)

    @classmethod
    def failure_sentence(cls, code: str) -> str:
        return str(JobFailure(code).label) % {"work": cls.WORK, "what": cls.WHAT}


class Snapshot(BackgroundJob):
    """The board picture of a campaign at the end of one game, rendered by a Celery task.

    ``game_number`` 0 is the campaign's timeline: one animated image of the board after every
    finished game. ``image`` names the stored file; files are named by ``state_hash`` (the hash
    of what is drawn), so two snapshots of the same state share one file. ``error`` says in a
    developer's words what went wrong last (the exception, the retries).
    """

    TIMELINE = 0
    KIND = "snapshot"
    TASK = "campaigns.tasks.render_snapshot"
    WORK = _("Drawing the picture")
    WHAT = _("The picture")
    RUNNING_WORD = "rendering"
    NOT_QUEUED_DETAIL = "The render could not be queued"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="snapshots")
    game_number = models.PositiveSmallIntegerField(
        help_text="The game whose end it shows; 0: the timeline of every finished game."
    )
    state_hash = models.CharField(max_length=64, blank=True, default="")
    image = models.FileField(upload_to="snapshots/", max_length=200, blank=True, default="")
    error = models.TextField(blank=True, default="", help_text="Why the last render failed.")

    class Meta:
        ordering = ["campaign_id", "game_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "game_number"], name="snapshot_once_per_game"
            ),
            *job_constraints("snapshot"),
            models.CheckConstraint(
                condition=~Q(status=JobStatus.DONE) | ~Q(image=""),
                name="snapshot_done_has_image",
            ),
        ]

    def __str__(self) -> str:
        what = "timeline" if self.game_number == self.TIMELINE else f"game {self.game_number}"
        return f"{self.campaign} — {what}: {self.status}"

    @property
    def is_timeline(self) -> bool:
        return self.game_number == self.TIMELINE

    def task_name(self) -> str:
        return "campaigns.tasks.render_timeline" if self.is_timeline else self.TASK

    @classmethod
    def detail_fields(cls, detail: str) -> dict:
        return {"error": detail[:2000]}

    def task_args(self) -> tuple:
        if self.is_timeline:
            return (self.campaign_id,)
        return (self.campaign_id, self.game_number)

    @property
    def time_limit(self) -> int:
        return settings.EARTHBOOK_JOB_TIME_LIMITS["timeline" if self.is_timeline else "snapshot"]


class ImportJob(BackgroundJob):
    """A backup being restored by a task, away from the request that uploaded it.

    ``payload`` holds the uploaded backup until the task has read it; ``progress`` is a percent;
    a refusal is kept in ``error`` as ``{"code", "message", "rule"?}``.
    """

    KIND = "import"
    TASK = "campaigns.tasks.import_backup"
    WORK = _("Restoring the backup")
    WHAT = _("The import")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    progress = models.PositiveSmallIntegerField(default=0)
    payload = models.BinaryField(blank=True, default=b"")
    campaign = models.ForeignKey(
        Campaign, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    notes = models.JSONField(default=list, blank=True)
    error = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = job_constraints("import")

    def __str__(self) -> str:
        return f"import {self.pk} by {self.owner_id}: {self.status}"

    @classmethod
    def failed_fields(cls, code: str, detail: str = "") -> dict:
        """A failure the import itself did not word (a lost worker, the broker down) is told
        as the API tells an import's end: ``{"code", "message"}``, in English."""
        fields = super().failed_fields(code, detail)
        if code != JobFailure.REFUSED:
            with translation.override("en"):
                message = cls.failure_sentence(code)
            fields["error"] = {"code": "import_failed", "message": message}
        return fields


class GamePhoto(BackgroundJob):
    """A photo of the real board, taken at the table and attached to a game.

    ``original`` is never the uploaded file: it is the photo's pixels encoded again, so that
    nothing else the file carried (EXIF with its GPS position, XMP, comments, bytes appended
    after the image) is kept. A Celery task makes the ``web`` copy and the ``thumbnail`` from it
    (``campaigns.photos.tasks``); until then the photo is being prepared.
    """

    KIND = "photo"
    TASK = "campaigns.tasks.prepare_photo"
    WORK = _("Making the photo's copies")
    WHAT = _("The photo")
    RUNNING_WORD = "processing"
    NOT_QUEUED_DETAIL = "The photo could not be queued"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="photos")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    caption = models.CharField(max_length=200, blank=True, default="")
    original = models.FileField(upload_to="photos/", max_length=200)
    web = models.FileField(upload_to="photos/", max_length=200, blank=True, default="")
    thumbnail = models.FileField(upload_to="photos/", max_length=200, blank=True, default="")
    width = models.PositiveIntegerField(help_text="Pixels of the original, upright.")
    height = models.PositiveIntegerField()
    error = models.TextField(blank=True, default="", help_text="Why preparing it failed.")

    class Meta:
        ordering = ["game_id", "created_at", "id"]
        constraints = [
            *job_constraints("photo"),
            models.CheckConstraint(
                condition=~Q(status=JobStatus.DONE) | (~Q(web="") & ~Q(thumbnail="")),
                name="photo_done_has_copies",
            ),
        ]

    def __str__(self) -> str:
        return f"Photo {self.pk} of {self.game}: {self.status}"

    @classmethod
    def detail_fields(cls, detail: str) -> dict:
        return {"error": detail[:2000]}


class ChronicleExport(BackgroundJob):
    """A PDF of a campaign's chronicle, made by a task away from the request that asked.

    It is written in ``language`` (the campaign's, when it was asked for) and shows the world as
    it was at ``world_version``: a later request for an unchanged world is given this one.
    ``progress`` is a percent; ``file`` names the stored PDF, served behind the campaign's access
    rules, never from a public folder.
    """

    KIND = "chronicle"
    TASK = "campaigns.tasks.chronicle_pdf"
    WORK = _("Making the PDF")
    WHAT = _("The PDF")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="chronicles")
    language = models.CharField(max_length=5)
    world_version = models.PositiveIntegerField(default=0)
    progress = models.PositiveSmallIntegerField(default=0)
    file = models.FileField(upload_to="chronicles/", max_length=200, blank=True, default="")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            *job_constraints("chronicle"),
            models.CheckConstraint(
                condition=Q(progress__lte=100), name="chronicle_progress_a_percent"
            ),
            models.CheckConstraint(
                condition=~Q(status=JobStatus.DONE) | ~Q(file=""),
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


class EndPoster(BackgroundJob):
    """How the drawing of a campaign's end poster stands (``campaigns.pictures.poster``).

    The poster's file is named by the hash of what it shows (``name``): the row says whether the
    poster of that name is waiting for its task, being drawn, drawn, or failed, and why. A new
    world (a correction after the naming) gives a new name, and the row starts again.
    """

    KIND = "poster"
    TASK = "campaigns.tasks.render_poster"
    WORK = _("Drawing the poster")
    WHAT = _("The poster")
    RUNNING_WORD = "drawing"

    campaign = models.OneToOneField(Campaign, on_delete=models.CASCADE, related_name="end_poster")
    name = models.CharField(max_length=200, help_text="The stored file: posters/<hash>.png.")

    class Meta:
        constraints = job_constraints("poster")

    def __str__(self) -> str:
        return f"end poster of {self.campaign_id}: {self.status}"

    def task_args(self) -> tuple:
        return (self.campaign_id,)


# Every kind of background job, for the recovery loop and the file sweep.
JOB_MODELS = (Snapshot, EndPoster, GamePhoto, ChronicleExport, ImportJob)

# The statuses as each API says them: its OpenAPI enums (config/settings.py).
SNAPSHOT_STATUSES = Snapshot.public_statuses()
PHOTO_STATUSES = GamePhoto.public_statuses()
POSTER_STATUSES = EndPoster.public_statuses()
JOB_FAILURE_CODES = list(JobFailure.values)
