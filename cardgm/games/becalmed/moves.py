"""BECALMED's moves as structured data: what a program (an agent, a Gymnasium policy, a chat AI
through a tool) can play at each moment, in words the reader takes back, and as JSON.

- `legal(game, state)`: the complete sets of calls this morning allows (`rules.legal_calls`), or
  at a waiting dusk the turtle (take, leave) or the signal (burn 0 up to the flares in the boat);
  and "let her drive", which ends any voyage where it stands.
- `say(action)`: the words a player types; `reader.read` reads them back as exactly that move.
- `to_json` / `from_json` / `schema()`: one JSON object per move, e.g.
  `{"move": "calls", "issue": "FULL", "canvas": "SAIL", "hands": "ROW"}`.
- `universe(game)`: every move the game can ever take (78), fixed, for a `Discrete` space.

A move's calls carry no day (`Calls.day == 0`): the same three calls are the same move on any
morning, and the rules take a day-0 call as today's. The reader stamps the day it read them on,
so two calls are the same move when their JSON is.

>>> say(from_json({"move": "calls", "issue": "FULL", "canvas": "SAIL", "hands": "ROW"}))
'FULL, SAIL, ROW'
>>> to_json(Signal(2))
{'move': 'signal', 'burn': 2}
"""

from __future__ import annotations

from typing import Any

from .rules import Calls, GiveOver, Signal, Turtle, legal_calls
from .state import CANVAS_CALLS, HANDS, ISSUES, START_FLARES, State

Action = Calls | Turtle | Signal | GiveOver

# The words for the dusk's answers and the stand-down, each read back by the reader as the move.
_TURTLE = {True: "take her", False: "leave her"}
_SIGNAL = {0: "let her go", 1: "burn one flare", 2: "burn both flares"}
_DRIVE = "let her drive"


def legal(game: Any, state: State) -> list[Action]:
    """Every legal move of this moment (none once the voyage is over)."""
    if state.end is not None:
        return []
    if state.phase == "turtle":
        return [Turtle(True), Turtle(False), GiveOver()]
    if state.phase == "signal":
        return [*(Signal(n) for n in range(state.flares + 1)), GiveOver()]
    out: list[Action] = [Calls(c.issue, c.canvas, c.hands) for c in legal_calls(state)]
    return [*out, GiveOver()]


def say(action: Action) -> str:
    """The words a player types for `action`."""
    if isinstance(action, Calls):
        return ", ".join(c for c in (action.issue, action.canvas, action.hands) if c)
    if isinstance(action, Turtle):
        return _TURTLE[action.take]
    if isinstance(action, Signal):
        return _SIGNAL[action.burn]
    if isinstance(action, GiveOver):
        return _DRIVE
    raise TypeError(f"not a BECALMED move: {action!r}")


def to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Calls):
        out: dict[str, Any] = {"move": "calls", "issue": action.issue}
        if action.canvas:
            out["canvas"] = action.canvas
        if action.hands:
            out["hands"] = action.hands
        return out
    if isinstance(action, Turtle):
        return {"move": "turtle", "take": action.take}
    if isinstance(action, Signal):
        return {"move": "signal", "burn": action.burn}
    if isinstance(action, GiveOver):
        return {"move": "let her drive"}
    raise TypeError(f"not a BECALMED move: {action!r}")


def from_json(data: dict[str, Any]) -> Action:
    """The move a JSON object describes. Raises ValueError saying what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError("a move is a JSON object with a 'move' field")
    kind = data.get("move")
    fields = set(data) - {"move"}
    if kind == "calls":
        _only(fields, {"issue", "canvas", "hands"}, kind)
        issue, canvas, hands = data.get("issue"), data.get("canvas"), data.get("hands")
        _one_of("issue", issue, ISSUES)
        if canvas is not None:
            _one_of("canvas", canvas, CANVAS_CALLS)
        if hands is not None:
            _one_of("hands", hands, HANDS)
        return Calls(issue, canvas, hands)
    if kind == "turtle":
        _only(fields, {"take"}, kind)
        if not isinstance(data.get("take"), bool):
            raise ValueError("a turtle move has 'take': true or false")
        return Turtle(data["take"])
    if kind == "signal":
        _only(fields, {"burn"}, kind)
        burn = data.get("burn")
        if not isinstance(burn, int) or isinstance(burn, bool) or burn not in range(START_FLARES + 1):
            raise ValueError(f"a signal move has 'burn': 0 to {START_FLARES} flares")
        return Signal(burn)
    if kind == "let her drive":
        _only(fields, set(), kind)
        return GiveOver()
    raise ValueError(f"'move' is one of calls, turtle, signal, let her drive; not {kind!r}")


def schema() -> dict[str, Any]:
    """The JSON schema of a move: every call, answer and count the card allows by name."""
    return {
        "title": "A BECALMED move",
        "description": (
            "The day's three calls (the canvas is left out while it is LOST, the hands on a "
            "BUTCHERING day or with nobody on his feet), the answer to the turtle or the ship at a "
            "waiting dusk, or 'let her drive' to end the voyage where it stands."
        ),
        "oneOf": [
            {
                "type": "object",
                "properties": {
                    "move": {"const": "calls"},
                    "issue": {"enum": list(ISSUES)},
                    "canvas": {"enum": list(CANVAS_CALLS)},
                    "hands": {"enum": list(HANDS)},
                },
                "required": ["move", "issue"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"move": {"const": "turtle"}, "take": {"type": "boolean"}},
                "required": ["move", "take"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"move": {"const": "signal"}, "burn": {"enum": list(range(START_FLARES + 1))}},
                "required": ["move", "burn"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"move": {"const": "let her drive"}},
                "required": ["move"],
                "additionalProperties": False,
            },
        ],
    }


_UNIVERSE: tuple[Action, ...] = (
    *(
        Calls(issue, canvas, hands)
        for issue in ISSUES
        for canvas in (*CANVAS_CALLS, None)
        for hands in (*HANDS, None)
    ),
    Turtle(True),
    Turtle(False),
    *(Signal(n) for n in range(START_FLARES + 1)),
    GiveOver(),
)


def universe(game: Any) -> tuple[Action, ...]:
    """Every move BECALMED can ever take, in a fixed order: 3 issues x 4 canvas calls (or none) x
    6 hands calls (or none), the turtle twice, the signal thrice, and "let her drive"."""
    return _UNIVERSE


def _only(fields: set[str], allowed: set[str], kind: str) -> None:
    extra = fields - allowed
    if extra:
        raise ValueError(f"a {kind} move has no field {', '.join(sorted(extra))}")


def _one_of(name: str, value: Any, options: tuple[str, ...]) -> None:
    if value not in options:
        raise ValueError(f"'{name}' is one of {', '.join(options)}; not {value!r}")


# -- the structured observation (cardgm.env's obs="structured") --------------------------------------
# Each part: ("box", shape, high) of numbers from 0, ("discrete", n), or ("binary", n) flags.
# From the state the LEDGER prints: nothing here the player does not see.

_SOULS = (".", "!", "s2", "s1", "x")  # on his feet, down, salt-poisoned 2 and 1, dead
_CANVASES = ("sail", "awning", "down", "lost")
_PHASES = ("calls", "turtle", "signal", "over")


def features(game: Any) -> dict[str, tuple[Any, ...]]:
    """The LEDGER's numbers (day, westing, water, thirst, flares, tape, SHARKS-n, turn), each
    soul's state (5 souls x 5 states, one-hot), the canvas, the phase, and the flags SEAMS,
    BUTCHERING, IN-THE-LANE, PASSED-A-SHIP."""
    return {
        "numbers": ("box", (8,), 1000.0),
        "crew": ("binary", 25),
        "canvas": ("discrete", len(_CANVASES)),
        "phase": ("discrete", len(_PHASES)),
        "flags": ("binary", 4),
    }


def observe(game: Any, state: State) -> dict[str, Any]:
    return {
        "numbers": [state.day, state.westing, state.water, state.thirst, state.flares, state.tape, state.sharks, state.turn],
        "crew": [int(c == s) for c in state.crew for s in _SOULS],
        "canvas": _CANVASES.index(state.canvas),
        "phase": _PHASES.index(state.phase),
        "flags": [int(state.seams), int(state.butchering), int(state.in_lane), int(state.passed_ship)],
    }


def progress(game: Any, state: State) -> float:
    """How far the voyage has come, 0 to 1 (westing over the 30 the card asks): the potential
    cardgm.env's shaped reward is made of."""
    return min(1.0, state.westing / 30)
