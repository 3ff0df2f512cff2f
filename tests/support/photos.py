"""The photos a campaign stores: which files are in the folder."""

from __future__ import annotations


def stored_files(media) -> list[str]:
    return sorted(p.name for p in media.rglob("*") if p.is_file())
