"""DROVER'S AUTUMN: the best score a tape allows, over every line of play, by exact search.

What "every line" covers, each morning, run through `rules.apply` itself (never a copy):

- every order the card allows where the drove stands (`rules.legal_orders`): EASY, STEADY, PUSH,
  REST; ONE BOAT, TWO BOATS or REST at the Kyle; FORD or REST at the ford; at the bridge TOLL with
  each of EASY, STEADY, PUSH and REST, FORD, or REST;
- at a store, every business the store sells, with every amount: SELL n for every n (the search
  stops raising n once the herd left could no longer beat the best line found), SHOE or not,
  HIRE 0, 1 or 2, ROOF, PARK or both with a REST, and MEAL n for every n the bag and the silver
  allow.

Left out, because each is the same as a line searched or worse:
- TRADE n is SELL n and MEAL up to 3n; the rules run SELL and TRADE before everything else, so
  the state a TRADE leaves is the state of a SELL with that MEAL.
- Business on its own (confirmed, no day used) followed by the day's order: the rules run one
  morning's business in a fixed order in which money comes in before it goes out (SELL, TRADE,
  SHOE, HIRE, ROOF/PARK, MEAL), so splitting the same errands over two messages never leaves more
  silver, meal or head than giving them with the order.
- "turn for home" scores 0: searched only as the turned-home end's own row.

The search is a depth-first search with a memo keyed on the drove (less its turn count), and
branch and bound: `ceiling(drove)` is a score no line from it can beat (HEAD never rises, FLESH is
at most 6, every hand laid up costs 10, and a drove that cannot reach the tryst ground by day 21
sells nothing; tighter, the best of the *loose drove*, `_Search.loose`, with the argument that no
real line beats it). A branch whose ceiling cannot beat a line already found is not searched; the
memo keeps an exact value or a proven upper bound, so the answer is exact. The rules run with
`events=False`: the search reads only the states.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache, partial
from typing import Any

from cardgm.solve.bound import UNREACHABLE, BranchAndBound, Child, Progress
from cardgm.solve.protocols import ModuleSolver

from . import rules as R
from .actions import Business, DayOrder, TurnForHome
from .state import (
    DOG,
    FINAL_DAY,
    FLESH_MAX,
    HANDS,
    LAST_DAY,
    MEAL_MAX,
    TRYST_MILE,
    YOU,
    Drove,
)

ENDS = ("sold", "missed", "laid-up", "scattered", "turned-home")
ASPIRATION = (95, 85, 70, 50, 25)  # the floors the sold search tries, highest first
PLENTY = 10**6  # silver enough for every boat, toll and PARK (the loose drove's purse)
FULL_CREW = (YOU, *HANDS, DOG)  # three on their feet and the dog: no strays for up to 60 head


@dataclass(frozen=True)
class Solution:
    score: int
    end: str | None
    line: tuple[Any, ...]  # DayOrder, in order (TurnForHome for the turned-home row)
    searched: int
    seconds: float
    final: Drove | None = None


@cache
def min_days(mile: int) -> int:
    """The fewest days from `mile` to the tryst ground: PUSH on every leg, crossings a day each,
    the toll's march counted from 119 (a bound: the toll never does worse than its full miles)."""
    if mile >= TRYST_MILE:
        return 0
    if mile in (12, 57):
        return 1 + min_days(mile + 1)
    if mile == 118:
        return 1 + min(min_days(min(119 + 16, 143)), min_days(119))
    stop, _ = R.next_landmark(mile)
    return 1 + min_days(min(mile + 16, stop))


@dataclass
class _Search(BranchAndBound[Drove]):
    tape: tuple[int, ...]
    rulings: R.Rulings
    end: str | None
    loose_memo: dict[tuple, int] = field(default_factory=dict)
    use_loose: bool = True  # False: the plain ceiling alone (the tests' reference for the loose one)

    def over(self, s: Drove) -> bool:
        return s.ended

    def value(self, s: Drove) -> int:
        if self.end is not None and s.end != self.end:
            return UNREACHABLE
        return R.score(s)

    def ceiling(self, s: Drove) -> int:
        """No line from `s` scores more than this."""
        if s.ended:
            return self.value(s)
        if self.end not in (None, "sold"):
            return 0  # every other end scores 0: the search only asks whether it is reachable
        arrive = s.day - 1 + min_days(s.mile)  # the earliest dusk on the tryst ground
        if arrive > FINAL_DAY:
            return UNREACHABLE if self.end == "sold" else 0
        # FLESH is at most 6 and rises at most 1 a day (EASY, REST), 2 on a PARK at the town;
        # sold on day 21, one less.
        last = LAST_DAY if arrive <= LAST_DAY else FINAL_DAY
        rise = (last - s.day + 1) * (2 if s.mile <= 143 else 1)
        flesh = min(FLESH_MAX, s.flesh + rise)
        if last == FINAL_DAY:
            flesh -= 1
        top = max(1, min(100, s.head * (flesh + 4) // 6 - 10 * len(s.laid)))
        if not self.use_loose or s.head > 20 * (len(FULL_CREW) - 1):
            return top  # more head than the loose crew keeps without a stray: no loose bound
        loose = self.loose(s)
        return min(top, loose if self.end == "sold" else max(0, loose))

    def loose(self, s: Drove) -> int:
        """The best score of the *loose* drove: `s` with, every morning, a full bag, silver without
        end, WEAR 0, the river LOW, the herd shod and the whole crew with Bran on their feet. It is
        searched through `rules.apply` itself over (day, mile, HEAD, FLESH, laid up) alone. No line
        from `s` scores more (UNREACHABLE: no loose line sells).

        Why it is a ceiling (by induction on the days left). Take any line from the real drove and
        let the loose drove give the same order each day (the same pace, boat, toll pace; REST with
        PARK where the real one parked; no SELL, SHOE, HIRE, MEAL, TRADE or ROOF: none of those
        moves FLESH up or HEAD at all, save SELL, which only takes HEAD away). Then each day:
        - day and mile move alike: miles depend only on the order, the pace and the landmarks;
          every order the real drove may give, the loose one may too (only silver limits orders);
        - the band on the road is the same (raw value and pace only); at a ford the loose river is
          LOW, so its value is as high or higher, and the ford table never does worse with a higher
          band (BAD −6 HEAD, HARD −1, FAIR and GOOD nothing); the low road's shod lines lose no
          more FLESH than the unshod ones; with Bran the strath's BAD loses no more HEAD;
        - the loose drove has no strays (three and the dog on their feet, HEAD never above 60, and
          Bran's leaving still leaves three) and, starting the day at WEAR 0 with meal, no hand
          laid up: one day adds at most +1 pace, +2 band, +1 STORM = 4 WEAR (the tryst's rest
          days, at most four since the fastest drove arrives on day 16, add none net); should the
          rules ever lay one up all the same, the bound falls back to 100 rather than trust it;
        - every change to HEAD and FLESH is "add, then clamp", which keeps order, so the loose
          drove's HEAD and FLESH stay at least the real one's, and its hands laid up no more;
        - the score on a sale only grows with HEAD and FLESH and shrinks with hands laid up; every
          other end scores 0.
        So the loose best over its lines bounds the real best, and since the loose drove's options
        do not depend on HEAD or FLESH, its best also only grows with them (which the induction
        uses when the real drove has already lost more). tests/solve/test_solve_cattle_trail.py
        checks the bound against exact solves from real positions.
        """
        k = (s.day, s.mile, s.head, s.flesh, s.laid)
        hit = self.loose_memo.get(k)
        if hit is not None:
            return hit
        ls = replace(s, meal=MEAL_MAX, silver=PLENTY, wear=0, spate=0, shod=True, crew=FULL_CREW)
        orders: list[DayOrder] = []
        for o in R.legal_orders(ls):
            for p in (*R.MARCH_PACES, R.REST) if o == "TOLL" else (None,):
                orders.append(DayOrder(o, toll_pace=p))
        if "PARK" in R.legal_business(ls):
            orders.append(DayOrder(R.REST, Business(park=True)))
        best = UNREACHABLE
        for action in orders:
            after, _ = R.apply(ls, action, self.tape, self.rulings, checked=False, events=False)
            if len(after.laid) != len(s.laid) or after.end == "laid-up":
                best = 100  # not expected (see above); never trust a bound the argument misses
            elif after.ended:
                if after.end == "sold":
                    best = max(best, R.score(after))
            else:
                best = max(best, self.loose(after))
        self.loose_memo[k] = best
        return best

    def key(self, s: Drove) -> tuple:
        """The drove as the rules will still read it. Past the town no rule reads SILVER (no
        store, boat or toll lies ahead) nor SPATE (no ford), and MEAL matters only as far as the
        days left to eat it (nothing but eating and a capped gift moves it on the low road)."""
        if s.mile > 143:
            meal = min(s.meal, FINAL_DAY - s.day + 1)
            return (s.day, s.mile, s.head, s.flesh, meal, 0, s.wear, 0, s.shod, s.crew, s.laid)
        if s.mile >= 119:  # past the bridge: SPATE is read only by a ford
            return (s.day, s.mile, s.head, s.flesh, s.meal, s.silver, s.wear, 0, s.shod, s.crew, s.laid)
        return (s.day, s.mile, s.head, s.flesh, s.meal, s.silver, s.wear, s.spate, s.shod, s.crew, s.laid)

    def meal_wanted(self, s: Drove) -> int:
        """The most MEAL worth holding: a day's meal for every day left, and the most a ford can
        still take. More only spends silver, and no rule rewards a drove for having less."""
        fords = (2 if s.mile <= 57 else 0) + (2 if s.mile <= 118 else 0)
        return min(MEAL_MAX, FINAL_DAY - s.day + 1 + fords)

    def orders(self, s: Drove) -> Iterator[tuple[int, list[DayOrder]]]:
        """Every order and business this morning, grouped by how many beasts it sells (the
        search opens a group only while the herd left could still beat the best line found)."""
        base: list[tuple[str, str | None]] = []
        for o in R.legal_orders(s):
            if o == "TOLL":
                base += [(o, p) for p in (*R.MARCH_PACES, R.REST)]
            else:
                base.append((o, None))
        offered = R.legal_business(s)
        if not offered:
            yield 0, [DayOrder(o, toll_pace=p) for o, p in base]
            return
        wanted = max(0, self.meal_wanted(s) - s.meal)
        for sell in range(s.head + 1 if "SELL" in offered else 1):
            out: list[DayOrder] = []
            head, silver = s.head - sell, s.silver + R.SELL_PRICE * sell
            for shoe in (False, True) if "SHOE" in offered and not s.shod else (False,):
                after_shoe = silver - (R.per_ten(head) if shoe else 0)
                if after_shoe < 0:
                    continue
                for hire in range(3) if "HIRE" in offered else range(1):
                    if hire and (len(s.hands) + hire > 2 or len(s.hired) + hire > 2):
                        continue  # refused, free: the same as no hire
                    left = after_shoe - R.HIRE_PRICE * hire
                    if left < 0:
                        continue
                    for order, pace in base:
                        lodgings = [(False, False, 0)]
                        if order == R.REST:
                            if left >= R.ROOF_PRICE:
                                lodgings.append((True, False, R.ROOF_PRICE))
                            if "PARK" in offered and left >= R.PARK_PRICE:
                                lodgings.append((False, True, R.PARK_PRICE))
                            if "PARK" in offered and left >= R.ROOF_AND_PARK_PRICE:
                                lodgings.append((True, True, R.ROOF_AND_PARK_PRICE))
                        for roof, park, cost in lodgings:
                            room = min(wanted, left - cost)
                            for meal in range(max(0, room) + 1):
                                business = Business(meal=meal, roof=roof, shoe=shoe, hire=hire, sell=sell, park=park)
                                out.append(DayOrder(order, business, pace))
            yield sell, out

    def children(self, s: Drove, orders: list[DayOrder]) -> list[tuple[int, Any, Drove]]:
        out: dict[tuple, tuple[int, Any, Drove]] = {}
        for action in orders:
            after, _ = R.apply(s, action, self.tape, self.rulings, checked=False, events=False)  # legal by construction
            k = ("end", after.end, R.score(after)) if after.ended else self.key(after)
            if k not in out:
                out[k] = (self.ceiling(after), action, after)
        order = _richest_first if self.end in (None, "sold") else _nearest_first if self.end == "missed" else _hardest_first
        return sorted(out.values(), key=order)

    def groups(self, s: Drove) -> Iterator[tuple[int | None, Callable[[], list[Child[Drove]]]]]:
        """The morning's choices grouped by the beasts sold, each group bounded by what the herd
        left after its sale could still make (selling more leaves less)."""
        for sell, orders in self.orders(s):
            yield (self.ceiling(replace(s, head=s.head - sell)) if sell else None), partial(self.children, s, orders)

    def step(self, s: Drove, action: Any) -> Drove:
        return R.apply(s, action, self.tape, self.rulings)[0]


# The order a search tries a morning's choices in, (ceiling, action, drove) each: the most promising
# first, for the end it looks for (laid-up and scattered: the hardest road first).
def _richest_first(c: tuple[int, Any, Drove]) -> tuple[int, ...]:
    return (-c[0], -c[2].head * (c[2].flesh + 4), -c[2].mile, c[2].wear, -c[2].meal)


def _nearest_first(c: tuple[int, Any, Drove]) -> tuple[int, ...]:
    return (-c[0], c[2].mile, -c[2].head)


def _hardest_first(c: tuple[int, Any, Drove]) -> tuple[int, ...]:
    return (-c[0], -c[2].wear, c[2].head, c[2].meal)


def solve(
    tape: tuple[int, ...],
    start: Drove | None = None,
    end: str | None = None,
    rulings: R.Rulings = R.RULED,
    progress: Progress | None = None,
) -> Solution:
    """The best score from `start` (the opening by default) over every line; with `end`, the best
    over the lines that end that way (UNREACHABLE if none does). `rulings` swaps in a rival
    reading of a doubtful sentence (rules.Rulings) to see which reading gives the card's figure."""
    if end is not None and end not in ENDS:
        raise ValueError(f"end:{end} is not a DROVER'S AUTUMN end ({', '.join(ENDS)})")
    t0 = time.perf_counter()
    s0 = start or Drove()
    if end == "turned-home":
        final, _ = R.apply(s0, TurnForHome(), tape, rulings)
        return Solution(0, "turned-home", (TurnForHome(),), 0, time.perf_counter() - t0, final)
    search = _Search(tuple(tape), rulings, end, progress=progress)
    # Aspiration: first ask for a line above a high floor (the search then cuts nearly every
    # branch), and lower the floor only when none is found. The memo carries over: what a pass
    # proved (an exact value, or an upper bound) stays true for the next.
    floors = ASPIRATION if end in (None, "sold") else ()
    for floor in (*floors, UNREACHABLE - 1):
        score = search.search(s0, floor)
        if score > floor:
            break
    if score <= UNREACHABLE:
        return Solution(UNREACHABLE, None, (), search.searched, time.perf_counter() - t0)
    actions, final = search.line(s0)
    return Solution(score, final.end, actions, search.searched, time.perf_counter() - t0, final)


def best_by_end(tape: tuple[int, ...], start: Drove | None = None, rulings: R.Rulings = R.RULED) -> dict[str, Solution]:
    return {end: solve(tape, start, end, rulings) for end in ENDS}


# -- the line as a player types it ----------------------------------------------------------------


def message(action: Any) -> str:
    """What a player types for `action` in `cardgm play cattle-trail`: the business first, then
    the order in capitals (ORDERS R2: CAPITALS name an order; business before it is passed)."""
    if isinstance(action, TurnForHome):
        return "turn for home"
    b = action.business
    errands = []
    if b.sell:
        errands.append(f"SELL {b.sell} beasts")
    if b.shoe:
        errands.append("SHOE")
    errands += ["HIRE"] * b.hire
    if b.roof:
        errands.append("ROOF")
    if b.park:
        errands.append("PARK")
    if b.meal:
        errands.append(f"MEAL {b.meal}")
    order = action.order
    if order == "TOLL":
        order = f"TOLL, {action.toll_pace}"
    return (", ".join(errands) + ". " if errands else "") + order + ("." if errands else "")


class Search:
    """One tape's searches sharing a memo: the best from many states of one run (a review)."""

    def __init__(self, tape: tuple[int, ...]) -> None:
        self.search = _Search(tuple(tape), R.RULED, None)

    def best(self, s: Any, below: int | None = None) -> tuple[int, Any]:
        """The best score from `s` and a first action of a line that reaches it. `below`, when
        known, is a score no line from `s` beats (the best from the state before): the search
        asks first for a line that equals it, which is quick when one does."""
        if s.end is not None:
            return R.score(s), None
        floors = ASPIRATION if below is None else (below - 1, below - 4, below - 10, below - 25)
        for floor in (*floors, UNREACHABLE - 1):
            v = self.search.search(s, floor)
            if v > floor:
                break
        return v, self.search.memo[self.search.key(s)][2]


def days(tape: tuple[int, ...], line: tuple[Any, ...]) -> list[tuple[int, list[str], Drove]]:
    """The line day by day: (day, the message typed that day, the drove the next morning)."""
    s = Drove()
    out: list[tuple[int, list[str], Drove]] = []
    for action in line:
        day = s.day
        s, _ = R.apply(s, action, tape)
        out.append((day, [message(action)], s))
    return out


def _numbers(s: Drove) -> str:
    return f"mile {s.mile}, head {s.head}, flesh {s.flesh}, wear {s.wear}, meal {s.meal}, silver {s.silver}"


# The solve tools' view of this module (cardgm.solve.protocols.Solver). No claims of its own: the
# card's one figure, "96 is the best line this tape allows", is every card's check.
SOLVER = ModuleSolver(ENDS, solve, Search, message, days, _numbers)
