"""The one error a player can reach: a request the rules of the box refuse."""

from __future__ import annotations


class RuleViolation(Exception):
    """A request the game's rules refuse.

    ``message`` is written for the players at the table; ``rule`` names the rule it breaks (a
    short, stable identifier the API and pages can show or test against); ``conflict`` marks a
    refusal caused by the state of things (a game already finished, a stale amendment) rather
    than by the request itself, which the API answers with 409 instead of 400.
    """

    def __init__(
        self,
        message: str,
        *,
        rule: str = "rule",
        field: str | None = None,
        conflict: bool = False,
    ):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.field = field
        self.conflict = conflict

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"RuleViolation({self.rule!r}, {self.message!r})"
