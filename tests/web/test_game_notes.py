"""Notes of a game's story on the pages and over the API: written by members who may write,
changed by their author or the owner, read wherever the game is told, its words kept as plain
text. Test data is invented."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.game import sealed
from campaigns.game.notes import add_note
from campaigns.game.packets import open_packet
from campaigns.models import Campaign, GameNote, Role
from tests.support.api import client_for as api_client_for
from tests.support.games import EARNED_ANOTHER_WAY, play
from tests.support.pages import client_for
from tests.support.people import member

pytestmark = pytest.mark.django_db

BETRAYAL = "Boris betrayed Ada in Ural.\nShe will remember."


def url(name, campaign, *args):
    return reverse(f"campaigns:{name}", args=[campaign.pk, *args])


@pytest.fixture
def two_games(prepared_campaign):
    return play(prepared_campaign, 2)


def test_an_editor_adds_a_note_read_on_the_game_page_the_history_and_the_chronicle(
    two_games, as_editor, as_viewer
):
    added = as_editor.post(url("game_notes", two_games, 2), {"text": BETRAYAL})
    assert added.status_code == 302
    for name, args in (("game", (2,)), ("history", ()), ("chronicle", ())):
        page = as_viewer.get(url(name, two_games, *args)).content.decode()
        assert "Boris betrayed Ada in Ural.<br>She will remember." in page, name


def test_a_note_is_plain_text_never_markup(two_games, as_editor):
    as_editor.post(url("game_notes", two_games, 1), {"text": "<script>alert(1)</script> **bold**"})
    page = as_editor.get(url("game", two_games, 1)).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt; **bold**" in page
    assert "<script>alert(1)" not in page


def test_an_empty_note_is_refused_and_nothing_is_written(two_games, as_editor):
    refused = as_editor.post(url("game_notes", two_games, 1), {"text": "   "})
    assert refused.status_code == 200  # the form again, with its refusal
    assert not GameNote.objects.exists()


def test_a_viewer_may_not_write_a_note(two_games, as_viewer):
    as_viewer.post(url("game_notes", two_games, 1), {"text": BETRAYAL})
    assert not GameNote.objects.exists()


def test_its_author_edits_a_note_and_the_owner_deletes_it(two_games, editor, owner, as_editor):
    note = add_note(game=two_games.games.get(number=1), text="Frist draft", by=editor)
    edited = as_editor.post(url("game_note", two_games, 1, note.pk), {"text": "First draft"})
    assert edited.status_code == 302
    note.refresh_from_db()
    assert note.text == "First draft" and note.edited_at is not None
    deleted = client_for(owner).post(url("game_note", two_games, 1, note.pk), {"action": "delete"})
    assert deleted.status_code == 302 and not GameNote.objects.exists()


def test_another_editor_may_not_change_a_note_that_is_not_theirs(two_games, editor):
    note = add_note(game=two_games.games.get(number=1), text="Mine", by=editor)
    other = member(two_games, "otto", Role.EDITOR)
    client = client_for(other)
    assert client.post(url("game_note", two_games, 1, note.pk), {"text": "Ours"}).status_code == 404
    note.refresh_from_db()
    assert note.text == "Mine"


def test_a_note_naming_hidden_content_is_scrubbed_for_a_reader_it_is_hidden_from(
    two_games, owner, as_viewer
):
    sealed.add_component(campaign=two_games, name="Green Tin", trigger="Moonrise.", by=owner)
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY, campaign=two_games, packet="green-tin", by=owner
    )
    add_note(game=two_games.games.get(number=2), text="We opened the Green Tin at last.", by=owner)
    Campaign.objects.filter(pk=two_games.pk).update(hide_unlocked_content=True)
    page = as_viewer.get(url("game", two_games, 2)).content.decode()
    assert "We opened the" in page and "Green Tin" not in page


def test_notes_over_the_api_add_list_edit_and_delete(two_games, editor, viewer):
    client = api_client_for(editor)
    base = f"/api/v1/campaigns/{two_games.pk}/games/2/notes/"
    added = client.post(base, {"text": BETRAYAL}, format="json")
    assert added.status_code == 201, added.content
    assert added.json()["text"] == BETRAYAL and added.json()["author"] == "edda"
    listed = api_client_for(viewer).get(base).json()
    assert [n["text"] for n in listed] == [BETRAYAL]
    note = f"{base}{added.json()['id']}/"
    assert client.patch(note, {"text": "Shorter."}, format="json").json()["text"] == "Shorter."
    assert api_client_for(viewer).delete(note).status_code == 403
    assert client.delete(note).status_code == 204
    assert client.get(base).json() == []


def test_api_refusals_are_in_the_error_shape(two_games, editor, viewer):
    client = api_client_for(editor)
    base = f"/api/v1/campaigns/{two_games.pk}/games/2/notes/"
    empty = client.post(base, {"text": ""}, format="json")
    assert empty.status_code == 400 and "error" in empty.json()
    assert (
        client.post(f"/api/v1/campaigns/{two_games.pk}/games/9/notes/", {"text": "x"}).status_code
        == 404
    )
    assert client.patch(f"{base}999999/", {"text": "x"}, format="json").status_code == 404
    assert api_client_for(viewer).post(base, {"text": "x"}, format="json").status_code == 403
    assert not GameNote.objects.exists()
