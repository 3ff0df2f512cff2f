from django.apps import AppConfig


class LegacyConfig(AppConfig):
    name = "legacy"
    verbose_name = "The world (marks on the board and cards)"
