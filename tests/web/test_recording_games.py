"""A group records its campaign through the pages: sign up, create, 'before the first game',
set up, log, finish, open packets, invite; every refusal is a form error in the players' words
and writes nothing."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpRequest

from campaigns.game.finish import finish_game
from campaigns.game.table import place_scar, use_missiles
from campaigns.models import (
    AuditEntry,
    Campaign,
    EventKind,
    Game,
    GameEvent,
    GameStatus,
    Invitation,
    Membership,
    Role,
)
from legacy import board
from legacy.box import FACTIONS
from legacy.models import MARK_MODELS, City, CoinSticker, FactionPower, PacketOpening
from legacy.selectors import world_as_of
from tests.support.games import EARNED_ANOTHER_WAY, give, play, start_next_game
from tests.support.pages import finish_data, url
from web.forms.finish import FinishForm

pytestmark = pytest.mark.django_db


def world_rows(campaign) -> dict:
    rows = {m.__name__: m.objects.filter(campaign=campaign).count() for m in MARK_MODELS}
    rows["games"] = list(Game.objects.filter(campaign=campaign).values_list("number", "status"))
    rows["events"] = GameEvent.objects.filter(game__campaign=campaign).count()
    rows["audit"] = AuditEntry.objects.filter(campaign=campaign).count()
    return rows


# --- Accounts -------------------------------------------------------------------------------------


def test_a_newcomer_signs_up_logs_in_and_lands_on_a_new_campaign(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )
    assert (
        response.status_code == 302
        and response["Location"] == "/accounts/login/?next=%2Fc%2Fnew%2F"
    )
    assert get_user_model().objects.filter(username="newbie").exists()
    login = client.post(
        response["Location"], {"username": "newbie", "password": "a-long-pass-phrase"}
    )
    assert login["Location"] == "/c/new/"
    assert client.get("/c/new/").status_code == 200


def test_log_in_change_the_password_and_log_out(client, owner):
    assert client.get("/accounts/login/").status_code == 200
    response = client.post("/accounts/login/", {"username": "olga", "password": "pw-olga-123"})
    assert response.status_code == 302
    response = client.post(
        "/accounts/password/",
        {
            "old_password": "pw-olga-123",
            "new_password1": "another-good-phrase",
            "new_password2": "another-good-phrase",
        },
    )
    assert response.status_code == 302
    assert client.get(response["Location"]).status_code == 200
    assert client.post("/accounts/logout/").status_code == 302
    assert client.login(request=HttpRequest(), username="olga", password="another-good-phrase")


def test_making_a_campaign_needs_a_login(client):
    response = client.get("/c/new/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_campaign_is_created_with_its_players(as_owner, owner):
    response = as_owner.post("/c/new/", {"name": "Kitchen Table", "players": "Ada\nBoris\n\nCy"})
    campaign = Campaign.objects.get(name="Kitchen Table")
    assert response["Location"] == url(campaign, "before-the-first-game/")
    assert sorted(campaign.players.values_list("name", flat=True)) == ["Ada", "Boris", "Cy"]
    assert Membership.objects.get(campaign=campaign).role == Role.OWNER


def test_two_players_with_one_name_are_refused_in_the_players_words(as_owner):
    response = as_owner.post("/c/new/", {"name": "Twins", "players": "Ada\nada"})
    assert response.status_code == 200
    assert "Each player at the table needs a different name." in response.content.decode()
    assert not Campaign.objects.filter(name="Twins").exists()


# --- Before the first game ----------------------------------------------------------------------


def first_game_data(coins: dict[str, int], **extra) -> dict:
    data = {f"power_{f.slug}": "a" for f in FACTIONS}
    data.update({f"coins_{slug}": str(n) for slug, n in coins.items()})
    data.update(extra)
    return data


def test_before_the_first_game_through_the_form(campaign, as_owner):
    coins = {"alaska": 2, "brazil": 2, "egypt": 2, "china": 2, "india": 2, "peru": 2}
    response = as_owner.post(url(campaign, "before-the-first-game/"), first_game_data(coins))
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.prepared_at is not None
    world = world_as_of(campaign.pk)
    assert world.territories["alaska"].coins == 3 and world.stock_left["first-game-coins"] == 0
    page = as_owner.get(url(campaign, "before-the-first-game/")).content.decode()
    assert "Starting HQ fortified" in page and "Alaska" in page


def test_random_coins_on_request(campaign, as_owner):
    response = as_owner.post(
        url(campaign, "before-the-first-game/"), first_game_data({}, random_coins="on")
    )
    assert response.status_code == 302
    assert CoinSticker.objects.filter(campaign=campaign).count() == 12


def test_too_few_coins_are_refused_and_nothing_is_written(campaign, as_owner):
    before = world_rows(campaign)
    response = as_owner.post(
        url(campaign, "before-the-first-game/"), first_game_data({"alaska": 2, "peru": 1})
    )
    text = response.content.decode()
    assert response.status_code == 200
    assert "all 12 coin stickers go on territory cards; 3 were given" in text
    assert world_rows(campaign) == before
    campaign.refresh_from_db()
    assert campaign.prepared_at is None and not FactionPower.objects.exists()


def test_three_stickers_on_one_card_cannot_even_be_typed(campaign, as_owner):
    response = as_owner.post(url(campaign, "before-the-first-game/"), first_game_data({"peru": 3}))
    assert response.status_code == 200
    assert not CoinSticker.objects.exists()


# --- Setting up and playing a game ------------------------------------------------------------


def setup_data(players, *seats):
    data = {}
    for i, (name, faction, hq) in enumerate(seats):
        data[f"seat{i}_player"] = str(players[name].pk)
        data[f"seat{i}_faction"] = faction
        data[f"seat{i}_hq"] = hq
    return data


TRIO = (
    ("Ada", "khan-industries", "egypt"),
    ("Boris", "die-mechaniker", "japan"),
    ("Chloe", "enclave-of-the-bear", "peru"),
)


def test_a_game_is_set_up_and_started_through_the_pages(prepared_campaign, players, as_editor):
    response = as_editor.post(url(prepared_campaign, "games/new/"), setup_data(players, *TRIO))
    assert response.status_code == 302 and response["Location"] == url(
        prepared_campaign, "games/1/"
    )
    assert "Start the game" in as_editor.get(response["Location"]).content.decode()
    assert as_editor.post(url(prepared_campaign, "games/1/start/")).status_code == 302
    assert Game.objects.get(campaign=prepared_campaign).status == GameStatus.IN_PROGRESS


def test_the_setup_offers_only_legal_starts(prepared_campaign, players, as_owner):
    # Seat 1 starts in Egypt: seat 2 is no longer offered Egypt nor its neighbours.
    data = setup_data(players, TRIO[0]) | {"seat1_player": str(players["Boris"].pk), "_preview": 1}
    response = as_owner.post(url(prepared_campaign, "games/new/"), data)
    form = response.context["form"]
    offered = {
        v for _group, options in form.fields["seat1_hq"].widget.choices[1:] for v, _ in options
    }
    assert "japan" in offered
    assert not offered & {"egypt", "middle-east", "north-africa", "east-africa", "southern-europe"}
    assert not Game.objects.exists()


def test_hqs_side_by_side_are_refused_and_nothing_is_written(prepared_campaign, players, as_owner):
    before = world_rows(prepared_campaign)
    seats = (TRIO[0], ("Boris", "die-mechaniker", "middle-east"), TRIO[2])
    response = as_owner.post(url(prepared_campaign, "games/new/"), setup_data(players, *seats))
    text = response.content.decode()
    assert response.status_code == 200
    assert "Boris cannot start there: Middle East borders the HQ already placed in Egypt" in text
    assert world_rows(prepared_campaign) == before


def test_the_quick_log_notes_missiles_and_a_scar(game, players, as_owner):
    campaign = game.campaign
    give(game, players["Boris"], missiles=3)  # as if Boris had signed three times
    response = as_owner.post(
        url(campaign, "games/1/log/missiles/"),
        {"missiles-count": "3", "missiles-player": str(players["Boris"].pk)},
    )
    assert response.status_code == 302
    response = as_owner.post(
        url(campaign, "games/1/log/scar/"),
        {
            "scar-scar": "bunker",
            "scar-territory": "greenland",
            "scar-player": str(players["Ada"].pk),
        },
    )
    assert response.status_code == 302
    page = as_owner.get(url(campaign, "games/1/")).content.decode()
    events = [e.text for e in as_owner.get(url(campaign, "games/1/")).context["shown_events"]]
    assert events == ["3 missile(s) on one roll — Boris", "Bunker on Greenland — Ada"]
    assert "Pocket 1" in page  # the third missile on one roll: open it now
    assert world_as_of(campaign.pk).territories["greenland"].scar == "bunker"


def test_a_missile_from_a_player_holding_none_is_refused_on_the_page(game, players, as_owner):
    before = world_rows(game.campaign)
    response = as_owner.post(
        url(game.campaign, "games/1/log/missiles/"),
        {"missiles-count": "1", "missiles-player": str(players["Boris"].pk)},
    )
    assert response.status_code == 200
    assert "Boris holds 0 missile(s): 1 cannot be played." in response.content.decode()
    assert not game.events.exists() and world_rows(game.campaign) == before


def test_the_game_page_shows_what_each_seat_holds_now(game, players, as_owner):
    give(game, players["Boris"], missiles=2)
    use_missiles(game=game, count=1, player=players["Boris"].pk)
    seats = {
        s.player.name: s.holding_words
        for s in as_owner.get(url(game.campaign, "games/1/")).context["seats"]
    }
    # A red star token and the HQ each holds: 2 red stars as the box counts them.
    assert seats["Boris"] == "2 red stars, 1 HQ, 1 missile, a scar card"
    assert seats["Ada"] == "2 red stars, 1 HQ, a scar card"


def test_the_last_entry_is_undone_after_a_confirmation(game, players, as_owner):
    campaign = game.campaign
    give(game, players["Boris"], missiles=3)
    use_missiles(game=game, count=3, player=players["Boris"].pk)
    page = as_owner.get(url(campaign, "games/1/"))
    assert "Pocket 1" in page.content.decode()
    undo = url(campaign, "games/1/entries/1/void/")
    assert undo in page.content.decode()  # the undo sits by the seats
    confirm = as_owner.get(undo)
    assert confirm.status_code == 200 and "Take back entry 1 of game 1?" in confirm.content.decode()
    assert not GameEvent.objects.get(game=game, seq=1).voided  # asking is not doing
    response = as_owner.post(undo, {"reason": "Boris played two, not three"})
    assert response.status_code == 302
    entry = GameEvent.objects.get(game=game, seq=1)
    assert entry.voided and entry.void_reason == "Boris played two, not three"
    page = as_owner.get(url(campaign, "games/1/")).content.decode()
    assert "Open now" not in page
    assert "<del>3 missile(s) on one roll — Boris</del>" in page
    assert "taken back by olga: Boris played two, not three" in page


def test_an_entry_is_not_taken_back_without_a_reason(game, players, as_owner):
    give(game, players["Boris"], missiles=1)
    use_missiles(game=game, count=1, player=players["Boris"].pk)
    response = as_owner.post(url(game.campaign, "games/1/entries/1/void/"), {"reason": ""})
    assert response.status_code == 200 and not GameEvent.objects.get(game=game, seq=1).voided


def test_the_quick_log_answers_htmx_with_the_live_part(game, as_owner):
    response = as_owner.post(
        url(game.campaign, "games/1/log/missiles/"),
        {"missiles-count": "1"},
        HTTP_HX_REQUEST="true",
        follow=True,
    )
    assert response.status_code == 200
    assert 'id="game-live"' in response.content.decode()


def scar_entry(response) -> dict:
    """The quick log's scar entry on a game page."""
    return next(e for e in response.context["log_forms"] if e["path"] == "scar")


def test_a_scarred_territory_is_not_offered_for_a_second_scar(game, as_owner):
    place_scar(
        game=game, scar="bunker", territory="greenland", without_card=True, reason="An event card"
    )
    form = scar_entry(as_owner.get(url(game.campaign, "games/1/")))["form"]
    offered = {v for _group, options in form.fields["territory"].choices[1:] for v, _ in options}
    assert "greenland" not in offered and "iceland" in offered


def test_a_scar_on_a_territory_and_a_card_at_once_is_refused_and_nothing_is_written(game, as_owner):
    before = world_rows(game.campaign)
    response = as_owner.post(
        url(game.campaign, "games/1/log/scar/"),
        {
            "scar-scar": "ammo-shortage",
            "scar-faction": "khan-industries",
            "scar-territory": "iceland",
        },
    )
    assert response.status_code == 200
    assert "A scar goes on one territory or on one faction card." in response.content.decode()
    assert scar_entry(response)["open"]  # the form stays open with its refusal
    assert world_rows(game.campaign) == before


def test_eliminations_rejoins_and_the_coin_pile(game, players, as_owner):
    campaign = game.campaign
    chloe, ada = players["Chloe"].pk, players["Ada"].pk
    log = url(campaign, "games/1/log/")
    as_owner.post(log + "eliminated/", {"eliminated-player": chloe, "eliminated-can_rejoin": "on"})
    as_owner.post(
        log + "rejoined/",
        {"rejoined-player": chloe, "rejoined-territory": "brazil", "rejoined-occupied": ["peru"]},
    )
    counts = {
        f"coinpile-count_{p}": n for p, n in ((ada, 20), (players["Boris"].pk, 10), (chloe, 3))
    }
    as_owner.post(log + "coin-pile/", counts)
    stored = list(GameEvent.objects.values_list("kind", "data"))
    assert stored[:2] == [
        (EventKind.ELIMINATED, {"can_rejoin": True}),
        (EventKind.REJOINED, {"territory": "brazil"}),
    ]
    assert stored[2][0] == EventKind.COIN_PILE_OUT and stored[2][1]["red_star_to"] == ada
    events = [e.text for e in as_owner.get(url(campaign, "games/1/")).context["shown_events"]]
    assert events == [
        "Chloe (Enclave of the Bear) is wiped out and may rejoin",
        "Chloe joins the war again in Brazil",
        "a red star to Ada",
    ]


def test_a_rejoin_on_a_marked_territory_is_refused_on_the_page_and_writes_nothing(
    game, players, as_owner
):
    campaign = game.campaign
    chloe = players["Chloe"].pk
    place_scar(game=game, scar="bunker", territory="brazil", player=players["Ada"].pk)
    log = url(campaign, "games/1/log/")
    as_owner.post(log + "eliminated/", {"eliminated-player": chloe, "eliminated-can_rejoin": "on"})
    before = world_rows(campaign)
    response = as_owner.post(
        log + "rejoined/", {"rejoined-player": chloe, "rejoined-territory": "brazil"}
    )
    assert response.status_code == 200
    form = response.context["log_forms"][
        [e["kind"] for e in response.context["log_forms"]].index("rejoined")
    ]["form"]
    assert "Brazil is marked" in " ".join(form.non_field_errors())
    assert world_rows(campaign) == before


def test_a_rejoin_entered_before_territories_were_recorded_still_reads(game, players, as_owner):
    seat = game.seats.get(player=players["Chloe"])
    GameEvent.objects.create(game=game, seq=1, kind=EventKind.REJOINED, seat=seat, data={})
    events = [e.text for e in as_owner.get(url(game.campaign, "games/1/")).context["shown_events"]]
    assert events == ["Chloe joins the war again"]


# --- The end of a game ----------------------------------------------------------------------------


# What the group writes on the signature line in these tests.
SIGNED = {"slogan": "Veni, vidi", "signed_on": "2026-03-01"}


def test_the_end_of_a_game_signs_and_places_the_rewards(game, players, as_owner):
    campaign = game.campaign
    response = as_owner.post(url(campaign, "games/1/finish/"), finish_data(players, **SIGNED))
    assert response.status_code == 302 and response["Location"] == url(
        campaign, "games/1/?kept=end"
    )
    world = world_as_of(campaign.pk, 1)
    assert world.territories["egypt"].city.name == "Cairo"
    assert world.territories["japan"].city.name == "Edo"
    assert world.signatures[0].slogan == "Veni, vidi" and world.signatures[0].date == "2026-03-01"
    page = as_owner.get(response["Location"]).content.decode()
    assert "Pack 2" in page  # Chloe was eliminated at the end
    assert "Found a major city" in page and "Cairo" in page
    assert 'id="snapshot"' in page


def test_only_legal_rewards_are_offered(game, as_owner):
    form = as_owner.get(url(game.campaign, "games/1/finish/")).context["form"]
    kinds = [k for k, _ in form.fields["winner_kind"].choices]
    # Nothing to cancel or fortify on an empty board.
    assert kinds == ["name-continent", "major-city", "change-bonus", "destroy-card"]


def test_a_winner_without_a_reward_is_refused_and_nothing_is_written(game, players, as_owner):
    before = world_rows(game.campaign)
    response = as_owner.post(
        url(game.campaign, "games/1/finish/"), finish_data(players, winner_kind="", **SIGNED)
    )
    assert response.status_code == 200
    assert "Ada won and chooses one reward." in response.content.decode()
    assert world_rows(game.campaign) == before


def test_a_held_on_reward_on_the_winners_new_city_is_refused(game, players, as_owner):
    before = world_rows(game.campaign)
    data = finish_data(players, **SIGNED, **{f"h{players['Boris'].pk}_minor-city_target": "egypt"})
    response = as_owner.post(url(game.campaign, "games/1/finish/"), data)
    assert "Boris: Egypt already has a city: one city per territory." in response.content.decode()
    assert world_rows(game.campaign) == before
    assert not City.objects.exists()


def test_the_preview_redraws_the_held_on_rewards_clockwise_from_the_winner(game, players, as_owner):
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    data = {f"result_{chloe}": "won", f"result_{ada}": "held_on", f"result_{boris}": "held_on"}
    response = as_owner.post(url(game.campaign, "games/1/finish/"), {**data, "_preview": "1"})
    rows = [r["seat"].player.name for r in response.context["held_rows"]]
    assert rows == ["Ada", "Boris"]  # Chloe sits third: Ada (1) and Boris (2) follow her
    assert "Not recorded" not in response.content.decode()
    assert Game.objects.get().status == GameStatus.IN_PROGRESS


# --- Packets, invitations, sharing ----------------------------------------------------------------


def test_a_packet_is_opened_with_what_it_unlocked(game, as_owner):
    response = as_owner.post(
        url(game.campaign, "packets/open/"),
        {
            "packet": "pocket-1",
            "trigger": "Three missiles on one roll",
            "earned_otherwise": EARNED_ANOTHER_WAY,
            "item0_kind": "scar-type",
            "item0_title": "Fallout",
            "item0_text": "Nobody may start here.",
            "item0_cards": "2",
        },
    )
    assert response.status_code == 302 and response["Location"] == url(game.campaign, "games/1/")
    assert PacketOpening.objects.get().packet == "pocket-1"
    page = as_owner.get(url(game.campaign, "packets/")).content.decode()
    assert "Fallout" in page and "Nobody may start here." in page
    scar_choices = scar_entry(as_owner.get(url(game.campaign, "games/1/")))["form"]
    assert ("fallout", "Fallout") in scar_choices.fields["scar"].choices


def test_the_pack_4_checkbox_is_in_view_for_a_world_capital_not_in_the_scar_section(game, as_owner):
    page = as_owner.get(url(game.campaign, "packets/open/")).content.decode()
    collapsed = " ".join(re.findall(r"<details>.*?</details>", page, flags=re.S))
    assert 'name="item0_opens_pack_4"' in page
    assert 'name="item0_opens_pack_4"' not in collapsed
    assert 'name="item0_dice_effect"' in collapsed  # what only a scar type needs stays folded


def test_an_item_without_a_kind_is_refused_and_nothing_is_written(game, as_owner):
    before = world_rows(game.campaign)
    response = as_owner.post(
        url(game.campaign, "packets/open/"), {"packet": "pack-1", "item0_title": "Something"}
    )
    assert response.status_code == 200
    assert "What kind of thing is it?" in response.content.decode()
    assert world_rows(game.campaign) == before


def test_an_invitation_link_makes_a_member(campaign, as_owner, as_stranger, stranger):
    as_owner.post(url(campaign, "invitations/new/"), {"role": "editor"})
    invitation = Invitation.objects.get()
    link = f"/join/{invitation.token}/"
    assert link in as_owner.get(url(campaign, "settings/")).content.decode()
    assert "join as editor" in as_stranger.get(link).content.decode()
    response = as_stranger.post(link)
    assert response.status_code == 302 and response["Location"] == url(campaign)
    assert Membership.objects.get(campaign=campaign, user=stranger).role == Role.EDITOR
    assert as_stranger.get(url(campaign, "packets/open/")).status_code == 200


def test_an_invitation_asks_a_visitor_to_log_in_first(campaign, owner, anonymous):
    invitation = Invitation.objects.create(campaign=campaign, role=Role.VIEWER, created_by=owner)
    response = anonymous.get(f"/join/{invitation.token}/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/join/")


def test_a_withdrawn_invitation_makes_nobody_a_member(campaign, as_owner, as_stranger, stranger):
    as_owner.post(url(campaign, "invitations/new/"), {"role": "viewer"})
    invitation = Invitation.objects.get()
    as_owner.post(url(campaign, f"invitations/{invitation.pk}/revoke/"))
    response = as_stranger.post(f"/join/{invitation.token}/")
    assert "This invitation link was withdrawn" in response.content.decode()
    assert not Membership.objects.filter(user=stranger).exists()
    assert as_stranger.get("/join/no-such-token/").status_code == 404


@pytest.mark.parametrize(
    "token",
    ["%00", "ab%00cd", "%FF", "%C3%A9t%C3%A9", "a%20b", "a.b", "%E2%80%8B", "x" * 200],
)
def test_a_join_link_with_a_nul_or_odd_characters_is_not_found(as_stranger, anonymous, token):
    for client in (as_stranger, anonymous):
        assert client.get(f"/join/{token}/").status_code == 404
        assert client.post(f"/join/{token}/").status_code == 404


def test_the_owner_changes_a_role_and_removes_a_member(campaign, as_owner, viewer):
    membership = Membership.objects.get(user=viewer)
    as_owner.post(url(campaign, f"members/{membership.pk}/"), {"role": "editor"})
    membership.refresh_from_db()
    assert membership.role == Role.EDITOR
    as_owner.post(url(campaign, f"members/{membership.pk}/"), {"remove": "1"})
    assert not Membership.objects.filter(pk=membership.pk).exists()


def test_the_owner_shares_the_campaign(campaign, as_owner):
    old = campaign.share_token
    as_owner.post(
        url(campaign, "settings/sharing/"), {"shared": "on", "public": "on", "new_link": "on"}
    )
    campaign.refresh_from_db()
    assert campaign.shared and campaign.public and campaign.share_token != old
    assert (
        f"?share={campaign.share_token}"
        in as_owner.get(url(campaign, "settings/")).content.decode()
    )


# --- History, standings, calculators -----------------------------------------------------------


@pytest.fixture
def history(prepared_campaign):
    return play(prepared_campaign, 2)


def test_the_history_shows_every_game_its_picture_and_what_changed(history, as_viewer):
    page = as_viewer.get(url(history, "history/")).content.decode()
    assert page.count('class="timeline-game"') == 3  # two games and "before the first game"
    assert url(history, "board/1.svg") in page and url(history, "board/2.svg") in page
    assert "Major city Cairo founded" in page
    assert "Ammo Shortage on Greenland — Ada" in page
    svg = as_viewer.get(url(history, "board/1.svg"))
    assert svg["Content-Type"].startswith("image/svg+xml")
    assert svg.content.decode().count("data-territory=") == 42


def test_a_territory_page_lists_every_mark_even_removed_ones(history, owner, as_viewer):
    campaign = history
    game = start_next_game(campaign)
    players = {p.name: p.pk for p in campaign.players.all()}
    finish_game(
        game=game,
        results={
            players["Ada"]: "won",
            players["Boris"]: "held_on",
            players["Chloe"]: "eliminated",
        },
        winner_reward={"kind": "cancel-scar", "territory": "greenland"},
        controlled={players["Boris"]: ["china"]},
        held_on_rewards={players["Boris"]: {"kind": "upgrade-card", "territory": "china"}},
    )
    page = as_viewer.get(url(campaign, "territories/greenland/")).content.decode()
    assert "Scar: Ammo Shortage" in page
    assert "stopped counting in game 3: cancelled with a scar-cancel sticker" in page
    assert as_viewer.get(url(campaign, "territories/atlantis/")).status_code == 404


def test_the_interactive_board_links_every_territory(history, as_viewer):
    page = as_viewer.get(url(history)).content.decode()
    assert page.count(f'<a href="{url(history, "territories/")}') == 42
    assert "Egypt: major city Cairo (founded by Ada)" in page
    assert 'data-name="Egypt" data-continent="Africa"' in page


def test_the_faction_cards_and_the_standings(history, as_viewer):
    factions = as_viewer.get(url(history, "factions/")).content.decode()
    assert factions.count("sat-out") == 2 * 2  # two factions sat out both games
    assert "A troop on each HQ" in factions
    standings = as_viewer.get(url(history, "standings/"))
    assert standings.context["wins_by_player"][0] == {"label": "Ada", "value": 2, "pct": 100}
    assert "Where the factions started" in standings.content.decode()


def test_the_audit_trail_lists_who_did_what(history, as_viewer):
    page = as_viewer.get(url(history, "audit/")).content.decode()
    assert "Game 2 finished: Ada won." in page and "Campaign Our Earth created." in page


def test_the_recruitment_calculator(history, as_viewer):
    response = as_viewer.get(
        url(history, "tools/recruitment/"),
        {"controlled": ["egypt", "peru", "brazil", "venezuela", "argentina"], "trade_coins": "4"},
    )
    result = response.context["result"]
    # 5 territories + Cairo's 2 = 7 -> 3 (the minimum), South America +2, 4 coins -> 7 troops.
    assert result["troops"] == 3 + 2 + 7 and result["population"] == 2


def test_the_legal_starts_calculator(history, players, as_viewer):
    response = as_viewer.get(url(history, "tools/starts/"), {"player": players["Ada"].pk})
    legal = [slug for _name, slug in response.context["legal"]]
    assert "egypt" in legal  # Cairo is Ada's own major city
    response = as_viewer.get(url(history, "tools/starts/"), {"player": players["Boris"].pk})
    assert "egypt" not in [slug for _name, slug in response.context["legal"]]


def test_the_legal_starts_calculator_keeps_neighbours_of_occupied_territories_legal(
    history, as_viewer
):
    legal = as_viewer.get(url(history, "tools/starts/"), {"occupied": ["middle-east"]})
    slugs = [slug for _name, slug in legal.context["legal"]]
    assert "middle-east" not in slugs and "afghanistan" in slugs
    in_setup = as_viewer.get(url(history, "tools/starts/"), {"hqs": ["middle-east"]})
    assert "afghanistan" not in [slug for _name, slug in in_setup.context["legal"]]


def test_the_legal_starts_calculator_answers_for_a_player_joining_the_war(history, as_viewer):
    response = as_viewer.get(
        url(history, "tools/starts/"), {"hqs": ["middle-east"], "joining": "on"}
    )
    slugs = [slug for _name, slug in response.context["legal"]]
    assert "afghanistan" in slugs and "middle-east" not in slugs
    assert "joins the war with 4 troops" in response.content.decode()
    everywhere = [t.slug for t in board.TERRITORIES]
    response = as_viewer.get(
        url(history, "tools/starts/"), {"occupied": everywhere, "joining": "on"}
    )
    assert response.context["legal"] == []
    assert "the player is eliminated for this game" in response.content.decode()


def test_the_odds_calculator_shows_the_chance_and_its_chart(history, as_viewer):
    response = as_viewer.get(url(history, "tools/odds/"), {"attackers": 10, "defenders": 3})
    assert 0.8 < response.context["result"].p_conquer < 1
    chart = response.context["chart"]
    assert chart[0]["attackers"] == 2 and any(p["mine"] for p in chart)
    assert [p["pct"] for p in chart] == sorted(p["pct"] for p in chart)


def test_an_impossible_battle_is_refused_in_the_players_words(history, as_viewer):
    response = as_viewer.get(
        url(history, "tools/odds/"),
        {"attackers": 5, "defenders": 2, "bunker": "on", "ammo_shortage": "on"},
    )
    assert "at most one scar" in response.content.decode()
    assert response.context["result"] is None


def test_the_odds_calculator_reads_a_territorys_marks(history, as_viewer):
    response = as_viewer.get(url(history, "tools/odds/"), {"territory": "greenland"})
    assert response.context["form"]["ammo_shortage"].value() is True


def test_after_the_fifteenth_game_the_end_form_asks_for_no_slogan_or_date():
    after = FinishForm(seats=[], winner_targets={}, held_targets={}, rewards=False)
    during = FinishForm(seats=[], winner_targets={}, held_targets={}, rewards=True)
    assert "slogan" not in after.fields and "signed_on" not in after.fields
    assert "slogan" in during.fields and "signed_on" in during.fields


def test_the_missiles_form_starts_a_new_roll_unless_same_roll_is_ticked(game, players, as_owner):
    campaign = game.campaign
    for name in ("Ada", "Boris", "Chloe"):
        give(game, players[name], missiles=1)
    use_missiles(game=game, count=1, player=players["Ada"].pk)
    page = as_owner.get(url(campaign, "games/1/"))
    form = next(f["form"] for f in page.context["log_forms"] if f["kind"] == EventKind.MISSILES)
    assert form["roll"].value() == "new"  # a new roll is the default
    assert form["same_roll"].value() in (None, False)  # joining is one tap, off until ticked
    assert form["same_roll"].label == "Same roll as entry 1"
    # Posting the page's defaults: Boris's missile is on a roll of its own.
    as_owner.post(
        url(campaign, "games/1/log/missiles/"),
        {
            "missiles-count": "1",
            "missiles-player": str(players["Boris"].pk),
            "missiles-roll": "new",
        },
    )
    assert GameEvent.objects.get(game=game, seq=2).data["roll"] == 2
    # Ticked: Chloe's missile joins the open roll (Boris's), which holds two: no Pocket 1.
    as_owner.post(
        url(campaign, "games/1/log/missiles/"),
        {
            "missiles-count": "1",
            "missiles-player": str(players["Chloe"].pk),
            "missiles-same_roll": "on",
            "missiles-roll": "new",
        },
    )
    assert GameEvent.objects.get(game=game, seq=3).data["roll"] == 2
    page = as_owner.get(url(campaign, "games/1/"))
    assert "same roll as entry 2" in page.content.decode()
    assert "pocket-1" not in [slug for slug, _ in page.context["to_open"]]


def test_three_missiles_on_one_roll_through_the_form_open_pocket_one(game, players, as_owner):
    campaign = game.campaign
    for name in ("Ada", "Boris", "Chloe"):
        give(game, players[name], missiles=1)
    use_missiles(game=game, count=1, player=players["Ada"].pk)
    for name in ("Boris", "Chloe"):
        as_owner.post(
            url(campaign, "games/1/log/missiles/"),
            {
                "missiles-count": "1",
                "missiles-player": str(players[name].pk),
                "missiles-same_roll": "on",
            },
        )
    assert [e.data["roll"] for e in GameEvent.objects.filter(game=game)] == [1, 1, 1]
    page = as_owner.get(url(campaign, "games/1/"))
    assert "pocket-1" in [slug for slug, _ in page.context["to_open"]]


def test_the_missiles_form_offers_no_same_roll_while_no_roll_is_open(game, players, as_owner):
    page = as_owner.get(url(game.campaign, "games/1/"))
    form = next(f["form"] for f in page.context["log_forms"] if f["kind"] == EventKind.MISSILES)
    assert "same_roll" not in form.fields


def test_the_missiles_form_starts_a_new_roll_when_told(game, players, as_owner):
    campaign = game.campaign
    give(game, players["Ada"], missiles=2)
    use_missiles(game=game, count=1, player=players["Ada"].pk)
    as_owner.post(
        url(campaign, "games/1/log/missiles/"),
        {"missiles-count": "1", "missiles-player": str(players["Ada"].pk), "missiles-roll": "new"},
    )
    assert GameEvent.objects.get(game=game, seq=2).data["roll"] == 2
