"""The end poster's words and picture, without a database."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from legacy.drawing import BoardPicture, render_image
from legacy.poster import Winner, poster_text, render_poster

WINNERS = [Winner(n, "Ада" if n % 2 else "Boris", "Khan Industries") for n in range(16, 0, -1)]


def test_the_poster_names_the_world_and_lists_the_first_fifteen_winners_in_order():
    text = poster_text("Harmony", WINNERS, "en")
    assert text.heading == "The World of Harmony"
    assert text.winners_heading == "The winners"
    assert len(text.lines) == 15
    assert text.lines[0] == "Game 1: Ада (Khan Industries)"
    assert text.lines[14] == "Game 15: Ада (Khan Industries)"


def test_the_poster_speaks_russian_when_the_campaign_does():
    text = poster_text("Гармония", WINNERS[:2], "ru")
    assert text.heading == "Мир «Гармония»"
    assert text.lines == ("Игра 15: Ада (Khan Industries)", "Игра 16: Boris (Khan Industries)")


def test_the_poster_is_the_board_framed_by_the_world_name_and_the_winners():
    picture = BoardPicture(territories=(), continents=(), winners=(), title="Our Earth")
    board = render_image(picture, 800)
    poster = Image.open(io.BytesIO(render_poster(picture, poster_text("Гармония", WINNERS), 800)))
    assert poster.width == 800 and poster.height > board.height
    # The board sits below the heading band, unchanged; the bands around it carry text.
    top = round(800 / 100 * 5) * 2.2
    band = poster.crop((0, 0, 800, round(top))).convert("RGB")
    assert band.getcolors(maxcolors=4096) is not None and len(band.getcolors(4096)) > 2  # text
    inner = poster.convert("RGB").crop((0, round(top), 800, round(top) + board.height))
    assert ImageChops.difference(inner, board.convert("RGB")).getbbox() is None
