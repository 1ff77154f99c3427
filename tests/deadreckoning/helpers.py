"""Shared helpers for the DEADRECKONING tests."""

from __future__ import annotations

import re
from functools import cache

from cardgm.card import Card, load_card
from cardgm.games.deadreckoning.game import DeadReckoning, make_game
from cardgm.games.deadreckoning.state import Berth, Seal, ship_from_cells
from cardgm.run import Reply, Run

# The card's printed berth (GM-ONLY: THE FLEET), written out here on purpose: the tests check the
# game against the card, not against the game's own reading of it.
CARD_HULLS = {"Cutter": ("B2", "C2"), "Sloop": ("F2", "F3", "F4"), "Brigantine": ("B5", "C5", "D5"), "Frigate": ("H6", "H7")}
CARD_CELLS = [c for cells in CARD_HULLS.values() for c in cells]
CLEAN_TEN = CARD_CELLS  # ten salvos, ten hits: a flawless hunt
GRID_HEADER = "  A B C D E F G H"
CELL = re.compile(r"(?<![A-Za-z0-9])([A-Ha-h][1-8])(?![0-9])")


@cache
def card() -> Card:
    return load_card("deadreckoning")


def berth_of(hulls: dict[str, tuple[str, ...]]) -> Berth:
    lengths = {"Cutter": 2, "Sloop": 3, "Brigantine": 3, "Frigate": 2}
    return Berth(tuple(ship_from_cells(n, lengths[n], cells) for n, cells in hulls.items()))


def game_on(berth: Berth) -> DeadReckoning:
    """A duel on any berth, speaking of its seal as the card's own game does."""
    base = make_game(card())
    return DeadReckoning(card(), berth, base.seal)


def new_run(game: DeadReckoning | None = None) -> Run:
    run = Run(game or make_game(card()))
    run.start()
    return run


def play(messages: list[str], game: DeadReckoning | None = None) -> tuple[Run, list[Reply]]:
    run = new_run(game)
    return run, [run.reply(m) for m in messages]


def cells_in(text: str) -> set[str]:
    return {m.upper() for m in CELL.findall(text)}


def same_seal() -> Seal:
    return make_game(card()).seal
