"""DEADRECKONING's reader on the words people type: rulings 2 (updated), 17–22 and 27–30 (docs/rulings.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.game import ReadAs
from cardgm.games.deadreckoning.rules import Salvo, StrikeColours
from cardgm.games.deadreckoning.seal import draw_berth
from cardgm.games.deadreckoning.state import Duel, cell_index

from .helpers import game_on, new_run, play


def reading(message: str, state: Duel | None = None, pending=None):
    return new_run().game.read(state or Duel(), message, pending)


def grid(**marks: str) -> str:
    g = ["."] * 64
    for cell, mark in marks.items():
        g[cell_index(cell)] = mark
    return "".join(g)


@pytest.mark.parametrize(
    "message,cell",
    [("b5 then", "B5"), ("oops. B5 then", "B5"), ("I'll take h1", "H1"), ("(c3)", "C3"), ("🎯 G3", "G3"), ("c 7", "C7"),
     ("c-7", "C7"), ("row 4 column C", "C4"), ("column c row 4", "C4"), ("f6 pls", "F6"), ("ok strike c3", "C3")],
)
def test_ruling_17_one_new_cell_anywhere_is_the_shot(message: str, cell: str) -> None:
    r = reading(message)
    assert r.kind is ReadAs.MOVE and r.action == Salvo(cell)


def test_ruling_17_what_is_not_a_cell_and_a_reversed_one():
    assert reading("a 2 cell ship").detail["topic"] == "no-cell"  # a spaced lower-case "a" is a word
    r = reading("4D")
    assert r.kind is ReadAs.ASK and 'column first, then row: "D4"' in r.text
    for hedge in ("maybe B2", "what about b5", "thinking about b5"):
        assert reading(hedge).detail["topic"] == "say-fire"


def test_ruling_18_corrections_reasons_and_alternatives():
    hit = Duel.of(grid(B2="x"), turn=2)
    assert reading("d6, no d7").action == Salvo("D7")
    assert reading("d6 - actually d7").action == Salvo("D7")
    assert reading("d7 instead of d6").action == Salvo("D7")
    assert reading("b2 was a hit so c2", hit).action == Salvo("C2")
    assert reading("c2 because b2 was a hit", hit).action == Salvo("C2")
    which = reading("b5 or c5")
    assert which.kind is ReadAs.ASK and "B5 or C5: which one?" in which.text
    assert reading("the first one", pending=which).action == Salvo("B5")
    assert reading("second", pending=which).action == Salvo("C5")
    pair = reading("b5 and c5")
    assert pair.kind is ReadAs.ASK and "One salvo at a time: that names B5 and C5" in pair.text


@pytest.mark.parametrize(
    "message", ["b2 was a hit so c2", "since b2 missed, c2", "b2 hit, so try c2", "B2 was a hit, so C2", "because b2 hit, c2"]
)
def test_ruling_18_the_reason_cell_is_not_the_shot_on_a_fresh_sea(message: str) -> None:
    """Issue 10: on a fresh sea B2 is unfired, and a reason naming it still does not fire it: C2 is
    the shot, B2 stays unfired, one salvo counted."""
    _, (r,) = play([message])
    assert r.read_as is ReadAs.MOVE and "Salvo at C2" in r.text and "B2" not in r.text
    assert r.fields["shots"] == 1 and r.fields["grid"][cell_index("B2")] == "." and r.fields["grid"][cell_index("C2")] != "."


def test_ruling_19_a_fired_cell_named_again_or_asked_about():
    _, replies = play(["B2", "back to b2"])
    assert "already fired on B2" in replies[-1].text and replies[-1].fields["shots"] == 1
    _, replies = play(["B2", "was b2 a hit?"])
    assert "B2 was fired on: a HIT" in replies[-1].text
    _, (r,) = play(["is b2 a hit?"])  # not fired yet: nothing is confirmed
    assert "I confirm nothing about a cell" in r.text


def test_ruling_20_a_surrender_said_with_a_no_is_not_one():
    for message in ("I give up", "I surrender", "ok i give up"):
        assert reading(message).action == StrikeColours() and reading(message).kind is ReadAs.MOVE  # ruling 3
    for message in ("I quit", "white flag 🏳️"):
        assert reading(message).kind is ReadAs.CONFIRM
    for message in ("don't give up", "never surrender!", "I won't give up"):
        r = reading(message)
        assert r.kind is not ReadAs.CONFIRM and not isinstance(r.action, StrikeColours)
    assert reading("not giving up yet, c3").action == Salvo("C3")


@pytest.mark.parametrize("message", ["save pls", "can you save the game", "gotta go, save it", "save and quit", "brb save"])
def test_ruling_21_a_save_asked_for_in_casual_words(message: str) -> None:
    assert reading(message).command == "save"


MESSAGES = st.sampled_from(
    ["b5 then", "b2 was a hit so c2", "d6, no d7", "b5 or c5", "is c3 water?", "maybe e4", "I give up", "save pls",
     "what was b2?", "row 4 column c", "how long is the ship at b2?", "warmer?", "back to b2", "a1", "h8 pls"]
)


@given(st.integers(0, 10_000), st.integers(0, 10_000), st.lists(MESSAGES, min_size=1, max_size=6))
@settings(max_examples=60, deadline=None)
def test_ruling_22_no_reading_depends_on_the_berth(one: int, two: int, messages: list[str]) -> None:
    """Two duels on different berths, shown the same grid, read every message the same way."""
    a = game_on(draw_berth(random.Random(one)))
    b = game_on(draw_berth(random.Random(two)))
    state = Duel.of(grid(B2="x", A1="o"), turn=3)
    for m in messages:
        ra, rb = a.read(state, m, None), b.read(state, m, None)
        assert (ra.kind, ra.action, ra.command, ra.text) == (rb.kind, rb.action, rb.command, rb.text)


def test_ruling_24_a_question_asked_while_a_surrender_or_a_cell_waits_keeps_it_waiting() -> None:
    _, replies = play(["I quit", "how many shots?", "yes"])
    assert replies[1].read_as is ReadAs.CONFIRM and "Salvos fired: 0" in replies[1].text
    assert "Asked above, still waiting: Strike your colours?" in replies[1].text and not replies[1].ended
    assert replies[2].ended and replies[2].end == "struck-colours"
    _, replies = play(["b5 or c5", "how long are the ships?", "the first"])
    assert "Asked above, still waiting: B5 or C5: which one?" in replies[1].text and replies[1].fields["shots"] == 0
    assert "Salvo at B5" in replies[2].text
    _, replies = play(["maybe b5", "status", "what's the commitment?", "yes"])
    assert replies[2].text.count("Asked above, still waiting") == 1 and "Salvo at B5" in replies[3].text
    _, replies = play(["I quit", "how many shots?", "no"])  # a no still declines it
    assert "Colours stay up" in replies[2].text and not replies[2].ended


@pytest.mark.parametrize(
    "message,want",
    [
        ("what turn is it?", "This reply is turn 7"),
        ("how many turns", "This reply is turn 7"),
        ("how many misses?", "Misses: 3 of 5 salvos."),
        ("how many ships are left?", "Sunk: Cutter; 3 of the four still afloat."),
        ("which ships are sunk?", "Sunk: Cutter; 3 of the four still afloat."),
        ("what have I sunk", "Sunk: Cutter"),
        ("how many cells left?", "Hits: 2 of the ten hull cells; 8 still to find."),
        ("how many shots have I fired?", "Salvos fired: 5. Hits: 2."),
        ("shots?", "Salvos fired: 5."),
    ],
)
def test_ruling_25_the_counts_asked_for_are_answered_from_the_grid(message: str, want: str) -> None:
    # turn 7: the Run counts the reply before the reader reads it, so the answer and the LEDGER agree
    state = Duel.of(grid(B2="x", C2="x", A1="o", D4="o", H8="o"), turn=7, sunk=("Cutter",))
    r = reading(message, state)
    assert r.kind is ReadAs.ANSWER and want in r.text


def test_ruling_25_a_count_names_no_ship_and_no_hull_the_player_has_not_seen_go_down() -> None:
    state = Duel.of(grid(B2="x", C2="x", A1="o", D4="o", H8="o"), turn=6, sunk=("Cutter",))
    assert "Sunk:" not in reading("is the sloop sunk?", state).text  # a name not yet announced: sealed
    assert reading("how long is the ship left?", state).detail["topic"] == "refuse-hull"



# -- rulings 27–30: odd cell forms, cells named from a cell, put-off shots and pauses, words beside a shot


def test_ruling_27_a_cell_written_as_a_pair_fires_and_a_phonetic_letter_is_asked():
    for message in ("c,3", "fire at c, 3", "(c,3)", "c/3", "c:3"):
        assert reading(message).action == Salvo("C3"), message
    assert reading("7-b").detail["topic"] == "reversed"
    asked = reading("delta four")
    assert asked.kind is ReadAs.ASK and asked.detail == {"topic": "say-fire", "cell": "D4"}
    assert reading("yes", pending=asked).action == Salvo("D4")


def test_ruling_28_a_cell_named_from_a_named_cell_is_counted_from_it_never_fired_itself():
    assert reading("below b2").action == Salvo("B3")
    assert reading("the cell under b2").action == Salvo("B3")  # before: B2 itself was fired
    assert reading("to the left of c5").action == Salvo("B5")
    which = reading("next to b2", Duel.of(grid(B2="x", A2="o"), turn=2))
    assert which.kind is ReadAs.ASK and "B1, B3 or C2: which one?" in which.text
    assert reading("above b1").detail["topic"] == "off-sea"
    assert reading("maybe below b2?").detail == {"topic": "say-fire", "cell": "B3"}
    assert reading("b3, below b2").action == Salvo("B3")


def test_ruling_29_a_shot_put_off_a_pause_and_the_colours_said_with_other_words():
    assert reading("save please, b7 tomorrow").command == "save"
    assert reading("b7 tomorrow").action is None
    assert reading("gotta go").command == "save"  # "On "save" or at any pause"
    assert reading("I strike my colours, well played").action == StrikeColours()
    assert reading("I strike my colours, well played").kind is ReadAs.MOVE
    both = reading("i strike my colours, b7")
    assert both.kind is ReadAs.ASK and both.action is None
    assert reading("i give up... jk c3").action == Salvo("C3")
    for theirs in ("make them strike their colours", "strike her colours!"):
        assert reading(theirs).action is None, theirs
    for vague in ("i forfeit", "end the game", "haul down the flag"):
        assert reading(vague).kind is ReadAs.CONFIRM, vague


def test_ruling_30_words_beside_a_shot_and_the_players_own_shots():
    par = reading("b7, what's par?")
    assert par.action == Salvo("B7") and "Par is 10" in par.text
    saved = reading("b7 and save")
    assert saved.action == Salvo("B7") and 'say "save" on its own' in saved.text
    assert reading("b7, is that a good shot?").detail["topic"] == "refuse-cell"
    hunting = Duel.of(grid(B2="x", C2="x", A1="o", D4="o", H8="o"), turn=6, sunk=("Cutter",))
    mine = reading("where did i hit", hunting)
    assert mine.kind is ReadAs.ANSWER and "hits B2, C2; misses A1, D4, H8" in mine.text
    assert reading("you pick").detail["topic"] == "refuse-hint"
    assert reading("undo", hunting).detail["topic"] == "undo"
    run, replies = play(["b2", "was that a hit?", "same again"])
    assert "B2 was fired on: a HIT" in replies[1].text
    assert "already fired on B2" in replies[2].text and run.state.shots == 1
    for thought in ("we could b7", "shall i fire b7", "can i below b2"):
        assert reading(thought).kind is ReadAs.ASK, thought
    assert reading("don't fire below b2").action is None
    assert reading("idk, give up").kind is ReadAs.CONFIRM
