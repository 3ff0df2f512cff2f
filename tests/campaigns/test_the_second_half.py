"""The second half of a campaign, end to end: everything a sealed packet can unlock, entered by
the group, used at the table up to game 10, and read back on every page and API answer, in the
odds and in the pictures of the board.

Every name and text here is an invented word (``SECRET_WORDS``): no sealed content.
"""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from PIL import Image

from campaigns import backup, members
from campaigns.capitals import found_world_capital
from campaigns.game.decks import draw_card
from campaigns.game.factions import place_power, powers_as_of
from campaigns.game.finish import finish_game
from campaigns.game.packets import open_packet
from campaigns.game.rulebook import add_sticker, setting_stickers
from campaigns.game.sealed import add_component
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import place_scar
from campaigns.game.territory_entries import place_mark
from campaigns.models import EventKind, GameEvent, Invitation, Membership, Role, Seat
from campaigns.pictures.state import picture_for
from campaigns.selectors.cards import faction_card_backs
from legacy import drawing, scar_effects
from legacy.models import (
    City,
    DeckCard,
    OtherMark,
    PacketOpening,
    RuleSticker,
    Scar,
    SealedComponent,
    Signature,
)
from tests.support import hiding as walk
from tests.support.dice_by_hand import conquest
from tests.support.games import EARNED_ANOTHER_WAY

pytestmark = pytest.mark.django_db

KHAN, MECH, BEAR = "khan-industries", "die-mechaniker", "enclave-of-the-bear"
NEW = "quillmarsh-league"  # the faction Pack 1 unlocks
NEW_COLOUR = "#1f9a8a"
SCAR = "murkhollow"  # its scar type: -1 to both defence dice
CARD_SCAR = "wrenchgall-hex"  # a scar type for faction cards
MARK = "cindervane-beacon"  # its kind of mark
COMPONENT = "thistlebox-crate"  # the group's own sealed component
SCARRED, MARKED, CAPITAL, PLAIN = "russia", "madagascar", "india", "scandinavia"
WINNING_GAME = 5  # the game the new faction wins

# Every word the group entered for what it unlocked: an editor reads each, a hidden reader none.
SECRET_WORDS = (
    "Quillmarsh",  # the faction
    "Brindlewave",  # its first power
    "Sallowgust",  # its second power
    "Murkhollow",  # the scar type with a dice effect
    "Wrenchgall",  # the scar type for faction cards
    "Cindervane",  # the kind of mark
    "Gossamerk",  # the label written on the mark
    "Thistlebox",  # the sealed component the group found
    "Pellucidor",  # its trigger
    "Harrowquill",  # the rule sticker
    "Nimblefrost",  # what the component held (an event card)
)

# (winner, held on, eliminated), reward territories; the new faction sits with Chloe from game 2.
DESTROYED = (
    "alaska",
    "brazil",
    "iceland",
    "ural",
    "siberia",
    "ontario",
    "greenland",
    "yakutsk",
    "argentina",
    "kamchatka",
)
UPGRADED = ("china", "mongolia", "southeast-asia", "afghanistan", "irkutsk", "middle-east")


def seats(players, number):
    third = BEAR if number == 1 else NEW
    return [
        {"player": players[n].pk, "faction": f, "hq": hq}
        for n, f, hq in (("Ada", KHAN, "egypt"), ("Boris", MECH, "japan"), ("Chloe", third, "peru"))
    ]


def start(campaign, players, number):
    game = start_game(game=setup_game(campaign=campaign, seats=seats(players, number)))
    assert game.number == number
    return game


def finish(game, players, owner):
    order = ["Ada", "Boris", "Chloe"]
    if game.number == WINNING_GAME:
        order = ["Chloe", "Ada", "Boris"]
    winner, held, out = (players[n] for n in order)
    held_land = UPGRADED[game.number % len(UPGRADED)]
    finish_game(
        game=game,
        results={winner.pk: "won", held.pk: "held_on", out.pk: "eliminated"},
        controlled={held.pk: [held_land]},
        winner_reward={"kind": "destroy-card", "territory": DESTROYED[game.number - 1]},
        held_on_rewards={held.pk: {"kind": "upgrade-card", "territory": held_land}},
        slogan=f"Game {game.number}",
        by=owner,
    )


def between_games_one_and_two(campaign, players, owner):
    """Pack 1 opens after game 1: a faction, two scar types (one with a dice effect), a kind of
    mark and World Capitals. The group enters a sealed component of its own, pastes a rule
    sticker that allows two World Capitals, places the faction's two powers and founds one."""
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=campaign,
        packet="pack-1",
        trigger="Our first winner signed",
        unlocked=[
            {"kind": "faction", "title": "Quillmarsh League", "text": "x", "colour": NEW_COLOUR},
            {
                "kind": "scar-type",
                "title": "Murkhollow",
                "text": "Both defence dice lose one.",
                "cards": 2,
                "dice_effect": scar_effects.DEFENCE_DICE_DOWN,
            },
            {"kind": "scar-type", "title": "Wrenchgall Hex", "cards": 1, "on_faction_card": True},
            {"kind": "mark-kind", "title": "Cindervane Beacon", "text": "A light."},
            {"kind": "world-capital", "title": "Capitals", "text": "In our words."},
        ],
        by=owner,
    )
    place_power(campaign=campaign, faction=NEW, slot="red", name="Brindlewave", by=owner)
    place_power(campaign=campaign, faction=NEW, slot="blue", name="Sallowgust", by=owner)
    add_component(
        campaign=campaign, name="Thistlebox Crate", trigger="When Pellucidor sings", by=owner
    )
    add_sticker(
        campaign=campaign,
        section="end-of-game",
        game=1,
        title="Harrowquill Clause",
        text="Two capitals.",
        packet="pack-1",
        setting="world_capitals_allowed",
        by=owner,
    )
    members.set_house_rules(campaign=campaign, world_capitals_allowed=2, by=owner)
    campaign.refresh_from_db()
    found_world_capital(campaign=campaign, territory=CAPITAL, name="Nova", player=players["Ada"].pk)


def during(game, campaign, players, owner):
    """What the table does in each game after the packet."""
    if game.number == 2:
        place_scar(
            game=game,
            scar=SCAR,
            territory=SCARRED,
            player=players["Boris"].pk,
            without_card=True,
            reason="Our event card",
            by=owner,
        )
        place_mark(game=game, kind=MARK, territory=MARKED, label="Gossamerk", by=owner)
    if game.number == 3:
        place_scar(
            game=game,
            scar=CARD_SCAR,
            faction=NEW,
            player=players["Chloe"].pk,
            without_card=True,
            reason="Our event card",
            by=owner,
        )
    if game.number == 6:  # the component's trigger fires at the table: it is opened now
        open_packet(
            earned_otherwise=EARNED_ANOTHER_WAY,
            campaign=campaign,
            packet=COMPONENT,
            trigger="Pellucidor sang",
            unlocked=[{"kind": "event-card", "title": "Nimblefrost", "text": "Cold."}],
            by=owner,
        )
        card = DeckCard.objects.get(campaign=campaign, title="Nimblefrost")
        draw_card(game=game, card=card.pk, player=players["Ada"].pk, by=owner)


def play_the_second_half(campaign, owner):
    players = {p.name: p for p in campaign.players.all()}
    for number in range(1, 11):
        game = start(campaign, players, number)
        during(game, campaign, players, owner)
        finish(game, players, owner)
        if number == 1:
            between_games_one_and_two(campaign, players, owner)
    campaign.refresh_from_db()
    return campaign


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def season(prepared_campaign, owner):
    return play_the_second_half(prepared_campaign, owner)


# --- Reading everything -------------------------------------------------------------------------


def values(campaign) -> dict[str, list]:
    """What the walk fills each parameter with: the territories this campaign changed."""
    last = campaign.games.order_by("-number").first()
    return {
        "campaign_id": [campaign.pk],
        "pk": [campaign.pk],
        "number": list(campaign.games.values_list("number", flat=True)),
        "player": list(campaign.players.values_list("pk", flat=True)[:3]),
        "seq": list(GameEvent.objects.filter(game=last).values_list("seq", flat=True)[:3]),
        "kind": ["scar", "mark"],
        "slug": [SCARRED, MARKED, CAPITAL],
        "territory": [SCARRED, MARKED, CAPITAL],
        "invitation_id": [
            Invitation.objects.get_or_create(campaign=campaign, created_by=campaign.owner)[0].pk
        ],
        "membership_id": list(
            Membership.objects.filter(campaign=campaign).values_list("pk", flat=True)
        ),
        "job_id": [1],
        "as_of_game": [WINNING_GAME],
        "controlled": [f"{SCARRED},{CAPITAL}"],
        "attackers": [6],
        "defenders": [3],
        "target": [1],
        "name": walk.backup_names(campaign),
        **walk.group_ids(campaign),
    }


def every_address(campaign, monkeypatch) -> tuple[list[str], list[str]]:
    """Every GET of the API and every page of the campaign, filled with ``values``."""
    monkeypatch.setattr(walk, "api_values", values)
    monkeypatch.setattr(walk, "page_values", values)
    return walk.api_addresses(campaign), walk.page_addresses(campaign)


def test_what_a_packet_unlocked_is_played_to_game_ten_won_with_drawn_counted_and_read_everywhere(
    season, owner, monkeypatch
):
    c = season
    players = {p.name: p for p in c.players.all()}

    # 1. What the packet and the group entered.
    assert [p.name for p in powers_as_of(c.pk)[NEW]] == ["Brindlewave", "Sallowgust"]
    assert {p.slot for p in powers_as_of(c.pk)[NEW]} == {"red", "blue"}
    box = SealedComponent.objects.get(campaign=c, slug=COMPONENT)
    opened = PacketOpening.objects.get(campaign=c, packet=COMPONENT)
    assert (box.added_in_game, opened.placed_in_game) == (1, 6)
    opened_now = GameEvent.objects.get(game__campaign=c, kind=EventKind.PACKET_OPENED)
    assert (opened_now.game.number, opened_now.data["packet"]) == (6, COMPONENT)
    sticker = RuleSticker.objects.get(campaign=c, title="Harrowquill Clause")
    assert setting_stickers(c.pk) == {"world_capitals_allowed": sticker}
    assert c.world_capitals_allowed == 2

    # 2. The new faction sat in games 2 to 10, took a faction scar, and won game 5.
    assert Seat.objects.filter(game__campaign=c, faction=NEW).count() == 9
    assert Scar.objects.get(campaign=c, faction=NEW).kind.slug == CARD_SCAR
    won = Seat.objects.get(game__campaign=c, game__number=WINNING_GAME, faction=NEW)
    assert (won.player, won.result) == (players["Chloe"], "won")
    signature = Signature.objects.get(campaign=c, placed_in_game=WINNING_GAME)
    assert signature.name == "Chloe"
    backs = faction_card_backs(c.pk)[NEW]
    won_back = {"game": 5, "x": False, "player": "Chloe", "hq": "peru", "result": "won"}
    assert {**won_back, "draft": None} in backs  # no draft was entered in this campaign

    # 3. A World Capital, a scar of the new type and a mark of the new kind on the board.
    assert City.objects.get(campaign=c, kind="capital").territory == CAPITAL
    assert Scar.objects.get(campaign=c, territory=SCARRED).kind.slug == SCAR
    assert OtherMark.objects.get(campaign=c, territory=MARKED).kind.slug == MARK

    # 4. Every page and every API read of the campaign answers the owner, never with a 500.
    api_addresses, page_addresses = every_address(c, monkeypatch)
    api, pages = walk.api_client(owner), walk.page_client(owner)
    answers = {a: walk.read(api, a).status_code for a in api_addresses}
    answers.update({a: walk.read(pages, a).status_code for a in page_addresses})
    assert [a for a, status in answers.items() if status >= 500] == []
    v1, p = f"/api/v1/campaigns/{c.pk}/", f"/c/{c.pk}/"
    must_answer = [
        *(v1 + r for r in ("", "world/", "games/", "games/5/", "factions/", "powers/")),
        *(v1 + r for r in ("faction-cards/", "packets/", "unlocked/", "packets/components/")),
        *(v1 + r for r in ("rules/", "decks/", "winners/", "standings/", "export/")),
        *(v1 + r for r in ("scar-types/", "marks/scars/", "marks/other-marks/", "audit/")),
        f"{v1}odds/?territory={SCARRED}&attackers=6&defenders=3",
        *(p + r for r in ("", "games/5/", "games/10/", "history/", "factions/", "standings/")),
        *(p + r for r in ("packets/", "rules/", "decks/", "scar-types/", "audit/")),
        *(p + f"territories/{t}/" for t in (SCARRED, CAPITAL, MARKED)),
        *(p + r for r in ("tools/recruitment/", "tools/starts/", "tools/odds/")),
        *(p + r for r in ("board.svg", "board/2.svg", "board/5.svg", "board/10.svg")),
    ]
    assert [a for a in must_answer if a not in answers and "?" not in a] == []
    for address in must_answer:  # the walk orders the odds' query its own way
        if address not in answers:
            answers[address] = walk.read(api, address).status_code
    assert {a: answers[a] for a in must_answer if not 200 <= answers[a] < 300} == {}

    # 5. The new scar's dice effect is in the odds, by exactly what the dice say.
    def odds(territory):
        answer = api.get(f"{v1}odds/?territory={territory}&attackers=6&defenders=3")
        assert answer.status_code == 200, answer.content
        return answer.json()

    scarred, plain = odds(SCARRED), odds(PLAIN)
    assert scarred["territory"]["scar"]["dice_effect"] == scar_effects.DEFENCE_DICE_DOWN
    assert plain["territory"]["scar"] is None
    assert not scarred["territory"]["fortified"] and not plain["territory"]["fortified"]
    by_hand = float(conquest(6, 3, defence_dice=-1) - conquest(6, 3))
    assert by_hand > 0
    assert scarred["p_conquer"] - plain["p_conquer"] == pytest.approx(by_hand, abs=1e-12)

    # 6. The pictures after game 10 draw what was unlocked, and the PNG renders.
    picture = picture_for(c.pk, 10)
    svg = drawing.render_svg(picture)
    hq = svg.split('class="mark hq hq-unlocked" data-for="peru"', 1)[1].split("</g>", 1)[0]
    assert f'fill="{NEW_COLOUR}"' in hq
    assert f'class="mark city-capital" data-for="{CAPITAL}"' in svg
    assert 'class="mark legend-capital"' in svg
    assert f'class="mark scar-other" data-for="{SCARRED}"' in svg and ">Murkhollow<" in svg
    assert f'class="mark unlocked-mark mark-a" data-for="{MARKED}"' in svg
    assert 'class="mark legend-mark mark-a"' in svg and ">Cindervane Beacon<" in svg
    board = pages.get(f"{p}board/10.svg").content.decode()
    assert "Murkhollow" in board and f'data-for="{CAPITAL}"' in board
    png = drawing.render_png(picture, width=800)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    Image.open(io.BytesIO(png)).verify()
    assert Image.open(io.BytesIO(png)).width == 800
    # The PNG draws the new faction's HQ in its colour (in full colour: the palette of a stored
    # picture may shade it).
    full = Image.open(io.BytesIO(drawing.render_png(picture, width=2000, palette=False)))
    teal = tuple(int(NEW_COLOUR[i : i + 2], 16) for i in (1, 3, 5))
    assert teal in {colour for _count, colour in full.convert("RGB").getcolors(1 << 24)}

    # An editor (the owner) reads every word the group entered somewhere.
    everything = "\n".join(walk.text_of(walk.read(api, a)) for a in must_answer[:20]).lower()
    everything += "\n".join(walk.text_of(walk.read(pages, a)) for a in page_addresses).lower()
    assert [w for w in SECRET_WORDS if w.lower() not in everything] == []


@pytest.mark.parametrize("reader", ["viewer", "share link"])
def test_with_hiding_on_a_hidden_reader_reads_none_of_the_words_the_group_entered(
    season, django_user_model, monkeypatch, reader
):
    viewer = django_user_model.objects.create_user(username="vic", password="pw-vic-123")
    Membership.objects.create(campaign=season, user=viewer, role=Role.VIEWER)
    season.hide_unlocked_content = True
    season.shared = True
    season.save(update_fields=["hide_unlocked_content", "shared"])
    user, share = (viewer, None) if reader == "viewer" else (None, season.share_token)
    api_addresses, page_addresses = every_address(season, monkeypatch)
    # The walk reads what the first test reads (a walk that read nothing would pass).
    for address in ("world/", "factions/", "powers/", "audit/", "export/", "packets/components/"):
        assert f"/api/v1/campaigns/{season.pk}/{address}" in api_addresses
    for address in ("games/5/", "factions/", "audit/", f"territories/{SCARRED}/", "board/10.svg"):
        assert f"/c/{season.pk}/{address}" in page_addresses
    found, answered = [], {}
    api, pages = walk.api_client(user), walk.page_client(user)
    for address in api_addresses:
        answer = walk.read(api, address, share)
        answered[address] = answer.status_code
        text = walk.text_of(answer).lower()
        found += [f"{w} at {address}" for w in SECRET_WORDS if w.lower() in text]
    if share:
        walk.read(pages, f"/c/{season.pk}/", share)  # the token is kept in the reader's session
    for address in page_addresses:
        answer = walk.read(pages, address)
        answered[address] = answer.status_code
        text = walk.text_of(answer).lower()
        found += [f"{w} at {address}" for w in SECRET_WORDS if w.lower() in text]
    assert found == [], "\n".join(found)
    # ... and was answered there, with placeholders, not refused.
    v1, p = f"/api/v1/campaigns/{season.pk}/", f"/c/{season.pk}/"
    shown = [
        *(v1 + r for r in ("", "world/", "games/5/", "factions/", "powers/", "faction-cards/")),
        *(v1 + r for r in ("packets/", "packets/components/", "rules/", "decks/", "standings/")),
        *(v1 + r for r in ("scar-types/", "marks/scars/", "marks/other-marks/", "winners/")),
        *(p + r for r in ("", "games/5/", "games/10/", "history/", "factions/", "standings/")),
        *(p + r for r in ("packets/", "rules/", "decks/", "scar-types/", "board/10.svg")),
        *(p + f"territories/{t}/" for t in (SCARRED, CAPITAL, MARKED)),
    ]
    assert {a: answered[a] for a in shown if answered[a] != 200} == {}


def test_the_campaign_of_game_ten_round_trips_its_backup_byte_for_byte(season, owner):
    """Everything the packet unlocked, and what the table did with it, survives a backup."""
    saved = backup.dumps(backup.export_campaign(season.pk))
    for word in SECRET_WORDS:
        assert word in saved  # the owner's backup holds every word the group entered
    copy = backup.import_campaign(backup.loads(saved), owner=owner)
    assert copy.pk != season.pk
    assert backup.dumps(backup.export_campaign(copy.pk)) == saved
    assert [p.name for p in powers_as_of(copy.pk)[NEW]] == ["Brindlewave", "Sallowgust"]
    assert faction_card_backs(copy.pk)[NEW] == faction_card_backs(season.pk)[NEW]
    assert setting_stickers(copy.pk)["world_capitals_allowed"].title == "Harrowquill Clause"
    assert PacketOpening.objects.get(campaign=copy, packet=COMPONENT).placed_in_game == 6
    assert City.objects.get(campaign=copy, kind="capital").territory == CAPITAL
    assert Scar.objects.get(campaign=copy, faction=NEW).kind.slug == CARD_SCAR
    scarred = Scar.objects.get(campaign=copy, territory=SCARRED).kind
    assert scarred.dice_effect == scar_effects.DEFENCE_DICE_DOWN
    drawn = GameEvent.objects.get(game__campaign=copy, kind=EventKind.CARD_DRAWN)
    card = DeckCard.objects.get(campaign=copy, title="Nimblefrost")
    assert (drawn.game.number, drawn.data["card"]) == (6, card.pk)
