"""DEADRECKONING's rules, pure: RESOLUTION and SCORING & ENDGAME as the card prints them.

Every function takes the berth as an argument and returns new values; nothing here reads a file,
draws a number or prints. Errors name no cell of the berth.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardgm.game import Ending, Event, GameError

from .state import FLEET, HIT, MISS, PAR, SHIP_NAMES, UNFIRED, Berth, Duel, cell_index, is_cell


# -- actions: what a message can order --------------------------------------------------------


@dataclass(frozen=True)
class Salvo:
    """Fire on one cell ("D4"): rule 4, one shot is one grid cell."""

    cell: str


@dataclass(frozen=True)
class StrikeColours:
    """"I strike my colours": give up (rule 7)."""


Action = Salvo | StrikeColours


# -- events: what the rules did, in order ------------------------------------------------------


@dataclass(frozen=True)
class AlreadyFired(Event):
    """RESOLUTION 1: a repeat; no shot counted."""

    cell: str


@dataclass(frozen=True)
class Fired(Event):
    """RESOLUTION 2: a new cell marked; `hit` True for `x`."""

    cell: str
    hit: bool


@dataclass(frozen=True)
class Sunk(Event):
    """RESOLUTION 3: the hit completed a ship."""

    ship: str
    length: int


@dataclass(frozen=True)
class FleetCleared(Event):
    """RESOLUTION 4: all four ships sunk (hits = 10)."""

    shots: int


@dataclass(frozen=True)
class ColoursStruck(Event):
    """The player gave up."""


# -- the rules ---------------------------------------------------------------------------------


def apply(state: Duel, action: Action, berth: Berth) -> tuple[Duel, tuple[Event, ...]]:
    """One action through RESOLUTION (deterministic, in the card's order)."""
    if state.over:
        raise GameError("the duel is over; nothing more can be fired")
    if isinstance(action, StrikeColours):
        return replace(state, struck=True), (ColoursStruck(),)
    if not isinstance(action, Salvo) or not is_cell(action.cell):
        raise GameError("a salvo is one cell on the sea: a column A-H and a row 1-8")
    cell = action.cell.upper()
    i = cell_index(cell)
    if state.grid[i] != UNFIRED:  # 1) already fired: say so, count nothing
        return state, (AlreadyFired(cell),)
    ship = berth.ship_at(cell)  # 2) mark x on a hull cell, else o
    grid = state.grid[:i] + (HIT if ship else MISS) + state.grid[i + 1 :]
    after = replace(state, grid=grid)
    events: list[Event] = [Fired(cell, ship is not None)]
    if ship is not None and all(grid[cell_index(c)] == HIT for c in ship.cells):  # 3) SUNK
        sunk = set(state.sunk) | {ship.name}
        after = replace(after, sunk=tuple(n for n in SHIP_NAMES if n in sunk))  # the fleet's order
        events.append(Sunk(ship.name, ship.length))
        if after.cleared:  # 4) hits = 10: SCORING & ENDGAME
            events.append(FleetCleared(after.shots))
    return after, tuple(events)


def score(state: Duel) -> int:
    """SCORING 2: a cleared sea scores 100 - (shots - 10), clamped to 0-100; struck colours 0."""
    if not state.cleared:
        return 0
    return max(0, min(100, 100 - (state.shots - PAR)))


def ending(state: Duel) -> Ending | None:
    if state.cleared:
        return Ending("cleared", score(state))
    if state.struck:
        return Ending("struck-colours", 0)
    return None


def sunk_on(grid: str, berth: Berth) -> tuple[str, ...]:
    """The ships whose every cell is `x` on this grid, in the fleet's order."""
    return tuple(s.name for s in berth.ships if all(grid[cell_index(c)] == HIT for c in s.cells))


def true_of(state: Duel, berth: Berth) -> bool:
    """Could this grid and sunk list have come from firing on this berth? (x exactly on hull
    cells fired, o exactly on water fired, sunk = the ships all of whose cells are x.)"""
    hulls = {cell_index(c) for c in berth.hull_cells}
    for i, mark in enumerate(state.grid):
        if (mark == HIT) != (i in hulls) and mark != UNFIRED:
            return False
    return set(state.sunk) == set(sunk_on(state.grid, berth))


def reveal_grid(state: Duel, berth: Berth) -> str:
    """SCORING 1: the shot grid with every hull shown as `x` (misses stay `o`)."""
    hulls = {cell_index(c) for c in berth.hull_cells}
    return "".join(HIT if i in hulls else mark for i, mark in enumerate(state.grid))


def fleet_summary() -> str:
    """The public fleet (THE DUEL): "2, 3, 3 and 2"."""
    lengths = [str(k) for _, k in FLEET]
    return ", ".join(lengths[:-1]) + " and " + lengths[-1]

