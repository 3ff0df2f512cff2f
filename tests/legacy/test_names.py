"""Every printed name of the board and the box has its Russian name, and nothing else does."""

from __future__ import annotations

import pytest

from legacy import board, names
from legacy.box import FACTIONS


def test_every_territory_continent_and_faction_has_a_russian_name():
    assert set(names.RU_TERRITORIES) == {t.slug for t in board.TERRITORIES}
    assert set(names.RU_CONTINENTS) == {c.slug for c in board.CONTINENTS}
    assert set(names.RU_FACTIONS) == {f.slug for f in FACTIONS}
    russian = [*names.RU_TERRITORIES.values(), *names.RU_CONTINENTS.values()]
    assert len(set(russian)) == len(russian)  # no two places share a name


@pytest.mark.parametrize(
    ("code", "language"),
    [("ru", "ru"), ("ru-RU", "ru"), ("RU_ru", "ru"), ("en-gb", "en"), ("de", "en"), (None, "en")],
)
def test_a_language_code_is_read_as_one_of_ours(code, language):
    assert names.language_of(code) == language


def test_names_in_either_language():
    assert names.territory("kamchatka", "ru") == "Камчатка"
    assert names.territory("kamchatka", "en") == "Kamchatka"
    assert names.continent("australia", "ru-RU") == "Австралия"
    assert names.faction("saharan-republic", "ru") == "Сахарская Республика"
    assert names.faction("saharan-republic") == "The Saharan Republic"


def test_a_name_a_group_gave_is_kept_as_it_is():
    assert names.faction("the-last-legion", "ru") == "the-last-legion"
    assert names.territory("atlantis", "ru") == "atlantis"


def test_the_box_scar_types_have_russian_names_and_a_groups_own_keep_theirs():
    from legacy.box import BASE_SCAR_TYPES

    assert set(names.RU_SCARS) == {s.slug for s in BASE_SCAR_TYPES}
    assert names.base_scar("bunker", "Bunker", "ru") == "Бункер"
    assert names.base_scar("bunker", "Bunker", "en") == "Bunker"
    assert names.base_scar("mutiny", "Mutiny", "ru") == "Mutiny"


def test_every_starting_power_of_the_box_has_russian_words():
    for f in FACTIONS:
        for p in f.starting_powers:
            name, text = names.power(f.slug, p.code, p.name, p.text, "ru")
            assert (name, text) == names.RU_POWERS[(f.slug, p.code)] and name != p.name
            assert names.power(f.slug, p.code, p.name, p.text, "en") == (p.name, p.text)
    assert len(names.RU_POWERS) == sum(len(f.starting_powers) for f in FACTIONS)
    assert names.power("khan-industries", "z", "Our own", "Words", "ru") == ("Our own", "Words")


def test_every_type_of_mark_has_a_label_on_the_pages():
    from legacy.corrections import MARK_TYPES
    from web.pages import MARK_TYPE_LABELS

    assert set(MARK_TYPE_LABELS) == {m.__name__ for m in MARK_TYPES.values()}
