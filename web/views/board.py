"""What packets added to the board, on the packets page: the list, and the form adding one."""

from __future__ import annotations

from campaigns.vocabulary import HIDDEN
from legacy.selectors import board_as_of_game
from web.access import Access
from web.forms.board import AddTerritoryForm
from web.names import territory_name


def board_context(access: Access, form: AddTerritoryForm | None = None) -> dict:
    """The territories packets added (their names a placeholder for a reader from whom the
    campaign hides what its packets unlocked) and, for writers, the form adding one."""
    grown = board_as_of_game(access.campaign.pk)
    names = {t.slug: t.name for t in grown.added}

    def name(slug: str) -> str:
        if slug in names:
            return names[slug] if access.sees_unlocked else HIDDEN
        return territory_name(slug)

    added = [
        {
            "name": name(t.slug),
            "game": t.added_in,
            "coins": t.coins,
            "continent": t.continent,
            "neighbors": sorted(name(n) for n in grown.neighbors(t.slug)),
        }
        for t in grown.added
    ]
    if form is None and access.can_write:
        form = AddTerritoryForm(on=grown, prefix="board")
    return {"added_territories": added, "board_form": form}
