"""Fixtures for the board snapshots: stored files in a folder of the test's own, Celery in-process
(eager) for every test but the ``worker`` ones, and games played through the real services."""

from __future__ import annotations

import pytest

from campaigns.game.finish import finish_game
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import place_scar
from config.celery import app as celery_app

FACTIONS = ("khan-industries", "die-mechaniker", "enclave-of-the-bear")
HQS = ("egypt", "japan", "peru")


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    """Stored pictures go to a fresh folder (the default storage follows MEDIA_ROOT)."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture(autouse=True)
def eager_celery(request):
    """Tasks run in-process, whether or not a broker is configured (the CI run sets one); the
    tests marked ``worker`` talk to a real worker instead."""
    if request.node.get_closest_marker("worker"):
        yield
        return
    conf = celery_app.conf
    before = conf.task_always_eager, conf.task_eager_propagates
    conf.task_always_eager, conf.task_eager_propagates = True, True
    yield
    conf.task_always_eager, conf.task_eager_propagates = before


def stored_files(media) -> list[str]:
    folder = media / "snapshots"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def seats(players, hqs=HQS):
    return [
        {"player": players[name].pk, "faction": faction, "hq": hq}
        for name, faction, hq in zip(("Ada", "Boris", "Chloe"), FACTIONS, hqs, strict=True)
    ]


def start(campaign, players, hqs=HQS):
    return start_game(game=setup_game(campaign=campaign, seats=seats(players, hqs)))


def finish(game, players, **kw):
    """Ada wins and founds Cairo; Boris holds on and founds Edo; Chloe is out."""
    ada, boris, chloe = players["Ada"], players["Boris"], players["Chloe"]
    kw.setdefault("results", {ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"})
    kw.setdefault("controlled", {boris.pk: ["japan", "china"]})
    kw.setdefault("winner_reward", {"kind": "major-city", "territory": "egypt", "name": "Cairo"})
    kw.setdefault(
        "held_on_rewards", {boris.pk: {"kind": "minor-city", "territory": "japan", "name": "Edo"}}
    )
    kw.setdefault("slogan", "Veni, vidi")
    return finish_game(game=game, **kw)


def play_first_game(campaign, players, *, scar_on="brazil"):
    """Game 1 with a bunker placed on ``scar_on`` during play; returns the finished game."""
    game = start(campaign, players)
    if scar_on:
        place_scar(game=game, scar="bunker", territory=scar_on, player=players["Ada"].pk)
    finish(game, players)
    game.refresh_from_db()
    return game


def play_naming_game(campaign, players, continent: str, name: str, hqs=HQS):
    """A later game: Ada wins and names a continent; the others hold on with nothing to claim."""
    ada, boris, chloe = players["Ada"], players["Boris"], players["Chloe"]
    game = start(campaign, players, hqs)
    finish_game(
        game=game,
        results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "held_on"},
        controlled={boris.pk: [], chloe.pk: []},
        winner_reward={"kind": "name-continent", "continent": continent, "name": name},
    )
    game.refresh_from_db()
    return game


@pytest.fixture
def played(prepared_campaign, players, django_capture_on_commit_callbacks):
    """A campaign whose game 1 is finished, its picture drawn."""
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    return prepared_campaign


@pytest.fixture
def viewer(played, django_user_model):
    """A member of ``played`` who may read it and no more."""
    from campaigns.models import Membership, Role

    user = django_user_model.objects.create_user(username="vic", password="pw-vic-123")
    Membership.objects.create(campaign=played, user=user, role=Role.VIEWER)
    return user
