"""The API's one error shape, and Django's error views chosen by address.

Every response under /api/v1/ that is not a success is ``{"error": {"code", "message",
"rule"?, "fields"?}}`` (``error_body``), whoever answers: the API's own handler
(``api.errors``), the middleware at the edge, or Django's error views. Under /api/v1/ those
views answer in that shape; everywhere else they are Django's pages. Named by config/urls.py
(handler400...) and by settings.CSRF_FAILURE_VIEW.
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import JsonResponse
from django.views import defaults
from django.views.csrf import csrf_failure as page_csrf_failure
from django.views.decorators.csrf import csrf_exempt

# Django's limits on a body (DATA_UPLOAD_MAX_MEMORY_SIZE and the counts of fields and files).
TOO_LARGE = (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent)
TOO_LARGE_MESSAGE = "The request body is too large."
BAD_REQUEST_MESSAGE = "The request could not be understood."


def error_body(
    code: str, message: str, *, rule: str | None = None, fields: dict | None = None
) -> dict:
    body: dict = {"code": code, "message": message}
    if rule:
        body["rule"] = rule
    if fields:
        body["fields"] = fields
    return {"error": body}


@csrf_exempt
def not_found(request, *args, **kwargs):
    """Any address under /api/v1/ that names nothing: a 404 in the API's shape, not a page.

    Exempt from Django's CSRF check: there is nothing here to protect, and a POST with a session
    but no CSRF token must still learn that the address is wrong (not get a 403 page).
    """
    return JsonResponse(error_body("not_found", f"There is nothing at {request.path}."), status=404)


# Django's own error views (handler400/403/404/500, CSRF_FAILURE_VIEW) for addresses under the
# API: the same shape, never a page. The choosers below pick between these and the pages.


def json_bad_request(request, exception=None):
    if isinstance(exception, TOO_LARGE):
        return JsonResponse(error_body("too_large", TOO_LARGE_MESSAGE), status=413)
    return JsonResponse(error_body("bad_request", BAD_REQUEST_MESSAGE), status=400)


def json_permission_denied(request, exception=None):
    return JsonResponse(error_body("forbidden", "You may not do that here."), status=403)


def json_server_error(request):
    return JsonResponse(
        error_body("server_error", "Something went wrong on our side; it has been logged."),
        status=500,
    )


def json_csrf_failure(request, reason=""):
    return JsonResponse(
        error_body(
            "forbidden",
            f"CSRF Failed: {reason} Send the X-CSRFToken header, or use a token instead of a "
            "session.",
        ),
        status=403,
    )


API_PREFIX = "/api/v1/"


def is_api(request) -> bool:
    return request.path_info.startswith(API_PREFIX)


def bad_request(request, exception=None):
    if is_api(request):
        return json_bad_request(request, exception)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception=None):
    if is_api(request):
        return json_permission_denied(request, exception)
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception=None):
    if is_api(request):
        return not_found(request)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if is_api(request):
        return json_server_error(request)
    return defaults.server_error(request)


def csrf_failure(request, reason=""):
    if is_api(request):
        return json_csrf_failure(request, reason)
    return page_csrf_failure(request, reason)
