"""Which mornings a line of play reaches on one tape: what a SAVE block is checked against, exactly,
on every day.

A SAVE block resumes only if play can stand where it says (DESIGN.md). A morning is what its SAVE
shows: mile, head, flesh, meal, silver, wear, spate, shod, crew, laid (the day sets the tape). Every
line is followed through `rules.apply` itself: every order the card allows (the boats, the toll
with each pace, the ford), REST with ROOF, PARK or both and any MEAL bought with them, and at a
store every errand done on its own before the order, one at a time and in any order (a SAVE may be
taken between them, and shoeing before a sale costs more than after it, so their order matters).

Two things make the search small enough:

- SILVER is read by the rules only as "is there enough" (a boat, the toll, a ROOF or PARK, a hand,
  the shoeing, a measure of meal) before it is paid. So mornings alike in all but silver move
  alike: an order takes the same from each that can pay, and is refused (or comes to what another
  order does) for the rest. A day's mornings are kept as a map from the other fields (`Rest`) to a
  bitmask of silvers; each group is moved once, through the rules, on its richest morning, and the
  move is checked on its poorest one that pays.
- An errand in several (SELL 5, MEAL 3) is the same as the errand by one, that many times, so a
  store's mornings are closed under SELL 1, MEAL 1, SHOE and HIRE 1; each group is worked out once,
  in an order no errand goes back on (fewer head, more meal, shod, more hands).

Through EXACT_DAYS every morning is worked out and held (the printed tape's ship with the package;
another tape's are worked out once and kept in the user's cache folder): a block is looked up.
After it the mornings are too many to hold (printed tape: 328,257 on day 10, 3,634,832 on day 11,
growing), so a later block is checked by `toward`: the same search, from every morning of day
EXACT_DAYS forward to the block's day, that keeps only the mornings that can still come to the
block. What can come back is read off the rules (`_Toward`): head never rises; silver plus three a
head never rises (a sale turns a beast into 3 silver, everything else only spends or loses);
a herd is shod, a hand laid up, a hand hired and Bran gone for good, and only where the card says;
the miles a day can walk; how far a day can move flesh, meal and wear; and whether each part of
the morning (its flesh, its larder of meal and wear, its herd and crew, its flesh and larder
together) can come, by the rules run on that part alone with silver no object, to the block's
by its day; and silver itself, between the least and the most a line can still spend and lose
(silver now = the block's silver + 3 × its head − 3 × head now + spent + 3 × lost, with the
larder's spending and the herd's losses searched part by part). Each is necessary, none is
assumed sufficient: a block resumes only when the search stands on it.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from cardgm.progress import task
from cardgm.save import Kept

from . import rules
from .actions import Business, BusinessOnly, DayOrder
from .state import FINAL_DAY, HIRES, LEGS, MEAL_MAX, TRYST_MILE, Drove

EXACT_DAYS = 8  # the mornings held whole (day 8: 21,719 on the printed tape); later days: `toward`
LAST_MORNING = EXACT_DAYS

# mile, head, flesh, meal, silver, wear, spate, shod, crew, laid
Key = tuple[int, int, int, int, int, int, int, bool, tuple[str, ...], tuple[str, ...]]


def key_of(s: Drove) -> Key:
    return (s.mile, s.head, s.flesh, s.meal, s.silver, s.wear, s.spate, s.shod, s.crew, s.laid)


def drove(key: Key, day: int) -> Drove:
    return morning((*key[:4], *key[5:]), key[4], day)  # a Key is a Rest with its silver fifth


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


# -- mornings alike but for silver, moved as one -----------------------------------------------------

# mile, head, flesh, meal, wear, spate, shod, crew, laid: a morning less its silver
Rest = tuple[int, int, int, int, int, int, bool, tuple[str, ...], tuple[str, ...]]
Layer = dict[Rest, int]  # each Rest with the bitmask of the silvers a morning has with it
Keep = Callable[[Rest, int, int], int]  # (rest, silvers, day) -> the silvers worth going on with


def rest_of(s: Drove) -> Rest:
    return (s.mile, s.head, s.flesh, s.meal, s.wear, s.spate, s.shod, s.crew, s.laid)


def morning(rest: Rest, silver: int, day: int) -> Drove:
    mile, head, flesh, meal, wear, spate, shod, crew, laid = rest
    return Drove(
        day=day, mile=mile, head=head, flesh=flesh, meal=meal, silver=silver, wear=wear, spate=spate,
        shod=shod, crew=crew, laid=laid, tape=day - 1,
    )  # fmt: skip


def silvers(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def layer_of(m: Mornings) -> Layer:
    layer: Layer = {}
    for mile, head, flesh, meal, silver, wear, spate, shod, crew, laid in m.keys:
        rest = (mile, head, flesh, meal, wear, spate, shod, crew, laid)
        layer[rest] = layer.get(rest, 0) | 1 << silver
    return layer


def mornings_of(layer: Layer, day: int) -> Mornings:
    keys = frozenset((r[0], r[1], r[2], r[3], silver, *r[4:]) for r, mask in layer.items() for silver in silvers(mask))
    return Mornings(day, keys)


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
            yield DayOrder(rules.REST, Business(roof=lodging.roof, park=lodging.park, meal=meal))


def _errands(s: Drove) -> Iterator[BusinessOnly]:
    """Each errand this morning's store sells, by one: SELL 1, SHOE, HIRE 1, MEAL 1 (more of one
    is the same errand again)."""
    offered = rules.legal_business(s)
    if "SELL" in offered and s.head > 0:
        yield BusinessOnly(Business(sell=1))
    if "SHOE" in offered and not s.shod:
        yield BusinessOnly(Business(shoe=True))
    if "HIRE" in offered:
        yield BusinessOnly(Business(hire=1))
    if s.meal < MEAL_MAX:
        yield BusinessOnly(Business(meal=1))


class GroupingError(AssertionError):
    """Mornings alike but for silver did not move alike: the rules read silver in a way this search
    does not know (a change to rules.py), so its sets cannot be trusted."""


def _moves(
    rest: Rest, mask: int, day: int, actions: Callable[[Drove], Iterator[rules.Action]], tape: tuple[int, ...], rulings: rules.Rulings
) -> Iterator[tuple[Rest, int]]:
    """Where each action takes a group of mornings (those of `rest`, one for each silver in
    `mask`): the drove that stands after it, and the silvers it stands with. The action is run on
    the richest morning; it costs the same to every morning that can pay that much, and the poorer
    ones are refused it or come, by it, where a cheaper action takes them (a ROOF and PARK refused
    is a ROOF, meal as far as the silver goes is less meal). Drives that end are left out."""
    top = mask.bit_length() - 1
    s = morning(rest, top, day)
    for action in actions(s):
        if rules.refusal(s, action) is not None:
            continue
        after, _ = rules.apply(s, action, tape, rulings, checked=False, events=False)
        if after.end is not None:
            continue
        cost = top - after.silver  # below 0 for a sale
        paying = mask if cost <= 0 else mask & ~((1 << cost) - 1)
        low = (paying & -paying).bit_length() - 1
        if low != top:  # the poorest that pays must move as the richest did, or the grouping is wrong
            poor = morning(rest, low, day)
            alike = rules.refusal(poor, action) is None
            if alike:
                then, _ = rules.apply(poor, action, tape, rulings, checked=False, events=False)
                alike = then.end is None and rest_of(then) == rest_of(after) and low - then.silver == cost
            if not alike:
                raise GroupingError(f"day {day}: {action} moves silver {low} and {top} of {rest} apart")
        yield rest_of(after), paying >> cost if cost >= 0 else paying << -cost


def _closure(arrived: Layer, day: int, tape: tuple[int, ...], rulings: rules.Rulings, keep: Keep | None) -> Layer:
    """The mornings a store's errands reach from those `arrived` (and those themselves). Each group
    is moved once, when nothing more can come to it: an errand never gives back a beast, meal
    bought, the shoeing or a hand (sells one fewer head, or one more meal, or shod, or one more
    name), so groups are taken in that order."""
    out = dict(arrived)
    def ranked(r: Rest) -> tuple[int, int, bool, int, Rest]:  # most head, least meal, unshod, fewest names first
        return (-r[1], r[3], r[6], len(r[7]) + len(r[8]), r)

    heap = [ranked(r) for r in arrived if rules.legal_business(morning(r, 0, day))]
    heapq.heapify(heap)
    while heap:
        *_, rest = heapq.heappop(heap)
        for after, mask in _moves(rest, out[rest], day, _errands, tape, rulings):
            if after == rest:
                continue  # a hire refused for want of room: nothing moves
            if keep is not None:
                mask = keep(after, mask, day)
                if not mask:
                    continue
            old = out.get(after)
            if old is None:
                out[after] = mask
                heapq.heappush(heap, ranked(after))
            else:
                out[after] = old | mask
    return out


def next_layer(
    today: Layer, day: int, tape: tuple[int, ...], rulings: rules.Rulings = rules.RULED, keep: Keep | None = None,
    orders: Callable[[Drove], Iterator[rules.Action]] | None = None,
) -> Layer:
    """The mornings of day + 1 from `today`'s (day `day`) by every order (`orders`: `_orders`
    unless given), each with what its store's errands reach; only what `keep` keeps, when given."""
    arrived: Layer = {}
    for rest, mask in today.items():
        for after, moved in _moves(rest, mask, day, orders or _orders, tape, rulings):
            if keep is not None:
                moved = keep(after, moved, day + 1)
                if not moved:
                    continue
            arrived[after] = arrived.get(after, 0) | moved
    return _closure(arrived, day + 1, tape, rulings, keep)


def next_day(today: Mornings, tape: tuple[int, ...], rulings: rules.Rulings = rules.RULED) -> Mornings:
    """The mornings of the next day, from every morning of `today` by every order (drives that
    end are left out), each with what its store's errands reach."""
    return mornings_of(next_layer(layer_of(today), today.day, tape, rulings), today.day + 1)


# -- a later block: the search toward it --------------------------------------------------------------------

SELL_GAIN = rules.SELL_PRICE  # silver a beast sold brings; silver + this × head never rises
SELLING = tuple(m for m, errands in rules.STORE_ERRANDS.items() if "SELL" in errands)
HIRING = tuple(m for m, errands in rules.STORE_ERRANDS.items() if "HIRE" in errands)
SHOEING = tuple(m for m, errands in rules.STORE_ERRANDS.items() if "SHOE" in errands)
_PROBE_TAPE = 21  # days a probe may read (a march onto the tryst ground rests there to day 20)


@cache
def _one_day(mile: int, rulings: rules.Rulings) -> frozenset[int]:
    """The miles one day's orders take a drove from `mile` (the tryst ground left out: its drove
    has sold), run through the rules on a drove with silver for anything."""
    probe = Drove(mile=mile, silver=1000)
    out: set[int] = set()
    for order in _orders(probe):
        after, _ = rules.apply(probe, order, (10,) * _PROBE_TAPE, rulings, events=False)
        if after.mile < TRYST_MILE:
            out.add(after.mile)
    return frozenset(out)


@cache
def within(mile: int, days: int, rulings: rules.Rulings = rules.RULED) -> frozenset[int]:
    """The miles a drove at `mile` can stand on `days` mornings later (REST keeps it still)."""
    if days <= 0:
        return frozenset({mile})
    out: set[int] = set()
    for m in within(mile, days - 1, rulings):
        out |= _one_day(m, rulings)
    return frozenset(out)


@dataclass(frozen=True)
class DayReach:
    """How far one day can move flesh, meal and wear, each way: the extremes of every order on
    every leg and crossing, every value of the die, the river at its lowest and highest, shod or
    not, Bran or not, run through the rules from a drove well inside every range."""

    flesh_up: int
    flesh_down: int
    meal_down: int
    wear_down: int


@cache
def day_reach(rulings: rules.Rulings = rules.RULED) -> DayReach:
    ups: dict[str, int] = {"flesh": 0}
    downs: dict[str, int] = {"flesh": 0, "meal": 0, "wear": 0}
    places = sorted({0, *rules.CROSSING_ORDERS, *rules.STORE_ERRANDS} | {first for first, _, _ in LEGS})
    for mile in places:
        for spate in (0, rules.SPATE_MAX):
            for shod in (False, True):
                for crew in (("you", "Ewan", "Calum", "Bran"), ("you", "Ewan", "Calum")):
                    # flesh 3, meal 6, wear 2: no move a day makes is cut by a range's end
                    probe = Drove(mile=mile, flesh=3, meal=6, wear=2, silver=1000, spate=spate, shod=shod, crew=crew)
                    for order in _orders(probe):
                        if order.business.meal:
                            continue  # meal bought only raises the bag
                        for raw in range(1, 21):
                            after, _ = rules.apply(probe, order, (raw,) * _PROBE_TAPE, rulings, events=False)
                            if after.mile == TRYST_MILE:
                                continue  # sold: no morning follows
                            ups["flesh"] = max(ups["flesh"], after.flesh - probe.flesh)
                            for name in downs:
                                downs[name] = max(downs[name], getattr(probe, name) - getattr(after, name))
    return DayReach(ups["flesh"], downs["flesh"], downs["meal"], downs["wear"])


# What one day does to a drove, seen a part at a time. Each part moves by the rules alone, whatever
# the rest of the drove holds, once silver is no object: FLESH reads the pace, the band, a PARK and
# the shoeing, never the bag, the party or the herd; MEAL and WEAR read the pace, the band, a ROOF,
# each other (nothing to eat is WEAR +1) and lay up a hand at 5, never flesh or the herd; HEAD reads
# the band, Bran and the crew (strays), never flesh, the bag, or wear but through a hand laid up. So
# a part that cannot come to the target's by its day rules out every morning that has it; the tests
# hold each part to real lines of play.
Flesh = tuple[int, int, int, bool]  # mile, flesh, spate, shod
Larder = tuple[int, int, int, int, int]  # mile, meal, wear, spate, hands laid up
Herd = tuple[int, int, int, tuple[str, ...], tuple[str, ...]]  # mile, head, spate, crew, laid
Body = tuple[int, int, int, int, int, bool, int]  # flesh and larder together: one order moves both
Part = tuple[Any, ...]
_RICH = 1000  # silver for anything a day sells


def flesh_of(rest: Rest) -> Flesh:
    return (rest[0], rest[2], rest[5], rest[6])


def larder_of(rest: Rest) -> Larder:
    return (rest[0], rest[3], rest[4], rest[5], len(rest[8]))


def herd_of(rest: Rest) -> Herd:
    return (rest[0], rest[1], rest[5], rest[7], rest[8])


def body_of(rest: Rest) -> Body:
    return (rest[0], rest[2], rest[3], rest[4], rest[5], rest[6], len(rest[8]))


def _day_orders(s: Drove) -> Iterator[DayOrder]:
    """The day's orders less those that buy meal with them: a store's mornings are closed under
    MEAL 1 before the order, and a REST with MEAL n comes where MEAL n first and then the REST do."""
    return (order for order in _orders(s) if not order.business.meal)


def _store_errands(s: Drove) -> Iterator[BusinessOnly]:
    """`_errands` where a store stands; none elsewhere."""
    return _errands(s) if rules.legal_business(s) else iter(())


def _after(s: Drove, actions: Iterator[rules.Action], tape: tuple[int, ...], rulings: rules.Rulings) -> Iterator[Drove]:
    """The mornings `actions` (each one the rules allow `s`) take `s` to, drives that end left out."""
    for action in actions:
        after, _ = rules.apply(s, action, tape, rulings, checked=False, events=False)
        if after.end is None:
            yield after


def _probe(day: int, name: str, part: Part) -> Drove:
    """A drove with this part, rich enough for anything; the rest as no day of it can end or
    touch the part: the township's crew (a hand to lay up) and a herd of 20 that never strays,
    or, for the herd, a full bag and no wear (WEAR never comes to 5 in a day from 0)."""
    if name == "flesh":
        mile, flesh, spate, shod = part
        return Drove(day=day, mile=mile, head=20, flesh=flesh, silver=_RICH, spate=spate, shod=shod, tape=day - 1)
    if name == "larder":
        mile, meal, wear, spate, _ = part
        return Drove(day=day, mile=mile, head=20, meal=meal, silver=_RICH, wear=wear, spate=spate, tape=day - 1)
    if name == "body":
        mile, flesh, meal, wear, spate, shod, _ = part
        return Drove(day=day, mile=mile, head=20, flesh=flesh, meal=meal, silver=_RICH, wear=wear, spate=spate, shod=shod, tape=day - 1)
    mile, head, spate, crew, laid = part
    return Drove(day=day, mile=mile, head=head, meal=MEAL_MAX, silver=_RICH, spate=spate, crew=crew, laid=laid, tape=day - 1)


def _part_after(name: str, part: Part, after: Drove) -> Part:
    rest = rest_of(after)
    if name == "flesh":
        return flesh_of(rest)
    if name == "larder":
        return (*larder_of(rest)[:4], part[4] + len(after.laid))  # the probe lays up from none
    if name == "body":
        return (*body_of(rest)[:6], part[6] + len(after.laid))
    return herd_of(rest)


@lru_cache(maxsize=1 << 16)  # the same parts come up check after check: the rules run once for each
def _part_moves(name: str, day: int, part: Part, tape: tuple[int, ...], rulings: rules.Rulings) -> tuple[frozenset[Part], frozenset[Part]]:
    """Where a part goes on `day`: by each errand of its store, the same morning; by every order,
    the next. The herd's orders are run again with a hand laid up before the day: the party lays up
    at dusk, before strays count the crew, and nothing else of the day reads it."""
    if name == "herd":
        errands, orders = _herd_losses(day, part, tape, rulings)
        return frozenset(p for p, _, _ in errands), frozenset(p for p, _, _ in orders)
    s = _probe(day, name, part)
    return frozenset({_part_after(name, part, a) for a in _after(s, _store_errands(s), tape, rulings)} - {part}), frozenset(
        _part_after(name, part, a) for a in _after(s, _day_orders(s), tape, rulings)
    )


_NEVER = 1 << 30  # the least spending of a part that cannot come to the target's at all


def _larder_spend(s: Drove, action: rules.Action, after: Drove) -> int:
    """The silver an action pays for the larder (meal and wear): meal bought, at 1 a measure, and
    a ROOF, 2 (with the PARK the two are 5, of which the PARK's own price, 3, is the flesh's); 0
    for any other (a sale, the shoeing, a hand, a boat, the toll, a march, a plain REST)."""
    paid = s.silver - after.silver
    if isinstance(action, BusinessOnly) and action.business.meal:
        return paid
    if isinstance(action, DayOrder) and action.business.roof:
        return paid - rules.PARK_PRICE if action.business.park else paid
    return 0


Paid = tuple[tuple[Part, int, int], ...]  # each part a move comes to, with the least and most it costs


def _widen(seen: dict[Part, tuple[int, int]], part: Part, value: int) -> None:
    """`seen[part]`, the least and the most of what a move to `part` costs, widened to `value`."""
    least, most = seen.get(part, (value, value))
    seen[part] = (min(least, value), max(most, value))


@lru_cache(maxsize=1 << 16)
def _larder_spends(day: int, part: Larder, tape: tuple[int, ...], rulings: rules.Rulings) -> tuple[Paid, Paid]:
    """`_part_moves` for the larder, each move with the least and the most it pays for the larder
    (`_larder_spend`): by each errand the same morning, by every order the next."""
    s = _probe(day, "larder", part)
    out: list[dict[Part, tuple[int, int]]] = [{}, {}]
    for n, actions in ((0, _store_errands(s)), (1, _day_orders(s))):
        for action in actions:
            after, _ = rules.apply(s, action, tape, rulings, checked=False, events=False)
            if after.end is not None:
                continue
            moved = _part_after("larder", part, after)
            if n == 0 and moved == part:
                continue
            _widen(out[n], moved, _larder_spend(s, action, after))
    return tuple((p, *c) for p, c in out[0].items()), tuple((p, *c) for p, c in out[1].items())


@lru_cache(maxsize=1 << 16)
def _herd_losses(day: int, part: Herd, tape: tuple[int, ...], rulings: rules.Rulings) -> tuple[Paid, Paid]:
    """`_part_moves` for the herd, each move with the beasts it loses (the least and the most):
    none by an errand (a sale is not a loss), the head an order's day takes (a band, a crossing,
    strays)."""
    s = _probe(day, "herd", part)
    errands = {(p, 0, 0) for p in {herd_of(rest_of(a)) for a in _after(s, _store_errands(s), tape, rulings)} - {part}}
    days = [s]
    if s.hands:  # the party lays up at dusk, before strays count the crew, and nothing else of the day reads it
        first = s.hands[0]
        days.append(replace(s, crew=tuple(c for c in s.crew if c != first), laid=(*s.laid, first)))
    orders: dict[Part, tuple[int, int]] = {}
    for d in days:
        for after in _after(d, _day_orders(d), tape, rulings):
            _widen(orders, herd_of(rest_of(after)), part[1] - after.head)
    return tuple(errands), tuple((p, *c) for p, c in orders.items())


@dataclass
class _Toward:
    """What a morning of day `day` must have to still come to `target` on its day; each test is a
    fact of the rules, so a morning that fails one cannot come to it. `cut` counts, by field, the
    mornings each test set aside (a refused block's reason names the field). `parts`: also ask
    whether each part of the morning can come to the target's by its day (`comes`; the search
    without them is the same search, slower: the tests hold one to the other), and, with `spends`,
    whether its silver lies between the least and the most a line can still spend and lose
    (`_dear`, asked only of a morning whose parts all can come). What the tests say
    of a morning's fields but silver is worked out once a check (`known`), whatever its silvers."""

    target: Drove
    rulings: rules.Rulings
    tape: tuple[int, ...] = ()
    parts: bool = True
    spends: bool = True
    cut: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        t = self.target
        self.worth = t.silver + SELL_GAIN * t.head
        self.hired = frozenset(t.hired)
        self.reach = day_reach(self.rulings)
        self.parts = self.parts and bool(self.tape)
        rest = rest_of(t)
        self.goals: dict[str, Part] = {"flesh": flesh_of(rest), "larder": larder_of(rest), "herd": herd_of(rest), "body": body_of(rest)}
        self.comes_memo: dict[tuple[str, int, Part], bool] = {}
        self.spends_memo: dict[tuple[int, Part], tuple[int, int]] = {}
        self.lost_memo: dict[tuple[int, Part], int] = {}
        self.known: dict[tuple[int, Rest], list[Any]] = {}  # (day, rest): [field set aside by, silvers, part set aside by, silvers spent allow]

    def keep(self, rest: Rest, mask: int, day: int, *, cheap: bool = False) -> int:
        """The silvers of `mask` with which a morning of `rest` on `day` may still come to the
        target (0: none; `cut` counts the field that set it aside). `cheap`: only the tests read
        off the morning itself (`_why`, `_silvers`), not the part searches (`_apart`, `_dear`);
        what it keeps, `keep` without it keeps or sets aside as it would have the whole mask, and
        what it sets aside is counted once, as `keep` would count it."""
        known = self.known.get((day, rest))
        if known is None:  # what the tests say of a rest, whatever its silvers: worked out once
            known = self.known[(day, rest)] = [self._why(rest, day), self._silvers(rest, day), None, -1]
        why, window = known[0], known[1]
        if why is None:
            mask &= window
            if not mask:
                why = "silver"
            elif not self.parts or cheap:
                return mask
            else:
                if known[2] is None:
                    known[2] = self._apart(rest, day) or ""
                    if not known[2] and self.spends:
                        known[3] = self._dear(rest, day)
                if not known[2]:
                    mask &= known[3]
                    if mask:
                        return mask
                why = known[2] or "silver"
        self.cut[why] += 1
        return 0

    def _silvers(self, rest: Rest, day: int) -> int:
        """The silvers a morning of `rest` on `day` may have and still come to the target."""
        mile, head, meal, shod = rest[0], rest[1], rest[3], rest[6]
        t = self.target
        least = self.worth - SELL_GAIN * head  # silver + 3 × head never rises
        if not any(mile <= m <= t.mile for m in SELLING):
            least = max(least, t.silver)  # no store to sell at on the way: silver only falls
        most = t.silver + self.spend(mile, head, meal, shod, rest[7], rest[8], t.day - day)
        return (1 << (most + 1)) - (1 << max(0, least)) if most >= least else 0

    def _dear(self, rest: Rest, day: int) -> int:
        """The silvers a morning of `rest` (whose every part can come to the target's) may have,
        given the least and the most it can still spend and lose. From this morning to the target
        a line sells some beasts, loses others and spends silver; a sale moves 3 from head to
        silver, so

            silver now = target's silver + 3 × target's head − 3 × head now + spent + 3 × lost.

        Spent is at least what every line must pay: the least a line pays for its larder (meal
        bought, a ROOF) to bring meal, wear and the hands laid up to the target's by its day
        (`keep_spends`: a real line's larder is one of the lines that search runs through, paying
        the same), each hand the target has hired and this morning has not (HIRE 4 each), and the
        shoeing if the target is shod and this morning is not (1 per 10 head or part, on a herd no
        smaller than the target's: head never rises); lost is at least none. Spent is at most the
        most a line pays for its larder, 3 a day for the PARK where the Town is on the way, and
        `spend`'s boats, toll, shoeing and hands; lost is at most the most beasts a line of the
        herd (head, crew, Bran, the river: `most_lost`) loses on the way. These are separate
        payments, so each sum bounds the line's."""
        mile, head, shod = rest[0], rest[1], rest[6]
        t = self.target
        days = t.day - day
        larder_least, larder_most = self.keep_spends(day, larder_of(rest))
        lost = self.most_lost(day, herd_of(rest))
        if larder_least >= _NEVER or lost < 0:
            return 0
        hires = rules.HIRE_PRICE * len(self.hired - {h for h in HIRES if h in rest[7] or h in rest[8]})
        must = larder_least + hires + (rules.per_ten(t.head) if t.shod and not shod else 0)
        least = self.worth - SELL_GAIN * head + must
        if not any(mile <= m <= t.mile for m in SELLING):
            least = max(least, t.silver + must)  # nothing sold on the way: silver only falls, by all it spends
        parking = rules.PARK_PRICE * days if any(mile <= m <= t.mile and "PARK" in e for m, e in rules.STORE_ERRANDS.items()) else 0
        others = self.spend(mile, head, t.meal, shod, rest[7], rest[8], 0)  # boats, toll, shoeing, hands: no meal, no lodging
        most = min(
            t.silver + larder_most + parking + others,  # nothing sold
            self.worth - SELL_GAIN * head + larder_most + parking + others + SELL_GAIN * lost,
        )
        least = max(0, least)
        return (1 << (most + 1)) - (1 << least) if most >= least else 0

    def keep_spends(self, day: int, part: Larder) -> tuple[int, int]:
        """The least and the most silver a drove with this larder (meal, wear, the river, hands
        laid up) on `day` pays for it (`_larder_spend`) on its way to the target's larder by its
        day, over every line of the rules run on that part alone, silver no object (as `comes`);
        (_NEVER, -1) if none comes to it."""
        known = self.spends_memo.get((day, part))
        if known is None:
            t = self.target
            least, most = _NEVER, -1
            if not self._far("larder", day, part):
                if day == t.day and part == self.goals["larder"]:
                    least, most = 0, 0
                errands, orders = _larder_spends(day, part, self.tape, self.rulings)
                for moved, low, high in errands:
                    then = self.keep_spends(day, moved)
                    if then[0] < _NEVER:
                        least, most = min(least, low + then[0]), max(most, high + then[1])
                if day < t.day:
                    for moved, low, high in orders:
                        then = self.keep_spends(day + 1, moved)
                        if then[0] < _NEVER:
                            least, most = min(least, low + then[0]), max(most, high + then[1])
            known = self.spends_memo[(day, part)] = (least, most)
        return known

    def most_lost(self, day: int, part: Herd) -> int:
        """The most beasts a drove with this herd part (head, the river, crew, laid) on `day` loses
        on its way to the target's herd by its day (sales are not losses), over every line of the
        rules run on the herd alone (as `comes`); -1 if none comes to it."""
        known = self.lost_memo.get((day, part))
        if known is None:
            t = self.target
            known = -1
            if self.comes("herd", day, part):
                if day == t.day and part == self.goals["herd"]:
                    known = 0
                errands, orders = _herd_losses(day, part, self.tape, self.rulings)
                for moved, _, _ in errands:
                    then = self.most_lost(day, moved)
                    if then >= 0:
                        known = max(known, then)
                if day < t.day:
                    for moved, _, high in orders:
                        then = self.most_lost(day + 1, moved)
                        if then >= 0:
                            known = max(known, high + then)
            self.lost_memo[(day, part)] = known
        return known

    def spend(self, mile: int, head: int, meal: int, shod: bool, crew: tuple[str, ...], laid: tuple[str, ...], days: int) -> int:
        """The most silver a drove can spend on the way from this morning to the target: the meal
        the target's bag and the days' eating and losses leave room for, a ROOF and PARK a day at a
        store, the boats, the toll, the shoeing and the hands still to come. Silver comes back only
        by selling, so a morning with more than the target's silver and this is too rich."""
        t = self.target
        ahead = range(mile, t.mile + 1)
        out = max(0, t.meal - meal + self.reach.meal_down * days) * rules.MEAL_PRICE
        if any(m in ahead for m in rules.STORE_ERRANDS) and days:
            out += days * rules.ROOF_AND_PARK_PRICE
        if 12 in ahead:
            out += max(price for price, _ in rules.BOATS.values())
        if 118 in ahead:
            out += rules.per_ten(head)
        if t.shod and not shod:
            out += rules.per_ten(head)
        out += rules.HIRE_PRICE * len(self.hired - {h for h in HIRES if h in crew or h in laid})
        return out

    def distance(self, rest: Rest) -> int:
        """How far a morning looks from the target (to try the nearest lines first; any order is exact)."""
        mile, head, flesh, meal, wear, spate, shod, crew, laid = rest
        t = self.target
        return (
            abs(flesh - t.flesh)
            + abs(wear - t.wear)
            + abs(meal - t.meal) // 3
            + (head - t.head + 4) // 5
            + (shod != t.shod)
            + (crew != t.crew)
            + (laid != t.laid)
        )

    def _why(self, rest: Rest, day: int) -> str | None:
        """The field that keeps this morning from the target, or None."""
        mile, head, flesh, meal, wear, spate, shod, crew, laid = rest
        t = self.target
        days = t.day - day
        if head < t.head:
            return "head"  # no rule adds a beast
        if t.mile not in within(mile, days, self.rulings):
            return "mile"
        if laid != t.laid[: len(laid)] or (days == 0 and laid != t.laid):
            return "laid"  # a hand laid up stays laid up, at the end of the list, at dusk
        hired = {h for h in HIRES if h in crew or h in laid}
        if not hired <= self.hired:
            return "crew"  # a hand hired stays hired (on their feet or laid up)
        if hired != self.hired and not any(mile <= m <= t.mile for m in HIRING):
            return "crew"
        bran = "Bran" in crew
        if (t.bran and not bran) or (days == 0 and bran != t.bran):
            return "crew"  # Bran runs off home once, at a dusk, and does not come back
        if shod and not t.shod:
            return "shod"  # shod to the tryst
        if t.shod and not shod and not any(mile <= m <= t.mile for m in SHOEING):
            return "shod"
        r = self.reach
        if not flesh - r.flesh_down * days <= t.flesh <= flesh + r.flesh_up * days:
            return "flesh"
        if t.meal < meal - r.meal_down * days:
            return "meal"  # and a store's meal is bought, never sold back
        if t.wear < wear - r.wear_down * days:
            return "wear"
        if days == 0 and (mile, flesh, wear, spate) != (t.mile, t.flesh, t.wear, t.spate):
            return "mile" if mile != t.mile else "flesh" if flesh != t.flesh else "wear" if wear != t.wear else "spate"
        return None

    def _apart(self, rest: Rest, day: int) -> str | None:
        """The field of a part that cannot come to the target's by its day, or None."""
        t = self.target
        if not self.comes("flesh", day, flesh_of(rest)):
            return "shod" if rest[2] == t.flesh and rest[6] != t.shod else "flesh"
        if not self.comes("larder", day, larder_of(rest)):
            return "wear" if rest[4] != t.wear else "meal" if rest[3] != t.meal else "laid"
        if not self.comes("herd", day, herd_of(rest)):
            return "head" if rest[1] != t.head else "crew"
        if not self.comes("body", day, body_of(rest)):
            return next((f for f, i in (("wear", 4), ("meal", 3), ("flesh", 2), ("shod", 6)) if rest[i] != getattr(t, f)), "laid")
        return None

    def comes(self, name: str, day: int, part: Part) -> bool:
        """Can a drove with this part (flesh, larder, herd or body) on `day` have the target's on its
        day, silver no object?"""
        if name == "larder":  # the same search, with what each line pays for its larder
            return self.keep_spends(day, part)[0] < _NEVER
        known = self.comes_memo.get((name, day, part))
        if known is None:
            t = self.target
            if self._far(name, day, part):
                known = False
            elif day == t.day and part == self.goals[name]:
                known = True
            else:
                errands, orders = _part_moves(name, day, part, self.tape, self.rulings)
                known = any(self.comes(name, day, p) for p in errands) or (day < t.day and any(self.comes(name, day + 1, p) for p in orders))
            self.comes_memo[(name, day, part)] = known
        return known

    def _far(self, name: str, day: int, part: Part) -> bool:
        """The facts of `_why` a part alone can fail (so its search stays small)."""
        t, days, r = self.target, self.target.day - day, self.reach
        if t.mile not in within(part[0], days, self.rulings):
            return True
        if name == "flesh":
            _, flesh, _, shod = part
            return not flesh - r.flesh_down * days <= t.flesh <= flesh + r.flesh_up * days or (shod and not t.shod)
        if name == "larder":
            _, meal, wear, _, laid = part
            return laid > len(t.laid) or t.meal < meal - r.meal_down * days or t.wear < wear - r.wear_down * days
        if name == "body":  # searched only where flesh and larder each can come
            mile, flesh, meal, wear, spate, shod, laid = part
            return not self.comes("flesh", day, (mile, flesh, spate, shod)) or not self.comes("larder", day, (mile, meal, wear, spate, laid))
        _, head, _, _, laid = part
        return head < t.head or laid != t.laid[: len(laid)]


@dataclass(frozen=True)
class Found:
    """What the search toward a block found: whether play stands on it, the nearest morning of its
    day the search met (the block itself when reached), and what was set aside."""

    reached: bool
    nearest: Drove | None  # a morning of the block's day that a line of play reaches
    cut: Counter[str]
    searched: int  # groups of mornings searched, over every day


FIELDS = ("mile", "head", "flesh", "meal", "silver", "wear", "spate", "shod", "crew", "laid")  # Key's order


def apart(a: Key, b: Key) -> list[int]:
    """The fields (their places in a Key) where two mornings differ."""
    return [i for i in range(len(a)) if a[i] != b[i]]


# Moves `toward` makes depth first before it goes a day at a time. A day at a time pays for every
# morning kept, which past the Smiddy's sales is hundreds of thousands of groups: a day-20 block of
# random play at the Town (4 head, 131 silver, Hector and Morag hired) is found depth first in
# 62,754 groups (21 s of CPU) but was still unanswered after 4 minutes a day at a time.
DEPTH_FIRST = 250_000


def toward(
    target: Drove, tape: tuple[int, ...], rulings: rules.Rulings = rules.RULED, *, parts: bool = True, spends: bool = True,
    depth_first: int | None = DEPTH_FIRST,
) -> Found:
    """Does a line of play stand on `target` (a morning after EXACT_DAYS)? Searched forward from
    every morning of day EXACT_DAYS, keeping only the mornings that can still come to it
    (`_Toward`; `parts=False` leaves out the flesh, larder and herd tests, and `spends=False` the
    silver bound `_Toward._dear`, for the tests to hold them to the search without them).

    First depth first, nearest first, for up to `depth_first` moves (None: to the end): a block
    play reaches is most often found in a few hundred. Then, if not found, a day at a time, as
    `next_layer` does: there every group of mornings is moved once, with every silver that comes to
    it, where depth first comes back to a group for each silver it has not yet tried. Either
    search alone is exact; a block resumes only when one stands on it."""
    if not EXACT_DAYS < target.day <= FINAL_DAY:
        raise ValueError(f"toward is for days {EXACT_DAYS + 1} to {FINAL_DAY}, not {target.day}")
    start = mornings(tape, EXACT_DAYS, rulings)
    assert start is not None
    goal = _Toward(target, rulings, tape, parts, spends)
    goal_rest, goal_key = rest_of(target), key_of(target)
    near: list[tuple[int, Key]] = []

    def keep(rest: Rest, mask: int, day: int, cheap: bool = False) -> int:
        if day == target.day:  # a morning of the target's day, kept if the nearest yet (a refusal's reason)
            silver = target.silver if mask >> target.silver & 1 else min(silvers(mask), key=lambda v: (abs(v - target.silver), v))
            key = key_of(morning(rest, silver, day))
            d = len(apart(key, goal_key))
            if not near or (d, key) < near[0]:
                near[:] = [(d, key)]
        return goal.keep(rest, mask, day, cheap=cheap)

    # The part searches (`_apart`, `_dear`) are the dear part of `keep`: a morning is put to them
    # only when the search is about to go to it, not when it is ranked among its siblings (a line
    # found early never asks them of the siblings it did not need). The order the search goes in,
    # and every mask it goes with, are those of `keep` asked at once: the siblings the part
    # searches set aside are dropped from a list sorted by distance, which leaves the others' order.
    layer: Layer = {}
    for rest, mask in sorted(layer_of(start).items(), key=lambda item: (goal.distance(item[0]), item[0])):
        kept = goal.keep(rest, mask, EXACT_DAYS, cheap=True)
        if kept:
            layer[rest] = kept
    seen: dict[tuple[int, Rest], int] = {}
    moves = [depth_first]
    moved_once: dict[tuple[int, Rest], list[tuple[int, Rest, int]]] = {}

    def outcomes(rest: Rest, day: int) -> list[tuple[int, Rest, int]]:
        """Where each errand (the same day) and order (the next) takes a morning of `rest`, and
        what it costs: worked out once for every silver (depth first comes back to a group for
        each silver it has not yet tried), as `_moves` works a group out on its richest morning,
        and held to the poorest morning that pays."""
        out = moved_once.get((day, rest))
        if out is None:
            out = moved_once[(day, rest)] = []
            rich = morning(rest, _RICH, day)
            for actions, d in ((_store_errands, day), (_day_orders, day + 1)):
                if d > target.day:
                    continue
                for action in actions(rich):
                    if rules.refusal(rich, action) is not None:
                        continue
                    after, _ = rules.apply(rich, action, tape, rulings, checked=False, events=False)
                    if after.end is not None or (d == day and rest_of(after) == rest):
                        continue
                    cost = _RICH - after.silver
                    if cost > 0:  # the poorest that pays must move as the richest did, or the grouping is wrong
                        poor = morning(rest, cost, day)
                        then = rules.apply(poor, action, tape, rulings, checked=False, events=False)[0] if rules.refusal(poor, action) is None else None
                        if then is None or then.end is not None or rest_of(then) != rest_of(after) or then.silver != 0:
                            raise GroupingError(f"day {day}: {action} moves silver {cost} and {_RICH} of {rest} apart")
                    out.append((d, rest_of(after), cost))
        return out

    def search(rest: Rest, mask: int, day: int) -> bool:
        mask = goal.keep(rest, mask, day)  # the part searches, now that the search goes here
        old = seen.get((day, rest), 0)
        mask &= ~old
        if not mask:
            return False
        if moves[0] is not None:
            if moves[0] <= 0:
                raise _Enough
            moves[0] -= 1
        seen[(day, rest)] = old | mask
        shown.status(f"day {day} of {target.day}, {len(seen):,} groups")
        if day == target.day and rest == goal_rest and mask >> target.silver & 1:
            return True
        ranked = []
        for d, after, cost in outcomes(rest, day):
            moved = (mask & ~((1 << cost) - 1)) >> cost if cost >= 0 else mask << -cost  # those that pay, less the cost
            if not moved & ~seen.get((d, after), 0):
                continue  # searched already with every one of these silvers
            moved = keep(after, moved, d, True)
            if moved:
                ranked.append((goal.distance(after), d, after, moved))
        ranked.sort(key=lambda c: c[0])
        return any(search(after, moved, d) for _, d, after, moved in ranked)

    with task("Checking the SAVE against every line of play") as shown:
        try:
            found = any(search(rest, mask, EXACT_DAYS) for rest, mask in layer.items())
            searched = len(seen)
        except _Enough:  # a day at a time, from the start again
            layer = {rest: kept for rest, mask in layer.items() if (kept := goal.keep(rest, mask, EXACT_DAYS))}
            searched = len(layer)
            for day in range(EXACT_DAYS, target.day):
                shown.status(f"day {day + 1} of {target.day}, {searched:,} groups, a day at a time")
                layer = next_layer(layer, day, tape, rulings, keep, _day_orders)
                searched += len(layer)
            found = bool(layer.get(goal_rest, 0) >> target.silver & 1)
    nearest = target if found else (drove(near[0][1], target.day) if near else None)
    return Found(found, nearest, goal.cut, searched)


class _Enough(Exception):
    """The depth-first search has made its moves."""


# -- kept: once per tape and reading, then a lookup ----------------------------------------------------

SHIPPED = Path(__file__).with_name("reached")  # the printed tape's sets, shipped with the package
SEARCH = 1  # this search's version: raise it when a change to this file changes what it finds


@cache  # the key hashes the rules' source: once per tape and reading
def _kept(tape: tuple[int, ...], rulings: rules.Rulings) -> Kept:
    from . import state

    return Kept(f"cattle-trail-{SEARCH}", tape, rulings, (rules, state), SHIPPED)


@cache
def _held(tape: tuple[int, ...], rulings: rules.Rulings) -> list[Mornings]:
    """The days worked out so far for this tape and reading: kept, or the opening alone."""
    return _decode(_kept(tape, rulings).load()) or [opening()]


def mornings(tape: tuple[int, ...], day: int, rulings: rules.Rulings = rules.RULED) -> Mornings | None:
    """The mornings of `day` on this tape, through EXACT_DAYS (None past it: see `toward`): worked
    out once (a day at a time, as far as asked) and kept in memory and in the user's cache folder;
    the printed tape's ship with the package."""
    if day > EXACT_DAYS:
        return None
    return _kept(tape, rulings).upto(_held(tape, rulings), day, lambda today: next_day(today, tape, rulings), _encode)


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
