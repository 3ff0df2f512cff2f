"""The end poster of a campaign: once the world is named, the final board with the world's name
and the winners of the games, drawn by a Celery task (``campaigns.tasks.render_poster``) and
kept privately, served only behind the campaign's access rules.

The file is named by the hash of what it shows (``posters/<hash>.png``), like the board
pictures, so the poster of the world as it stands is either stored or not. Reading it asks for
it when it is missing (a correction after the naming changed the board, say): the task draws it,
once, whoever asks how often (``campaigns.pictures.poster_requests``). The campaign's
``EndPoster`` row (a background job, ``campaigns.jobs``) says how its drawing stands, as the
chronicle's PDF job does: queued, drawing, done, or failed with the reason (a ``JobFailure``
code; the words are made when it is read). The snapshot sweep never touches this folder.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import asdict, dataclass

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db.models import Max
from django.utils import timezone

from campaigns.game.derived import factions_of
from campaigns.jobs.work import claim, finish
from campaigns.models import (
    Campaign,
    EndPoster,
    GameStatus,
    JobStatus,
    Result,
    Seat,
)
from campaigns.pictures.state import canonical_json, picture_for
from legacy import names
from legacy.drawing import BoardPicture
from legacy.errors import RuleViolation
from legacy.models import WorldName
from legacy.poster import WIDTH, WINNERS_SHOWN, PosterText, Winner, poster_text, render_poster
from legacy.refusals import ServiceRule

logger = logging.getLogger(__name__)

FOLDER = "posters"
VERSION = 1  # bump when the poster's drawing changes


@dataclass(frozen=True)
class Poster:
    """What the poster of a campaign shows, and the name of its stored file."""

    campaign_id: int
    world_name: str
    winners: tuple[Winner, ...]
    text: PosterText  # in the campaign's language, as drawn
    name: str
    picture: BoardPicture  # the final board
    world_number: str = ""  # the box's printed world number, when the group entered it

    def text_in(self, language: str) -> PosterText:
        """The poster's words in another language (a page's reader's)."""
        return poster_text(self.world_name, self.winners, language, self.world_number)

    @property
    def stored(self) -> bool:
        return default_storage.exists(self.name)


def not_named_yet() -> RuleViolation:
    return RuleViolation(ServiceRule.POSTER_AFTER_WORLD_NAMED, conflict=True)


def poster_of(campaign_id: int) -> Poster | None:
    """The poster of the campaign as the world stands, or None before the world is named."""
    named = (
        WorldName.objects.filter(campaign_id=campaign_id)
        .current()
        .values_list("name", flat=True)
        .first()
    )
    if named is None:
        return None
    language, number = Campaign.objects.filter(pk=campaign_id).values_list(
        "language", "world_number"
    ).first() or ("en", "")
    last = (
        Seat.objects.filter(
            game__campaign_id=campaign_id, game__status=GameStatus.FINISHED
        ).aggregate(n=Max("game__number"))["n"]
        or 0
    )
    factions = factions_of(campaign_id)
    winners = [
        Winner(
            game=number,
            name=player,
            faction=names.faction(slug, language)
            if not (slug in factions and factions[slug].unlocked)
            else factions[slug].name,
        )
        for number, player, slug in Seat.objects.filter(
            game__campaign_id=campaign_id,
            game__status=GameStatus.FINISHED,
            result=Result.WON,
        )
        .order_by("game__number")
        .values_list("game__number", "player__name", "faction")[:WINNERS_SHOWN]
    ]
    text = poster_text(named, winners, language or "en", number)
    picture = picture_for(campaign_id, last)
    body = json.dumps(
        {
            "version": VERSION,
            "width": WIDTH,
            "text": asdict(text),
            "picture": json.loads(canonical_json(picture)),
        },
        sort_keys=True,
        ensure_ascii=False,
    )
    key = hashlib.sha256(body.encode("utf-8")).hexdigest()
    return Poster(campaign_id, named, tuple(winners), text, f"{FOLDER}/{key}.png", picture, number)


def status_of(campaign_id: int, poster: Poster) -> EndPoster | None:
    """The row of ``poster`` (the world as it stands), or None when none was asked for it: the
    campaign's row, if it is about another poster, tells of a world since changed."""
    row = EndPoster.objects.filter(campaign_id=campaign_id).first()
    return row if row is not None and row.name == poster.name else None


def record(campaign_id: int, name: str, status: str) -> None:
    """Write that the poster ``name`` is asked for (queued) or stored (done) on the campaign's
    row; a new name (a changed world) starts the row again."""
    done = status == JobStatus.DONE
    EndPoster.objects.update_or_create(
        campaign_id=campaign_id,
        defaults={
            "name": name,
            "status": status,
            "failure": "",
            "finished_at": timezone.now() if done else None,
        },
    )


def draw_poster(campaign_id: int) -> str:
    """Draw and store the campaign's poster, saying how it stands on the campaign's row; how it
    ended: "drawn", "stored" (it was already), "not-named", or "skipped" (failed meanwhile, or
    overtaken). A failure is raised (the task records it, once it is not retried)."""
    poster = poster_of(campaign_id)
    if poster is None:
        return "not-named"
    if poster.stored:
        record(campaign_id, poster.name, JobStatus.DONE)
        return "stored"
    row = status_of(campaign_id, poster)
    if row is None:  # the world changed since it was asked for: this is the poster now
        record(campaign_id, poster.name, JobStatus.QUEUED)
        row = status_of(campaign_id, poster)
    assert row is not None  # recorded just above
    attempt = claim(row)
    if attempt is None:
        return "skipped"
    saved = default_storage.save(
        poster.name, ContentFile(render_poster(poster.picture, poster.text, WIDTH))
    )
    if saved != poster.name:  # drawn twice at once: one file is enough
        default_storage.delete(saved)
    return "drawn" if finish(EndPoster, row.pk, attempt) else "skipped"
