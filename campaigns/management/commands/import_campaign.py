"""Restore a JSON backup into a NEW campaign; print the new campaign's id as the last line.

    python manage.py import_campaign our-earth.json --owner olga
    python manage.py export_campaign 12 | python manage.py import_campaign -

The owner is the account named with ``--owner``, or else the first superuser. Accounts are
never created: a username the backup names that does not exist here is restored as "no
account" and listed on standard error. A file that is not a valid backup is refused with what
is wrong in it, and nothing is written.
"""

import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from campaigns import backup
from legacy.errors import RuleViolation


class Command(BaseCommand):
    help = "Restore a campaign backup (a file, or - for standard input) into a new campaign."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The backup to read, or - to read standard input.")
        parser.add_argument(
            "--owner",
            metavar="USERNAME",
            help="The account that owns the new campaign (default: the first superuser).",
        )

    def handle(self, *args, file: str, owner: str | None, **options):
        user = self._owner(owner)
        notes: list[str] = []
        try:
            # The bytes are parsed as they are (no decoded copy beside them) and let go before
            # the import starts: only the parsed document stays in memory while it is written.
            data = backup.loads(self._read(file))
            campaign = backup.import_campaign(data, owner=user, notes=notes)
        except backup.BackupError as error:
            raise CommandError(f"Nothing was imported. {error.message}") from None
        except RuleViolation as error:
            raise CommandError(f"Nothing was imported. {error.message}") from None
        for note in notes:
            self.stderr.write(note)
        self.stdout.write(f"Imported campaign {campaign.name!r} owned by {user.get_username()}.")
        self.stdout.write(str(campaign.pk))

    def _owner(self, username: str | None):
        users = get_user_model().objects
        if username:
            user = users.filter(username=username).first()
            if user is None:
                raise CommandError(f"There is no account called {username!r} to own the campaign.")
            return user
        user = users.filter(is_superuser=True).order_by("pk").first()
        if user is None:
            raise CommandError(
                "There is no superuser to own the imported campaign: create one "
                "(manage.py createsuperuser) or name an owner with --owner USERNAME."
            )
        return user

    def _read(self, file: str) -> bytes:
        try:
            if file == "-":
                stream = getattr(sys.stdin, "buffer", None)
                return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
            with open(file, "rb") as handle:
                return handle.read()
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror or error}.") from None
