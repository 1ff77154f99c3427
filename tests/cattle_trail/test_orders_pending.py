"""DROVER'S AUTUMN: business said twice, pending questions never dropped without a word, save and
help inside a longer message, what-ifs first, numbers asked for (rulings 46–50 in docs/rulings.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardgm.game import ReadAs
from cardgm.run import Run

from .orders_support import at, game, reading, summary


def test_ruling_46_business_said_twice_counts_twice() -> None:
    assert summary(reading("smiddy", "Hire a hand. Hire a hand.")) == "confirm biz +HIRE2"
    assert summary(reading("smiddy", "hire two hands")) == "confirm biz +HIRE2"
    assert summary(reading("inn", "buy 2 meal. buy 2 meal. steady")) == "move STEADY +MEAL4"
    assert summary(reading("smiddy", "sell 5. sell 5. rest")) == "move REST +SELL10"
    # a correction between them: the last stands
    assert summary(reading("inn", "buy 3 meal, no, buy 2 meal. steady")) == "confirm STEADY +MEAL2"


def test_ruling_46_a_refused_errand_said_twice_is_refused_once_in_one_line() -> None:
    reason = "At most two hands on their feet, and Ewan and Calum are on theirs; no charge."
    r = reading("smiddy", "Hire a hand. Hire a hand.")  # Ewan and Calum on their feet: both refused
    assert r.text.count(reason) == 1 and "HIRE 2" in r.text
    run = _run_at("smiddy")
    r = run.reply("Hire a hand. Hire a hand. steady")
    assert r.read_as is ReadAs.MOVE and r.prose.count("HIRE refused.") == 1 and r.prose.count(reason) == 1
    # one place free: the first is hired, the second refused, each said once
    run = _run_at("smiddy")
    run.state = replace(run.state, crew=("you", "Calum", "Bran"), laid=("Ewan",))
    run.reply("Hire a hand. Hire a hand.")
    r = run.reply("yes")
    assert r.fields["silver"] == 16 and "Hector" in r.fields["crew"]
    assert r.prose.count("You hire Hector") == 1 and r.prose.count("HIRE refused.") == 1


def _run_at(place: str) -> Run:
    run = Run(game())
    run.start()
    run.state = replace(at(place), turn=run.state.turn)
    return run


def test_ruling_47_a_pending_question_is_never_dropped_without_a_word() -> None:
    # "buy 4 meal" asks its confirm; "steady" must not march without the meal and say nothing
    run = _run_at("inn")
    assert run.reply("buy 4 meal").read_as is ReadAs.CONFIRM
    r = run.reply("steady")
    assert r.read_as is ReadAs.CONFIRM and "MEAL 4, asked above, still waits on a yes" in r.text
    assert r.fields["mile"] == 33  # nothing has moved
    r = run.reply("yes")
    assert r.fields["meal"] == 11 and r.fields["mile"] == 45  # MEAL 4 bought, then the march (one eaten)
    # "buy meal" asks how many; an order is not an answer: asked again, the order held
    run = _run_at("inn")
    run.reply("buy meal")
    r = run.reply("steady")
    assert r.read_as is ReadAs.ASK and "STEADY waits on it" in r.text and r.fields["mile"] == 33
    r = run.reply("3")
    assert r.fields["mile"] == 45 and r.fields["silver"] == 17
    # a ROOF asked about, then a march: the reply says the ROOF is not done
    run = _run_at("inn")
    run.reply("get a room")
    r = run.reply("push")
    assert "ROOF, asked above, is not done" in r.text
    # business said again: the player's new words stand
    assert summary(reading("inn", "buy 2 meal and push", reading("inn", "buy 4 meal"))) == "move PUSH +MEAL2"


def test_ruling_48_save_inside_a_message_is_told_and_help_answers() -> None:
    assert summary(reading("shore", "save")) == "command save"
    for message in ("save pls", "can you save the game", "save pls, gotta go", "i want to save"):
        assert summary(reading("shore", message)) == "command save", message  # a pause: the SAVE block
    for message in ("save the beasts from the moss", "how do I save?", "don't save"):
        assert reading("shore", message).kind is not ReadAs.COMMAND, message
    assert "Each morning, one order" in reading("shore", "help").text


def test_ruling_49_a_what_if_is_worked_before_the_tables_answer() -> None:
    r = reading("ford", "what if we ford?")
    assert r.kind is ReadAs.ANSWER and r.text.startswith("If FORD")
    r = reading("ford", "what is the ford?")
    assert "THE FORD —" in r.text


def test_ruling_47_a_question_asked_while_business_waits_keeps_it_waiting() -> None:
    """Issue 10: "buy 4 meal", then a question, then "yes": the question is answered and the confirm
    asked again, so the yes buys the meal (it was "Nothing is waiting on a yes")."""
    run = _run_at("inn")
    run.reply("buy 4 meal")
    r = run.reply("what's the tape today?")
    assert r.read_as is ReadAs.CONFIRM and "Day 4 reads" in r.text and "Asked above, still waiting: Today: MEAL 4" in r.text
    assert r.fields["meal"] == 8 and r.fields["mile"] == 33
    r = run.reply("yes")
    assert r.read_as is ReadAs.MOVE and r.fields["meal"] == 12 and r.fields["silver"] == 16
    # a how-many and the options of a message that held business are kept the same way
    run = _run_at("inn")
    run.reply("buy meal")
    r = run.reply("what is the glen?")
    assert r.read_as is ReadAs.ASK and "THE GLEN 33→57" in r.text and "Asked above, still waiting: How many MEAL?" in r.text
    r = run.reply("3")
    assert r.read_as is ReadAs.CONFIRM and "Today: MEAL 3" in r.text
    assert run.reply("yes").fields["silver"] == 17
    run = _run_at("inn")
    run.reply("buy 2 meal and push or rest")
    r = run.reply("what's the tape today?")
    assert r.read_as is ReadAs.ASK and r.prose.endswith("Asked above, still waiting: PUSH or REST?")
    r = run.reply("push")
    assert r.read_as is ReadAs.MOVE and r.fields["meal"] == 9 and r.fields["mile"] == 49  # MEAL 2 bought, one eaten
    # the question asked twice is asked once more, not nested
    run = _run_at("inn")
    run.reply("buy 4 meal")
    run.reply("what's the tape today?")
    r = run.reply("what's the tape tomorrow?")
    assert r.text.count("Asked above, still waiting") == 1 and r.text.count("Today: MEAL 4") == 1


@pytest.mark.parametrize(
    "message,want",
    [
        ("what's my silver?", "SILVER 17."),
        ("silver?", "SILVER 17."),
        ("how much silver do I have", "SILVER 17."),
        ("how much meal", "MEAL 5 (the bag holds 12; the party eats 1 a day)."),
        ("how many head", "HEAD 57."),
        ("how many cattle do we have left?", "HEAD 57."),
        ("what day is it", "Day 9 of 20, 11 more after today; day 21 still sells, one FLESH down."),
        ("how many days left?", "Day 9 of 20, 11 more after today"),
        ("what's the flesh", "FLESH 4 of 6."),
        ("how much wear?", "WEAR 2 of 5"),
        ("what's the spate", "SPATE 2 of 3: the rivers are HIGH."),
        ("who's laid up?", "Laid up: Ewan."),
        ("how's the herd?", "HEAD 57, FLESH 4 of 6."),
        ("what's my silver and meal?", "MEAL 5 (the bag holds 12; the party eats 1 a day). SILVER 17."),
        ("how far to go", "the tryst ground is 89 miles on"),
    ],
)
def test_ruling_50_the_numbers_asked_for_are_answered_from_the_ledger(message: str, want: str) -> None:
    """HARD RULE 5: "Answer questions on the tape, tables and numbers … exactly": each number asked
    for by name is answered in one line from the state, and the order asked for; no day is used."""
    state = at("smiddy", head=57, flesh=4, meal=5, silver=17, wear=2, spate=2, crew=("you", "Calum", "Bran"), laid=("Ewan",))
    r = reading(state, message)
    assert r.kind is ReadAs.ANSWER and r.action is None and want in r.text
    first = r.text.split("\n\n")[0]
    assert "\n" not in first and "not something this card answers" not in r.text

