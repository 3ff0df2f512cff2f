"""Every kind of entry of a game's log, by its ``EventKind``: the one list the replay, the
words, the marks, the recording and both doors read. It is found, not written: every module of
this package that defines ``ENTRY`` is a kind of entry, in the order ``EventKind`` declares
them. A new kind of entry is a new module in this package; no list is edited by hand."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

from campaigns.game import entries as package
from campaigns.game.entries.base import EntryKind
from campaigns.models import EventKind


def defines_entry(module: str) -> bool:
    """Whether the package's module ``module`` assigns ``ENTRY`` at its top level: read, not
    imported, so the package's own machinery (``recording`` reads this registry) is left out."""
    source = (Path(package.__path__[0]) / f"{module}.py").read_text(encoding="utf-8")
    return any(
        isinstance(node, ast.Assign | ast.AnnAssign)
        and any(
            isinstance(t, ast.Name) and t.id == "ENTRY"
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
        for node in ast.parse(source).body
    )


def found_entries() -> dict[str, EntryKind]:
    """Every ``ENTRY`` the package's modules define, keyed and ordered by ``EventKind``."""
    found: dict[str, EntryKind] = {}
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg or not defines_entry(module.name):
            continue
        defined = getattr(
            importlib.import_module(f"{package.__name__}.{module.name}"), "ENTRY", None
        )
        if isinstance(defined, EntryKind):
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
