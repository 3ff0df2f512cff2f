"""A trigger or an "is this seat out?" check replays only the entries that can change it; for
any log, that partial replay agrees with the whole one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from campaigns.game.holdings import OUT_KINDS, TRIGGER_KINDS, Entry, SeatStart, replay
from campaigns.models import EventKind

SEATS = (11, 12, 13)


@st.composite
def logs(draw):
    starts = {
        seat: SeatStart(
            player=seat * 10,
            red_stars=draw(st.integers(0, 1)),
            missiles=draw(st.integers(0, 3)),
            scar_card=draw(st.booleans()),
        )
        for seat in SEATS
    }
    entries = []
    for seq in range(1, draw(st.integers(0, 40)) + 1):
        kind = draw(st.sampled_from(EventKind.values))
        data = {
            EventKind.MISSILES: {
                "count": draw(st.integers(1, 3)),
                "roll": draw(st.integers(1, seq)),
            },
            EventKind.RECRUITMENT: {"troops": draw(st.integers(0, 45))},
            EventKind.ELIMINATED: {"can_rejoin": draw(st.booleans())},
            EventKind.COIN_PILE_OUT: {"territories": {"110": 5, "120": draw(st.integers(0, 6))}},
            EventKind.CARD_COMPLETED: {"red_stars": draw(st.integers(0, 2))},
        }.get(kind, {})
        entries.append(Entry(seq, kind, draw(st.sampled_from((*SEATS, None))), data))
    return starts, entries


@given(logs())
def test_the_triggers_read_from_missiles_and_recruitments_alone_match_the_whole_log(log):
    starts, entries = log
    whole = replay(starts, entries)
    partial = replay(starts, [e for e in entries if e.kind in TRIGGER_KINDS])
    assert partial.missiles_per_roll == whole.missiles_per_roll
    assert partial.big_recruitment_with_missile == whole.big_recruitment_with_missile


@given(logs())
def test_who_is_out_of_the_war_read_from_eliminations_and_rejoins_alone_matches_the_whole_log(
    log,
):
    starts, entries = log
    whole = replay(starts, entries)
    partial = replay(starts, [e for e in entries if e.kind in OUT_KINDS])
    for seat in SEATS:
        assert (partial.holdings[seat].out, partial.holdings[seat].out_for_good) == (
            whole.holdings[seat].out,
            whole.holdings[seat].out_for_good,
        )
