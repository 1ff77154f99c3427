"""The engine's speed-ups are the rules themselves, remembered: what a cache hands back is what the
rules work out afresh, and the State built positionally has its fields where the rules put them."""

from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from cardgm.games.becalmed import rules as R
from cardgm.games.becalmed.state import CANVAS_CALLS, HANDS, ISSUES, State

from .support import TAPE

tapes = st_.lists(st_.integers(1, 20), min_size=40, max_size=40).map(tuple)
choices = st_.lists(st_.integers(0, 10_000), min_size=1, max_size=30)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def allowed(s: State) -> list[R.Calls]:
    """Every complete set of calls the morning asks for that `refusals` lets through, in the
    order issue, canvas, hands: the definition, worked out call by call."""
    need = R.needs(s)
    canvases = CANVAS_CALLS if "canvas" in need else (None,)
    hands = HANDS if "hands" in need else (None,)
    return [
        R.Calls(i, c, h, s.day) for i in ISSUES for c in canvases for h in hands if not R.refusals(s, R.Calls(i, c, h, s.day))
    ]


def play(tape: tuple[int, ...], picks: list[int]) -> list[tuple[State, object, State, tuple]]:
    s, out = State(), []
    for pick in picks:
        actions = R.legal_actions(s)
        if not actions:
            break
        action = actions[pick % len(actions)]
        after, events = R.apply(s, action, tape)
        out.append((s, action, after, events))
        s = after
    return out


@SETTINGS
@given(tape=tapes, picks=choices)
def test_legal_calls_are_every_complete_call_refusals_allow_cold_warm_or_evicted(tape, picks):
    mornings = [before for before, *_ in play(tape, picks) if before.phase == "calls"]
    R._LEGAL.clear()
    cold = [R.legal_calls(s) for s in mornings]
    warm = [R.legal_calls(s) for s in mornings]
    assert cold == warm == [allowed(s) for s in mornings]
    lists = [R.legal_calls(s) for s in mornings]
    lists[0].clear()  # a caller's list is its own: the remembered morning is not touched
    assert R.legal_calls(mornings[0]) == allowed(mornings[0])


def test_legal_calls_cache_is_bounded_and_still_right_when_cleared(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(R, "_LEGAL_MAX", 2)
    R._LEGAL.clear()
    for before, *_ in play(TAPE, list(range(0, 400, 7))):
        if before.phase == "calls":
            assert R.legal_calls(before) == allowed(before)
            assert len(R._LEGAL) <= 2
    R._LEGAL.clear()


@SETTINGS
@given(tape=tapes, picks=choices)
def test_a_day_is_the_same_whether_the_remembered_terms_and_records_are_cold_or_warm(tape, picks):
    R._westing_terms.cache_clear()
    R._thirst_terms.cache_clear()
    for shared in (R._LEGAL, R._TAKEN, R._READ, R._DAWNS):
        shared.clear()
    cold = play(tape, picks)
    warm = play(tape, picks)
    assert cold == warm
    for before, action, after, events in cold:
        assert R.apply(before, action, tape) == (after, events)


def test_state_fields_keep_the_order_the_rules_build_a_day_in():
    # rules._calls and rules._reckon build the day's State positionally (keywords cost a third
    # more over twenty fields): a field moved here must be moved there too.
    assert [f.name for f in fields(State)] == [
        "turn", "day", "westing", "water", "thirst", "crew", "canvas", "flares", "tape", "seams",
        "sharks", "butchering", "in_lane", "passed_ship", "phase", "today", "end", "ship_answered",
        "deaths_plain", "stop_day",
    ]  # fmt: skip


def test_a_day_carries_the_run_s_own_fields_through():
    # turn, the stated limits and the flags the day does not touch come through the positional
    # build unchanged, on a plain day, on a dusk that waits on the player, and on its answer.
    s = State(turn=7, deaths_plain=True, stop_day=12)
    while s.end is None:
        action = R.legal_actions(s)[0]
        after, _ = R.apply(s, action, TAPE)
        assert (after.turn, after.deaths_plain, after.stop_day) == (7, True, 12)
        s = after
    assert s.end is not None
