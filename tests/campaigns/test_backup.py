"""Backups: a campaign written out as JSON and restored into a new campaign, exactly.

The campaign backed up is the fifteen-game season of ``test_full_campaign``, with what a real
season leaves besides: a named world (after a tie-break roll), a corrected and a voided mark, a
destroyed city, a faction scar, a coin-pile event, an account linked to a player, and game 16
still in progress; and the group's own sealed components (one opened after game 15, one voided)
and rule stickers (one unlocked by that opening and changing a setting, one voided).
"""

from __future__ import annotations

import copy
import dataclasses
import io
import json
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.utils import translation

from campaigns import backup, demo
from campaigns.backup import checks
from campaigns.capitals import found_world_capital
from campaigns.game import rulebook, sealed
from campaigns.game.decks import add_card, card_states, complete_mission, destroy_card, draw_card
from campaigns.game.factions import add_faction, destroy_power, place_power
from campaigns.game.finish import finish_game, name_world
from campaigns.game.holdings import holdings_of
from campaigns.game.notes import add_note
from campaigns.game.packets import open_packet, packets_to_open
from campaigns.game.table import coin_pile_out, place_scar, use_missiles
from campaigns.game.taking_back import void_event
from campaigns.game.territory_entries import destroy_city
from campaigns.models import (
    AuditEntry,
    Campaign,
    EventKind,
    Game,
    GameEvent,
    GameNote,
    GameReward,
    GameStatus,
    Membership,
    Player,
    Role,
    Seat,
)
from campaigns.selectors.cards import faction_card_backs
from campaigns.selectors.standings import standings
from legacy import corrections
from legacy.models import (
    MARK_MODELS,
    City,
    ContinentName,
    Correction,
    DeckCard,
    FactionPower,
    MarkKind,
    PacketOpening,
    RuleSticker,
    ScarKind,
    SealedComponent,
    StockAllowance,
    TradeRate,
    UnlockedContent,
)
from legacy.selectors import world_as_of
from tests.support.games import EARNED_ANOTHER_WAY
from tests.support.season import AFTERWORD, HARBOUR, Table, play_season

pytestmark = pytest.mark.django_db


def place_power_id(campaign, name: str) -> int:
    return FactionPower.objects.get(campaign=campaign, name=name, voided=False).pk


def finish_the_season(table: Table) -> Table:
    """Name the world, fix two marks, and leave game 16 half played."""
    ids, owner, campaign = table.ids, table.owner, table.campaign
    ada_account = get_user_model().objects.create_user(username="ada-online", password="pw-ada-1")
    Player.objects.filter(pk=ids["Ada"]).update(user=ada_account)
    name_world(campaign=campaign, name="Concord", rolls={ids["Ada"]: 3, ids["Boris"]: 4})
    add_note(game=campaign.games.get(number=15), text="Ada betrayed Boris.\nTwice.", by=owner)
    with transaction.atomic():
        vela = City.objects.get(campaign=campaign, name="Vela")
        corrections.correct_mark(
            mark=vela, changes={"name": "Vela Nova"}, reason="Misspelt at the table.", by=owner
        )
        verdant = ContinentName.objects.get(campaign=campaign, continent="south-america")
        corrections.void_mark(mark=verdant, reason="Written on the wrong line.", by=owner)
    ScarKind.objects.create(
        campaign=campaign, slug="turncoat", name="Turncoat", cards=1, on_faction_card=True
    )
    # The group's own sealed components and the rule stickers pasted into the rulebook.
    tin = sealed.add_component(campaign=campaign, name="Green Tin", trigger="Moonrise.", by=owner)
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=campaign,
        packet=tin.slug,
        unlocked=[{"kind": "rule", "title": "A lantern rule"}],
        by=owner,
    )
    wrong = sealed.add_component(campaign=campaign, name="Blue Tin", trigger="Never.", by=owner)
    sealed.void_component(
        campaign=campaign, component_id=wrong.pk, reason="A biscuit tin.", by=owner
    )
    rulebook.add_sticker(campaign=campaign, section="scars", game=3, title="Old Wound", by=owner)
    rulebook.add_sticker(
        campaign=campaign,
        section="end-of-game",
        game=15,
        title="Lantern Rule",
        text="Our words.",
        packet=tin.slug,
        setting="held_on_rewards_end_together",
        by=owner,
    )
    oops = rulebook.add_sticker(
        campaign=campaign, section="maneuver", game=9, title="Oops", by=owner
    )
    rulebook.void_sticker(campaign=campaign, sticker_id=oops.pk, reason="Wrong book.", by=owner)
    pack4 = PacketOpening.objects.get(campaign=campaign, packet="pack-4")
    UnlockedContent.objects.create(
        campaign=campaign, opening=pack4, kind="world-capital", title="Our capital rule"
    )
    found_world_capital(campaign=campaign, territory="madagascar", name="Meridian", by=owner)
    add_card(campaign=campaign, deck="mission", title="Hold the Poles", packet="pack-4", by=owner)
    add_card(campaign=campaign, deck="event", title="Dust Storm", packet="pack-4", by=owner)
    # Between games: a faction added, and powers on an unlocked faction's card.
    add_faction(campaign=campaign, name="Salt Guild", colour="#8c6239", by=owner)
    place_power(campaign=campaign, faction=HARBOUR, slot="red", name="Undertow", by=owner)
    place_power(campaign=campaign, faction=HARBOUR, slot="blue", name="Shoal", by=owner)
    game, _ = table.setup(AFTERWORD)
    place_power(
        campaign=campaign,
        faction=HARBOUR,
        slot="red",
        name="Riptide",
        game=game.number,
        unlocked_by="pack-1",
        covers=True,
        by=owner,
    )
    destroy_power(campaign=campaign, power=place_power_id(campaign, "Shoal"), game=game.number)
    place_scar(
        game=game,
        scar="turncoat",
        faction="saharan-republic",
        player=ids["Esme"],
        without_card=True,
        reason="Our turncoat rule",
    )
    destroy_city(game=game, territory="kamchatka", by=owner)
    mistaken = coin_pile_out(game=game, territories={ids["Chloe"]: 12, ids["Esme"]: 11})
    void_event(game=game, seq=mistaken.event.seq, reason="The pile was not empty yet.", by=owner)
    coin_pile_out(game=game, territories={ids["Chloe"]: 12, ids["Esme"]: 11})
    use_missiles(game=game, count=1, player=ids["Ada"], by=owner)
    cards = {c.title: c for c in DeckCard.objects.filter(campaign=campaign)}
    winter, poles, dust = cards["Long Winter"], cards["Hold the Poles"], cards["Dust Storm"]
    draw_card(game=game, card=poles.pk, by=owner)
    complete_mission(game=game, card=poles.pk, player=ids["Chloe"], red_stars=1, by=owner)
    draw_card(game=game, card=winter.pk, by=owner)
    gone = destroy_card(game=game, card=dust.pk, by=owner)
    void_event(game=game, seq=gone.event.seq, reason="The wrong card.", by=owner)
    destroy_card(game=game, card=winter.pk, by=owner)
    return table


@pytest.fixture(scope="module")
def season(django_db_setup, django_db_blocker):
    """Played once for the module, inside a transaction rolled back when the module is done."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield finish_the_season(play_season("keeper"))
        transaction.set_rollback(True)


@pytest.fixture(scope="module")
def saved(season) -> str:
    return backup.dumps(backup.export_campaign(season.campaign.pk))


@pytest.fixture
def restorer(django_user_model):
    return django_user_model.objects.create_user(username="rita", password="pw-rita-123")


def campaign_rows() -> dict[str, int]:
    """How many rows each table that a campaign writes to holds, across all campaigns."""
    models = [
        Campaign,
        Membership,
        Player,
        Game,
        Seat,
        GameEvent,
        GameReward,
        GameNote,
        AuditEntry,
        Correction,
        UnlockedContent,
        DeckCard,
        ScarKind,
        MarkKind,
        SealedComponent,
        RuleSticker,
        StockAllowance,
        TradeRate,
        *MARK_MODELS,
    ]
    return {m.__name__: m.objects.count() for m in models}


def unlinked(text: str) -> str:
    """A backup as its copy exports it: Ada's account is no member of the copy, so her roster
    name comes back unlinked (``campaigns.backup.restore``)."""
    return text.replace('"user": "ada-online"', '"user": null')


def restore(text: str, owner) -> Campaign:
    return backup.import_campaign(backup.loads(text), owner=owner)


def readable(campaign_id: int, game: int | None = None) -> dict:
    """The world as plain data, with players by name instead of by database id."""
    names = dict(Player.objects.filter(campaign_id=campaign_id).values_list("pk", "name"))

    def by_name(node, key=None):
        if key in ("founder", "namer", "player", "world_namer") and node is not None:
            return names[node]
        if isinstance(node, dict):
            return {k: by_name(v, k) for k, v in node.items()}
        if isinstance(node, (list, tuple)):
            return [by_name(v) for v in node]
        if isinstance(node, frozenset):
            return sorted(node)
        return node

    return by_name(dataclasses.asdict(world_as_of(campaign_id, game)))


# --- The round trip ------------------------------------------------------------------------------


def test_export_import_export_gives_the_same_bytes(season, saved):
    # Its own keeper moves the campaign: every account it names is within the keeper's reach.
    copy_ = restore(saved, season.owner)
    assert copy_.pk != season.campaign.pk
    assert backup.dumps(backup.export_campaign(copy_.pk)) == unlinked(saved)


def test_a_story_note_comes_back_with_its_game_its_author_and_its_line_breaks(season, saved):
    copy_ = restore(saved, season.owner)
    note = GameNote.objects.get(game__campaign=copy_)
    assert (note.game.number, note.text) == (15, "Ada betrayed Boris.\nTwice.")
    assert note.author == season.owner


def test_a_backup_made_before_notes_existed_imports_without_any(season, saved):
    older = json.loads(saved)
    for game in older["games"]:
        game.pop("notes")
    copy_ = backup.import_campaign(older, owner=season.owner)
    assert not GameNote.objects.filter(game__campaign=copy_).exists()


def test_the_backup_is_versioned_sorted_json_ending_with_a_newline(saved):
    data = json.loads(saved)
    assert (data["format"], data["version"]) == ("earthbook-campaign", 1)
    assert saved.endswith("}\n") and not saved.endswith("\n\n")
    assert saved == json.dumps(data, sort_keys=True, ensure_ascii=False, indent=1) + "\n"
    assert len(data["games"]) == 16 and data["games"][15]["status"] == "in_progress"
    assert {g["number"] for g in data["games"]} == set(range(1, 17))


def test_the_backup_names_things_instead_of_holding_database_ids(season, saved):
    data = json.loads(saved)
    keys: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            keys.update(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk({k: v for k, v in data.items() if k != "corrections"})
    assert not [k for k in keys if k == "id" or k.endswith("_id")]
    assert season.campaign.share_token not in saved
    game_one = data["games"][0]
    assert [s["player"] for s in game_one["seats"]] == ["Ada", "Boris", "Chloe", "Dmitri", "Esme"]
    assert game_one["rewards"][0]["details"]["created"] == ["City", 1]
    coins = next(e for e in game_one["events"] if e["kind"] == "coin-pile-out")
    assert coins["data"] == {
        "red_star_to": "Dmitri",
        "territories": {"Ada": 10, "Boris": 9, "Dmitri": 14},
    }
    assert coins["seat"] == "Dmitri"
    assert data["marks"]["WorldName"][0]["rolls"] == {"Ada": 3, "Boris": 4}
    assert data["players"][0] == {"name": "Ada", "user": "ada-online", "claimed_by": None}
    fort = data["marks"]["Fortification"][0]
    assert data["marks"]["City"][fort["city"] - 1]["name"] == "Aurelia"
    fixed = next(c for c in data["corrections"] if c["mark_type"] == "City")
    assert (fixed["voided"], fixed["added"]) == (3, 3)
    # A correction's before/after keep the model's field names; "id" is the mark's ordinal.
    assert fixed["before"]["id"] == 3 and fixed["before"]["placed_by"] == "Chloe"
    assert fixed["before"]["campaign"] is None and fixed["after"]["name"] == "Vela Nova"
    assert all(m["entered_by"] in ("keeper", None) for m in data["marks"]["City"])


def test_every_table_of_a_campaign_is_in_the_backup_or_deliberately_left_out():
    def belongs_to_a_campaign(model) -> bool:
        targets = {f.related_model for f in model._meta.concrete_fields if f.is_relation}
        return bool(targets & {Campaign, Game, Seat}) or model is Campaign

    owned = {m for m in apps.get_models() if belongs_to_a_campaign(m)}
    missing = {m._meta.label for m in owned - backup.CARRIED} - set(backup.LEFT_OUT)
    assert missing == set(), "add them to the backup, or to LEFT_OUT with the reason"


def test_the_restored_campaign_reads_the_same_world_game_by_game(season, saved, restorer):
    copy_ = restore(saved, restorer)
    original = season.campaign.pk
    for game in (0, 1, 2, 5, 10, 13, 15, None):
        assert readable(copy_.pk, game) == readable(original, game), f"as of game {game}"
    assert standings(copy_.pk) == standings(original)
    assert faction_card_backs(copy_.pk) == faction_card_backs(original)
    assert packets_to_open(copy_.pk) == packets_to_open(original) == []
    world = world_as_of(copy_.pk)
    assert world.world_name == "Concord" and world.territories["kamchatka"].city is None
    assert world.continents["south-america"].name is None  # voided, and still voided
    assert world.faction_scars == {"saharan-republic": "turncoat"}


def test_timestamps_are_restored_exactly(season, saved, restorer):
    copy_ = restore(saved, restorer)
    original = season.campaign
    assert copy_.created_at == original.created_at
    assert copy_.prepared_at == original.prepared_at

    def stamps(campaign):
        return (
            list(Game.objects.filter(campaign=campaign).values_list("created_at", "finished_at")),
            list(GameEvent.objects.filter(game__campaign=campaign).values_list("at", flat=True)),
            list(AuditEntry.objects.filter(campaign=campaign).values_list("at", flat=True)),
            list(City.objects.filter(campaign=campaign).values_list("entered_at", flat=True)),
            list(Correction.objects.filter(campaign=campaign).values_list("made_at", flat=True)),
        )

    assert stamps(copy_) == stamps(original)


def test_the_copy_gets_its_importer_as_owner_and_a_share_link_of_its_own(season, saved, restorer):
    copy_ = restore(saved, restorer)
    assert copy_.owner == restorer
    assert list(copy_.memberships.values_list("user__username", "role")) == [("rita", Role.OWNER)]
    assert copy_.share_token and copy_.share_token != season.campaign.share_token
    assert (copy_.name, copy_.shared, copy_.public) == (
        season.campaign.name,
        season.campaign.shared,
        season.campaign.public,
    )


def test_a_restored_campaign_plays_on_from_where_it_was_saved(saved, restorer):
    copy_ = restore(saved, restorer)
    game = Game.objects.get(campaign=copy_, number=16)
    assert game.status == GameStatus.IN_PROGRESS
    assert list(game.events.values_list("seq", flat=True)) == list(range(1, 11))
    assert list(game.events.filter(voided=True).values_list("seq", flat=True)) == [3, 9]
    ids = dict(copy_.players.values_list("name", "pk"))
    # Ada signed four times and played one missile before the save: three are left.
    assert holdings_of(game).holdings[game.seats.get(player=ids["Ada"]).pk].missiles == 3
    use_missiles(game=game, count=2, player=ids["Ada"])
    assert game.events.order_by("-seq").first().seq == 11
    finish_game(
        game=game,
        results={ids["Chloe"]: "held_on", ids["Esme"]: "won", ids["Ada"]: "held_on"},
    )
    assert standings(copy_.pk)["players"]["Esme"]["won"] == 3
    assert world_as_of(copy_.pk).world_name == "Concord"


def test_accounts_are_linked_by_username_and_never_created(season, saved):
    data = backup.loads(saved)
    data["players"][1]["user"] = "nobody-here"
    users = get_user_model().objects.count()
    notes: list[str] = []
    copy_ = backup.import_campaign(data, owner=season.owner, notes=notes)
    assert get_user_model().objects.count() == users
    linked = dict(copy_.players.values_list("name", "user__username"))
    assert linked["Ada"] is None and linked["Boris"] is None  # no member of the copy
    assert notes == [
        "No account called 'nobody-here' here: its entries are kept without one.",
        "The roster name 'Ada' was linked to 'ada-online', who is no member of this campaign: "
        "it is left unlinked until they join and claim it.",
    ]


def test_a_roster_name_stays_linked_only_to_a_member_of_the_new_campaign(season, saved):
    data = backup.loads(saved)
    data["players"][2]["user"] = season.owner.username
    copy_ = backup.import_campaign(data, owner=season.owner)
    linked = dict(copy_.players.values_list("name", "user__username"))
    assert linked["Chloe"] == season.owner.username  # the owner, its one member
    assert linked["Ada"] is None  # ada-online is a member of the original only


def test_the_demo_campaign_has_three_games_played_and_survives_a_round_trip(restorer):
    campaign = demo.create_demo()
    world = world_as_of(campaign.pk)
    assert [(s.line, s.game) for s in world.signatures] == [(1, 1), (2, 2), (3, 3)]
    assert world.territories["ural"].scar == "bunker"
    assert world.territories["egypt"].city.fortified and world.continents["asia"].name
    assert world.packets_opened == frozenset({"pack-2"})
    titles = set(UnlockedContent.objects.filter(campaign=campaign).values_list("title", flat=True))
    assert titles == {"Example scar", "Example rule"}
    assert packets_to_open(campaign.pk) == ["pocket-2"]  # waiting for the table
    text = backup.dumps(backup.export_campaign(campaign.pk))
    assert backup.dumps(backup.export_campaign(restore(text, campaign.owner).pk)) == text


# --- Refusals ------------------------------------------------------------------------------------


def first(rows, **match):
    return next(r for r in rows if all(r[k] == v for k, v in match.items()))


def set_in(path, value):
    """A tampering: put ``value`` at ``path`` in the document."""

    def tamper(data):
        node = data
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value

    tamper.__name__ = "_".join(map(str, path)) + f"_set_to_{value}"
    return tamper


def two_cities_count_on_one_territory(data):
    first(data["marks"]["City"], name="Vela Nova")["territory"] = "north-africa"  # Aurelia's


def a_signature_line_twice(data):
    data["marks"]["Signature"][-1]["line"] = 1


def a_seat_for_a_stranger(data):
    data["games"][3]["seats"][0]["player"] = "Zed"


def a_reward_that_created_a_mark_that_is_not_there(data):
    data["games"][0]["rewards"][0]["details"]["created"] = ["City", 999]


def a_coin_event_for_a_stranger(data):
    first(data["games"][0]["events"], kind="coin-pile-out")["data"]["territories"]["Zed"] = 3


def a_local_time_without_its_offset(data):
    data["games"][2]["events"][0]["at"] = "2026-05-01T20:15:00"


def an_extra_field(data):
    data["players"][0]["email"] = "ada@example.org"


def a_missing_field(data):
    del data["marks"]["Scar"][0]["territory"]


def a_missing_part(data):
    del data["games"]


def an_unknown_kind_of_mark(data):
    data["marks"]["Volcano"] = []


def a_power_on_a_faction_nobody_unlocked(data):
    first(data["marks"]["FactionPower"], name="Undertow")["faction"] = "atlantis"


def a_second_campaign_name_of_the_wrong_type(data):
    data["campaign"]["name"] = ["Our", "Earth"]


TAMPERINGS = [
    (set_in(["format"], "risk-diary"), "not an Earthbook campaign backup"),
    (set_in(["version"], 2), "Backup version 2 is not supported"),
    (set_in(["version"], "1"), "Backup version '1' is not supported"),
    (a_missing_part, "missing games"),
    (an_unknown_kind_of_mark, "unknown kinds of mark Volcano"),
    (a_second_campaign_name_of_the_wrong_type, "campaign, name: .* should be a string"),
    (set_in(["players", 0, "name"], 5), "players #1, name: 5 should be a string"),
    (set_in(["players"], {"Ada": {}}), "players: should be a list"),
    (an_extra_field, "players #1: unexpected email"),
    (a_missing_field, "marks.Scar #1: missing territory"),
    (set_in(["marks", "City", 0, "placed_in_game"], "one"), "'one' should be a whole number"),
    (set_in(["marks", "City", 0, "voided"], 0), "voided: 0 should be true or false"),
    (
        set_in(["marks", "City", 0, "territory"], "atlantis"),
        r"marks.City #1, territory: there is no territory called 'atlantis' on the board in game",
    ),
    (set_in(["marks", "PacketOpening", 0, "packet"], "pack-9"), "packet: there is no packet"),
    (set_in(["sealed_components", 0, "added_in_game"], 17), "there is no game 17"),
    (set_in(["rule_stickers", 0, "section"], "appendix"), "rule_stickers #1: section: Value"),
    (set_in(["rule_stickers", 0, "setting"], "gravity"), "no setting 'gravity'"),
    (set_in(["rule_stickers", 1, "opening"], 99), "there is no PacketOpening #99"),
    (set_in(["marks", "CoinSticker", 0, "coins_after"], 9), "holds 1 to 6 coins"),
    (a_signature_line_twice, "Signature #16: That line of the winners' section is already"),
    (two_cities_count_on_one_territory, "City #3: That territory already has a city"),
    (a_seat_for_a_stranger, "games #4, seats #1, player: there is no player called 'Zed'"),
    (set_in(["games", 0, "seats", 0, "faction"], "atlantis"), "no faction called 'atlantis'"),
    (set_in(["games", 0, "seats", 0, "hq"], "atlantis"), "no territory called 'atlantis'"),
    (set_in(["games", 0, "rewards", 0, "kind"], "teleport"), "no reward called 'teleport'"),
    (a_reward_that_created_a_mark_that_is_not_there, "there is no City #999"),
    (a_coin_event_for_a_stranger, "there is no player called 'Zed'"),
    (set_in(["marks", "Scar", 0, "kind"], "lava"), "there is no scar kind 'lava'"),
    (a_power_on_a_faction_nobody_unlocked, "no faction called 'atlantis' in this campaign"),
    (set_in(["factions", 0, "unlocked_by"], 99), "there is no PacketOpening #99"),
    (set_in(["games", 1, "number"], 1), "games #2, number: 1: games are numbered 1, 2, 3"),
    (a_local_time_without_its_offset, "is not a date and time with its UTC offset"),
    (set_in(["marks", "Signature", 0, "date"], "yesterday"), "'yesterday' is not a date"),
]


@pytest.mark.parametrize(("tamper", "message"), TAMPERINGS, ids=[t.__name__ for t, _ in TAMPERINGS])
def test_a_tampered_backup_is_refused_with_what_is_wrong_and_nothing_is_written(
    saved, restorer, tamper, message
):
    data = copy.deepcopy(backup.loads(saved))
    tamper(data)
    before = campaign_rows()
    with pytest.raises(backup.BackupError, match=message):
        backup.import_campaign(data, owner=restorer)
    assert campaign_rows() == before


# --- Hostile backups: what the rules forbid is refused as a whole, before anything is written ---


def nested(depth: int):
    node: dict = {}
    for _ in range(depth - 1):
        node = {"n": node}
    return node


def two_games_in_progress(data):
    data["games"][14]["status"] = "in_progress"


def games_renumbered_1_and_5(data):
    data["games"] = data["games"][:2]
    data["games"][1]["number"] = 5


def a_city_placed_in_game_7_of_a_two_game_campaign(data):
    data["games"] = data["games"][:2]
    for name, rows in data["marks"].items():
        data["marks"][name] = [
            r for r in rows if r["placed_in_game"] <= 2 and (r["removed_in_game"] or 0) <= 2
        ]
    data["marks"]["City"][0]["placed_in_game"] = 7


def a_world_name_in_game_1(data):
    data["marks"]["WorldName"][0]["placed_in_game"] = 1


def a_signature_in_game_16(data):
    data["marks"]["Signature"][-1]["placed_in_game"] = 16


def the_games_cut_to_5_of_16_while_their_marks_stay(data):
    data["games"] = data["games"][:5]


def audit_data_nested_900_deep(data):
    data["audit"][0]["data"] = nested(900)


def audit_data_too_long(data):
    data["audit"][0]["data"] = {"text": "x" * 70_000}


def event_data_nested_too_deep(data):
    data["games"][0]["events"][0]["data"] = {"deep": nested(40)}


def a_world_name_roll_keyed_by_a_stranger(data):
    data["marks"]["WorldName"][0]["rolls"]["4711"] = 6


HOSTILE = [
    (two_games_in_progress, r"games #15, status: game 15 is not finished, but only the last"),
    (games_renumbered_1_and_5, r"games #2, number: 5: games are numbered 1, 2, 3"),
    (a_city_placed_in_game_7_of_a_two_game_campaign, r"marks.City #1, placed_in_game: .*game 7"),
    (a_world_name_in_game_1, r"WorldName #1, placed_in_game: the world is named after game 15"),
    (a_signature_in_game_16, r"Signature #16, placed_in_game: .*signed in games 1 to 15"),
    (the_games_cut_to_5_of_16_while_their_marks_stay, r"no game 1?\d in this .*games 0 to 5"),
    (audit_data_nested_900_deep, r"audit #1, data: nested more than 16 levels deep"),
    (audit_data_too_long, r"audit #1, data: 700\d\d characters long"),
    (event_data_nested_too_deep, r"games #1, events #1, data: nested more than 16"),
    (a_world_name_roll_keyed_by_a_stranger, r"rolls: there is no player called '4711'"),
]


@pytest.mark.parametrize(("tamper", "message"), HOSTILE, ids=[t.__name__ for t, _ in HOSTILE])
def test_a_backup_that_breaks_the_rules_of_the_box_is_refused_and_nothing_is_written(
    saved, restorer, tamper, message
):
    data = copy.deepcopy(backup.loads(saved))
    tamper(data)
    before = campaign_rows()
    with pytest.raises(backup.BackupError, match=message):
        backup.import_campaign(data, owner=restorer)
    assert campaign_rows() == before


def test_the_whole_document_is_checked_before_the_first_row_is_written(saved, restorer):
    data = copy.deepcopy(backup.loads(saved))
    data["campaign"]["name"] = ["not", "a", "name"]  # the first row written would refuse this
    a_world_name_in_game_1(data)
    with pytest.raises(backup.BackupError, match="the world is named after game 15"):
        backup.import_campaign(data, owner=restorer)


def test_accounts_outside_the_importers_reach_are_dropped_with_a_note(season, saved, restorer):
    get_user_model().objects.create_user(username="mallory", password="pw-mallory-1")
    data = copy.deepcopy(backup.loads(saved))
    data["audit"][0]["user"] = "mallory"
    data["players"][1]["user"] = "mallory"
    notes: list[str] = []
    users = get_user_model().objects.count()
    copy_ = backup.import_campaign(data, owner=restorer, notes=notes)
    assert get_user_model().objects.count() == users
    linked = dict(copy_.players.values_list("name", "user__username"))
    assert linked == {"Ada": None, "Boris": None, "Chloe": None, "Dmitri": None, "Esme": None}
    assert not AuditEntry.objects.filter(campaign=copy_, user__username="mallory").exists()
    assert not AuditEntry.objects.filter(campaign=copy_, user__isnull=False).exists()
    assert set(notes) == {
        f"The account {name!r} shares no campaign with you: its entries are kept without one."
        for name in ("keeper", "ada-online", "mallory")
    }


def test_the_importer_is_always_within_their_own_reach(saved, restorer):
    data = copy.deepcopy(backup.loads(saved))
    data["players"][2]["user"] = "rita"
    copy_ = backup.import_campaign(data, owner=restorer)
    assert copy_.players.get(name="Chloe").user == restorer


def test_a_world_name_roll_for_another_campaigns_player_is_refused(django_user_model):
    from tests.support.season import play_season

    table = play_season("keeper-two")
    stranger = Player.objects.exclude(campaign=table.campaign).first() or Player.objects.create(
        campaign=Campaign.objects.create(name="Elsewhere", owner=table.owner), name="Zed"
    )
    from legacy.errors import RuleViolation

    with pytest.raises(RuleViolation, match="Only the campaign's own players roll"):
        name_world(
            campaign=table.campaign,
            name="Concord",
            rolls={table.ids["Ada"]: 3, table.ids["Boris"]: 4, stranger.pk: 6},
        )


def test_a_stored_roll_of_a_stranger_is_left_out_of_the_backup_so_it_imports(season, restorer):
    from legacy.models import WorldName

    world = WorldName.objects.get(campaign=season.campaign)
    rolls = world.rolls
    WorldName.objects.filter(pk=world.pk).update(rolls={**rolls, "987654": 6})
    try:
        data = backup.export_campaign(season.campaign.pk)
        assert data["marks"]["WorldName"][0]["rolls"] == {"Ada": 3, "Boris": 4}
        assert backup.import_campaign(data, owner=restorer).pk
    finally:
        WorldName.objects.filter(pk=world.pk).update(rolls=rolls)


def test_json_nested_beyond_the_parser_is_refused_as_a_file_that_is_not_a_backup():
    with pytest.raises(backup.BackupError, match="nested too deeply"):
        backup.loads("[" * 200_000 + "]" * 200_000)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON: Expecting property name"),
        ("", "not JSON"),
        ("[1, 2]", "should hold one JSON object"),
        ('{"format": NaN}', "NaN is not a JSON value"),
    ],
)
def test_a_file_that_is_not_a_backup_is_refused(text, message):
    with pytest.raises(backup.BackupError, match=message):
        backup.loads(text)


# --- The commands --------------------------------------------------------------------------------


def run(*args, stdin: str | None = None, monkeypatch=None) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8"))))
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_export_campaign_writes_the_backup_to_standard_output(season, saved):
    out, _ = run("export_campaign", str(season.campaign.pk))
    assert out == saved


def test_export_campaign_refuses_a_campaign_that_does_not_exist():
    with pytest.raises(CommandError, match="There is no campaign with id 999999") as error:
        run("export_campaign", "999999")
    assert error.value.returncode == 1


def test_import_campaign_reads_a_file_and_prints_the_new_id_last(season, saved, tmp_path):
    path = Path(tmp_path) / "season.json"
    path.write_text(saved, encoding="utf-8")
    out, _ = run("import_campaign", str(path), "--owner", season.owner.get_username())
    new_id = int(out.strip().splitlines()[-1])
    assert Campaign.objects.get(pk=new_id).owner == season.owner
    assert run("export_campaign", str(new_id))[0] == unlinked(saved)


def test_import_campaign_reads_standard_input_and_defaults_to_the_first_superuser(
    saved, django_user_model, monkeypatch
):
    root = django_user_model.objects.create_superuser(username="root", password="pw-root-123")
    django_user_model.objects.create_superuser(username="later", password="pw-later-123")
    out, _ = run("import_campaign", "-", stdin=saved, monkeypatch=monkeypatch)
    assert Campaign.objects.get(pk=int(out.splitlines()[-1])).owner == root


def test_import_campaign_says_which_accounts_it_could_not_link(saved, restorer, monkeypatch):
    text = saved.replace('"user": "ada-online"', '"user": "ada-elsewhere"')
    out, err = run("import_campaign", "-", "--owner", "rita", stdin=text, monkeypatch=monkeypatch)
    assert "ada-elsewhere" in err
    assert Campaign.objects.filter(pk=int(out.splitlines()[-1])).exists()


def test_import_campaign_needs_an_owner(saved, tmp_path):
    path = Path(tmp_path) / "season.json"
    path.write_text(saved, encoding="utf-8")
    assert not get_user_model().objects.filter(is_superuser=True).exists()
    before = campaign_rows()
    with pytest.raises(CommandError, match="no superuser to own the imported campaign"):
        run("import_campaign", str(path))
    with pytest.raises(CommandError, match="no account called 'ghost'"):
        run("import_campaign", str(path), "--owner", "ghost")
    assert campaign_rows() == before


def test_import_campaign_refuses_a_tampered_file_with_a_non_zero_exit(saved, restorer, tmp_path):
    data = backup.loads(saved)
    two_cities_count_on_one_territory(data)
    path = Path(tmp_path) / "tampered.json"
    path.write_text(backup.dumps(data), encoding="utf-8")
    before = campaign_rows()
    with pytest.raises(CommandError, match="That territory already has a city") as error:
        run("import_campaign", str(path), "--owner", "rita")
    assert error.value.returncode == 1
    assert "Nothing was imported" in str(error.value)
    assert campaign_rows() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"\xff\xfe not text", "not UTF-8 text"), (b"nonsense", "not JSON")],
)
def test_import_campaign_refuses_a_file_that_is_not_a_backup(restorer, tmp_path, content, message):
    path = Path(tmp_path) / "other.json"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=message):
        run("import_campaign", str(path), "--owner", "rita")
    with pytest.raises(CommandError, match="Cannot read"):
        run("import_campaign", str(Path(tmp_path) / "missing.json"), "--owner", "rita")


def test_a_backup_from_before_campaigns_had_a_language_restores_in_english(saved, restorer):
    data = backup.loads(saved)
    del data["campaign"]["language"]
    copy_ = backup.import_campaign(data, owner=restorer)
    assert copy_.language == "en"


def test_the_pictures_language_survives_a_round_trip(season, saved, restorer):
    Campaign.objects.filter(pk=season.campaign.pk).update(language="ru")
    text = backup.dumps(backup.export_campaign(season.campaign.pk))
    assert restore(text, restorer).language == "ru"


def test_the_held_on_house_rule_survives_a_round_trip(season, saved, restorer):
    Campaign.objects.filter(pk=season.campaign.pk).update(held_on_rewards_end_together=True)
    text = backup.dumps(backup.export_campaign(season.campaign.pk))
    assert restore(text, restorer).held_on_rewards_end_together is True


def test_a_backup_from_before_the_held_on_house_rule_ends_rewards_per_stock(saved, restorer):
    data = backup.loads(saved)
    del data["campaign"]["held_on_rewards_end_together"]
    assert backup.import_campaign(data, owner=restorer).held_on_rewards_end_together is False


def test_a_backup_from_before_scar_types_had_dice_effects_keeps_the_box_scars_effects(
    saved, restorer
):
    data = backup.loads(saved)
    for kind in data["scar_kinds"]:
        del kind["dice_effect"]
    copy_ = backup.import_campaign(data, owner=restorer)
    effects = dict(ScarKind.objects.filter(campaign=copy_).values_list("slug", "dice_effect"))
    assert effects.pop("bunker") == "defender-highest-up"
    assert effects.pop("ammo-shortage") == "defender-highest-down"
    assert set(effects.values()) <= {"none"}


def test_a_scar_types_dice_effect_survives_a_round_trip(season, saved, restorer):
    ScarKind.objects.filter(campaign=season.campaign, slug="bunker").update(
        dice_effect="defence-dice-up"
    )
    text = backup.dumps(backup.export_campaign(season.campaign.pk))
    copy_ = restore(text, restorer)
    assert ScarKind.objects.get(campaign=copy_, slug="bunker").dice_effect == "defence-dice-up"
    ScarKind.objects.filter(campaign=season.campaign, slug="bunker").update(
        dice_effect="defender-highest-up"
    )


def test_sealed_components_and_rule_stickers_survive_a_round_trip(season, saved, restorer):
    data = backup.loads(saved)
    assert [(c["slug"], c["voided"]) for c in data["sealed_components"]] == [
        ("green-tin", False),
        ("blue-tin", True),
    ]
    lantern = first(data["rule_stickers"], title="Lantern Rule")
    opening = data["marks"]["PacketOpening"][lantern["opening"] - 1]  # by ordinal, not by id
    assert opening["packet"] == "green-tin" and lantern["entered_by"] == "keeper"
    copy_ = restore(saved, restorer)
    for game in (2, 3, 15, 16):
        theirs = rulebook.rules_as_of(copy_.pk, game)
        ours = rulebook.rules_as_of(season.campaign.pk, game)
        assert [[(i["sticker"].title, i["newest"]) for i in s["stickers"]] for s in theirs[1]] == [
            [(i["sticker"].title, i["newest"]) for i in s["stickers"]] for s in ours[1]
        ]
    assert rulebook.setting_stickers(copy_.pk)["held_on_rewards_end_together"].title == (
        "Lantern Rule"
    )
    assert RuleSticker.objects.get(campaign=copy_, title="Oops").void_reason == "Wrong book."
    assert sealed.components_of(copy_.pk).keys() == {"green-tin"}


def test_a_backup_from_before_sealed_components_and_rule_stickers_imports_unchanged():
    campaign = demo.create_demo()
    data = backup.export_campaign(campaign.pk)
    del data["sealed_components"], data["rule_stickers"]  # as an older Earthbook wrote it
    copy_ = backup.import_campaign(copy.deepcopy(data), owner=campaign.owner)
    assert not SealedComponent.objects.filter(campaign=copy_).exists()
    assert not RuleSticker.objects.filter(campaign=copy_).exists()
    again = backup.export_campaign(copy_.pk)
    assert again.pop("sealed_components") == [] and again.pop("rule_stickers") == []
    assert backup.dumps(again) == backup.dumps(data)  # everything else exactly as it was


def test_world_capitals_decks_and_card_entries_survive_a_round_trip(season, saved):
    copy_ = restore(saved, season.owner)
    assert backup.dumps(backup.export_campaign(copy_.pk)) == unlinked(saved)
    capital = City.objects.get(campaign=copy_, kind="capital")
    assert (capital.territory, capital.name) == ("madagascar", "Meridian")
    titles = list(DeckCard.objects.filter(campaign=copy_).order_by("pk").values_list("title"))
    assert titles[-3:] == [("Long Winter",), ("Hold the Poles",), ("Dust Storm",)]

    def where(campaign):
        cards = DeckCard.objects.filter(campaign=campaign).order_by("pk")
        states = card_states(campaign.pk)
        return [(c.title, c.opening.packet, states.get(c.pk)) for c in cards]

    assert where(copy_) == where(season.campaign)
    assert {title: s.state for title, _, s in where(copy_) if s} == {
        "Long Winter": "destroyed",
        "Hold the Poles": "completed",
    }
    game = copy_.games.get(number=16)
    chloe = game.seats.get(player__name="Chloe")
    original = season.campaign.games.get(number=16).seats.get(player__name="Chloe")
    assert holdings_of(game).holdings[chloe.pk].red_stars == (
        holdings_of(season.campaign.games.get(number=16)).holdings[original.pk].red_stars
    )


def test_the_world_capitals_house_rule_survives_a_round_trip(season, saved, restorer):
    Campaign.objects.filter(pk=season.campaign.pk).update(world_capitals_allowed=3)
    text = backup.dumps(backup.export_campaign(season.campaign.pk))
    assert restore(text, restorer).world_capitals_allowed == 3


def test_a_backup_from_before_decks_and_world_capital_settings_imports_unchanged(season, saved):
    data = backup.loads(saved)
    del data["campaign"]["world_capitals_allowed"]
    del data["deck_cards"]
    gone = set()
    for game in data["games"]:
        gone |= {
            (game["number"], e["seq"]) for e in game["events"] if e["kind"].startswith("card-")
        }
        game["events"] = [e for e in game["events"] if not e["kind"].startswith("card-")]
    # Nor did its audit take back a card's entry.
    data["audit"] = [
        a for a in data["audit"] if (a["data"].get("game"), a["data"].get("seq")) not in gone
    ]
    copy_ = backup.import_campaign(data, owner=season.owner)
    assert copy_.world_capitals_allowed == 1
    assert not DeckCard.objects.filter(campaign=copy_).exists()
    again = backup.export_campaign(copy_.pk)
    assert again["deck_cards"] == []
    del again["deck_cards"]
    del again["campaign"]["world_capitals_allowed"]
    assert backup.dumps(again) == unlinked(backup.dumps(data))


def test_a_card_entry_naming_a_card_not_in_the_backup_is_refused(saved, restorer):
    data = backup.loads(saved)
    entry = next(e for e in data["games"][-1]["events"] if e["kind"] == "card-drawn")
    entry["data"]["card"] = 99
    with pytest.raises(backup.BackupError, match="there is no card #99"):
        backup.import_campaign(data, owner=restorer)


def test_a_backup_from_when_log_entries_were_stored_as_sentences_imports(season, saved):
    data = json.loads(saved)
    events = [e for g in data["games"] for e in g["events"]]
    for event in events:  # as an older Earthbook wrote them: an English sentence beside the data
        event["summary"] = f"Entry {event['seq']}, in English."
    # Missiles on their own roll, entered before one roll could be shared by several entries.
    alone = [e for e in events if e["kind"] == EventKind.MISSILES and e["data"]["roll"] == e["seq"]]
    for event in alone:
        del event["data"]["roll"]
    copy_ = backup.import_campaign(copy.deepcopy(data), owner=season.owner)
    restored = GameEvent.objects.filter(game__campaign=copy_, seq__in=[e["seq"] for e in alone])
    assert alone and all(e.data["roll"] == e.seq for e in restored.filter(kind=EventKind.MISSILES))
    assert backup.dumps(backup.export_campaign(copy_.pk)) == unlinked(saved)  # no sentence is kept


# --- A backup is a whole campaign: nothing in it names a game or a thing that is not there ----


def cut_after(data: dict, keep: int) -> dict:
    """The backup as it would be with the games after game ``keep`` cut out, together with the
    marks, sealed components, rule stickers, factions and unlocked content they brought (and
    what they took off put back). Its audit is left as it was."""
    data["games"] = data["games"][:keep]
    for name, rows in data["marks"].items():
        data["marks"][name] = [r for r in rows if r["placed_in_game"] <= keep]
        for row in data["marks"][name]:
            if (row["removed_in_game"] or 0) > keep:
                row.update(removed_in_game=None, removed_reason="", removed_note="")
    for part, key in (
        ("sealed_components", "added_in_game"),
        ("rule_stickers", "added_in_game"),
        ("factions", "appeared_in_game"),
    ):
        data[part] = [r for r in data[part] if r[key] <= keep]
    openings = len(data["marks"]["PacketOpening"])
    data["unlocked_content"] = [r for r in data["unlocked_content"] if r["opening"] <= openings]
    data["deck_cards"] = [r for r in data["deck_cards"] if r["opening"] <= openings]
    return data


def test_a_backup_with_its_last_two_games_and_their_marks_cut_out_is_refused_by_its_audit(
    saved, restorer
):
    data = cut_after(copy.deepcopy(backup.loads(saved)), 14)
    before = campaign_rows()
    with pytest.raises(backup.BackupError) as refused:
        backup.import_campaign(data, owner=restorer)
    assert refused.value.where.startswith("audit #")
    assert refused.value.what == "there is no game 15 in this backup (it holds games 0 to 14)."
    assert campaign_rows() == before


def test_a_backup_cut_after_a_game_together_with_its_audit_imports(season, saved):
    data = cut_after(copy.deepcopy(backup.loads(saved)), 14)
    slugs = {c["slug"] for c in data["sealed_components"]}
    data["audit"] = [
        a
        for a in data["audit"]
        if (a["data"].get("game") or 0) <= 14
        and a["data"].get("packet", "green-tin" if "component" not in a["data"] else "")
        in ({"pack-1", "pack-2", "pack-3", "pack-4", "pocket-1", "pocket-2", ""} | slugs)
    ]
    copy_ = backup.import_campaign(data, owner=season.owner)
    assert Game.objects.filter(campaign=copy_).count() == 14
    assert backup.dumps(backup.export_campaign(copy_.pk)) == unlinked(backup.dumps(data))


def test_a_backup_with_a_game_cut_out_of_the_middle_is_refused(saved):
    data = copy.deepcopy(backup.loads(saved))
    del data["games"][6]
    with pytest.raises(backup.BackupError) as refused:
        checks.games_are_numbered_without_gaps(data["games"])
    assert refused.value.message == (
        "games #7, number: 8: games are numbered 1, 2, 3 ... in order, so this one is game 7."
    )


def test_marks_placed_in_games_cut_out_of_the_backup_are_refused(saved):
    data = copy.deepcopy(backup.loads(saved))
    data["games"] = data["games"][:14]
    with pytest.raises(backup.BackupError) as refused:
        checks.marks_name_games_of_the_backup(data, data["games"])
    assert refused.value.message == (
        "marks.City #2, removed_in_game: there is no game 16 in this backup (it holds games 0 "
        "to 14)."
    )


def test_sealed_components_stickers_and_factions_of_games_cut_out_are_refused(saved):
    data = copy.deepcopy(backup.loads(saved))
    data["games"] = data["games"][:14]
    with pytest.raises(backup.BackupError, match=r"^sealed_components #1, added_in_game: .*15"):
        checks.records_name_games_of_the_backup(data, data["games"])
    data["sealed_components"] = []
    with pytest.raises(backup.BackupError, match=r"^rule_stickers #2, added_in_game: .*15"):
        checks.records_name_games_of_the_backup(data, data["games"])
    data["rule_stickers"] = []
    with pytest.raises(backup.BackupError, match=r"^factions #2, appeared_in_game: .*game 15"):
        checks.records_name_games_of_the_backup(data, data["games"])


def test_a_correction_of_a_mark_from_a_game_cut_out_is_refused(saved):
    data = copy.deepcopy(backup.loads(saved))
    data["corrections"][0]["after"]["placed_in_game"] = 17
    with pytest.raises(backup.BackupError) as refused:
        checks.corrections_name_games_of_the_backup(data, data["games"])
    assert refused.value.message == (
        "corrections #1, after, placed_in_game: there is no game 17 in this backup (it holds "
        "games 0 to 16)."
    )


def test_an_entry_or_a_reward_naming_a_mark_cut_out_of_the_backup_is_refused(saved, restorer):
    data = copy.deepcopy(backup.loads(saved))
    data["marks"]["Scar"] = data["marks"]["Scar"][:3]  # the scar game 16's first entry placed
    before = campaign_rows()
    with pytest.raises(backup.BackupError) as refused:
        backup.import_campaign(data, owner=restorer)
    assert refused.value.message == (
        "games #16, events #1, marks #1: there is no Scar #4 in marks.Scar (it lists 3)."
    )
    assert campaign_rows() == before
    data = copy.deepcopy(backup.loads(saved))
    data["marks"]["BonusChange"] = data["marks"]["BonusChange"][:1]
    with pytest.raises(backup.BackupError, match=r"^games #15, rewards #1, details.created: .*#2"):
        checks.entries_and_rewards_name_marks_of_the_backup(data)


def test_an_audit_saying_a_game_was_finished_that_is_not_is_refused(saved):
    data = copy.deepcopy(backup.loads(saved))
    data["games"][14]["status"] = "in_progress"
    data["games"] = data["games"][:15]
    with pytest.raises(backup.BackupError) as refused:
        checks.audit_names_games_of_the_backup(data, data["games"])
    assert refused.value.what == (
        "game 15 is not finished in this backup, but the audit says it was."
    )


def test_an_audit_taking_back_an_entry_cut_out_of_its_game_is_refused(saved):
    data = copy.deepcopy(backup.loads(saved))
    events = data["games"][15]["events"]
    data["games"][15]["events"] = [e for e in events if e["seq"] != 3]
    with pytest.raises(backup.BackupError) as refused:
        checks.audit_names_games_of_the_backup(data, data["games"])
    assert refused.value.what == "game 16 has no entry 3 in this backup."


def test_an_audit_naming_a_sealed_component_cut_out_of_the_backup_is_refused(saved):
    data = copy.deepcopy(backup.loads(saved))
    data["sealed_components"] = [c for c in data["sealed_components"] if c["slug"] != "green-tin"]
    with pytest.raises(backup.BackupError) as refused:
        checks.audit_names_packets_of_the_backup(data)
    assert refused.value.what == (
        "there is no packet 'green-tin': neither one of the box's nor a sealed component of "
        "this backup."
    )


def test_a_game_set_up_and_cancelled_may_be_named_by_the_audit_without_being_there(saved):
    data = copy.deepcopy(backup.loads(saved))
    entry = data["audit"][-1]
    data["audit"] += [
        entry | {"action": "game-setup", "data": {"game": 17, "players": 3}},
        entry | {"action": "game-cancelled", "data": {"game": 17, "seats": [], "reason": "Oops"}},
    ]
    checks.audit_names_games_of_the_backup(data, data["games"])
    data["audit"].append(entry | {"action": "game-started", "data": {"game": 17}})
    with pytest.raises(backup.BackupError, match="there is no game 17 in this backup"):
        checks.audit_names_games_of_the_backup(data, data["games"])


def test_a_backup_that_is_not_a_whole_campaign_is_refused_in_russian_too(saved, restorer):
    data = cut_after(copy.deepcopy(backup.loads(saved)), 14)
    with translation.override("ru"), pytest.raises(backup.BackupError) as refused:
        backup.import_campaign(data, owner=restorer)
    assert refused.value.what == "в этой резервной копии нет игры 15 (в ней игры от 0 до 14)."


# --- Scar types named in any alphabet, with any punctuation ----------------------------------


@pytest.mark.parametrize(
    "name", ["Шрам огня", "Chain & Cross!", "Крест: «стальной»", "Étoile/Noire?", "1st. Burn"]
)
def test_a_scar_type_named_in_any_alphabet_or_punctuation_round_trips(name):
    campaign = demo.create_demo()
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=campaign,
        packet="pocket-2",
        unlocked=[{"kind": "scar-type", "title": name, "cards": 1}],
        by=campaign.owner,
    )
    text = backup.dumps(backup.export_campaign(campaign.pk))
    copy_ = restore(text, campaign.owner)
    assert backup.dumps(backup.export_campaign(copy_.pk)) == text
    assert ScarKind.objects.filter(campaign=copy_, name=name).count() == 1
