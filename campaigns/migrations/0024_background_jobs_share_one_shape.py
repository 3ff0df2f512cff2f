"""Pictures, posters, photos, chronicle PDFs and imports are one kind of background job.

Every job table gets the same columns (status, attempts, automatic retries, a heartbeat, a
failure code, when it was made, moved and finished) and the same named constraints. A job that
said "rendering", "processing" or "drawing" now says "running" (its API still says the old word);
the chronicle's and the poster's ``error`` code is the shared ``failure``; a job failed before
says why as a code, read from what it stored.
"""

import django.utils.timezone
from django.db import migrations, models
from django.db.models import Q

RUNNING_BEFORE = {
    "snapshot": "rendering",
    "gamephoto": "processing",
    "endposter": "drawing",
}

STATUS = models.CharField(
    choices=[("queued", "Queued"), ("running", "Running"), ("done", "Done"), ("failed", "Failed")],
    default="queued",
    max_length=10,
)
ATTEMPTS = models.PositiveIntegerField(
    default=0, help_text="Runs started, redeliveries and retries included."
)
AUTO_RETRIES = models.PositiveSmallIntegerField(
    default=0,
    help_text="Times it was sent again with nobody asking (a lost worker, an outage); "
    "back to 0 once done.",
)
HEARTBEAT = models.DateTimeField(
    blank=True,
    null=True,
    help_text="Touched every few seconds while a worker runs it: silent for long, the worker "
    "was lost.",
)
FAILURE = models.CharField(
    blank=True,
    default="",
    max_length=20,
    help_text="Why it failed, as a code (JobFailure); the sentence is made when it is read.",
)
UPDATED = models.DateTimeField(auto_now=True, help_text="When its status last moved.")
FINISHED = models.DateTimeField(blank=True, null=True)

FAILURES = ["not-queued", "too-long", "stopped", "outage", "lost", "not-rendered", "refused"]
MODELS = {
    "snapshot": "snapshot",
    "gamephoto": "photo",
    "chronicleexport": "chronicle",
    "endposter": "poster",
    "importjob": "import",
}


def _reason_of_text(error: str) -> str:
    """The failure code a picture's or a photo's stored sentence tells."""
    if error.startswith(("The render could not be queued", "The photo could not be queued")):
        return "not-queued"
    if error.startswith(("OperationalError", "InterfaceError", "OSError")):
        return "outage"
    if "time limit" in error or "took longer" in error:
        return "too-long"
    if "asked for again" in error:
        return "lost"
    return "stopped"


def one_shape(apps, schema_editor):
    for model_name, before in RUNNING_BEFORE.items():
        apps.get_model("campaigns", model_name).objects.filter(status=before).update(
            status="running"
        )
    for model_name in ("snapshot", "gamephoto"):
        model = apps.get_model("campaigns", model_name)
        for row in model.objects.filter(status="failed", failure=""):
            model.objects.filter(pk=row.pk).update(failure=_reason_of_text(row.error))
    ImportJob = apps.get_model("campaigns", "ImportJob")
    for row in ImportJob.objects.filter(status="failed", failure=""):
        error = row.error if isinstance(row.error, dict) else {}
        if error.get("code") in ("invalid_backup", "rule"):
            code = "refused"
        elif "too long" in str(error.get("message", "")):
            code = "too-long"
        else:
            code = "stopped"
        ImportJob.objects.filter(pk=row.pk).update(failure=code)
    for model_name in ("chronicleexport", "endposter"):
        model = apps.get_model("campaigns", model_name)
        model.objects.filter(status="failed", failure="").update(failure="stopped")
        model.objects.filter(status="failed").exclude(failure__in=FAILURES).update(
            failure="stopped"
        )


def words_again(apps, schema_editor):
    for model_name, before in RUNNING_BEFORE.items():
        apps.get_model("campaigns", model_name).objects.filter(status="running").update(
            status=before
        )


def shared_constraints(prefix: str) -> list:
    return [
        models.CheckConstraint(
            condition=Q(status__in=["queued", "running", "done", "failed"]),
            name=f"{prefix}_status_known",
        ),
        models.CheckConstraint(
            condition=~Q(status="failed") | ~Q(failure=""), name=f"{prefix}_failure_says_why"
        ),
        models.CheckConstraint(
            condition=Q(failure="") | Q(failure__in=FAILURES), name=f"{prefix}_failure_known"
        ),
    ]


def _operations() -> list:
    ops = [
        # The constraints that name the old words, or that the shared ones replace.
        migrations.RemoveConstraint(model_name="snapshot", name="snapshot_status_known"),
        migrations.RemoveConstraint(model_name="snapshot", name="snapshot_failure_says_why"),
        migrations.RemoveConstraint(model_name="gamephoto", name="photo_status_known"),
        migrations.RemoveConstraint(model_name="endposter", name="poster_status_known"),
        migrations.RemoveConstraint(model_name="endposter", name="poster_failure_says_why"),
        migrations.RemoveConstraint(model_name="chronicleexport", name="chronicle_status_known"),
        migrations.RemoveConstraint(model_name="importjob", name="import_status_known"),
        # The chronicle's and the poster's reason codes become the shared failure.
        migrations.RenameField(model_name="chronicleexport", old_name="error", new_name="failure"),
        migrations.RenameField(model_name="endposter", old_name="error", new_name="failure"),
    ]
    missing = {
        "snapshot": ("heartbeat_at", "failure", "finished_at"),
        "gamephoto": ("attempts", "heartbeat_at", "failure", "finished_at"),
        "chronicleexport": ("attempts", "auto_retries", "heartbeat_at", "updated_at"),
        "endposter": ("attempts", "auto_retries", "heartbeat_at"),
        "importjob": ("attempts", "auto_retries", "heartbeat_at", "failure", "updated_at"),
    }
    fields = {
        "attempts": ATTEMPTS,
        "auto_retries": AUTO_RETRIES,
        "heartbeat_at": HEARTBEAT,
        "failure": FAILURE,
        "updated_at": UPDATED,
        "finished_at": FINISHED,
    }
    for model_name, names in missing.items():
        for name in names:
            field = fields[name].clone()
            if name == "updated_at":  # rows made before: moved when this ran
                field.default = django.utils.timezone.now
                ops.append(
                    migrations.AddField(
                        model_name=model_name, name=name, field=field, preserve_default=False
                    )
                )
            else:
                ops.append(migrations.AddField(model_name=model_name, name=name, field=field))
    for model_name in MODELS:
        ops.append(migrations.AlterField(model_name=model_name, name="status", field=STATUS.clone()))
        ops.append(
            migrations.AlterField(model_name=model_name, name="failure", field=FAILURE.clone())
        )
        for name in ("attempts", "auto_retries", "updated_at"):
            if name not in missing[model_name]:
                ops.append(
                    migrations.AlterField(
                        model_name=model_name, name=name, field=fields[name].clone()
                    )
                )
    ops.append(migrations.RunPython(one_shape, words_again))
    for model_name, prefix in MODELS.items():
        for constraint in shared_constraints(prefix):
            ops.append(migrations.AddConstraint(model_name=model_name, constraint=constraint))
    return ops


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0023_orderings_by_column"),
    ]

    operations = _operations()
