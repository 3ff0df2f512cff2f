"""Refusing a request body that is too large before anything reads it.

Django reads a form's whole body the first time anything asks for ``request.POST`` (the CSRF
check does, before the view), spooling its files to disk: a page form posted with 100 MB was
read to its end before the photo's own limit refused it. A view that takes an upload says the
largest body it takes (``takes_bodies_up_to``); this middleware, before the CSRF check, looks
at ``Content-Length`` and, past that limit, gives the view an empty form marked
``request.body_too_large`` without reading a byte of the body. The view answers with its form
and the refusal (and writes nothing, so the CSRF check it skips guards nothing).

A request without ``Content-Length`` (chunked) is left to the view's own limits, as before.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import QueryDict
from django.utils.datastructures import MultiValueDict

LIMIT_ATTRIBUTE = "body_limit"


def takes_bodies_up_to(limit: Callable[[], int]):
    """Mark a view as taking a body of at most ``limit()`` bytes (read when asked, so that a
    setting changed at run time counts)."""

    def mark(view):
        setattr(view, LIMIT_ATTRIBUTE, limit)
        return view

    return mark


def declared_length(request) -> int | None:
    try:
        return int(request.META.get("CONTENT_LENGTH") or "")
    except ValueError:
        return None


def over_the_limit(request, view_func) -> bool:
    """Does this POST declare a body larger than ``view_func`` (the view its address names)
    takes?"""
    if request.method != "POST":
        return False
    limit = getattr(view_func, LIMIT_ATTRIBUTE, None)
    length = declared_length(request)
    return limit is not None and length is not None and length > limit()


class BodyLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not over_the_limit(request, view_func):
            return None
        # Nothing of the body is read: the view is given an empty form, and told why.
        request.body_too_large = True
        request._post, request._files = QueryDict(), MultiValueDict()
        request._read_started = True
        return view_func(request, *view_args, **view_kwargs)
