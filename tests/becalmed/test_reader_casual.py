"""BECALMED's reader on the words people type: rulings 33–47 (docs/rulings.md)."""

from __future__ import annotations

import pytest

from cardgm.game import ReadAs
from cardgm.games.becalmed import reader
from cardgm.games.becalmed import rules as R

from .support import TAPE, new_run, st


def read(state, message, pending=None):
    return reader.read(state, message, pending, TAPE)


def calls(r) -> tuple:
    return (r.action.issue, r.action.canvas, r.action.hands) if isinstance(r.action, R.Calls) else ()


@pytest.mark.parametrize(
    "message,want",
    [
        ("everyone rows, short ration, sail up", ("SHORT", "SAIL", "ROW")),
        ("2 measures, down, watch", ("SHORT", "DOWN", "WATCH")),
        ("4 measures, sail, row", ("FULL", "SAIL", "ROW")),
        ("drink nothing today, keep the flares dry, sail, row", ("DRY", "SAIL", "ROW")),
        ("no water, awning, bail", ("DRY", "AWNING", "BAIL")),
        ("take in the sail, short, fish", ("SHORT", "DOWN", "FISH")),
        ("dry, down, bail her dry", ("DRY", "DOWN", "BAIL")),
        ("short, sail, row. three days in a row now", ("SHORT", "SAIL", "ROW")),
        ("nance is down? no. full sail row", ("FULL", "SAIL", "ROW")),
        ("drink our fill, get the sail up, row", ("FULL", "SAIL", "ROW")),
        ("full measure, run up the canvas, pull", ("FULL", "SAIL", "ROW")),
        ("short, hoist the sail, everyone on the oars", ("SHORT", "SAIL", "ROW")),
        ("short, strike sail, keep watch", ("SHORT", "DOWN", "WATCH")),
        ("short, douse the sail, sit up tonight", ("SHORT", "DOWN", "WATCH")),
        ("short, take the sail down, bail out", ("SHORT", "DOWN", "BAIL")),
        ("short, everyone in the shade, watch", ("SHORT", "AWNING", "WATCH")),
        ("nothing from the breaker, stow it, lines over", ("DRY", "DOWN", "FISH")),
        ("short, sail, row. we've had our fill of sun", ("SHORT", "SAIL", "ROW")),
    ],
)
def test_ruling_33_casual_call_words_and_nouns_that_are_not_calls(message, want):
    r = read(st(), message)
    assert r.kind is ReadAs.MOVE and calls(r) == want


def test_ruling_33_mend_the_sail_is_mend_and_on_a_lost_canvas_all_three_calls():
    assert calls(read(st(canvas="lost"), "short, nance mends the sail")) == ("SHORT", None, "MEND")
    r = read(st(), "mend the sail")  # canvas DOWN: MEND refused, and no SAIL read into it
    assert r.kind is ReadAs.ASK and "MEND: canvas LOST only" in r.text and r.action is None
    assert calls(read(st(), "check the sail, full, row")) == ("FULL", None, "ROW")


@pytest.mark.parametrize(
    "message,want",
    [
        ("full, no wait, short, sail, row", ("SHORT", "SAIL", "ROW")),
        ("full sail row - actually make that short", ("SHORT", "SAIL", "ROW")),
        ("short - full, sail, row", ("FULL", "SAIL", "ROW")),
        ("short, sail, fish. scratch that, bail", ("SHORT", "SAIL", "BAIL")),
        ("full, sail, row. I mean short", ("SHORT", "SAIL", "ROW")),
        ("full, sail, awning instead, bail", ("FULL", "AWNING", "BAIL")),
    ],
)
def test_ruling_34_the_last_word_stands_after_a_correction(message, want):
    r = read(st(), message)
    assert r.kind is ReadAs.MOVE and calls(r) == want


def test_ruling_34_without_a_correction_two_of_a_kind_ask_and_a_trailing_correction_calls_nothing():
    r = read(st(), "full, sail or awning, row")
    assert r.kind is ReadAs.ASK and "Two canvas calls in one message (SAIL and AWNING); which?" in r.text
    r = read(st(), "full, sail, row... no wait")
    assert r.kind is ReadAs.ASK and "ends on a correction" in r.text and r.action is None


def test_ruling_35_a_slip_is_confirmed_never_taken_silently():
    r = read(st(), "shrot, sial, wacth")
    assert r.kind is ReadAs.CONFIRM and calls(r) == ("SHORT", "SAIL", "WATCH")
    assert '"shrot" as SHORT' in r.text and "Run SHORT, SAIL, WATCH? (yes/no)" in r.text
    assert read(st(), "yes", r).kind is ReadAs.MOVE
    no = read(st(), "no", r)
    assert no.kind is ReadAs.ASK and no.action is None  # the slip's calls are not held after a no
    part = read(st(), "shrot")
    assert part.kind is ReadAs.CONFIRM and "Hold SHORT" in part.text
    held = read(st(), "yes", part)
    assert held.kind is ReadAs.ASK and calls(held) == ("SHORT", None, None)
    for real in ("full, sail, said row", "catch the wind, full sail row"):  # real words are no slips
        assert read(st(), real).kind is ReadAs.MOVE


def test_ruling_36_questions_beside_calls_are_answered_and_intentions_asked():
    r = read(st(), "full, sail, row. what's the weather tomorrow?")
    assert r.kind is ReadAs.MOVE and "Tomorrow, day 2: tape 3 is 16" in r.text
    r = read(st(), "full sail row, what is tape 9?")
    assert r.kind is ReadAs.MOVE and "Tape 9 is 3" in r.text
    r = read(st(), "full, sail, row?")
    assert r.kind is ReadAs.CONFIRM and "Run FULL, SAIL, ROW? (yes/no)" in r.text
    for thought in ("I'm thinking about rowing", "should we bail?", "maybe short, sail, row", "how about rowing?"):
        t = read(st(), thought)
        assert t.kind is ReadAs.ASK and "intentions are not actions" in t.text and t.action is None
    for order in ("we'll go short, sail and row", "let's do short, awning, watch", "gonna go short, sail, and row"):
        assert read(st(), order).kind is ReadAs.MOVE
    later = read(st(), "row tomorrow, today full sail watch")
    assert calls(later) == ("FULL", "SAIL", "WATCH") and "Not taken" in later.text


def test_ruling_37_what_ifs_are_worked_on_a_copy_and_read_nothing():
    run = new_run()
    before = run.state
    reply = run.reply("what if full sail row?")
    assert "If FULL, SAIL, ROW today" in reply.text and "westing 5/30" in reply.text and "Nothing is called" in reply.text
    assert run.state.tape == before.tape and run.state.water == before.water and run.state.westing == 0
    r = read(st(), "what if we row?")
    assert r.kind is ReadAs.ANSWER and "ROW adds +1 league and +1 thirst" in r.text
    r = read(st(), "what if we row?", read(st(), "full, sail"))  # the held calls complete the what-if
    assert "If FULL, SAIL, ROW today" in r.text and calls(r) == ("FULL", "SAIL", None)


@pytest.mark.parametrize("message", ["save pls", "can you save the game", "gotta go, save it", "save and quit", "brb, save"])
def test_ruling_38_a_save_asked_for_in_casual_words(message):
    assert read(st(), message).command == "save"


def test_ruling_38_what_is_not_a_save():
    assert "That is not a call or the save command" in read(st(), "save the water").text
    assert read(st(), "don't save").command is None
    how = read(st(), "how do I save?")
    assert how.command is None and 'Say "save"' in how.text


def test_ruling_39_a_yes_runs_held_calls_that_lack_nothing():
    s = st(canvas="lost")
    confirm = read(s, "full, sail, watch")
    no = read(s, "no", confirm)
    assert no.kind is ReadAs.ASK and calls(no) == ("FULL", None, "WATCH")
    assert read(s, "yes", no).kind is ReadAs.MOVE  # the loop of "Held: FULL, WATCH." is gone
    assert read(s, "ok", confirm).kind is ReadAs.MOVE
    asked = read(s, "what's the weather tomorrow?", confirm)
    assert "Say yes to run them" in asked.text and calls(asked) == ("FULL", None, "WATCH")


LOST_SAVE = """-----BEGIN AIGC SAVE-----
game:becalmed
m:open-boat
rules:1
turn:9
day:5/14
westing:11/30
water:27
thirst:3/7
canvas:lost
flares:2
crew:P.C.O.N.Y.
tape:9
flags:none
sha:none
-----END AIGC SAVE-----"""


@pytest.mark.parametrize("answers", [["yes"], ["yep do it"], ["no", "yes"], ["no", "ok"], ["what's the weather tomorrow?", "yes"]])
def test_ruling_39_a_sail_on_a_lost_canvas_resumed_from_a_save_is_completed_by_a_yes(answers: list[str]) -> None:
    """Issue 10: a LOST canvas reached the way a player reaches it, by a SAVE block; the SAIL call is
    refused and the rest confirmed, and a yes runs FULL, WATCH (day 5 becomes day 6, 4 measures
    poured), never "Held: FULL, WATCH." again and again."""
    run = new_run()
    assert run.reply(LOST_SAVE).fields["canvas"] == "lost"
    confirm = run.reply("full, sail, watch")
    assert confirm.read_as is ReadAs.CONFIRM and "Run FULL, WATCH with the canvas as it lies? (yes/no)" in confirm.text
    *between, last = [run.reply(a) for a in answers]
    for r in between:
        assert r.read_as is not ReadAs.MOVE and r.fields["day"] == 5 and r.fields["water"] == 27
    assert last.read_as is ReadAs.MOVE and "FULL: 4 measures go round" in last.text and "hands WATCH" in last.text
    assert last.fields["day"] == 6 and last.fields["water"] == 23


def test_ruling_40_a_limit_said_with_calls_says_the_calls_are_not_taken():
    r = read(st(), "stop at day 9. full, sail, row")
    assert r.command == "limit" and "not taken" in r.text
    r = read(st(), "it's only day 1 and pruett wants water. full, sail, row")
    assert r.kind is ReadAs.MOVE and calls(r) == ("FULL", "SAIL", "ROW")


def test_ruling_41_i_give_up_is_told_the_cards_words():
    for message in ("I give up", "quit"):
        r = read(st(), message)
        assert r.kind is ReadAs.ASK and '"let her drive"' in r.text and r.action is None


# -- rulings 44–47: "let her drive" asked or beside the calls, the dusk's two questions, references back


def _dusk(day: int, westing: int) -> object:
    """The printed tape's turtle (day 9) or masthead light (day 10), the day's calls made."""
    s = st(day=day, westing=westing, water=20, thirst=2, in_lane=True)
    after, _ = R.apply(s, R.Calls("DRY", "DOWN", "BAIL", day), TAPE)
    assert after.phase in ("turtle", "signal")
    return after


def test_ruling_44_let_her_drive_asked_about_or_said_beside_the_calls_ends_nothing():
    for asked in ("what does let her drive mean", "should i let her drive", "let her drive? what does that do"):
        r = read(st(), asked)
        assert r.kind is ReadAs.ANSWER and r.command is None, asked
    beside = read(st(), "full sail row and let her drive")
    assert beside.kind is ReadAs.ASK and calls(beside) == ("FULL", "SAIL", "ROW")
    assert "said beside other orders it is not taken" in beside.text
    assert read(st(), "yes", beside).kind is ReadAs.MOVE
    assert read(st(), "let her drive", beside).command == "end"
    assert read(st(), "save game then let her drive").command is None
    assert read(st(), "ok let her drive then").command == "end"


def test_ruling_45_the_turtle_and_the_ship_in_casual_words():
    turtle, ship = _dusk(9, 14), _dusk(10, 15)
    for message, take in (("don't take her", False), ("not the turtle", False), ("don't leave her", True),
                          ("take her - no, leave her", False), ("leave her... actually take her", True),
                          ("hmm take her? no leave her", False), ("nah", False), ("haul her in", True)):
        assert read(turtle, message).action == R.Turtle(take), message
    for thought in ("we could take her", "take her?"):
        r = read(turtle, thought)
        assert r.kind is ReadAs.ASK and r.action is None, thought
    tomorrow = read(turtle, "what's tomorrow? take her")
    assert tomorrow.action == R.Turtle(True) and "LIGHT AIRS" in tomorrow.text
    for message, burn in (("don't fire the flares", 0), ("keep the flares", 0), ("hold on to the flares", 0),
                          ("burn both... actually just one", 1), ("hold on, burn both", 2), ("1", 1)):
        assert read(ship, message).action == R.Signal(burn), message
    for thought in ("maybe burn both", "burn both?"):
        assert read(ship, thought).action is None, thought


def test_ruling_46_words_that_refer_back_with_a_no_a_question_or_a_save():
    run = new_run()
    run.reply("full sail row")
    history = tuple(run.history)
    s = run.state

    def again(message: str):
        return reader.read(s, message, None, TAPE, history)

    no_row = again("same as yesterday, no rowing")
    assert no_row.kind is ReadAs.ASK and calls(no_row) == ("FULL", "SAIL", None)
    for same in ("same", "the usual", "repeat", "same as yday"):
        assert calls(again(same)) == ("FULL", "SAIL", "ROW") and again(same).kind is ReadAs.MOVE, same
    asked = again("same as yesterday. whats the weather tomorrow?")
    assert asked.kind is ReadAs.MOVE and "LIGHT AIRS" in asked.text
    saved = again("same as yesterday and save")
    assert saved.kind is ReadAs.MOVE and "say save on its own" in saved.text
    assert again("same as yesterday?").kind is not ReadAs.MOVE


def test_ruling_47_calls_put_off_beside_a_save_leave_the_save():
    assert read(st(), "save it please, full sail row tomorrow").command == "save"
    assert read(st(), "no water no sail bail").action == R.Calls("DRY", "DOWN", "BAIL", 1)
    odd = read(st(), "half a measure, sail, row")
    assert odd.kind is ReadAs.ASK and "half a measure is none of them" in odd.text
    assert read(st(), "if it's calm, fish; otherwise sail and row. full.").kind is ReadAs.ASK
    assert read(st(), "sail when the wind comes, full, row").kind is ReadAs.ASK
    several = read(st(), "full sail row every day")
    assert several.kind is ReadAs.MOVE and "The calls are today's" in several.text
    for pause in ("brb", "gotta go", "stop"):
        assert read(st(), pause).command == "save", pause  # SAVE / RESUME: "at any pause"
    assert read(st(), "stop rowing").command is None
    for plan in ("we could let her drive", "idk, let her drive", "no let her drive"):
        assert read(st(), plan).command is None, plan
