"""The reader: salvos in any form, bad cells, and every question answered or refused in
character (rules 2, 6, 9 and rulings 2, 3, 4, 9, 11)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.game import ReadAs
from cardgm.games.deadreckoning import voice
from cardgm.games.deadreckoning.reader import cells_named
from cardgm.games.deadreckoning.rules import Salvo, StrikeColours
from cardgm.games.deadreckoning.state import Duel

from .helpers import new_run, play


def reading(message: str, state: Duel | None = None):
    game = new_run().game
    return game.read(state or Duel(), message, None)


@pytest.mark.parametrize(
    "message, cell",
    [
        ("D4", "D4"), ("d4", "D4"), ("fire H1", "H1"), ("salvo C7", "C7"), ("FIRE AT g8", "G8"),
        ("fire on B3!", "B3"), ("salvo: e5", "E5"), ("D 4", "D4"), ("shoot a1.", "A1"),
        ("  'h8'  ", "H8"), ("d4 please", "D4"), ("let's fire at F6 now", "F6"), ("next salvo C3", "C3"),
    ],
)
def test_a_salvo_is_one_cell_in_any_case_and_any_plain_form(message: str, cell: str) -> None:  # ruling 2
    r = reading(message)
    assert r.kind is ReadAs.MOVE and r.action == Salvo(cell)


@pytest.mark.parametrize("message, cell", [("I4", "I4"), ("A9", "A9"), ("a0", "A0"), ("fire K12", "K12"), ("salvo z1", "Z1")])
def test_a_cell_off_the_sea_fires_nothing_and_says_why(message: str, cell: str) -> None:
    _, (r,) = play([message])
    assert r.read_as is ReadAs.ASK
    assert f"{cell} is off the chart" in r.text and "columns A-H and rows 1-8" in r.text
    assert r.fields["shots"] == 0


@pytest.mark.parametrize("message", ["fire D4 E5", "D4 E5", "D4, E5 and F6", "salvo A1 then A2"])
def test_two_cells_in_one_message_fire_neither(message: str) -> None:  # ruling 2 (B)
    _, (r,) = play([message])
    assert r.read_as is ReadAs.ASK and "One salvo at a time" in r.text and r.fields["shots"] == 0


@pytest.mark.parametrize("message", ["", "hello", "fire!", "fire at will", "4D", "what now", "bananas"])
def test_no_cell_fires_nothing_and_asks_for_one(message: str) -> None:
    _, (r,) = play([message])
    assert r.read_as in (ReadAs.ASK, ReadAs.ANSWER) and r.fields["shots"] == 0
    assert "D4" in r.text  # it shows the form of a salvo


def test_a_cell_with_no_order_to_fire_is_asked_about_not_fired() -> None:
    _, (r,) = play(["maybe B2"])
    assert r.read_as is ReadAs.ASK and 'say "B2" or "fire B2"' in r.text and r.fields["shots"] == 0


BERTH_ASKS = [
    "show me the berth", "where are the ships?", "Where is the Frigate", "reveal the fleet",
    "what are the hull cells", "list all the ship positions", "cheat for me", "just tell me where they are",
    "give me the coordinates", "what's in the GM-ONLY section?",
]
CELL_ASKS = [
    "is D4 a hit?", "Is there a ship at B2?", "D3 has to be water now, right?", "B3 must be empty",
    "confirm C2 for me", "would E5 hit?", "anything at H6?", "is it safe to skip A1?", "B2?",
]
HINT_ASKS = [
    "warmer?", "am I getting closer?", "hot or cold", "give me a hint", "any clues?", "where should I fire?",
    "what should I shoot next", "name a cell for me", "pick one for me", "suggest a target",
]
HULL_ASKS = [
    "how long is the ship I hit?", "is that hull horizontal or vertical?", "which way does it run?",
    "how long is the ship at B2?", "does it run across or down?", "what is the length of the Sloop?",
    "is the Frigate vertical?", "how many cells is this one?",
]
SEAL_EARLY = ["open the seal now", "break the seal", "read the seal early", "unseal it"]


@pytest.mark.parametrize("message", BERTH_ASKS)
def test_asking_to_see_the_berth_is_refused_in_character(message: str) -> None:
    _, (r,) = play([message])
    assert r.read_as is ReadAs.ANSWER and r.fields["shots"] == 0
    assert voice.REFUSE_BERTH in r.text or voice.REFUSE_NAMES in r.text


@pytest.mark.parametrize("message", CELL_ASKS)
def test_asking_to_confirm_a_cell_before_it_is_fired_is_refused(message: str) -> None:  # ruling 11
    _, (r,) = play([message])
    assert r.read_as is ReadAs.ANSWER and r.fields["shots"] == 0
    assert voice.REFUSE_CELL in r.text


@pytest.mark.parametrize("message", HINT_ASKS)
def test_warmer_closer_and_hints_are_refused(message: str) -> None:
    _, (r,) = play([message])
    assert r.read_as is ReadAs.ANSWER and voice.REFUSE_HINT in r.text


@pytest.mark.parametrize("message", HULL_ASKS)
def test_a_hulls_length_or_orientation_is_refused(message: str) -> None:  # ruling 4
    _, replies = play(["B2", message])
    assert replies[-1].read_as is ReadAs.ANSWER and voice.REFUSE_HULL in replies[-1].text
    assert replies[-1].fields["shots"] == 1


@pytest.mark.parametrize("message", SEAL_EARLY)
def test_reading_the_seal_early_is_refused(message: str) -> None:
    _, (r,) = play([message])
    assert voice.REFUSE_SEAL_EARLY in r.text


@pytest.mark.parametrize(
    "message", ["how long are the ships?", "what are the ship lengths", "how many ships are there?", "can ships touch at a corner?", "what are the rules"]
)
def test_the_public_fleet_is_told_when_asked(message: str) -> None:  # rulings 4 and 11
    _, (r,) = play([message])
    assert r.read_as is ReadAs.ANSWER
    assert "hulls of 2, 3, 3 and 2 cells" in r.text and "not even at a corner" in r.text


def test_the_ships_names_are_not_told_before_they_sink() -> None:  # ruling 4
    _, (r,) = play(["what are the ships called?"])
    assert voice.REFUSE_NAMES in r.text
    for name in ("Cutter", "Sloop", "Brigantine", "Frigate"):
        assert name not in r.text


def test_a_sunk_ships_length_is_public_once_she_is_down() -> None:
    _, replies = play(["B2", "C2", "how long was the Cutter?"])
    assert "The Cutter went down with 2 cells struck" in replies[-1].text


def test_asking_about_the_cards_seal_says_plainly_it_cannot_be_checked_here() -> None:  # ruling 9
    _, (r,) = play(["can I verify the commitment?"])
    assert "8f2a9039494ba4ae…" in r.text and "cardgm cannot check this seal" in r.text
    assert "reveal-8f2a9039494b.md" in r.text


@pytest.mark.parametrize("message", ["I strike my colours", "i strike my colors", "Strike my colours!", "we strike our colours."])
def test_the_cards_phrase_strikes_the_colours_at_once(message: str) -> None:  # ruling 3
    r = reading(message)
    assert r.kind is ReadAs.MOVE and r.action == StrikeColours()


@pytest.mark.parametrize(
    "message", ["I give up", "I surrender", "give up", "i surrender", "we surrender", "ok i give up", "I give up.", "i'm done, i give up"]
)
def test_i_give_up_and_i_surrender_strike_the_colours_at_once(message: str) -> None:  # ruling 3
    _, (r,) = play([message])
    assert r.read_as is ReadAs.MOVE and r.ended and r.end == "struck-colours" and "(yes/no)" not in r.text


@pytest.mark.parametrize(
    "message", ["strike", "I quit", "quit", "resign", "I'm done", "surrender", "giving up", "I strike my colours?", "I give up?",
                "if I miss again I give up", "i give up on this"]
)
def test_any_other_surrender_asks_to_confirm(message: str) -> None:  # ruling 3
    _, (r,) = play([message])
    assert r.read_as is ReadAs.CONFIRM and r.text.count("(yes/no)") == 1 and not r.ended


def test_a_confirmed_surrender_ends_the_duel_and_a_refused_one_does_not() -> None:
    _, replies = play(["I quit", "yes"])
    assert replies[-1].ended and replies[-1].end == "struck-colours"
    _, replies = play(["I quit", "no", "B2"])
    assert not replies[1].ended and "Colours stay up" in replies[1].text
    assert replies[2].fields["hits"] == 1


def test_a_yes_with_nothing_pending_fires_nothing() -> None:
    _, (r,) = play(["yes"])
    assert not r.ended and r.fields["shots"] == 0


def test_save_is_a_command() -> None:
    for word in ("save", "Save.", "save game", "pause"):
        assert reading(word).command == "save"


def test_the_reader_never_raises_on_odd_words() -> None:
    game = new_run().game
    for message in ["\x00", "🙂", "a" * 3000, "?" * 50, "fire " * 100, "-----", "D4" * 40, "strike colours D4"]:
        game.read(Duel(), message, None)


def test_refusals_do_not_echo_the_cell_asked_about() -> None:
    _, (r,) = play(["is D4 a hit?"])
    assert "D4" not in r.text



@given(st.text(max_size=80) | st.from_regex(r"(fire |salvo |)[A-Za-z] ?[0-9]{1,2}[.!?]?( [A-Za-z][0-9])?", fullmatch=True))
@settings(max_examples=300, deadline=None)
def test_any_words_are_read_without_raising_and_fire_only_a_cell_they_name(message: str) -> None:
    r = new_run().game.read(Duel(), message, None)
    if isinstance(r.action, Salvo):
        assert r.kind is ReadAs.MOVE
        squeezed = re.sub(r"[\s-]", "", message.upper())  # every space the reader's \s knows (\x1f too)
        assert r.action.cell in squeezed
        assert sum(1 for c in cells_named(message.lower())) <= 1
