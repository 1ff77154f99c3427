"""One test per ruling in docs/rulings.md (BECALMED), numbered as there."""

from __future__ import annotations

from dataclasses import replace

from cardgm.game import ReadAs
from cardgm.games.becalmed import notation as N
from cardgm.games.becalmed import rules as R
from cardgm.games.becalmed.game import make_game
from cardgm.games.becalmed.state import State

from .support import CARD, TAPE, day, kinds, new_run, st, tape_with


def test_ruling_01_sharks_set_at_3_count_from_the_next_dusk_three_days_no_fish():
    s, _ = day(st(), "DRY", "DOWN", "WATCH", sea=8)
    assert s.sharks == 3  # the setting dusk does not count
    for left in (3, 2, 1):  # days 2, 3 and 4: no line goes over
        assert "hands" in R.refusals(s, R.Calls("DRY", "DOWN", "FISH"))
        assert s.sharks == left
        s, _ = day(s, "FULL", "DOWN", "WATCH")
    assert s.sharks == 0 and not R.refusals(s, R.Calls("DRY", "DOWN", "FISH"))


def test_ruling_01_sharks_counted_to_0_no_longer_stands_at_step_5():
    after, events = day(st(thirst=5, crew="P!C.O.N.Y.", sharks=1), "DRY", "DOWN", "BAIL", sky=13)
    assert kinds(events, R.OverSide) == [R.OverSide("P", False)] and after.crew[0] == "s2"


def test_ruling_02_thirst_clamped_once_after_the_relief():
    _, events = day(st(thirst=7), "FULL", "DOWN", "ROW", sky=9)
    assert kinds(events, R.Thirst)[0].after == 7  # 7+1+1+1−2 = 8 → 7, never 5


def test_ruling_03_water_floored_at_each_removal():
    after, _ = day(st(water=3), "DRY", "DOWN", "FISH", sky=20, sea=14)
    assert after.water == 2  # 3 − 4 stops at 0, then the fish +2


def test_ruling_04_an_issue_the_breaker_cannot_cover_falls_and_is_taken():
    run = new_run()
    run.state = st(water=3, thirst=4, turn=2)
    reply = run.reply("FULL, DOWN, WATCH")
    assert reply.read_as is ReadAs.MOVE and "falls to SHORT" in reply.text
    assert reply.fields["water"] == 1


def test_ruling_05_forbidden_calls_refused_and_asked_again_lost_shows_lost():
    run = new_run()
    for msg in ("dry, awning, row", "dry, sail, fish"):
        reply = run.reply(msg)
        assert reply.read_as is ReadAs.ASK and reply.fields["tape"] == 1
    s, _ = day(st(canvas="lost"), "DRY", "DOWN", "WATCH")
    assert "canvas:lost" in N.ledger(s)
    assert "canvas" not in R.needs(st(canvas="lost"))


def test_ruling_06_hard_weather_any_hands_fish_catches_row_adds_to_sail():
    after, events = day(st(water=10), "DRY", "DOWN", "FISH", sky=19)
    assert [(e.item, e.amount) for e in kinds(events, R.Water)] == [("spoiled", -4), ("fish", 2)]
    assert day(st(), "DRY", "SAIL", "ROW", sky=19)[0].westing == 6


def test_ruling_07_mend_needs_the_canvas_lost_at_the_calls_and_holds_if_nance_goes_down():
    assert "hands" in R.refusals(st(canvas="sail"), R.Calls("DRY", "SAIL", "MEND"))
    s = st(canvas="lost", thirst=4, crew="P!C!O!N.Y.")
    after, events = day(s, "DRY", None, "MEND", sky=9)  # 4 → 6: Nance goes down tonight
    assert after.crew[3] != "." and after.canvas == "down"


def test_ruling_08_an_awning_carried_away_catches_no_dew():
    after, events = day(st(water=10), "DRY", "AWNING", "WATCH", sky=20, sea=2)
    assert after.water == 6 and not [e for e in kinds(events, R.Water) if e.item == "dew"]


def test_ruling_09_salt_plus_two_is_a_term_of_the_next_dusk_before_relief_and_clamp():
    _, events = day(st(thirst=6, crew="Ps2C.O.N.Y."), "FULL", "DOWN", "WATCH", sky=13)
    t = kinds(events, R.Thirst)[0]
    assert ("salt last night", 2) in t.parts and t.after == 7  # 6+1+2−2


def test_ruling_09_salt_minus_one_after_the_ladder():
    after, events = day(st(thirst=5, crew="P!C.O.N.Y."), "DRY", "DOWN", "BAIL", sky=13)
    assert kinds(events, R.Thirst)[0].after == 6 and after.thirst == 5
    assert after.crew[:2] == ("s2", "!")  # Carrick went down at 6, before the −1


def test_ruling_10_tonights_new_man_can_go_over():
    after, events = day(st(thirst=5), "DRY", "DOWN", "BAIL", sky=13)
    assert kinds(events, R.GoesDown) == [R.GoesDown("P")] and kinds(events, R.OverSide) == [R.OverSide("P", False)]


def test_ruling_11_a_salt_death_does_not_spare_the_soul_longest_down():
    after, _ = day(st(thirst=6, crew="Ps1C!O.N.Y."), "DRY", "DOWN", "WATCH", sky=13)
    assert after.crew[:3] == ("x", "x", "!")


def test_ruling_12_bail_on_the_night_the_seams_open_does_not_close_them():
    after, _ = day(st(water=10), "DRY", "DOWN", "BAIL", sea=5)
    assert after.seams and after.water == 10


def test_ruling_13_seams_already_set_nothing_new_bleed_or_bail():
    bled, _ = day(st(water=10, seams=True), "DRY", "DOWN", "WATCH", sea=6)
    assert bled.seams and bled.water == 8
    bailed, _ = day(st(water=10, seams=True), "DRY", "DOWN", "BAIL", sea=4)
    assert not bailed.seams and bailed.water == 10


def test_ruling_14_butchering_day_not_watch_not_bail_hands_elsewhere_clears_at_dusk():
    s = st(butchering=True, seams=True, water=10, thirst=0)
    after, events = day(s, "DRY", "DOWN", None, sky=20, sea=10)
    assert after.water == 10 - 4 - 2  # ships 4 (hands elsewhere), bleeds 2 (not bailed)
    assert ("the swell", 1) in kinds(events, R.Thirst)[0].parts
    assert not after.butchering


def test_ruling_14_a_turtle_on_day_14_is_asked_and_may_be_taken():
    t = tape_with(14, 9, 17)
    s, _ = R.apply(st(day=14, water=0), R.Calls("DRY", "DOWN", "WATCH", 14), t)
    assert s.phase == "turtle"
    end, _ = R.apply(s, R.Turtle(True), t)
    assert end.end == "carried-off" and end.water == 6 and end.butchering


def test_ruling_15_birds_count_everywhere_but_do_not_move_the_lane():
    assert day(st(westing=5), "DRY", "AWNING", "WATCH", sea=13)[0].westing == 6
    assert day(st(westing=28), "DRY", "DOWN", "BAIL", sky=19, sea=12)[0].end == "landfall"
    edge = day(st(westing=23), "DRY", "DOWN", "WATCH", sea=12)[0]
    assert edge.westing == 25 and edge.in_lane  # step 1 left her at 24


def test_ruling_16_the_band_is_14_to_24_inclusive_and_passed_a_ship_stays():
    assert day(st(westing=23), "DRY", "DOWN", "WATCH", sea=20, burn=1)[0].end == "taken-off"
    assert day(st(westing=13), "DRY", "DOWN", "WATCH", sea=20, burn=1)[0].end == "taken-off"
    s = day(st(westing=15), "DRY", "DOWN", "WATCH", sea=20, burn=0)[0]
    s = day(replace_westing(s, 26), "DRY", "DOWN", "WATCH")[0]
    assert s.passed_ship and not s.in_lane
    assert R.score(st(end="taken-off", westing=24)) == 94  # the card's own ceiling


def replace_westing(s, w):
    from dataclasses import replace

    return replace(s, westing=w)


def test_ruling_17_flares_asked_only_with_enough_either_count_may_burn():
    s, _ = R.apply(st(westing=15, flares=1), R.Calls("DRY", "DOWN", "WATCH", 1), tape_with(1, 9, 18))
    assert s.phase == "calls" and s.passed_ship  # one flare on an 18: not asked
    two, _ = day(st(westing=15), "DRY", "DOWN", "WATCH", sea=19, burn=2)
    assert two.end == "taken-off" and two.flares == 0
    one, _ = day(st(westing=15), "DRY", "DOWN", "WATCH", sea=18, burn=1)
    assert one.end is None and one.flares == 1


def test_ruling_18_watch_raise_after_step_5_and_shown_on_tonights_ledger():
    after, _ = day(st(thirst=1, crew="P!C.O.N.Y."), "DRY", "DOWN", "WATCH", sky=13)
    assert "crew:P.C.O.N.Y." in N.ledger(after)


def test_ruling_19_a_reply_ends_at_the_next_dawn_or_at_the_question():
    run = new_run()
    r = run.reply("FULL, SAIL, ROW")
    assert (r.fields["day"], r.fields["tape"]) == (2, 3) and "canvas:sail" in r.ledger
    s, _ = R.apply(st(water=10, westing=3), R.Calls("FULL", "SAIL", "ROW", 1), tape_with(1, 9, 17))
    assert (s.tape, s.westing, s.water, s.thirst) == (2, 8, 6, 0)  # step 1 done, the water untouched by the dusk


def test_ruling_20_ledger_format_and_westing_held_at_30():
    s = day(st(westing=27), "DRY", "SAIL", "ROW", sky=20)[0]
    assert "westing 30/30" in N.ledger(s)
    assert "flags:SEAMS,SHARKS-1" in N.ledger(st(seams=True, sharks=1))


def test_ruling_21_turns_are_replies_so_far():
    run = new_run()
    run.reply("xyzzy")
    run.reply("save")
    reply = run.reply("let her drive")
    assert "|turns:4|" in reply.result


def test_ruling_22_let_her_drive_only_as_the_order_and_while_a_question_waits():
    assert read_kind(st(), "Don't let her drive") != "end"
    assert read_kind(st(phase="turtle", tape=18, day=9), "let her drive") == "end"


def read_kind(state, message):
    r = make_game(CARD).read(state, message, None)
    return r.command or r.kind.value


def test_ruling_23_reading_the_calls():
    g = make_game(CARD)
    assert g.read(st(), "full sail, row", None).action == R.Calls("FULL", "SAIL", "ROW", 1)
    assert g.read(st(), "half rations, down, bail", None).action.issue == "SHORT"
    r = g.read(st(), "save the water", None)
    assert r.kind is ReadAs.ASK and r.command is None
    r = g.read(st(), "Full, sail, row, then save", None)
    assert r.kind is ReadAs.MOVE


def test_ruling_24_resume_reannounces_the_sky_read_and_no_save_mid_dusk():
    block = N.save(played(2))  # a day-3 morning play reaches (the opening's numbers on day 3 are none)
    run = new_run()
    reply = run.reply(block)
    assert reply.fields["tape"] == 5 and "Tape 5 reads 6: LIGHT AIRS" in reply.text
    assert make_game(CARD).read(st(phase="signal", day=10, tape=20), "save", None).kind is ReadAs.ASK


def test_ruling_25_the_awning_may_be_called_on_a_butchering_day():
    assert not R.refusals(st(butchering=True), R.Calls("DRY", "AWNING", None))
    assert day(st(butchering=True), "DRY", "AWNING", None)[0].canvas == "awning"


def test_ruling_26_tonights_new_man_goes_over_and_is_lost_to_the_sharks():
    after, events = day(st(thirst=5, sharks=2), "DRY", "DOWN", "BAIL", sky=13)
    assert kinds(events, R.OverSide) == [R.OverSide("P", True)] and after.crew[0] == "x"


def test_ruling_27_nobody_on_his_feet_no_hands_call():
    s = st(crew="P!C!O!N!Y!")
    assert R.needs(s) == ("issue", "canvas")
    r = make_game(CARD).read(s, "dry, down, watch", None)
    assert r.kind is ReadAs.MOVE and r.action.hands is None and "nobody is on his feet" in r.text


def test_ruling_28_bailing_in_a_gale_under_sail_or_awning_still_spoils_four():
    assert day(st(water=10), "DRY", "SAIL", "BAIL", sky=19)[0].water == 6
    assert day(st(water=10), "DRY", "AWNING", "BAIL", sky=19)[0].water == 6


def test_ruling_29_save_block_fields_on_one_line_read_back_any_layout():
    block = N.save(st())
    assert block.count("\n") == 2 and block.split("\n")[1].startswith("game:becalmed ")
    flat = block.replace("\n", " ")
    head, fields, tail = block.split("\n")
    per_line = "\n".join([head, *fields.split(" "), tail])
    g = make_game(CARD)
    assert g.load(flat) == g.load(per_line) == g.load(block)


def test_ruling_30_limits_live_in_the_run_not_the_save():
    run = new_run()
    run.reply("stop at day 3")
    assert run.state.stop_day == 3
    block = run.reply("save").save
    assert "stop" not in block and make_game(CARD).load(block).stop_day is None


def played(days: int) -> State:
    """The morning after `days` days of FULL, SAIL, ROW: a state play reaches (the first mornings'
    SAVE blocks are checked against every line of play)."""
    run = new_run()
    for _ in range(days):
        run.reply("FULL, SAIL, ROW")
    return run.state


def saved_at_dusk(days: int) -> str:
    """A block saved after day `days`'s dusk, before the next dawn is read (an even tape)."""
    s = played(days)
    return N.save(replace(s, day=s.day - 1, tape=s.tape - 1))


def test_ruling_31_a_save_at_an_even_tape_resumes_at_the_next_dawn():
    block = saved_at_dusk(3)
    assert "day:3/14" in block and "tape:6" in block
    s = make_game(CARD).load(block)
    assert (s.day, s.tape) == (4, 7)


def test_ruling_31_the_resume_from_an_even_tape_says_where_it_goes_on_and_why():
    block = saved_at_dusk(3)
    text = new_run().reply(block).text
    assert "saved after day 3's dusk: tape:6 is that dusk's sea" in text
    assert "the next value read is the one after it, so the voyage goes on at day 4's dawn, tape 7" in text
    assert "Dawn, day 4. Tape 7 reads" in text and "call that is yours" not in text
    # Day 9's dusk reads 17, a turtle: a block saved there may have been saved while it waited.
    from cardgm.games.becalmed import reach

    morning = next(iter(reach.mornings(TAPE, 10).states(TAPE)))  # a day-10 morning play reaches, saved at day 9's dusk
    turtle = N.save(replace(morning, turn=17, day=9, tape=18))
    said = new_run().reply(turtle).text
    assert "That dusk's sea was A GREEN TURTLE (tape 18 reads 17)" in said and "are not played" in said
    # A block saved before the calls says nothing of the kind.
    assert "saved after" not in new_run().reply(N.save(played(2))).text


def test_ruling_32_the_printed_tape_is_read_not_the_seed():
    from cardgm.tape import compare, derive

    diffs = [d.position for d in compare(TAPE, derive(CARD.seed, 40))]
    assert diffs == [7, 14, 16, 21, 33]
    assert day(st(day=4), tape=TAPE)[1][2].parts[0][0] == "riding it out"  # printed 20 at position 7


# -- the other readings the card's words allow, as switches (the audit follows an AI that plays one) ----


def test_every_switch_off_is_cardgms_ruling_and_the_game_plays_it_by_default():
    assert R.Rulings() == R.RULED and not any(getattr(R.RULED, f) for f in R.Rulings.__slots__)
    assert make_game(CARD).rulings is R.RULED
    assert make_game(CARD, rulings=R.Rulings()).rulings is R.RULED  # the same reading, the same fast path


def test_ruling_01_b_sharks_counted_down_on_the_night_it_is_set():
    other = R.Rulings(sharks_count_the_setting_dusk=True)
    s, events = day(st(), "DRY", "DOWN", "WATCH", sea=8, rulings=other)
    assert s.sharks == 2 and "flags:SHARKS-2" in N.ledger(s) and R.Flag("SHARKS-2", "set") in events
    for left in (2, 1):  # two mornings with no line over, and fishing again on the third
        assert "hands" in R.refusals(s, R.Calls("DRY", "DOWN", "FISH")) and s.sharks == left
        s, _ = day(s, "FULL", "DOWN", "WATCH", rulings=other)
    assert s.sharks == 0 and not R.refusals(s, R.Calls("DRY", "DOWN", "FISH"))


def test_ruling_03_b_water_floored_once_after_step_2():
    after, events = day(st(water=3), "DRY", "DOWN", "FISH", sky=20, sea=14, rulings=R.Rulings(water_floored_after_step_2=True))
    assert after.water == 1  # 3 − 4 = −1, the fish +2, then never below nothing: 1
    assert [(e.item, e.amount) for e in kinds(events, R.Water)] == [("spoiled", -4), ("fish", 2)]
    emptied, _ = day(st(water=1, seams=True), "DRY", "DOWN", "WATCH", sky=20, rulings=R.Rulings(water_floored_after_step_2=True))
    assert emptied.water == 0


def test_ruling_10_a_tonights_new_man_does_not_go_over():
    other = R.Rulings(new_man_stays_aboard=True)
    after, events = day(st(thirst=5), "DRY", "DOWN", "BAIL", sky=13, rulings=other)
    assert kinds(events, R.GoesDown) == [R.GoesDown("P")] and kinds(events, R.OverSide) == [] and after.crew[0] == "!"
    # One already down goes in his place.
    after, events = day(st(thirst=5, crew="P.C!O.N.Y."), "DRY", "DOWN", "BAIL", sky=13, rulings=other)
    assert kinds(events, R.OverSide) == [R.OverSide("C", False)] and after.crew[:2] == ("!", "s2")


def test_ruling_12_a_bail_on_the_night_the_seams_open_closes_them():
    after, events = day(st(water=10), "DRY", "DOWN", "BAIL", sea=5, rulings=R.Rulings(bail_closes_new_seams=True))
    assert not after.seams and after.water == 10 and R.Flag("SEAMS", "closed") in events
    unbailed, _ = day(st(water=10), "DRY", "DOWN", "WATCH", sea=5, rulings=R.Rulings(bail_closes_new_seams=True))
    assert unbailed.seams


def test_ruling_42_a_mend_on_the_voyages_last_dusk_leaves_the_canvas_down():
    # Day 14's dusk ends the voyage (carried off): no dawn follows, and the last LEDGER shows the
    # canvas as the day's work left it, bent again: canvas:down, not lost.
    s = st(day=14, westing=10, water=10, canvas="lost")
    after, events = day(s, "DRY", None, "MEND", sky=9)
    assert after.end == "carried-off" and after.canvas == "down"
    assert kinds(events, R.Mended) and "canvas:down" in N.ledger(after)
    # the same at a stated stop (given over at the end of the day named)
    after, _ = day(replace(st(day=3, canvas="lost"), stop_day=3), "DRY", None, "MEND", sky=9)
    assert after.end == "given-over" and "canvas:down" in N.ledger(after)
