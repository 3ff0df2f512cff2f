"""What every rule of a refusal is: a stable slug and one sentence, with its names as
``%(name)s``. The sentence is English here, marked for the translators; the doors say it in
the reader's language (``legacy.wording.said``). Nothing here knows a language."""

from __future__ import annotations

from enum import StrEnum


def gettext_noop(sentence: str) -> str:
    """Marks a sentence for the translators (``makemessages`` finds it by this name); the doors
    translate it when a refusal is read."""
    return sentence


class Refusal(StrEnum):
    """A rule a refusal can name: its value is the stable slug (the API's ``rule``), its
    ``template`` the one sentence. Each area of the game lists its rules in an enum of its own
    (``legacy.refusals``)."""

    template: str

    def __new__(cls, slug: str, template: str) -> Refusal:
        member = str.__new__(cls, slug)
        member._value_ = slug
        member.template = template
        return member
