"""Each ruling in docs/rulings.md (DROVER'S AUTUMN, Part 2), pinned (the test names are the rulings')."""

from __future__ import annotations

from cardgm.game import ReadAs

from .orders_support import at, reading, summary


def test_ruling_23_wait_and_no_correct_only_with_their_comma() -> None:
    assert summary(reading("shore", "Wait here today")) == "move REST"
    assert summary(reading("shore", "No meal today. STEADY.")) == "move STEADY"
    assert summary(reading("shore", "wait, push")) == "confirm PUSH"
    assert summary(reading("shore", "No, push")) == "confirm PUSH"


def test_ruling_24_the_order_after_a_correction_is_named_and_confirmed() -> None:
    assert summary(reading("shore", "no, rest")) == "confirm REST"
    assert summary(reading("shore", "STEADY. No, REST.")) == "confirm REST"
    assert summary(reading("shore", "Push. Hold on.")) == "answer"  # a correction with no order after it


def test_ruling_25_the_hedge_scan_reads_the_messages_first_clause() -> None:
    assert summary(reading("shore", "We can't be late. Push.")) == "confirm PUSH"
    assert summary(reading("shore", "Push. We can't be late.")) == "move PUSH"
    # tomorrow belongs to push, which is not named; today's REST is confirmed, not put off
    assert summary(reading("shore", "Rest today and push tomorrow")) == "confirm REST"
    assert summary(reading("shore", "push tomorrow")) == "ask put off"


def test_ruling_26_any_question_mark_hedges_the_order() -> None:
    r = reading("shore", "What's the tape tomorrow? Push.")
    assert summary(r) == "confirm PUSH"
    assert r.text.startswith("Today: PUSH") and r.text.endswith("? (yes/no)")


def test_ruling_27_rest_at_a_crossing_is_the_crossings_rest() -> None:
    assert summary(reading("kyle", "rest")) == "move REST"
    assert summary(reading("ford", "rest")) == "move REST"
    assert summary(reading("bridge", "rest")) == "move REST"
    assert summary(reading("bridge", "Pay the toll and rest")) == "move TOLL/REST"
    assert summary(reading("bridge", "Toll or rest")) == "ask TOLL|REST"


def test_ruling_28_at_the_bridge_a_pace_with_toll_is_tolls_pace() -> None:
    assert summary(reading("bridge", "Pay the toll and push")) == "move TOLL/PUSH"
    assert summary(reading("bridge", "TOLL. STEADY.")) == "move TOLL/STEADY"
    assert summary(reading("bridge", "toll")) == "ask EASY|STEADY|PUSH|REST at 119"


def test_ruling_29_two_boats_anywhere_makes_cross_two_boats() -> None:
    assert summary(reading("kyle", "Cross with both boats")) == "move TWO BOATS"
    assert summary(reading("kyle", "Cross. Two boats.")) == "move TWO BOATS"
    assert summary(reading("kyle", "one boat or two boats")) == "ask ONE BOAT|TWO BOATS"


def test_ruling_30_slow_and_steady_in_capitals_is_steady() -> None:
    assert summary(reading("shore", "SLOW AND STEADY")) == "move STEADY"
    assert summary(reading("shore", "SLOW OR STEADY")) == "ask EASY|STEADY"


def test_ruling_31_business_and_its_and_are_passed_to_the_first_word() -> None:
    assert summary(reading("inn", "buy 3 meal and go steady")) == "move STEADY +MEAL3"
    assert summary(reading("inn", "Get a room and rest")) == "move REST +ROOF"


def test_ruling_32_meal_needs_buy_get_or_a_number() -> None:
    assert summary(reading("inn", "Rest, the beasts need food")) == "move REST"
    assert summary(reading("inn", "get a bag")) == "ask how-many MEAL"
    assert summary(reading("inn", "buy 2 oats")) == "confirm biz +MEAL2"
    assert summary(reading("inn", "food")) == "answer"


def test_ruling_33_business_counts_in_questions_and_is_refused_where_not_sold() -> None:
    r = reading("inn", "How much is a room?")
    assert summary(r) == "answer" and "ROOF is 2 silver" in r.text  # a price asked for is answered
    r = reading("inn", "A room tonight?")
    assert summary(r) == "confirm REST +ROOF" and "SILVER 20→18" in r.text  # the confirm line states the price
    r = reading("inn", "SHOE them and go STEADY")
    assert summary(r) == "confirm STEADY" and "not SHOE" in r.text
    assert summary(reading("smiddy", "PARK")) == "ask refused"
    r = reading("shore", "buy meal")
    assert summary(r) == "ask refused" and "no store" in r.text


def test_ruling_34_when_is_a_condition_the_ledger_or_tape_settles() -> None:
    # the ford on day 6 at SPATE 1: the river has not dropped, so the ford is put off
    r = reading("ford", "Ford when the river drops")
    assert summary(r) == "ask put off" and "SPATE 1" in r.text
    assert summary(reading(at("ford", spate=0), "Ford when the river drops")) == "confirm FORD"
    assert summary(reading("shore", "steady when the sky is fair")) == "confirm STEADY"  # day 3: value 6, FAIR


def test_ruling_35_stop_or_camp_at_names_a_place_rest_at_does_not() -> None:
    assert summary(reading("glen", "Rest at the ford")) == "move REST"
    assert summary(reading("shore", "Push and camp at the inn")) == "move PUSH"
    assert summary(reading("shore", "stop at the inn")) == "answer"


def test_ruling_36_turn_for_home_inside_a_message_is_asked_once() -> None:
    for message in ("turn for home", "let's turn for home", "I want to go home", "we give up"):
        r = reading("shore", message)
        assert summary(r) == "confirm home", message
    assert summary(reading("shore", "we won't give up")) == "answer"
    r = reading("shore", "yes", reading("shore", "I want to go home"))
    assert r.kind is ReadAs.COMMAND and summary(r) == "command home"


def test_ruling_37_otherwise_opens_a_branch_the_tape_settles() -> None:
    # day 3 reads 6, FAIR
    assert summary(reading("shore", "Push if it rains, otherwise rest")) == "confirm REST"
    assert summary(reading("shore", "Rest if the sky is fair, otherwise push")) == "confirm REST"
    assert summary(reading("shore", "push if Ewan is well, otherwise rest")) == "ask PUSH|REST"


def test_ruling_38_picking_an_asked_option_completes_the_asked_message() -> None:
    asked = reading("inn", "buy 2 meal and push or rest")
    assert summary(asked) == "ask PUSH|REST"
    assert summary(reading("inn", "push", asked)) == "move PUSH +MEAL2"
    assert summary(reading("inn", "push?", asked)) == "confirm PUSH +MEAL2"  # the answer's own hedge
    toll = reading("bridge", "pay the toll")
    assert summary(reading("bridge", "steady", toll)) == "move TOLL/STEADY"
    sell = reading("smiddy", "sell 5 for meal")
    assert summary(reading("smiddy", "trade", sell)) == "confirm biz +TRADE5"


def test_ruling_39_yes_and_no_answer_only_a_confirm_line() -> None:
    confirm = reading("shore", "push?")
    assert summary(reading("shore", "Yes.", confirm)) == "move PUSH"
    assert summary(reading("shore", "aye", confirm)) == "move PUSH"
    assert summary(reading("shore", "no", confirm)) == "answer"
    assert summary(reading("shore", "yes")) == "answer"
    asked = reading("shore", "rest or push")
    assert summary(reading("shore", "sure", asked)) == "answer"  # an ask is not a confirm line


def test_ruling_40_the_leading_words_are_exactly_the_cards() -> None:
    for message in ("Today we push", "please push", "I think we push on", "take the boat"):
        place = "kyle" if "boat" in message else "shore"
        assert summary(reading(place, message)) == "answer", message


def test_ruling_41_a_label_is_passed_and_the_hedge_scan_starts_after_it() -> None:
    assert summary(reading("shore", "Day 3: push")) == "move PUSH"
    assert summary(reading("shore", "Day 3: push tomorrow")) == "ask put off"
    assert summary(reading("shore", "Day 3: we can't rest. Push.")) == "confirm PUSH"


def test_ruling_52_a_correction_said_as_one_interjection_and_a_count_after_it() -> None:
    # "no wait," is the card's "no," "wait," run together: the order after it is confirmed
    assert summary(reading("shore", "push - no wait, rest")) == "confirm REST"
    assert summary(reading("shore", "steady, wait no, easy")) == "confirm EASY"
    assert summary(reading("shore", "push... no wait")) == "answer"  # withdrawn, nothing after it
    assert summary(reading("kyle", "one boat - no wait, two boats")) == "confirm TWO BOATS"
    # without its comma "no wait" negates the REST word, as ruling 23 reads "No meal"
    assert summary(reading("shore", "no wait today, push")) == "answer"
    # a bare count after a correction is the count of the errand said before it
    assert summary(reading("inn", "buy 4 meal - no wait, 2")) == "confirm biz +MEAL2"
    assert summary(reading("inn", "buy 4 meal. actually make it 3")) == "confirm biz +MEAL3"
    assert summary(reading("smiddy", "sell 10. actually 5")) == "confirm biz +SELL5"
    assert summary(reading("kyle", "one boat. no, two")) == "confirm TWO BOATS"  # the boats' count, corrected
    assert summary(reading("kyle", "hire two boats")) == "move TWO BOATS"  # boats, not hands


def _after(place: str, *played: str):
    from cardgm.run import Run

    from .orders_support import PLACES, game

    run = Run(game(), state=PLACES[place], moved=True)
    for said in played:
        assert run.reply(said).action is not None, said
    return run


def test_ruling_53_words_that_refer_back_beside_another_order_ask() -> None:
    from dataclasses import replace

    from .orders_support import game

    def read(run, message: str):
        return game().read_in_run(replace(run.state, turn=run.state.turn + 1), message, None, tuple(run.history))

    shore = _after("shore", "steady")
    asked = read(shore, "same as yesterday but push")
    assert summary(asked) == "ask STEADY|PUSH" and "Yesterday's order: STEADY." in asked.text
    assert summary(read(shore, "same again, slowly")) == "ask STEADY|EASY"
    assert summary(read(shore, "not the same as yesterday")) == "answer"
    assert summary(read(shore, "same as before but tomorrow")) == "ask put off"
    assert summary(read(_after("shore", "rest"), "do the same again")) == "move REST"
    # at a crossing a pace is no order of its own: the crossing's options are asked
    assert summary(read(_after("glen", "steady"), "same as yesterday but push")) == "ask FORD|REST"


def test_ruling_54_a_toll_put_off_is_asked_before_its_pace() -> None:
    for message in ("pay toll tomorrow", "pay the toll tomorrow", "pay the toll and push tomorrow"):
        assert summary(reading("bridge", message)) == "ask put off", message
    assert summary(reading("kyle", "push tomorrow")) == "ask put off"
    assert summary(reading("bridge", "pay the toll and push, rest tomorrow")) == "ask TOLL, then PUSH|TOLL, then REST at 119"


def test_ruling_55_a_price_said_for_meal_is_no_count() -> None:
    assert summary(reading("inn", "buy 4 silver of meal")) == "ask how-many MEAL"
    assert summary(reading("inn", "4 silver worth of oats")) == "ask how-many MEAL"
    assert summary(reading("inn", "buy 4 meal")) == "confirm biz +MEAL4"


def test_ruling_56_a_correction_in_other_words_is_confirmed_never_run() -> None:
    for message, order in (
        ("Steady. Scratch that, rest.", "REST"),
        ("on second thought, rest", "REST"),
        ("change of plan: rest", "REST"),
        ("steady, make that push", "PUSH"),
        ("push - hang on, rest", "REST"),
        ("push. sorry, rest", "REST"),
        ("steady (no, push)", "PUSH"),  # a bracket opens a clause
    ):
        assert summary(reading("shore", message)) == f"confirm {order}", message
    assert summary(reading("shore", "sorry about that. push")) == "move PUSH"  # "sorry" with no comma is no correction
    assert summary(reading("inn", "buy 4 meal, make that 3")) == "confirm biz +MEAL3"


def test_ruling_57_business_put_off_is_asked() -> None:
    assert summary(reading("inn", "buy 4 meal tomorrow")) == "ask put off"
    assert summary(reading("town", "park tomorrow")) == "ask put off"
    assert summary(reading("inn", "tomorrow buy 4 meal")) == "ask put off"
    # the put-off word in another clause belongs to something else
    assert summary(reading("inn", "buy 4 meal now, we push tomorrow")) == "confirm biz +MEAL4"


def test_ruling_58_yes_no_and_none_in_other_words() -> None:
    confirm = reading("shore", "push?")
    for yes in ("yep", "yeah", "yes please", "do it", "y"):
        assert summary(reading("shore", yes, confirm)) == "move PUSH", yes
    for no in ("no thanks", "never mind", "cancel"):
        assert summary(reading("shore", no, confirm)) == "answer", no
    assert summary(reading("shore", "nope, rest", confirm)) == "confirm REST"
    assert summary(reading("shore", "wait", confirm)) == "confirm REST"  # REST or "hold on": its confirm line shows
    assert summary(reading("shore", "wait")) == "move REST"  # with nothing asked, R1's REST word
    # "say "no meal" to go without" is taken at its word
    held = reading("inn", "steady", reading("inn", "buy meal"))
    assert summary(reading("inn", "no meal", held)) == "move STEADY"
    assert summary(reading("inn", "none", reading("inn", "buy meal"))) == "answer"


def test_ruling_59_an_order_put_off_is_not_a_second_order_for_today() -> None:
    assert summary(reading("shore", "Let's rest today; push tomorrow")) == "move REST"
    assert summary(reading("shore", "Today: rest. Tomorrow: push.")) == "move REST"
    assert summary(reading("shore", "push and rest tomorrow")) == "confirm PUSH"  # the first clause holds tomorrow
    assert summary(reading("shore", "push tomorrow. rest tomorrow")) == "ask PUSH|REST"  # both put off: asked


def test_ruling_60_a_message_all_in_capitals_names_by_position_only() -> None:
    for message in ("I THINK WE SHOULD PUSH", "EWAN SAYS PUSH", "WE MUST PUSH TODAY", "DON'T PUSH"):
        assert summary(reading("shore", message)) == "answer", message
    assert summary(reading("shore", "PUSH")) == "move PUSH"
    assert summary(reading("shore", "PUSH OR REST")) == "ask PUSH|REST"
    assert summary(reading("shore", "ok PUSH")) == "move PUSH"  # one word in capitals among others still names
    assert summary(reading("bridge", "PAY THE TOLL AND PUSH")) == "move TOLL/PUSH"


def test_ruling_61_roof_or_park_offered_as_alternatives_is_asked() -> None:
    asked = reading("town", "park or roof?")
    assert summary(asked) == "ask ROOF (that day's REST)|PARK (that day's REST)"
    assert summary(reading("town", "roof", asked)) == "move REST +ROOF"
    assert summary(reading("town", "roof and park")) == "confirm REST +ROOF +PARK"  # together, as the card prices them
    assert summary(reading("inn", "roof or push")) == "ask ROOF (that day's REST)|PUSH"


def test_ruling_62_an_order_with_a_save_runs_and_says_how_to_save() -> None:
    for message in ("push, then save", "push and save", "push. save pls"):
        r = reading("shore", message)
        assert summary(r) == "move PUSH" and 'send "save" on its own' in r.text, message
    assert summary(reading("shore", "save pls, gotta go")) == "command save"  # no order named: the save
    assert summary(reading("shore", "I quit pushing, rest")) == "answer"  # a pace given up, not the drove
    assert summary(reading("smiddy", "skip the shoes, push")) == "answer"  # skip negates the errand


def test_ruling_34_a_condition_about_the_ledger_is_not_settled_by_the_sky_or_the_river() -> None:
    r = reading("shore", "steady if wear is low")  # "low" is the wear's here, not the river's
    assert summary(r) == "confirm STEADY" and "river" not in r.text
    r = reading("shore", "push if flesh is fine")
    assert summary(r) == "confirm PUSH" and "FAIR." not in r.text.split("Today:")[0]
    assert summary(reading("ford", "ford if the river is low")) == "ask put off"
