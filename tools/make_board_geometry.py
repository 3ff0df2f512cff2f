"""Build ``legacy/board_geometry.json``: our own map of the 42 Risk Legacy territories.

The shapes come from Natural Earth's public-domain 1:110m "admin 0 countries" (the copy that the
geopandas 0.14 wheel ships as ``naturalearth_lowres``). Every country is given to one territory,
or cut between territories with longitude/latitude boxes (Russia, Canada, the USA, China,
Kazakhstan, Australia, Indonesia, ...); the pieces are merged per territory, projected with the
Miller cylindrical projection into a frame that runs from the Bering Strait to the Bering Strait
(Alaska on the left edge, Kamchatka on the right, as on the printed board), the small islands are
enlarged a little so they stay visible, and the outlines are simplified without opening gaps
between neighbours. Nothing is traced from the printed board.

The output holds, in map units (``width`` x ``height``, y grows downwards):

- ``territories``: per slug its printed ``name``, ``continent``, ``polygons`` (a list of
  polygons, each a list of rings ``[[x, y], ...]``: the outer ring first, then holes) and
  ``anchor`` ``[x, y]``, a point well inside the territory where its label and marks go;
- ``continents``: per slug its printed geographic ``name``, base ``bonus`` and ``territories``;
- ``connections``: the 83 connections of the rules, each ``[a, b]`` with ``a < b``;
- ``land_borders``: the connections where the two shapes share a border;
- ``sea_lines``: for every other connection ``{"a", "b", "segments": [[[x, y], [x, y]], ...]}``;
  Alaska-Kamchatka is two stubs that leave the map at its left and right edges;
- ``panels``: open-sea boxes ``[x0, y0, x1, y1]`` where the drawing code puts the legend.

The generator checks its own result (42 non-empty territories inside the canvas, anchors inside
their territory, no land border that the rules do not list) and fails loudly otherwise.

How to run it (the app itself never needs geopandas, pyshp or shapely)::

    python3.11 -m venv /tmp/geo
    /tmp/geo/bin/pip install "geopandas==0.14.4" pyshp "shapely>=2.1"
    /tmp/geo/bin/python tools/make_board_geometry.py            # writes legacy/board_geometry.json
    /tmp/geo/bin/python tools/make_board_geometry.py --check    # only prints the checks

``--shapefile PATH`` reads another copy of the 1:110m countries (fields ``name`` and ``iso_a3``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
from pathlib import Path

import numpy as np
import shapefile  # pyshp
import shapely
from shapely import affinity
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box, shape
from shapely.ops import nearest_points, polygonize, polylabel, snap, unary_union

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "legacy" / "board_geometry.json"

# ---------------------------------------------------------------------------------------------
# The board (section 3 of the rules): continents, territories, connections.
# ---------------------------------------------------------------------------------------------

# The board's facts live in one place, legacy/board.py (pure Python: no Django needed here).
sys.path.insert(0, str(ROOT))
from legacy import board  # noqa: E402

slugify = board.slugify
CONTINENTS: dict[str, tuple[str, tuple[str, ...]]] = {
    c.slug: (c.name, tuple(board.TERRITORY_BY_SLUG[s].name for s in board.territories_of(c.slug)))
    for c in board.CONTINENTS
}
BONUS = {c.slug: c.bonus for c in board.CONTINENTS}
TERRITORY_NAMES = {t.slug: t.name for t in board.TERRITORIES}
TERRITORY_CONTINENT = {t.slug: t.continent for t in board.TERRITORIES}


def connections() -> list[tuple[str, str]]:
    return sorted(tuple(sorted(pair)) for pair in board.CONNECTIONS)


# ---------------------------------------------------------------------------------------------
# Which country goes where. A rule is a slug, None (left off the board), a list of
# (slug, (lon0, lat0, lon1, lat1)) boxes that cut the country's largest part (the boxes must
# cover it), or {"lines": cut lines, "seeds": {slug: (lon, lat)}}, where the lines cut the
# world into faces and each face goes to the territory whose seed it holds. The other parts of a
# cut country (islands) go whole to the box or face that holds their centre.
# ---------------------------------------------------------------------------------------------

INF = 1000.0

COUNTRY_RULES: dict[str, object] = {
    # North America
    "United States of America": [
        ("alaska", (-INF, 50, -129.5, INF)),
        (None, (-INF, -INF, -129.5, 50)),  # Hawaii
        ("western-united-states", (-129.5, -INF, -100, 50)),
        ("eastern-united-states", (-100, -INF, INF, 50)),
    ],
    "Canada": [
        ("alberta", (-INF, -INF, -110, 60)),
        ("ontario", (-110, -INF, -79.5, 60)),
        ("eastern-canada", (-79.5, -INF, INF, 63.5)),
        ("northwest-territory", (-INF, 60, -79.5, INF)),
        ("northwest-territory", (-79.5, 63.5, INF, INF)),
    ],
    "Greenland": "greenland",
    "Mexico": "central-america",
    "Guatemala": "central-america",
    "Belize": "central-america",
    "Honduras": "central-america",
    "El Salvador": "central-america",
    "Nicaragua": "central-america",
    "Costa Rica": "central-america",
    "Panama": "central-america",
    "Cuba": "central-america",
    "Bahamas": "central-america",
    "Jamaica": "central-america",
    "Haiti": "central-america",
    "Dominican Rep.": "central-america",
    "Puerto Rico": "central-america",
    # South America
    "Venezuela": "venezuela",
    "Colombia": "venezuela",
    "Guyana": "venezuela",
    "Suriname": "venezuela",
    "Trinidad and Tobago": "venezuela",
    "Brazil": "brazil",
    "Ecuador": "peru",
    "Peru": "peru",
    "Bolivia": "peru",
    "Argentina": "argentina",
    "Chile": "argentina",
    "Uruguay": "argentina",
    "Paraguay": "argentina",
    "Falkland Is.": "argentina",
    # Europe
    "Iceland": "iceland",
    "United Kingdom": "great-britain",
    "Ireland": "great-britain",
    "Norway": "scandinavia",
    "Sweden": "scandinavia",
    "Finland": "scandinavia",
    "Denmark": "northern-europe",
    "Germany": "northern-europe",
    "Netherlands": "northern-europe",
    "Belgium": "northern-europe",
    "Luxembourg": "northern-europe",
    "Poland": "northern-europe",
    "Czechia": "northern-europe",
    "Slovakia": "northern-europe",
    "Austria": "northern-europe",
    "France": [
        ("venezuela", (-INF, -INF, -30, INF)),  # French Guiana
        ("western-europe", (-30, -INF, INF, INF)),
    ],
    "Spain": "western-europe",
    "Portugal": "western-europe",
    "Switzerland": "southern-europe",
    "Italy": "southern-europe",
    "Slovenia": "southern-europe",
    "Croatia": "southern-europe",
    "Bosnia and Herz.": "southern-europe",
    "Serbia": "southern-europe",
    "Montenegro": "southern-europe",
    "Kosovo": "southern-europe",
    "Albania": "southern-europe",
    "North Macedonia": "southern-europe",
    "Greece": "southern-europe",
    "Bulgaria": "southern-europe",
    "Romania": "southern-europe",
    "Hungary": "southern-europe",
    "Ukraine": "russia",
    "Belarus": "russia",
    "Moldova": "russia",
    "Lithuania": "russia",
    "Latvia": "russia",
    "Estonia": "russia",
    "Russia": {
        # Cut lines (lon, lat) that run from outside the country to outside it: the Ural
        # mountains, the Ob and Irtysh, the Yenisei and Angara, the Lena and the Aldan, more or
        # less. Every face between them is given to the territory whose seed point it holds.
        "lines": [
            [(24, 5), (24, 95)],
            [
                (73, 95),
                (70, 75),
                (66.5, 69.5),
                (64, 67),
                (60.5, 64),
                (59.5, 61),
                (59, 58),
                (59.7, 55),
                (59.5, 52),
                (58.5, 50),
                (58, 5),
            ],
            [
                (80, 95),
                (76, 74),
                (78, 68),
                (80, 63),
                (80.5, 59),
                (82, 56),
                (84, 53),
                (85, 51),
                (86, 5),
            ],
            [
                (110, 95),
                (108, 76),
                (106, 70),
                (105, 64),
                (106, 60),
                (104.5, 56),
                (103, 52.5),
                (102, 51),
                (101, 5),
            ],
            [(106, 60), (112, 59), (118, 60.3), (124, 59.5), (128, 60.5)],
            [(128, 60.5), (136, 62), (141, 64.5), (146, 68), (150, 71), (152, 95)],
            [(128, 60.5), (126, 57), (124.5, 54), (123, 51), (123, 5)],
        ],
        "seeds": {
            "northern-europe": (20.5, 54.7),  # Kaliningrad
            "russia": (40, 55),
            "ural": (65, 60),
            "siberia": (95, 65),
            "yakutsk": (125, 68),
            "irkutsk": (112, 55),
            "kamchatka": (160, 62),
        },
    },
    # Africa
    "Morocco": "north-africa",
    "W. Sahara": "north-africa",
    "Algeria": "north-africa",
    "Tunisia": "north-africa",
    "Libya": "north-africa",
    "Mauritania": "north-africa",
    "Mali": "north-africa",
    "Niger": "north-africa",
    "Chad": "north-africa",
    "Senegal": "north-africa",
    "Gambia": "north-africa",
    "Guinea": "north-africa",
    "Guinea-Bissau": "north-africa",
    "Sierra Leone": "north-africa",
    "Liberia": "north-africa",
    "Côte d'Ivoire": "north-africa",
    "Burkina Faso": "north-africa",
    "Ghana": "north-africa",
    "Togo": "north-africa",
    "Benin": "north-africa",
    "Nigeria": "north-africa",
    "Egypt": "egypt",
    "Sudan": "east-africa",
    "S. Sudan": "east-africa",
    "Eritrea": "east-africa",
    "Ethiopia": "east-africa",
    "Djibouti": "east-africa",
    "Somalia": "east-africa",
    "Somaliland": "east-africa",
    "Kenya": "east-africa",
    "Uganda": "east-africa",
    "Tanzania": "east-africa",
    "Rwanda": "central-africa",
    "Burundi": "central-africa",
    "Cameroon": "central-africa",
    "Central African Rep.": "central-africa",
    "Eq. Guinea": "central-africa",
    "Gabon": "central-africa",
    "Congo": "central-africa",
    "Dem. Rep. Congo": "central-africa",
    "Angola": "central-africa",
    "Zambia": "south-africa",
    "Malawi": "south-africa",
    "Mozambique": "south-africa",
    "Zimbabwe": "south-africa",
    "Botswana": "south-africa",
    "Namibia": "south-africa",
    "South Africa": "south-africa",
    "Lesotho": "south-africa",
    "eSwatini": "south-africa",
    "Madagascar": "madagascar",
    # Asia
    "Turkey": "middle-east",
    "Cyprus": "middle-east",
    "N. Cyprus": "middle-east",
    "Syria": "middle-east",
    "Lebanon": "middle-east",
    "Israel": "middle-east",
    "Palestine": "middle-east",
    "Jordan": "middle-east",
    "Iraq": "middle-east",
    "Iran": "middle-east",
    "Saudi Arabia": "middle-east",
    "Yemen": "middle-east",
    "Oman": "middle-east",
    "United Arab Emirates": "middle-east",
    "Qatar": "middle-east",
    "Kuwait": "middle-east",
    "Georgia": "middle-east",
    "Armenia": "middle-east",
    "Azerbaijan": "middle-east",
    "Kazakhstan": [
        ("afghanistan", (-INF, -INF, 79, INF)),
        ("china", (79, -INF, INF, INF)),
    ],
    "Turkmenistan": "afghanistan",
    "Uzbekistan": "afghanistan",
    "Tajikistan": "afghanistan",
    "Kyrgyzstan": "afghanistan",
    "Afghanistan": "afghanistan",
    "Pakistan": "india",
    "India": "india",
    "Nepal": "india",
    "Bhutan": "india",
    "Bangladesh": "india",
    "Sri Lanka": "india",
    "China": {
        # Inner Mongolia's east and Manchuria go with Mongolia (it must reach Kamchatka).
        "lines": [
            [
                (105.5, 95),
                (105.5, 43.5),
                (108, 41.8),
                (113, 41.2),
                (117, 40.9),
                (120, 40.6),
                (122.5, 40.3),
                (125, 39.5),
                (140, 39.5),
                (140, 95),
            ],
        ],
        "seeds": {"mongolia": (122, 46), "china": (100, 30)},
    },
    "Taiwan": "china",
    "Mongolia": "mongolia",
    "North Korea": "mongolia",
    "South Korea": "mongolia",
    "Japan": "japan",
    "Myanmar": "southeast-asia",
    "Thailand": "southeast-asia",
    "Laos": "southeast-asia",
    "Cambodia": "southeast-asia",
    "Vietnam": "southeast-asia",
    "Philippines": "southeast-asia",
    "Malaysia": [
        ("southeast-asia", (-INF, -INF, 105, INF)),
        ("indonesia", (105, -INF, INF, INF)),  # Sabah and Sarawak, on Borneo
    ],
    # Australia
    "Indonesia": [
        ("indonesia", (-INF, -INF, 134.5, INF)),
        ("new-guinea", (134.5, -INF, INF, INF)),  # Western New Guinea
    ],
    "Brunei": "indonesia",
    "Timor-Leste": "indonesia",
    "Papua New Guinea": "new-guinea",
    "Australia": [
        ("western-australia", (-INF, -INF, 135, INF)),
        ("eastern-australia", (135, -INF, INF, INF)),
    ],
    # Not on the board.
    "New Zealand": None,
    "Fiji": None,
    "Vanuatu": None,
    "New Caledonia": None,
    "Solomon Is.": None,
    "Antarctica": None,
    "Fr. S. Antarctic Lands": None,
}


# ---------------------------------------------------------------------------------------------
# Frame and projection.
# ---------------------------------------------------------------------------------------------

WIDTH = 1000.0
LON_WEST, LON_EAST = -178.0, 196.0  # the Bering Strait on both edges
LAT_NORTH, LAT_SOUTH = 83.8, -56.5
TOP_MARGIN = 34.0  # room for the title above the Arctic
BOTTOM_MARGIN = 6.0

# Islands drawn a little larger than life, around their own centre, so that they stay visible.
ENLARGE = {
    "iceland": 1.15,
    "great-britain": 1.15,
    "japan": 1.25,
    "madagascar": 1.2,
    "new-guinea": 1.1,
}
ISLAND_GAP = 2.0

# Sea-line routes: (a, b) -> lon/lat waypoints between the two coasts; default is the shortest
# crossing. Each end is attached to the nearest coast point of its territory.
SEA_ROUTES: dict[tuple[str, str], list[tuple[float, float]]] = {
    ("greenland", "ontario"): [(-84, 60), (-74, 62.6), (-62, 61.5)],
    ("eastern-canada", "greenland"): [(-56, 57), (-48, 59.5)],
    ("greenland", "iceland"): [(-30, 67)],
    ("brazil", "north-africa"): [(-36, -6), (-17, 13)],
    ("egypt", "southern-europe"): [(24, 36.5), (27, 32)],
    ("east-africa", "middle-east"): [(44.5, 12.0)],
    ("great-britain", "scandinavia"): [(0.5, 59), (5, 59)],
    ("iceland", "scandinavia"): [(-8, 65), (5, 64)],
    ("great-britain", "iceland"): [(-12, 62)],
    ("great-britain", "northern-europe"): [(3, 53.5)],
    ("great-britain", "western-europe"): [(-2, 49.5)],
    ("north-africa", "southern-europe"): [(10.5, 37.5)],
    ("north-africa", "western-europe"): [(-5.6, 36.0)],
    ("northern-europe", "scandinavia"): [(11, 56.5)],
    ("indonesia", "western-australia"): [(125, -12.5)],
    ("new-guinea", "western-australia"): [(135, -9.5)],
    ("eastern-australia", "new-guinea"): [(142.3, -10)],
    ("indonesia", "new-guinea"): [(131.5, -3)],
    ("indonesia", "southeast-asia"): [(101.5, 2.5)],
    ("japan", "kamchatka"): [(143, 45.8)],
    ("japan", "mongolia"): [(130, 35)],
    ("madagascar", "south-africa"): [(41, -20)],
    ("east-africa", "madagascar"): [(45, -11)],
}

# Alaska-Kamchatka: latitude of the two stubs that leave the map edges.
BERING_LAT = 65.5

# Label anchors that read better than the computed one (lon, lat).
ANCHOR_LONLAT: dict[str, tuple[float, float]] = {
    "alaska": (-152, 64),
    "northwest-territory": (-117, 65),
    "greenland": (-41, 73),
    "alberta": (-118, 54.5),
    "ontario": (-92, 51),
    "eastern-canada": (-69, 52.5),
    "western-united-states": (-113, 41),
    "eastern-united-states": (-86, 37),
    "central-america": (-102, 23),
    "venezuela": (-68, 5),
    "brazil": (-50, -9),
    "peru": (-72.5, -13),
    "argentina": (-65, -34),
    "iceland": (-18.8, 64.4),
    "great-britain": (-2.4, 53.6),
    "scandinavia": (16.5, 63),
    "northern-europe": (15, 51.5),
    "russia": (38, 55),
    "western-europe": (-1.0, 42.6),
    "southern-europe": (20.5, 44),
    "north-africa": (0, 20),
    "egypt": (29.5, 26),
    "east-africa": (37, 3),
    "central-africa": (21, -4),
    "south-africa": (25, -24),
    "madagascar": (46.8, -19.5),
    "middle-east": (45, 29),
    "afghanistan": (65, 42),
    "ural": (68, 60),
    "siberia": (92, 64),
    "yakutsk": (127, 67),
    "kamchatka": (160, 64),
    "irkutsk": (115, 56),
    "mongolia": (105, 46.5),
    "japan": (140.2, 37.6),
    "china": (100, 33),
    "india": (78.5, 22),
    "southeast-asia": (101, 17),
    "indonesia": (114, -1),
    "new-guinea": (143.5, -6.3),
    "western-australia": (123, -25),
    "eastern-australia": (144, -25),
}


def miller_y(lat: float) -> float:
    phi = math.radians(max(min(lat, 89.0), -89.0))
    return 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * phi))


SCALE = WIDTH / math.radians(LON_EAST - LON_WEST)
Y_TOP = miller_y(LAT_NORTH)
HEIGHT = round(TOP_MARGIN + (Y_TOP - miller_y(LAT_SOUTH)) * SCALE + BOTTOM_MARGIN)


# Europe is crowded at this scale: a gentle lens magnifies it around its middle. The radial map
# r -> r * (1 + (m - 1) * exp(-(r / R)^2)) grows monotonically for m < 3.2, so it keeps every
# shape and border intact; far from the centre it is the identity.
LENS_CENTRE_LONLAT = (14.0, 51.0)
LENS_MAGNIFY = 1.5
LENS_RADIUS = 80.0


def _miller_array(xy):
    lon = np.radians(xy[:, 0] - LON_WEST) * SCALE
    phi = np.radians(np.clip(xy[:, 1], -89.0, 89.0))
    y = TOP_MARGIN + (Y_TOP - 1.25 * np.log(np.tan(np.pi / 4 + 0.4 * phi))) * SCALE
    return np.column_stack([lon, y])


LENS_CENTRE = _miller_array(np.array([LENS_CENTRE_LONLAT], dtype=float))[0]


def _project_array(xy):
    out = _miller_array(np.asarray(xy, dtype=float))
    d = out - LENS_CENTRE
    r = np.hypot(d[:, 0], d[:, 1])
    factor = 1 + (LENS_MAGNIFY - 1) * np.exp(-((r / LENS_RADIUS) ** 2))
    return LENS_CENTRE + d * factor[:, None]


def project(lon: float, lat: float) -> tuple[float, float]:
    x, y = _project_array(np.array([[lon, lat]], dtype=float))[0]
    return float(x), float(y)


def project_geom(geom):
    return shapely.transform(geom, _project_array)


# ---------------------------------------------------------------------------------------------
# Building.
# ---------------------------------------------------------------------------------------------


def default_shapefile() -> Path:
    spec = importlib.util.find_spec("geopandas")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("geopandas==0.14.4 is not installed; pass --shapefile PATH")
    base = Path(next(iter(spec.submodule_search_locations)))
    path = base / "datasets" / "naturalearth_lowres" / "naturalearth_lowres.shp"
    if not path.exists():
        raise SystemExit(f"{path} is missing (geopandas>=1.0 dropped it); pass --shapefile PATH")
    return path


def parts(geom) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon | MultiPolygon)]


def load_countries(path: Path) -> list[tuple[str, object]]:
    reader = shapefile.Reader(str(path))
    names = [f[0] for f in reader.fields[1:]]
    out = []
    for rec in reader.iterShapeRecords():
        attrs = dict(zip(names, rec.record, strict=True))
        geom = shape(rec.shape.__geo_interface__)
        if not geom.is_valid:
            geom = shapely.make_valid(geom)
        out.append((attrs["name"], geom))
    return out


def wrap_russia(geom):
    """Russia's parts east of the antimeridian (Chukotka's tip, Wrangel) move 360 degrees east."""
    moved = []
    for p in parts(geom):
        if p.centroid.x < 0:
            p = affinity.translate(p, xoff=360)
        moved.append(p)
    return unary_union(moved)


def faces(lines, seeds, name) -> list[tuple[str, Polygon]]:
    frame = box(-40, 12, 220, 89)  # lines run from beyond one side to beyond another
    noded = unary_union([LineString(line) for line in lines] + [frame.exterior])
    out = []
    for face in polygonize(noded):
        inside = [slug for slug, pt in seeds.items() if face.contains(Point(pt))]
        if len(inside) != 1:
            raise SystemExit(f"{name}: a face holds seeds {inside}; fix the cut lines")
        out.append((inside[0], face))
    found = {slug for slug, _ in out}
    if found != set(seeds):
        raise SystemExit(f"{name}: seeds {sorted(set(seeds) - found)} are in no face")
    return out


def assign(countries) -> dict[str, list]:
    pieces: dict[str, list] = {slug: [] for slug in TERRITORY_NAMES}
    seen = set()
    for name, geom in countries:
        if name not in COUNTRY_RULES:
            raise SystemExit(f"no rule for country {name!r}")
        seen.add(name)
        rule = COUNTRY_RULES[name]
        if name == "Russia":
            geom = wrap_russia(geom)
        if rule is None:
            continue
        if isinstance(rule, str):
            pieces[rule].append(geom)
            continue
        if isinstance(rule, dict):
            boxes = faces(rule["lines"], rule["seeds"], name)
        else:
            boxes = [(slug, box(*b)) for slug, b in rule]
        country_parts = parts(geom)
        biggest = max(country_parts, key=lambda p: p.area)
        for part in country_parts:
            if part is not biggest:
                c = part.representative_point()
                hits = [slug for slug, bx in boxes if bx.covers(c)]
                if not hits:
                    print(f"note: an island of {name} at {c.x:.1f}, {c.y:.1f} is in no box")
                elif hits[0]:  # None: left off on purpose
                    pieces[hits[0]].append(part)
                continue
            for slug, bx in boxes:
                cut = part.intersection(bx)
                if slug and not cut.is_empty:
                    pieces[slug].append(cut)
    missing = set(COUNTRY_RULES) - seen
    if missing:
        print(f"note: rules for countries not in the data: {sorted(missing)}", file=sys.stderr)
    return pieces


def polygonal(geom):
    geom = shapely.make_valid(geom)
    ps = parts(geom)
    return unary_union(ps) if ps else Polygon()


def build_territories(countries) -> dict[str, object]:
    pieces = assign(countries)
    frame = box(LON_WEST, LAT_SOUTH, LON_EAST, LAT_NORTH)
    shapes = {}
    for slug, geoms in pieces.items():
        if not geoms:
            raise SystemExit(f"territory {slug} got no land")
        merged = polygonal(unary_union(geoms).intersection(frame))
        shapes[slug] = project_geom(merged)
    for slug, factor in ENLARGE.items():
        g = shapes[slug]
        others = unary_union([shapes[s] for s in shapes if s != slug])
        # As large as asked, but never closer than ISLAND_GAP to another territory.
        while factor > 1.0:
            big = affinity.scale(g, factor, factor, origin=g.centroid)
            if big.distance(others) >= min(ISLAND_GAP, g.distance(others)):
                shapes[slug] = big
                break
            factor = round(factor - 0.02, 2)
    # Drop slivers left by the cuts.
    for slug, g in shapes.items():
        keep = [p for p in parts(g) if p.area > 0.4]
        shapes[slug] = unary_union(keep)
    return shapes


def simplify(shapes: dict[str, object], tolerance: float) -> dict[str, object]:
    slugs = list(shapes)
    # Make the territories a proper coverage first: a fine grid so that both sides of a cut
    # agree, then every corner of a neighbour that lies on an edge becomes a vertex of that edge
    # too (a cut that ends on another cut leaves such T-junctions).
    shapes = {s: polygonal(shapely.set_precision(g, 0.01)) for s, g in shapes.items()}
    noded = {}
    for s, g in shapes.items():
        near = [o for t, o in shapes.items() if t != s and o.distance(g) < 0.05]
        if near:
            g = polygonal(snap(g, unary_union([o.boundary for o in near]), 0.02))
        noded[s] = g
    shapes = noded
    if hasattr(shapely, "coverage_simplify"):
        simple = shapely.coverage_simplify([shapes[s] for s in slugs], tolerance)
    else:  # shapely < 2.1: may open hairline gaps between neighbours
        simple = [shapes[s].simplify(tolerance, preserve_topology=True) for s in slugs]
    return {s: polygonal(g) for s, g in zip(slugs, simple, strict=True)}


def rounded(geom, digits: int = 1):
    return polygonal(shapely.set_precision(geom, 10**-digits))


def land_borders(shapes) -> set[tuple[str, str]]:
    found = set()
    slugs = sorted(shapes)
    for i, a in enumerate(slugs):
        for b in slugs[i + 1 :]:
            shared = shapes[a].buffer(0.15).intersection(shapes[b].buffer(0.15))
            if not shared.is_empty and shared.area > 0.3:
                found.add((a, b))
    return found


def coast_point(geom, toward: Point) -> Point:
    return nearest_points(geom, toward)[0]


def sea_line(shapes, a: str, b: str) -> list[list[list[float]]]:
    route = SEA_ROUTES.get((a, b)) or SEA_ROUTES.get((b, a))
    if route:
        mids = [Point(project(lon, lat)) for lon, lat in route]
        # Waypoints may be listed from either end: start at the one nearer to a.
        forward = shapes[a].distance(mids[0]) + shapes[b].distance(mids[-1])
        backward = shapes[a].distance(mids[-1]) + shapes[b].distance(mids[0])
        if backward < forward:
            mids.reverse()
        start = coast_point(shapes[a], mids[0])
        end = coast_point(shapes[b], mids[-1])
        pts = [start, *mids, end]
    else:
        start, end = nearest_points(shapes[a], shapes[b])
        pts = [start, end]
    # A line at least 14 units long, so that a narrow strait still shows a crossing.
    total = sum(p.distance(q) for p, q in zip(pts, pts[1:], strict=False))
    if total < 14:
        (x0, y0), (x1, y1) = pts[0].coords[0], pts[-1].coords[0]
        if total < 1e-6:
            ca, cb = shapes[a].centroid, shapes[b].centroid
            dx, dy = cb.x - ca.x, cb.y - ca.y
        else:
            dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy) or 1.0
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        pts = [Point(mx - 7 * dx / n, my - 7 * dy / n), Point(mx + 7 * dx / n, my + 7 * dy / n)]
    coords: list[list[float]] = []
    for p in pts:
        c = [round(p.x, 1), round(p.y, 1)]
        if not coords or math.dist(c, coords[-1]) >= 1.0:
            coords.append(c)
    if len(coords) < 2:
        raise SystemExit(f"sea line {a} / {b} collapsed; check its route")
    return [[p, q] for p, q in zip(coords, coords[1:], strict=False)]


def bering_stubs(shapes) -> list[list[list[float]]]:
    """Alaska-Kamchatka: one stub from each coast to its edge of the map, at the Bering Strait."""
    _, y = project(0, BERING_LAT)
    probe_left = LineString([(0, y), (WIDTH / 2, y)])
    hit = probe_left.intersection(shapes["alaska"])
    left_x = min(pt[0] for g in parts_of_lines(hit) for pt in g.coords) if not hit.is_empty else 30
    probe_right = LineString([(WIDTH / 2, y), (WIDTH, y)])
    hit = probe_right.intersection(shapes["kamchatka"])
    right_x = (
        max(pt[0] for g in parts_of_lines(hit) for pt in g.coords) if not hit.is_empty else 970
    )
    return [
        [[round(left_x, 1), round(y, 1)], [0.0, round(y, 1)]],
        [[round(right_x, 1), round(y, 1)], [WIDTH, round(y, 1)]],
    ]


def parts_of_lines(geom):
    if geom.is_empty:
        return []
    if isinstance(geom, LineString):
        return [geom]
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, LineString)]


def anchor_for(slug: str, geom) -> Point:
    if slug in ANCHOR_LONLAT:
        pt = Point(project(*ANCHOR_LONLAT[slug]))
        if geom.contains(pt):
            return pt
        print(f"note: anchor of {slug} falls outside; using polylabel", file=sys.stderr)
    biggest = max(parts(geom), key=lambda p: p.area)
    return polylabel(biggest, tolerance=0.5)


def ocean_panels(shapes) -> dict[str, list[float]]:
    """Open-sea boxes for the legend: the South Pacific and the southern Indian Ocean."""
    x0, y0 = project(-176, -8)
    x1, y1 = project(-84, -56)
    winners = [x0, y0, x1, y1]
    cx0, cy0 = project(57, -15)
    cx1, cy1 = project(110, -56)
    continents = [cx0, cy0, cx1, cy1]
    land = unary_union(list(shapes.values()))
    for name, b in (("winners", winners), ("continents", continents)):
        if box(*b).intersects(land):
            print(f"note: legend panel {name} touches land", file=sys.stderr)
    title = [0.0, 0.0, WIDTH, TOP_MARGIN]
    return {
        "title": [round(v, 1) for v in title],
        "winners": [round(v, 1) for v in winners],
        "continents": [round(v, 1) for v in continents],
    }


def rings_of(geom) -> list[list[list[list[float]]]]:
    out = []
    for p in sorted(parts(geom), key=lambda q: -q.area):
        p = shapely.geometry.polygon.orient(p, sign=1.0)
        rings = [p.exterior, *p.interiors]
        out.append([[[round(x, 1), round(y, 1)] for x, y in r.coords[:-1]] for r in rings])
    return out


def build(shp: Path, tolerance: float) -> tuple[dict, list[str]]:
    shapes = build_territories(load_countries(shp))
    shapes = simplify(shapes, tolerance)
    shapes = {s: rounded(g) for s, g in shapes.items()}
    problems: list[str] = []

    conns = connections()
    borders = land_borders(shapes)
    extra = borders - set(conns)
    for a, b in sorted(extra):
        problems.append(f"land border {a} / {b} is not a connection of the rules")
    sea = [c for c in conns if c not in borders]

    territories = {}
    for slug in TERRITORY_NAMES:
        g = shapes[slug]
        if g.is_empty:
            problems.append(f"{slug} is empty")
            continue
        minx, miny, maxx, maxy = g.bounds
        if minx < 0 or miny < 0 or maxx > WIDTH or maxy > HEIGHT:
            problems.append(f"{slug} leaves the canvas: {g.bounds}")
        anchor = anchor_for(slug, g)
        if not g.contains(anchor):
            problems.append(f"anchor of {slug} is outside it")
        territories[slug] = {
            "name": TERRITORY_NAMES[slug],
            "continent": TERRITORY_CONTINENT[slug],
            "anchor": [round(anchor.x, 1), round(anchor.y, 1)],
            "polygons": rings_of(g),
        }

    sea_lines = []
    for a, b in sea:
        if {a, b} == {"alaska", "kamchatka"}:
            segments = bering_stubs(shapes)
        else:
            segments = sea_line(shapes, a, b)
        sea_lines.append({"a": a, "b": b, "segments": segments})

    data = {
        "about": (
            "Earthbook's own map of the 42 Risk Legacy territories, made by "
            "tools/make_board_geometry.py from Natural Earth 1:110m countries (public domain), "
            "Miller projection; map units, y down."
        ),
        "width": WIDTH,
        "height": float(HEIGHT),
        "continents": {
            slug: {"name": name, "bonus": BONUS[slug], "territories": [slugify(n) for n in names]}
            for slug, (name, names) in CONTINENTS.items()
        },
        "territories": territories,
        "connections": [list(c) for c in conns],
        "land_borders": [list(c) for c in sorted(borders)],
        "sea_lines": sea_lines,
        "panels": ocean_panels(shapes),
    }
    return data, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shapefile", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--tolerance", type=float, default=0.35, help="simplify, map units")
    parser.add_argument("--check", action="store_true", help="check only, write nothing")
    args = parser.parse_args(argv)

    data, problems = build(args.shapefile or default_shapefile(), args.tolerance)
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    points = sum(len(r) for t in data["territories"].values() for p in t["polygons"] for r in p)
    print(
        f"{len(data['territories'])} territories, {points} points, "
        f"{len(data['land_borders'])} land borders, {len(data['sea_lines'])} sea lines, "
        f"canvas {data['width']:.0f}x{data['height']:.0f}, {len(text) / 1024:.0f} KiB"
    )
    for p in problems:
        print("PROBLEM:", p, file=sys.stderr)
    if problems:
        return 1
    if not args.check:
        args.out.write_text(text + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
