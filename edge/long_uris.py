"""Refusing an address that is too long, in the answer's own shape.

gunicorn leaves the request line's length to Django (``limit_request_line = 0`` in
config/gunicorn.conf.py; its own 414 is HTML): a path and query longer than ``URI_MAX_LENGTH``
characters, however long, are refused with 414 before any view, under /api/ in the API's one
error shape (JSON), elsewhere as a short page.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse, JsonResponse

API_PREFIX = "/api/"
MESSAGE = "The address is too long."


def uri_length(request) -> int:
    return len(request.META.get("PATH_INFO", "")) + len(request.META.get("QUERY_STRING", ""))


class LongUriMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if uri_length(request) > settings.URI_MAX_LENGTH:
            if request.path_info.startswith(API_PREFIX):
                from edge.errors import error_body

                return JsonResponse(error_body("uri_too_long", MESSAGE), status=414)
            return HttpResponse(MESSAGE, status=414, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
