"""Every page of the demo campaign, walked in Russian and in English.

In Russian no product sentence is left in English; in English no Russian shows. The group's own
words (its players, cities, continents, slogans, what it typed for an unlocked packet...) are
whatever language the group wrote them in, and are taken from the campaign's data, never listed
by hand. The walk covers each URL pattern of the campaign (``web.urls``) and follows the links and
forms of every page it reads, so a page added later is walked too.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import Resolver404, resolve, reverse

import web.urls
from campaigns import demo
from campaigns.backup import automatic
from campaigns.chronicle.start import request_pdf
from campaigns.game.notes import add_note
from campaigns.game.rulebook import add_sticker
from campaigns.game.sealed import add_component
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import eliminate_faction, record_recruitment
from campaigns.members import create_invitation
from campaigns.models import AuditEntry, Campaign, GameEvent, GamePhoto, Membership, Role
from campaigns.photos.service import add_photo
from campaigns.photos.tasks import prepare_photo
from legacy import board, rules
from legacy.corrections import MARK_TYPES
from legacy.models import (
    City,
    ContinentName,
    Correction,
    DeckCard,
    FactionPower,
    MarkKind,
    OtherMark,
    PacketOpening,
    RuleSticker,
    ScarKind,
    SealedComponent,
    Signature,
    UnlockedContent,
    UnlockedFaction,
    WorldName,
)
from legacy.selectors import world_as_of
from tests.support.made import encoded
from tests.support.walk import cyrillic_left, english_left, read, url_patterns, walk

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

# Words that are nobody's sentence in either language: the product's and the game's own names.
PROPER_NAMES = ["Earthbook", "Risk Legacy", "Hasbro"]
# Pages the owner must have read (200), so that a walk turned away (a login page, a redirect)
# cannot pass by reading nothing.
PAGES_READ = [
    "dashboard", "history", "game", "game_finish", "seat_fix", "game_void", "game_cancel",
    "territory", "mark", "factions", "standings", "audit", "packets", "packet_open",
    "settings", "players", "timeline", "calc_recruit", "calc_starts", "calc_odds",
]  # fmt: skip
ACCOUNT_PAGES = [
    "home",
    "login",
    "signup",
    "password_reset",
    "password_reset_done",
    "password_reset_complete",
    "password_change",
    "password_change_done",
    "email",
]


@pytest.fixture
def long_war(django_db_blocker, settings, tmp_path):
    """The demo campaign, with a fourth game being played (so the table's pages show), an
    invitation link and an editor."""
    campaign = demo.create_demo()
    user = get_user_model().objects.get(username="demo")
    players = list(campaign.players.order_by("id"))
    world = world_as_of(campaign.pk)
    seats, placed = [], []
    for player, faction in zip(players, demo.FACTION_ORDER, strict=True):
        hq = rules.legal_starting_territories(world, player=player.pk, hqs=placed)[0]
        placed.append(hq)
        seats.append({"player": player.pk, "faction": faction, "hq": hq})
    game = start_game(game=setup_game(campaign=campaign, seats=seats, by=user), by=user)
    record_recruitment(game=game, player=players[0].pk, troops=12, by=user)
    eliminate_faction(game=game, player=players[1].pk, can_rejoin=True, by=user)
    create_invitation(campaign=campaign, role=Role.VIEWER, by=user)
    # A sealed component of the group's own and a rule sticker, for their pages.
    add_component(campaign=campaign, name="Tin of Ash", trigger="When Ash falls", by=user)
    add_sticker(campaign=campaign, section="object", game=1, title="Ash Rule", text="Ash.", by=user)
    editor = get_user_model().objects.create_user(username="yuri", password="pw-yuri-123")
    Membership.objects.create(campaign=campaign, user=editor, role=Role.EDITOR)
    # A photo of the real board, prepared, on the game being played (files in a fresh folder).
    settings.MEDIA_ROOT = tmp_path / "media"
    add_photo(
        game=game,
        upload=SimpleUploadedFile("board.png", encoded("PNG"), "image/png"),
        caption="Ash over Europe",
        by=user,
    )
    prepare_photo.apply(args=[GamePhoto.objects.get(game=game).pk])
    return campaign


def group_words(campaign: Campaign) -> list[str]:
    """Everything the group wrote itself, longest first: names, slogans, reasons, what it typed
    for unlocked content. A box's starting power is the box's words, so it is not here."""
    c = campaign.pk
    found = [campaign.name]
    found += campaign.players.values_list("name", flat=True)
    found += Membership.objects.filter(campaign=c).values_list("user__username", flat=True)
    found += City.objects.filter(campaign=c).values_list("name", flat=True)
    found += ContinentName.objects.filter(campaign=c).values_list("name", flat=True)
    for name, slogan in Signature.objects.filter(campaign=c).values_list("name", "slogan"):
        found += [name, slogan]
    found += WorldName.objects.filter(campaign=c).values_list("name", flat=True)
    found += PacketOpening.objects.filter(campaign=c).values_list("trigger", flat=True)
    for title, text in UnlockedContent.objects.filter(campaign=c).values_list("title", "text"):
        found += [title, text]
    for model in (ScarKind, MarkKind):
        rows = model.objects.filter(campaign=c)
        if model is ScarKind:
            rows = rows.filter(base=False)
        for name, text in rows.values_list("name", "text"):
            found += [name, text]
    unlocked = FactionPower.objects.filter(campaign=c, unlocked_by__isnull=False)
    for name, text in unlocked.values_list("name", "text"):
        found += [name, text]
    found += OtherMark.objects.filter(campaign=c).values_list("label", flat=True)
    found += GamePhoto.objects.filter(game__campaign=c).values_list("caption", flat=True)
    # What the group typed for the second half: its sealed components, rule stickers, decks,
    # and the factions it unlocked.
    for model, fields in (
        (SealedComponent, ("name", "trigger")),
        (RuleSticker, ("title", "text")),
        (DeckCard, ("title", "text")),
        (UnlockedFaction, ("name", "text")),
    ):
        for row in model.objects.filter(campaign=c).values_list(*fields):
            found += list(row)
    found += Correction.objects.filter(campaign=c).values_list("reason", flat=True)
    found += GameEvent.objects.filter(game__campaign=c).values_list("void_reason", flat=True)
    for model in MARK_TYPES.values():
        found += model.objects.filter(campaign=c).values_list("removed_note", flat=True)
    for entry in AuditEntry.objects.filter(campaign=c):
        found += [entry.summary, str(entry.data.get("reason", ""))]  # typed, or stored before
    words = {w.strip() for w in [*found, *PROPER_NAMES] if w and w.strip()}
    return sorted(words, key=len, reverse=True)


def parameter_values(campaign: Campaign) -> dict[str, list]:
    """Values for the campaign's URL parameters, from its data (one or two of each)."""
    games = list(campaign.games.order_by("-number"))
    playing = games[0]
    marks = []
    for slug, model in MARK_TYPES.items():
        mark = model.objects.filter(campaign=campaign).order_by("id").first()
        if mark is not None:
            marks.append((slug, mark.pk))
    return {
        "component_id": list(
            SealedComponent.objects.filter(campaign=campaign).values_list("pk", flat=True)
        ),
        "sticker_id": list(
            RuleSticker.objects.filter(campaign=campaign).values_list("pk", flat=True)
        ),
        "pk": [campaign.pk],
        "number": [playing.number, games[1].number],
        "player": [s.player_id for s in playing.seats.order_by("order")[:1]],
        "seq": list(playing.events.order_by("seq").values_list("seq", flat=True)[:1]),
        "slug": [playing.seats.order_by("order")[0].hq, board.TERRITORIES[0].slug],
        "kind": [],  # the log's forms, found on the game page
        "mark_type mark_id": marks,
        "invitation_id": list(campaign.invitations.values_list("pk", flat=True)),
        "photo_id": list(
            GamePhoto.objects.filter(game__campaign=campaign).values_list("pk", flat=True)
        ),
        "note_id": [add_note(game=playing, text="7 : 3", by=campaign.owner).pk],
        "player_id": list(campaign.players.values_list("pk", flat=True)[:1]),
        "job_id": [request_pdf(campaign=campaign, by=campaign.owner)[0].pk],
        "membership_id": list(
            Membership.objects.filter(campaign=campaign).values_list("pk", flat=True)
        ),
        # The automatic backup a finished game leaves (written here: no commit in the walk).
        "name": [automatic.write_automatic_backup(campaign.pk, games[1].number).name],
    }


def walk_in(language: str, campaign: Campaign, user=None):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    patterns = url_patterns("campaigns", web.urls.urlpatterns)

    def inside(path: str) -> bool:
        """This campaign's pages, the campaign pages of no campaign (a new one), and the
        account pages."""
        try:
            match = resolve(urlsplit(path).path)
        except Resolver404:
            return False
        if match.namespace == "campaigns":
            return match.kwargs.get("pk", campaign.pk) == campaign.pk
        return path.startswith("/accounts/") or path == "/"

    starts = [reverse(name) for name in ACCOUNT_PAGES]
    return list(
        walk(
            client,
            starts,
            patterns=patterns,
            values=parameter_values(campaign),
            inside=inside,
            language=language,
        )
    )


def html_pages(walked):
    """The pages, and the board pictures drawn as SVG (their words are read the same way)."""
    for path, name, response in walked:
        if response.get("Content-Type", "").startswith(("text/html", "image/svg+xml")):
            yield path, name, response.content.decode()


def test_every_page_in_russian_reads_in_russian(long_war):
    owner = get_user_model().objects.get(username="demo")
    names = group_words(long_war)
    left: dict[str, str] = {}  # each sentence left in English, and the first page showing it
    for path, _name, html in html_pages(walk_in("ru", long_war, owner)):
        texts, _links = read(html, "ru")
        for text in english_left(texts, names):
            left.setdefault(text, path)
    assert left == {}


def test_every_page_in_english_is_walked_and_shows_no_russian(long_war):
    owner = get_user_model().objects.get(username="demo")
    walked = walk_in("en", long_war, owner)
    requested = {name for _path, name, _r in walked}
    reached = {name for _path, name, r in walked if r.status_code != 404}
    patterns = {name for name, _params in url_patterns("campaigns", web.urls.urlpatterns)}
    # A picture's address (board.svg, snapshot.png...) answers 404 until a worker drew it.
    pictures = {
        f"campaigns:{p.name}"
        for p in web.urls.urlpatterns
        if str(p.pattern).endswith((".svg", ".png", ".webp"))
    }
    assert patterns - requested == set(), "teach parameter_values these pages' parameters"
    assert patterns - pictures - reached == set(), "these pages were only ever 404"
    assert [p for p, _n, r in walked if r.status_code >= 500] == []
    read_pages = {name for _path, name, r in walked if r.status_code == 200}
    assert {f"campaigns:{name}" for name in PAGES_READ} <= read_pages
    names = group_words(long_war)
    left: dict[str, str] = {}  # each Russian text, and the first page showing it
    for path, _name, html in html_pages(walked):
        texts, _links = read(html, "en")
        for text in cyrillic_left(texts, names):
            left.setdefault(text, path)
    assert left == {}


def test_a_visitor_reads_a_listed_campaign_in_russian(long_war):
    """A stranger reading a public campaign whose packet content is hidden: other pages, other
    branches of the same ones ("hidden by the owner"), and no edit links."""
    Campaign.objects.filter(pk=long_war.pk).update(public=True, hide_unlocked_content=True)
    names = group_words(long_war)
    left: dict[str, str] = {}
    for path, _name, html in html_pages(walk_in("ru", long_war)):
        texts, _links = read(html, "ru")
        for text in english_left(texts, names):
            left.setdefault(text, path)
    assert left == {}


def test_what_the_forms_answer_in_russian_is_in_russian(long_war):
    """Every address that only takes a form (405 to a GET) posted with nothing filled in: the
    refusal, the errors or the message it answers with, and the page it leads to, in Russian.
    (Logging out is left for last, as it would end the walk.)"""
    owner = get_user_model().objects.get(username="demo")
    names = group_words(long_war)
    posts = [p for p, n, r in walk_in("ru", long_war, owner) if r.status_code == 405]
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    left: dict[str, str] = {}
    for path in sorted(posts, key=lambda p: p == reverse("logout")):
        response = client.post(path, {}, follow=True)
        assert response.status_code < 500, path
        texts, _links = read(response.content.decode(), "ru")
        for text in english_left(texts, names):
            left.setdefault(text, path)
    assert len(posts) >= 10 and left == {}


@pytest.mark.parametrize("language", ["ru", "en"])
def test_pages_a_visitor_or_an_editor_meets_are_in_their_language(long_war, language):
    """The login page a visitor is sent to, and the 403 an editor gets on an owner's page."""
    editor = get_user_model().objects.get(username="yuri")
    names = group_words(long_war)
    check = english_left if language == "ru" else cyrillic_left
    for user in (None, editor):
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        if user is not None:
            client.force_login(user)
        for path in (f"/c/{long_war.pk}/settings/", f"/c/{long_war.pk}/audit/", "/c/0/"):
            response = client.get(path, follow=True)
            texts, _links = read(response.content.decode(), language)
            assert check(texts, names) == [], (path, user)


def test_the_reader_finds_english_in_what_a_russian_page_shows():
    """The reader itself: a sentence in a title, an aria-label or a JSON island counts; a
    script, a style, an attribute nobody sees and the group's names do not."""
    html = (
        '<html lang="ru"><head><title>Кампания</title><style>.a{color:red}</style>'
        "<script>var x = 'Hello there';</script></head><body>"
        '<a href="/x/" title="Open the map" data-x="Never shown">Карта</a>'
        '<button aria-label="Закрыть">×</button><p>Ада и Port Amber</p>'
        '<option lang="en">English</option>'
        '<script type="application/json">{"alaska": {"summary": "Held by nobody", '
        '"slug": "north-africa"}}</script></body></html>'
    )
    texts, links = read(html, "ru")
    assert english_left(texts, ["Port Amber"]) == ["Open the map", "Held by nobody"]
    assert links == ["/x/"]
