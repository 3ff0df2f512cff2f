"""Login limits on the pages: the login page and the admin's, per username and address together,
for a cool-down; and sign-ups per address."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.utils import timezone

from edge.client import client_address

pytestmark = pytest.mark.django_db

ATTACKER = "203.0.113.66"
VICTIM_HOME = "198.51.100.7"


def after_the_cool_down():
    """The failures recorded so far, aged past the cool-down, as if its minutes had passed."""
    aged = timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    AccessAttempt.objects.update(attempt_time=aged)


def fail(client, path, username, times, **extra):
    for _ in range(times):
        client.post(path, {"username": username, "password": "wrong-guess"}, **extra)


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_five_wrong_passwords_lock_the_page_login_until_the_cool_down_is_over(owner):
    client = Client()
    fail(client, "/accounts/login/", "olga", settings.AXES_FAILURE_LIMIT)
    refused = client.post("/accounts/login/", {"username": "olga", "password": "pw-olga-123"})
    assert refused.status_code == 429
    assert "too many wrong passwords for this account" in refused.content.decode()
    assert int(refused["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    assert not logged_in(client)

    after_the_cool_down()
    accepted = client.post("/accounts/login/", {"username": "olga", "password": "pw-olga-123"})
    assert accepted.status_code == 302 and logged_in(client)


def test_four_wrong_passwords_still_let_the_right_one_in(owner):
    client = Client()
    fail(client, "/accounts/login/", "olga", settings.AXES_FAILURE_LIMIT - 1)
    accepted = client.post("/accounts/login/", {"username": "olga", "password": "pw-olga-123"})
    assert accepted.status_code == 302 and logged_in(client)


def test_wrong_passwords_lock_the_admin_login_for_a_superuser_for_a_while(django_user_model):
    django_user_model.objects.create_superuser(username="root", password="pw-root-123")
    client = Client()
    right = {"username": "root", "password": "pw-root-123", "next": "/admin/"}
    fail(client, "/admin/login/", "root", settings.AXES_FAILURE_LIMIT)
    refused = client.post("/admin/login/", right)
    assert refused.status_code == 429 and not logged_in(client)

    after_the_cool_down()
    accepted = client.post("/admin/login/", right)
    assert accepted.status_code == 302 and logged_in(client)


@override_settings(AXES_COOLOFF_TIME=timedelta(minutes=30))
def test_the_lockout_page_speaks_russian_and_names_the_cool_down(owner):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    fail(client, "/accounts/login/", "olga", settings.AXES_FAILURE_LIMIT)
    refused = client.post("/accounts/login/", {"username": "olga", "password": "pw-olga-123"})
    text = refused.content.decode()
    assert refused.status_code == 429
    assert "Слишком много неверных паролей" in text and "30 минут" in text


def test_a_new_forwarded_for_on_every_request_does_not_escape_the_limit(owner):
    client = Client()
    for n in range(settings.AXES_FAILURE_LIMIT):
        client.post(
            "/accounts/login/",
            {"username": "olga", "password": "wrong-guess"},
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",
        )
    refused = client.post(
        "/accounts/login/",
        {"username": "olga", "password": "pw-olga-123"},
        HTTP_X_FORWARDED_FOR="10.9.9.9",
    )
    assert refused.status_code == 429 and not logged_in(client)


def test_an_attacker_locking_a_name_out_does_not_lock_out_its_owner_at_home(owner):
    attacker = Client(REMOTE_ADDR=ATTACKER)
    fail(attacker, "/accounts/login/", "olga", settings.AXES_FAILURE_LIMIT + 3)
    right = {"username": "olga", "password": "pw-olga-123"}
    assert attacker.post("/accounts/login/", right).status_code == 429

    victim = Client(REMOTE_ADDR=VICTIM_HOME)
    assert victim.post("/accounts/login/", right).status_code == 302 and logged_in(victim)


class _Request:
    def __init__(self, remote, forwarded=None):
        self.META = {"REMOTE_ADDR": remote}
        if forwarded is not None:
            self.META["HTTP_X_FORWARDED_FOR"] = forwarded


def test_the_client_address_believes_forwarded_for_only_as_far_as_the_trusted_proxies():
    spoofed = _Request("10.0.0.2", "6.6.6.6, 203.0.113.5")
    assert client_address(spoofed) == "10.0.0.2"  # no trusted proxy: the header is ignored
    with override_settings(TRUSTED_PROXIES=1):
        # The proxy appended the address it saw; what the client wrote before it is not believed.
        assert client_address(spoofed) == "203.0.113.5"
        assert client_address(_Request("10.0.0.2", "not-an-address")) == "10.0.0.2"
    with override_settings(TRUSTED_PROXIES=2):
        assert client_address(spoofed) == "6.6.6.6"


# --- Sign-up ----------------------------------------------------------------------------------


def sign_up(username, address, **extra):
    return Client(REMOTE_ADDR=address, **extra).post(
        "/accounts/signup/",
        {
            "username": username,
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )


@override_settings(SIGNUP_LIMIT=3)
def test_sign_ups_from_one_address_are_limited():
    for n in range(3):
        assert sign_up(f"newbie{n}", ATTACKER).status_code == 302
    refused = sign_up("newbie3", ATTACKER, HTTP_X_FORWARDED_FOR="10.1.2.3")
    assert refused.status_code == 429
    assert "Too many sign-ups from your address" in refused.content.decode()
    assert not get_user_model().objects.filter(username="newbie3").exists()
    assert get_user_model().objects.count() == 3

    assert sign_up("neighbour", VICTIM_HOME).status_code == 302


@override_settings(SIGNUP_LIMIT=2)
def test_probing_for_taken_usernames_counts_against_the_sign_up_limit(owner):
    assert sign_up("olga", ATTACKER).status_code == 302
    assert sign_up("olga", ATTACKER).status_code == 302
    probe = sign_up("olga", ATTACKER)
    assert probe.status_code == 429 and "already exists" not in probe.content.decode()


def answer_to_a_sign_up(username: str) -> tuple[int, str, str]:
    """What a sign-up answers: its status, where it leads and what the next page says."""
    client = Client(REMOTE_ADDR=VICTIM_HOME)
    response = sign_up_with(client, username)
    page = client.get(response["Location"]).content.decode()
    said = page[page.index('id="messages"') : page.index("</main>")] if "</main>" in page else page
    return response.status_code, response["Location"], re.sub(r"[A-Za-z0-9]{64}", "", said)


def sign_up_with(client, username: str):
    return client.post(
        "/accounts/signup/",
        {
            "username": username,
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )


def test_a_taken_username_is_answered_as_a_free_one_and_changes_nothing(owner):
    taken = answer_to_a_sign_up("olga")
    also_taken = answer_to_a_sign_up("OLGA")
    free = answer_to_a_sign_up("newcomer")
    assert taken == also_taken == free
    assert "already exists" not in taken[2] and "If that username was free" in taken[2]
    owner.refresh_from_db()
    assert owner.check_password("pw-olga-123")
    assert get_user_model().objects.filter(username__iexact="olga").count() == 1
    assert get_user_model().objects.filter(username="newcomer").exists()


@override_settings(SIGNUP_LIMIT=1)
def test_the_sign_up_refusal_speaks_russian():
    assert sign_up("newbie", ATTACKER).status_code == 302
    refused = sign_up("newbie2", ATTACKER, HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 429
    assert "Слишком много регистраций с вашего адреса" in refused.content.decode()


def test_a_password_of_4096_repeated_letters_is_refused_at_sign_up():
    response = Client(REMOTE_ADDR=VICTIM_HOME).post(
        "/accounts/signup/",
        {"username": "longpass", "password1": "a" * 4096, "password2": "a" * 4096},
    )
    assert response.status_code == 200
    assert "at most 128 characters" in response.content.decode()
    assert not get_user_model().objects.filter(username="longpass").exists()


def test_a_long_pass_phrase_within_128_characters_is_still_taken():
    phrase = "correct horse battery staple on the tenth game of our legacy " * 2
    assert len(phrase) <= 128
    response = Client(REMOTE_ADDR=VICTIM_HOME).post(
        "/accounts/signup/", {"username": "phrase", "password1": phrase, "password2": phrase}
    )
    assert response.status_code == 302


def test_the_existing_password_rules_still_hold():
    response = Client(REMOTE_ADDR=VICTIM_HOME).post(
        "/accounts/signup/", {"username": "short", "password1": "12345", "password2": "12345"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "too short" in html and "entirely numeric" in html


@pytest.mark.parametrize(
    "password, said",
    [
        ("x" * 128, "too few characters"),
        ("correcthorse", "well-known phrase"),
        ("Correct Horse Battery Staple", "well-known phrase"),
        ("password123", "too common"),
    ],
)
def test_a_weak_password_is_refused_at_sign_up(password, said):
    response = Client(REMOTE_ADDR=VICTIM_HOME).post(
        "/accounts/signup/", {"username": "weak", "password1": password, "password2": password}
    )
    assert response.status_code == 200 and said in response.content.decode()
    assert not get_user_model().objects.filter(username="weak").exists()


def test_a_weak_password_is_refused_in_russian_to_a_russian_reader():
    response = Client(REMOTE_ADDR=VICTIM_HOME, HTTP_ACCEPT_LANGUAGE="ru").post(
        "/accounts/signup/",
        {"username": "weak", "password1": "x" * 128, "password2": "x" * 128},
    )
    assert "слишком мало разных символов" in response.content.decode()


def test_a_new_password_is_held_to_the_same_rules(owner):
    client = Client()
    client.force_login(owner)
    response = client.post(
        "/accounts/password/",
        {"old_password": "pw-olga-123", "new_password1": "x" * 40, "new_password2": "x" * 40},
    )
    assert response.status_code == 200 and "too few characters" in response.content.decode()
    owner.refresh_from_db()
    assert owner.check_password("pw-olga-123")


# --- Every form that asks for the password --------------------------------------------------


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def wrong_on_the_email_page(client):
    return client.post("/accounts/email/", {"email": "x@example.org", "password": "wrong-guess"})


def wrong_on_the_password_page(client):
    return client.post(
        "/accounts/password/",
        {
            "old_password": "wrong-guess",
            "new_password1": "another-good-phrase",
            "new_password2": "another-good-phrase",
        },
    )


@pytest.mark.parametrize("wrong", [wrong_on_the_email_page, wrong_on_the_password_page])
def test_wrong_passwords_on_a_form_that_asks_for_it_lock_the_login_too(owner, wrong):
    session = signed_in(owner)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        wrong(session)
    refused = Client().post("/accounts/login/", {"username": "olga", "password": "pw-olga-123"})
    assert refused.status_code == 429 and not logged_in(Client())


def test_wrong_passwords_on_the_forms_and_the_login_count_together(owner):
    session = signed_in(owner)
    wrong_on_the_email_page(session)
    wrong_on_the_password_page(session)
    fail(Client(), "/accounts/login/", "olga", settings.AXES_FAILURE_LIMIT - 2)
    refused = Client().post("/accounts/login/", {"username": "olga", "password": "pw-olga-123"})
    assert refused.status_code == 429


def test_during_the_lockout_the_right_password_changes_nothing_on_the_forms(owner):
    fail(Client(), "/accounts/login/", "olga", settings.AXES_FAILURE_LIMIT)
    session = signed_in(owner)
    session.post(
        "/accounts/password/",
        {
            "old_password": "pw-olga-123",
            "new_password1": "another-good-phrase",
            "new_password2": "another-good-phrase",
        },
    )
    owner.refresh_from_db()
    assert owner.check_password("pw-olga-123")


def test_the_right_password_on_the_forms_still_works(owner):
    session = signed_in(owner)
    response = session.post(
        "/accounts/password/",
        {
            "old_password": "pw-olga-123",
            "new_password1": "another-good-phrase",
            "new_password2": "another-good-phrase",
        },
    )
    assert response.status_code == 302
    owner.refresh_from_db()
    assert owner.check_password("another-good-phrase")


# --- The admin's change of password -----------------------------------------------------------


def admin_password_change(client, old: str):
    new = {"new_password1": "another-good-phrase", "new_password2": "another-good-phrase"}
    return client.post("/admin/password_change/", {"old_password": old, **new})


def test_wrong_passwords_on_the_admins_password_change_lock_the_login_too(django_user_model):
    root = django_user_model.objects.create_superuser(username="root", password="pw-root-123")
    session = signed_in(root)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        admin_password_change(session, "wrong-guess")
    refused = Client().post("/admin/login/", {"username": "root", "password": "pw-root-123"})
    assert refused.status_code == 429
    admin_password_change(session, "pw-root-123")  # the right one, during the lockout
    root.refresh_from_db()
    assert root.check_password("pw-root-123")


def test_the_right_password_on_the_admins_password_change_still_works(django_user_model):
    root = django_user_model.objects.create_superuser(username="root", password="pw-root-123")
    session = signed_in(root)
    assert b"old_password" in session.get("/admin/password_change/").content
    response = admin_password_change(session, "pw-root-123")
    assert response.status_code == 302 and response["Location"] == "/admin/password_change/done/"
    root.refresh_from_db()
    assert root.check_password("another-good-phrase")
