"""Write a whole campaign to standard output as a versioned JSON backup.

    python manage.py export_campaign 12 > our-earth.json

What the document holds, and why it carries no database ids, is described in
``campaigns.backup``.
"""

from django.core.management.base import BaseCommand, CommandError

from campaigns import backup


class Command(BaseCommand):
    help = "Write a campaign (its world, games, corrections and audit log) as JSON to stdout."

    def add_arguments(self, parser):
        parser.add_argument("campaign_id", type=int, help="The id of the campaign to export.")

    def handle(self, *args, campaign_id: int, **options):
        try:
            document = backup.export_campaign(campaign_id)
        except backup.BackupError as error:
            raise CommandError(error.message) from None
        self.stdout.write(backup.dumps(document), ending="")
