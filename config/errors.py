"""Django's error views, chosen by address: under /api/v1/ the API's JSON error shape
(``api.errors``), everywhere else Django's pages. Named by config/urls.py (handler400...) and by
settings.CSRF_FAILURE_VIEW."""

from __future__ import annotations

from django.views import defaults
from django.views.csrf import csrf_failure as page_csrf_failure

from api import errors

API_PREFIX = "/api/v1/"


def is_api(request) -> bool:
    return request.path_info.startswith(API_PREFIX)


def bad_request(request, exception=None):
    if is_api(request):
        return errors.bad_request(request, exception)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception=None):
    if is_api(request):
        return errors.permission_denied(request, exception)
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception=None):
    if is_api(request):
        return errors.not_found(request)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if is_api(request):
        return errors.server_error(request)
    return defaults.server_error(request)


def csrf_failure(request, reason=""):
    if is_api(request):
        return errors.csrf_failure(request, reason)
    return page_csrf_failure(request, reason)
