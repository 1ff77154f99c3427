"""LEDGER, SAVE and RESULT exactly as the card prints them, written and read back; resume."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.game import ReadAs, SaveError
from cardgm.games.deadreckoning import notation
from cardgm.games.deadreckoning.state import SHIP_NAMES, Duel

from .helpers import CARD_CELLS, CELL, GRID_HEADER, cells_in, new_run, play

EMPTY = "." * 64


def test_the_ledger_line_is_the_cards_format() -> None:
    _, replies = play(["B2", "C2", "A1"])
    assert replies[-1].ledger == (
        "[L] turn:4 shots:3 hits:2 sunk:Cutter | o........xx..................................................... | v1.0.0"
    )


def test_the_sunk_list_is_in_the_fleets_printed_order_joined_by_commas() -> None:  # ruling 6
    _, replies = play(["H6", "H7", "B2", "C2"])
    assert " sunk:Cutter,Frigate | " in replies[-1].ledger


def test_the_save_block_is_the_cards_format_exactly() -> None:
    _, replies = play(["B2", "C2", "A1", "save"])
    assert replies[-1].save == "\n".join(
        [
            "-----BEGIN AIGC SAVE-----",
            "game:deadreckoning",
            "m:duel",
            "rules:1",
            "turn:5",
            "shots:3",
            "hits:2",
            "sunk:Cutter",
            "grid:o........xx.....................................................",
            "sha:none",
            "-----END AIGC SAVE-----",
        ]
    )
    assert "start a NEW chat, paste the full cartridge" in replies[-1].text


def test_the_result_line_is_the_cards_format() -> None:
    state = Duel.of("x" * 10 + "o" + "." * 53, turn=12, sunk=SHIP_NAMES)
    assert notation.result(state, "cleared", 99) == (
        "RESULT: AIGC|deadreckoning|duel|v1.0.0|end:cleared|ch:1|turns:12|score:99|tape:0|sha:none"
    )


grids = st.lists(st.sampled_from(".ox"), min_size=64, max_size=64).map("".join)
states = st.builds(
    Duel.of,
    turn=st.integers(1, 500),
    grid=grids,
    sunk=st.lists(st.sampled_from(SHIP_NAMES), unique=True).map(lambda xs: tuple(n for n in SHIP_NAMES if n in xs)),
)


@given(states)
@settings(max_examples=200, deadline=None)
def test_ledger_round_trips(state: Duel) -> None:
    assert notation.parse_ledger(notation.ledger(state)) == state


@given(states)
@settings(max_examples=200, deadline=None)
def test_save_round_trips_where_the_block_is_self_consistent(state: Duel) -> None:
    block = notation.save(state)
    try:
        back = notation.parse_save(block)
    except SaveError:
        return  # a state the card could not reach (checked below, case by case)
    assert back == state and notation.save(back) == block


def _block(**over: str) -> str:
    fields = {"game": "deadreckoning", "m": "duel", "rules": "1", "turn": "5", "shots": "3", "hits": "2",
              "sunk": "Cutter", "grid": "o........xx" + "." * 53, "sha": "none"}
    fields.update(over)
    return "-----BEGIN AIGC SAVE-----\n" + "\n".join(f"{k}:{v}" for k, v in fields.items()) + "\n-----END AIGC SAVE-----"


@pytest.mark.parametrize(
    "over, why",
    [
        ({"shots": "4"}, "shots:4 but its grid shows 3"),
        ({"hits": "3"}, "hits:3 but its grid shows 2"),
        ({"grid": "o" * 63}, "64 marks"),
        ({"grid": "q" * 64}, "64 marks"),
        ({"sunk": "Galleon"}, "no ship of this fleet"),
        ({"sunk": "Cutter,Cutter"}, "twice"),
        ({"sunk": "Cutter,Sloop"}, "more cells than its grid has hits"),
        ({"turn": "3"}, "too early"),
        ({"game": "becalmed"}, "not of deadreckoning"),
        ({"rules": "2"}, "v1 duel save"),
        ({"sha": "8f2a"}, "carries a seal"),
    ],
)
def test_a_save_that_disagrees_with_itself_is_refused_with_the_reason(over: dict[str, str], why: str) -> None:  # ruling 10
    with pytest.raises(SaveError, match=re.escape(why)):
        notation.parse_save(_block(**over))


def test_a_save_of_a_cleared_sea_is_refused() -> None:
    grid = "".join("x" if i < 10 else "." for i in range(64))
    with pytest.raises(SaveError, match="cleared sea"):
        notation.parse_save(_block(grid=grid, shots="10", hits="10", turn="11", sunk="Cutter"))


def _grid(x: tuple[str, ...] | list[str] = (), o: tuple[str, ...] | list[str] = ()) -> str:
    g = ["."] * 64
    for c, mark in [(c, "x") for c in x] + [(c, "o") for c in o]:
        g[(int(c[1]) - 1) * 8 + "ABCDEFGH".index(c[0])] = mark
    return "".join(g)


BERTH_LIES = {
    "x on open water": _block(grid=_grid(x=["E5"]), shots="1", hits="1", sunk="none", turn="2"),
    "o on a hull": _block(grid=_grid(o=["F3"]), shots="1", hits="0", sunk="none", turn="2"),
    "sunk not all struck": _block(grid=_grid(x=["H6", "F2"]), shots="2", hits="2", sunk="Frigate", turn="3"),
    "sunk left out": _block(grid=_grid(x=["B2", "C2"]), shots="2", hits="2", sunk="none", turn="3"),
    "sunk the wrong ship": _block(grid=_grid(x=["B2", "C2"]), shots="2", hits="2", sunk="Frigate", turn="3"),
}


@pytest.mark.parametrize("name", list(BERTH_LIES))
def test_a_save_that_cannot_be_true_of_the_berth_is_refused_naming_no_cell(name: str) -> None:  # ruling 10
    game = new_run().game
    with pytest.raises(SaveError) as err:
        game.load(BERTH_LIES[name])
    reason = str(err.value)
    assert "cannot both be true of the berth" in reason
    assert not CELL.search(reason)
    # One reason for every kind of lie: the refusal tells nothing of which mark was wrong.
    assert {str(_err(game, b)) for b in BERTH_LIES.values()} == {reason}


def _err(game, block: str) -> SaveError:
    try:
        game.load(block)
    except SaveError as exc:
        return exc
    raise AssertionError("loaded")


def test_a_save_with_its_sunk_list_in_another_order_loads_in_the_fleets_order() -> None:  # rulings 6 and 10
    block = _block(grid=_grid(x=["B2", "C2", "H6", "H7"]), shots="4", hits="4", sunk="Frigate,Cutter", turn="9")
    state = new_run().game.load(block)
    assert state.sunk == ("Cutter", "Frigate")


def test_resume_carries_on_from_the_saves_turn() -> None:  # ruling 10
    run = new_run()
    r = run.reply(_block())
    assert r.read_as is ReadAs.COMMAND and r.command == "resume"
    assert r.turn == 5 and r.ledger.startswith("[L] turn:5 shots:3 hits:2 sunk:Cutter")
    assert "This duel plays the berth printed in the card" in r.text and GRID_HEADER in r.text
    assert run.reply("A2").turn == 6


def test_a_refused_save_changes_nothing() -> None:
    run = new_run()
    r = run.reply(BERTH_LIES["x on open water"])
    assert "cannot be resumed" in r.text and r.fields["shots"] == 0
    assert "--sealed" in r.text  # it says how a sealed duel's save is resumed


def test_a_ledger_line_from_another_game_is_refused() -> None:
    with pytest.raises(ValueError):
        notation.parse_ledger("[L] day 1/14 | westing 0/30")


def test_the_save_names_no_hull_cell() -> None:
    _, replies = play(["B2", "save"])
    assert not cells_in(replies[-1].save) & set(CARD_CELLS)
