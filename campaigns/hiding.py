"""Hidden means hidden: what the opened packets unlocked, kept from readers who may not see it.

When a campaign hides what its packets unlocked (``Campaign.hide_unlocked_content``), a viewer, a
share-link reader and a visitor of a public campaign (``campaigns.access.sees_unlocked`` false)
never read a name or a text the group entered for it: not in a page, the board, an API answer,
a stored event's summary or data, the audit trail or a correction.

This is one step, applied where reads leave the product (every API answer in ``api.views.common``,
every campaign page in ``web.views.common``), not a check in each view:

* ``Secrets.load(campaign_id)`` reads, in one query, every word the group entered for something a
  packet unlocked: each row of ``SOURCES`` (a scar type or kind of mark that is not in the base
  box, a power or a piece of content whose ``unlocked_by``/``opening`` is a packet, the trigger
  the group wrote down when opening one...), with the placeholder that stands for it;
* ``Secrets.scrub`` replaces them in JSON-like data (keys and values), ``Secrets.scrub_markup``
  in an HTML or SVG document (in its text and attribute values, never in its tags).

A name becomes a neutral placeholder in the reader's language ("an unlocked scar"), a text
"(hidden by the campaign's owner)", and a slug (a scar type's ``mercenaries``, which spells its
name) an opaque ``unlocked-scar-1``. Names and slugs are looked for in one pass: where found
secrets overlap (a hidden territory "vorn" inside the name "Kelpiq vorn", "Atlantis Deep" and
"Deep Sea" in "Atlantis Deep Sea"), all of them goes under what stands for the longest, so no
part of one is left to read. Names are matched as whole words whatever their case, so a
name the group gave that is also an ordinary word of a page is hidden there too: hiding errs on
the side of hiding. They are matched by meaning, not by bytes: the secret and the text it is
looked for in are both folded (``fold``: NFKD, case folded, without combining marks or invisible
characters, a dotless i as i), so "Große" is found in a board's label "GROSSE", "İzmir" in
"IZMIR", "ﬁeld" in "field", a Greek final sigma in its capital. A slug is also looked for as an
address spells it ("%C3%9F" for "ß"). A secret of one or two characters, or without a letter (a
mark's label "2"), is replaced only where it is a whole value of an API answer, never inside a
text or a page, where it would hit the board's numbers (the pages hide such labels themselves).

A World Capital (founding one is what a packet allows) and an unlocked faction's own colour are
unlocked content too, but not words the scrub can find: the reads put them right themselves.
``world_as_read`` gives a hidden reader a world whose World Capitals are minor cities under their
names (the board, the territory page, the world in the API), ``audit_as_read`` leaves the audit's
World Capital entries out, and a city's kind "capital" is a whole value ``Secrets.scrub`` answers
as "minor", an entry's kind "capital-founded" as "city-founded" (``CITY_FOUNDED``, the "City
founded" of the pages). The calculators (recruitment, starts, odds) count from ``world_as_read``
too: to such a reader a World Capital's population is a minor city's. No class or id of a page
spells a group's words (a scar type of the group's is ``scar-other``, an unlocked faction
``faction-unlocked``): the scrub looks for names as they are escaped in text, not for the slugs
markup would have to escape.

New kinds of unlocked content add a ``Source`` to ``SOURCES`` (and a placeholder to
``PLACEHOLDERS``); the walk test (``tests/hiding``) then checks them on every read.
"""

from __future__ import annotations

import html
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import accumulate
from urllib.parse import quote

from django.db.models import CharField, F, Q, QuerySet, Value
from django.utils.translation import gettext_lazy as _

from campaigns.models import EventKind
from campaigns.vocabulary import AuditAction
from legacy import rules
from legacy.board import BOX, TERRITORY_BY_SLUG, Board, slugify
from legacy.box import CAPITAL_CITY, MINOR_CITY, Stock
from legacy.errors import RuleViolation
from legacy.models import (
    AddedTerritory,
    ContentKind,
    DeckCard,
    FactionPower,
    MarkKind,
    OtherMark,
    PacketOpening,
    RuleSticker,
    ScarKind,
    SealedComponent,
    UnlockedContent,
    UnlockedFaction,
)
from legacy.refusals import TableRule
from legacy.world import World

# What stands for a hidden name, by the kind of thing it names; "text" stands for any text.
PLACEHOLDERS = {
    "scar": _("an unlocked scar"),
    "mark": _("an unlocked kind of mark"),
    "power": _("an unlocked power"),
    "faction": _("an unlocked faction"),
    "territory": _("an added territory"),
    "content": _("unlocked content"),
    "text": _("(hidden by the campaign's owner)"),
}

# The kind of the entry that founded a World Capital, and the kind a reader the campaign hides
# World Capitals from reads instead (a city founded; the entry's words say the same).
CITY_FOUNDED = "city-founded"

# Lines of a text shorter than this are not looked for on their own (the whole text still is).
MIN_LINE = 4
# Secrets shorter than this are hidden only where they stand alone (``_strong``).
MIN_WORD = 3


@dataclass(frozen=True)
class Source:
    """Where one kind of unlocked words is stored. ``rows(campaign_id)`` is a queryset of the
    campaign's rows that a packet unlocked; ``name``, ``text`` and ``slug`` are the fields (or
    "" for none) whose words are hidden. The name is replaced by ``PLACEHOLDERS[kind]``, the text
    by ``PLACEHOLDERS["text"]``, the slug (and the name's own slug, which spells it) by
    ``unlocked-<kind>-<n>``."""

    kind: str
    rows: Callable[[int], QuerySet]
    name: str
    text: str = ""
    slug: str = ""


def not_in_the_box(model, campaign_id: int) -> QuerySet:
    """The campaign's rows of a kind (scar type, kind of mark...) that the base box does not
    print: those with ``base`` false, when the model says which are the box's; all of them
    otherwise (every kind of mark is one the group entered)."""
    rows = model.objects.filter(campaign_id=campaign_id)
    if any(f.name == "base" for f in model._meta.get_fields()):
        rows = rows.filter(base=False)
    return rows


# The placeholder of each kind of unlocked content the group entered (the rest: "content").
CONTENT_KINDS = {
    ContentKind.SCAR_TYPE: "scar",
    ContentKind.MARK_KIND: "mark",
    ContentKind.POWER: "power",
    ContentKind.FACTION: "faction",
}

SOURCES: list[Source] = [
    Source("scar", lambda c: not_in_the_box(ScarKind, c), "name", "text", "slug"),
    Source("mark", lambda c: not_in_the_box(MarkKind, c), "name", "text", "slug"),
    Source(
        "power",
        # Every power the group entered (``campaigns.game.factions.is_unlocked_content``): one
        # a packet unlocked, or one placed on a faction card, an unlocked faction's too.
        lambda c: FactionPower.objects.filter(campaign_id=c).filter(
            Q(unlocked_by__isnull=False) | ~Q(slot="starting")
        ),
        "name",
        "text",
        "code",
    ),
    *(
        Source(
            key,
            lambda c, kind=kind: UnlockedContent.objects.filter(campaign_id=c, kind=kind),  # type: ignore[misc]  # a default binds the kind
            "title",
            "text",
        )
        for kind, key in CONTENT_KINDS.items()
    ),
    Source(
        "content",
        lambda c: UnlockedContent.objects.filter(campaign_id=c).exclude(kind__in=CONTENT_KINDS),
        "title",
        "text",
    ),
    # Sealed components the group found and named, and the rule stickers it pasted in.
    Source(
        "content",
        lambda c: SealedComponent.objects.filter(campaign_id=c),
        "name",
        "trigger",
        "slug",
    ),
    Source("content", lambda c: RuleSticker.objects.filter(campaign_id=c), "title", "text"),
    # Factions the group unlocked (from a packet, or added between games as a packet said).
    Source(
        "faction", lambda c: UnlockedFaction.objects.filter(campaign_id=c), "name", "text", "slug"
    ),
    # Event and mission cards: every one came from a packet.
    Source("content", lambda c: DeckCard.objects.filter(campaign_id=c), "title", "text"),
    Source("text", lambda c: PacketOpening.objects.filter(campaign_id=c), "trigger"),
    Source("text", lambda c: OtherMark.objects.filter(campaign_id=c), "label"),
    # Territories a packet added to the board, named in the group's words.
    Source("territory", lambda c: AddedTerritory.objects.filter(campaign_id=c), "name", "", "slug"),
]


def _column(field: str):
    return F(field) if field else Value("", output_field=CharField())


def _rows(campaign_id: int) -> Iterable[tuple[int, str, str, str]]:
    """(source index, name, text, slug) of every source's rows, in one query."""
    queries = [
        source.rows(campaign_id)
        .order_by()
        .annotate(
            hidden_source=Value(str(i), output_field=CharField()),
            hidden_name=_column(source.name),
            hidden_text=_column(source.text),
            hidden_slug=_column(source.slug),
        )
        .values_list("hidden_source", "hidden_name", "hidden_text", "hidden_slug")
        for i, source in enumerate(SOURCES)
    ]
    union = queries[0].union(*queries[1:], all=True)
    return sorted(((int(i), n or "", t or "", s or "") for i, n, t, s in union))


def _text_parts(text: str) -> list[str]:
    """A text, and each of its lines and paragraphs (a page may show them apart)."""
    parts = [text.strip()]
    parts += [line.strip() for line in text.splitlines() if len(line.strip()) >= MIN_LINE]
    return parts


def _escaped(text: str) -> set[str]:
    """The spellings of ``text`` in an HTML or SVG document."""
    return {
        html.escape(text, quote=True),
        html.escape(text, quote=False),
        html.escape(text, quote=True).replace("&#x27;", "&#39;"),
    }


def _strong(secret: str) -> bool:
    """Is ``secret`` looked for inside longer texts? A very short one, or one without a letter
    (a label "2"), would hit ordinary numbers and words of every page: it is hidden only where
    it is a whole value of an API answer."""
    return len(secret) >= MIN_WORD and any(c.isalpha() for c in secret)


class _FoldTable(dict):
    """Each character's folded spelling, worked out the first time it is met."""

    def __missing__(self, code: int) -> str:
        decomposed = unicodedata.normalize(
            "NFKD", unicodedata.normalize("NFKD", chr(code)).casefold()
        )
        folded = "".join(c for c in decomposed if unicodedata.category(c) not in DROPPED)
        self[code] = folded.replace("\u0131", "i")  # a dotless i ("ı"), whose capital is I
        return self[code]


# Combining marks and invisible characters (a soft hyphen, a zero-width joiner): a reader does
# not see them apart from the letters they sit on.
DROPPED = {"Mn", "Me", "Cf"}
_FOLD = _FoldTable()


def fold(text: str) -> str:
    """``text`` as hiding compares it: compatibility characters decomposed ("ﬁ" is "fi", "ſ" is
    "s"), case folded ("ß" is "ss", a final sigma a sigma), without combining marks or invisible
    characters ("İ" is "i", "é" is "e"), a dotless i as i. A text and its capitals fold alike."""
    return text.translate(_FOLD)


def _spans(text: str, pattern: re.Pattern | None, folded: bool) -> list[tuple[int, int, str]]:
    """``(start, end, secret)`` of every secret of ``pattern`` in ``text``, in ``text``'s own
    positions, overlapping ones too: at each place a secret starts, the longest that starts
    there. ``folded``: the secrets are looked for in ``fold(text)``; the characters of ``text``
    that folded into one are its span, with the marks that follow them."""
    if pattern is None:
        return []
    found = [
        (m.start(1), m.end(1), m.group(1)) for m in pattern.finditer(fold(text) if folded else text)
    ]
    if not found or not folded:
        return found
    ends = list(accumulate(len(_FOLD[ord(c)]) for c in text))  # after each character, folded
    return [
        (
            bisect_right(ends, start),
            max(bisect_left(ends, end) + 1, bisect_right(ends, end)),
            secret,
        )
        for start, end, secret in found
    ]


def _replace_spans(text: str, spans: list[tuple[int, int, str]]) -> str:
    """``text`` with each ``(start, end, replacement)`` span replaced. Spans that overlap (a
    secret inside or across another, a slug inside a name) are one: all of it goes, replaced by
    what stands for the longest of them."""
    if not spans:
        return text
    out, at = [], 0
    group: list = []  # [start, end, replacement, length of the longest]
    for start, end, replacement in sorted(spans, key=lambda s: (s[0], -s[1])):
        if group and start < group[1]:
            if end - start > group[3]:
                group[2], group[3] = replacement, end - start
            group[1] = max(group[1], end)
            continue
        if group:
            out += [text[at : group[0]], group[2]]
            at = group[1]
        group = [start, end, replacement, end - start]
    out += [text[at : group[0]], group[2], text[group[1] :]]
    return "".join(out)


class Secrets:
    """The words to hide in one campaign, each with what stands for it."""

    # Whole values of an API answer that tell a World Capital (unlocked content): a city's kind,
    # the kind of the entry that founded one.
    VALUES = {CAPITAL_CITY: MINOR_CITY, EventKind.WORLD_CAPITAL_FOUNDED: CITY_FOUNDED}

    def __init__(self, names: dict[str, str], slugs: dict[str, str]):
        # names: secret (folded) -> placeholder key ("scar", "text"...);
        # slugs: slug (and its spelling in an address, "%C3%9F" for "ß") -> the opaque slug
        # that stands for it; matched as written, case and all.
        self.names: dict[str, str] = {}
        for secret, key in names.items():
            if fold(secret).strip():
                self.names.setdefault(fold(secret).strip(), key)
        self.slugs = {k: v for k, v in slugs.items() if k.strip()}
        for slug, opaque in list(self.slugs.items()):
            self.slugs.setdefault(quote(slug, safe=""), opaque)
            self.slugs.setdefault(quote(slug, safe="").lower(), opaque)
        self._plain = _matcher([k for k in self.names if _strong(k)])
        self._slug = _matcher([k for k in self.slugs if _strong(k)])
        self._markup_keys: dict[str, str] = {}
        for secret, key in self.names.items():
            for spelling in _escaped(secret):
                self._markup_keys.setdefault(fold(spelling), key)
        self._markup = _matcher([k for k in self._markup_keys if _strong(k)])

    @classmethod
    def load(cls, campaign_id: int) -> Secrets:
        names: dict[str, str] = {}
        slugs: dict[str, str] = {}
        counts: dict[str, int] = {}
        texts = []
        for i, name, text, slug in _rows(campaign_id):
            kind = SOURCES[i].kind
            # A name's slug spells it too (a faction's, the address of a scar type...).
            for found in {slug, slugify(name.strip())[:40] if kind != "text" else ""} - {""}:
                if found not in slugs:
                    counts[kind] = counts.get(kind, 0) + 1
                    slugs[found] = f"unlocked-{kind}-{counts[kind]}"
            if name.strip():
                names.setdefault(fold(name).strip(), kind)
            if text.strip():
                texts.append(text)
        for text in texts:
            for part in _text_parts(text):
                names.setdefault(fold(part), "text")
        return cls(names, slugs)

    def __bool__(self) -> bool:
        return bool(self.names or self.slugs)

    def _placeholder(self, key: str) -> str:
        return str(PLACEHOLDERS.get(key, PLACEHOLDERS["text"]))

    def _slug_spans(self, text: str) -> list[tuple[int, int, str]]:
        return [(a, b, self.slugs[slug]) for a, b, slug in _spans(text, self._slug, False)]

    def scrub_text(self, text: str) -> str:
        """A plain text (a value of an API answer) with every secret replaced; a short secret
        only when it is the whole value."""
        bare = text.strip()
        if bare in self.VALUES:
            return self.VALUES[bare]
        if bare in self.slugs:
            return self.slugs[bare]
        if fold(bare).strip() in self.names:
            return self._placeholder(self.names[fold(bare).strip()])
        names = [
            (a, b, self._placeholder(self.names.get(secret, "text")))
            for a, b, secret in _spans(text, self._plain, True)
        ]
        return _replace_spans(text, self._slug_spans(text) + names)

    def scrub(self, value):
        """``value`` (JSON-like data: dicts, lists, strings...) with every secret replaced."""
        if not self:
            return value
        if isinstance(value, str):
            return self.scrub_text(value)
        if isinstance(value, dict):
            return {self.scrub(k): self.scrub(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.scrub(v) for v in value]
        return value

    def _scrub_markup_text(self, text: str) -> str:
        # A short secret is not looked for in a page: as a whole text it would still hit the
        # board's numbers ("2" coins). The pages hide such words themselves (a mark's label).
        names = [
            (a, b, html.escape(self._placeholder(self._markup_keys.get(secret, "text"))))
            for a, b, secret in _spans(text, self._markup, True)
        ]
        return _replace_spans(text, self._slug_spans(text) + names)

    def scrub_markup(self, document: str) -> str:
        """An HTML or SVG document with every secret replaced in its text and in its attribute
        values; tag and attribute names are left alone."""
        if not self:
            return document

        def tag(match: re.Match) -> str:
            return _QUOTED.sub(
                lambda q: q.group(1) + self._scrub_markup_text(q.group(2)) + q.group(1),
                match.group(0),
            )

        parts = _TAG.split(document)
        for i, part in enumerate(parts):
            parts[i] = _TAG.sub(tag, part) if i % 2 else self._scrub_markup_text(part)
        return "".join(parts)


_TAG = re.compile(r"(<[^<>]*>)")
_QUOTED = re.compile(r"""(["'])(.*?)\1""", re.DOTALL)


def _matcher(secrets: list[str]) -> re.Pattern | None:
    """One pattern for all the secrets, each a whole word (or words): at every place one
    starts, the longest that starts there (its group 1), overlapping ones too."""
    if not secrets:
        return None
    alternatives = "|".join(re.escape(s) for s in sorted(secrets, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?=({alternatives})(?!\w))")


def secrets_for(campaign, sees_unlocked: bool) -> Secrets | None:
    """What to hide from a reader of ``campaign``: None when they may see everything."""
    if sees_unlocked or not campaign.hide_unlocked_content:
        return None
    return Secrets.load(campaign.pk)


def world_as_read(world: World, sees_unlocked: bool) -> World:
    """``world`` as this reader may read it. A World Capital is unlocked content (a packet
    allows founding one): for a reader the campaign hides it from, each is an ordinary city
    under its name, drawn and counted as a minor city (no kind, no population of a capital),
    and the stock of World Capitals left is not told. ``sees_unlocked``:
    ``campaigns.access.sees_unlocked`` (false only when the campaign hides them)."""
    if sees_unlocked:
        return world
    capitals = rules.world_capitals(world)
    stock = {k: v for k, v in world.stock_left.items() if k != Stock.WORLD_CAPITALS}
    if not capitals and stock == world.stock_left:
        return world
    territories = dict(world.territories)
    for slug in capitals:
        state = territories[slug]
        if state.city is not None:
            territories[slug] = replace(state, city=replace(state.city, kind=MINOR_CITY))
    return replace(world, territories=territories, stock_left=stock)


def territory_to_read(world: World, slug: str, sees_unlocked: bool) -> bool:
    """May this reader look ``slug`` up? A territory on the board, and for a reader the
    campaign hides what its packets unlocked from (``sees_unlocked`` false) a printed one only:
    a territory a packet added is looked up as one nobody made, so that asking tells nothing."""
    if slug not in world.territories:
        return False
    return sees_unlocked or slug in TERRITORY_BY_SLUG


def board_to_read(board: Board, sees_unlocked: bool) -> Board:
    """The territories this reader may name: the campaign's ``board``, and for a reader the
    campaign hides what its packets unlocked from, the printed board only, so that a form
    takes an added territory's slug as it takes one nobody made."""
    return board if sees_unlocked else BOX


def printed_or_seen(slug: str, sees_unlocked: bool) -> bool:
    """May this reader filter by ``slug``? Anything for a reader who sees everything; a printed
    territory only for one the campaign hides its added territories from, so that a filter by a
    hidden territory's slug finds what a filter by a slug nobody made finds: nothing."""
    return sees_unlocked or slug in TERRITORY_BY_SLUG


def unknown_territory(slug: str, field: str, sees_unlocked: bool) -> RuleViolation:
    """The refusal of a territory this reader may not look up: naming it to a reader who sees
    everything; to one the campaign hides its added territories from, the same words for a
    territory hidden and one that does not exist."""
    if sees_unlocked:
        return RuleViolation(TableRule.UNKNOWN_TERRITORY, field=field, territory=repr(slug))
    return RuleViolation(TableRule.NO_SUCH_TERRITORY, field=field)


# Audit actions that are about unlocked content as a whole (a World Capital founded).
UNLOCKED_AUDIT_ACTIONS = (AuditAction.WORLD_CAPITAL_FOUNDED,)


def audit_as_read(entries: QuerySet, sees_unlocked: bool) -> QuerySet:
    """A campaign's audit entries as this reader may read them: without those about unlocked
    content (a World Capital founded) when the campaign hides it from them."""
    return entries if sees_unlocked else entries.exclude(action__in=UNLOCKED_AUDIT_ACTIONS)
