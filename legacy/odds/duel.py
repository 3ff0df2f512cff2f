"""A battle in which the defender holds missiles too: each roll becomes a small two-player game.

After both sides have rolled, the attacker decides first which of its dice to turn into 6s; the
defender sees that choice and then decides which of its own dice to turn into 6s; then the roll
is resolved. Each side plays as well as it can for the battle (the attacker for the highest
chance of conquest, the defender for the lowest), knowing the other will too, and on an exact
tie each spends fewer missiles. See the package's docstring for why this order was chosen.
With ``defender_missiles_first`` (a campaign's reading of the open point) the defender chooses
first and the attacker answers.

The battle is worked out like the engine does it (``engine``): by anti-diagonals
``attackers + defenders = s``, with the box states, the attacker's missiles and the defender's
missiles as array axes, backwards for the chances and then forwards, following the choices,
for the troops and missiles left.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import TYPE_CHECKING, Any

import numpy as np

from legacy.odds.engine import Engine
from legacy.odds.inputs import MISSILE_STATE_LIMIT, OddsInputError
from legacy.odds.rolls import CONQUER, HALT, NORMAL, all_rolls, defence_values, resolve
from legacy.refusals import OddsRule

if TYPE_CHECKING:
    from legacy.odds.inputs import Modifiers, RollRules

# A result: (attacker missiles spent, defender missiles spent, kind, attacker losses, defender
# losses). An answer (of the side choosing second): its results, fewest missiles first. The
# choices of the side choosing first: the answer to each, fewest of its own missiles first.
_Leaf = tuple[int, int, int, int, int]
_Answer = tuple[_Leaf, ...]


def _defence_with_missiles(
    natural: tuple[int, ...], missile_dice: tuple[int, ...], rules: RollRules
) -> tuple[list[int], tuple[int, ...]]:
    """The defence dice after modifiers, with ``missile_dice`` (positions in the natural roll,
    sorted high to low) turned into unmodifiable 6s; and the dice the Die Mechaniker's double
    six looks at (a missile's 6 counts only when the campaign reads it as natural)."""
    if not missile_dice:
        return defence_values(natural, rules), natural
    values = defence_values(natural, rules._replace(resort=False))
    values = [6 if i in missile_dice else v for i, v in enumerate(values)]
    if rules.resort:
        values.sort(reverse=True)
    shown = tuple(
        (6 if rules.missile_six_is_natural else 0) if i in missile_dice else die
        for i, die in enumerate(natural)
    )
    return values, shown


@functools.cache
def _duel_classes(
    attack_dice: int,
    defence_dice: int,
    rules: RollRules,
    attack_missiles: int,
    defence_missiles: int,
    defender_first: bool = False,
) -> tuple[tuple[float, tuple[_Answer, ...]], ...]:
    """Rolls grouped by the choices they leave: (probability, the choices of the side choosing
    first: the attacker, or the defender when ``defender_first``)."""
    total = 6 ** (attack_dice + defence_dice)
    usable_a = min(attack_missiles, attack_dice)
    usable_d = min(defence_missiles, defence_dice)
    defences = {}
    grouped: Counter = Counter()
    for natural_attack, natural_defence, ways in all_rolls(attack_dice, defence_dice):

        def outcome(dice_a, dice_d, natural_attack=natural_attack, natural_defence=natural_defence):
            key = (natural_defence, dice_d)
            if key not in defences:
                defences[key] = _defence_with_missiles(natural_defence, dice_d, rules)
            values, shown = defences[key]
            return resolve(natural_attack, dice_a, shown, values, rules)

        first, second = (
            (range(usable_d + 1), range(usable_a + 1))
            if defender_first
            else (range(usable_a + 1), range(usable_d + 1))
        )
        dice_of = (
            (range(defence_dice), range(attack_dice))
            if defender_first
            else (range(attack_dice), range(defence_dice))
        )
        choices: list[_Answer] = []
        seen: set[frozenset] = set()
        for spent_1 in first:
            for dice_1 in itertools.combinations(dice_of[0], spent_1):
                answer: list[_Leaf] = []
                reached: set[tuple[int, int, int]] = set()
                for spent_2 in second:
                    found = set()
                    for dice_2 in itertools.combinations(dice_of[1], spent_2):
                        found.add(
                            outcome(dice_2, dice_1) if defender_first else outcome(dice_1, dice_2)
                        )
                    # A result the answering side reaches with fewer missiles is never worth
                    # more to it.
                    spent = (spent_2, spent_1) if defender_first else (spent_1, spent_2)
                    answer.extend((*spent, *r) for r in sorted(found - reached))
                    reached |= found
                # The same answer for more of the first side's missiles is never worth choosing.
                mine = 1 if defender_first else 0
                same = frozenset(leaf[:mine] + leaf[mine + 1 :] for leaf in answer)
                if same not in seen:
                    seen.add(same)
                    choices.append(tuple(answer))
        grouped[tuple(choices)] += ways
    return tuple((n / total, choices) for choices, n in sorted(grouped.items()))


class DuelEngine(Engine):
    """The engine with a fourth axis: arrays for diagonal s have the shape (box states,
    attacker missile states, defender missile states, A + 1)."""

    def __init__(
        self,
        mods: Modifiers,
        attackers: int,
        defenders: int,
        missiles: int,
        defender_missiles: int,
        stop_at: int,
    ):
        super().__init__(mods, attackers, defenders, 0, stop_at)
        self.M, self.NM = missiles, missiles + 1
        self.N, self.NN = defender_missiles, defender_missiles + 1
        self.defender_first = mods.defender_missiles_first
        self.duel = {
            (g.fortified, ad, dd): _duel_classes(
                ad,
                dd,
                mods._rules(g.fortified),
                min(missiles, ad),
                min(defender_missiles, dd),
                self.defender_first,
            )
            for g in self.groups
            for ad in (1, 2, 3)
            for dd in (1, 2)
        }

    def _leaf_values(self, diag, s, n, rows: slice, leaf: _Leaf, lo: int, hi: int) -> np.ndarray:
        """The chance of conquest after each state in [lo, hi) takes this result; -inf where
        the attacker lacks the missiles, +inf where the defender does."""
        spent_a, spent_d, kind, aloss, dloss = leaf
        shape = (rows.stop - rows.start, self.NM, self.NN, hi - lo)
        if kind == NORMAL:
            src = diag(s - n)[rows, :, :, lo - aloss : hi - aloss]
        elif kind == CONQUER:
            src = np.ones(shape)
        else:  # halted: conquered only where the same roll took the last defenders
            src = np.zeros(shape)
            p0 = s - dloss
            if dloss and lo <= p0 < hi:
                src[..., p0 - lo] = 1.0
        out = np.full(shape, np.inf)
        out[:, spent_a:, spent_d:, :] = src[:, : self.NM - spent_a, : self.NN - spent_d, :]
        if spent_a:
            out[:, :spent_a] = -np.inf
        return out

    def _choices(self, diag, s, n, rows, classes, lo, hi):
        """For every choice of the side choosing first: its value (the other side's best
        answer) and which answer that side takes; memoised over the segment."""
        leaves: dict[_Leaf, np.ndarray] = {}
        answers: dict[_Answer, tuple[np.ndarray, np.ndarray]] = {}
        for _, choices in classes:
            for answer in choices:
                if answer in answers:
                    continue
                for leaf in answer:
                    if leaf not in leaves:
                        leaves[leaf] = self._leaf_values(diag, s, n, rows, leaf, lo, hi)
                stacked = np.stack([leaves[leaf] for leaf in answer])
                # First best: fewest missiles of the answering side.
                pick = stacked.argmax(axis=0) if self.defender_first else stacked.argmin(axis=0)
                answers[answer] = (np.take_along_axis(stacked, pick[None], 0)[0], pick)
        return answers

    def backward_duel(self) -> list[np.ndarray]:
        """Chance of conquest from every state, by diagonal."""
        A, S = self.A, self.A + self.D
        diagonals: list[np.ndarray] = []
        for s in range(S + 1):
            W = np.zeros((self.NB, self.NM, self.NN, A + 1))
            if s <= A:
                W[..., s] = 1.0
            for ad, dd, lo, hi in self.segments(s):
                n = min(ad, dd)
                for g in self.groups:
                    classes = self.duel[(g.fortified, ad, dd)]
                    src_rows = g.worn_rows if ad == 3 else g.rows
                    answers = self._choices(diagonals.__getitem__, s, n, src_rows, classes, lo, hi)
                    out = W[g.rows, :, :, lo:hi]
                    better = np.minimum if self.defender_first else np.maximum
                    for p, choices in classes:
                        best = answers[choices[0]][0]
                        for answer in choices[1:]:
                            best = better(best, answers[answer][0])
                        out += p * best
            diagonals.append(W)
        return diagonals

    def forward_duel(self, attackers: int, defenders: int, values: list[np.ndarray]):
        """Push the starting state through the battle along both sides' choices. Returns
        (conquered, outright, halted, attackers left, defenders left, attacker missiles left,
        defender missiles left)."""
        A, D = self.A, self.D
        ends: dict[str, Any] = {
            "conquered": 0.0,
            "outright": 0.0,
            "halted": 0.0,
            "a": np.zeros(A + 1),
            "d": np.zeros(D + 1),
            "ma": np.zeros(self.NM),
            "md": np.zeros(self.NN),
        }
        diag: dict[int, np.ndarray] = {}

        def at(s: int) -> np.ndarray:
            if s not in diag:
                diag[s] = np.zeros((self.NB, self.NM, self.NN, A + 1))
            return diag[s]

        def end(mass: np.ndarray, first_attackers: int, first_defenders: int, step: int) -> float:
            # mass [box, ma, md, position]; position i ends with first_attackers + i attackers
            # and first_defenders - step * i defenders.
            by_position = mass.sum(axis=(0, 1, 2))
            for i, q in enumerate(by_position):
                if q:
                    ends["a"][first_attackers + i] += q
                    ends["d"][first_defenders - step * i] += q
            ends["ma"] += mass.sum(axis=(0, 2, 3))
            ends["md"] += mass.sum(axis=(0, 1, 3))
            return float(by_position.sum())

        start = attackers + defenders
        at(start)[self.start_row, self.M, self.N, attackers] = 1.0
        for s in range(start, -1, -1):
            P = diag.pop(s, None)
            if P is None:
                continue
            if s <= A:
                ends["conquered"] += end(P[..., s : s + 1], s, 0, 0)
            lo, hi = max(1, s - D), min(self.stop, s - 1, A)
            if lo <= hi:
                end(P[..., lo : hi + 1], lo, s - lo, 1)
            for ad, dd, lo, hi in self.segments(s):
                n = min(ad, dd)
                for g in self.groups:
                    mass = P[g.rows, :, :, lo:hi]
                    if not mass.any():
                        continue
                    classes = self.duel[(g.fortified, ad, dd)]
                    dst_rows = g.worn_rows if ad == 3 else g.rows
                    answers = self._choices(values.__getitem__, s, n, dst_rows, classes, lo, hi)
                    for p, choices in classes:
                        stacked = np.stack([answers[c][0] for c in choices])
                        # First best: fewest missiles of the side choosing first.
                        if self.defender_first:
                            choice = stacked.argmin(axis=0)
                        else:
                            choice = stacked.argmax(axis=0)
                        for j, answer in enumerate(choices):
                            chosen = np.where(choice == j, mass, 0.0)
                            if not chosen.any():
                                continue
                            pick = answers[answer][1]
                            for k, leaf in enumerate(answer):
                                part = np.where(pick == k, chosen, 0.0)
                                if part.any():
                                    self._push_leaf(
                                        ends, end, at, s, n, dst_rows, lo, hi, leaf, p * part
                                    )
        return ends

    def _push_leaf(self, ends, end, at, s, n, dst_rows, lo, hi, leaf, mass) -> None:
        spent_a, spent_d, kind, aloss, dloss = leaf
        ka, kd = self.NM - spent_a, self.NN - spent_d
        moved = np.zeros_like(mass)
        moved[:, :ka, :kd, :] = mass[:, spent_a:, spent_d:, :]
        if kind == NORMAL:
            at(s - n)[dst_rows, :, :, lo - aloss : hi - aloss] += moved
            return
        if kind == CONQUER:
            ends["conquered"] += end(moved, lo - aloss, 0, 0)
            ends["outright"] += float(moved.sum())
            return
        assert kind == HALT
        p0 = s - dloss
        if dloss and lo <= p0 < hi:
            at(s - n)[dst_rows, :, :, p0 - aloss] += moved[..., p0 - lo]
            moved[..., p0 - lo] = 0.0
        ends["halted"] += end(moved, lo - aloss, s - lo - dloss, 1)


def check_duel_work(attackers: int, defenders: int, mods: Modifiers, missiles, defender_missiles):
    boxes = mods.fortification_boxes + 1 if (mods.fortified and not mods.mechaniker_hq) else 1
    states = (attackers + 1) * (defenders + 1) * boxes * (missiles + 1) * (defender_missiles + 1)
    if states > MISSILE_STATE_LIMIT // 4:
        raise OddsInputError(
            OddsRule.ODDS_TOO_BIG_WITH_DEFENDER_MISSILES,
            field="defender_missiles",
            states=states,
            limit=MISSILE_STATE_LIMIT // 4,
        )
