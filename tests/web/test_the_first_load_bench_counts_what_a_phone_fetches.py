"""`make bench`'s first load of the game page counts the static files a phone fetches as it
opens the page: the map's outlines come only once the reader scrolls to the map."""

import pytest

from bench.page import assets_of
from web.board_svg import shapes_url


def test_the_first_load_counts_the_outlines_of_a_map_drawn_at_once():
    page = (
        '<link rel="stylesheet" href="/static/css/earthbook.css">'
        '<svg><use href="/static/board/shapes.svg#alaska"/></svg>'
    )
    assert assets_of(page) == ["/static/css/earthbook.css", "/static/board/shapes.svg"]


@pytest.mark.django_db
def test_the_game_pages_first_load_leaves_out_the_outlines_of_the_map_below(as_owner, game):
    page = as_owner.get(f"/c/{game.campaign_id}/games/{game.number}/").content.decode()
    assert shapes_url() in page  # the map is on the page, held until it is reached
    fetched = assets_of(page)
    assert not [asset for asset in fetched if "/board/shapes" in asset]
    assert any(asset.startswith("/static/css/") for asset in fetched)
    assert any(asset.startswith("/static/js/") for asset in fetched)
