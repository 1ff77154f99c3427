"""BECALMED's reader: phrasings, partial calls, refusals, let her drive, turtle, signal, limits, junk."""

from __future__ import annotations

import pytest

from cardgm.game import ReadAs
from cardgm.games.becalmed import reader
from cardgm.games.becalmed import rules as R
from cardgm.games.becalmed.game import make_game

from .support import CARD, TAPE, new_run, st


def read(state, message, pending=None):
    return reader.read(state, message, pending, TAPE)


@pytest.mark.parametrize(
    "message,calls",
    [
        ("FULL, SAIL, ROW", ("FULL", "SAIL", "ROW")),
        ("row sail full", ("FULL", "SAIL", "ROW")),
        ("short ration, awning up, watch tonight", ("SHORT", "AWNING", "WATCH")),
        ("dry / down / fish", ("DRY", "DOWN", "FISH")),
        ("full sail, row", ("FULL", "SAIL", "ROW")),
        ("half rations, take the sail down, bail", ("SHORT", "DOWN", "BAIL")),
        ("no water, rig the awning, sit up tonight", ("DRY", "AWNING", "WATCH")),
        ("Full ration. Canvas down. Put the lines over.", ("FULL", "DOWN", "FISH")),
        ("short; stow it; bailing", ("SHORT", "DOWN", "BAIL")),
    ],
)
def test_phrasings_a_person_would_use(message, calls):
    r = read(st(), message)
    assert r.kind is ReadAs.MOVE
    assert (r.action.issue, r.action.canvas, r.action.hands) == calls


def test_partial_calls_are_held_and_only_the_missing_asked():
    s = st()
    r1 = read(s, "full")
    assert r1.kind is ReadAs.ASK and r1.action == R.Calls("FULL", None, None, 1)
    assert "canvas" in r1.text and "hands" in r1.text and "the issue (" not in r1.text
    r2 = read(s, "sail", r1)
    assert r2.kind is ReadAs.ASK and r2.action == R.Calls("FULL", "SAIL", None, 1)
    r3 = read(s, "row", r2)
    assert r3.kind is ReadAs.MOVE and r3.action == R.Calls("FULL", "SAIL", "ROW", 1)


def test_a_newer_call_replaces_a_held_one():
    s = st()
    r1 = read(s, "full, sail")
    r2 = read(s, "short, watch", r1)
    assert r2.action == R.Calls("SHORT", "SAIL", "WATCH", 1)


def test_held_calls_do_not_cross_a_dawn():
    r1 = read(st(day=1), "full")
    r2 = read(st(day=2), "sail, row", r1)
    assert r2.kind is ReadAs.ASK and r2.action.issue is None


def test_partial_calls_through_the_run():
    run = new_run()
    assert run.reply("dry").fields["tape"] == 1
    assert run.reply("down").fields["tape"] == 1
    reply = run.reply("fish")
    assert reply.read_as is ReadAs.MOVE and reply.fields["tape"] == 3


def test_refusal_gives_the_cards_reason_and_asks_again_no_tape_read():
    run = new_run()
    reply = run.reply("short, awning, row")
    assert reply.read_as is ReadAs.ASK
    assert "never under the awning" in reply.text and "hands (" in reply.text
    assert reply.fields["tape"] == 1 and reply.fields["water"] == 26


def test_refusal_fish_while_sharks_stands():
    r = read(st(sharks=3), "dry down fish")
    assert r.kind is ReadAs.ASK and "SHARKS-3" in r.text and r.action == R.Calls("DRY", "DOWN", None, 1)


def test_refusal_sail_on_a_lost_canvas_asks_to_confirm_the_rest():
    s = st(canvas="lost")
    r = read(s, "full, sail, watch")
    assert r.kind is ReadAs.CONFIRM and "LOST" in r.text
    yes = read(s, "yes", r)
    assert yes.kind is ReadAs.MOVE and yes.action == R.Calls("FULL", None, "WATCH", 1)
    no = read(s, "no", r)
    assert no.kind is ReadAs.ASK and no.action == R.Calls("FULL", None, "WATCH", 1)


def test_two_calls_of_one_kind_are_asked_about():
    r = read(st(), "full short sail row")
    assert r.kind is ReadAs.ASK and "FULL and SHORT" in r.text and r.action.issue is None
    assert r.action.canvas == "SAIL"


def test_a_negated_call_is_not_a_call():
    r = read(st(), "full, sail, don't row, watch")
    assert r.kind is ReadAs.MOVE and r.action.hands == "WATCH"


def test_intentions_are_not_actions():
    r = read(st(), "maybe we should row?")
    assert r.kind is ReadAs.ASK and r.action is None and "intentions are not actions" in r.text


def test_butchering_day_asks_no_hands_and_notes_a_hands_call():
    s = st(butchering=True)
    r = read(s, "full, sail")
    assert r.kind is ReadAs.MOVE
    r2 = read(s, "full, sail, row")
    assert r2.kind is ReadAs.MOVE and r2.action.hands is None and "BUTCHERING" in r2.text


def test_let_her_drive_ends_at_any_point():
    for state in (st(), st(phase="turtle", tape=18, day=9), st(phase="signal", tape=20, day=10)):
        r = read(state, "Let her drive.")
        assert r.kind is ReadAs.COMMAND and r.command == "end" and isinstance(r.action, R.GiveOver)


@pytest.mark.parametrize("message", ["Don't let her drive", "Full, sail, row. Let her drive if it gets worse.", "never let her drive"])
def test_let_her_drive_only_as_the_order(message):
    r = read(st(), message)
    assert not isinstance(r.action, R.GiveOver)


def test_conditional_let_her_drive_still_runs_the_calls():
    r = read(st(), "Full, sail, row. Let her drive if it gets worse.")
    assert r.kind is ReadAs.MOVE and r.action == R.Calls("FULL", "SAIL", "ROW", 1)


def test_save_command_and_save_after_calls():
    assert read(st(), "save").command == "save"
    assert read(st(), "Save the game.").command == "save"
    r = read(st(), "Full, sail, row, then save")
    assert r.kind is ReadAs.MOVE and "save on its own" in r.text
    r2 = read(st(), "save the water")
    assert r2.kind is ReadAs.ASK and "DRY" in r2.text


def test_no_save_mid_dusk():
    s = st(phase="turtle", tape=18, day=9)
    r = read(s, "save")
    assert r.kind is ReadAs.ASK and "not mid-dusk" in r.text


@pytest.mark.parametrize("message,take", [("take her", True), ("Take the turtle.", True), ("yes", True),
                                          ("leave her", False), ("no", False), ("let her be", False)])
def test_turtle_take_her_or_leave_her(message, take):
    r = read(st(phase="turtle", tape=18, day=9), message)
    assert r.kind is ReadAs.MOVE and r.action == R.Turtle(take)


def test_turtle_asked_again_on_calls_or_junk():
    s = st(phase="turtle", tape=18, day=9)
    assert read(s, "full sail row").kind is ReadAs.ASK
    assert "turtle" in read(s, "qwerty").text.lower()


@pytest.mark.parametrize("message,burn", [("burn both", 2), ("burn one", 1), ("let her go", 0), ("burn them", 2),
                                          ("Burn both flares!", 2), ("don't burn", 0)])
def test_signal_on_the_masthead_light(message, burn):
    s = st(phase="signal", tape=20, day=10, westing=16, in_lane=True)  # TAPE[19] == 18
    r = read(s, message)
    assert r.kind is ReadAs.MOVE and r.action == R.Signal(burn)


def test_signal_cannot_burn_flares_she_has_not_got():
    s = st(phase="signal", tape=24, day=12, westing=16, in_lane=True, flares=1)  # TAPE[23] == 20
    r = read(s, "burn both")
    assert r.kind is ReadAs.ASK and "1 flare" in r.text
    assert read(s, "burn").action == R.Signal(1)


def test_limit_deaths_in_one_plain_line():
    r = read(st(), "Please tell any deaths in one plain line")
    assert r.kind is ReadAs.COMMAND and r.command == "limit" and r.action == R.SetLimit(deaths_plain=True)


@pytest.mark.parametrize("message,n", [("stop at day 6", 6), ("only play to day 9", 9), ("just 4 days", 4)])
def test_limit_stop_at_day_n(message, n):
    r = read(st(), message)
    assert r.command == "limit" and r.action.stop_day == n


def test_limit_behind_us_or_past_the_fortnight_gets_an_honest_answer():
    assert read(st(day=5), "stop at day 3").kind is ReadAs.ANSWER
    assert "fourteen" in read(st(), "stop at day 20").text


def test_limit_cardgm_cannot_honour_gets_an_honest_reply():
    r = read(st(), "Nobody dies, please")
    assert r.kind is ReadAs.ANSWER and "cannot honour" in r.text


def test_limit_plain_deaths_changes_the_telling_not_the_numbers():
    plain, full = new_run(deaths="plain"), new_run()
    for msg in ["DRY, SAIL, ROW", "DRY, SAIL, ROW", "FULL, SAIL, ROW", "FULL, SAIL, ROW"]:
        a, b = plain.reply(msg), full.reply(msg)
        assert a.ledger == b.ledger
    assert "Carrick dies." in a.text and "Carrick dies." not in b.text


@pytest.mark.parametrize("message", ["", "   ", "xyzzy plugh", "?!?", "\x00\x01", "🐢🐢", "a" * 3999, "row " * 999])
def test_junk_changes_nothing(message):
    run = new_run()
    before = run.transcript[-1][1].ledger
    reply = run.reply(message)
    assert reply.ledger == before
    assert reply.read_as in (ReadAs.ASK, ReadAs.ANSWER, ReadAs.MOVE)
    if reply.read_as is ReadAs.MOVE:  # "row row row…" is a hands call alone: never a move
        pytest.fail("a lone call moved the game")


def test_a_100kb_message_is_refused_and_changes_nothing():
    run = new_run()
    reply = run.reply("full sail row " * 8000)
    assert reply.read_as is ReadAs.ASK and reply.fields["tape"] == 1


def test_reader_never_raises_on_odd_words():
    game = make_game(CARD)
    for state in (st(), st(phase="turtle", tape=18, day=9), st(phase="signal", tape=20, day=10, in_lane=True)):
        for message in ["", "let", "her", "burn 7 flares", "stop at day 0", "day 99", "save save save", "yes", "no"]:
            assert game.read(state, message, None) is not None


def test_a_negated_let_her_drive_leaves_the_calls_in_the_message_to_run():
    r = read(st(), "Don't let her drive yet. short, awning, bail")
    assert r.kind is ReadAs.MOVE and r.action == R.Calls("SHORT", "AWNING", "BAIL", 1)
    assert "only as the order" in r.text


def test_a_message_of_punctuation_alone_is_said_plainly():
    from cardgm.card import load_card
    from cardgm.games import make_game
    from cardgm.run import Run

    run = Run(make_game(load_card("becalmed")))
    run.start()
    assert run.reply("?!...").text.startswith("I could not read a word in that. Nothing has changed.")
    assert "no words" not in run.reply("--").text


def test_one_measure_is_one_measure():
    from cardgm.games.becalmed import voice

    assert voice.measures(1) == "1 measure" and voice.measures(2) == "2 measures"
    assert voice.WATER_WORDS["bled"].format(measures=voice.measures(1)) == "The seams bleed 1 measure"
