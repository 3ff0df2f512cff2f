from django.apps import AppConfig
from django.db.models.signals import post_save


def _correction_recorded(sender, instance, created, **kwargs):
    """A correction changed the world as of some game (from the admin, the API or a page):
    the pictures of that game and later ones are drawn again once it commits."""
    if not created:
        return
    from campaigns.pictures.snapshots import correction_affects_from, refresh_on_commit

    refresh_on_commit(
        instance.campaign_id,
        correction_affects_from(instance.before, instance.after),
    )


class CampaignsConfig(AppConfig):
    name = "campaigns"
    verbose_name = "Campaigns"

    def ready(self):
        from legacy.models import Correction

        post_save.connect(
            _correction_recorded, sender=Correction, dispatch_uid="campaigns-correction-pictures"
        )
