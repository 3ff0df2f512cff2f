"""The board's fixed drawing (territories' outlines, sea lines) is one static file a browser
fetches once; a page sends only what its campaign put on the board, and each territory stays a
link with its name and marks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from django.test import override_settings

from legacy import drawing
from tests.support.pages import url
from tests.support.static import served_from
from web.board_svg import SHAPES_FILE

SHAPES = Path(settings.BASE_DIR) / "static" / SHAPES_FILE


def test_the_shapes_file_in_the_repository_is_drawn_from_the_geometry():
    assert SHAPES.read_text(encoding="utf-8") == drawing.shapes_svg(), (
        "static/board/shapes.svg is out of date: run python tools/draw_board_shapes.py"
    )


def test_the_shapes_file_has_every_territory_and_the_sea_lines():
    text = SHAPES.read_text(encoding="utf-8")
    assert set(re.findall(r'<path id="t-([a-z-]+)"', text)) == set(drawing.all_slugs())
    assert '<g id="sea-lines">' in text and "<polyline" in text


@pytest.mark.django_db
def test_the_game_page_draws_no_outline_and_keeps_each_territory_a_named_link(game, as_owner):
    page = as_owner.get(url(game.campaign, f"games/{game.number}/")).content.decode()
    board = page[page.index('class="board-svg"') : page.index("</svg>", page.index('id="world"'))]
    assert '<path id="t-' not in board and "data-connection" not in board  # no outline, no sea line
    uses = re.findall(
        r'<use id="t-([a-z-]+)"[^>]*href="([^"#]+)#t-\1"><title>([^<]+)</title>', board
    )
    assert {slug for slug, _, _ in uses} == set(drawing.all_slugs())
    assert {href for _, href, _ in uses} == {
        f"{settings.STATIC_URL}{SHAPES_FILE}".replace("//", "/")
    }
    egypt = next(title for slug, _, title in uses if slug == "egypt")
    assert egypt.startswith("Egypt: ")
    assert board.count('<a href="/c/') == 42
    assert "EGYPT</text>" in board  # the names, in the reader's language, stay in the page


@pytest.mark.django_db
def test_on_a_page_each_name_is_written_once_its_halo_painted_under_its_letters(game, as_owner):
    page = as_owner.get(url(game.campaign, f"games/{game.number}/")).content.decode()
    board = page[page.index('class="board-svg"') : page.index("</svg>", page.index('id="world"'))]
    assert board.count(">EGYPT</text>") == 1
    assert re.search(r'<text [^>]*stroke="[^"]+"[^>]*paint-order="stroke">EGYPT</text>', board)


@pytest.mark.django_db
def test_in_production_the_shapes_file_has_its_content_hash_in_its_name(
    collected_static, game, as_owner
):
    with override_settings(**served_from(collected_static)):
        hashed = ManifestStaticFilesStorage(location=collected_static).stored_name(SHAPES_FILE)
        page = as_owner.get(url(game.campaign, f"games/{game.number}/")).content.decode()
    assert re.fullmatch(r"board/shapes\.[0-9a-f]{12}\.svg", hashed)
    assert f"{hashed}#t-egypt" in page
    assert (collected_static / f"{hashed}.gz").exists()  # served precompressed


def test_every_outline_in_the_shapes_file_has_exactly_the_points_of_the_geometry():
    text = SHAPES.read_text(encoding="utf-8")
    data = dict(re.findall(r'<path id="t-([a-z-]+)" d="([^"]+)"', text))
    number = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")
    for slug, territory in drawing.load_geometry().territories.items():
        rings = [ring for polygon in territory["polygons"] for ring in polygon]
        drawn = re.findall(r"M([^l]*)l([^z]*)z", data[slug])
        assert len(drawn) == len(rings), slug
        for (start, steps), ring in zip(drawn, rings, strict=True):
            x, y = (float(v) for v in number.findall(start))
            points = [(x, y)]
            moves = [float(v) for v in number.findall(steps)]
            for dx, dy in zip(moves[::2], moves[1::2], strict=True):
                x, y = x + dx, y + dy
                points.append((x, y))
            assert len(points) == len(ring), slug
            assert all(
                abs(px - rx) < 1e-6 and abs(py - ry) < 1e-6
                for (px, py), (rx, ry) in zip(points, ring, strict=True)
            ), slug
