"""Earthbook as an installable web app: its manifest, its service worker and the tag that keys
the pages a phone keeps for reading offline.

The service worker (``templates/sw.js``) is served from the site's root, so that its scope is
the whole site. It keeps the static files (hashed names: cache first) and the pages an account
reads (network first, the kept copy when the network fails). A page is kept only when its
answer names the account it was drawn for (``X-Earthbook-Account``, an HMAC of the account's
id, set by ``AccountTagMiddleware``): pages are kept apart by account, only the latest
account's are ever served, and a page drawn for nobody (logged out) or the logout itself
empties them. Nothing under ``/api/`` or ``/admin/`` and no live answer is ever kept.
"""

from __future__ import annotations

import hashlib
import json
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

ACCOUNT_HEADER = "X-Earthbook-Account"
THEME_COLOUR = "#9b2c2c"  # the site's accent (static/css/earthbook.css)
BACKGROUND_COLOUR = "#f7f3ea"  # the site's paper
# The pages a phone never keeps: another process's data, an admin's, the account's own forms.
NOT_KEPT = ("/api/", "/admin/", "/accounts/", "/i18n/", "/static/", "/media/")
ICONS = [
    ("icons/earthbook-192.png", "192x192", "any"),
    ("icons/earthbook-512.png", "512x512", "any"),
    ("icons/earthbook-maskable-512.png", "512x512", "maskable"),
]
# Fetched when the service worker is installed, so that the first page read offline has them.
PRECACHED = [
    "css/earthbook.css",
    "js/live.js",
    "js/htmx.min.js",
    "js/earthbook.js",
    "js/offline.js",
    "img/earthbook.svg",
    "board/shapes.svg",
    *(path for path, _size, _purpose in ICONS),
]


def account_tag(user) -> str:
    """The tag a phone keys its kept pages and waiting entries by: the same for one account,
    different for another, and not the account's id."""
    if user is None or not user.is_authenticated:
        return ""
    return salted_hmac("earthbook.offline.account", str(user.pk)).hexdigest()[:24]


class AccountTagMiddleware:
    """Names the account a page was drawn for, on the pages a phone may keep for offline."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if (
            request.method == "GET"
            and response.status_code == 200
            and response.get("Content-Type", "").startswith("text/html")
            and not request.path.startswith(NOT_KEPT)
            and user is not None
            and user.is_authenticated
        ):
            response[ACCOUNT_HEADER] = account_tag(user)
        return response


@require_GET
@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: what a phone needs to install Earthbook on its home screen."""
    body = {
        "id": "/",
        "name": "Earthbook",
        "short_name": "Earthbook",
        "description": _("The world of a Risk Legacy campaign, kept by the group at the table."),
        "lang": request.LANGUAGE_CODE,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(path), "sizes": size, "type": "image/png", "purpose": purpose}
            for path, size, purpose in ICONS
        ],
    }
    return HttpResponse(
        json.dumps(body, ensure_ascii=False, indent=1),
        content_type="application/manifest+json; charset=utf-8",
    )


@require_GET
@cache_control(no_cache=True, max_age=0)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the root so that its scope is the whole site. Its version is a
    digest of its own text and the static files' addresses: a new release (new hashed names)
    installs a new worker, which drops the old files."""
    assets = [static(path) for path in PRECACHED]
    config = {
        "assets": assets,
        # The folder's path, from the setting: the shipped storage has no manifest entry for
        # "" (static("") raises), and the worker compares it with a request's path.
        "staticUrl": urlsplit(settings.STATIC_URL).path,
        "accountHeader": ACCOUNT_HEADER,
        "notKept": list(NOT_KEPT),
        # Where the account a phone reads for changes: a form sent there drops every kept page.
        "accountDoors": [
            reverse(name) for name in ("login", "logout", "signup", "admin:login", "admin:logout")
        ],
    }
    text = render_to_string("sw.js", {"config": json.dumps(config)})
    version = hashlib.sha256(text.encode()).hexdigest()[:12]
    response = HttpResponse(
        text.replace("__VERSION__", version),
        content_type="application/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    return response
