"""The whole table without missiles, worked out along the table's own shape.

The same additions in the same order as the engine, so the very same numbers, in a fraction of
the numpy operations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from legacy.odds.rolls import CONQUER, NORMAL, kernel_for

if TYPE_CHECKING:
    from legacy.odds.inputs import Modifiers, RollRules


# --- The whole table without missiles ----------------------------------------------------------
#
# Without missiles the table has a simpler shape than the general engine assumes, and working
# along it takes far fewer numpy operations. It is the same arithmetic in the same order (each
# state adds up its roll's outcomes as the engine does), so every chance is the same to the
# last bit.
#
# * A roll of 3 attack dice is the only one that marks a fortification box, and 4 or more
#   troops on the attacking territory always roll 3 dice. So every state with 4 or more
#   attackers and b >= 1 boxes unmarked moves to one with b - 1 boxes: the whole plane of
#   chances with b boxes comes from the plane with b - 1 in a few operations on whole arrays.
# * With 2 or 3 attackers the attacker never rolls 3 dice again, so the boxes left no longer
#   matter, only whether the dice are fortified: those two columns, like the row of 1 defender,
#   are short recurrences worked out one number at a time.
# * The plane that refers to itself (no boxes left, never fortified, or a Die Mechaniker HQ) is
#   swept by anti-diagonals, as the engine does; away from those edges every roll compares two
#   pairs of dice, so a diagonal needs only the one two below it and two neighbouring
#   diagonals are worked out together.


def _roll_terms(rules: RollRules, attack_dice: int, defence_dice: int):
    """A roll's outcomes in the order the engine adds them up: the plain ones as
    (attacker losses, defender losses, probability), then the rest as (kind, defender losses,
    probability). The engine's order is sorted by kind, so the plain ones come first."""
    linear = kernel_for(attack_dice, defence_dice, rules, 0).linear
    plain = [(la, ld, p) for kind, la, ld, p in linear if kind == NORMAL]
    rest = [(kind, ld, p) for kind, _, ld, p in linear if kind != NORMAL]
    assert [t[0] for t in linear] == sorted(t[0] for t in linear)
    return plain, rest


def _edges(
    rules: RollRules, A: int, D: int, stop: int, with_row: bool = True
) -> tuple[list[list[float]], list[float]]:
    """The chances with 0 to 3 attackers (``columns[a][d]``) and with 1 defender (``row[a]``),
    the states the array sweeps leave out."""
    columns = [[1.0] + [0.0] * D for _ in range(4)]
    for a in (2, 3):
        if a > stop:
            column = columns[a]
            one, more = _roll_terms(rules, a - 1, 1), _roll_terms(rules, a - 1, 2)
            for d in range(1, D + 1):
                plain, rest = one if d == 1 else more
                total = 0.0
                for la, ld, p in plain:
                    total += p * columns[a - la][d - ld]
                for kind, ld, p in rest:
                    # An outright conquest is worth 1; a double six that halts, only if it
                    # also took the last defenders.
                    if kind == CONQUER or d == ld:
                        total += p
                column[d] = total
    row = [columns[a][1] if a <= 3 else 0.0 for a in range(A + 1)]
    if with_row and D >= 1:
        plain, rest = _roll_terms(rules, 3, 1)
        lines = ([1.0] * (A + 1), row)  # by defenders left (0 or 1), then attackers
        for a in range(max(4, stop + 1), A + 1):
            total = 0.0
            for la, ld, p in plain:
                total += p * lines[1 - ld][a - la]
            for kind, ld, p in rest:
                if kind == CONQUER or ld == 1:
                    total += p
            row[a] = total
    return columns, row


def _self_plane(rules: RollRules, A: int, D: int, stop: int) -> np.ndarray:
    """[attackers, defenders] chances when every roll of the battle has the same ``rules``."""
    columns, row = _edges(rules, A, D, stop)
    S = A + D
    # Anti-diagonals s = attackers + defenders, two to a row: state (a, s - a) is held in
    # pairs[s // 2, 2 * a + s % 2], so a pair of diagonals over a range of attackers, and the
    # pair below it, are each one contiguous run. One spare diagonal for the last pair.
    width = 2 * (A + 1)
    pairs = np.zeros((S // 2 + 2, width))
    plane = np.zeros((A + 1, D + 1))
    plane[:, 0] = 1.0  # no defenders left: conquered
    plane[:, 1] = row
    for a in (2, 3):
        if a <= A:
            plane[a, 1:] = columns[a][1:]
    views = _pair_views(pairs, A, D)
    for where, view in views:
        view[...] = plane[where]
    first = max(4, stop + 1)
    if first <= A and D >= 2:
        plain, rest = _roll_terms(rules, 3, 2)
        # Each plain outcome loses two troops in all, la of them attackers (0, 1 or 2, in that
        # order); one that cannot happen weighs 0 and adds an exact 0. below[q, la, j] is
        # pairs[q, j + 4 - 2 * la], so below[q - 1, :, 2 * lo - 4 : 2 * hi - 4] holds, for
        # each la, the states the pair q's states [lo, hi) reach by losing la attackers.
        weights = np.zeros((3, 1))
        for la, _, p in plain:
            weights[la, 0] = p
        step = pairs.strides[1]
        below = np.lib.stride_tricks.as_strided(
            pairs.reshape(-1)[4:],
            shape=(pairs.shape[0], 3, width - 4),
            strides=(pairs.strides[0], -2 * step, step),
            writeable=False,
        )
        products = np.empty((3, width))
        for s in range(first + 2 - first % 2, S + 1, 2):
            # Diagonals s and s + 1 from s - 2 and s - 1. Diagonal s + 1 also gets a state
            # with D + 1 defenders, never read, and s the state with 1 defender (or none to
            # roll for), put back below.
            lo, hi = max(first, s - D), min(A, s - 1) + 1
            q = s // 2
            out = pairs[q, 2 * lo : 2 * hi]
            part = products[:, : 2 * (hi - lo)]
            np.multiply(below[q - 1, :, 2 * lo - 4 : 2 * hi - 4], weights, out=part)
            np.add.reduce(part, axis=0, out=out)  # (la 0 + la 1) + la 2, as the engine adds
            for kind, ld, p in rest:
                if kind == CONQUER:
                    out += p
                elif ld == 2:  # two defenders left: a = s - 2 on s, a = s - 1 on s + 1
                    if lo <= s - 2 < hi:
                        pairs[q, 2 * (s - 2)] += p
                    if s - 1 < hi:
                        pairs[q, 2 * (s - 1) + 1] += p
            if s - 1 < hi:
                pairs[q, 2 * (s - 1)] = row[s - 1]
    for where, view in views:
        plane[where] = view
    return plane


def _pair_views(pairs: np.ndarray, A: int, D: int) -> list[tuple[tuple[slice, slice], Any]]:
    """The states (a, d) held in ``pairs[(a + d) // 2, 2 * a + (a + d) % 2]`` as four strided
    views, one for each parity of a and of d: with a = 2u + i and d = 2t + j, the state is
    u * (width + 4) + t * width + (0, 1, 3 or width + 2) places into the flat array."""
    width = pairs.shape[1]
    flat = pairs.reshape(-1)
    step = flat.strides[0]
    views = []
    for i, j, offset in ((0, 0, 0), (0, 1, 1), (1, 0, 3), (1, 1, width + 2)):
        shape = (len(range(i, A + 1, 2)), len(range(j, D + 1, 2)))
        view = np.lib.stride_tricks.as_strided(
            flat[offset:], shape=shape, strides=((width + 4) * step, width * step)
        )
        views.append(((slice(i, None, 2), slice(j, None, 2)), view))
    return views


def _add_worn_terms(out, terms, before, rows, cols, first_defenders, scratch) -> None:
    """``out`` (attackers ``rows`` x defenders ``cols`` of a plane) from the plane ``before``
    of one box fewer."""
    plain, rest = terms
    for i, (la, ld, p) in enumerate(plain):
        src = before[rows.start - la : rows.stop - la, cols.start - ld : cols.stop - ld]
        if i == 0:
            np.multiply(src, p, out=out)
        else:
            np.multiply(src, p, out=scratch)
            out += scratch
    if not plain:
        out[...] = 0.0
    for kind, ld, p in rest:
        if kind == CONQUER:
            out += p
        elif first_defenders <= ld < first_defenders + out.shape[1]:
            out[:, ld - first_defenders] += p


def plain_table(mods: Modifiers, A: int, D: int, stop: int) -> np.ndarray:
    """The chance of conquest for every (attackers, defenders), at full boxes, no missiles."""
    worn = mods.fortified and not mods.mechaniker_hq and mods.fortification_boxes > 0
    plane = _self_plane(mods._rules(mods.mechaniker_hq), A, D, stop)
    first = max(4, stop + 1)
    if not worn or first > A:
        if worn:
            columns, _ = _edges(mods._rules(True), A, D, stop, with_row=False)
            for a in (2, 3):
                if a <= A:
                    plane[a, 1:] = columns[a][1:]
        return plane
    rules = mods._rules(True)
    columns, _ = _edges(rules, A, D, stop, with_row=False)
    one, more = _roll_terms(rules, 3, 1), _roll_terms(rules, 3, 2)
    rows = slice(first, A + 1)
    # Two planes in turn: what does not change with the boxes is written once in both.
    planes = np.zeros((2, A + 1, D + 1))
    planes[:, :, 0] = 1.0
    for a in (2, 3):
        if a <= A:
            planes[:, a, 1:] = columns[a][1:]
    # With two or more defenders the states (first, 2) to (A, D) are one contiguous run of a
    # plane, and every outcome is that run shifted: it is worked out whole, then the states
    # with 0 or 1 defender it also ran over are put back and worked out.
    width = D + 1
    start, end = first * width + 2, (A + 1) * width
    scratch = np.empty(max(end - start, A + 1 - first))
    before = plane
    for boxes in range(1, mods.fortification_boxes + 1):
        now = planes[boxes % 2]
        if D >= 2:
            flat, out = before.reshape(-1), now.reshape(-1)[start:end]
            plain, rest = more
            for i, (la, ld, p) in enumerate(plain):
                shift = la * width + ld
                if i == 0:
                    np.multiply(flat[start - shift : end - shift], p, out=out)
                else:
                    np.multiply(flat[start - shift : end - shift], p, out=scratch[: end - start])
                    out += scratch[: end - start]
            for kind, ld, p in rest:
                if kind == CONQUER:
                    out += p
                elif ld == 2:
                    now[rows, 2] += p
            now[first + 1 :, 0] = 1.0
        _add_worn_terms(
            now[rows, 1:2], one, before, rows, slice(1, 2), 1, scratch[: A + 1 - first, None]
        )
        before = now
    return before.copy()
