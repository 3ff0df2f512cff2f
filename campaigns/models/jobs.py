"""The background jobs: the work Celery tasks do away from the request that asked for it.

One status enum and one table of its moves for every kind, the reasons a job fails, the abstract
``BackgroundJob`` and its six kinds (a board picture, a backup import, a game photo, a chronicle
PDF, the end poster, the automatic backup after a game). How jobs are sent, run and recovered is
``campaigns.jobs``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from campaigns.models.campaign import Campaign
from campaigns.models.game import Game


class JobStatus(models.TextChoices):
    """Where a background job stands: every kind of job (a board picture, the end poster, a
    photo's copies, a chronicle PDF, a backup import) moves through these four."""

    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


# The one table of a job's moves. A task may be delivered again after its worker died
# (acks_late), so "running" may start again; a new request (an amended game, "ask again") puts
# any job back in the queue; a failure ends only by a new request or, for an outage, the
# recovery loop.
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
    # Whose turn it takes on the bulk queue (``campaigns.jobs.turns``), and the field of its row
    # that says who that is.
    TURN_OF = ("campaign", "campaign_id")

    status = models.CharField(max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED)
    attempts = models.PositiveIntegerField(
        default=0, help_text="Runs started, redeliveries and retries included."
    )
    auto_retries = models.PositiveSmallIntegerField(
        default=0,
        help_text="Times it was started again with nobody asking (its message delivered again "
        "after its worker was lost, or sent again after an outage); back to 0 once done.",
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
    def longest_run(cls) -> int:
        """The longest a job of this kind may run: its hard time limit, in seconds."""
        return settings.EARTHBOOK_JOB_TIME_LIMITS[cls.KIND]

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

    @classmethod
    def longest_run(cls) -> int:
        """A game's picture or the timeline, whichever may take longer."""
        limits = settings.EARTHBOOK_JOB_TIME_LIMITS
        return max(limits["snapshot"], limits["timeline"])


class ImportJob(BackgroundJob):
    """A backup being restored by a task, away from the request that uploaded it.

    ``payload`` holds the uploaded backup until the task has read it; ``progress`` is a percent;
    a refusal is kept in ``error`` as ``{"code", "message", "rule"?}``.
    """

    KIND = "import"
    TASK = "campaigns.tasks.import_backup"
    WORK = _("Restoring the backup")
    WHAT = _("The import")
    # It has no campaign until it made one: it takes a turn of the account that sent it.
    TURN_OF = ("account", "owner_id")

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
        """A failure the import itself did not word (a lost worker, the broker down) is kept as
        the API tells an import's end, ``{"code": "import_failed"}``, with the failure's code:
        its sentence is made when it is read (``campaigns.imports.jobs.error_in_language``)."""
        fields = super().failed_fields(code, detail)
        if code != JobFailure.REFUSED:
            fields["error"] = {"code": "import_failed", "failure": code}
        return fields


class GamePhoto(BackgroundJob):
    """A photo of the real board, taken at the table and attached to a game.

    ``original`` is never the uploaded file once its task has run (until then it is the upload,
    never served): it is the photo's pixels encoded again, so that
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
    TURN_OF = ("campaign", "game__campaign_id")

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
    stored_bytes = models.PositiveBigIntegerField(
        default=0,
        help_text="Bytes its files take: the upload until its copies are made, then the "
        "original, the web copy and the thumbnail (what the photo quotas count).",
    )
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


class AutomaticBackupJob(BackgroundJob):
    """How the automatic backup after a finished game stands (``campaigns.backup.automatic``):
    asked for in the finish's transaction, written by its task once that has committed; a
    backup lost with its worker is delivered again by the broker, one failed by an outage is
    written again by the recovery loop. ``name``: the stored file, once written."""

    KIND = "backup"
    TASK = "campaigns.tasks.automatic_backup"
    WORK = _("Writing the automatic backup")
    WHAT = _("The automatic backup")

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="automatic_backup_jobs"
    )
    game_number = models.PositiveIntegerField(help_text="The game whose finish it follows.")
    name = models.CharField(
        max_length=200, blank=True, default="", help_text="The stored file, once written."
    )

    class Meta:
        constraints = job_constraints("automatic_backup")

    def __str__(self) -> str:
        return f"backup of {self.campaign_id} after game {self.game_number}: {self.status}"

    def task_args(self) -> tuple:
        return (self.campaign_id, self.game_number)


# Every kind of background job, for the recovery loop and the file sweep.
JOB_MODELS = (Snapshot, EndPoster, GamePhoto, ChronicleExport, ImportJob, AutomaticBackupJob)

# The statuses as each API says them: its OpenAPI enums (config/settings.py).
SNAPSHOT_STATUSES = Snapshot.public_statuses()
PHOTO_STATUSES = GamePhoto.public_statuses()
POSTER_STATUSES = EndPoster.public_statuses()
JOB_FAILURE_CODES = list(JobFailure.values)
