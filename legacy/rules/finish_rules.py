"""The end of a game, as pure functions: who won, held on or was eliminated, what each survivor
controlled, and which rewards are given, in which order, to whom.

``decide_finish`` takes the facts a service gathered (the seats, what the log says of the end,
the world as the game ends, the players' choices) and returns the decision to write, or raises
``RuleViolation`` with the refusal the players read. Nothing here reads or writes the
database; the finish service locks, gathers, asks, writes and logs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from legacy import board, rules
from legacy.box import WINNERS_LINES
from legacy.errors import RuleViolation
from legacy.refusals import TableRule, gettext_noop
from legacy.rules import Reward, RewardChoice
from legacy.words import Words
from legacy.world import World

# A seat's result at the end of a game (the values ``campaigns.models.Result`` stores).
WON, HELD_ON, ELIMINATED = "won", "held_on", "eliminated"
RESULTS = (WON, HELD_ON, ELIMINATED)

# The rewards a player who held on may still choose, in the words of the refusal of "none".
HELD_ON_CHOICES = {
    (Reward.MINOR_CITY, Reward.UPGRADE_CARD): Words(
        gettext_noop("found a minor city or add a coin to a territory card")
    ),
    (Reward.MINOR_CITY,): Words(gettext_noop("found a minor city")),
    (Reward.UPGRADE_CARD,): Words(gettext_noop("add a coin to a territory card")),
}


@dataclass(frozen=True)
class SeatFacts:
    """A seat of the game: its player's id and name, and its place in the seating order."""

    player: int
    name: str
    order: int


@dataclass(frozen=True)
class NoReward:
    """A player who held on and got no reward, and why none was legal: ``why`` is
    "stocks-empty" (every held-on stock they could use is empty; ``stocks_out`` names the empty
    ones) or "nothing-eligible" (they controlled nothing a reward could go on)."""

    text: str
    why: str
    stocks_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class FinishFacts:
    """What the end of a game is decided from."""

    game_number: int
    seats: tuple[SeatFacts, ...]
    world: World  # as the game ends, before its rewards
    results: Mapping  # player (as given) -> result
    controlled: Mapping = field(default_factory=dict)  # player (as given) -> territory slugs
    winner_reward: RewardChoice | Mapping | None = None
    held_on_rewards: Mapping = field(default_factory=dict)  # player (as given) -> choice
    logged_ends: Mapping[int, RuleViolation] = field(default_factory=dict)  # by the log: why
    logged_winner: int | None = None  # the one of ``logged_ends`` who won the war by the log
    end_together: bool = False  # the campaign's setting: held-on rewards end together
    slogan: str = ""
    signed: bool = False  # a date of signing was given


@dataclass(frozen=True)
class FinishDecision:
    outcome: dict[int, str]  # player -> result
    winner: int
    controlled: dict[int, list[str]]  # player -> territories held at the end, sorted
    rewards: tuple[tuple[int, RewardChoice], ...]  # (player, reward), in the order given
    no_rewards: dict[int, NoReward]
    world: World  # once the rewards are given
    signs: bool  # the winner signs the winners' section


def players_choice_refused(name: str, refusal: RuleViolation, *, field: str) -> RuleViolation:
    """A player's choice refused, said with their name first ("Boris: ..."). The refusal is the
    same rule (its slug, its conflict) with its own sentence inside, in the reader's language."""
    refused = RuleViolation(
        TableRule.PLAYERS_CHOICE,
        field=field,
        conflict=refusal.conflict,
        player=name,
        refusal=refusal,
    )
    refused.rule = refusal.rule
    return refused


def reward_choice(value: RewardChoice | Mapping | None) -> RewardChoice | None:
    """A reward as a player chose it, read from plain data; an unknown kind is refused."""
    if value is None or isinstance(value, RewardChoice):
        return value
    try:
        kind = Reward(value["kind"])
        return RewardChoice(
            kind=kind,
            territory=value.get("territory"),
            continent=value.get("continent"),
            name=str(value.get("name") or ""),
            delta=int(value.get("delta") or 0),
        )
    except (KeyError, ValueError, TypeError, AttributeError):
        raise RuleViolation(
            TableRule.REWARD_KIND, field="rewards", kinds=", ".join(r.value for r in Reward)
        ) from None


def signing(game_number: int, *, slogan: str, signed: bool) -> bool:
    """Whether the winner signs the winners' section (games 1 to 15); after the fifteenth
    game there is no line, so a slogan or a date is refused."""
    if game_number > WINNERS_LINES and ((slogan or "").strip() or signed):
        raise RuleViolation(
            TableRule.NO_SIGNATURE_AFTER_15,
            field="slogan" if (slogan or "").strip() else "signed_on",
        )
    return game_number <= WINNERS_LINES


def seated_player(value, seated) -> int:
    """A player given as a number (or its text), who must be seated in the game."""
    try:
        key = int(value)
    except (TypeError, ValueError):
        key = None
    if key is None or key not in seated:
        raise RuleViolation(TableRule.UNKNOWN_SEAT, field="results")
    return key


# How the log decided a seat's end, said inside the refusal of another result.
BY_RED_STARS = Words(gettext_noop("by 4 red stars"))
BY_LAST_STANDING = Words(gettext_noop("the last faction standing"))
ELIMINATED_FOR_GOOD = Words(gettext_noop("eliminated for good"))
WIPED_OUT_NOT_BACK = Words(gettext_noop("wiped out and not back in the war"))


def end_by_the_log(
    player: str, entry: int | None, *, won: bool, by_red_stars: bool = False, for_good: bool = False
) -> RuleViolation:
    """Why the log decides a seat's result, as the refusal of any other result: "you win at
    once ... if you have 4 red stars, or if all the other players are eliminated", and a faction
    eliminated for good, or wiped out and not back, ends the game eliminated."""
    if won:
        how = BY_RED_STARS if by_red_stars else BY_LAST_STANDING
        return RuleViolation(
            TableRule.WAR_WON, field="results", player=player, entry=entry, how=how
        )
    how = ELIMINATED_FOR_GOOD if for_good else WIPED_OUT_NOT_BACK
    return RuleViolation(
        TableRule.OUT_AT_THE_END, field="results", player=player, entry=entry, how=how
    )


def outcome(
    results: Mapping,
    *,
    seated,
    logged_ends: Mapping[int, RuleViolation] | None = None,
    logged_winner: int | None = None,
) -> tuple[dict[int, str], int]:
    """Every seat's result, and the winner: each seat gets one of won, held on or eliminated;
    a seat the log put out for the end finishes eliminated; the seat the log says won the war
    (``logged_winner``: 4 red stars, or the last one standing) is the winner; a game has
    exactly one winner."""
    given = {seated_player(p, seated): r for p, r in results.items()}
    if set(given) != set(seated):
        raise RuleViolation(TableRule.EVERY_RESULT, field="results")
    for r in given.values():
        if r not in RESULTS:
            raise RuleViolation(TableRule.RESULT, field="results", result=repr(r))
    # What the log decides of the end (``end_by_the_log``) is refused as the log says it.
    ends = logged_ends or {}
    if logged_winner is not None and given[logged_winner] != WON:
        raise ends[logged_winner]
    for p, refusal in ends.items():
        if p != logged_winner and given[p] != ELIMINATED:
            raise refusal
    winners = [p for p, r in given.items() if r == WON]
    if len(winners) != 1:
        raise RuleViolation(TableRule.ONE_WINNER, field="results", count=len(winners))
    return given, winners[0]


def controlled_at_the_end(
    controlled: Mapping,
    *,
    names: Mapping[int, str],
    given: Mapping[int, str],
    on: board.Board = board.BOX,
) -> dict[int, list[str]]:
    """The territories each survivor controlled at the end, as the table says: territories of
    the board, each with one owner; an eliminated player controls nothing."""
    held: dict[int, list[str]] = {}
    owner_of: dict[str, int] = {}
    for p, slugs in (controlled or {}).items():
        p = seated_player(p, names)
        if given[p] == ELIMINATED:
            raise RuleViolation(
                TableRule.ELIMINATED_CONTROLS_NOTHING, field="controlled", player=names[p]
            )
        if isinstance(slugs, str) or not isinstance(slugs, (list, tuple, set, frozenset)):
            raise RuleViolation(TableRule.CONTROLLED, field="controlled")
        for slug in slugs:
            if not on.has(slug):
                raise RuleViolation(
                    TableRule.UNKNOWN_TERRITORY, field="controlled", territory=repr(slug)
                )
            if owner_of.get(slug, p) != p:
                raise RuleViolation(
                    TableRule.TERRITORY_ONE_OWNER, field="controlled", territory=on.name(slug)
                )
            owner_of[slug] = p
        held[p] = sorted(set(slugs))
    return held


def no_reward(world: World, name: str, said: list[str] | None, *, end_together: bool) -> NoReward:
    """Why a player who held on and chose nothing gets no reward; refused while one is legal.

    ``said``: the territories the table says they controlled (None: not said)."""
    why = rules.no_held_on_reward_reason(world, said, end_together=end_together)
    if why is None:
        legal = rules.held_on_reward_targets(
            world, said if said is not None else world.territories, end_together=end_together
        )
        kinds = tuple(legal)
        rewards = HELD_ON_CHOICES.get(kinds) or Words(
            " or ".join(rules.reward_in_english(k).lower() for k in kinds)
        )
        raise RuleViolation(
            TableRule.HELD_ON_MUST_CHOOSE, field="held_on_rewards", player=name, rewards=rewards
        )
    return NoReward(
        f"{name} held on and gets no reward: {why[0].lower()}{why[1:]}",
        "nothing-eligible"
        if rules.held_on_stocks_left(world, end_together=end_together)
        else "stocks-empty",
        rules.held_on_stocks_out(world),
    )


def decide_finish(facts: FinishFacts) -> FinishDecision:
    """The end of a game, checked whole: the results, what each survivor controlled, the
    winner's reward, then one reward for each player who held on, clockwise from the winner,
    each seeing the world the rewards before it left (winner and held-on rewards are given
    after games 1 to 15 only; a player who held on goes without only when none is legal)."""
    signs = signing(facts.game_number, slogan=facts.slogan, signed=facts.signed)
    names = {s.player: s.name for s in facts.seats}
    given, winner = outcome(
        facts.results,
        seated=names,
        logged_ends=facts.logged_ends,
        logged_winner=facts.logged_winner,
    )
    held = controlled_at_the_end(facts.controlled, names=names, given=given, on=facts.world.board)

    world, together = facts.world, facts.end_together
    rewards_now = rules.rewards_given(facts.game_number)
    choice = reward_choice(facts.winner_reward)
    held_choices = {
        seated_player(p, names): reward_choice(c) for p, c in (facts.held_on_rewards or {}).items()
    }
    held_choices = {p: c for p, c in held_choices.items() if c is not None}
    if not rewards_now and (choice or held_choices):
        raise RuleViolation(TableRule.NO_REWARDS_AFTER_15, field="rewards")
    given_rewards: list[tuple[int, RewardChoice]] = []
    no_rewards: dict[int, NoReward] = {}
    if rewards_now:
        if choice is None:
            raise RuleViolation(
                TableRule.WINNER_REWARD, field="winner_reward", player=names[winner]
            )
        rules.check_winner_reward(world, choice)
        world = rules.world_after_reward(world, choice, player=winner)
        given_rewards.append((winner, choice))
        for p in held_choices:
            if given[p] != HELD_ON:
                raise RuleViolation(
                    TableRule.HELD_ON_ONLY, field="held_on_rewards", player=names[p]
                )
        order = rules.held_on_order({s.player: s.order for s in facts.seats}, winner)
        for p in (p for p in order if given[p] == HELD_ON):
            c = held_choices.get(p)
            if c is None:
                said = held.get(p) if p in held else None
                no_rewards[p] = no_reward(world, names[p], said, end_together=together)
                continue
            try:
                rules.check_held_on_reward(
                    world, c, controlled=held.get(p, []), end_together=together
                )
            except RuleViolation as refusal:
                raise players_choice_refused(names[p], refusal, field="held_on_rewards") from None
            world = rules.world_after_reward(world, c, player=p)
            given_rewards.append((p, c))
    return FinishDecision(
        outcome=given,
        winner=winner,
        controlled=held,
        rewards=tuple(given_rewards),
        no_rewards=no_rewards,
        world=world,
        signs=signs,
    )
