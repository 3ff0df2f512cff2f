"""Each concept has one enum, and its words are said in English and in Russian."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

from campaigns.game.decks import CardState
from campaigns.jobs.words import status_words
from campaigns.models import (
    BackgroundJob,
    ChronicleExport,
    EndPoster,
    Game,
    GameStatus,
    JobStatus,
    Result,
)
from campaigns.vocabulary import AuditAction, PictureLanguage, Role
from legacy import box, scar_effects
from legacy.models import CityKind, ContentKind, Deck, RemovedReason
from legacy.rules import Reward, reward_in_english

ENUMS = [
    AuditAction,
    Role,
    GameStatus,
    Result,
    RemovedReason,
    CityKind,
    ContentKind,
    Deck,
    JobStatus,
    CardState,
    PictureLanguage,
]
MEMBERS = [member for enum in ENUMS for member in enum]


@pytest.mark.parametrize("member", MEMBERS, ids=lambda m: f"{type(m).__name__}.{m.name}")
def test_every_word_of_every_enum_is_said_in_russian(member):
    with translation.override("en"):
        english = str(member.label)
    with translation.override("ru"):
        russian = str(member.label)
    assert english and not re.search("[а-я]", english, re.I)
    assert re.search("[а-я]", russian, re.I), f"{english!r} has no Russian words"


@pytest.mark.parametrize("reward", list(Reward), ids=lambda r: r.name)
def test_every_reward_is_said_in_russian_by_the_door_that_shows_it(reward):
    """The rules keep a reward's English words; the pages and the API translate them."""
    assert reward.label and not re.search("[а-я]", reward.label, re.I)
    with translation.override("ru"):
        assert re.search("[а-я]", gettext(reward.label), re.I), f"{reward.label!r} has no Russian"


def test_the_city_kinds_are_the_rules_own():
    assert CityKind.values == [box.MINOR_CITY, box.MAJOR_CITY, box.CAPITAL_CITY]
    assert set(box.CITY_POPULATION) == set(CityKind.values)


def test_a_refusal_names_a_reward_in_english_whatever_the_readers_language():
    with translation.override("ru"):
        assert reward_in_english(Reward.MAJOR_CITY) == "Found a major city"
        assert reward_in_english("no-such-reward") == "no-such-reward"


def test_a_game_says_which_stage_it_is_in():
    assert Game(status=GameStatus.SETUP).is_setup
    assert Game(status=GameStatus.IN_PROGRESS).is_in_progress
    assert Game(status=GameStatus.FINISHED).is_finished
    assert not Game(status=GameStatus.FINISHED).is_in_progress


def test_a_game_in_progress_is_worded_in_the_readers_language():
    game = Game(status=GameStatus.IN_PROGRESS)
    with translation.override("en"):
        assert game.get_status_display() == "in progress"
    with translation.override("ru"):
        assert re.search("[а-я]", game.get_status_display())


@pytest.mark.parametrize(
    "kind", [EndPoster, ChronicleExport, BackgroundJob], ids=lambda k: k.__name__
)
@pytest.mark.parametrize("status", list(JobStatus), ids=lambda s: s.name)
def test_how_every_kind_of_job_stands_is_said_in_russian(kind, status):
    with translation.override("en"):
        english = str(status_words(kind, status))
    with translation.override("ru"):
        russian = str(status_words(kind, status))
    assert english and not re.search("[а-я]", english, re.I)
    assert re.search("[а-я]", russian, re.I), f"{english!r} has no Russian words"


def test_a_poster_is_drawn_and_a_pdf_made_while_their_jobs_run():
    with translation.override("en"):
        assert str(status_words(EndPoster, JobStatus.RUNNING)) == "Being drawn"
        assert str(status_words(ChronicleExport, JobStatus.RUNNING)) == "Being made"
        assert str(status_words(EndPoster, JobStatus.QUEUED)) == "Waiting for its turn"
        assert str(status_words(ChronicleExport, JobStatus.DONE)) == "Ready"


def test_a_card_says_where_it_is_with_the_game_it_happened_in():
    with translation.override("en"):
        assert str(CardState.DESTROYED.label) % {"n": 4} == "destroyed in game 4"
    assert CardState.IN_DECK == "in-deck"


@pytest.mark.parametrize("stock, label", [(s, label) for s, label, _n in box.BASE_STOCK], ids=str)
def test_every_stock_is_said_in_russian_by_the_page_that_shows_it(stock, label):
    """The box keeps a stock's English words; the pages translate them."""
    assert label and not re.search("[а-я]", label, re.I)
    with translation.override("ru"):
        assert re.search("[а-я]", gettext(label), re.I), f"{label!r} has no Russian"


@pytest.mark.parametrize("code", scar_effects.CODES)
def test_every_effect_on_the_dice_is_said_in_russian_by_the_page_that_shows_it(code):
    label = scar_effects.LABELS[code]
    assert label and not re.search("[а-я]", label, re.I)
    with translation.override("ru"):
        assert re.search("[а-я]", gettext(label), re.I), f"{label!r} has no Russian"
