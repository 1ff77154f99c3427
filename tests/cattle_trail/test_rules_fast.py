"""The search's fast path is the rules themselves: `apply(..., events=False)` leaves exactly the
state `apply` leaves, under the ruled reading and under every rival reading the solver can swap in."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.card import load_card
from cardgm.games.cattle_trail import rules
from cardgm.games.cattle_trail.state import Drove
from cardgm.tape import derive

from .test_properties import candidates

PRINTED = load_card("cattle-trail").tape
RIVALS = (
    rules.RULED,
    replace(rules.RULED, bran_bad_same_day=True),
    replace(rules.RULED, toll_march_from_119=False),
    replace(rules.RULED, tryst_days_read=False),
    replace(rules.RULED, bag_caps_every_change=False),
    replace(rules.RULED, pace_then_band=False),
    replace(rules.RULED, band_on_cut_march=False),
)


@settings(max_examples=60, deadline=None)
@given(
    picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=40, max_size=40),
    seed=st.integers(min_value=-1, max_value=50),
    rulings=st.sampled_from(RIVALS),
)
def test_apply_without_events_leaves_the_same_state(picks: list[int], seed: int, rulings: rules.Rulings) -> None:
    tape = PRINTED if seed < 0 else derive(f"cattle-trail:test:{seed}", 40)
    s = Drove()
    for pick in picks:
        if s.ended:
            break
        options = candidates(s)
        action = options[pick % len(options)]
        after, events = rules.apply(tape, s, action, rulings)
        fast, none = rules.apply(tape, s, action, rulings, checked=False, events=False)
        assert fast == after and none == ()
        assert events  # the ordinary call still tells what happened
        s = after
