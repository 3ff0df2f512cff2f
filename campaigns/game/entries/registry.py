"""Every kind of entry of a game's log, by its ``EventKind``: the one list the replay, the
words, the marks, the recording and both doors read. It is found, not written: every module of
this package but its machinery is a kind of entry and defines ``ENTRY``, in the order
``EventKind`` declares them. A new kind of entry is a new module in this package; no list is
edited by hand."""

from __future__ import annotations

import importlib
import pkgutil

from campaigns.game import entries as package
from campaigns.game.entries.base import EntryKind
from campaigns.models import EventKind

# The package's machinery: what every entry is made of, and what reads this registry
# (``recording``, which importing here would import in a circle). Every other module is an entry.
MACHINERY = frozenset({"base", "cards", "fields", "recording", "registry", "state"})


def found_entries() -> dict[str, EntryKind]:
    """Every ``ENTRY`` the package's modules define, keyed and ordered by ``EventKind``."""
    found: dict[str, EntryKind] = {}
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg or module.name in MACHINERY:
            continue
        defined = getattr(
            importlib.import_module(f"{package.__name__}.{module.name}"), "ENTRY", None
        )
        if not isinstance(defined, EntryKind):
            raise ImportError(f"The entry module {module.name} defines no ENTRY.")
        if defined.kind in found:
            raise ImportError(f"Two modules define the entry {defined.kind}.")
        found[defined.kind] = defined
    return {kind: found[kind] for kind in EventKind if kind in found}


ENTRIES: dict[str, EntryKind] = found_entries()


def entry(kind: str) -> EntryKind:
    """The kind of entry ``kind`` (an ``EventKind`` or its value)."""
    return ENTRIES[EventKind(kind)]


# The entries that decide whether a seat is out of the war; nothing else moves ``out``.
OUT_KINDS = tuple(k for k, e in ENTRIES.items() if e.moves_out)
# The entries that move a seat's red stars or put it out: what decides whether the war is won.
DECISIVE_KINDS = tuple(k for k, e in ENTRIES.items() if e.decisive)
# The entries the packet triggers read: missiles on a roll, and a big recruitment while holding
# a missile (a seat's missiles move only with its start and its missile entries).
TRIGGER_KINDS = tuple(k for k, e in ENTRIES.items() if e.read_by_triggers)
# The entries the table records through ``recording.record_entry``.
RECORDED = tuple(k for k, e in ENTRIES.items() if e.record is not None)
