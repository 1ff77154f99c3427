"""The engine's speed-ups are the rules themselves, remembered: what a cache (functools) hands back
is what the rules work out afresh, and a shared record is the record a day would build."""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from cardgm.games.becalmed import rules as R
from cardgm.games.becalmed import shared
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
    R._legal_calls.cache_clear()
    cold = [R.legal_calls(s) for s in mornings]
    warm = [R.legal_calls(s) for s in mornings]
    assert cold == warm == [allowed(s) for s in mornings]
    lists = [R.legal_calls(s) for s in mornings]
    lists[0].clear()  # a caller's list is its own: the remembered morning is not touched
    assert R.legal_calls(mornings[0]) == allowed(mornings[0])


def test_legal_calls_cache_is_bounded_and_still_right_when_evicted(monkeypatch: pytest.MonkeyPatch):
    assert R._legal_calls.cache_info().maxsize == 50_000
    small = lru_cache(maxsize=2)(R._legal_calls.__wrapped__)
    monkeypatch.setattr(R, "_legal_calls", small)
    for before, *_ in play(TAPE, list(range(0, 400, 7))):
        if before.phase == "calls":
            assert R.legal_calls(before) == allowed(before)
            assert small.cache_info().currsize <= 2


@SETTINGS
@given(tape=tapes, picks=choices)
def test_a_day_is_the_same_whether_the_remembered_terms_and_records_are_cold_or_warm(tape, picks):
    for remembered in (R._westing_terms, R._westing, R._thirst_terms, R._thirst, R._crew_at_dusk, R._dawn_read, R._legal_calls, R.sky, R.sea):
        remembered.cache_clear()
    for record in (shared.poured, shared.calls_taken, shared.westing, shared.sea_read, shared.water, shared.flag, shared.thirst, shared.dawn):
        record.cache_clear()
    cold = play(tape, picks)
    warm = play(tape, picks)
    assert cold == warm
    for before, action, after, events in cold:
        assert R.apply(before, action, tape) == (after, events)


def test_state_fields_keep_their_order():
    # The order is the repr's, which the behaviour fingerprint hashes: a field moved is a new hash.
    assert [f.name for f in fields(State)] == [
        "turn", "day", "westing", "water", "thirst", "crew", "canvas", "flares", "tape", "seams",
        "sharks", "butchering", "in_lane", "passed_ship", "phase", "today", "end", "ship_answered",
        "deaths_plain", "stop_day",
    ]  # fmt: skip


def test_a_day_carries_the_run_s_own_fields_through():
    # turn, the stated limits and the flags the day does not touch come through the day's build
    # unchanged, on a plain day, on a dusk that waits on the player, and on its answer.
    s = State(turn=7, deaths_plain=True, stop_day=12)
    while s.end is None:
        action = R.legal_actions(s)[0]
        after, _ = R.apply(s, action, TAPE)
        assert (after.turn, after.deaths_plain, after.stop_day) == (7, True, 12)
        s = after
    assert s.end is not None


def test_a_shared_record_is_the_record_a_day_would_build():
    for make, args in ((shared.poured, ("FULL", "SHORT", 2, 0)), (shared.dawn, (3, 5, 19, "HARD WEATHER"))):
        record = make(*args)
        fresh = make.__wrapped__(*args)
        assert record is make(*args) and record == fresh and repr(record) == repr(fresh) and hash(record) == hash(fresh)


def test_the_crew_at_dusk_is_the_card_s_steps_4_to_6() -> None:
    # 4) the salted move, then the ladder: THIRST 7 kills the soul longest down, THIRST 5+ puts the
    # next soul down; 5) THIRST 6+ puts the first down soul over the side (to the sharks if they
    # stand), THIRST one less; 6) a WATCH at THIRST 3 or less raises the first down soul.
    up, down = (".",) * 5, ("!", ".", ".", ".", ".")
    assert R._crew_at_dusk(up, 2, "FISH", False, False) == (up, 2, ())
    crew, thirst, fates = R._crew_at_dusk(down, 7, "ROW", False, False)
    assert crew == ("x", "s2", ".", ".", ".") and thirst == 6 and [type(f).__name__ for f in fates] == ["Dies", "GoesDown", "OverSide"]
    crew, thirst, _ = R._crew_at_dusk(down, 6, "BAIL", True, False)
    assert crew == ("x", "!", ".", ".", ".") and thirst == 6  # over the side with SHARKS: dead, no relief
    assert R._crew_at_dusk(("s2", ".", ".", ".", "s1"), 0, "FISH", False, False)[0] == ("s1", ".", ".", ".", "x")
    assert R._crew_at_dusk(down, 3, "WATCH", False, False)[0] == up
    # ruling 10 (A): tonight's new man stays aboard; with nobody else down, nobody goes over
    assert R._crew_at_dusk(up, 6, "ROW", False, True)[0] == ("!", ".", ".", ".", ".")
    assert R._crew_at_dusk(up, 6, "ROW", False, False)[0] == ("s2", ".", ".", ".", ".")
