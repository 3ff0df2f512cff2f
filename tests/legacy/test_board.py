"""The printed board, checked against the rules digest in ../shared/RULES.md."""

import re
from collections import deque
from pathlib import Path

import pytest

from legacy import board

RULES = Path(__file__).resolve().parents[3] / "shared" / "RULES.md"


def _rules_text() -> str:
    if not RULES.exists():
        pytest.fail(f"The rules digest is missing at {RULES}; CI keeps shared/ beside the repo.")
    return RULES.read_text(encoding="utf-8")


def _digest_connections() -> set[frozenset[str]]:
    block = _rules_text().split("```")[1]
    pairs = set()
    for line in block.strip().splitlines():
        left, right = line.split(":")
        for other in right.split(","):
            pairs.add(frozenset((board.slugify(left.strip()), board.slugify(other.strip()))))
    return pairs


def _digest_continents() -> dict[str, tuple[int, list[str]]]:
    found = {}
    pattern = (
        r"^- (North America|South America|Europe|Africa|Asia|Australia) \((\d)\): (.+?)(?=^- |^\n)"
    )
    for name, bonus, names in re.findall(pattern, _rules_text(), flags=re.M | re.S):
        found[name] = (int(bonus), [n.strip() for n in names.replace("\n", " ").split(",")])
    return found


def test_the_board_has_42_territories_in_6_continents():
    assert len(board.TERRITORIES) == 42
    assert len(board.CONTINENTS) == 6
    assert len(board.TERRITORY_BY_SLUG) == 42


def test_territory_names_and_bonuses_are_the_printed_ones():
    digest = _digest_continents()
    assert set(digest) == {c.name for c in board.CONTINENTS}
    for continent in board.CONTINENTS:
        bonus, names = digest[continent.name]
        assert continent.bonus == bonus
        assert [
            board.TERRITORY_BY_SLUG[s].name for s in board.territories_of(continent.slug)
        ] == names


def test_risk_legacy_prints_four_names_that_differ_from_classic_risk():
    names = {t.name for t in board.TERRITORIES}
    assert {"Eastern Canada", "Russia", "Southeast Asia", "Central Africa"} <= names
    assert not {"Quebec", "Ukraine", "Siam", "Congo"} & names


def test_there_are_83_connections_exactly_as_in_the_digest():
    assert len(board.CONNECTIONS) == 83
    assert _digest_connections() == board.CONNECTIONS


def test_connections_are_symmetric():
    for t in board.TERRITORIES:
        for n in board.neighbors(t.slug):
            assert t.slug in board.neighbors(n)


def test_the_board_is_one_connected_graph():
    start = board.TERRITORIES[0].slug
    seen, queue = {start}, deque([start])
    while queue:
        for n in board.neighbors(queue.popleft()):
            if n not in seen:
                seen.add(n)
                queue.append(n)
    assert len(seen) == 42


def test_sea_lines_join_the_continents():
    assert board.are_adjacent("alaska", "kamchatka")
    assert board.are_adjacent("brazil", "north-africa")
    assert board.are_adjacent("greenland", "iceland")
    assert not board.are_adjacent("alaska", "greenland")
