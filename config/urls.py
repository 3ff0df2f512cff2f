from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.static import serve

from campaigns import views

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
]

if settings.DEBUG:
    urlpatterns += [
        path(
            f"{settings.MEDIA_URL.strip('/')}/<path:path>",
            serve,
            {"document_root": settings.MEDIA_ROOT},
        )
    ]
