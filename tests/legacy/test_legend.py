"""The board's legend: a World Capital and each kind of unlocked mark get a distinct symbol on
the board and a line of the legend, in the SVG and the PNG."""

import io

from PIL import Image

from campaigns.pictures.state import mark_symbol, picture_of_world
from legacy import drawing
from legacy.world import City, empty_world


def capital_world():
    world = empty_world()
    egypt = world.territories["egypt"]
    from dataclasses import replace

    territories = dict(world.territories)
    territories["egypt"] = replace(egypt, city=City("capital", "Nova"))
    territories["india"] = replace(world.territories["india"], other_marks=("beacon",))
    territories["peru"] = replace(world.territories["peru"], other_marks=("beacon", "ruin"))
    return replace(world, territories=territories)


KINDS = [("beacon", "Beacon"), ("ruin", "Ruin"), ("unused", "Unused")]


def test_the_svg_of_the_board_carries_the_capital_symbol_and_a_legend_entry():
    svg = drawing.render_svg(picture_of_world(capital_world(), title="Ours", mark_kinds=KINDS))
    assert 'class="mark city-capital" data-for="egypt"' in svg
    assert 'class="mark legend-capital"' in svg
    assert "World Capital (5)" in svg


def test_each_kind_of_unlocked_mark_has_its_letter_on_the_board_and_in_the_legend():
    svg = drawing.render_svg(picture_of_world(capital_world(), title="Ours", mark_kinds=KINDS))
    assert 'class="mark unlocked-mark mark-a" data-for="india"' in svg
    assert 'class="mark unlocked-mark mark-b" data-for="peru"' in svg
    assert 'class="mark legend-mark mark-a"' in svg and ">Beacon<" in svg
    assert 'class="mark legend-mark mark-b"' in svg and ">Ruin<" in svg
    assert "Unused" not in svg  # a kind not on the board has no legend line


def test_a_board_without_a_capital_or_unlocked_marks_has_no_legend():
    svg = drawing.render_svg(picture_of_world(empty_world(), title="Ours", mark_kinds=KINDS))
    assert "legend-" not in svg and "Legend" not in svg


def test_the_legend_is_drawn_in_the_png_too():
    plain = picture_of_world(empty_world(), title="Ours")
    marked = picture_of_world(capital_world(), title="Ours", mark_kinds=KINDS)
    box = tuple(int(v * 2) for v in drawing.LEGEND_BOX)  # 2000 px wide: 2 px per map unit
    crop = (box[0] + 2, box[3] - 40, box[2] - 2, box[3] - 4)

    def legend_pixels(picture):
        image = Image.open(io.BytesIO(drawing.render_png(picture, width=2000))).convert("RGB")
        return image.crop(crop).tobytes()

    assert legend_pixels(plain) != legend_pixels(marked)


def test_the_legend_is_in_the_pictures_language():
    picture = picture_of_world(capital_world(), title="Ours", mark_kinds=KINDS, language="ru")
    svg = drawing.render_svg(picture)
    assert "Всемирная столица (5)" in svg and "Условные знаки" in svg


def test_kinds_of_mark_are_lettered_in_order():
    assert [mark_symbol(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


def cancelled_scar_world(*, marked: bool):
    """Brazil's scar was cancelled with a white sticker; ``marked``: the campaign reads the
    sticker as a sticker (the territory is still marked)."""
    from dataclasses import replace

    world = empty_world()
    territories = dict(world.territories)
    territories["brazil"] = replace(world.territories["brazil"], scar_cancelled=True)
    return replace(world, territories=territories, cancelled_scars_mark=marked)


def test_a_cancelled_scar_is_drawn_as_a_white_sticker_only_where_the_campaign_reads_it_so():
    marked = drawing.render_svg(picture_of_world(cancelled_scar_world(marked=True), title="Ours"))
    assert 'class="mark scar-cancelled" data-for="brazil"' in marked
    assert 'class="mark legend-scar-cancelled"' in marked
    assert "White sticker: scar cancelled" in marked
    unmarked = drawing.render_svg(
        picture_of_world(cancelled_scar_world(marked=False), title="Ours")
    )
    assert "scar-cancelled" not in unmarked and "White sticker" not in unmarked
    assert "Legend" not in unmarked


def test_the_white_sticker_has_its_legend_line_in_russian_and_in_the_png():
    russian = picture_of_world(cancelled_scar_world(marked=True), title="Ours", language="ru")
    assert "Белая наклейка: шрам отменён" in drawing.render_svg(russian)
    plain = picture_of_world(cancelled_scar_world(marked=False), title="Ours")
    marked = picture_of_world(cancelled_scar_world(marked=True), title="Ours")
    assert drawing.render_png(plain, width=1000) != drawing.render_png(marked, width=1000)


def test_a_new_scar_over_the_white_sticker_is_drawn_as_the_scar_alone():
    from dataclasses import replace

    world = cancelled_scar_world(marked=True)
    territories = dict(world.territories)
    territories["brazil"] = replace(territories["brazil"], scar="bunker")
    svg = drawing.render_svg(picture_of_world(replace(world, territories=territories), title="O"))
    assert 'class="mark scar-bunker" data-for="brazil"' in svg
    assert "scar-cancelled" not in svg
