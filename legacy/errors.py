"""The one error a player can reach: a request the rules of the box refuse.

A refusal is data: the rule it names (a member of one of the enums in ``legacy.refusals``) and
the names it speaks of (``params``). The doors say its sentence in the reader's language when
they answer (``legacy.wording.said``). Nothing here knows a language.
"""

from __future__ import annotations

from legacy.refusals import Refusal


class RuleViolation(Exception):
    """A request the game's rules refuse.

    ``rule`` is the rule it breaks (its value is the short, stable slug the API and pages
    show and tests compare with); ``params`` are the names its sentence speaks of; ``field``
    names the input at fault; ``conflict`` marks a refusal caused by the state of things (a game
    already finished, a stale amendment) rather than by the request itself, which the API
    answers with 409 instead of 400. ``message`` is the sentence in English, for the logs.
    """

    def __init__(
        self,
        rule: Refusal,
        /,
        *,
        field: str | None = None,
        conflict: bool = False,
        **params: object,
    ):
        if not isinstance(rule, Refusal):
            raise TypeError(f"A refusal names its rule, not a sentence: {rule!r}")
        self.rule: str = rule
        self.template: str = rule.template
        message = rule.template % params if params else rule.template
        super().__init__(message)
        self.message = message
        self.params = params
        self.field = field
        self.conflict = conflict

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"RuleViolation({self.rule!r}, {self.message!r})"
