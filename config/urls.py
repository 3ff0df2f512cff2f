from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config import converters  # noqa: F401 - registers invitation_token
from web import offline
from web.forms.campaign import AdminLoginForm, LoginForm
from web.views import accounts, members

# Both login forms check passwords one at a time per account (campaigns/logins.py).
admin.site.login_form = AdminLoginForm

urlpatterns = [
    path("", accounts.home, name="home"),
    path("health/", accounts.health, name="health"),
    # The installable app: at the root, so that the service worker's scope is the whole site.
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path(
        "accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"
    ),
    path("accounts/logout/", accounts.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        accounts.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("accounts/email/", accounts.email_update, name="email"),
    path("accounts/email/confirm/<str:token>/", accounts.email_confirm, name="email_confirm"),
    path(
        "accounts/password/reset/",
        accounts.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("join/<invitation_token:token>/", members.join, name="join"),
    path("c/", include("web.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    # The admin's change of password, its old one counted toward the lockout (before the admin's
    # own, which it stands in for: the admin's address and name still lead here).
    path("admin/password_change/", admin.site.admin_view(accounts.admin_password_change)),
    # The admin's logout is the site's: it too ends the account's streams at once.
    path("admin/logout/", accounts.LogoutView.as_view()),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
]

handler400 = "edge.errors.bad_request"
handler403 = "edge.errors.permission_denied"
handler404 = "edge.errors.page_not_found"
handler500 = "edge.errors.server_error"
