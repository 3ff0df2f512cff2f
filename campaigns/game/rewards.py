"""The rewards of finished games as the board holds them now: each reward read through the mark
it placed (or covered), so that a correction of that mark moves the reward with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import CharField, F, IntegerField, Q, Value

from campaigns.models import Game, GameReward
from legacy.models import (
    BonusChange,
    City,
    CoinSticker,
    ContinentName,
    Correction,
    DestroyedCard,
    Fortification,
    Scar,
)

MARK_BY_NAME = {
    m.__name__: m
    for m in (BonusChange, City, CoinSticker, ContinentName, DestroyedCard, Fortification, Scar)
}


def rewards_as_they_stand(game: Game) -> list[tuple[GameReward, dict]]:
    """The game's rewards, each with its details as the board holds them now: a mark a reward
    placed and a correction changed since (a city renamed, say) gives its current territory,
    continent, name and change of bonus."""
    rewards = list(
        GameReward.objects.filter(game=game, voided=False).select_related("seat").order_by("order")
    )
    out = []
    for reward in rewards:
        details = dict(reward.details)
        created = details.get("created")
        model = MARK_BY_NAME.get(created[0]) if created else None
        mark = (
            model.objects.filter(pk=created[1], voided=False).first() if model and created else None
        )
        for name in ("territory", "continent", "name", "delta"):
            if mark is not None and hasattr(mark, name):
                details[name] = getattr(mark, name)
        out.append((reward, details))
    return out


@dataclass(frozen=True)
class RewardTarget:
    """Where a reward is on the board now: read from the mark it placed (or, for a cancelled
    scar, covered), so that a correction of that mark moves the reward with it. A reward
    stored without its mark keeps what it stored."""

    territory: str | None
    continent: str | None
    name: str
    delta: int | None
    mark_type: str | None = None  # the model's name: "City", "Scar"...
    mark_id: int | None = None
    corrections: tuple[Correction, ...] = ()  # of that mark, oldest first

    @property
    def corrected(self) -> bool:
        return bool(self.corrections)


def _reward_mark(details: dict) -> tuple[str, int] | None:
    created = details.get("created")
    pairs = [created] if created else []
    pairs += list(details.get("removed") or [])
    for pair in pairs:
        if (
            isinstance(pair, list | tuple)
            and len(pair) == 2
            and pair[0] in MARK_BY_NAME
            and type(pair[1]) is int
        ):
            return pair[0], pair[1]
    return None


_TARGET_FIELDS = {
    # What each type of mark says of where a reward is; None: the reward's own record.
    "City": {"territory": "territory", "name": "name"},
    "Scar": {"territory": "territory"},
    "DestroyedCard": {"territory": "territory"},
    "CoinSticker": {"territory": "territory"},
    "Fortification": {"territory": "city__territory"},
    "ContinentName": {"continent": "continent", "name": "name"},
    "BonusChange": {"continent": "continent", "delta": "delta"},
}


def _target_columns(name: str, ids):
    fields = _TARGET_FIELDS[name]
    columns = {
        "mark_type": Value(name, output_field=CharField()),
        "territory": F(fields["territory"])
        if "territory" in fields
        else Value(None, output_field=CharField()),
        "continent": F(fields["continent"])
        if "continent" in fields
        else Value(None, output_field=CharField()),
        "name": F(fields["name"]) if "name" in fields else Value(None, output_field=CharField()),
        "delta": F(fields["delta"])
        if "delta" in fields
        else Value(None, output_field=IntegerField()),
    }
    return (
        MARK_BY_NAME[name]
        .objects.filter(pk__in=ids)
        .order_by()
        .annotate(**{f"t_{k}": v for k, v in columns.items()})
        .values("pk", *(f"t_{k}" for k in columns))
    )


def read_reward_targets(rewards) -> None:
    """Give each reward a ``target`` (a ``RewardTarget``), read from the marks as they stand,
    in at most one query per type of mark and one for their corrections, however many games."""
    rewards = list(rewards)
    wanted: dict[str, set[int]] = {}
    for reward in rewards:
        pair = _reward_mark(reward.details if isinstance(reward.details, dict) else {})
        if pair:
            wanted.setdefault(pair[0], set()).add(pair[1])
    marks: dict[tuple[str, int], dict] = {}
    corrections: dict[tuple[str, int | None], list[Correction]] = {}
    if wanted:
        # One query for every type of mark at once, each giving the same columns.
        parts = [_target_columns(name, ids) for name, ids in sorted(wanted.items())]
        rows = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
        for row in rows:
            marks[(row["t_mark_type"], row["pk"])] = {k[2:]: v for k, v in row.items()}
        which = Q()
        for name, ids in wanted.items():
            which |= Q(mark_type=name) & (Q(added_id__in=ids) | Q(voided_id__in=ids))
        for c in Correction.objects.filter(which).order_by("made_at", "id"):
            pk = c.added_id if c.added_id is not None else c.voided_id
            corrections.setdefault((c.mark_type, pk), []).append(c)
    for reward in rewards:
        details = reward.details if isinstance(reward.details, dict) else {}
        pair = _reward_mark(details)
        mark = marks.get(pair) if pair else None
        if mark is None:
            reward.target = RewardTarget(
                territory=details.get("territory"),
                continent=details.get("continent"),
                name=details.get("name") or "",
                delta=details.get("delta"),
            )
            continue
        assert pair is not None  # a mark was found by it
        reward.target = RewardTarget(
            territory=mark["territory"]
            if mark["territory"] is not None
            else details.get("territory"),
            continent=mark["continent"]
            if mark["continent"] is not None
            else details.get("continent"),
            name=mark["name"] if mark["name"] is not None else details.get("name") or "",
            delta=mark["delta"] if mark["delta"] is not None else details.get("delta"),
            mark_type=pair[0],
            mark_id=pair[1],
            corrections=tuple(corrections.get(pair, ())),
        )
