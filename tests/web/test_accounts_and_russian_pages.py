"""A forgotten password reset by e-mail, the e-mail asked at sign-up, the page an editor meets on
an owner's page, and the Russian of the audit trail, the date pickers and the language switcher."""

from __future__ import annotations

import re
from datetime import date
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client, override_settings

from campaigns import services
from campaigns.members import update_sharing
from campaigns.models import AuditEntry
from tests.support.games import play
from tests.support.pages import client_for

pytestmark = pytest.mark.django_db

PASSWORD = "a-new-long-pass-phrase"


def reset_link(message) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/password/reset/[^\s]+/)", message.body)
    assert found, message.body
    return found.group(1)


def logs_in(username: str, password: str) -> bool:
    client = Client()
    client.post("/accounts/login/", {"username": username, "password": password})
    return "_auth_user_id" in client.session


# --- A forgotten password ------------------------------------------------------------------------


def test_a_forgotten_password_is_reset_through_the_link_in_the_mail(owner):
    owner.email = "olga@example.org"
    owner.save()
    client = Client()
    sent = client.post("/accounts/password/reset/", {"email": "OLGA@example.org"})
    assert sent.status_code == 302 and sent["Location"] == "/accounts/password/reset/sent/"
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["olga@example.org"]
    form = client.get(reset_link(mail.outbox[0]), follow=True)
    assert form.status_code == 200 and 'name="new_password1"' in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": PASSWORD, "new_password2": PASSWORD}
    )
    assert done.status_code == 302 and done["Location"] == "/accounts/password/reset/done/"
    assert logs_in("olga", PASSWORD) and not logs_in("olga", "pw-olga-123")
    # The link worked once.
    again = Client().get(reset_link(mail.outbox[0]), follow=True).content.decode()
    assert "This link does not work any more" in again and "new_password1" not in again


def test_the_reset_page_does_not_say_whether_an_address_has_an_account(owner):
    answer = Client().post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/password/reset/sent/"
    assert mail.outbox == []


def test_the_reset_mail_and_pages_speak_russian_to_a_russian_reader(owner):
    owner.email = "olga@example.org"
    owner.save()
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    assert "Забыли пароль?" in client.get("/accounts/login/").content.decode()
    client.post("/accounts/password/reset/", {"email": "olga@example.org"})
    (message,) = mail.outbox
    assert message.subject == "Новый пароль для Earthbook"
    assert "Здравствуйте, olga!" in message.body and "Someone asked" not in message.body


@override_settings(PASSWORD_RESET_LIMIT=2)
def test_reset_requests_from_one_address_are_limited(owner):
    owner.email = "olga@example.org"
    owner.save()
    for _ in range(2):
        Client(REMOTE_ADDR="203.0.113.9").post("/accounts/password/reset/", {"email": owner.email})
    refused = Client(REMOTE_ADDR="203.0.113.9").post(
        "/accounts/password/reset/", {"email": owner.email}
    )
    assert refused.status_code == 429 and "Too many reset requests" in refused.content.decode()
    assert len(mail.outbox) == 2
    Client(REMOTE_ADDR="198.51.100.7").post("/accounts/password/reset/", {"email": owner.email})
    assert len(mail.outbox) == 3


# --- Sign-up -------------------------------------------------------------------------------------


def sign_up(username: str, email: str = ""):
    return Client().post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_sign_up_keeps_an_e_mail_address_when_given_and_none_when_not():
    assert sign_up("nadia", "nadia@example.org").status_code == 302
    assert sign_up("oleg").status_code == 302
    assert sign_up("pavel").status_code == 302  # two accounts without an address are fine
    emails = dict(get_user_model().objects.values_list("username", "email"))
    assert emails == {"nadia": "nadia@example.org", "oleg": "", "pavel": ""}


def test_an_address_already_used_is_left_out_unsaid_and_its_owner_told(settings):
    sign_up("nadia", "nadia@example.org")
    free = sign_up("nadia2", "nadia2@example.org")
    taken = sign_up("nadia3", "NADIA@example.org")
    assert (taken.status_code, taken["Location"]) == (free.status_code, free["Location"])
    assert "Another account uses" not in taken.content.decode()
    emails = dict(get_user_model().objects.values_list("username", "email"))
    assert emails["nadia"] == "nadia@example.org" and emails["nadia3"] == ""
    (notice,) = [m for m in mail.outbox if m.to == ["NADIA@example.org"]]
    assert "Your account keeps it" in notice.body


def test_a_malformed_address_is_refused_at_sign_up():
    assert sign_up("nadia4", "not-an-address").status_code == 200
    assert not get_user_model().objects.filter(username="nadia4").exists()


def confirm_link(message) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/email/confirm/[^\s]+/)", message.body)
    assert found, message.body
    return found.group(1)


def ask_for_address(client, address: str):
    return client.post("/accounts/email/", {"email": address, "password": "pw-olga-123"})


def test_an_account_without_an_address_gets_one_later_and_can_then_reset(owner):
    client = client_for(owner)
    assert ask_for_address(client, "olga@example.org").status_code == 302
    (sent,) = mail.outbox
    assert sent.to == ["olga@example.org"]
    owner.refresh_from_db()
    assert owner.email == ""  # not before the link is opened
    link = confirm_link(sent)
    asked = Client().get(link)  # a mail scanner opening it changes nothing
    assert asked.status_code == 200 and "olga@example.org" in asked.content.decode()
    owner.refresh_from_db()
    assert owner.email == ""
    assert Client().post(link).status_code == 302
    owner.refresh_from_db()
    assert owner.email == "olga@example.org"
    mail.outbox.clear()
    Client().post("/accounts/password/reset/", {"email": "olga@example.org"})
    assert [m.to for m in mail.outbox] == [["olga@example.org"]]


@override_settings(PASSWORD_RESET_LIMIT=2)
def test_e_mail_changes_from_one_address_are_limited_like_reset_requests(owner):
    client = client_for(owner)
    for address in ("one@example.org", "two@example.org"):
        assert ask_for_address(client, address).status_code == 302
    refused = ask_for_address(client, "three@example.org")
    assert refused.status_code == 429
    assert "Too many e-mail changes" in refused.content.decode()
    assert [m.to for m in mail.outbox] == [["one@example.org"], ["two@example.org"]]


def test_a_confirmation_link_works_once(owner):
    ask_for_address(client_for(owner), "olga@example.org")
    link = confirm_link(mail.outbox[0])
    Client().post(link)
    again = Client().post(link)
    assert again.status_code == 404 and "This link does not work" in again.content.decode()


def test_a_confirmation_link_works_once_ever_even_when_the_address_comes_back(owner):
    ask_for_address(client_for(owner), "olga@example.org")
    link = confirm_link(mail.outbox[0])  # made while the account had no address
    assert Client().post(link).status_code == 302
    client_for(owner).post("/accounts/email/", {"email": "", "password": "pw-olga-123"})
    owner.refresh_from_db()
    assert owner.email == ""  # as it was when the link was made
    again = Client().post(link)
    assert again.status_code == 404
    owner.refresh_from_db()
    assert owner.email == ""


def test_a_link_for_an_address_another_account_took_meanwhile_changes_nothing(owner, stranger):
    ask_for_address(client_for(owner), "shared@example.org")
    stranger.email = "SHARED@example.org"
    stranger.save()
    answer = Client().post(confirm_link(mail.outbox[0]))
    assert answer.status_code == 409
    assert "Another account uses this e-mail address." in answer.content.decode()
    owner.refresh_from_db()
    assert owner.email == ""


def test_a_tampered_or_outdated_link_changes_nothing(owner, settings):
    ask_for_address(client_for(owner), "olga@example.org")
    link = confirm_link(mail.outbox[0])
    assert Client().post(link.replace(":", "x", 1)).status_code == 404
    owner.email = "other@example.org"  # changed since, another way
    owner.save()
    assert Client().post(link).status_code == 404
    owner.refresh_from_db()
    assert owner.email == "other@example.org"


def test_the_confirmation_mail_and_page_are_in_russian_for_a_russian_reader(owner):
    ask_for_address(client_for(owner, "ru"), "olga@example.org")
    (sent,) = mail.outbox
    assert "Ваш новый адрес электронной почты" in sent.subject
    assert "откройте эту ссылку" in sent.body
    page = Client(HTTP_ACCEPT_LANGUAGE="ru").get(confirm_link(sent)).content.decode()
    assert "Использовать этот адрес" in page


def test_the_e_mail_address_changes_only_with_the_accounts_password(owner):
    client = client_for(owner)
    refused = client.post("/accounts/email/", {"email": "thief@example.org"})
    assert refused.status_code == 200
    wrong = client.post("/accounts/email/", {"email": "thief@example.org", "password": "guess"})
    assert "This is not your password." in wrong.content.decode()
    owner.refresh_from_db()
    assert owner.email != "thief@example.org"


def test_the_e_mail_page_answers_the_same_whether_or_not_an_address_is_taken(owner, stranger):
    owner.email = "olga@example.org"
    owner.save()
    stranger.email = "sam@example.org"
    stranger.save()
    client = client_for(owner)
    answers = []
    for address in ("sam@example.org", "nobody@example.org"):
        response = client.post(
            "/accounts/email/", {"email": address, "password": "pw-olga-123"}, follow=True
        )
        page = response.content.decode().replace(address, "ADDRESS")
        # Read again later too: the account keeps its address until a link is opened.
        later = client.get("/accounts/email/").content.decode()
        field = re.search(r'<input type="email"[^>]*>', later).group(0)
        answers.append(
            (response.status_code, response.redirect_chain, page.count("ADDRESS"), field)
        )
    assert answers[0] == answers[1]
    assert 'value="olga@example.org"' in answers[0][3]
    owner.refresh_from_db()
    stranger.refresh_from_db()
    assert (owner.email, stranger.email) == ("olga@example.org", "sam@example.org")
    # The taken address is told someone asked for it; the free one is sent the link.
    assert [m.to for m in mail.outbox] == [["sam@example.org"], ["nobody@example.org"]]
    assert "/accounts/email/confirm/" not in mail.outbox[0].body
    assert "Your account keeps it" in mail.outbox[0].body
    assert "/accounts/email/confirm/" in mail.outbox[1].body


def test_the_address_is_removed_at_once_with_the_password(owner):
    owner.email = "olga@example.org"
    owner.save()
    assert ask_for_address(client_for(owner), "").status_code == 302
    owner.refresh_from_db()
    assert owner.email == "" and mail.outbox == []


# --- An editor on an owner's page ----------------------------------------------------------------


def test_an_editor_on_the_settings_page_is_told_only_the_owner_uses_it(campaign, editor):
    english = client_for(editor).get(f"/c/{campaign.pk}/settings/")
    assert english.status_code == 403
    text = unescape(english.content.decode())
    assert "Only the campaign's owner may use this page." in text
    assert "owner and editors" not in text
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    russian.force_login(editor)
    page = russian.get(f"/c/{campaign.pk}/settings/").content.decode()
    assert "Этой страницей может пользоваться только владелец кампании." in page


def test_a_viewer_on_an_editors_page_is_told_they_may_read_but_not_change(campaign, viewer):
    page = client_for(viewer).get(f"/c/{campaign.pk}/games/new/")
    assert page.status_code == 403
    assert "You may read this campaign but not change it." in page.content.decode()


# --- The audit trail in the reader's language ----------------------------------------------------


def test_the_audit_trail_says_new_entries_in_russian_and_old_ones_as_stored(campaign, owner):
    services.add_player(campaign=campaign, name="Zoya", by=owner)
    update_sharing(
        campaign=campaign, shared=True, public=False, hide_unlocked_content=True, by=owner
    )
    AuditEntry.objects.create(
        campaign=campaign, user=owner, action="player-added", summary="Ivan joined the table."
    )
    assert AuditEntry.objects.get(data__name="Zoya").summary == ""  # no words are stored
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    page = client.get(f"/c/{campaign.pk}/audit/").content.decode()
    assert "Zoya садится за стол." in page
    assert "Доступ изменён: ссылка для чтения вкл., в открытом списке выкл." in page
    assert "Zoya joined the table." not in page
    assert "Ivan joined the table." in page  # an entry from before keeps its words
    english = client_for(owner).get(f"/c/{campaign.pk}/audit/").content.decode()
    assert "Zoya joined the table." in english
    assert "Sharing changed: share link on, listed publicly off, packet content hidden on." in (
        english
    )


def test_the_api_says_an_audit_entry_in_the_language_asked(campaign, owner):
    from rest_framework.test import APIClient

    services.add_player(campaign=campaign, name="Zoya", by=owner)
    api = APIClient()
    api.force_authenticate(owner)
    url = f"/api/v1/campaigns/{campaign.pk}/audit/"
    english = api.get(url).json()["results"]
    russian = api.get(url, HTTP_ACCEPT_LANGUAGE="ru").json()["results"]
    assert "Zoya joined the table." in [e["summary"] for e in english]
    assert "Zoya садится за стол." in [e["summary"] for e in russian]
    assert {"name": "Zoya"} in [e["data"] for e in russian]


# --- Dates, starts and the switcher --------------------------------------------------------------


def test_a_date_picker_on_a_russian_page_holds_an_iso_date(prepared_campaign, owner):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    page = client.get(f"/c/{prepared_campaign.pk}/games/new/").content.decode()
    (picker,) = re.findall(r'<input type="date"[^>]*>', page)
    assert f'value="{date.today().isoformat()}"' in picker


def test_a_territory_page_in_russian_says_why_it_is_no_legal_start(prepared_campaign, owner):
    played = play(prepared_campaign, 1)  # a scar on Greenland
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    page = client.get(f"/c/{played.pk}/territories/greenland/").content.decode()
    assert "На территории Гренландия есть отметка" in page
    assert "is marked" not in page


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_switcher_names_each_language_in_its_own_tongue(language):
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get("/").content.decode()
    switcher = page[page.index('id="language-select"') :]
    switcher = switcher[: switcher.index("</select>")]
    assert re.findall(r'lang="(\w+)">([^<]+)</option>', switcher) == [
        ("en", "English"),
        ("ru", "Русский"),
    ]


def test_the_name_filters_give_the_boxs_names_in_the_readers_language():
    from django.template import Context, Template
    from django.utils import translation

    page = Template(
        "{% load names %}{{ 'egypt'|territory }}; {{ 'asia'|continent }}; "
        "{{ 'die-mechaniker'|faction }}; {{ 'pocket-1'|packet }}"
    )
    with translation.override("ru"):
        assert page.render(Context()) == "Египет; Азия; Мертвые машины; Кармашек 1"
    with translation.override("en"):
        assert page.render(Context()) == "Egypt; Asia; Die Mechaniker; Pocket 1"


def test_the_calculators_name_the_factions_as_every_other_page_does(campaign, owner):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    odds = client.get(f"/c/{campaign.pk}/tools/odds/").content.decode()
    recruit = client.get(f"/c/{campaign.pk}/tools/recruitment/").content.decode()
    # The factions to choose from, and the "what if" of Balkania's power, by the same names.
    assert "Анклав со знаком медведя" in odds and "Анклав Медведя" not in odds
    assert "Мертвые машины" in odds
    assert "как способность (a) фракции «Балканская империя»" in recruit
    english = client_for(owner).get(f"/c/{campaign.pk}/tools/odds/").content.decode()
    assert "Die Mechaniker" in english and "Мертвые машины" not in english
