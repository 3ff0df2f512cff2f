"""The game page's quick log and card form, drawn for the writers of a game in play.

The forms a plain view of the page shows are empty: their fields depend only on what the
campaign holds (the seats, the world, the kinds of scar and mark, the decks), on the last missile
rolls of the log, on the reader's kind and on the language. The seats, the world and the kinds
change only with a write that bumps the campaign's marks version (an entry that places no mark
leaves it), so the forms are drawn once per marks version and rolls (``campaigns.versioned``),
and the next views of the page reuse the drawing, after most entries too; so is the card form,
which reads the decks (a card entered, drawn or destroyed bumps the marks version). A form
re-shown with its errors is drawn as it is. A test (or anything else) that asks an entry for its
``form`` gets it, built then. Each entry's button and form around its fields are drawn in Python
(``drawn_log_entry``), by the page and its live parts alike.
"""

from __future__ import annotations

from collections.abc import Callable

from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaigns.versioned import cached_read
from web.forms.decks import card_entry_form
from web.forms.table import FREQUENT
from web.views.common import each_address

FIELDS_TEMPLATE = "campaigns/_log_fields.html"


def drawn_fields(form) -> SafeString:
    """A form's errors and fields as the page draws them inside its ``<form>``."""
    return render_to_string(FIELDS_TEMPLATE, {"form": form})


def drawn_log_entry(entry, action: str, csrf_token: str) -> SafeString:
    """One entry of the quick log: a button (its summary) opening its short form in place, one
    open at a time, sent to ``action`` with the time it was made (set by the page as it is sent,
    kept with it when offline). Drawn in Python, not by a template per entry: the dozen of them
    were a fifteenth of the game page's time."""
    return format_html(
        '<details{} name="quick-log" class="log-entry" data-live="log-{}">'
        "<summary>{}</summary>"
        '<form method="post" action="{}" class="stack" data-live-post>'
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
        '<input type="hidden" name="made_at" value="">{}'
        '<button type="submit" class="primary">{}</button></form></details>',
        mark_safe(" open") if entry["open"] else "",
        entry["path"],
        entry["title"],
        action,
        csrf_token,
        entry["fields"],
        _("Note it"),
    )


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
    csrf_token: str,
) -> dict:
    """The page's ``log_forms`` (the frequent entries first: the first screen's buttons, then
    the others), ``more_open`` and the card form's ``card_form`` and ``card_fields``.
    ``build_forms()`` builds the quick log's empty forms; ``log_forms``, the form of a request
    re-shown with its errors, in place of its empty one (``open_log`` is the one to open).
    ``own_seat``: the reader's seat, where the forms start (drawn once per seat, and for none).
    ``facts``: the facts of the game's log (``campaigns.selectors.game_log.LogFacts``), whose
    missile rolls the forms offer. ``csrf_token``: the one each form is sent with."""
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
    action = each_address("campaigns:game_log", campaign.pk, game.number)
    for entry in entries:
        entry["drawn"] = drawn_log_entry(entry, action(entry["path"]), csrf_token)
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
