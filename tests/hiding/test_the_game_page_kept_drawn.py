"""The game page keeps its drawn board (and, for its writers, its quick log) until the next
write: a reader from whom the campaign hides what its packets unlocked is never given the
drawing made for the group's writers, whoever read the page first, and the writers are never
given the hidden reader's."""

from __future__ import annotations

import pytest

from tests.support.hiding import ODD_WORDS, SECRET_WORDS, leaks, page_client, read

pytestmark = pytest.mark.django_db


def game_page(campaign) -> str:
    return f"/c/{campaign.pk}/games/2/"


def seen_by_the_writer(response) -> list[str]:
    text = response.content.decode().lower()
    return [word for word in SECRET_WORDS if word.lower() in text]


@pytest.mark.parametrize("reader", ["viewer", "share link"])
def test_a_hidden_reader_after_an_editor_is_not_given_the_editors_drawing(
    odd, editor, viewer, reader
):
    hidden = odd  # with a World Capital and a faction's own colour: drawn, not only named
    page = game_page(hidden)
    drawn_for_editor = read(page_client(editor), page)
    assert seen_by_the_writer(drawn_for_editor)  # the editor's page names what was unlocked
    read(page_client(editor), page)
    share = hidden.share_token if reader == "share link" else None
    client = page_client(viewer if reader == "viewer" else None)
    assert leaks(read(client, page, share), page) == []
    assert leaks(read(client, page), page) == []  # the drawing kept for the hidden reader


def test_an_editor_after_a_hidden_reader_is_given_what_was_unlocked(odd, editor, viewer):
    page = game_page(odd)
    assert leaks(read(page_client(viewer), page), page) == []
    assert leaks(read(page_client(viewer), page), page) == []
    drawn_for_editor = read(page_client(editor), page)
    assert seen_by_the_writer(drawn_for_editor)
    # The board itself names the unlocked scars and draws the World Capital for the editor.
    board = drawn_for_editor.content.decode().split('class="board-svg"', 1)[1].split("</svg>")[0]
    assert any(word in board for word in SECRET_WORDS + ODD_WORDS)
    assert "city-capital" in board
