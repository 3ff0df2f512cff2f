"""Give a new installation something to look at: a demo account owning a demo campaign.

Runs only with DEBUG on and only on an empty database (no accounts yet), so it never touches a
real installation.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from campaigns import demo


class Command(BaseCommand):
    help = "Create the demo account and campaign on an empty database (DEBUG only)."

    def handle(self, *args, **options):
        if not settings.DEMO_ACCOUNT:
            self.stdout.write("DEBUG is off: no demo account is created.")
            return
        if get_user_model().objects.exists():
            self.stdout.write("Accounts exist already: no demo data added.")
            return
        campaign = demo.create_demo()
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo account created: username 'demo', password 'demo' "
                f"(campaign '{campaign.name}', id {campaign.pk}). Admin: /admin/"
            )
        )
