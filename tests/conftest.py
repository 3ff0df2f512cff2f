"""Fixtures shared by the whole suite: people, campaigns, games, and the real services when asked.

The personas: the owner (olga), an editor (edda) and a viewer (vic) who are members of the
campaign, and a stranger (sam) who is not. The campaign has five players; ``prepared_campaign`` is
ready for its first game and ``game`` is that first game in progress at the usual table (see
``tests.support.games``). Directories whose tests need other people or games override these in
their own conftest. What the fixtures are built from lives in ``tests.support``.

Which pass of ``make test`` runs a test (SQLite, or PostgreSQL with Redis and a worker) is said
in ``tests.support.passes``. Tests marked ``postgres`` or ``worker`` need the real parts. Outside
CI they are skipped when the service is not configured; in CI (``CI=true``) a missing service
fails them loudly, except in a run on SQLite alone (``EARTHBOOK_PASS=sqlite``).
"""

from __future__ import annotations

import os

import pytest
from django.db import connection
from django.utils import translation

from campaigns import services
from campaigns.models import Role
from legacy.box import FACTIONS
from legacy.models import City, Fortification
from tests.support import passes
from tests.support.games import TWELVE_COINS, start, trio_of
from tests.support.people import member
from tests.support.real_parts import missing
from tests.support.static import collected_once, shared_folder
from tests.support.workers import workers_of_a_test


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Before ``-m`` selects and xdist distributes: ``realdb`` on what the real parts decide,
    and one worker for the tests of each module fixture (``tests.support.passes``)."""
    passes.mark(items)


@pytest.fixture(autouse=True)
def _language_of_its_own():
    """Each test starts in the default language: a Russian page asked for by one test (the
    locale middleware activates the reader's language for the thread) leaves nothing behind."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _real_parts(request):
    if request.node.get_closest_marker("postgres") and connection.vendor != "postgresql":
        missing("DATABASE_URL does not point at PostgreSQL")
    if request.node.get_closest_marker("worker") and not os.environ.get("REDIS_URL"):
        missing("REDIS_URL is not set, so there is no broker for a real Celery worker")


@pytest.fixture
def eager_tasks():
    """Tasks run in-process and their errors surface, even where the run configures a broker
    (the pass against the real parts); the tests marked ``worker`` use a real worker instead."""
    from config.celery import app

    before = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager, app.conf.task_eager_propagates = True, True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = before


@pytest.fixture
def start_worker(settings, media, tmp_path):
    """Start real ``celery worker`` processes (tests marked ``worker``): ``start()`` reads both
    of this test's own queues, as ``make worker`` does; ``start(lanes=["interactive"])`` only
    one. This process sends its tasks there; all are stopped when the test ends."""
    with workers_of_a_test(settings, media, tmp_path) as start:
        yield start


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory):
    """The folder of the project's own static files, collected once for the run with the
    shipped storage (``tests.support.static``); read it, never write to it."""
    return collected_once(shared_folder(tmp_path_factory))


@pytest.fixture
def media(settings, tmp_path):
    """Stored files (photos, pictures, posters) go to a fresh folder of the test's own (the default
    storage follows MEDIA_ROOT); the folder is returned."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def operator(django_user_model):
    """A superuser: the one who runs the site and reaches the admin."""
    return django_user_model.objects.create_superuser(username="root", password="pw-root-123")


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user(username="olga", password="pw-olga-123")


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user(username="sam", password="pw-sam-123")


@pytest.fixture
def editor(campaign):
    return member(campaign, "edda", Role.EDITOR)


@pytest.fixture
def viewer(campaign):
    return member(campaign, "vic", Role.VIEWER)


@pytest.fixture
def campaign(owner):
    return services.create_campaign(
        owner=owner, name="Our Earth", players=["Ada", "Boris", "Chloe", "Dmitri", "Esme"]
    )


@pytest.fixture
def players(campaign):
    return {p.name: p for p in campaign.players.all()}


@pytest.fixture
def prepared_campaign(campaign, owner):
    services.prepare_first_game(
        campaign=campaign,
        powers={f.slug: "a" for f in FACTIONS},
        coins=TWELVE_COINS,
        by=owner,
    )
    campaign.refresh_from_db()
    return campaign


@pytest.fixture
def trio(players):
    """Ada, Boris and Chloe, who sit at the usual table."""
    return trio_of(players)


@pytest.fixture
def game(prepared_campaign, players):
    """Game 1 in progress: Ada (Khan Industries, Egypt), Boris (Die Mechaniker, Japan) and Chloe
    (Enclave of the Bear, Peru), every faction with its power (a)."""
    return start(prepared_campaign, players)


@pytest.fixture
def cairo(prepared_campaign):
    """Cairo, a major city in Egypt from before the first game, with its fortification."""
    city = City.objects.create(
        campaign=prepared_campaign, territory="egypt", kind="major", name="Cairo", placed_in_game=0
    )
    return Fortification.objects.create(campaign=prepared_campaign, city=city, placed_in_game=0)
