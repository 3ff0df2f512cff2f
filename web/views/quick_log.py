"""The game page's quick log and card form, drawn for the writers of a game in play.

The forms a plain view of the page shows are empty: their fields depend only on what the
campaign holds (the seats, the world, the kinds of scar and mark, the decks), on the last missile
rolls of the log, on the reader's kind and on the language. The seats, the world and the kinds
change only with a write that bumps the campaign's marks version (an entry that places no mark
leaves it), so the forms are drawn once per marks version and rolls (``campaigns.versioned``),
and the next views of the page reuse the drawing, after most entries too; the card form, which
reads the decks, once per version. A form re-shown with its errors is drawn as it is. A test
(or anything else) that asks an entry for its ``form`` gets it, built then.
"""

from __future__ import annotations

from collections.abc import Callable

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from campaigns.versioned import cached_read
from web.forms.decks import card_entry_form
from web.forms.table import FREQUENT

FIELDS_TEMPLATE = "campaigns/_log_fields.html"


def drawn_fields(form) -> SafeString:
    """A form's errors and fields as the page draws them inside its ``<form>``."""
    return render_to_string(FIELDS_TEMPLATE, {"form": form})


class LogEntry(dict):
    """One form of the quick log as the page draws it: ``kind``, ``path``, ``title``,
    ``fields`` (drawn), ``open`` and ``frequent``; its ``form`` is built when asked for."""

    def __init__(self, forms: Callable[[], dict], **items):
        super().__init__(**items)
        self._forms = forms

    def __missing__(self, key):
        if key != "form":
            raise KeyError(key)
        self["form"] = form = self._forms()[self["kind"]]
        return form


def _once(build: Callable[[], dict]) -> Callable[[], dict]:
    built: list[dict] = []

    def forms() -> dict:
        if not built:
            built.append(build())
        return built[0]

    return forms


def quick_log_context(
    access,
    game,
    seats,
    build_forms,
    *,
    facts,
    log_forms=None,
    open_log=None,
    latest=None,
    own_seat=None,
) -> dict:
    """The page's ``log_forms`` (the frequent entries first: the first screen's buttons, then
    the others), ``more_open`` and the card form's ``card_form`` and ``card_fields``.
    ``build_forms()`` builds the quick log's empty forms; ``log_forms``, the form of a request
    re-shown with its errors, in place of its empty one (``open_log`` is the one to open).
    ``own_seat``: the reader's seat, where the forms start (drawn once per seat, and for none).
    ``facts``: the facts of the game's log (``campaigns.selectors.game_log.LogFacts``), whose
    missile rolls the forms offer."""
    campaign = access.campaign
    forms = _once(lambda: {**build_forms(), **log_forms} if log_forms else build_forms())

    def drawn_log() -> list[tuple[str, str, str, SafeString]]:
        return [(k, f.path, str(f.title), drawn_fields(f)) for k, f in forms().items()]

    def drawn_cards() -> SafeString | None:
        form = card_entry_form(campaign.pk, seats, latest=latest)
        return drawn_fields(form) if form is not None else None

    kind_of_reader = (game.number, access.sees_unlocked, get_language(), own_seat)
    if log_forms:
        log = drawn_log()
    else:
        log = cached_read(
            campaign,
            "quick-log-forms",
            (*kind_of_reader, tuple(facts.rolls), facts.open_roll),
            drawn_log,
            versions=(campaign.marks_version,),
        )
    rank = {kind: i for i, kind in enumerate(FREQUENT)}
    entries = [
        LogEntry(
            forms,
            kind=kind,
            path=path,
            title=title,
            fields=fields,
            open=kind == open_log,
            frequent=kind in rank,
        )
        for kind, path, title, fields in log
    ]
    entries.sort(key=lambda entry: (not entry["frequent"], rank.get(entry["kind"], 0)))
    # The cards and where each is change only with a write that bumps the marks version (a
    # card entered, an entry of a card made or taken back, a game set up): an entry of another
    # kind leaves the form drawn.
    card_fields = cached_read(
        campaign,
        "card-form",
        (*kind_of_reader, latest),
        drawn_cards,
        versions=(campaign.marks_version,),
    )
    return {
        "log_forms": entries,
        "more_open": open_log is not None and open_log not in rank,
        "card_form": card_fields is not None,
        "card_fields": card_fields,
    }
