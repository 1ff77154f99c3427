"""Every morning a line of play reaches, day by day, on one tape: what a SAVE block is checked against.

A SAVE block resumes only if play can stand where it says (DESIGN.md). This works the mornings
out exactly from the township, through `rules.apply` itself: every order the card allows (the
boats, the toll with each pace, the ford), REST with ROOF, PARK or both and any MEAL bought with
them, and, at a store, every errand done on its own before the order, one at a time and in any
order (SELL by the beast, SHOE, HIRE, MEAL by the measure: a SAVE may be taken between them, and
shoeing before a sale costs more than after it, so their order matters). A morning is what its
SAVE shows: mile, head, flesh, meal, silver, wear, spate, shod, crew, laid (the day sets the tape).

The sets grow fast once the Smiddy buys beasts: through EXACT_DAYS they are worked out (the
printed tape's ship with the package; another tape's are worked out once and kept in the user's
cache folder); a later morning is held to the bounds of bounds.py alone, which are not proof.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from cardgm.save import Kept

from . import rules
from .actions import Business, BusinessOnly, DayOrder
from .state import MEAL_MAX, Drove

EXACT_DAYS = 8  # the mornings checked against every line of play (day 8: 21,719 on the printed tape)
LAST_MORNING = EXACT_DAYS

# mile, head, flesh, meal, silver, wear, spate, shod, crew, laid
Key = tuple[int, int, int, int, int, int, int, bool, tuple[str, ...], tuple[str, ...]]


def key_of(s: Drove) -> Key:
    return (s.mile, s.head, s.flesh, s.meal, s.silver, s.wear, s.spate, s.shod, s.crew, s.laid)


def drove(key: Key, day: int) -> Drove:
    mile, head, flesh, meal, silver, wear, spate, shod, crew, laid = key
    return Drove(
        day=day, mile=mile, head=head, flesh=flesh, meal=meal, silver=silver, wear=wear, spate=spate,
        shod=shod, crew=crew, laid=laid, tape=day - 1,
    )  # fmt: skip


@dataclass(frozen=True)
class Mornings:
    """One day's mornings, each as its SAVE's fields."""

    day: int
    keys: frozenset[Key]

    def __len__(self) -> int:
        return len(self.keys)

    def holds(self, s: Drove) -> bool:
        return key_of(s) in self.keys

    def states(self) -> Iterator[Drove]:
        for key in self.keys:
            yield drove(key, self.day)


def opening() -> Mornings:
    return Mornings(1, frozenset({key_of(Drove())}))


def _errands(s: Drove) -> Iterator[Business]:
    """Each errand this morning's store sells, alone: SELL and MEAL by every count the herd, the
    bag and the silver allow, SHOE, one HIRE."""
    offered = rules.legal_business(s)
    if "SELL" in offered:
        yield from (Business(sell=n) for n in range(1, s.head + 1))
    if "SHOE" in offered and not s.shod:
        yield Business(shoe=True)
    if "HIRE" in offered:
        yield Business(hire=1)
    yield from (Business(meal=n) for n in range(1, min(MEAL_MAX - s.meal, s.silver) + 1))


def _closure(s: Drove, tape: tuple[int, ...], rulings: rules.Rulings) -> set[Key]:
    """The mornings a store's errands, done one at a time, reach from `s` (and `s` itself)."""
    seen = {key_of(s)}
    if not rules.legal_business(s):
        return seen
    stack = [s]
    while stack:
        x = stack.pop()
        for b in _errands(x):
            action = BusinessOnly(b)
            if rules.refusal(x, action) is not None:
                continue
            after, _ = rules.apply(x, action, tape, rulings, checked=False, events=False)
            k = key_of(after)
            if k not in seen:
                seen.add(k)
                stack.append(after)
    return seen


def _orders(s: Drove) -> Iterator[DayOrder]:
    """Every order of the day from `s`: the orders where it stands (TOLL with each pace), and at
    a store REST with ROOF, PARK or both, with any MEAL bought after them."""
    for order in rules.legal_orders(s):
        for pace in (*rules.MARCH_PACES, rules.REST) if order == "TOLL" else (None,):
            yield DayOrder(order, toll_pace=pace)
    offered = rules.legal_business(s)
    lodgings = [Business(roof=True)] if "ROOF" in offered else []
    if "PARK" in offered:
        lodgings += [Business(park=True), Business(roof=True, park=True)]
    for lodging in lodgings:
        for meal in range(MEAL_MAX - s.meal + 1):
            yield DayOrder(rules.REST, replace(lodging, meal=meal))


def next_day(today: Mornings, tape: tuple[int, ...], rulings: rules.Rulings = rules.RULED) -> Mornings:
    """The mornings of the next day, from every morning of `today` by every order (drives that
    end are left out), each with what its store's errands reach."""
    arrived: set[Key] = set()
    for key in today.keys:
        s = drove(key, today.day)
        for order in _orders(s):
            if rules.refusal(s, order) is not None:
                continue
            after, _ = rules.apply(s, order, tape, rulings, checked=False, events=False)
            if after.end is None:
                arrived.add(key_of(after))
    out: set[Key] = set()
    for key in arrived:
        out |= _closure(drove(key, today.day + 1), tape, rulings)
    return Mornings(today.day + 1, frozenset(out))


# -- kept: once per tape and reading, then a lookup ----------------------------------------------------

SHIPPED = Path(__file__).with_name("reached")  # the printed tape's sets, shipped with the package
SEARCH = 1  # this search's version: raise it when a change to this file changes what it finds


def _kept(tape: tuple[int, ...], rulings: rules.Rulings) -> Kept:
    from . import state

    return Kept(f"cattle-trail-{SEARCH}", tape, rulings, (rules, state), SHIPPED)


@cache
def _held(tape: tuple[int, ...], rulings: rules.Rulings) -> list[Mornings]:
    """The days worked out so far for this tape and reading: kept, or the opening alone."""
    return _decode(_kept(tape, rulings).load()) or [opening()]


def mornings(tape: tuple[int, ...], day: int, rulings: rules.Rulings = rules.RULED) -> Mornings | None:
    """The mornings of `day` on this tape, through EXACT_DAYS (None past it): worked out once (a
    day at a time, as far as asked) and kept in memory and in the user's cache folder; the
    printed tape's ship with the package."""
    if day > EXACT_DAYS:
        return None
    days = _held(tape, rulings)  # extended in place below, as far as asked
    if len(days) < day:
        while len(days) < day:
            days.append(next_day(days[-1], tape, rulings))
        _kept(tape, rulings).keep(_encode(days))
    return days[day - 1]


def _encode(days: list[Mornings]) -> list[list[list[object]]]:
    return [[[*k[:8], ",".join(k[8]), ",".join(k[9])] for k in sorted(d.keys)] for d in days]


def _decode(data: object) -> list[Mornings] | None:
    if not isinstance(data, list):
        return None
    try:
        out = []
        for n, rows in enumerate(data, start=1):
            keys = set()
            for mile, head, flesh, meal, silver, wear, spate, shod, crew, laid in rows:
                keys.add((mile, head, flesh, meal, silver, wear, spate, bool(shod), tuple(crew.split(",")), tuple(laid.split(",")) if laid else ()))
            out.append(Mornings(n, frozenset(keys)))
        return out
    except (TypeError, ValueError, AttributeError):
        return None  # not what this version writes: worked out again
