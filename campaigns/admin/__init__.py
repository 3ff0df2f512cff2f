"""The admin pages: the campaigns, their players and history (``campaign``) and the world's marks
and unlocks (``world``). Every save and delete of a campaign's data made here is a write like any
other (``told``): it bumps the campaign's versions and tells its open pages once it commits."""

from campaigns.admin import campaign, world  # noqa: F401 - each module registers its pages
