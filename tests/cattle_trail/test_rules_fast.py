"""The search's fast path is the rules themselves: `apply(..., events=False)` leaves exactly the
state `apply` leaves, under the ruled reading and under every rival reading the solver can swap in."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.card import load_card
from cardgm.games.cattle_trail import events as E
from cardgm.games.cattle_trail import rules
from cardgm.games.cattle_trail.actions import Business, DayOrder
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
        after, events = rules.apply(s, action, tape, rulings)
        fast, none = rules.apply(s, action, tape, rulings, checked=False, events=False)
        assert fast == after and none == ()
        assert events  # the ordinary call still tells what happened
        s = after


def test_every_record_is_built_whole_and_stays_frozen() -> None:
    # Each event, the Drove and the orders are slotted frozen dataclasses: every field set, in
    # order, by position or by name, defaults where left out; and none can be changed.
    records = [c for _, c in inspect.getmembers(E, inspect.isclass) if c.__module__ == E.__name__ and dataclasses.is_dataclass(c)]
    assert len(records) == 18
    records += [Drove, Business, DayOrder]
    for cls in records:
        fs = dataclasses.fields(cls)
        values = [f"v{i}" for i in range(len(fs))]
        by_position = cls(*values)
        by_name = cls(**{f.name: v for f, v in zip(fs, values)})
        assert by_position == by_name and hash(by_position) == hash(by_name)
        assert [getattr(by_position, f.name) for f in fs] == values
        assert repr(by_position) == f"{cls.__name__}(" + ", ".join(f"{f.name}={v!r}" for f, v in zip(fs, values)) + ")"
        required = [f for f in fs if f.default is dataclasses.MISSING]
        short = cls(*values[: len(required)])
        assert [getattr(short, f.name) for f in fs[len(required) :]] == [f.default for f in fs[len(required) :]]
        with pytest.raises(TypeError):
            cls(*values, "one too many")
        if fs:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(by_position, fs[0].name, "changed")


REMEMBERED = (
    rules.moved,
    rules.sky_and_meal,
    rules.rest_day,
    rules.pace_toll,
    rules.route,
    rules.band_read,
    rules.line_why,
    rules.table_line,
    rules.march_read,
    rules.day_read,
    rules.crossing_orders,
    rules.hands_in,
    rules.crew_less,
)


def _drives(tape: tuple[int, ...], rulings: rules.Rulings, picks: list[int]) -> list[tuple[Drove, tuple[object, ...]]]:
    s, out = Drove(), []
    for pick in picks:
        if s.ended:
            break
        options = candidates(s)
        s, events = rules.apply(s, options[pick % len(options)], tape, rulings)
        out.append((s, events))
    return out


@settings(max_examples=40, deadline=None)
@given(
    picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=30, max_size=30),
    seed=st.integers(min_value=-1, max_value=50),
    rulings=st.sampled_from(RIVALS),
)
def test_a_day_is_the_same_whether_its_remembered_steps_are_cold_or_warm(picks: list[int], seed: int, rulings: rules.Rulings) -> None:
    # The steps a day works out once (a number's clamp, the sky and the meal, a rest, a march's
    # route, the band, the value read) hand back what the rules work out afresh.
    tape = PRINTED if seed < 0 else derive(f"cattle-trail:test:{seed}", 40)
    for remembered in REMEMBERED:
        remembered.cache_clear()
    cold = _drives(tape, rulings, picks)
    assert _drives(tape, rulings, picks) == cold


def test_a_number_moves_and_clamps_to_its_range_at_once() -> None:
    assert rules.moved("meal", 11, 3, "GOOD").after == 12  # the bag holds 12 (Q8, ruled)
    assert rules.moved("meal", 11, 3, "GOOD", bag_capped=False).after == 14  # Q8's rival reading
    assert rules.moved("flesh", 6, 1, "REST", bag_capped=False).after == 6
    assert rules.moved("head", 1, -3, "BAD").after == 0 and rules.moved("silver", 50, 10, "SELL").after == 60
    change = rules.moved("wear", 4, 2, "BAD: a fall")
    assert change == E.Moved("wear", 4, 5, 2, "BAD: a fall") and change is rules.moved("wear", 4, 2, "BAD: a fall")


def test_the_remembered_steps_are_the_cards_arithmetic() -> None:
    # STORM without a roof: WEAR +1, SPATE +1, then a meal eaten; with no meal, WEAR +1 instead.
    assert rules.sky_and_meal("STORM", False, 2, 3, 0, True)[:3] == (4, 3, 0)
    assert rules.sky_and_meal("STORM", True, 2, 1, 5, True)[:3] == (2, 2, 4)
    assert rules.sky_and_meal("FAIR", False, 0, 0, 1, True)[:3] == (0, 0, 0)
    assert rules.rest_day(50, True, False, 5, 1)[:2] == (6, 0) and rules.rest_day(143, False, True, 3, 4)[:2] == (5, 3)
    assert rules.pace_toll("PUSH", 6, 4)[:2] == (5, 5) and rules.pace_toll("EASY", 6, 4) == (6, 4, (E.Moved("flesh", 6, 6, 1, "EASY"),))
    assert rules.pace_toll("STEADY", 3, 2) == (3, 2, ())
    march = rules.route("PUSH", 80, 80)  # the pass ends at the Smiddy, mile 90: cut short
    assert (march.stop, march.leg, march.cut) == (90, "pass", True)
    assert rules.band_read(18, 3, "EASY", "glen").band == "GOOD" and rules.band_read(2, -4, "PUSH", "glen").adjusted == 1
    # a march's road in one: PUSH from 80 stops at the Smiddy; 2 - 4 clamps to 1, BAD on the pass: mist
    marched, read, (line, why) = rules.march_read("PUSH", 80, 80, 2)
    assert marched == march and (read.adjusted, read.band, read.table) == (1, "BAD", "pass")
    assert line == rules.TABLES["pass"]["BAD"] and why == "BAD: mist"
    assert rules.table_line("island", "FAIR") == (rules.NOTHING, "FAIR")
    assert rules.table_line("lowroad", "HARD")[0].by_drove and not rules.table_line("lowroad", "GOOD")[0].by_drove
    # the boats cost 2 and 4, the toll 1 a ten head: what the silver pays for
    assert rules.crossing_orders(12, 3, 6) == ("ONE BOAT", "REST") and rules.crossing_orders(12, 4, 6) == ("ONE BOAT", "TWO BOATS", "REST")
    assert rules.crossing_orders(118, 5, 6) == ("FORD", "REST") and rules.crossing_orders(118, 6, 6) == ("TOLL", "FORD", "REST")
    assert rules.crew_less(("you", "Ewan", "Calum", "Bran"), "Ewan") == ("you", "Calum", "Bran")
    assert rules.hands_in(("you", "Calum", "Bran", "Hector")) == ("Calum", "Hector")


def test_the_working_copy_is_the_drove_open_and_becomes_it_in_place() -> None:
    # `_Work` names the Drove's fields again only for mypy (a frozen record's are read-only to it):
    # the same names in the same order, and no slot of its own, so its class can become Drove's.
    assert list(rules._Work.__annotations__) == [f.name for f in dataclasses.fields(Drove)]
    assert rules._Work.__slots__ == () and rules._Work.__bases__ == (Drove,)
    s = Drove(day=4, tape=3, mile=33, crew=("you", "Ewan", "Bran"), laid=("Calum",))
    after, _ = rules.apply(s, DayOrder("STEADY"), PRINTED)
    assert type(after) is Drove and after == rules.apply(s, DayOrder("STEADY"), PRINTED)[0]
    assert after == replace(after) and hash(after) == hash(replace(after)) and repr(after) == repr(replace(after))
    assert pickle.loads(pickle.dumps(after)) == after and copy.deepcopy(after) == after
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.mile = 0  # type: ignore[misc]
    w = rules._Work(s)
    assert [getattr(w, f.name) for f in dataclasses.fields(Drove)] == [getattr(s, f.name) for f in dataclasses.fields(Drove)]
