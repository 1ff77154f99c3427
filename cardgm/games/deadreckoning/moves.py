"""DEADRECKONING's moves as structured data: what a program can play at each moment, in words the
reader takes back, and as JSON.

- `legal(game, state)`: a salvo on every cell not yet fired on, and striking the colours. It
  reads only the shot grid the player sees, never the berth: the list is the same for every
  berth that answered the shots so far alike.
- `say(action)`: "fire D4" or "I strike my colours" (the card's own phrase, which ends the duel
  at once); `reader.read` reads them back as exactly that move.
- `to_json` / `from_json` / `schema()`: `{"move": "fire", "cell": "D4"}`,
  `{"move": "strike colours"}`.
- `universe(game)`: the 64 cells, A1 to H8 in the LEDGER's row-major order, then the strike.

>>> say(from_json({"move": "fire", "cell": "d4"}))
'fire D4'
>>> len(universe(None))
65
"""

from __future__ import annotations

from typing import Any

from .rules import Salvo, StrikeColours
from .seal import placements
from .state import FLEET, HIT, MISS, SIZE, UNFIRED, Duel, cell_name, is_cell

Action = Salvo | StrikeColours

CELLS: tuple[str, ...] = tuple(cell_name(i) for i in range(SIZE * SIZE))
STRIKE_WORDS = "I strike my colours"
# The best score any duel allows (no tape to search: the berth is hidden): every berth can be
# cleared in ten salvos by a lucky hunter, SCORING's 100, and no duel scores more.
BEST = 100


def legal(game: Any, state: Duel) -> list[Action]:
    """Every legal move of this moment (none once the duel is over)."""
    if state.over:
        return []
    return [*(_UNIVERSE[i] for i, mark in enumerate(state.grid) if mark == UNFIRED), _UNIVERSE[-1]]


def say(action: Action) -> str:
    if isinstance(action, Salvo):
        return f"fire {action.cell.upper()}"
    if isinstance(action, StrikeColours):
        return STRIKE_WORDS
    raise TypeError(f"not a DEADRECKONING move: {action!r}")


def to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Salvo):
        return {"move": "fire", "cell": action.cell.upper()}
    if isinstance(action, StrikeColours):
        return {"move": "strike colours"}
    raise TypeError(f"not a DEADRECKONING move: {action!r}")


def from_json(data: dict[str, Any]) -> Action:
    """The move a JSON object describes. Raises ValueError saying what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError("a move is a JSON object with a 'move' field")
    kind = data.get("move")
    extra = set(data) - {"move", "cell"} if kind == "fire" else set(data) - {"move"}
    if extra:
        raise ValueError(f"a {kind} move has no field {', '.join(sorted(extra))}")
    if kind == "fire":
        cell = data.get("cell")
        if not isinstance(cell, str) or not is_cell(cell):
            raise ValueError("a fire move has 'cell': one cell on the sea, a column A-H and a row 1-8 (\"D4\")")
        return Salvo(cell.upper())
    if kind == "strike colours":
        return StrikeColours()
    raise ValueError(f"'move' is fire or strike colours; not {kind!r}")


def schema() -> dict[str, Any]:
    """The JSON schema of a move: a salvo on one of the 64 cells, or striking the colours."""
    return {
        "title": "A DEADRECKONING move",
        "description": (
            "Fire one salvo at a cell (a cell already fired on is a repeat: no shot counted), or "
            "strike your colours to give up (score 0)."
        ),
        "oneOf": [
            {
                "type": "object",
                "properties": {"move": {"const": "fire"}, "cell": {"enum": list(CELLS)}},
                "required": ["move", "cell"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"move": {"const": "strike colours"}},
                "required": ["move"],
                "additionalProperties": False,
            },
        ],
    }


_UNIVERSE: tuple[Action, ...] = (*(Salvo(c) for c in CELLS), StrikeColours())


def universe(game: Any) -> tuple[Action, ...]:
    """Every move the duel can ever take: a salvo on each of the 64 cells, then the strike."""
    return _UNIVERSE


# -- the structured observation (cardgm.env's obs="structured") --------------------------------------
# Each part: ("box", shape, high) of numbers from 0, ("discrete", n), or ("binary", n) flags. The
# shot grid only: the berth is never in a Duel. Beside the LEDGER's three planes, three that read
# the water as the card asks the player to ("every hit hems in where the rest can lie"), from the
# grid and the sunk list alone: a learner need not find that geometry from scores.

_MARKS = (UNFIRED, "o", "x")  # unfired, a miss, a hit
PLANES = ("unfired", "miss", "hit", "afloat", "in line", "open water")
_LENGTH = dict(FLEET)


def features(game: Any) -> dict[str, tuple[Any, ...]]:
    """The shot grid as six 8x8 planes (row 1 first, column A first): unfired, miss, hit as the
    LEDGER prints them; afloat (hits on a hull not known to be sunk); in line (unfired cells where
    an afloat hull can go on: beside a lone afloat hit, at the ends of a line of them); open water
    (unfired cells no hull can lie on: touching a sunk hull, at a hit's corner, or where no hull
    still afloat fits). Then the LEDGER's numbers (turn, shots, hits, ships sunk), and whether the
    colours are struck."""
    return {
        "grid": ("box", (len(PLANES), SIZE, SIZE), 1.0),
        "numbers": ("box", (4,), 1000.0),
        "flags": ("binary", 1),
    }


def observe(game: Any, state: Duel) -> dict[str, Any]:
    planes = [[int(mark == m) for mark in state.grid] for m in _MARKS]
    planes += read_water(state.grid, state.sunk)
    return {
        "grid": [[p[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)] for p in planes],
        "numbers": [state.turn, state.shots, state.hits, len(state.sunk)],
        "flags": [int(state.struck)],
    }


def _neighbours(i: int, steps: tuple[tuple[int, int], ...]) -> list[int]:
    r, c = divmod(i, SIZE)
    return [(r + dr) * SIZE + c + dc for dr, dc in steps if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE]


_SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))
_CORNERS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
_SIDE = tuple(tuple(_neighbours(i, _SIDES)) for i in range(SIZE * SIZE))
_CORNER = tuple(tuple(_neighbours(i, _CORNERS)) for i in range(SIZE * SIZE))
_RUN_MASKS = {k: [sum(1 << i for i in run) for run in placements(k)] for k in {length for _, length in FLEET}}  # where a hull of k can lie


def read_water(grid: str, sunk: tuple[str, ...]) -> list[list[int]]:
    """The afloat, in-line and open-water planes (64 cells each, row-major) of a shot grid and
    its sunk list. Hulls never touch, so the hits that touch side to side are one hull's: a run of
    three is sunk; a lone hit is afloat; a run of two is sunk when it cannot go on (water, the edge
    or another hull's corner at both ends) or when the sunk list leaves no 3-hull with two hits, afloat when no
    2-hull is sunk. A run of two the list leaves undecided counts as afloat. Open water is
    sound: a cell marked so holds no hull in any berth that answered these shots so."""
    n = SIZE * SIZE
    hits = [i for i in range(n) if grid[i] == HIT]
    runs: list[list[int]] = []  # the hits, split into hulls
    seen: set[int] = set()
    for i in hits:
        if i in seen:
            continue
        run, todo = [], [i]
        seen.add(i)
        while todo:
            j = todo.pop()
            run.append(j)
            for k in _SIDE[j]:
                if grid[k] == HIT and k not in seen:
                    seen.add(k)
                    todo.append(k)
        runs.append(sorted(run))

    def ends(run: list[int]) -> list[int]:
        """The cells that would carry a run of two on in its own line."""
        a, b = run
        step = b - a
        out = []
        for cell, towards in ((a, -step), (b, step)):
            r, c = divmod(cell, SIZE)
            dr, dc = (towards // SIZE, 0) if abs(towards) == SIZE else (0, towards)
            if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
                out.append(cell + towards)
        return out

    def hemmed(i: int) -> bool:
        """No hull goes on here: a miss, a corner of a hit, or beside a run of three."""
        return grid[i] == MISS or any(grid[j] == HIT for j in _CORNER[i]) or any(j in threes for j in _SIDE[i])

    sunk_runs = [run for run in runs if len(run) >= 3]
    threes = {i for run in sunk_runs for i in run}
    twos_sunk = sum(1 for name in sunk if _LENGTH.get(name) == 2)
    threes_sunk = sum(1 for name in sunk if _LENGTH.get(name) == 3)
    pairs = [run for run in runs if len(run) == 2]
    shut = [run for run in pairs if all(hemmed(e) for e in ends(run))]
    if twos_sunk == len(pairs) or threes_sunk == sum(1 for _, k in FLEET if k == 3):
        sunk_runs += pairs  # no 3-hull has just two hits
    else:
        sunk_runs += shut  # the rest afloat (all of them when the shut ones are every 2-hull sunk)
    down = {i for run in sunk_runs for i in run}
    afloat_lengths = [k for name, k in FLEET if name not in sunk]

    blocked = 0  # no hull can lie here: a bit a cell
    for i in hits:
        for j in _CORNER[i]:
            blocked |= 1 << j
        if i in down:
            blocked |= 1 << i
            for j in _SIDE[i]:
                blocked |= 1 << j
    for i in range(n):
        if grid[i] == MISS:
            blocked |= 1 << i
    fits = 0
    for k in set(afloat_lengths):
        for place in _RUN_MASKS[k]:
            if not place & blocked:
                fits |= place
    open_water = [int(grid[i] == UNFIRED and not fits >> i & 1) for i in range(n)]
    afloat = [int(grid[i] == HIT and i not in down) for i in range(n)]
    in_line = [0] * n
    for i in range(n):
        if afloat[i]:
            for j in _SIDE[i]:
                if grid[j] == UNFIRED and not open_water[j]:
                    in_line[j] = 1
    return [afloat, in_line, open_water]


def progress(game: Any, state: Duel) -> float:
    """The hull cells struck, over the ten the fleet holds: the shaped reward's potential."""
    return state.hits / 10
