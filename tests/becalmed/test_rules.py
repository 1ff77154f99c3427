"""One test per rule BECALMED's card states, named for the rule."""

from __future__ import annotations

import pytest

from cardgm.game import GameError
from cardgm.games.becalmed import rules as R
from cardgm.games.becalmed.state import State

from .support import TAPE, day, kinds, st, tape_with

# -- the tape ------------------------------------------------------------------------------------


def test_printed_tape_is_what_the_game_reads():
    assert TAPE[:8] == (12, 14, 16, 3, 6, 19, 20, 10)
    assert len(TAPE) == 40


def test_two_values_a_day_dawn_sky_then_dusk_sea():
    s, events = day(State(), tape=TAPE)
    assert [e.position for e in kinds(events, R.SeaRead)] == [2]
    assert [e.position for e in kinds(events, R.Dawn)] == [3]
    assert (s.day, s.tape) == (2, 3)


def test_nothing_else_reads_the_tape_fish_flare_death():
    s = st(day=3, thirst=6, crew="P!C.O.N.Y.", sharks=0, canvas="down")
    after, events = day(s, "DRY", "DOWN", "FISH", sky=3, sea=14)
    assert after.tape == s.tape + 2  # the dusk and the next dawn, nothing more


# -- the issue -----------------------------------------------------------------------------------


@pytest.mark.parametrize("issue,measures,relief", [("FULL", 4, 2), ("SHORT", 2, 1), ("DRY", 0, 0)])
def test_issue_pours_measures_at_the_call_and_relieves_thirst(issue, measures, relief):
    s = st(thirst=4, water=20)
    after, events = day(s, issue, "DOWN", "WATCH", sky=13)  # overcast: no sun
    assert kinds(events, R.Poured)[0].measures == measures
    assert after.water == 20 - measures
    assert after.thirst == 4 + 1 - relief


def test_issue_too_low_for_full_falls_to_short():
    after, events = day(st(water=3, thirst=4), "FULL", "DOWN", "WATCH", sky=13)
    poured = kinds(events, R.Poured)[0]
    assert (poured.called, poured.issue, poured.measures) == ("FULL", "SHORT", 2)
    assert after.water == 1 and after.thirst == 4


def test_issue_short_with_one_measure_pours_it_and_still_counts():
    after, events = day(st(water=1, thirst=4), "SHORT", "DOWN", "WATCH", sky=13)
    assert kinds(events, R.Poured)[0].measures == 1
    assert after.water == 0 and after.thirst == 4  # +1 day −1 SHORT


def test_issue_falls_to_dry_on_an_empty_breaker():
    after, events = day(st(water=0, thirst=4), "FULL", "DOWN", "WATCH", sky=13)
    assert kinds(events, R.Poured)[0].issue == "DRY"
    assert after.thirst == 5


def test_issue_priced_for_the_boat_never_the_head():
    few = day(st(water=20, crew="PxCxO.N.Y."), "FULL", "DOWN", "WATCH")[0]
    assert few.water == 16


# -- the sky ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value,name,sail,sun,catch",
    [(1, "DEAD CALM", 0, 2, 0), (4, "DEAD CALM", 0, 2, 0), (5, "LIGHT AIRS", 1, 1, 0), (8, "LIGHT AIRS", 1, 1, 0),
     (9, "STEADY BREEZE", 3, 1, 0), (12, "STEADY BREEZE", 3, 1, 0), (13, "OVERCAST", 2, 0, 5), (15, "OVERCAST", 2, 0, 5),
     (16, "RAIN SQUALLS", 3, 0, 10), (18, "RAIN SQUALLS", 3, 0, 10), (19, "HARD WEATHER", None, 0, 0), (20, "HARD WEATHER", None, 0, 0)],
)
def test_sky_table(value, name, sail, sun, catch):
    assert R.sky(value) == R.Sky(name, sail, sun, catch)


def test_sail_takes_the_set_and_the_sky_sail_number():
    after, _ = day(st(), "DRY", "SAIL", "WATCH", sky=16)
    assert after.westing == 1 + 3


def test_down_takes_the_set_only():
    assert day(st(), "DRY", "DOWN", "WATCH", sky=16)[0].westing == 1


def test_awning_makes_no_way_not_even_the_set():
    assert day(st(), "DRY", "AWNING", "WATCH", sky=9)[0].westing == 0


def test_awning_cancels_the_sun_line_nothing_else():
    after, events = day(st(thirst=0), "DRY", "AWNING", "WATCH", sky=1)  # dead calm: sun +2
    assert after.thirst == 1
    assert day(st(thirst=0), "DRY", "DOWN", "WATCH", sky=1)[0].thirst == 3


@pytest.mark.parametrize("sky,catch", [(13, 5), (16, 10), (9, 0), (1, 0)])
def test_awning_catches_on_overcast_and_rain(sky, catch):
    assert day(st(water=10), "DRY", "AWNING", "WATCH", sky=sky)[0].water == 10 + catch


# -- hard weather ----------------------------------------------------------------------------------


def test_hard_weather_down_bailing_rides_it_out():
    after, _ = day(st(water=10), "DRY", "DOWN", "BAIL", sky=19)
    assert (after.westing, after.water, after.canvas) == (1, 10, "down")


def test_hard_weather_down_hands_elsewhere_ships_four():
    after, _ = day(st(water=10), "DRY", "DOWN", "WATCH", sky=20)
    assert (after.westing, after.water) == (1, 6)


def test_hard_weather_sail_runs_five_canvas_lost_four_spoiled():
    after, events = day(st(water=10), "DRY", "SAIL", "WATCH", sky=20)
    assert (after.westing, after.water, after.canvas) == (5, 6, "lost")
    assert kinds(events, R.CarriedAway)


def test_hard_weather_awning_no_way_canvas_lost_four_spoiled():
    after, _ = day(st(water=10), "DRY", "AWNING", "WATCH", sky=19)
    assert (after.westing, after.water, after.canvas) == (0, 6, "lost")


def test_hard_weather_only_the_oars_add():
    after, _ = day(st(water=10), "DRY", "SAIL", "ROW", sky=20)
    assert after.westing == 6


def test_hard_weather_plus_one_thirst_no_sun():
    after, events = day(st(thirst=0), "DRY", "DOWN", "BAIL", sky=20)
    assert after.thirst == 2
    assert dict(kinds(events, R.Thirst)[0].parts) == {"the day": 1, "hard weather": 1}


def test_hard_weather_lost_canvas_counts_as_down():
    after, _ = day(st(water=10, canvas="lost"), "DRY", None, "BAIL", sky=19)
    assert (after.westing, after.water) == (1, 10)


# -- the hands -------------------------------------------------------------------------------------


def test_row_plus_one_league_plus_one_thirst():
    after, _ = day(st(thirst=0), "DRY", "DOWN", "ROW", sky=13)
    assert (after.westing, after.thirst) == (2, 2)


def test_row_needs_three_souls_on_their_feet():
    s = st(crew="P!C!O!N.Y.")
    assert "three souls" in R.refusals(s, R.Calls("DRY", "DOWN", "ROW"))["hands"]
    assert "hands" not in R.refusals(st(crew="P!C!O.N.Y."), R.Calls("DRY", "DOWN", "ROW"))


def test_row_salted_soul_is_never_one_of_the_three():
    assert "hands" in R.refusals(st(crew="Ps2Cs1O!N.Y."), R.Calls("DRY", "DOWN", "ROW"))


def test_row_never_under_the_awning():
    assert "never under the awning" in R.refusals(st(), R.Calls("DRY", "AWNING", "ROW"))["hands"]


def test_fish_canvas_down_or_lost_only():
    assert "hands" in R.refusals(st(), R.Calls("DRY", "SAIL", "FISH"))
    assert "hands" in R.refusals(st(), R.Calls("DRY", "AWNING", "FISH"))
    assert not R.refusals(st(), R.Calls("DRY", "DOWN", "FISH"))
    assert not R.refusals(st(canvas="lost"), R.Calls("DRY", None, "FISH"))


def test_fish_refused_while_sharks_stands():
    reason = R.refusals(st(sharks=2), R.Calls("DRY", "DOWN", "FISH"))["hands"]
    assert "SHARKS-2" in reason


@pytest.mark.parametrize("sky,catch", [(1, 5), (4, 5), (5, 2), (13, 2), (16, 2), (20, 2)])
def test_fish_five_on_a_dead_calm_two_under_any_other_sky(sky, catch):
    after, events = day(st(water=10), "DRY", "DOWN", "FISH", sky=sky)
    assert kinds(events, R.Water)[-1] == R.Water("fish", catch, after.water)


def test_bail_closes_worked_seams():
    after, events = day(st(water=10, seams=True), "DRY", "DOWN", "BAIL")
    assert (after.seams, after.water) == (False, 10)


def test_mend_nance_only_on_her_feet():
    assert "hands" in R.refusals(st(canvas="lost", crew="P.C.O.N!Y."), R.Calls("DRY", None, "MEND"))
    assert "hands" in R.refusals(st(canvas="lost", crew="P.C.O.Ns2Y."), R.Calls("DRY", None, "MEND"))
    assert not R.refusals(st(canvas="lost"), R.Calls("DRY", None, "MEND"))


def test_mend_canvas_lost_only():
    assert "canvas LOST only" in R.refusals(st(canvas="down"), R.Calls("DRY", "DOWN", "MEND"))["hands"]


def test_mend_a_day_of_her_hands_and_it_is_bent_again_by_dawn():
    after, events = day(st(canvas="lost"), "DRY", None, "MEND")
    assert after.canvas == "down" and kinds(events, R.Mended)


def test_nance_dead_the_canvas_stays_gone():
    s = st(canvas="lost", crew="P.C.O.NxY.")
    assert "stays gone" in R.refusals(s, R.Calls("DRY", "SAIL", "WATCH"))["canvas"]
    assert "hands" in R.refusals(s, R.Calls("DRY", None, "MEND"))


def test_watch_cancels_the_swell():
    assert day(st(thirst=0), "DRY", "DOWN", "WATCH", sky=13, sea=10)[0].thirst == 1
    assert day(st(thirst=0), "DRY", "DOWN", "BAIL", sky=13, sea=10)[0].thirst == 2


def test_watch_stops_a_man_going_over_the_side():
    s = st(thirst=6, crew="P!C.O.N.Y.", water=0)
    after, events = day(s, "DRY", "DOWN", "WATCH", sky=13)
    assert not kinds(events, R.OverSide)


def test_watch_puts_one_soul_back_on_his_feet_at_thirst_3_or_lower():
    after, events = day(st(thirst=1, crew="P!C!O.N.Y."), "DRY", "DOWN", "WATCH", sky=13)
    assert after.thirst == 2 and after.crew[:2] == (".", "!")
    hot = day(st(thirst=3, crew="P!C!O.N.Y."), "DRY", "DOWN", "WATCH", sky=1)[0]  # 3 → 6
    assert hot.crew[0] != "."


def test_watch_cannot_take_the_salt_out_of_a_man():
    after, _ = day(st(thirst=0, crew="Ps2C.O.N.Y."), "FULL", "DOWN", "WATCH", sky=13)
    assert after.crew[0] == "s1"


def test_under_the_awning_only_bail_mend_or_watch():
    s = st()
    for hands in ("ROW", "FISH"):
        assert "hands" in R.refusals(s, R.Calls("DRY", "AWNING", hands))
    for hands in ("BAIL", "WATCH"):
        assert not R.refusals(s, R.Calls("DRY", "AWNING", hands))


def test_lost_counts_as_down_no_sail_no_awning():
    s = st(canvas="lost")
    assert "canvas" in R.refusals(s, R.Calls("DRY", "SAIL", "WATCH"))
    assert "canvas" in R.refusals(s, R.Calls("DRY", "AWNING", "WATCH"))
    assert "canvas" not in R.needs(s)
    after, _ = day(s, "DRY", "DOWN", "WATCH")
    assert (after.canvas, after.westing) == ("lost", 1)


def test_butchering_spends_the_days_hands_and_asks_no_hands_call():
    s = st(butchering=True)
    assert R.needs(s) == ("issue", "canvas")
    after, events = day(s, "DRY", "DOWN", None)
    assert kinds(events, R.CallsTaken)[0].hands == "BUTCHER"
    assert not after.butchering  # clears at that dusk


# -- the sea ------------------------------------------------------------------------------------


def test_heavy_dew_three_measures_only_under_the_awning():
    assert day(st(water=10), "DRY", "AWNING", "WATCH", sky=9, sea=2)[0].water == 13
    assert day(st(water=10), "DRY", "DOWN", "WATCH", sky=9, sea=2)[0].water == 10


def test_seams_bleed_two_from_the_next_dusk():
    first, _ = day(st(water=10), "DRY", "DOWN", "WATCH", sea=5)
    assert first.seams and first.water == 10
    second, _ = day(first, "DRY", "DOWN", "WATCH")
    assert second.seams and second.water == 8


def test_sharks_tear_todays_fish_and_set_sharks_3():
    after, events = day(st(water=10), "DRY", "DOWN", "FISH", sea=8)
    assert after.water == 10 and after.sharks == 3 and kinds(events, R.Torn)


def test_sharks_counted_down_each_dusk_in_step_2():
    s = st(sharks=3)
    s = day(s)[0]
    assert s.sharks == 2
    s = day(day(s)[0])[0]
    assert s.sharks == 0 and "SHARKS" not in ",".join(s.flag_list())


def test_swell_plus_one_thirst_unless_the_hands_watched():
    assert day(st(thirst=0), "DRY", "DOWN", "BAIL", sky=13, sea=11)[0].thirst == 2


def test_birds_to_the_westward_plus_one_league():
    assert day(st(westing=5), "DRY", "DOWN", "WATCH", sea=12)[0].westing == 7


def test_empty_sea_moves_nothing():
    a = day(st(water=10, thirst=0), "DRY", "DOWN", "WATCH", sky=13, sea=15)[0]
    assert (a.water, a.thirst, a.westing) == (10, 1, 1)


def test_flotsam_plus_six_measures():
    assert day(st(water=10), "DRY", "DOWN", "WATCH", sea=16)[0].water == 16


def test_turtle_is_the_players_call_take_her_for_six_and_butchering():
    s, events = R.apply(st(water=10), R.Calls("DRY", "DOWN", "WATCH", 1), tape_with(1, 9, 17))
    assert s.phase == "turtle" and s.tape == 2 and kinds(events, R.Asked)
    taken, _ = R.apply(s, R.Turtle(True), tape_with(1, 9, 17))
    assert taken.water == 16 and taken.butchering


def test_turtle_refused_loses_nothing():
    left = day(st(water=10), "DRY", "DOWN", "WATCH", sea=17, take=False)[0]
    assert left.water == 10 and not left.butchering


# -- the lane and the signal -------------------------------------------------------------------------


def test_in_the_lane_set_while_westing_sits_in_14_to_24():
    assert day(st(westing=12), "DRY", "DOWN", "ROW")[0].in_lane  # 14
    assert day(st(westing=22), "DRY", "DOWN", "ROW")[0].in_lane  # 24
    assert not day(st(westing=23), "DRY", "DOWN", "ROW")[0].in_lane  # 25
    assert not day(st(westing=11, in_lane=False), "DRY", "DOWN", "ROW")[0].in_lane  # 13


def test_outside_the_band_a_ship_is_nothing():
    after, events = day(st(westing=2), "DRY", "DOWN", "WATCH", sea=19)
    assert after.end is None and not after.passed_ship and after.flares == 2
    assert kinds(events, R.Ship)[0].in_lane is False


def test_masthead_light_only_both_flares_together():
    after, _ = day(st(westing=15), "DRY", "DOWN", "WATCH", sea=18, burn=2)
    assert after.end == "taken-off" and after.flares == 0
    wasted, _ = day(st(westing=15), "DRY", "DOWN", "WATCH", sea=18, burn=1)
    assert wasted.end is None and wasted.flares == 1 and wasted.passed_ship


def test_sail_to_windward_one_flare_and_she_rounds_to():
    after, _ = day(st(westing=15), "DRY", "DOWN", "WATCH", sea=20, burn=1)
    assert after.end == "taken-off" and after.flares == 1


def test_let_her_go_sets_passed_a_ship():
    after, _ = day(st(westing=15), "DRY", "DOWN", "WATCH", sea=19, burn=0)
    assert after.passed_ship and after.end is None and after.flares == 2


def test_lacking_the_flares_she_stands_on_north():
    s, events = R.apply(st(westing=15, flares=1), R.Calls("DRY", "DOWN", "WATCH", 1), tape_with(1, 9, 18))
    assert s.phase == "calls" and s.passed_ship and kinds(events, R.Ship)[0].lacked


def test_answered_ship_does_not_stop_the_dusk():
    s = st(westing=15, thirst=6, crew="P!C.O.N.Y.")
    after, events = day(s, "DRY", "DOWN", "BAIL", sky=13, sea=19, burn=1)
    assert after.end == "taken-off"
    assert kinds(events, R.OverSide)  # a soul can still go tonight


# -- the reckoning's order ----------------------------------------------------------------------------


def test_reckoning_water_order_spoil_then_catch_then_sea_then_fish_then_bleed():
    # 3 measures, hard weather spoils 4 (stops at 0), fish +2, then the seams bleed 2.
    after, events = day(st(water=3, seams=True), "DRY", "DOWN", "FISH", sky=20, sea=16)
    items = [(e.item, e.amount, e.water) for e in kinds(events, R.Water)]
    assert items == [("spoiled", -3, 0), ("flotsam", 6, 6), ("fish", 2, 8), ("bled", -2, 6)]


def test_reckoning_water_never_below_nothing():
    assert day(st(water=1, seams=True), "DRY", "DOWN", "WATCH")[0].water == 0


def test_reckoning_thirst_terms_then_relief_then_clamp():
    after, events = day(st(thirst=7), "FULL", "DOWN", "ROW", sky=5)  # 7 +1 +1 +1 −2 = 8 → 7, not 5
    assert kinds(events, R.Thirst)[0].after == 7


def test_reckoning_thirst_plus_two_if_a_soul_drank_salt_last_night():
    after, events = day(st(thirst=2, crew="Ps2C.O.N.Y."), "DRY", "DOWN", "WATCH", sky=13)
    assert dict(kinds(events, R.Thirst)[0].parts)["salt last night"] == 2
    assert after.thirst == 5


def test_reckoning_crew_salted_move_first_s2_to_s1_s1_dies():
    after, events = day(st(thirst=0, crew="Ps1Cs2O.N.Y."), "FULL", "DOWN", "WATCH", sky=13)
    assert after.crew[:2] == ("x", "s1")


def test_reckoning_crew_thirst_5_or_6_next_on_his_feet_goes_down():
    after, _ = day(st(thirst=3, crew="P!C.O.N.Y."), "DRY", "DOWN", "WATCH", sky=9)  # 3 → 5
    assert after.crew[:3] == ("!", "!", ".")


def test_reckoning_crew_thirst_7_longest_down_dies_then_next_goes_down():
    after, events = day(st(thirst=6, crew="P!C.O.N.Y."), "DRY", "DOWN", "WATCH", sky=9)
    assert after.crew[:3] == ("x", "!", ".")
    assert [type(e).__name__ for e in events if isinstance(e, (R.Dies, R.GoesDown))] == ["Dies", "GoesDown"]


def test_reckoning_crew_with_nobody_down_nobody_dies():
    after, _ = day(st(thirst=6), "DRY", "DOWN", "WATCH", sky=9)
    assert after.crew == ("!", ".", ".", ".", ".")


def test_reckoning_crew_ladder_passes_over_a_salted_soul():
    after, _ = day(st(thirst=4, crew="Ps2C.O.N.Y."), "DRY", "DOWN", "WATCH", sky=13)  # 4+1+2 = 7
    assert after.crew[0] == "s1" and after.crew[1] == "!"


def test_over_side_soul_longest_down_at_6_or_7_without_watch():
    after, events = day(st(thirst=5, crew="P!C.O.N.Y."), "DRY", "DOWN", "BAIL", sky=13)  # 6
    assert kinds(events, R.OverSide)[0] == R.OverSide("P", False)
    assert after.crew[0] == "s2" and after.thirst == 5


def test_over_side_while_sharks_stands_does_not_come_back():
    after, events = day(st(thirst=5, crew="P!C.O.N.Y.", sharks=2), "DRY", "DOWN", "BAIL", sky=13)
    assert after.crew[0] == "x" and after.thirst == 6


def test_over_side_dies_at_the_second_dusk_whatever_anyone_does():
    s = day(st(thirst=5, crew="P!C.O.N.Y.", water=40), "DRY", "DOWN", "BAIL", sky=13)[0]
    assert s.crew[0] == "s2"
    s = day(s, "FULL", "AWNING", "WATCH", sky=13)[0]
    assert s.crew[0] == "s1"
    s = day(s, "FULL", "AWNING", "WATCH", sky=13)[0]
    assert s.crew[0] == "x"


# -- the ends and the score ----------------------------------------------------------------------------


def test_end_boat_empty_no_soul_not_salt_poisoned():
    after, _ = day(st(thirst=6, crew="PxCxOxNs2Y!", westing=28), "DRY", "SAIL", None, sky=9)
    assert after.end == "boat-empty"  # checked before landfall


def test_end_landfall_at_westing_30():
    after, _ = day(st(westing=27), "DRY", "SAIL", "WATCH", sky=9)
    assert (after.end, after.westing, R.score(after)) == ("landfall", 30, 100)


def test_end_boat_empty_before_taken_off():
    after, _ = day(st(westing=15, thirst=6, crew="PxCxOxNxY!"), "DRY", "DOWN", None, sky=9, sea=19, burn=1)
    assert after.end == "boat-empty" and after.flares == 1


def test_end_carried_off_when_the_fourteenth_day_finishes_short():
    after, _ = day(st(day=14, westing=20), "DRY", "DOWN", "WATCH")
    assert after.end == "carried-off" and after.tape == 28


@pytest.mark.parametrize(
    "end,crew,westing,score",
    [("landfall", "P.C.O.N.Y.", 30, 100), ("landfall", "PxCs1O!N.Y.", 30, 72), ("taken-off", "P.C.O.N.Y.", 24, 94),
     ("taken-off", "PxCxO.N!Ys2", 20, 48), ("carried-off", "P.C.O.N.Y.", 29, 32), ("carried-off", "PxCxO.N.Y!", 18, 19),
     ("boat-empty", "PxCxOxNxYs1", 20, 0), ("given-over", "P.C.O.N.Y.", 20, 0)],
)
def test_scoring_souls_count_distance_breaks_the_tie(end, crew, westing, score):
    assert R.score(st(end=end, crew=crew, westing=westing)) == score


def test_let_her_drive_ends_at_once_given_over():
    after, events = R.apply(st(), R.GiveOver(), TAPE)
    assert after.end == "given-over" and after.tape == 1 and R.score(after) == 0


def test_limit_stop_at_day_n_ends_given_over_there():
    s, _ = R.apply(st(), R.SetLimit(stop_day=2), TAPE)
    s, _ = day(s, tape=TAPE)
    assert s.end is None
    s, _ = day(s, tape=TAPE)
    assert (s.end, s.day, s.tape) == ("given-over", 2, 4)


def test_illegal_calls_raise_and_read_no_tape():
    with pytest.raises(GameError):
        R.apply(st(), R.Calls("DRY", "AWNING", "ROW", 1), TAPE)
    with pytest.raises(GameError):
        R.apply(st(), R.Calls("DRY", "DOWN", None, 1), TAPE)
