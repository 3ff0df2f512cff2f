"""What an entry's parameters are, in words any door reads: a player or a card (a database
id), a whole number within bounds, a flag, a text of at most so many characters, a slug, a list
of slugs, a count per player. Each parameter of an entry's dataclass is declared with one of
these (``dataclasses.field`` with the ``Shape`` in its metadata): the API builds the body it
takes from them (``api.serializers.entries``), so a new kind of entry touches no API file.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any

SHAPE = "shape"  # the metadata key of a parameter's shape


class Of(Enum):
    """What a parameter holds."""

    ID = "id"  # a database id: a player, a card
    WHOLE = "whole"  # a whole number within bounds
    FLAG = "flag"  # true or false
    TEXT = "text"  # a text of at most ``length`` characters
    SLUG = "slug"  # a short name of a kind, a territory, a scar (40 characters)
    SLUGS = "slugs"  # a list of at most ``length`` texts of ``item_length`` characters each
    PER_PLAYER = "per-player"  # a whole number within bounds for each player, by player id


class _Nothing:
    def __repr__(self) -> str:
        return "NOTHING"


NOTHING: Any = _Nothing()  # no default: the parameter must be given


@dataclass(frozen=True)
class Shape:
    """One parameter as a door takes it. ``required``: it must be given; ``null``: it may be
    null (no value); ``blank``: a text may be empty; ``default``: what a door gives when it is
    left out, shown in the API's schema (``NOTHING``: none)."""

    of: Of
    help: str = ""
    required: bool = True
    null: bool = False
    blank: bool = False
    default: Any = NOTHING
    low: int | None = None
    high: int | None = None
    length: int | None = None
    item_length: int | None = None


def _field(shape: Shape, *, default: Any = NOTHING) -> Any:
    """A dataclass field with its shape (``default``: the dataclass's, when left out)."""
    if default is NOTHING:
        return dataclasses.field(metadata={SHAPE: shape})
    return dataclasses.field(default=default, metadata={SHAPE: shape})


def _left_out(optional: bool, default: Any) -> dict[str, Any]:
    """A parameter the table may leave out: null, or its default."""
    if default is not NOTHING:
        return {"required": False, "default": default}
    return {"required": not optional, "null": optional}


def an_id(help: str = "", *, optional: bool = False) -> Any:
    """A database id (a player, a card); ``optional``: it may be left out or null."""
    return _field(Shape(Of.ID, help, **_left_out(optional, NOTHING)), default=_none(optional))


def player(help: str = "", *, optional: bool = False) -> Any:
    """A player's id (a seat of the game, when the entry says so)."""
    return an_id(help, optional=optional)


def whole(
    low: int, high: int, help: str = "", *, optional: bool = False, default: Any = NOTHING
) -> Any:
    """A whole number from ``low`` to ``high``."""
    shape = Shape(Of.WHOLE, help, low=low, high=high, **_left_out(optional, default))
    return _field(shape, default=default if default is not NOTHING else _none(optional))


def flag(help: str = "", *, default: bool = False) -> Any:
    """True or false, ``default`` when left out."""
    return _field(Shape(Of.FLAG, help, required=False, default=default), default=default)


def text(
    length: int,
    help: str = "",
    *,
    optional: bool = False,
    blank: bool = False,
    default: Any = NOTHING,
) -> Any:
    """A text of at most ``length`` characters; ``blank``: it may be empty."""
    shape = Shape(Of.TEXT, help, blank=blank, length=length, **_left_out(optional, default))
    return _field(shape, default=default if default is not NOTHING else _none(optional))


def slug(help: str = "") -> Any:
    """The slug of something the campaign knows (a scar type, a kind of mark)."""
    return _field(Shape(Of.SLUG, help))


def slugs(item_length: int, most: int, help: str = "") -> Any:
    """A list of at most ``most`` slugs of ``item_length`` characters; empty when left out."""
    shape = Shape(
        Of.SLUGS, help, required=False, default=list, length=most, item_length=item_length
    )
    return _field(shape, default=())


def per_player(low: int, high: int, help: str = "") -> Any:
    """A whole number from ``low`` to ``high`` for each player, keyed by player id."""
    return _field(Shape(Of.PER_PLAYER, help, low=low, high=high))


def _none(optional: bool) -> Any:
    return None if optional else NOTHING


def shapes(params: type) -> dict[str, Shape]:
    """The shape of each parameter of ``params`` (an entry's dataclass), in its order."""
    found = {}
    for f in dataclasses.fields(params):
        shape = f.metadata.get(SHAPE)
        if shape is None:
            raise TypeError(f"{params.__name__}.{f.name} says nothing of its shape.")
        found[f.name] = shape
    return found
