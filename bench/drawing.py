"""Benchmark: draw a fully marked board as a 2000-pixel PNG.

    python -m bench.drawing [RUNS] [--out board.png]

Every territory has a city, a scar (base and group-made types) and coins; some are fortified,
some hold an HQ or a destroyed card; all six continents are named or changed; the winners'
section is full; two territories packets added are drawn as islands, marked like the others.
One untimed render first warms the caches (fonts, the pre-drawn printed board).
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from legacy.drawing import (
    CITY_KINDS,
    STORED_COMPRESS_LEVEL,
    BoardPicture,
    DrawnContinent,
    DrawnIsland,
    DrawnTerritory,
    all_slugs,
    render_png,
)

FACTIONS = (
    "die-mechaniker",
    "enclave-of-the-bear",
    "imperial-balkania",
    "khan-industries",
    "saharan-republic",
)


def fully_marked_picture() -> BoardPicture:
    kinds = CITY_KINDS
    scars = (
        ("bunker", None),
        ("ammo-shortage", None),
        ("mercenaries", "Mercenaries"),
        ("biohazard", "Biohazard"),
        ("fallout", "Fallout"),
    )
    names = ("Novgorod", "Port Zed", "Москва", "Élan", "Xi", "New Carthage", "Öresund")
    territories = []
    for i, slug in enumerate(all_slugs()):
        scar, label = scars[i % len(scars)]
        territories.append(
            DrawnTerritory(
                slug,
                city_kind=kinds[i % 3],
                city_name=names[i % len(names)],
                scar=scar,
                scar_label=label,
                fortified=i % 4 == 0,
                fortification_boxes_used=i % 11,
                card_destroyed=i % 6 == 0,
                coins=1 + i % 6,
                hq_faction=FACTIONS[i % 5] if i % 8 == 0 else None,
            )
        )
    islands = (
        DrawnIsland("quillowmere", "Quillowmere", "africa", ("madagascar", "south-africa")),
        DrawnIsland("mu", "Mu", "asia", ("japan",), (0.9, 0.2)),
    )
    for i, island in enumerate(islands):
        territories.append(
            DrawnTerritory(
                island.slug,
                city_kind=kinds[i + 1],
                city_name=names[i],
                scar=scars[i + 2][0],
                scar_label=scars[i + 2][1],
                fortified=True,
                fortification_boxes_used=4,
                card_destroyed=i == 1,
                coins=3,
                hq_faction=FACTIONS[i],
            )
        )
    continents = (
        DrawnContinent("north-america", "Ameritopia", 5, 1),
        DrawnContinent("south-america", "Verdancia", 2, 0),
        DrawnContinent("europe", "Mitteland", 5, 0),
        DrawnContinent("africa", "Sahelia", 3, 0),
        DrawnContinent("asia", "The Steppe", 7, -1),
        DrawnContinent("australia", "Down Under", 2, 0),
    )
    winners = tuple(
        (line, f"Player {line}", "Veni, vidi, vici" if line % 2 else None) for line in range(1, 16)
    )
    return BoardPicture(
        territories,
        continents,
        winners,
        "Pangaea Nova",
        "Tuesday Night Campaign",
        islands=islands,
    )


RENDER_TARGET_MS = 50
PICTURE_TARGET_BYTES = 150 * 1024


def bench_board_render_png(runs: int = 15) -> dict:
    picture = fully_marked_picture()
    start = time.perf_counter()
    render_png(picture, width=2000)  # warm-up: fonts and the printed board are drawn once
    first_ms = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(max(1, runs)):
        start = time.perf_counter()
        render_png(picture, width=2000)
        times.append((time.perf_counter() - start) * 1000)
    median = statistics.median(times)
    return {
        "bench": "board_render_png",
        "median_ms": round(median, 2),
        "runs": len(times),
        "first_ms": round(first_ms, 2),  # includes drawing the printed board (cached after)
        "target": f"warm render <= {RENDER_TARGET_MS} ms",
        "met": median <= RENDER_TARGET_MS,
    }


def bench_board_picture_size() -> dict:
    """The picture of the fully marked board, 2000 pixels wide, as it is stored (a palette PNG
    at ``STORED_COMPRESS_LEVEL``, as ``campaigns.pictures.render`` writes it)."""
    picture = fully_marked_picture()
    size = len(render_png(picture, width=2000, compress_level=STORED_COMPRESS_LEVEL))
    return {
        "bench": "board_picture_bytes",
        "bytes": size,
        "format": "PNG, 256-colour palette",
        "width": 2000,
        "target": f"stored picture <= {PICTURE_TARGET_BYTES // 1024} KB",
        "met": size <= PICTURE_TARGET_BYTES,
    }


def rows(runs: int = 15) -> list[dict]:
    return [bench_board_render_png(runs), bench_board_picture_size()]


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--out" in args:
        i = args.index("--out")
        with open(args[i + 1], "wb") as fh:
            fh.write(render_png(fully_marked_picture(), width=2000))
        del args[i : i + 2]
    for row in rows(int(args[0]) if args else 15):
        print(json.dumps(row))
