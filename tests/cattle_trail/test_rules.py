"""One test per rule of DROVER'S AUTUMN, named for the rule; `rules.apply` on hand-made tapes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cardgm.card import load_card
from cardgm.game import GameError
from cardgm.games.cattle_trail import rules
from cardgm.games.cattle_trail.actions import Business, BusinessOnly, DayOrder, TurnForHome
from cardgm.games.cattle_trail.events import Banded, BranRanOff, DayRead, LaidUp, Moved, Refused, Strayed
from cardgm.games.cattle_trail.state import Drove

CARD = load_card("cattle-trail")
QUIET = 12  # a FAIR sky and a FAIR band on STEADY: nothing moves but the sky and the meal


def tape(values: dict[int, int] | None = None, rest: int = QUIET) -> tuple[int, ...]:
    """A 40-value tape, `rest` everywhere but the days given."""
    out = [rest] * 40
    for day, raw in (values or {}).items():
        out[day - 1] = raw
    return tuple(out)


def go(state: Drove, order: Any, raw: int = QUIET, **kw: Any) -> tuple[Drove, tuple[Any, ...]]:
    """Run one order on `state` with day `state.day` reading `raw`."""
    action = order if not isinstance(order, str) else DayOrder(order, **kw)  # type: ignore[arg-type]
    return rules.apply(state, action, tape({state.day: raw}))


def at(mile: int, day: int = 5, **kw: Any) -> Drove:
    return Drove(mile=mile, day=day, tape=day - 1, **kw)


def band_of(events: tuple[Any, ...]) -> Banded:
    return next(e for e in events if isinstance(e, Banded))


# -- PACE -----------------------------------------------------------------------------------------


def test_pace_easy_8_miles_plus_3_to_the_value_flesh_plus_1() -> None:
    s, ev = go(at(20, flesh=4), "EASY", raw=7)
    assert s.mile == 28
    assert band_of(ev).adjusted == 10 and band_of(ev).band == "FAIR"
    assert s.flesh == 5


def test_pace_steady_12_miles_costs_no_flesh() -> None:
    s, ev = go(at(20, flesh=4), "STEADY", raw=12)
    assert (s.mile, s.flesh, s.wear) == (32, 4, 0)
    assert band_of(ev).shift == 0


def test_pace_push_16_miles_minus_4_flesh_minus_1_wear_plus_1() -> None:
    s, ev = go(at(60, flesh=4), "PUSH", raw=16)  # on the pass: 12 is FAIR, nothing from the table
    assert s.mile == 76
    assert band_of(ev).adjusted == 12
    assert (s.flesh, s.wear) == (3, 1)


def test_rest_no_miles_no_band_flesh_plus_1_wear_minus_1() -> None:
    s, ev = go(at(60, flesh=4, wear=2), "REST", raw=1)  # a STORM: WEAR +1 from the sky after the rest
    assert s.mile == 60
    assert not any(isinstance(e, Banded) for e in ev)
    assert s.flesh == 5
    assert s.wear == 2  # 2 − 1 (REST) + 1 (STORM)


def test_a_march_stops_at_the_next_landmark_if_it_comes_first() -> None:
    s, _ = go(at(29), "PUSH")
    assert s.mile == 33 and s.place == "inn"
    s, _ = go(Drove(), "PUSH")
    assert s.mile == 12 and s.place == "kyle"


def test_ruling_14_a_march_cut_short_keeps_its_pace_shift_and_band_in_full() -> None:
    s, ev = go(at(32, flesh=6), "PUSH", raw=10)  # one mile to the inn
    assert s.mile == 33 and s.wear == 1
    b = band_of(ev)
    assert (b.adjusted, b.band, b.table) == (6, "HARD", "shore")
    # PUSH FLESH −1, then HARD on the shore (salt grass) FLESH −1
    moved = [e.after for e in ev if isinstance(e, Moved) and e.field == "flesh"]
    assert moved == [5, 4]


# -- bands, sky, clamps ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [(1, "BAD"), (4, "BAD"), (5, "HARD"), (9, "HARD"), (10, "FAIR"), (15, "FAIR"), (16, "GOOD"), (20, "GOOD")],
)
def test_bands_1_4_bad_5_9_hard_10_15_fair_16_20_good(raw: int, expected: str) -> None:
    _, ev = go(at(40), "STEADY", raw=raw)
    assert band_of(ev).band == expected


def test_value_is_clamped_1_to_20_before_its_band() -> None:
    _, ev = go(at(40), "PUSH", raw=2)
    assert (band_of(ev).adjusted, band_of(ev).band) == (1, "BAD")
    _, ev = go(at(40), "EASY", raw=19)
    assert (band_of(ev).adjusted, band_of(ev).band) == (20, "GOOD")


@pytest.mark.parametrize(("raw", "sky", "wear", "spate"), [(1, "STORM", 1, 2), (2, "STORM", 1, 2), (3, "RAIN", 0, 2), (5, "RAIN", 0, 2), (6, "FAIR", 0, 0)])
def test_sky_from_the_raw_value_storm_wear_and_spate_rain_spate_fair_spate_down(raw: int, sky: str, wear: int, spate: int) -> None:
    s, ev = go(at(60), "REST", raw=raw)  # REST: WEAR −1 at 0 stays 0; the sky's WEAR comes after
    assert next(e for e in ev if isinstance(e, DayRead)).sky == sky
    assert (s.wear, s.spate) == (wear, spate)


def test_sky_is_from_the_raw_value_not_the_adjusted_one() -> None:
    _, ev = go(at(40), "EASY", raw=2)
    assert next(e for e in ev if isinstance(e, DayRead)).sky == "STORM"
    assert band_of(ev).adjusted == 5


def test_ruling_13_pace_flesh_lands_and_is_clamped_before_the_band() -> None:
    """ "So at FLESH 6, EASY on a HARD day ends at FLESH 5." """
    s, _ = go(at(40, flesh=6), "EASY", raw=4)  # 4 + 3 = 7: HARD on the glen, FLESH −1
    assert s.flesh == 5


def test_clamp_every_range_head_and_silver_never_below_zero() -> None:
    s, _ = go(at(57, head=3, meal=1, wear=4, spate=0), "FORD", raw=1)  # BAD: HEAD −6, MEAL −2, WEAR +1
    assert s.head == 0 and s.meal == 0
    assert s.end == "scattered"


def test_eat_one_meal_a_day_with_none_wear_plus_1() -> None:
    s, _ = go(at(40, meal=2), "STEADY")
    assert (s.meal, s.wear) == (1, 0)
    s, _ = go(at(40, meal=0), "STEADY")
    assert (s.meal, s.wear) == (0, 1)


def test_ruling_08_the_bag_holds_12_and_a_gift_past_it_is_lost() -> None:
    s, _ = go(at(40, meal=12), "STEADY", raw=18)  # GOOD on the glen: MEAL +2, then eat 1
    assert s.meal == 11


def test_one_value_a_day_day_n_reads_value_n() -> None:
    t = tape({5: 3, 6: 18})
    s, ev = rules.apply(at(40), DayOrder("STEADY"), t)
    assert [e.raw for e in ev if isinstance(e, DayRead)] == [3]
    assert (s.day, s.tape) == (6, 5)


# -- THE ROAD's tables -------------------------------------------------------------------------------

ROAD = [
    # (mile, raw on STEADY, what moves)
    (0, 2, {"head": 58}),
    (0, 7, {"flesh": 5}),
    (0, 17, {"meal": 8}),  # +1 gift, −1 eaten
    (20, 2, {"wear": 3}),  # +2 fall, +1 STORM
    (20, 7, {"flesh": 5}),
    (20, 17, {"wear": 0}),
    (40, 3, {"head": 58}),
    (40, 7, {"flesh": 5}),
    (40, 17, {"meal": 9}),
    (60, 3, {"head": 58, "wear": 1}),
    (60, 7, {"wear": 1}),
    (60, 17, {"wear": 0}),
    (100, 3, {"head": 57, "wear": 1}),
    (100, 7, {"head": 59}),
    (100, 17, {"meal": 9}),
    (125, 7, {"flesh": 5}),
    (125, 17, {"wear": 0}),
    (150, 3, {"flesh": 4}),
    (150, 7, {"flesh": 5}),
    (150, 17, {"meal": 8}),
]


@pytest.mark.parametrize(("mile", "raw", "moved"), ROAD, ids=[f"mile{m}-raw{r}" for m, r, _ in ROAD])
def test_the_road_each_legs_bad_hard_and_good_lines(mile: int, raw: int, moved: dict[str, int]) -> None:
    s, _ = go(at(mile, day=10), "STEADY", raw=raw)
    for field, value in moved.items():
        assert getattr(s, field) == value, field


def test_fair_does_nothing() -> None:
    s, _ = go(at(100), "STEADY", raw=12)
    assert (s.head, s.flesh, s.wear, s.meal) == (60, 6, 0, 7)


def test_ruling_01_strath_bad_bran_runs_off_home_and_no_head_is_lost_that_day() -> None:
    s, ev = go(at(125, day=14), "STEADY", raw=3)
    assert any(isinstance(e, BranRanOff) for e in ev)
    assert not s.bran and s.head == 60
    assert s.crew == ("you", "Ewan", "Calum")
    s2, _ = go(replace(s, day=15, tape=14), "STEADY", raw=3)  # a later BAD with no dog
    assert s2.head == 58


def test_low_road_shod_softens_bad_and_hard() -> None:
    s, _ = go(at(150, shod=True), "STEADY", raw=3)
    assert s.flesh == 5
    s, _ = go(at(150, shod=True), "STEADY", raw=7)
    assert s.flesh == 6


# -- THE CROSSINGS ------------------------------------------------------------------------------------


def test_kyle_one_boat_2_silver_the_value_as_it_stands() -> None:
    s, ev = go(at(12, day=2), "ONE BOAT", raw=7)
    assert band_of(ev).adjusted == 7 and band_of(ev).band == "HARD"
    assert (s.silver, s.head, s.mile) == (18, 59, 13)


def test_kyle_two_boats_4_silver_plus_4() -> None:
    s, ev = go(at(12, day=2), "TWO BOATS", raw=6)
    assert band_of(ev).adjusted == 10
    assert (s.silver, s.head, s.mile) == (16, 60, 13)


def test_kyle_bad_head_minus_4_wear_plus_1_a_string_breaks() -> None:
    s, _ = go(at(12, day=2), "ONE BOAT", raw=3)
    assert (s.head, s.wear) == (56, 1)


def test_ruling_16_no_spate_at_sea_is_no_shift_and_the_sky_still_moves_spate() -> None:
    s, ev = go(at(12, day=2, spate=3), "ONE BOAT", raw=10)
    assert band_of(ev).shift == 0 and band_of(ev).band == "FAIR"
    assert s.spate == 2  # FAIR: SPATE −1 as every day


def test_ruling_16_a_crossing_carries_no_pace_and_lands_on_the_far_side_whatever_the_band() -> None:
    s, _ = go(at(57, spate=3), "FORD", raw=1)
    assert s.mile == 58 and s.flesh == 6


def test_ford_minus_3_per_spate_as_the_ledger_stood_at_dawn() -> None:
    _, ev = go(at(57, spate=2), "FORD", raw=16)
    assert band_of(ev).shift == -6 and band_of(ev).band == "FAIR"


def test_ford_bad_and_hard_lines() -> None:
    s, _ = go(at(57, spate=0), "FORD", raw=4)
    assert (s.head, s.meal, s.wear) == (54, 5, 1)  # MEAL 8 −2 −1 eaten
    s, _ = go(at(57, spate=0), "FORD", raw=9)
    assert (s.head, s.meal) == (59, 6)


def test_ruling_02_toll_then_march_the_strath_full_miles_from_119() -> None:
    s, ev = go(at(118, day=12, head=55), "TOLL", raw=12, toll_pace="STEADY")
    assert s.mile == 131
    assert s.silver == 20 - 6
    assert band_of(ev).table == "strath"


def test_ruling_17_toll_with_rest_rests_at_119() -> None:
    s, ev = go(at(118, day=12, flesh=4, wear=2), "TOLL", raw=12, toll_pace="REST")
    assert (s.mile, s.flesh, s.wear, s.silver) == (119, 5, 1, 14)
    assert not any(isinstance(e, Banded) for e in ev)


def test_bridge_ford_the_fords_rules_a_further_minus_2_and_the_day_ends_at_119() -> None:
    s, ev = go(at(118, day=12, spate=1), "FORD", raw=14)
    assert band_of(ev).shift == -5 and band_of(ev).band == "HARD" and band_of(ev).table == "ford"
    assert (s.mile, s.head, s.silver) == (119, 59, 20)


def test_bridge_no_part_toll_no_credit() -> None:
    s = at(118, day=12, silver=5)
    assert rules.refusal(s, DayOrder("TOLL", toll_pace="STEADY")) == "No credit: the toll is 6 silver and you have 5. FORD or REST?"
    with pytest.raises(GameError):
        go(s, "TOLL", toll_pace="STEADY")
    assert rules.legal_orders(s) == ("FORD", "REST")


def test_a_crossing_takes_only_its_own_orders() -> None:
    assert rules.refusal(at(12), DayOrder("STEADY")) == "At the Kyle the orders are ONE BOAT, TWO BOATS or REST."
    assert rules.refusal(at(57), DayOrder("FORD")) is None
    assert rules.refusal(at(40), DayOrder("FORD")) is not None
    assert rules.refusal(at(118), DayOrder("TOLL")) is not None  # TOLL needs its pace


# -- STORES -------------------------------------------------------------------------------------------


def store(mile: int, **kw: Any) -> Drove:
    return at(mile, day=6, **kw)


def test_meal_1_silver_each_as_far_as_the_bag_and_silver_go() -> None:
    s, _ = rules.apply(store(33, meal=5, silver=20), BusinessOnly(Business(meal=10)), CARD.tape)
    assert (s.meal, s.silver) == (12, 13)
    s, _ = rules.apply(store(33, meal=5, silver=3), BusinessOnly(Business(meal=10)), CARD.tape)
    assert (s.meal, s.silver) == (8, 0)


def test_business_alone_uses_no_day_and_reads_no_value() -> None:
    before = store(33)
    s, ev = rules.apply(before, BusinessOnly(Business(meal=2)), CARD.tape)
    assert (s.day, s.tape) == (before.day, before.tape)
    assert not any(isinstance(e, DayRead) for e in ev)


def test_roof_2_silver_as_the_days_rest_wear_minus_2_and_no_storm_wear() -> None:
    s, _ = go(store(33, wear=3), "REST", raw=1, business=Business(roof=True))
    assert (s.wear, s.silver, s.spate) == (1, 18, 2)  # ruling 18: the STORM still raises SPATE


def test_park_3_silver_flesh_plus_2() -> None:
    s, _ = go(store(143, flesh=3), "REST", business=Business(park=True))
    assert (s.flesh, s.silver) == (5, 17)


def test_park_and_roof_together_5_silver() -> None:
    s, _ = go(store(143, flesh=3, wear=3), "REST", business=Business(roof=True, park=True))
    assert (s.flesh, s.wear, s.silver) == (5, 1, 15)


def test_ruling_19_roof_and_park_with_silver_for_one_roof() -> None:
    s, ev = go(store(143, flesh=3, wear=3, silver=4), "REST", business=Business(roof=True, park=True))
    assert (s.flesh, s.wear, s.silver) == (4, 1, 2)
    assert any(isinstance(e, Refused) and e.errand == "PARK" for e in ev)


def test_ruling_19_park_alone_refused_leaves_a_plain_rest() -> None:
    s, _ = go(store(143, flesh=3, wear=3, silver=2), "REST", business=Business(park=True))
    assert (s.flesh, s.wear, s.silver) == (4, 2, 2)


def test_roof_and_park_go_only_with_rest() -> None:
    assert "REST" in (rules.refusal(store(33), DayOrder("STEADY", Business(roof=True))) or "")
    assert rules.refusal(store(33), BusinessOnly(Business(roof=True))) is not None


def test_shoe_at_the_smiddy_1_silver_per_10_head_or_part_once() -> None:
    s, _ = rules.apply(store(90, head=51), BusinessOnly(Business(shoe=True)), CARD.tape)
    assert (s.shod, s.silver) == (True, 14)
    s2, ev = rules.apply(s, BusinessOnly(Business(shoe=True)), CARD.tape)
    assert s2.silver == 14 and any(isinstance(e, Refused) for e in ev)


def test_ruling_09_hire_hector_then_morag_at_the_end_of_the_crew() -> None:
    s = store(90, crew=("you", "Bran"), laid=("Ewan", "Calum"))
    s, _ = rules.apply(s, BusinessOnly(Business(hire=2)), CARD.tape)
    assert s.crew == ("you", "Bran", "Hector", "Morag")
    assert s.silver == 12
    s3, ev = rules.apply(replace(s, crew=("you", "Bran", "Hector"), laid=("Ewan", "Calum", "Morag")), BusinessOnly(Business(hire=1)), CARD.tape)
    assert s3.crew == ("you", "Bran", "Hector") and any(isinstance(e, Refused) for e in ev)  # no one left


def test_hire_a_third_hand_is_refused_free() -> None:
    s, ev = rules.apply(store(90), BusinessOnly(Business(hire=1)), CARD.tape)
    assert s.silver == 20 and s.crew == ("you", "Ewan", "Calum", "Bran")
    assert any(isinstance(e, Refused) and e.errand == "HIRE" for e in ev)


def test_sell_3_silver_a_beast_at_most_the_herd() -> None:
    s, _ = rules.apply(store(143), BusinessOnly(Business(sell=5)), CARD.tape)
    assert (s.head, s.silver) == (55, 35)
    assert rules.refusal(store(143, head=4), BusinessOnly(Business(sell=5))) is not None


def test_ruling_06_trade_is_sell_then_meal_3n_as_far_as_the_bag_goes() -> None:
    s, _ = rules.apply(store(90, meal=8), BusinessOnly(Business(trade=2)), CARD.tape)
    assert (s.head, s.meal, s.silver) == (58, 12, 22)  # +6 silver, 4 meal bought, 2 kept


def test_ruling_07_the_mornings_sale_pays_for_the_rest() -> None:
    s, _ = rules.apply(store(90, silver=0, head=41), BusinessOnly(Business(sell=2, shoe=True, meal=3)), CARD.tape)
    # SELL first: 39 head, 6 silver; SHOE priced on the 39 after the sale: 4; MEAL as far as 2 go.
    assert (s.head, s.shod, s.meal, s.silver) == (39, True, 10, 0)


def test_business_only_at_a_store_and_only_its_errands() -> None:
    assert "no store" in (rules.refusal(at(40), BusinessOnly(Business(meal=2))) or "")
    assert "not SHOE" in (rules.refusal(store(33), BusinessOnly(Business(shoe=True))) or "")
    assert rules.refusal(store(90), BusinessOnly(Business(park=True))) is not None


# -- THE PARTY, STRAYS ---------------------------------------------------------------------------------


def test_wear_5_lays_up_the_first_hand_on_their_feet_and_wear_falls_to_3() -> None:
    s, ev = go(at(20, wear=4), "STEADY", raw=7)  # HARD on the shore: FLESH; RAIN? no, FAIR; eat ok
    assert s.wear == 4
    s, ev = go(at(20, wear=3), "STEADY", raw=2)  # BAD: WEAR +2 → 5, STORM stays 5
    assert [e.name for e in ev if isinstance(e, LaidUp)] == ["Ewan"]
    assert s.crew == ("you", "Calum", "Bran") and s.laid == ("Ewan",) and s.wear == 3


def test_ruling_10_wear_5_with_no_hand_ends_laid_up_and_the_day_stops() -> None:
    s, ev = go(at(20, wear=4, crew=("you", "Bran"), laid=("Ewan", "Calum"), head=60), "STEADY", raw=2)
    assert s.end == "laid-up"
    assert not any(isinstance(e, Strayed) for e in ev)
    assert s.head == 60 and rules.score(s) == 0


def test_strays_one_beast_for_each_one_short_you_and_bran_count() -> None:
    s, ev = go(at(40, crew=("you", "Bran"), laid=("Ewan", "Calum"), head=60), "STEADY")
    assert s.head == 59  # needs 3, has 2
    s, _ = go(at(40, crew=("you", "Bran"), laid=("Ewan", "Calum"), head=40), "STEADY")
    assert s.head == 40


def test_ruling_21_strays_counted_on_head_at_step_8() -> None:
    s, _ = go(at(40, crew=("you", "Bran"), laid=("Ewan", "Calum"), head=42), "STEADY", raw=3)  # BAD: −2 → 40
    assert s.head == 40  # 40 needs 2: no stray


# -- THE TRYST, ends, SCORING ---------------------------------------------------------------------------


def test_the_tryst_on_day_20_sells() -> None:
    s, _ = go(at(170, day=20, head=58), "STEADY")
    assert s.end == "sold" and s.mile == 179
    assert rules.score(s) == 96
    assert (s.day, s.tape) == (21, 20)  # ruling 5: the Ledger at that dusk


def test_ruling_03_reach_it_sooner_each_day_until_20_is_a_full_rest_there() -> None:
    t = tape({17: 12, 18: 1, 19: 12, 20: 12})
    s, ev = rules.apply(at(170, day=17, flesh=2, meal=5), DayOrder("STEADY"), t)
    assert s.end == "sold" and s.tape == 20 and s.day == 21
    assert [e.day for e in ev if isinstance(e, DayRead)] == [17, 18, 19, 20]
    assert s.flesh == 5 and s.meal == 1  # three RESTs, four days eaten
    assert s.wear == 0  # day 18: REST −1 (held at 0), STORM +1; day 19: REST −1


def test_day_21_still_sells_one_flesh_down_in_the_score_only() -> None:
    s, _ = go(at(170, day=21, head=60, flesh=6), "STEADY")
    assert s.end == "sold" and s.flesh == 6
    assert rules.score(s) == 90  # 60 × (5 + 4) ÷ 6


def test_not_on_the_ground_at_dusk_on_day_21_missed() -> None:
    s, _ = go(at(150, day=21), "STEADY")
    assert s.end == "missed" and rules.score(s) == 0
    s, _ = go(at(150, day=20), "STEADY")
    assert s.end is None and s.day == 21


def test_ruling_12_head_0_is_scattered_even_on_the_ground() -> None:
    s, _ = go(at(170, day=20, head=0), "STEADY")
    assert s.mile == 179 and s.end == "scattered"


def test_ruling_12_selling_the_whole_herd_scatters_at_that_days_dusk() -> None:
    s, _ = rules.apply(replace(at(143, day=15), head=60), BusinessOnly(Business(sell=60)), tape({20: 12}))
    assert s.head == 0 and s.end is None  # the end waits for THE DAY's step 9
    s, _ = go(s, "STEADY")
    assert s.end == "scattered"


def test_ruling_11_score_rounds_down_then_minus_10_each_hand_laid_up_clamped_1_100() -> None:
    s = at(179, day=21, head=59, flesh=5, laid=("Ewan", "Hector"), crew=("you", "Calum", "Bran"))
    s = replace(s, end="sold", tape=20)
    assert rules.score(s) == 59 * 9 // 6 - 20  # 88 − 20 = 68
    assert rules.score(replace(s, head=1, flesh=0, laid=())) == 1
    assert rules.score(replace(s, head=60, flesh=6, laid=())) == 100


def test_every_other_ending_scores_0() -> None:
    for end in ("missed", "laid-up", "scattered", "turned-home"):
        assert rules.score(replace(at(100), end=end)) == 0


def test_turn_for_home_ends_cleanly_with_nothing_moved() -> None:
    before = at(100)
    s, _ = rules.apply(before, TurnForHome(), CARD.tape)
    assert s.end == "turned-home" and replace(s, end=None) == before


def test_after_an_end_nothing_is_allowed() -> None:
    s = replace(at(100), end="missed")
    assert rules.refusal(s, DayOrder("STEADY")) == "The drove is over."


def test_next_landmark_and_toll() -> None:
    assert rules.next_landmark(0) == (12, "the Kyle")
    assert rules.next_landmark(13) == (33, "the inn")
    assert rules.next_landmark(119) == (143, "the town")
    assert rules.toll(at(118, head=51)) == 6
    assert rules.crew_needed(41) == 3


def test_ruling_20_a_rest_at_a_store_gives_another_store_morning() -> None:
    s, _ = go(store(33), "REST")
    assert s.mile == 33 and rules.legal_business(s) == ("MEAL", "ROOF")
    assert rules.legal_business(at(0)) == () and rules.legal_business(at(12)) == () and rules.legal_business(at(57)) == ()


def test_ruling_21_strays_run_on_the_trysts_rest_days_before_the_sale() -> None:
    s = at(170, day=19, head=60, crew=("you", "Bran"), laid=("Ewan", "Calum"))
    s, ev = rules.apply(s, DayOrder("STEADY"), tape())
    assert [e.count for e in ev if isinstance(e, Strayed)] == [1, 1]  # day 19 and day 20
    assert s.end == "sold" and s.head == 58


def test_ruling_22_the_tips_hold_push_saves_a_day_only_on_the_pass_and_moss_and_the_toll_saves_one() -> None:
    def days(mile: int, stop: int, order: DayOrder) -> int:
        s, n = at(mile, day=1), 0
        while s.mile < stop:
            s, _ = rules.apply(replace(s, day=1, tape=0), order, tape())
            n += 1
        return n

    legs = {"island": (0, 12), "shore": (13, 33), "glen": (33, 57), "pass": (58, 90), "moss": (90, 118), "strath": (119, 143), "lowroad": (143, 179)}
    saved = {leg: days(a, b, DayOrder("STEADY")) - days(a, b, DayOrder("PUSH")) for leg, (a, b) in legs.items()}
    assert saved == {"island": 0, "shore": 0, "glen": 0, "pass": 1, "moss": 1, "strath": 0, "lowroad": 0}
    by_ford = 1 + days(119, 143, DayOrder("STEADY"))
    by_toll = 1 + days(131, 143, DayOrder("STEADY"))
    assert by_ford - by_toll == 1


def test_ruling_44_the_party_is_judged_at_step_7_not_when_wear_first_touches_5() -> None:
    s, ev = go(at(60, wear=4), "PUSH", raw=20)  # PUSH: WEAR 5; GOOD on the pass (a dry hut): WEAR 4
    assert s.wear == 4 and s.laid == () and not any(isinstance(e, LaidUp) for e in ev)
