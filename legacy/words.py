"""Words of the box that a refusal speaks of, from a closed set (a reward's label, how a war
was won): English here, marked for the translators, said in the reader's language with the
rule's sentence around them (``legacy.wording.said``). Nothing here knows a language."""

from __future__ import annotations


class Words(str):
    """A phrase of the box's own, put into a rule's sentence as a name is: the English sentence
    has it as it is, and the reader's language has its translation."""

    __slots__ = ()
