"""The game page's list of its latest entries: each entry worded for the reader (``word_entry``)
and drawn as the page lists it (``drawn_entries``)."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from campaigns import claims
from campaigns.game import event_words, late_entries


def word_entry(e, words, sees_unlocked: bool, campaign_id: int) -> None:
    """An entry's label, words, credit and reason taken back, as the log lists it."""
    e.label = event_words.kind_label(e.kind, sees_unlocked)
    e.text = event_words.event_text(e, words)
    e.credit = claims.credit_of(e, campaign_id)
    e.void_reason_text = event_words.void_reason_words(e.void_reason)
    e.status = late_entries.status_of(e)


def drawn_entries(entries, take_back=None) -> SafeString:
    """The log's entries as the game page lists them, one ``<li>`` each (worded by
    ``word_entry``): a taken-back entry struck out with who took it back and why, a late one
    marked as awaiting the table, each with its credit, and its undo where ``take_back`` (an
    entry's seq to its address) is given. Drawn in Python, not by a template loop: thirty entries
    were a tenth of the page's time."""
    items = []
    entered_by, take = _("entered by %(who)s"), _("take back")
    for e in entries:
        credit = (
            format_html(
                ' <span class="muted credit">· {}</span>', entered_by % {"who": e.credit.name}
            )
            if e.credit
            else ""
        )
        if e.voided:
            why = (
                _("taken back by %(who)s: %(why)s")
                % {"who": e.voided_by_name, "why": e.void_reason_text}
                if e.voided_by_name
                else _("taken back: %(why)s") % {"why": e.void_reason_text}
            )
            items.append(
                format_html(
                    '<li class="voided"><span class="tag">{}</span> <del>{}</del>{}'
                    ' <span class="muted">{}</span></li>',
                    e.label,
                    e.text,
                    credit,
                    why,
                )
            )
            continue
        items.append(
            format_html(
                '<li{}><span class="tag">{}</span> {}{}{}{}</li>',
                mark_safe(' class="awaiting"') if e.awaiting_confirmation else "",
                e.label,
                e.text,
                format_html(' <span class="tag">{}</span>', e.status.label)
                if e.awaiting_confirmation
                else "",
                credit,
                format_html(' <a class="small" href="{}">{}</a>', take_back(e.seq), take)
                if take_back
                else "",
            )
        )
    return mark_safe("".join(items))
