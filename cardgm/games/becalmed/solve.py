"""BECALMED: the best score a tape allows, over every line of play, by exact search.

Every line means every call the rules allow each morning (issue × canvas × hands, as
`rules.legal_calls` lists them), every turtle (take or refuse) and every signal (burn 0, 1 or 2
flares, as many as are in the boat). "let her drive" ends at 0 and never beats a line, so it is
searched only as the given-over end's own row. Nothing is sampled: the search is a depth-first
search of the game tree through `rules.apply` itself (never a copy of the rules), with

- a memo keyed on the state as the rules read it (fields that no later rule reads, such as the
  turn, PASSED-A-SHIP and a stale IN-THE-LANE, are left out of the key), so a position reached by
  two lines is searched once;
- branch and bound: `ceiling(state)` is a score no line from the state can beat (souls never come
  back, and the westing still to be made is bounded by the best the printed skies allow); a
  branch whose ceiling is no better than a line already found is not searched. The memo keeps
  an exact value or, for a branch cut short, a proven upper bound, so the result is exact.

`solve(tape)` gives the best score, its end and one line; `solve(tape, end=E)` the best line
that ends E. `best_by_end` runs one per end. `SOLVER` is what the registry entry names for the
solve tools (cardgm.solve.protocols.Solver).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from cardgm.card import Card
from cardgm.solve.bound import UNREACHABLE, BranchAndBound, Child, Progress
from cardgm.solve.protocols import Claim, ModuleSolver

from . import rules as R
from .state import BEACH, DAYS, LANE, State

ENDS = ("landfall", "taken-off", "carried-off", "boat-empty", "given-over")


@dataclass(frozen=True)
class Solution:
    score: int  # UNREACHABLE when no line reaches the end asked for
    end: str | None
    line: tuple[Any, ...]  # the actions, in order (rules.Calls, rules.Turtle, rules.Signal)
    searched: int  # states expanded (each one's children applied through the rules)
    seconds: float
    final: State | None = None


@dataclass
class _Search(BranchAndBound[State]):
    tape: tuple[int, ...]
    end: str | None

    # -- what the search knows of the card -------------------------------------------------------

    def over(self, s: State) -> bool:
        return s.end is not None

    def value(self, s: State) -> int:
        if self.end is not None and s.end != self.end:
            return UNREACHABLE
        return R.score(s)

    def ceiling(self, s: State) -> int:
        """No line from `s` scores more than this (for the end asked for, if one was)."""
        souls = s.souls()
        # Westing still to be made, at most: per day the set, the sky's best sail and the oars,
        # or in hard weather the run before it (+5) and the oars; birds add a league on their dusk.
        # A canvas LOST with Nance dead stays gone: no sail number from here on.
        no_sail = s.canvas == "lost" and s.crew[3] == "x"
        first = s.day if s.phase == "calls" else s.day + 1
        west = s.westing
        ship_best = UNREACHABLE
        if s.phase == "signal":
            ship_best = 14 * souls + s.westing
        if s.phase != "calls" and 12 <= self.tape[2 * s.day - 1] <= 13:
            west += 1
        for day in range(first, DAYS + 1):
            dawn, dusk = self.tape[2 * day - 2], self.tape[2 * day - 1]
            if no_sail:
                gain = 2
            elif R.hard(dawn):
                gain = 6
            else:
                gain = 2 + (R.sky(dawn).sail or 0)
            west += gain
            need = R.flares_needed(dusk)
            if dusk >= 18 and s.flares >= need and west >= LANE[0] and s.westing <= LANE[1]:
                ship_best = max(ship_best, 14 * souls + min(west, LANE[1]))
            if 12 <= dusk <= 13:
                west += 1
        best = {
            "landfall": 14 * souls + 30 if west >= BEACH else UNREACHABLE,
            "taken-off": ship_best,
            "carried-off": 5 * souls + min(west, BEACH - 1) // 4,
            "boat-empty": 0,
            "given-over": 0,
        }
        if self.end is not None:
            top = best[self.end]
        else:
            top = max(best.values())
        return min(100, top) if top >= 0 else top

    # -- the search ------------------------------------------------------------------------------

    def key(self, s: State) -> tuple:
        if s.phase == "calls":
            return (s.day, s.westing, s.water, s.thirst, s.crew, s.canvas, s.flares, s.seams, s.sharks, s.butchering)
        return (s.phase, s.today, s.in_lane, s.day, s.westing, s.water, s.thirst, s.crew, s.canvas,
                s.flares, s.seams, s.sharks, s.butchering)

    def children(self, s: State) -> list[tuple[int, Any, State]]:
        out: dict[tuple, tuple[int, Any, State]] = {}
        for action in R.legal_actions(s):
            after, _ = R.apply(s, action, self.tape)
            k = self.key(after) if after.end is None else ("end", after.end, R.score(after))
            if k not in out:
                out[k] = (self.ceiling(after) if after.end is None else self.value(after), action, after)
        # The most promising first: a high ceiling, then more westing and water, less thirst (for
        # the empty boat, the thirstiest first).
        if self.end == "boat-empty":
            return sorted(out.values(), key=lambda c: (-c[0], -c[2].thirst, c[2].water))
        if self.end == "carried-off":  # the westing takes care of itself; the souls do not
            return sorted(out.values(), key=lambda c: (-c[0], c[2].thirst, -c[2].water, c[2].westing))
        return sorted(out.values(), key=lambda c: (-c[0], -c[2].westing, c[2].thirst, -c[2].water))

    def groups(self, s: State) -> Iterator[tuple[None, Callable[[], list[Child[State]]]]]:
        yield None, lambda: self.children(s)  # one group: nothing here bounds a group of calls

    def step(self, s: State, action: Any) -> State:
        return R.apply(s, action, self.tape)[0]


def solve(
    tape: tuple[int, ...], start: State | None = None, end: str | None = None, progress: Progress | None = None
) -> Solution:
    """The best score from `start` (the opening by default) over every line; with `end`, the best
    over the lines that end that way (score UNREACHABLE if none does)."""
    if end is not None and end not in ENDS:
        raise ValueError(f"end:{end} is not a BECALMED end ({', '.join(ENDS)})")
    t0 = time.perf_counter()
    s0 = start or State()
    if end == "given-over":
        # "let her drive" ends any voyage where it stands, for 0.
        return Solution(0, "given-over", (R.GiveOver(),), 0, time.perf_counter() - t0, R.apply(s0, R.GiveOver(), tape)[0])
    search = _Search(tuple(tape), end, progress=progress)
    score = search.search(s0, UNREACHABLE - 1)
    if score <= UNREACHABLE:
        return Solution(UNREACHABLE, None, (), search.searched, time.perf_counter() - t0)
    actions, final = search.line(s0)
    return Solution(score, final.end, actions, search.searched, time.perf_counter() - t0, final)


def best_by_end(tape: tuple[int, ...], start: State | None = None) -> dict[str, Solution]:
    """The best line for each of the card's five ends (score UNREACHABLE where none reaches it)."""
    return {end: solve(tape, start, end) for end in ENDS}


# -- the line as a player types it ----------------------------------------------------------------


def message(action: Any) -> str:
    """What a player types for `action` in `cardgm play becalmed`."""
    if isinstance(action, R.Calls):
        return ", ".join(c for c in (action.issue, action.canvas, action.hands) if c)
    if isinstance(action, R.Turtle):
        return "take her" if action.take else "leave her"
    if isinstance(action, R.Signal):
        return {0: "let her go", 1: "burn one flare", 2: "burn both flares"}[action.burn]
    if isinstance(action, R.GiveOver):
        return "let her drive"
    raise TypeError(f"not a BECALMED action: {action!r}")


def days(tape: tuple[int, ...], actions: tuple[Any, ...], start: State | None = None) -> list[tuple[int, list[str], State]]:
    """The line day by day: (day, the messages typed that day, the state at the day's end)."""
    s = start or State()
    out: list[tuple[int, list[str], State]] = []
    for action in actions:
        day = s.day
        s, _ = R.apply(s, action, tape)
        if out and out[-1][0] == day and not isinstance(action, R.Calls):
            out[-1] = (day, out[-1][1] + [message(action)], s)
        else:
            out.append((day, [message(action)], s))
    return out


class Search:
    """One tape's searches sharing a memo: the best from many states of one run (a review)."""

    def __init__(self, tape: tuple[int, ...]) -> None:
        self.search = _Search(tuple(tape), None)

    def best(self, s: Any, below: int | None = None) -> tuple[int, Any]:
        """The best score from `s` and a first action of a line that reaches it. `below`, when
        known, is a score no line from `s` beats (the best from the state before): the search
        asks first for a line that equals it, which is quick when one does."""
        if s.end is not None:
            return R.score(s), None
        floors = () if below is None else (below - 1, below - 4, below - 10, below - 25)
        for floor in (*floors, UNREACHABLE - 1):
            v = self.search.search(s, floor)
            if v > floor:
                break
        return v, self.search.memo[self.search.key(s)][2]


def claims(card: Card, by_end: Mapping[str, Any]) -> list[Claim]:
    """SCORING's ceilings against the best line for each end on this tape."""
    text = " ".join(card.text.split())
    out: list[Claim] = []
    if not by_end:
        return out

    def reach(score: int) -> str:
        return str(score) if score >= 0 else "unreachable"

    if "Five ashore is 100" in text:
        lf = by_end["landfall"].score
        out.append(Claim("Five ashore is 100", lf <= 100, f"best landfall on this tape {reach(lf)}"))
    if "a ceiling of 94" in text:
        t = by_end["taken-off"].score
        out.append(Claim("a ceiling of 94", t <= 94, f"best taken-off on this tape {reach(t)}"))
    if "ceiling 32" in text:
        c = by_end["carried-off"].score
        out.append(Claim("ceiling 32", c <= 32, f"best carried-off on this tape {reach(c)}"))
    return out


def _numbers(s: State) -> str:
    return f"westing {s.westing}, water {s.water}, thirst {s.thirst}, crew {''.join(a + b for a, b in zip('PCONY', s.crew))}"


# The solve tools' view of this module (cardgm.solve.protocols.Solver).
SOLVER = ModuleSolver(ENDS, solve, Search, message, days, _numbers, claims)
