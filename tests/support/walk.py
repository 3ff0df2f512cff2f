"""Walking the pages of a campaign and reading what a person sees on them.

``visible_texts`` reads a page as a reader meets it: the text between tags, the attributes a
browser shows (``title``, ``aria-label``, ``placeholder``, ``alt``, a button's ``value``), and the
attributes and JSON islands' strings the page's script writes into it; never a script, a style,
or an attribute nobody sees. Text inside an element that declares another language (``lang``) is
that language by design (the switcher names each language in its own tongue) and is left out.

``walk`` requests every page a campaign has: each URL pattern of ``web.urls`` with the
parameters the campaign's data gives, then every link and form of the pages found on the way,
a few of each pattern, so that a page added later is walked without being named here.
"""

from __future__ import annotations

import json
import re
from collections import Counter, deque
from collections.abc import Callable, Iterable
from html.parser import HTMLParser
from itertools import product
from urllib.parse import urlsplit

from django.urls import NoReverseMatch, Resolver404, resolve, reverse

SHOWN_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}
# Attributes the page's own script writes into it: a map territory's panel, the timeline's labels.
SCRIPT_SHOWN_ATTRIBUTES = {
    "data-name", "data-continent", "data-marks", "data-label", "data-label-play",
    "data-label-pause",
}  # fmt: skip
BUTTON_TYPES = {"submit", "button", "reset"}
VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}  # fmt: skip
IDENTIFIER = re.compile(r"^[a-z0-9][a-z0-9_:./-]*$")


class _Reader(HTMLParser):
    def __init__(self, language: str):
        super().__init__(convert_charrefs=True)
        self.language = language
        self.stack: list[tuple[str, str | None, str]] = []  # (tag, lang, script type)
        self.texts: list[str] = []
        self.links: list[str] = []

    def _lang(self) -> str | None:
        for _tag, lang, _type in reversed(self.stack):
            if lang:
                return lang
        return None

    def _shown(self) -> bool:
        lang = self._lang()
        return lang is None or lang.split("-")[0] == self.language

    def _in(self, tag: str) -> bool:
        return any(t == tag for t, _l, _s in self.stack)

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag == "form":
            self.links.append(a.get("action") or "")
        if tag not in VOID:
            self.stack.append((tag, a.get("lang"), a.get("type", "")))
        lang = a.get("lang")
        shown = (
            self._shown()
            if tag not in VOID
            else ((lang or self._lang() or self.language).split("-")[0] == self.language)
        )
        if not shown or self._in("script") or self._in("style"):
            return
        for name in (SHOWN_ATTRIBUTES | SCRIPT_SHOWN_ATTRIBUTES) & a.keys():
            self.texts.append(a[name])
        if tag == "input" and a.get("type", "text") in BUTTON_TYPES and a.get("value"):
            self.texts.append(a["value"])

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if not data.strip() or not self._shown() or self._in("style"):
            return
        if self._in("script"):
            kind = next(s for t, _l, s in reversed(self.stack) if t == "script")
            if kind == "application/json":  # an island the page's script shows
                self.texts.extend(_json_strings(data))
            return
        self.texts.append(data)


def _json_strings(raw: str) -> Iterable[str]:
    try:
        value = json.loads(raw)
    except ValueError:
        return []
    found = []

    def walk(v):
        if isinstance(v, str):
            if not IDENTIFIER.match(v) and not v.startswith(("/", "http")):
                found.append(v)
        elif isinstance(v, dict):
            for item in v.values():
                walk(item)
        elif isinstance(v, list):
            for item in v:
                walk(item)

    walk(value)
    return found


def read(html: str, language: str) -> tuple[list[str], list[str]]:
    """(the texts a reader sees, the links and form targets) of a page."""
    reader = _Reader(language)
    reader.feed(html)
    reader.close()
    texts = [" ".join(t.split()) for t in reader.texts]
    return [t for t in texts if t], reader.links


def without(text: str, names: list[str]) -> str:
    """``text`` with the group's own names taken out (longest first, whole words)."""
    for name in names:
        if name in text:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return text


LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]+")


def english_left(texts: list[str], names: list[str]) -> list[str]:
    return [t for t in texts if LATIN_WORD.search(without(t, names))]


def cyrillic_left(texts: list[str], names: list[str]) -> list[str]:
    return [t for t in texts if CYRILLIC.search(without(t, names))]


def url_patterns(namespace: str, patterns) -> list[tuple[str, list[str]]]:
    """(``namespace:name``, its parameters) of every named pattern."""
    return [(f"{namespace}:{p.name}", list(p.pattern.converters)) for p in patterns if p.name]


def _combinations(params: list[str], values: dict[str, list]) -> list[dict]:
    groups, rest = [], list(params)
    for key, options in values.items():
        names = key.split()
        if len(names) > 1 and all(n in rest for n in names):
            groups.append([dict(zip(names, option, strict=True)) for option in options])
            rest = [p for p in rest if p not in names]
    groups += [[{p: v} for v in values.get(p, [])] for p in rest]
    return [{k: v for part in combo for k, v in part.items()} for combo in product(*groups)]


def walk(
    client,
    starts: Iterable[str],
    *,
    patterns: list[tuple[str, list[str]]],
    values: dict[str, list],
    inside: Callable[[str], bool],
    language: str,
    per_pattern: int = 4,
    limit: int = 400,
):
    """Request each pattern with the combinations of ``values`` (a few per pattern), the
    ``starts``, and then what their pages link to (``inside`` says which addresses belong to
    the walk). Yields (path, url name, response).

    Parameters that go together are given together: ``values["mark_type mark_id"]`` lists
    (type, id) pairs."""
    queue: deque[str] = deque(starts)
    for name, params in patterns:
        for kwargs in _combinations(params, values)[: max(per_pattern, 12)]:
            try:
                queue.append(reverse(name, kwargs=kwargs))
            except NoReverseMatch:
                continue
    seen: set[str] = set()
    per_name: Counter = Counter()
    while queue and len(seen) < limit:
        path = urlsplit(queue.popleft())._replace(fragment="").geturl()
        if not path or path in seen or not inside(path):
            continue
        try:
            match = resolve(urlsplit(path).path)
        except Resolver404:
            continue
        name = f"{match.namespace}:{match.url_name}" if match.namespace else match.url_name
        if per_name[name] >= max(per_pattern * 2, 12):
            continue
        seen.add(path)
        per_name[name] += 1
        response = client.get(path)
        yield path, name, response
        if response.get("Content-Type", "").startswith("text/html"):
            _texts, links = read(response.content.decode(), language)
            for link in links:
                target = link if link.startswith("/") else path if link == "" else None
                if target:
                    queue.append(target)
