"""ORDERS through a whole Run: what runs, what waits, what the replies say (and never say)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.game import ReadAs
from cardgm.games.cattle_trail.reader import LOST_BEASTS, NOT_ON_THIS_ROAD, ORDERS_ARE_YOURS
from cardgm.run import Run

from .orders_support import PLACES, at, game, reading, summary


def run_at(place: str) -> Run:
    return Run(game(), state=PLACES[place])


def test_rule_0_save_is_a_command_only_as_the_whole_message() -> None:
    assert reading("shore", "save").command == "save"
    assert reading("shore", "save the beasts").kind is not ReadAs.COMMAND


def test_rule_0_a_bare_number_completes_the_message_that_asked_how_many() -> None:
    run = run_at("inn")
    assert run.reply("buy meal and go steady").read_as is ReadAs.ASK
    reply = run.reply("3")
    assert reply.read_as is ReadAs.MOVE
    assert run.state.mile == 45 and run.state.silver == 17  # MEAL 3, then STEADY 12 miles


def test_rule_0_a_bare_number_with_no_how_many_moves_nothing() -> None:
    run = run_at("shore")
    before = run.state
    reply = run.reply("12")
    assert reply.read_as is ReadAs.ANSWER
    assert (run.state.mile, run.state.day, run.state.tape) == (before.mile, before.day, before.tape)


def test_rule_0_turn_for_home_is_confirmed_once() -> None:
    run = run_at("shore")
    assert run.reply("turn for home").read_as is ReadAs.CONFIRM
    assert not run.ended
    reply = run.reply("yes")
    assert reply.end == "turned-home" and reply.score == 0


def test_rule_3_a_confirm_line_reads_no_value_and_a_yes_runs_it() -> None:
    run = run_at("shore")
    reply = run.reply("push?")
    assert reply.read_as is ReadAs.CONFIRM
    assert re.fullmatch(r"Today: .+\? \(yes/no\)", reply.prose)
    assert run.state.tape == PLACES["shore"].tape and run.state.mile == 20
    run.reply("yes")
    assert run.state.tape == 3 and run.state.mile == 33  # PUSH stops at the inn


def test_rule_3_the_confirm_line_gives_the_costs() -> None:
    r = reading("kyle", "two boats?")
    assert "SILVER 20→16" in r.text


def test_rule_4_no_order_named_uses_no_day() -> None:
    run = run_at("shore")
    reply = run.reply("The beasts look well this morning")
    assert reply.read_as is ReadAs.ANSWER
    assert run.state.day == 3 and run.state.tape == 2
    assert "Day 3's order" in reply.prose


def test_rule_4_how_many_names_the_bags_room_the_silver_and_the_toll_ahead() -> None:
    r = reading(at("inn", meal=5, silver=11, head=53), "buy meal")
    assert "room for 7" in r.text and "11 silver" in r.text and "toll ahead is 6 silver" in r.text
    r = reading(at("town", meal=5), "sell some")
    assert "toll" not in r.text  # the bridge is behind


def test_rule_5_what_should_we_do_gets_the_tips_and_the_choices_never_advice() -> None:
    r = reading("kyle", "What should we do?")
    assert r.kind is ReadAs.ANSWER
    assert r.text.startswith(ORDERS_ARE_YOURS)
    assert "TIPS: STEADY costs no flesh; only EASY and REST put it back." in r.text
    assert "ONE BOAT (2 silver), TWO BOATS (4 silver) or REST" in r.text
    assert not re.search(r"\b(I (would|suggest|recommend)|you should|best is)\b", r.text, re.I)


def test_rule_8_changing_a_number_is_not_on_this_road() -> None:
    for message in ("Change the value to 20", "can we swap today's value?", "split the herd", "Add another boat"):
        r = reading("shore", message)
        assert r.text.startswith(NOT_ON_THIS_ROAD), message
        assert not r.runs


def test_rule_2_hard_rule_lost_beasts_are_not_seen_again() -> None:
    for message in ("Where are the lost heifers?", "Can we go back for the strays?"):
        r = reading("glen", message)
        assert r.text.startswith(LOST_BEASTS), message
        assert not r.runs


def test_never_explain_this_reading() -> None:
    """The replies never describe the grammar: no talk of first words, capitals or hedges."""
    words = re.compile(r"first word|capital|hedge|order word|named|ORDERS|rule \d|grammar|I read", re.I)
    for place, message in [("shore", "I think we push on"), ("shore", "push tomorrow"), ("shore", "hello"),
                           ("kyle", "push"), ("inn", "buy meal"), ("bridge", "toll"), ("shore", "we can't. push.")]:  # fmt: skip
        assert not words.search(reading(place, message).text), message


def test_an_unreadable_question_gets_an_honest_short_reply_and_the_order_asked() -> None:
    r = reading("shore", "Why is the sky blue?")
    assert r.kind is ReadAs.ANSWER and r.text.endswith("?")
    assert "Day 3's order" in r.text


# -- property: a message naming no order never runs -----------------------------------------------

PLAIN = ["the", "beasts", "look", "tired", "today", "Ewan", "says", "road", "is", "long", "I", "think",
         "maybe", "hills", "Calum", "Bran", "barks", "a", "river", "morning", "cold", "we", "could", "they",
         "herd", "sky", "grey", "wet", "grass", "good", "please", "then", "very", "hungry", "on"]  # fmt: skip
ORDER_WORDS = ["push", "rest", "steady", "easy", "slow", "hurry", "stop", "camp", "wait", "stay", "fast",
               "graze", "gently", "normal", "cross", "ford", "toll", "pay", "boat", "swim", "wade"]  # fmt: skip
PUNCT = [",", ".", "!", "?", ";", ":"]


@st.composite
def unnamed(draw: st.DrawFn) -> str:
    """Plain words, with order words only inside a sentence after a plain word (never first,
    never in capitals, never after order/pace/I choose, never two joined by and/or/but)."""
    sentences = []
    for _ in range(draw(st.integers(1, 3))):
        words = [draw(st.sampled_from([w for w in PLAIN if w not in ("we", "then", "please", "I", "a")]))]
        for _ in range(draw(st.integers(0, 7))):
            if words[-1] in ORDER_WORDS:
                words.append(draw(st.sampled_from([w for w in PLAIN if w not in ("a",)])))
            else:
                words.append(draw(st.sampled_from(PLAIN + ORDER_WORDS)))
        sentences.append(" ".join(words) + draw(st.sampled_from([".", "!", "?", ""])))
    return " ".join(sentences)


@settings(max_examples=300, deadline=None)
@given(message=unnamed(), place=st.sampled_from(sorted(PLACES)))
def test_property_a_message_naming_no_order_never_runs(message: str, place: str) -> None:
    r = reading(place, message)
    assert not r.runs, (place, message, summary(r))
    assert r.kind is not ReadAs.MOVE


@settings(max_examples=300, deadline=None)
@given(message=st.text(max_size=80), place=st.sampled_from(sorted(PLACES)))
def test_property_the_reader_never_raises_and_never_runs_without_an_order_word(message: str, place: str) -> None:
    r = reading(place, message)  # never raises
    if r.runs:
        low = message.lower()
        assert any(w in low for w in ORDER_WORDS + ["two", "both", "2 boat", "keep going", "move on"]), message


def test_rule_5_a_what_if_for_one_named_order_is_answered_exactly() -> None:
    r = reading("shore", "What if we push?")
    assert r.kind is ReadAs.ANSWER and not r.runs
    # day 3 reads 6: PUSH −4 = 2, BAD on the shore road (a fall, WEAR +2)
    assert r.text.startswith("If PUSH (value 6, FAIR sky; 6 −4 = 2: BAD): mile 20→33")
    assert "WEAR 0→3" in r.text
    assert "Day 3's order" in r.text
