"""Every reader is linear: any message up to the 4,000-character limit is read in under 50 ms.

A reader that does quadratic work shows it on a message made of one short unit repeated to the
limit ('if ' repeated took DROVER'S AUTUMN's reader 9 s). These tests read such messages, built
from the words each reader looks at (order words, conditions, corrections, cells, calls, question
words, punctuation), in the mornings where the most is read (a store, a LOST canvas, a grid with
hits). The time is the process's CPU time, best of three, so that other work on the machine does
not count against the reader.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.card import load_card
from cardgm.games import ids, make_game
from cardgm.run import MAX_MESSAGE

LIMIT_S = 0.050

# The words the readers look at, and the shapes that made them slow before.
UNITS = [
    "if ", "if not ", "unless ", "when ", "push ", "PUSH ", "push tomorrow ", "PUSH push tomorrow ", "tomorrow ", "sell ",
    "sell 3 ", "buy meal ", "hire ", "no, ", "wait, ", "actually ", "and ", "or ", "rest ", "steady and push ", "meal ",
    "the rest ", "Day 4: PUSH. ", "trade 2 for meal ", "otherwise ", "turn for home ", "go home ", "full ", "sail ",
    "row ", "no ", "don't ", "shrot ", "sial ", "wacth ", "stop at day 5 ", "deaths ", "deaths plain ", "stop ", "only ",
    "let her drive ", "save ", "what if ", "? ", ". ", ", ", "- ", "— ", "b5 ", "b5 or ", "b 5 ", "row 4 column c ",
    "since ", "was a hit ", "fire ", "give up ", "not ", "4d ", "a ", "aaaa", "x", "🎯", "the sail ", "take in the sail ",
    "keep the flares dry ", "2 measures ", "is ", "what ", "tape 9 ", "weather ", "who ", "down ", "mend the sail ",
    "in a row ", "watch out for ", "i mean ", "scratch that ", "instead ", "1 measure ", "how about ", "qwxz ", "zzzzzzzzz",
    "-----BEGIN ", "\n", "d6 no d7 ", "b2 hit so c2 ", "instead of ", "column ", "row ", "a1", "maybe ", "strike ",
    "row, ", "full, ", "sail; ", "what if row? ", "no wait ",
]


def _morning(game_id: str):
    """The game's morning where its reader reads the most."""
    game = make_game(load_card(game_id))
    state = game.new()
    fields = set(getattr(state, "__dataclass_fields__", {}))
    if {"mile", "day"} <= fields:
        state = replace(state, mile=90, day=9, tape=8)  # the Smiddy: every errand is read
    elif "canvas" in fields:
        state = replace(state, canvas="lost", day=5, tape=9)
    elif "hull_hits" in fields:  # a Duel: its grid held as masks
        state = type(state).of("x" + "." * 8 + "xo" + "." * 53, turn=state.turn, sunk=state.sunk)
    return game, state


GAMES = {gid: _morning(gid) for gid in sorted(ids())}


def _cpu_time_to_read(game_id: str, message: str) -> float:
    game, state = GAMES[game_id]
    best = float("inf")
    for k in range(3):
        # a different tail each time, so no cache from the try before helps
        text = message[: MAX_MESSAGE - 4] + f" q{k}"
        start = time.process_time()
        game.read(state, text, None)
        best = min(best, time.process_time() - start)
    return best


def _fill(unit: str) -> str:
    return (unit * (MAX_MESSAGE // max(1, len(unit)) + 1))[:MAX_MESSAGE]


@pytest.mark.parametrize("game_id", sorted(ids()))
@pytest.mark.parametrize(
    "unit", ["if ", "if not ", "unless ", "PUSH push tomorrow ", "hire ", "b5 ", "shrot ", "when ? ", "row, ", "full, "]
)
def test_the_shapes_that_were_slow_are_read_in_under_50_ms(game_id: str, unit: str) -> None:
    took = _cpu_time_to_read(game_id, _fill(unit))
    assert took < LIMIT_S, f"{game_id} took {took * 1000:.0f} ms on {unit!r} × {MAX_MESSAGE // len(unit)}"


@given(
    st.sampled_from(sorted(ids())),
    st.lists(st.sampled_from(UNITS), min_size=1, max_size=3),
)
@settings(max_examples=60, deadline=None, derandomize=True)
def test_property_any_repeated_shape_up_to_the_limit_is_read_in_under_50_ms(game_id: str, units: list[str]) -> None:
    took = _cpu_time_to_read(game_id, _fill("".join(units)))
    assert took < LIMIT_S, f"{game_id} took {took * 1000:.0f} ms on {''.join(units)!r} repeated to {MAX_MESSAGE}"
