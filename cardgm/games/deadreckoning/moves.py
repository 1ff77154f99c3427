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
from .state import SIZE, UNFIRED, Duel, cell_name, is_cell

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
# shot grid only: the berth is never in a Duel.

_MARKS = (UNFIRED, "o", "x")  # unfired, a miss, a hit


def features(game: Any) -> dict[str, tuple[Any, ...]]:
    """The shot grid as three 8x8 planes (unfired, miss, hit; row 1 first, column A first), the
    LEDGER's numbers (turn, shots, hits, ships sunk), and whether the colours are struck."""
    return {
        "grid": ("box", (len(_MARKS), SIZE, SIZE), 1.0),
        "numbers": ("box", (4,), 1000.0),
        "flags": ("binary", 1),
    }


def observe(game: Any, state: Duel) -> dict[str, Any]:
    planes = [[[int(state.grid[r * SIZE + c] == m) for c in range(SIZE)] for r in range(SIZE)] for m in _MARKS]
    return {
        "grid": planes,
        "numbers": [state.turn, state.shots, state.hits, len(state.sunk)],
        "flags": [int(state.struck)],
    }


def progress(game: Any, state: Duel) -> float:
    """The hull cells struck, over the ten the fleet holds: the shaped reward's potential."""
    return state.hits / 10
