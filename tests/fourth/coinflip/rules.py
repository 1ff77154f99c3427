"""COINFLIP's rules, pure: `apply(state, action, tape)`, `refusal`, `legal_actions`, the end.

>>> s, events = apply(Table(), Call("TAILS"), (15, 19))
>>> s.right, events[0].side
(1, 'TAILS')
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgm.game import Ending, Event, GameError

from .actions import Action, Call
from .events import Done, Tossed
from .state import TOSSES, Table


def side(value: int) -> str:
    """RULES: 1–10 is HEADS, 11–20 is TAILS."""
    return "HEADS" if value <= 10 else "TAILS"


def refusal(state: Table, action: object) -> str | None:
    if state.over:
        return "the five tosses are made"
    if not isinstance(action, Call) or action.side not in ("HEADS", "TAILS"):
        return "a call is HEADS or TAILS"
    return None


def legal_actions(state: Table) -> Sequence[Action]:
    return () if state.over else (Call("HEADS"), Call("TAILS"))


def apply(state: Table, action: Action, tape: tuple[int, ...]) -> tuple[Table, tuple[Event, ...]]:
    why = refusal(state, action)
    if why is not None:
        raise GameError(why)
    value = tape[state.tape]  # the next value, in order, never skipping
    shows = side(value)
    right = shows == action.side
    after = Table(turn=state.turn, toss=state.toss + 1, right=state.right + right, tape=state.tape + 1)
    events: list[Event] = [Tossed(after.tape, value, shows, action.side, right)]
    if after.toss == TOSSES:
        events.append(Done(after.right))
    return after, tuple(events)


def score(state: Table) -> int:
    return 20 * state.right


def ending(state: Table) -> Ending | None:
    return Ending("tossed", score(state)) if state.over else None
