"""Delete stored files that no row names any more: board pictures, chronicle PDFs, posters and
photos left behind.

    python manage.py sweep_snapshots [--older-than-hours 1] [--dry-run]

An amended game is drawn again under a new name (pictures are named by what they show), and the
old file stays behind until this runs, as do a chronicle PDF or a poster of an older state and
the files of a deleted campaign; run it from cron, daily say. What it keeps and why is
described in ``campaigns.pictures.storage.sweep_files``.
"""

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError

from campaigns.pictures.storage import sweep_files


class Command(BaseCommand):
    help = "Delete stored files (pictures, PDFs, posters, photos) that no row names any more."

    def add_arguments(self, parser):
        parser.add_argument(
            "--older-than-hours",
            type=float,
            default=1.0,
            help="Keep files younger than this (a render stores its file just before naming it).",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="List what would go, delete nothing."
        )

    def handle(self, *args, older_than_hours: float, dry_run: bool, **options):
        if not 0 <= older_than_hours <= 24 * 365:
            raise CommandError("--older-than-hours must be between 0 and 8760.")
        swept = sweep_files(timedelta(hours=older_than_hours), dry_run=dry_run)
        for name in swept:
            self.stdout.write(name)
        verb = "Would delete" if dry_run else "Deleted"
        self.stderr.write(f"{verb} {len(swept)} stored file(s).")
