from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from web.forms.campaign import AdminLoginForm, LoginForm
from web.views import accounts, members

# Both login forms check passwords one at a time per account (campaigns/logins.py).
admin.site.login_form = AdminLoginForm

urlpatterns = [
    path("", accounts.home, name="home"),
    path("health/", accounts.health, name="health"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path(
        "accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("join/<str:token>/", members.join, name="join"),
    path("c/", include("web.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
]
