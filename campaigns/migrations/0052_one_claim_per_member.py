"""One pending roster-name claim per member, and none by someone no longer a member.

Claims made before the rule are withdrawn where they break it (the member's earliest claim
stays): the owner had not decided on them, and the member may claim again.
"""

from django.conf import settings
from django.db import migrations, models


def withdraw_extra_claims(apps, schema_editor):
    Player = apps.get_model("campaigns", "Player")
    Membership = apps.get_model("campaigns", "Membership")
    kept = set()
    claims = Player.objects.filter(claimed_by__isnull=False).order_by("pk")
    for pk, campaign_id, user_id in claims.values_list("pk", "campaign_id", "claimed_by_id"):
        member = Membership.objects.filter(campaign_id=campaign_id, user_id=user_id).exists()
        if not member or (campaign_id, user_id) in kept:
            Player.objects.filter(pk=pk).update(claimed_by=None)
        else:
            kept.add((campaign_id, user_id))


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0051_board_red_star_entry"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(withdraw_extra_claims, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("claimed_by__isnull", False)),
                fields=("campaign", "claimed_by"),
                name="one_claim_per_member",
            ),
        ),
    ]
