"""The live port's application (``config/gunicorn_live.conf.py``): Django over ASGI, serving only
the live table's streams and the health check (``edge.live_port``)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from edge.live_port import only_streams  # noqa: E402 - Django is set up first

application = only_streams(get_asgi_application())
