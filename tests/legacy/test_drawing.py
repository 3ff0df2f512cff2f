"""The board's map geometry and its drawing (PNG and SVG). Pure Python: no Django, no database."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections import defaultdict

import pytest
from PIL import Image

from legacy import drawing
from legacy.drawing import (
    CITY_FILL,
    CONTINENT_COLORS,
    SCAR_COLORS,
    BoardPicture,
    DrawnContinent,
    DrawnTerritory,
    load_geometry,
    mark_pixel_positions,
    render_png,
    render_svg,
    territory_pixel_position,
)
from legacy.drawing.territories import ISLAND_RADIUS, island_centres

# Section 3 of the rules: the printed territories per continent, and the 83 connections.
CONTINENTS = {
    "north-america": [
        "alaska",
        "northwest-territory",
        "greenland",
        "alberta",
        "ontario",
        "eastern-canada",
        "western-united-states",
        "eastern-united-states",
        "central-america",
    ],
    "south-america": ["venezuela", "brazil", "peru", "argentina"],
    "europe": [
        "iceland",
        "great-britain",
        "scandinavia",
        "northern-europe",
        "russia",
        "western-europe",
        "southern-europe",
    ],
    "africa": [
        "north-africa",
        "egypt",
        "east-africa",
        "central-africa",
        "south-africa",
        "madagascar",
    ],
    "asia": [
        "middle-east",
        "afghanistan",
        "ural",
        "siberia",
        "yakutsk",
        "kamchatka",
        "irkutsk",
        "mongolia",
        "japan",
        "china",
        "india",
        "southeast-asia",
    ],
    "australia": ["indonesia", "new-guinea", "western-australia", "eastern-australia"],
}
SLUGS = {s for members in CONTINENTS.values() for s in members}

ADJACENCY = {
    "alaska": ["northwest-territory", "alberta", "kamchatka"],
    "northwest-territory": ["alberta", "ontario", "greenland"],
    "greenland": ["ontario", "eastern-canada", "iceland"],
    "alberta": ["ontario", "western-united-states"],
    "ontario": ["eastern-canada", "western-united-states", "eastern-united-states"],
    "eastern-canada": ["eastern-united-states"],
    "western-united-states": ["eastern-united-states", "central-america"],
    "eastern-united-states": ["central-america"],
    "central-america": ["venezuela"],
    "venezuela": ["brazil", "peru"],
    "brazil": ["peru", "argentina", "north-africa"],
    "peru": ["argentina"],
    "iceland": ["great-britain", "scandinavia"],
    "great-britain": ["scandinavia", "northern-europe", "western-europe"],
    "scandinavia": ["northern-europe", "russia"],
    "northern-europe": ["russia", "western-europe", "southern-europe"],
    "russia": ["southern-europe", "ural", "afghanistan", "middle-east"],
    "western-europe": ["southern-europe", "north-africa"],
    "southern-europe": ["north-africa", "egypt", "middle-east"],
    "north-africa": ["egypt", "east-africa", "central-africa"],
    "egypt": ["east-africa", "middle-east"],
    "east-africa": ["central-africa", "south-africa", "madagascar", "middle-east"],
    "central-africa": ["south-africa"],
    "south-africa": ["madagascar"],
    "middle-east": ["afghanistan", "india"],
    "afghanistan": ["ural", "china", "india"],
    "ural": ["siberia", "china"],
    "siberia": ["china", "mongolia", "irkutsk", "yakutsk"],
    "yakutsk": ["irkutsk", "kamchatka"],
    "kamchatka": ["irkutsk", "mongolia", "japan"],
    "irkutsk": ["mongolia"],
    "mongolia": ["china", "japan"],
    "china": ["india", "southeast-asia"],
    "india": ["southeast-asia"],
    "southeast-asia": ["indonesia"],
    "indonesia": ["new-guinea", "western-australia"],
    "new-guinea": ["western-australia", "eastern-australia"],
    "western-australia": ["eastern-australia"],
}
CONNECTIONS = {frozenset((a, b)) for a, bs in ADJACENCY.items() for b in bs}


_inside = drawing.territories._inside  # even-odd point-in-polygon over all rings of all polygons


def _area(ring) -> float:
    return (
        abs(
            sum(
                x0 * y1 - x1 * y0
                for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)
            )
        )
        / 2
    )


def _shared_vertex_pairs(geo) -> dict[frozenset, int]:
    """How many vertices each pair of territories has in common (shared borders keep shared
    vertices: the generator simplifies the map as one coverage)."""
    owners: dict[tuple[float, float], set[str]] = defaultdict(set)
    for slug, t in geo.territories.items():
        for polygon in t["polygons"]:
            for ring in polygon:
                for x, y in ring:
                    owners[(round(x, 1), round(y, 1))].add(slug)
    counts: dict[frozenset, int] = defaultdict(int)
    for slugs in owners.values():
        ordered = sorted(slugs)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                counts[frozenset((a, b))] += 1
    return counts


def _pixel(png: bytes, xy) -> tuple[int, int, int]:
    return Image.open(io.BytesIO(png)).convert("RGB").getpixel(xy)


def _close(actual, expected_hex: str, tolerance: int = 10) -> bool:
    expected = tuple(int(expected_hex[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected, strict=True))


# --- the geometry ------------------------------------------------------------------------------


def test_adjacency_constant_matches_the_rules():
    assert len(CONNECTIONS) == 83
    assert len(SLUGS) == 42


def test_geometry_has_exactly_the_42_territories_in_their_continents():
    geo = load_geometry()
    assert set(geo.territories) == SLUGS
    for continent, members in CONTINENTS.items():
        assert set(geo.continents[continent]["territories"]) == set(members)
        for slug in members:
            assert geo.territories[slug]["continent"] == continent
    assert {frozenset(c) for c in geo.connections} == CONNECTIONS


def test_every_territory_is_a_non_empty_shape_inside_the_canvas():
    geo = load_geometry()
    for slug, t in geo.territories.items():
        assert t["polygons"], slug
        total = 0.0
        for polygon in t["polygons"]:
            assert polygon and len(polygon[0]) >= 3, slug
            total += _area(polygon[0]) - sum(_area(hole) for hole in polygon[1:])
            for ring in polygon:
                for x, y in ring:
                    assert 0 <= x <= geo.width and 0 <= y <= geo.height, (slug, x, y)
        assert total > 5, slug


def test_small_islands_are_visible_at_2000_pixels():
    geo = load_geometry()
    scale = 2000 / geo.width
    for slug in ("iceland", "madagascar", "japan", "great-britain", "indonesia", "new-guinea"):
        biggest = max(_area(p[0]) for p in geo.territories[slug]["polygons"])
        assert biggest * scale * scale > 400, slug  # at least about 20 x 20 pixels


def test_label_anchors_are_inside_their_territory():
    geo = load_geometry()
    for slug, t in geo.territories.items():
        assert _inside(t["anchor"], t["polygons"]), slug


def test_city_anchor_is_inside_its_territory():
    geo = load_geometry()
    for slug, t in geo.territories.items():
        city = drawing.mark_positions(DrawnTerritory(slug))["city"]
        assert _inside(city, t["polygons"]), slug


def test_land_borders_are_real_and_all_are_connections():
    geo = load_geometry()
    shared = _shared_vertex_pairs(geo)
    touching = {pair for pair, n in shared.items() if n >= 2}
    assert touching <= CONNECTIONS, sorted(tuple(sorted(p)) for p in touching - CONNECTIONS)
    declared = {frozenset(p) for p in geo.land_borders}
    assert declared == touching


def test_every_connection_across_water_has_a_sea_line():
    geo = load_geometry()
    land = {frozenset(p) for p in geo.land_borders}
    sea = {frozenset((s["a"], s["b"])): s for s in geo.sea_lines}
    assert set(sea) == CONNECTIONS - land
    for pair, line in sea.items():
        assert line["segments"], pair
        for (x0, y0), (x1, y1) in line["segments"]:
            for x, y in ((x0, y0), (x1, y1)):
                assert 0 <= x <= geo.width and 0 <= y <= geo.height
    # The classic crossings are all at sea.
    for a, b in [
        ("alaska", "kamchatka"),
        ("brazil", "north-africa"),
        ("iceland", "greenland"),
        ("japan", "kamchatka"),
        ("indonesia", "southeast-asia"),
    ]:
        assert frozenset((a, b)) in sea


def test_alaska_kamchatka_leaves_the_map_at_both_edges():
    geo = load_geometry()
    line = next(s for s in geo.sea_lines if {s["a"], s["b"]} == {"alaska", "kamchatka"})
    xs = [x for seg in line["segments"] for x, _ in seg]
    assert min(xs) == 0 and max(xs) == geo.width
    assert len(line["segments"]) == 2


# --- the picture -------------------------------------------------------------------------------


def _full_picture() -> BoardPicture:
    """Every territory marked: cities of all kinds, base and group-made scars, coins,
    fortifications, HQs, destroyed cards; named continents; a full winners' section."""
    kinds = ("minor", "major", "capital")
    scars = (("bunker", None), ("ammo-shortage", None), ("biohazard", "Biohazard"), (None, None))
    factions = ("die-mechaniker", "enclave-of-the-bear", "imperial-balkania", "khan-industries")
    territories = []
    for i, slug in enumerate(sorted(SLUGS)):
        scar, label = scars[i % 4]
        territories.append(
            DrawnTerritory(
                slug,
                city_kind=kinds[i % 3],
                city_name=("Москва", "Port Zed", "Élan")[i % 3],
                scar=scar,
                scar_label=label,
                fortified=i % 5 == 0,
                fortification_boxes_used=i % 11,
                card_destroyed=i % 6 == 0,
                coins=i % 7,
                hq_faction=factions[i % 4] if i % 9 == 0 else None,
            )
        )
    continents = [
        DrawnContinent("europe", "Mitteland", 5, 1),
        DrawnContinent("asia", None, 7, -1),
    ]
    winners = [
        (line, f"Player {line}", "Veni, vidi" if line % 2 else None) for line in range(1, 16)
    ]
    return BoardPicture(territories, continents, winners, "Pangaea Nova", "Tuesday")


@pytest.mark.parametrize("width", [2000, 800])
def test_png_is_a_valid_png_of_the_requested_width(width):
    png = render_png(_full_picture(), width=width)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    image.verify()
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.size == drawing.output_size(width)
    assert image.width == width


def test_pixels_show_city_scar_and_plain_continent_colour():
    brazil = DrawnTerritory("brazil", city_kind="minor", city_name="Rio")
    egypt = DrawnTerritory("egypt", scar="bunker")
    png = render_png(BoardPicture(territories=[brazil, egypt]), width=2000)

    assert _close(_pixel(png, territory_pixel_position("brazil", 2000)), CITY_FILL["minor"])
    assert _close(_pixel(png, mark_pixel_positions(egypt, 2000)["scar"]), SCAR_COLORS["bunker"])
    # An unmarked territory shows its continent's colour where a city would go.
    assert _close(
        _pixel(png, territory_pixel_position("siberia", 2000)), CONTINENT_COLORS["asia"], 0
    )
    assert _close(
        _pixel(png, territory_pixel_position("egypt", 2000)), CONTINENT_COLORS["africa"], 0
    )


@pytest.mark.parametrize(("kind", "scar"), [("capital", "ammo-shortage"), ("major", "bunker")])
def test_pixels_for_other_city_kinds_and_scars(kind, scar):
    t = DrawnTerritory(
        "china",
        city_kind=kind,
        city_name="Xi",
        scar=scar,
        coins=3,
        fortified=True,
        fortification_boxes_used=4,
    )
    png = render_png(BoardPicture(territories=[t]), width=2000)
    where = mark_pixel_positions(t, 2000)
    assert _close(_pixel(png, where["city"]), CITY_FILL[kind])
    assert _close(_pixel(png, where["scar"]), SCAR_COLORS[scar])


def test_marks_do_not_change_the_city_position():
    bare = territory_pixel_position("argentina", 1500)
    full = mark_pixel_positions(
        DrawnTerritory(
            "argentina",
            city_kind="capital",
            scar="x",
            scar_label="X",
            coins=2,
            hq_faction="khan-industries",
            card_destroyed=True,
        ),
        1500,
    )
    assert full["city"] == bare
    assert {"label", "city", "scar", "coins", "hq", "destroyed"} <= set(full)


def test_svg_is_well_formed_with_42_interactive_territories():
    svg = render_svg(_full_picture())
    root = ET.fromstring(svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg)
    assert root.tag.endswith("svg")
    shapes = [el for el in root.iter() if "data-territory" in el.attrib]
    assert len(shapes) == 42
    assert {el.attrib["data-territory"] for el in shapes} == SLUGS
    for el in shapes:
        assert el.attrib["id"] == "t-" + el.attrib["data-territory"]
    ids = [el.attrib["id"] for el in root.iter() if "id" in el.attrib]
    assert len(ids) == len(set(ids))
    text = " ".join(el.text or "" for el in root.iter())
    assert "The World of Pangaea Nova" in text
    assert "Москва" in text and "Player 15" in text


def test_svg_of_an_empty_world_parses_too():
    svg = render_svg(BoardPicture())
    root = ET.fromstring(svg.encode("utf-8"))
    assert len([el for el in root.iter() if "data-territory" in el.attrib]) == 42


def test_legend_shows_named_continents_and_changed_bonus():
    picture = BoardPicture(
        continents=[DrawnContinent("asia", "The Steppe", 7, -1)], world_name=None, title="Camp"
    )
    texts = [p.text for p in drawing.layout(picture) if isinstance(p, drawing.Text)]
    texts += [
        part.text
        for p in drawing.layout(picture)
        if isinstance(p, drawing.Icon)
        for part in p.parts
        if isinstance(part, drawing.Text)
    ]
    assert "The Steppe" in texts and "6" in texts and "\u22121" in texts
    assert "Camp" in texts
    assert not any(t.startswith("The World of") for t in texts)


def test_unknown_input_is_refused():
    with pytest.raises(ValueError):
        render_svg(BoardPicture(territories=[DrawnTerritory("atlantis")]))
    with pytest.raises(ValueError):
        render_svg(BoardPicture(territories=[DrawnTerritory("peru", city_kind="metropolis")]))
    with pytest.raises(ValueError):
        render_svg(BoardPicture(continents=[DrawnContinent("antarctica")]))
    with pytest.raises(ValueError):
        render_svg(BoardPicture(winners=[(16, "Too late", None)]))
    with pytest.raises(ValueError):
        render_svg(BoardPicture(territories=[DrawnTerritory("peru"), DrawnTerritory("peru")]))


def test_builtin_font_fallback_spells_non_latin_text(monkeypatch):
    monkeypatch.setenv("EARTHBOOK_FONT", "builtin")
    drawing.reset_caches()
    try:
        assert not drawing.full_unicode_fonts()
        assert drawing.printable("Москва") == "Moskva"
        assert drawing.printable("Élan") == "Elan"
        png = render_png(
            BoardPicture(territories=[DrawnTerritory("russia", "major", "Москва")]), width=600
        )
        assert Image.open(io.BytesIO(png)).width == 600
    finally:
        monkeypatch.delenv("EARTHBOOK_FONT")
        drawing.reset_caches()


def _texts(picture) -> list[str]:
    return [p.text for p in drawing.layout(picture) if isinstance(p, drawing.Text)]


def test_a_russian_picture_writes_russian_names_and_words():
    picture = BoardPicture(
        continents=[DrawnContinent("asia", "Степь", 7, 0)],
        winners=[(1, "Ада", None)],
        world_name="Пангея",
        title="Наша Земля \u2014 после игры 1",
        language="ru",
    )
    texts = _texts(picture)
    assert "КАМЧАТКА" in texts and "KAMCHATKA" not in texts
    assert {"Континенты", "Победители", "Мир \u00abПангея\u00bb"} <= set(texts)
    assert "Австралия" in texts and "Азия" in texts  # printed names beside a group's own
    english = _texts(BoardPicture(world_name="Pangaea"))
    assert "KAMCHATKA" in english and "Continents" in english and "The World of Pangaea" in english
    svg = render_svg(picture)
    assert "<title>Камчатка</title>" in svg


def test_marks_sit_where_the_russian_names_leave_room():
    # "Восточная Африка" takes two lines where "East Africa" takes one: the marks move with the
    # name, and the picture puts them where mark_positions says.
    t = DrawnTerritory("east-africa", city_kind="major", city_name="Аксум", scar="bunker")
    assert len(drawing.name_lines(t.slug, "ru")) == 2 == len(drawing.name_lines(t.slug)) + 1
    assert mark_pixel_positions(t, 2000, "ru") != mark_pixel_positions(t, 2000)
    png = render_png(BoardPicture(territories=[t], language="ru"), width=2000)
    where = mark_pixel_positions(t, 2000, "ru")
    assert _close(_pixel(png, where["city"]), CITY_FILL["major"])
    assert _close(_pixel(png, where["scar"]), SCAR_COLORS["bunker"])


def test_an_added_territorys_marks_sit_on_its_island_the_city_in_its_middle():
    island = drawing.DrawnIsland("mu", "Mu", "asia", ("japan",), (0.9, 0.2))
    marked = DrawnTerritory(
        "mu", city_kind="capital", city_name="Muville", scar="bunker", coins=3, fortified=True
    )
    picture = BoardPicture(territories=[marked], islands=[island])
    (x, y) = island_centres((island,))["mu"]
    icons = {p.kind: p.center for p in drawing.layout(picture) if isinstance(p, drawing.Icon)}
    assert icons["city-capital"] == icons["fortification"] == (x, y)
    for badge in ("scar-bunker", "coins"):
        bx, by = icons[badge]
        assert by < y - ISLAND_RADIUS and abs(bx - x) < 3 * ISLAND_RADIUS
    assert "legend-capital" in render_svg(picture)  # the key names the World Capital, as ever
    plain = BoardPicture(islands=[island])
    assert render_png(picture, width=1000) != render_png(plain, width=1000)
    # Marks for a territory that is neither printed nor an island are refused, as before.
    with pytest.raises(ValueError):
        render_svg(BoardPicture(territories=[marked]))
