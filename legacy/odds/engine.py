"""The battle engine: a whole battle as dynamic programming over anti-diagonals.

Every roll removes one or two troops, so ``attackers + defenders`` only goes down; each diagonal
is computed from the two below it with a handful of numpy operations on shifted slices, with the
fortification boxes unmarked and the missiles left as extra array axes (see the package's
docstring).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from legacy.odds.inputs import MISSILE_STATE_LIMIT, OddsInputError
from legacy.odds.rolls import CONQUER, HALT, NORMAL, kernel_for
from legacy.refusals import OddsRule

if TYPE_CHECKING:
    from legacy.odds.inputs import Modifiers


# --- The battle engine -------------------------------------------------------------------------


@dataclass(frozen=True)
class _BoxGroup:
    """Box states that roll alike: ``rows`` roll with ``fortified`` dice; after a 3-dice roll
    the state moves to ``worn_rows`` (row for row), after other rolls it stays."""

    rows: slice
    worn_rows: slice
    fortified: bool


class _Terminals:
    """Where the probability ends up, gathered by the forward pass."""

    def __init__(self, max_attackers: int, max_defenders: int, missile_states: int):
        self.attackers_left = np.zeros(max_attackers + 1)
        self.defenders_left = np.zeros(max_defenders + 1)
        self.missiles_left = np.zeros(missile_states)
        self.conquered = 0.0
        self.outright = 0.0
        self.halted = 0.0

    def add(self, mass: np.ndarray, first_attackers: int, first_defenders: int, step: int) -> float:
        """Record ``mass`` [box, missiles, position]; position i ends with
        ``first_attackers + i`` attackers and ``first_defenders - step * i`` defenders."""
        by_missiles = mass.sum(axis=0)
        by_position = by_missiles.sum(axis=0)
        width = by_position.shape[0]
        self.attackers_left[first_attackers : first_attackers + width] += by_position
        if step:
            last = first_defenders - (width - 1)
            self.defenders_left[last : first_defenders + 1] += by_position[::-1]
        else:
            self.defenders_left[first_defenders] += by_position.sum()
        self.missiles_left += by_missiles.sum(axis=1)
        return float(by_position.sum())


class Engine:
    """Dynamic programming over the states of one battle (or of a whole table of them).

    States are (box state, missiles left, attackers, defenders) with attackers <= ``A`` and
    defenders <= ``D``. Arrays for diagonal ``s`` (attackers + defenders = s) have the shape
    (box states, missile states, A + 1) and are indexed by attackers.
    """

    def __init__(
        self,
        mods: Modifiers,
        max_attackers: int,
        max_defenders: int,
        missiles: int,
        stop_at: int,
        conquest_value: np.ndarray | None = None,
    ):
        self.A = max_attackers
        self.D = max_defenders
        self.M = missiles
        self.NM = missiles + 1
        self.stop = stop_at
        if mods.mechaniker_hq:
            # Always fortified: one box state that never changes.
            self.NB = 1
            self.groups: tuple[_BoxGroup, ...] = (_BoxGroup(slice(0, 1), slice(0, 1), True),)
        elif mods.fortified and mods.fortification_boxes > 0:
            # Row b = boxes still unmarked; rows 1.. are fortified and wear down to b - 1.
            self.NB = mods.fortification_boxes + 1
            self.groups = (
                _BoxGroup(slice(1, self.NB), slice(0, self.NB - 1), True),
                _BoxGroup(slice(0, 1), slice(0, 1), False),
            )
        else:
            self.NB = 1
            self.groups = (_BoxGroup(slice(0, 1), slice(0, 1), False),)
        self.start_row = self.NB - 1
        self.kernels = {
            (g.fortified, ad, dd): kernel_for(ad, dd, mods._rules(g.fortified), min(missiles, ad))
            for g in self.groups
            for ad in (1, 2, 3)
            for dd in (1, 2)
        }
        # Chance of winning whatever comes after a conquest, by [missiles left, attackers left];
        # a plain battle ends there (1), a chain goes on to its next territory.
        if conquest_value is None:
            conquest_value = np.ones((self.NM, self.A + 1))
        self.R = conquest_value

    # Which rolls happen on diagonal s: (attack dice, defence dice, first attackers, end).
    def segments(self, s: int) -> list[tuple[int, int, int, int]]:
        out = []
        lo = max(self.stop + 1, s - self.D, 2)
        hi = min(self.A, s - 2)  # two or more defenders
        if lo <= hi:
            if lo <= 2 <= hi:
                out.append((1, 2, 2, 3))
            if lo <= 3 <= hi:
                out.append((2, 2, 3, 4))
            if max(lo, 4) <= hi:
                out.append((3, 2, max(lo, 4), hi + 1))
        a = s - 1  # one defender
        if self.D >= 1 and max(self.stop + 1, 2) <= a <= self.A:
            out.append((min(3, a - 1), 1, a, a + 1))
        return out

    def _source(self, diag, s, n, rows, kind, aloss, dloss, lo, hi):
        """The chance of conquest after each state in [lo, hi) on diagonal s reaches this
        result (before any missile is counted as spent)."""
        if kind == NORMAL:
            offset, values = diag(s - n)
            return values[rows, :, lo - aloss - offset : hi - aloss - offset]
        if kind == CONQUER:
            return self.R[None, :, lo - aloss : hi - aloss]
        # Halted: worth something only where the same roll took the last defenders.
        out = np.zeros((rows.stop - rows.start, self.NM, hi - lo))
        p0 = s - dloss
        if dloss and lo <= p0 < hi:
            out[:, :, p0 - lo] = self.R[None, :, p0 - aloss]
        return out

    def _candidates(self, diag, s, n, rows, kernel, lo, hi) -> dict:
        """For each option of the kernel: its value at each state, -inf where the missiles it
        needs are not held."""
        shape = (rows.stop - rows.start, self.NM, hi - lo)
        cands = {}
        for option in kernel.options:
            spent, kind, aloss, dloss = option
            src = self._source(diag, s, n, rows, kind, aloss, dloss, lo, hi)
            if spent == 0:
                cands[option] = src
            else:
                c = np.full(shape, -np.inf)
                c[:, spent:, :] = np.broadcast_to(src, shape)[:, : self.NM - spent, :]
                cands[option] = c
        return cands

    def backward(
        self, record: str, keep_all: bool = False, columns: tuple[int, ...] = ()
    ) -> tuple[np.ndarray, list[tuple[int, np.ndarray]] | None]:
        """Chance of conquest from every state. ``record``: "table" gives [attackers,
        defenders] at full boxes and all missiles; "column" gives [missiles, attackers] at
        ``D`` defenders and full boxes; "columns" gives [box state, missiles, attackers, j] at
        ``columns[j]`` defenders. ``keep_all`` also returns every diagonal, as
        (first attackers, values) pairs holding only the states that exist."""
        A, D, S = self.A, self.D, self.A + self.D
        width = A + 1
        kept: list[tuple[int, np.ndarray]] = []
        ring: dict[int, tuple[int, np.ndarray]] = {}
        if record == "table":
            skewed = np.zeros((S + 1, width))
        elif record == "columns":
            grid = np.zeros((self.NB, self.NM, width, len(columns)))
            wanted, slots = np.array(columns, dtype=int), np.arange(len(columns))
        else:
            column = np.zeros((self.NM, width))
        for s in range(S + 1):
            W = np.zeros((self.NB, self.NM, width))
            if s <= A:
                W[:, :, s] = self.R[None, :, s]  # defenders all gone: conquered
            for ad, dd, lo, hi in self.segments(s):
                n = min(ad, dd)
                for g in self.groups:
                    kernel = self.kernels[(g.fortified, ad, dd)]
                    src_rows = g.worn_rows if ad == 3 else g.rows
                    out = W[g.rows, :, lo:hi]
                    if self.M == 0:
                        for kind, aloss, dloss, p in kernel.linear:
                            if kind == HALT:
                                p0 = s - dloss
                                if dloss and lo <= p0 < hi:
                                    out[:, :, p0 - lo] += p * self.R[None, :, p0 - aloss]
                                continue
                            out += p * self._source(
                                ring.__getitem__, s, n, src_rows, kind, aloss, dloss, lo, hi
                            )
                    else:
                        cands = self._candidates(ring.__getitem__, s, n, src_rows, kernel, lo, hi)
                        for p, options in kernel.classes:
                            best = cands[options[0]]
                            for option in options[1:]:
                                best = np.maximum(best, cands[option])
                            out += p * best
            ring[s] = (0, W)
            ring.pop(s - 3, None)
            if keep_all:
                # Only the states that exist: this halves the memory a missile battle keeps.
                first = max(0, s - D)
                kept.append((first, W[:, :, first : min(A, s) + 1].copy()))
            if record == "table":
                skewed[s] = W[self.start_row, self.M]
            elif record == "columns":
                rows = s - wanted
                inside = (rows >= 0) & (rows <= A)
                grid[:, :, rows[inside], slots[inside]] = W[:, :, rows[inside]]
            elif 0 <= s - D <= A:
                column[:, s - D] = W[self.start_row, :, s - D]
        if record == "table":
            a = np.arange(width)[:, None]
            d = np.arange(D + 1)[None, :]
            return skewed[a + d, a], (kept if keep_all else None)
        if record == "columns":
            return grid, (kept if keep_all else None)
        return column, (kept if keep_all else None)

    def forward(
        self, attackers: int, defenders: int, values: list[tuple[int, np.ndarray]] | None
    ) -> _Terminals:
        """Push the probability of the one starting state through the battle. ``values`` (the
        backward pass's diagonals) is needed only to choose how to use missiles."""
        A, D, NM = self.A, self.D, self.NM
        ends = _Terminals(A, D, NM)
        diag: dict[int, np.ndarray] = {}

        def at(s: int) -> np.ndarray:
            if s not in diag:
                diag[s] = np.zeros((self.NB, NM, A + 1))
            return diag[s]

        start = attackers + defenders
        at(start)[self.start_row, self.M, attackers] = 1.0
        for s in range(start, -1, -1):
            P = diag.pop(s, None)
            if P is None:
                continue
            # Ends that are states: conquered (no defenders) and stopped (too few attackers).
            if s <= A:
                ends.conquered += ends.add(P[:, :, s : s + 1], s, 0, 0)
            lo, hi = max(1, s - D), min(self.stop, s - 1, A)
            if lo <= hi:
                ends.add(P[:, :, lo : hi + 1], lo, s - lo, 1)
            for ad, dd, lo, hi in self.segments(s):
                n = min(ad, dd)
                for g in self.groups:
                    mass = P[g.rows, :, lo:hi]
                    if not mass.any():
                        continue
                    kernel = self.kernels[(g.fortified, ad, dd)]
                    dst_rows = g.worn_rows if ad == 3 else g.rows
                    if self.M == 0:
                        for kind, aloss, dloss, p in kernel.linear:
                            self._push(
                                ends, at, s, n, dst_rows, lo, hi, (0, kind, aloss, dloss), p * mass
                            )
                        continue
                    assert values is not None  # kept by the backward pass when missiles count
                    cands = self._candidates(values.__getitem__, s, n, dst_rows, kernel, lo, hi)
                    for p, options in kernel.classes:
                        if len(options) == 1:
                            self._push(ends, at, s, n, dst_rows, lo, hi, options[0], p * mass)
                            continue
                        stacked = np.stack([np.broadcast_to(cands[o], mass.shape) for o in options])
                        choice = stacked.argmax(axis=0)  # first best: fewest missiles
                        for j, option in enumerate(options):
                            chosen = np.where(choice == j, mass, 0.0)
                            if chosen.any():
                                self._push(ends, at, s, n, dst_rows, lo, hi, option, p * chosen)
        return ends

    def _push(self, ends, at, s, n, dst_rows, lo, hi, option, mass) -> None:
        """Move ``mass`` (states [lo, hi) on diagonal s) along one option of a roll."""
        spent, kind, aloss, dloss = option
        keep = self.NM - spent
        if kind == NORMAL:
            at(s - n)[dst_rows, :keep, lo - aloss : hi - aloss] += mass[:, spent:, :]
            return
        moved = np.zeros_like(mass)
        moved[:, :keep, :] = mass[:, spent:, :]
        if kind == CONQUER:
            ends.conquered += ends.add(moved, lo - aloss, 0, 0)
            ends.outright += float(moved.sum())
            return
        # Halted; where the roll also took the last defenders it is an ordinary conquest.
        p0 = s - dloss
        if dloss and lo <= p0 < hi:
            at(s - n)[dst_rows, :keep, p0 - aloss] += mass[:, spent:, p0 - lo]
            moved[:, :, p0 - lo] = 0.0
        ends.halted += ends.add(moved, lo - aloss, s - lo - dloss, 1)


def check_missile_work(max_attackers, max_defenders, mods: Modifiers, missiles: int) -> None:
    if missiles == 0:
        return
    boxes = mods.fortification_boxes + 1 if (mods.fortified and not mods.mechaniker_hq) else 1
    states = (max_attackers + 1) * (max_defenders + 1) * boxes * (missiles + 1)
    if states > MISSILE_STATE_LIMIT:
        raise OddsInputError(
            OddsRule.ODDS_TOO_BIG_WITH_MISSILES,
            field="missiles",
            states=states,
            limit=MISSILE_STATE_LIMIT,
        )
