"""A group that played before Earthbook: its roster, its winners' section, and its campaign
waiting to be brought in, as the pages, the API and the browser tests of bringing in share."""

from __future__ import annotations

from campaigns import services
from campaigns.bring_in import bring_in

ROSTER = ["Ada", "Boris", "Chloe", "Dmitri", "Esme"]

# Seven games' winners as the winners' section says them: Ada won 3, Boris 2, Chloe and Dmitri
# 1 each, Esme none.
SEVEN_WINNERS = (
    (1, "Ada", "khan-industries", "Khan Industries"),
    (2, "Boris", "die-mechaniker", "Die Mechaniker"),
    (3, "Ada", "enclave-of-the-bear", "Enclave of the Bear"),
    (4, "Chloe", "imperial-balkania", "Imperial Balkania"),
    (5, "Ada", "saharan-republic", "The Saharan Republic"),
    (6, "Boris", "khan-industries", "Khan Industries"),
    (7, "Dmitri", "die-mechaniker", "Die Mechaniker"),
)
SEVEN_WINNERS_PASTED = "\n".join(f"{n}, {who}, {name}" for n, who, _, name in SEVEN_WINNERS)


def to_bring_in(owner, games: int, name: str = "Old Earth"):
    """A new campaign of ``owner``'s, its group having played ``games`` games before."""
    return services.create_campaign(owner=owner, name=name, players=ROSTER, brought_in_games=games)


def with_winners(campaign, owner, games: int = 7):
    """The first ``games`` games of ``SEVEN_WINNERS`` brought in."""
    bring_in(
        campaign=campaign,
        games=[
            {"number": n, "winner": who, "faction": faction}
            for n, who, faction, _ in SEVEN_WINNERS[:games]
        ],
        by=owner,
    )
    return campaign
