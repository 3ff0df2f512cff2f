"""Earthbook installs on a phone's home screen: a manifest with its icons, and a service worker
whose scope is the whole site, kept within the Content-Security-Policy; the pages it keeps for
offline reading are named by account, never the API's or a visitor's."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from io import BytesIO

import pytest
from django.contrib.staticfiles import finders
from PIL import Image

from web.offline import ACCOUNT_HEADER, account_tag

pytestmark = pytest.mark.django_db


def test_the_manifest_names_the_app_and_opens_it_standalone_at_the_home_page(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(response.content)
    assert manifest["name"] == manifest["short_name"] == "Earthbook"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#9b2c2c"
    assert manifest["background_color"] == "#f7f3ea"


def test_the_manifest_describes_the_app_in_the_readers_language(client):
    client.cookies["django_language"] = "ru"
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    assert manifest["lang"] == "ru"
    assert re.search("[а-я]", manifest["description"])


def icon(client, src: str) -> Image.Image:
    path = finders.find(src.removeprefix("/static/"))
    assert path, src
    return Image.open(BytesIO(open(path, "rb").read()))


def test_the_icons_are_pngs_of_the_sizes_the_manifest_says_one_of_them_maskable(client):
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert sizes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for entry in manifest["icons"]:
        image = icon(client, entry["src"])
        assert image.format == "PNG" and entry["type"] == "image/png"
        assert "x".join(map(str, image.size)) == entry["sizes"]


def test_the_maskable_icon_fills_its_square_so_no_mask_shows_a_transparent_corner(client):
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    (maskable,) = [i for i in manifest["icons"] if i["purpose"] == "maskable"]
    image = icon(client, maskable["src"]).convert("RGBA")
    corners = [(0, 0), (511, 0), (0, 511), (511, 511)]
    assert all(image.getpixel(c)[3] == 255 for c in corners)


def test_every_page_links_the_manifest_and_its_service_worker(client):
    html = client.get("/").content.decode()
    link = re.search(r'<link rel="manifest"[^>]*>', html).group(0)
    assert 'href="/manifest.webmanifest"' in link
    assert 'data-service-worker="/sw.js"' in link
    assert "data-offline-account" not in link  # a visitor keeps nothing on the phone
    assert re.search(r'<script src="/static/js/offline[^"]*\.js" defer>', html)


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    # Asked again on every visit, so a new release is installed at once.
    assert "no-cache" in response["Cache-Control"]
    text = response.content.decode()
    assert "__VERSION__" not in text
    config = json.loads(re.search(r"var CONFIG = (\{.*?\});\n", text).group(1))
    assert "/static/css/earthbook.css" in config["assets"]
    assert "/static/js/offline.js" in config["assets"]
    assert {"/accounts/logout/", "/accounts/login/", "/accounts/signup/"} <= set(
        config["accountDoors"]
    )
    assert "/api/" in config["notKept"] and "/admin/" in config["notKept"]


def test_the_service_worker_and_manifest_are_allowed_by_the_policy_they_are_sent_with(client):
    for url in ("/sw.js", "/manifest.webmanifest", "/"):
        policy = client.get(url)["Content-Security-Policy"]
        assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
        assert "script-src 'self'" in policy and "unsafe" not in policy


def test_a_members_page_is_named_for_its_account_so_the_phone_keeps_it_apart(
    client, owner, campaign
):
    client.force_login(owner)
    page = client.get(f"/c/{campaign.pk}/")
    assert page[ACCOUNT_HEADER] == account_tag(owner)
    assert str(owner.pk) != page[ACCOUNT_HEADER]
    link = re.search(r'<link rel="manifest"[^>]*>', page.content.decode()).group(0)
    assert f'data-offline-account="{account_tag(owner)}"' in link


def test_two_accounts_have_different_tags(django_user_model):
    ada = django_user_model.objects.create_user(username="ada", password="pw-ada-1234")
    boris = django_user_model.objects.create_user(username="boris", password="pw-boris-1234")
    assert account_tag(ada) != account_tag(boris)


def test_the_api_and_a_visitors_pages_are_never_named_for_keeping(client, owner, campaign):
    assert ACCOUNT_HEADER not in client.get("/")  # a visitor: the phone forgets its pages
    client.force_login(owner)
    assert ACCOUNT_HEADER not in client.get(f"/api/v1/campaigns/{campaign.pk}/")
    assert ACCOUNT_HEADER not in client.get(f"/c/{campaign.pk}/live/")
    assert ACCOUNT_HEADER not in client.get("/accounts/password/")


def test_the_game_page_has_a_place_for_the_entries_waiting_on_the_phone_in_russian_too(
    client, owner, game
):
    client.force_login(owner)
    url = f"/c/{game.campaign_id}/games/{game.number}/"
    html = client.get(url).content.decode()
    section = re.search(r'<section id="offline-queue"[^>]*>', html).group(0)
    assert " hidden" in section  # shown by the phone only when something waits
    assert "Waiting to be sent" in html and 'data-discard="Discard"' in section
    client.cookies["django_language"] = "ru"
    russian = client.get(url).content.decode()
    assert "Ждут отправки" in russian and 'data-discard="Отбросить"' in russian
    assert 'data-refused="Сервер отказал:"' in russian


def test_the_icons_in_the_repository_are_drawn_by_the_icon_script():
    import importlib.util
    from pathlib import Path

    from django.conf import settings

    script = Path(settings.BASE_DIR) / "tools" / "draw_app_icons.py"
    spec = importlib.util.spec_from_file_location("draw_app_icons", script)
    assert spec and spec.loader
    icons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(icons)
    for name, (size, maskable) in icons.ICONS.items():
        committed = Image.open(icons.OUT / name).convert("RGBA")
        drawn = icons.draw(size, maskable=maskable).convert("RGBA")
        assert committed.size == (size, size)
        assert committed.tobytes() == drawn.tobytes(), (
            f"static/icons/{name} is out of date: run python tools/draw_app_icons.py"
        )


# The service worker run by Node against stand-ins for the browser's caches: what it drops when
# a form is sent to one of the doors where the account changes.
WORKER_HARNESS = r"""
const stores = {"earthbook-pages-aaa": 1, "earthbook-pages-bbb": 1, "earthbook-static-v": 1,
                "earthbook-meta": 1};
const listeners = {};
globalThis.self = {addEventListener: (name, f) => { listeners[name] = f; },
                   location: {origin: "https://t"}, clients: {}, skipWaiting() {}};
globalThis.caches = {
  keys: async () => Object.keys(stores),
  delete: async (name) => { delete stores[name]; return true; },
  open: async () => ({put: async () => {}, match: async () => undefined}),
};
globalThis.Response = class { constructor(body) { this.body = body; } };
eval(require("fs").readFileSync(0, "utf8"));
const waits = [];
listeners.fetch({request: {method: process.argv[2], url: "https://t" + process.argv[1]},
                 waitUntil: (p) => waits.push(p), respondWith() {}});
Promise.all(waits).then(() => console.log(JSON.stringify(Object.keys(stores).sort())));
"""


def kept_after(client, method: str, path: str) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node to run the service worker with")
    worker = client.get("/sw.js").content.decode()
    done = subprocess.run(
        [node, "-e", WORKER_HARNESS, path, method],
        input=worker,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    "path", ["/accounts/login/", "/accounts/logout/", "/accounts/signup/", "/admin/login/"]
)
def test_a_form_sent_where_the_account_changes_drops_every_kept_page(client, path):
    assert kept_after(client, "POST", path) == ["earthbook-meta", "earthbook-static-v"]


def test_another_form_keeps_the_pages(client):
    kept = kept_after(client, "POST", "/c/1/games/1/notes/")
    assert "earthbook-pages-aaa" in kept and "earthbook-pages-bbb" in kept
