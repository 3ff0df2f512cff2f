"""What the background jobs made and the members added, as the doors read it: photos of the
real board, board pictures, chronicle PDFs, backup imports, and the notes of a game.

Each function is the one read the pages or the API make, in the same number of queries.
"""

from __future__ import annotations

from collections.abc import Iterable

from campaigns.models import (
    ChronicleExport,
    Game,
    GameNote,
    GamePhoto,
    ImportJob,
    JobStatus,
    Snapshot,
)


def photos_of(game: Game, *, with_game: bool = False) -> list[GamePhoto]:
    """A game's photos, oldest first, with who uploaded them (and their game)."""
    related = ("uploaded_by", "game") if with_game else ("uploaded_by",)
    return list(
        GamePhoto.objects.filter(game=game).select_related(*related).order_by("created_at", "id")
    )


def photo(game: Game, photo_id: int) -> GamePhoto | None:
    return GamePhoto.objects.filter(pk=photo_id, game=game).select_related("uploaded_by").first()


def photo_afresh(photo_id: int) -> GamePhoto:
    """A photo read again after it was added, with who uploaded it and its game."""
    return GamePhoto.objects.select_related("uploaded_by", "game").get(pk=photo_id)


def prepared_photos(games: Iterable[Game]) -> list[GamePhoto]:
    """The photos of ``games`` whose copies are made, oldest first, with who uploaded them."""
    return list(
        GamePhoto.objects.filter(game__in=games, status=JobStatus.DONE)
        .select_related("uploaded_by")
        .order_by("created_at", "id")
    )


def snapshot(campaign_id: int, game_number: int) -> Snapshot | None:
    """The board picture of a game (``Snapshot.TIMELINE``: the timeline), if one was asked."""
    return Snapshot.objects.filter(campaign_id=campaign_id, game_number=game_number).first()


def asked_snapshot(campaign_id: int, game_number: int) -> Snapshot:
    """The board picture just asked for: its row is there."""
    return Snapshot.objects.get(campaign_id=campaign_id, game_number=game_number)


def drawn_snapshots(campaign_id: int, numbers: Iterable[int]) -> dict[int, Snapshot]:
    """The board pictures drawn of the games ``numbers``, by game number."""
    rows = Snapshot.objects.filter(
        campaign_id=campaign_id, game_number__in=numbers, status=JobStatus.DONE
    )
    return {row.game_number: row for row in rows}


def chronicle_export(campaign_id: int, job_id: int) -> ChronicleExport | None:
    return ChronicleExport.objects.filter(campaign_id=campaign_id, pk=job_id).first()


def import_job(job_id: int, owner) -> ImportJob | None:
    """A backup import, for the account that started it only."""
    return ImportJob.objects.filter(pk=job_id, owner=owner).first()


def note(game: Game, note_id: int) -> GameNote | None:
    """One note of a game, with its game and author."""
    return GameNote.objects.filter(pk=note_id, game=game).select_related("game", "author").first()
