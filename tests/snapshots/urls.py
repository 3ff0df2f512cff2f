"""The project's URLs with the snapshot endpoints in front (until api/urls.py includes them) and
the stored files served from the test's own MEDIA_ROOT."""

from django.conf import settings
from django.urls import include, path
from django.views.static import serve

from config.urls import urlpatterns as project_urlpatterns


def media(request, path):
    return serve(request, path, document_root=settings.MEDIA_ROOT)


urlpatterns = [
    path("api/v1/", include("api.snapshots")),
    path("media/<path:path>", media),
    *project_urlpatterns,
]
