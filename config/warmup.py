"""Everything a request would otherwise load on its first visit, loaded once before serving.

Django loads a good deal lazily: the URLconf with every view module behind it (the API, the
pages, the calculators with numpy), the cache backend and its client library, the translation
catalogues. A worker that starts cold spends most of a second of CPU on its first requests,
and with several workers starting at once on a small machine, the first phones wait seconds.

The production server loads the application in its master process (``preload_app`` in
``config/gunicorn.conf.py``) and calls ``warm_up()`` there, so that every worker forks with all
of it in memory, shared. Nothing here opens a database or cache connection: a connection made
before the fork would be shared by every worker, so ``warm_up()`` ends by closing any that
something else opened.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from django.db import connections
from django.urls import get_resolver
from django.utils import translation


def warm_up() -> None:
    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 - imports the URLconf and every view module behind it
    resolver.reverse_dict  # noqa: B018 - and fills the tables ``reverse()`` reads

    from django.conf.urls.i18n import is_language_prefix_patterns_used

    is_language_prefix_patterns_used(settings.ROOT_URLCONF)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Earthbook")  # loads that language's catalogues
    caches["default"]  # noqa: B018 - the backend and its client library, not yet a connection

    # Only what is shared safely across a fork: no connection may be open.
    connections.close_all()
    caches.close_all()
