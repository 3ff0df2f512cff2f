"""The board pictures a campaign stores: which files are in the folder, and the API addresses
that read a picture's status and its image."""

from __future__ import annotations


def stored_files(media) -> list[str]:
    folder = media / "snapshots"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def url(campaign, game=1, share=None):
    address = f"/api/v1/campaigns/{campaign.pk}/snapshots/?as_of_game={game}"
    return address + (f"&share={share}" if share else "")


def image(campaign, game=1, share=None):
    return url(campaign, game, share).replace("/snapshots/?", "/snapshots/image/?")


def body_of(response) -> bytes:
    return b"".join(response.streaming_content)
