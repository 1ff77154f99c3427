"""Every morning a line of play reaches, day by day, on one tape: what a SAVE block is checked against.

A SAVE block resumes only if play can stand where it says (DESIGN.md: a score is trusted only when
every SAVE under it is reachable). This works the set out exactly, from the opening, through
`rules.apply` itself: every legal set of calls, the turtle taken or left, every count of flares
burnt, every day to the fourteenth. A morning is what its SAVE shows (westing, water, thirst, crew,
canvas, flares, flags; the day and tape follow from the day).

Done state by state this is about twenty minutes of a laptop's time (day 9 alone holds 177,218
mornings). Two things the rules never read make it small:

- WESTING is read only by the lane (a ship at dusk) and the beach (the voyage ends at 30). On a
  dusk that brings no ship, two mornings alike in all but westing move alike: the day adds the
  same leagues to each.
- WATER is read only where a measure poured, spoiled or bled could stop at nothing, or a FULL
  fall to SHORT: a day takes at most 4 + 4 + 2 measures, so from LOW_WATER up, two mornings alike
  in all but water move alike too, the day adding or taking the same measures from each.

So a day's mornings are kept as a map from the rest of the fields (`Rest`) to a bitmask over
(water, westing); each group of mornings that move alike is worked out once, through the rules, on
its first member, and the whole group is shifted by what the day did to that one. Westing and
water alone are exact for the members because the rules read nothing else of them (above); the
tests compare the sets with the plain state-by-state search over the first days, and random play
with them to the end. IN-THE-LANE is not kept: a morning's flag is the lane read at its westing
less the last dusk's birds (THE LANE: "read as step 1 leaves it").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from cardgm.save import Kept

from . import rules
from .state import BEACH, DAYS, LANE, SOULS, State

ROW = 64  # bits per water row: westing 0..29, and room for what one day adds before the beach
LOW_WATER = 10  # below this a day's measures can stop at nothing; from here up every water moves alike
WATER_ROWS = 400  # more water than any fortnight brings aboard (26, and at most about 20 a day)
LAST_MORNING = DAYS  # the fourteenth morning: its dusk ends the voyage
_ROW_BITS = (1 << BEACH) - 1  # westing 0..29 of one row: a morning is short of the beach
_BOARD = sum(_ROW_BITS << (r * ROW) for r in range(WATER_ROWS))  # every (water, westing) a morning can show
_HIGH = _BOARD & ~((1 << (LOW_WATER * ROW)) - 1)  # the rows from LOW_WATER up
COLUMNS = tuple(sum(1 << (r * ROW + w) for r in range(WATER_ROWS)) for w in range(BEACH))  # each westing, every water

# thirst, crew, canvas, flares, SEAMS, SHARKS-n, BUTCHERING, PASSED-A-SHIP
Rest = tuple[int, tuple[str, ...], str, int, bool, int, bool, bool]
REST_FIELDS = ("thirst", "crew", "canvas", "flares", "seams", "sharks", "butchering", "passed_ship")


def rest_of(s: State) -> Rest:
    return (s.thirst, s.crew, s.canvas, s.flares, s.seams, s.sharks, s.butchering, s.passed_ship)


def waters(mask: int, westing: int) -> list[int]:
    """The waters a mask holds at this westing."""
    column = mask & COLUMNS[westing] if 0 <= westing < BEACH else 0
    out = []
    while column:
        low = column & -column
        out.append((low.bit_length() - 1) // ROW)
        column ^= low
    return out


def bit(water: int, westing: int) -> int:
    return 1 << (water * ROW + westing)


def in_lane(tape: tuple[int, ...], day: int, westing: int) -> bool:
    """IN-THE-LANE on the morning of `day` at this westing: the lane as step 1 left it last dusk,
    before the birds' league."""
    if day == 1:
        return False
    birds = 1 if rules.sea(tape[2 * day - 3]) == "BIRDS TO THE WESTWARD" else 0
    return LANE[0] <= westing - birds <= LANE[1]


def morning(rest: Rest, day: int, water: int, westing: int, tape: tuple[int, ...]) -> State:
    thirst, crew, canvas, flares, seams, sharks, butchering, passed = rest
    return State(
        day=day, westing=westing, water=water, thirst=thirst, crew=crew, canvas=canvas, flares=flares,
        tape=2 * day - 1, seams=seams, sharks=sharks, butchering=butchering,
        in_lane=in_lane(tape, day, westing), passed_ship=passed,
    )  # fmt: skip


@dataclass(frozen=True)
class Mornings:
    """One day's mornings: the rest of the fields, each with its (water, westing) bitmask."""

    day: int
    layer: dict[Rest, int]

    def __len__(self) -> int:
        return sum(m.bit_count() for m in self.layer.values())

    def holds(self, s: State, tape: tuple[int, ...]) -> bool:
        if not (0 <= s.water < WATER_ROWS and 0 <= s.westing < BEACH):
            return False  # more water than any fortnight holds (a block may say 10**30)
        mask = self.layer.get(rest_of(s), 0)
        return bool(mask & bit(s.water, s.westing)) and s.in_lane == in_lane(tape, s.day, s.westing)

    def states(self, tape: tuple[int, ...]) -> Iterator[State]:
        """Every morning, as a State (for the tests and the bench: there may be a few hundred thousand)."""
        for rest, mask in self.layer.items():
            while mask:
                low = mask & -mask
                water, westing = divmod(low.bit_length() - 1, ROW)
                yield morning(rest, self.day, water, westing, tape)
                mask ^= low


def opening() -> Mornings:
    s = State()
    return Mornings(1, {rest_of(s): bit(s.water, s.westing)})


def _groups(mask: int) -> Iterator[int]:
    """The mornings of one mask in groups that a day moves alike but for the lane: each low-water
    row alone, the rest together."""
    for water in range(LOW_WATER):
        row = (mask >> (water * ROW)) & _ROW_BITS
        if row:
            yield row << (water * ROW)
    high = mask & _HIGH
    if high:
        yield high


def _lowest(group: int) -> tuple[int, int]:
    """(water, westing) of the group's first morning."""
    return divmod((group & -group).bit_length() - 1, ROW)


def _parts(group: int, first: State, action: rules.Action, tape: tuple[int, ...], rulings: rules.Rulings) -> Iterator[int]:
    """On a ship's dusk, the group split by the lane as step 1 leaves each morning under these
    calls: the leagues step 1 adds are the same for all (asked of the first morning set at westing
    0, out of the lane, where no ship is seen and no beach reached)."""
    probe, _ = rules.apply(replace(first, westing=0, in_lane=False), action, tape, rulings)
    lane = _LANE_AFTER.get(probe.westing, 0)
    for part in (group & lane, group & ~lane):
        if part:
            yield part


# For each day's leagues from step 1: the westing columns that it leaves in the lane.
_LANE_AFTER = {gain: sum(1 << (r * ROW + w) for r in range(WATER_ROWS) for w in range(BEACH) if LANE[0] <= w + gain <= LANE[1]) for gain in range(16)}


def _finish(s: State, tape: tuple[int, ...], rulings: rules.Rulings) -> Iterator[State]:
    """Every next morning from a state whose dusk may wait on the turtle or the signal."""
    if s.end is not None:
        return
    if s.phase == "calls":
        yield s
        return
    for answer in rules.legal_actions(s):
        after, _ = rules.apply(s, answer, tape, rulings)
        yield from _finish(after, tape, rulings)


def next_day(today: Mornings, tape: tuple[int, ...], rulings: rules.Rulings = rules.RULED) -> Mornings:
    """The mornings of the next day, from every morning of `today` by every line of play."""
    day = today.day
    ship = tape[2 * day - 1] >= 18
    out: dict[Rest, int] = {}
    for rest, mask in today.layer.items():
        for group in _groups(mask):
            water, westing = _lowest(group)
            first = morning(rest, day, water, westing, tape)
            for action in rules.legal_actions(first):
                for part in _parts(group, first, action, tape, rulings) if ship else (group,):
                    w0, x0 = _lowest(part)
                    s = first if (w0, x0) == (water, westing) else morning(rest, day, w0, x0, tape)
                    after, _ = rules.apply(s, action, tape, rulings)
                    for reached in _finish(after, tape, rulings):
                        shift = (reached.water - w0) * ROW + (reached.westing - x0)
                        moved = part << shift if shift >= 0 else part >> -shift
                        if moved >> (WATER_ROWS * ROW):
                            raise ValueError(f"water {reached.water} on day {day + 1}: past the {WATER_ROWS} rows kept")
                        moved &= _BOARD
                        if moved:
                            key = rest_of(reached)
                            out[key] = out.get(key, 0) | moved
    return Mornings(day + 1, out)


def every_day(tape: tuple[int, ...], rulings: rules.Rulings = rules.RULED) -> list[Mornings]:
    """The mornings of days 1 to 14 (index day - 1)."""
    days = [opening()]
    while days[-1].day < DAYS:
        days.append(next_day(days[-1], tape, rulings))
    return days


# -- kept: once per tape and reading, then a lookup ----------------------------------------------------

SHIPPED = Path(__file__).with_name("reached")  # the printed tape's sets, shipped with the package
SEARCH = 1  # this search's version: raise it when a change to this file changes what it finds


@cache  # the key hashes the rules' source: once per tape and reading
def _kept(tape: tuple[int, ...], rulings: rules.Rulings) -> Kept:
    from . import shared, state

    return Kept(f"becalmed-{SEARCH}", tape, rulings, (rules, state, shared), SHIPPED)


@cache
def _held(tape: tuple[int, ...], rulings: rules.Rulings) -> list[Mornings]:
    """The days worked out so far for this tape and reading: kept, or the opening alone."""
    return _decode(_kept(tape, rulings).load()) or [opening()]


def mornings(tape: tuple[int, ...], day: int, rulings: rules.Rulings = rules.RULED) -> Mornings:
    """The mornings of `day` on this tape: worked out once (a day at a time, as far as asked) and
    kept in memory and in the user's cache folder; the printed tape's ship with the package."""
    return _kept(tape, rulings).upto(_held(tape, rulings), day, lambda today: next_day(today, tape, rulings), _encode)


def _encode(days: list[Mornings]) -> list[list[list[object]]]:
    return [[[*rest[:1], "".join(rest[1]), *rest[2:], format(mask, "x")] for rest, mask in d.layer.items()] for d in days]


def _decode(data: object) -> list[Mornings] | None:
    if not isinstance(data, list):
        return None
    try:
        out = []
        for n, rows in enumerate(data, start=1):
            layer: dict[Rest, int] = {}
            for thirst, crew, canvas, flares, seams, sharks, butchering, passed, mask in rows:
                statuses = tuple(re.findall(r"\.|!|s2|s1|x", crew))  # each soul's suffix, in order
                if len(statuses) != len(SOULS):
                    return None
                layer[(thirst, statuses, canvas, flares, seams, sharks, butchering, passed)] = int(mask, 16)
            out.append(Mornings(n, layer))
        return out
    except (TypeError, ValueError):
        return None  # not what this version writes: worked out again
