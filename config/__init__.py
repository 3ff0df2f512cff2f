"""The Django project: settings, URLs, WSGI/ASGI and the Celery app. No domain code lives here."""

from config.celery import app as celery_app

__all__ = ("celery_app",)
