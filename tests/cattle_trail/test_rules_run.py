"""DROVER'S AUTUMN through the Run: turns, the Ledger after an end, the opening and each morning's
words, questions answered from the card and the state."""

from __future__ import annotations

from dataclasses import replace

from cardgm.card import load_card, parse_card
from cardgm.games import make_game
from cardgm.games.cattle_trail import questions, rules
from cardgm.games.cattle_trail.actions import DayOrder
from cardgm.games.cattle_trail.state import Drove
from cardgm.games.cattle_trail.voice import morning
from cardgm.run import Run

CARD = load_card("cattle-trail")
GAME = make_game(CARD)


def run(*messages: str) -> Run:
    r = Run(make_game(CARD))
    r.start()
    for m in messages:
        r.reply(m)
    return r


def test_ruling_04_every_reply_counts_a_turn_and_turn_for_home_costs_two() -> None:
    r = run("STEADY", "What is the tape on day 3?", "save", "turn for home")
    assert r.state.turn == 5 and not r.ended
    last = r.reply("yes")
    assert last.end == "turned-home" and last.turn == 6
    assert "|turns:6|score:0|tape:1|" in (last.result or "")


def test_ruling_05_the_ledger_at_that_dusk_shows_the_next_morning() -> None:
    s, _ = rules.apply(Drove(mile=171, day=20, tape=19, turn=22), DayOrder("EASY"), CARD.tape)
    assert s.end == "sold"
    assert GAME.ledger(s).startswith("[L] turn:22 day:21/20 mile:179/179 @tryst |")
    assert GAME.ledger(s).endswith("tape:20 | v1.0.0")


def test_opening_names_the_kyle_the_printed_autumn_and_day_21() -> None:
    text = run().transcript[0][1].text
    assert "the Kyle, 12 miles on" in text
    assert "the same tape for every drove" in text and "day 21 still sells, one FLESH down" in text
    assert "TIPS: STEADY costs no flesh" in text
    assert text.endswith("spate:1/3 shod:n tape:0 | v1.0.0")


def test_without_the_road_the_day_and_orders_ask_for_the_full_card() -> None:
    text = CARD.text.replace("## THE ROAD", "## ROAD NOTES")
    game = make_game(parse_card(text))
    assert "Paste the full card" in game.opening(game.new())
    assert "Paste the full card" in game.read(game.new(), "STEADY", None).text


def test_each_morning_names_the_next_landmark_a_crossings_river_and_before_the_bridge_the_toll() -> None:
    assert "Next: the inn, 8 miles on (mile 33)" in morning(Drove(mile=25, day=4, tape=3)).replace("eight", "8")
    assert "The river is HIGH (SPATE 2): FORD reads −6" in morning(Drove(mile=57, day=6, tape=5, spate=2))
    assert "The toll there is 6 silver" in morning(Drove(mile=100, day=11, tape=10, head=55))
    assert "The toll is 6 silver" in morning(Drove(mile=118, day=12, tape=11, head=55))
    assert "No SPATE at sea" in morning(Drove(mile=12, day=2, tape=1))


def test_each_day_shows_raw_value_and_sky_shift_adjusted_value_band_and_numbers() -> None:
    text = run("STEADY", "TWO BOATS").transcript[-1][1].text
    assert "Day 2: value 3, RAIN." in text
    assert "Value 3 + 4 (TWO BOATS) = 7: HARD on the Kyle." in text
    assert "One beast is lost at the Kyle (HARD): HEAD 60 → 59." in text
    assert "SILVER 20 → 16 (TWO BOATS)" in text and "SPATE 0 → 1 (RAIN)" in text


def test_a_hand_laid_up_is_said_in_the_cards_words() -> None:
    r = run("STEADY", "ONE BOAT", "PUSH", "PUSH")
    assert "Ewan is taken in at a farm to mend and will follow home." in r.transcript[-1][1].text


def test_laid_up_end_says_exactly_the_cards_words() -> None:
    s = replace(Drove(mile=74, day=9, tape=8), end="laid-up")
    assert (
        "You are taken in at the nearest farm to mend. A farmer holds the herd until the township sends "
        "for it, too late for the tryst."
    ) in GAME.finale(s)


def test_questions_the_tape_any_day_reading_ahead_allowed() -> None:
    assert questions.answer(GAME, Drove(), "what is the value on day 12?") == "Day 12 reads 1: sky STORM."
    assert questions.answer(GAME, Drove(day=3, tape=2), "what is tomorrow's value?") == "Day 4 reads 5: sky RAIN."
    assert "16 3 6 5 18 11 9 2 9 8 15 1 8 12 8 3 6 18 6 15 7" in questions.answer_tape(GAME, Drove())


def test_questions_the_tables_and_numbers() -> None:
    assert questions.answer(GAME, Drove(), "what happens on the moss?").startswith("THE MOSS 90→118. BAD HEAD −3")
    assert "The toll is 6 silver" in questions.answer(GAME, Drove(head=55), "how much is the toll?")
    assert "the herd needs 3" in questions.answer_numbers(Drove())


def test_what_should_we_do_is_the_orders_are_yours_the_tips_and_the_choices() -> None:
    text = questions.advice(GAME, Drove(mile=12, day=2, tape=1))
    assert text.startswith("The orders are yours.") and "TIPS:" in text
    assert "ONE BOAT, TWO BOATS, REST" in text


def test_a_what_if_is_worked_by_the_rules_and_nothing_is_kept() -> None:
    s = Drove(mile=12, day=2, tape=1)
    text = questions.what_if(GAME, s, DayOrder("TWO BOATS"))
    assert "day 2 reads 3, RAIN" in text and "3 +4 = 7, HARD on the Kyle" in text and "HEAD 60 to 59" in text
    assert s == Drove(mile=12, day=2, tape=1)
