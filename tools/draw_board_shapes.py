"""Write the board's shapes file, ``static/board/shapes.svg``: the territories' outlines and
the sea lines, the part of the board that is the same for every campaign.

    python tools/draw_board_shapes.py

The pages reference it (``web.board_svg``) rather than repeating it, so a browser fetches it
once. It is made from ``legacy/board_geometry.json`` and always gives the same bytes; a test
checks that the file in the repository is up to date.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from legacy.drawing import shapes_svg  # noqa: E402

TARGET = ROOT / "static" / "board" / "shapes.svg"

if __name__ == "__main__":
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(shapes_svg(), encoding="utf-8")
    print(f"{TARGET.relative_to(ROOT)}: {TARGET.stat().st_size} bytes")
