"""DEADRECKONING's rules, pure: RESOLUTION and SCORING & ENDGAME as the card prints them.

Every function takes the berth as an argument and returns new values; nothing here reads a file,
draws a number or prints. Errors name no cell of the berth.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from cardgm.game import Ending, Event, GameError

from . import shared
from .actions import Action, Salvo, StrikeColours
from .events import AlreadyFired as AlreadyFired  # these four built through `shared`; the voice reads them here
from .events import ColoursStruck
from .events import Fired as Fired
from .events import FleetCleared as FleetCleared
from .events import Sunk as Sunk
from .state import CELL_AT, CELLS, FLEET, HIT, PAR, SHIP_NAMES, UNFIRED, Berth, Duel, cell_index, is_cell

FLEET_SIZE = len(FLEET)

Target = tuple[int, int, tuple[Event], tuple[Event], tuple[Event]]

# Every name a salvo may give a cell, in either case ("d4" fires D4), to what a salvo needs of that
# cell, looked up once: its grid index, its bit in the Duel's masks, and the shared event tuples
# for RESOLUTION 1's repeat and 2's miss and hit.
TARGETS: dict[str, Target] = {
    name: (i, 1 << i, (shared.already_fired(cell),), (shared.fired(cell, False),), (shared.fired(cell, True),))
    for name, (i, cell) in CELL_AT.items()
}

# -- the rules ---------------------------------------------------------------------------------


def refusal(state: Duel, action: object) -> str | None:
    """Why the card does not allow `action` now (the GameError `apply` raises), or None. A cell
    already fired is allowed: RESOLUTION 1 says so and counts nothing."""
    if state.over:
        return "the duel is over; nothing more can be fired"
    if isinstance(action, StrikeColours):
        return None
    if not isinstance(action, Salvo) or not is_cell(action.cell):
        return "a salvo is one cell on the sea: a column A-H and a row 1-8"
    return None


def legal_actions(state: Duel) -> Sequence[Action]:
    """A salvo at every cell not yet fired, in the LEDGER's order (A1, B1 … H8), then striking the
    colours; nothing once the duel is over. (A repeat is allowed but never listed: it only
    counts nothing.)"""
    if state.over:
        return ()
    fired = state.fired
    return (*(Salvo(c) for i, c in enumerate(CELLS) if not fired >> i & 1), StrikeColours())


def apply(state: Duel, action: Action, berth: Berth) -> tuple[Duel, tuple[Event, ...]]:
    """One action through RESOLUTION (deterministic, in the card's order). Raises GameError, with
    `refusal`'s reason, for what the card does not allow."""
    try:
        target = TARGETS[action.cell]  # type: ignore[union-attr]  # a salvo's cell on the sea, either case
    except (AttributeError, KeyError, TypeError):  # struck colours, or no cell on the sea
        target = None
    sunk = state.sunk
    if target is None or state.struck or len(sunk) == FLEET_SIZE or not isinstance(action, Salvo):
        return _not_a_salvo(state, action)  # all but a salvo on the sea while the duel is on
    i, bit, repeat, miss, hit = target
    fired = state.fired | bit
    if fired == state.fired:  # 1) already fired: say so, count nothing
        return state, repeat
    hull_hits = state.hull_hits  # 2) mark x on a hull cell, else o
    events: tuple[Event, ...] = miss
    hull = berth.hull_at[i]
    if hull is not None:
        hull_hits |= bit
        events = hit
        ship, cells = hull
        if hull_hits & cells == cells:  # 3) SUNK when every cell of the ship is x
            sunk = sunk_with(sunk, ship.name)
            events = (*hit, shared.sunk(ship.name, ship.length))
            if len(sunk) == FLEET_SIZE:  # 4) hits = 10 (only a sinking clears the sea): SCORING & ENDGAME
                events = (*events, shared.fleet_cleared(fired.bit_count()))
    opened = _new(_NextDuel)  # the next Duel, written open (not struck: `struck` stays False) …
    opened.turn = state.turn
    opened.fired = fired
    opened.hull_hits = hull_hits
    opened.sunk = sunk
    opened.struck = False
    done: Duel = opened
    done.__class__ = Duel  # … and closed into the frozen record in place
    return done, events


class _NextDuel(Duel):
    """The Duel a salvo builds, open to writes until `apply` gives it `Duel`'s class, which makes
    it the frozen record in place (docs/performance.md, item 5, as DROVER'S AUTUMN's `_Work`). It
    adds no slots, so the layout is `Duel`'s; its `__setattr__` and `__delattr__` are object's
    again, so each write is a plain slot store. It is made by `object.__new__` and written field
    by field in `apply`'s own frame: a constructor call costs more than the five fields.
    `tests/deadreckoning/test_rules.py` holds its fields to `Duel`'s."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    # Duel's fields, open to writes (mypy reads a frozen record's fields as read-only)
    turn: int
    fired: int
    hull_hits: int
    sunk: tuple[str, ...]
    struck: bool


_new = object.__new__


@cache
def sunk_with(sunk: tuple[str, ...], ship: str) -> tuple[str, ...]:
    """The sunk list with `ship` added, in the fleet's printed order (ruling 6)."""
    return tuple(n for n in SHIP_NAMES if n in sunk or n == ship)


def _not_a_salvo(state: Duel, action: object) -> tuple[Duel, tuple[Event, ...]]:
    """`apply` for all but a salvo on the sea while the duel is on: `refusal`'s GameError, or the
    colours struck."""
    why = refusal(state, action)
    if why is not None or not isinstance(action, StrikeColours):  # `refusal` passes no other
        raise GameError(why or "a salvo is one cell on the sea: a column A-H and a row 1-8")
    return replace(state, struck=True), (ColoursStruck(),)


def score(state: Duel) -> int:
    """SCORING 2: a cleared sea scores 100 - (shots - 10), clamped to 0-100; struck colours 0."""
    if not state.cleared:
        return 0
    return max(0, min(100, 100 - (state.shots - PAR)))


def ending(state: Duel) -> Ending | None:
    if state.struck or len(state.sunk) == FLEET_SIZE:
        return Ending("cleared", score(state)) if state.cleared else Ending("struck-colours", 0)
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
