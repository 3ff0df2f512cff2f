"""A campaign that hides what its packets unlocked, holding unlocked content of every kind, and
the people who read it.

``seed_unlocked`` (in ``tests.support.hiding``) builds the content; each name or text it enters
holds an invented word that appears nowhere else, listed in ``SECRET_WORDS``. A new kind of
unlocked content is added there, with its own word: the walk test (``test_walk.py``) then checks
it on every read.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile

from campaigns.game.notes import add_note
from campaigns.models import GamePhoto, JobStatus, Snapshot
from campaigns.photos.service import add_photo
from campaigns.pictures.snapshots import request_snapshot, request_timeline
from config.celery import app as celery_app
from tests.support.games import play
from tests.support.hiding import seed_odd_names, seed_unlocked
from tests.support.made import encoded


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def hidden(prepared_campaign, owner, editor, viewer):
    """Game 1 finished, game 2 being played with everything unlocked in it; hiding on, the
    share link on."""
    campaign = play(prepared_campaign, 1, then_start=True)
    seed_unlocked(campaign, owner)
    campaign.hide_unlocked_content = True
    campaign.shared = True
    campaign.save(update_fields=["hide_unlocked_content", "shared"])
    return campaign


@pytest.fixture
def odd(hidden, owner):
    """The hiding campaign with names a group may give that markup must escape and one in
    Cyrillic, a World Capital, and an unlocked faction with its own colour
    (``seed_odd_names``)."""
    seed_odd_names(hidden, owner)
    return hidden


@pytest.fixture
def drawn(odd, settings, tmp_path, django_capture_on_commit_callbacks):
    """The hiding campaign, with the odd names, and its stored pictures drawn (game 1 and the
    timeline), in a folder of the test's own, so that a read that hands them out has something
    to give."""
    hidden = odd
    settings.MEDIA_ROOT = tmp_path / "media"
    conf = celery_app.conf
    before = conf.task_always_eager, conf.task_eager_propagates
    conf.task_always_eager, conf.task_eager_propagates = True, True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            request_snapshot(hidden.pk, 1)
            request_timeline(hidden.pk)
            # A photo of the real board shows every sticker on it, as the pictures do.
            add_photo(
                game=hidden.games.get(number=2),
                upload=SimpleUploadedFile("board.png", encoded("PNG"), "image/png"),
                caption="The board tonight",
                by=hidden.owner,
            )
            # A note of the game's story, as any member who may write adds one.
            add_note(game=hidden.games.get(number=2), text="What a night.", by=hidden.owner)
    finally:
        conf.task_always_eager, conf.task_eager_propagates = before
    assert Snapshot.objects.filter(campaign=hidden, status=JobStatus.DONE).count() == 2
    assert GamePhoto.objects.filter(game__campaign=hidden, status=JobStatus.DONE).count() == 1
    return hidden
