"""DROVER'S AUTUMN: the card's rules as pure functions. No I/O, no randomness, no clock.

`apply(state, action, tape)` runs one order through THE DAY's nine steps (or a morning's business,
or "turn for home") and returns the new state and the events, in order. `refusal` says why an
action is not allowed here, in the state's own terms. docs/rulings.md (DROVER'S AUTUMN, Part 1) records every
reading chosen where the card can be read two ways; `Rulings` keeps the rival readings the card's
own figures were checked against, so the search can show why the ruled ones stand. Play always
uses `RULED`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from cardgm.game import GameError
from cardgm.games.cattle_trail import shared
from cardgm.games.cattle_trail.actions import (
    LANDMARKS,
    NO_BUSINESS,
    Action,
    Business,
    BusinessOnly,
    DayOrder,
    TurnForHome,
    place_kind,
)
from cardgm.games.cattle_trail.events import (
    Banded,
    Bought,
    BranRanOff,
    DayRead,
    Hired,
    Lodged,
    Marched,
    Moved,
    Refused,
    Shod,
    Sold,
    TrystRest,
)
from cardgm.games.cattle_trail.state import (
    DOG,
    FINAL_DAY,
    FLESH_MAX,
    HIRES,
    LAST_DAY,
    MAX_HANDS,
    MEAL_MAX,
    SPATE_MAX,
    TRYST_MILE,
    WEAR_MAX,
    YOU,
    Drove,
    leg_at,
)

# PACE: miles, shift to the value, FLESH, WEAR.
PACES: dict[str, tuple[int, int, int, int]] = {
    "EASY": (8, +3, +1, 0),
    "STEADY": (12, 0, 0, 0),
    "PUSH": (16, -4, -1, +1),
}
MARCH_PACES = tuple(PACES)
REST = "REST"
PLAIN_ORDERS = (*MARCH_PACES, REST)  # the orders of a day off the crossings
DAY_ORDERS = frozenset(PLAIN_ORDERS)

BOATS = {"ONE BOAT": (2, 0), "TWO BOATS": (4, +4)}  # silver, shift ("the value as it stands")
FORD_SHIFT_PER_SPATE = -3
BRIDGE_FORD_SHIFT = -2  # "a further −2"

# Store prices (STORES).
MEAL_PRICE = 1
ROOF_PRICE = 2
PARK_PRICE = 3
ROOF_AND_PARK_PRICE = 5
HIRE_PRICE = 4
SELL_PRICE = 3
TRADE_MEAL_PER_HEAD = 3

STORE_ERRANDS: dict[int, tuple[str, ...]] = {
    33: ("MEAL", "ROOF"),
    90: ("MEAL", "ROOF", "SHOE", "HIRE", "SELL", "TRADE"),
    143: ("MEAL", "ROOF", "HIRE", "SELL", "TRADE", "PARK"),
}

FAR_SIDE = {12: 13, 57: 58, 118: 119}
CROSSING_ORDERS: dict[int, tuple[str, ...]] = {
    12: ("ONE BOAT", "TWO BOATS", REST),
    57: ("FORD", REST),
    118: ("TOLL", "FORD", REST),
}


@dataclass(frozen=True)
class Line:
    """One band's line of a table: the numbers it moves and the card's words for it."""

    effects: tuple[tuple[str, int], ...]
    words: str = ""
    by_drove: bool = False  # the drove's shoes or dog settle this line, not the table alone (_drove_line)


NOTHING = Line(())

# THE ROAD and THE CROSSINGS: each table's BAD, HARD and GOOD lines. FAIR does nothing.
# Three lines depend on the state and are settled in `_drove_line` (`by_drove`): the strath's BAD
# (Bran) and the low road's BAD and HARD (SHOD).
TABLES: dict[str, dict[str, Line]] = {
    "island": {
        "BAD": Line((("head", -2),), "two heifers break back for home"),
        "HARD": Line((("flesh", -1),)),
        "GOOD": Line((("meal", +1),), "a neighbour's gift"),
    },
    "shore": {
        "BAD": Line((("wear", +2),), "a fall"),
        "HARD": Line((("flesh", -1),), "salt grass"),
        "GOOD": Line((("wear", -1),), "a dry barn"),
    },
    "glen": {
        "BAD": Line((("head", -2),), "two lost up a side glen"),
        "HARD": Line((("flesh", -1),), "grass grazed bare"),
        "GOOD": Line((("meal", +2),), "a farm's milk and meal"),
    },
    "pass": {
        "BAD": Line((("head", -2), ("wear", +1)), "mist"),
        "HARD": Line((("wear", +1),), "sleet"),
        "GOOD": Line((("wear", -1),), "a dry hut"),
    },
    "moss": {
        "BAD": Line((("head", -3), ("wear", +1)), "mired"),
        "HARD": Line((("head", -1),)),
        "GOOD": Line((("meal", +2),), "a farm shares a meal"),
    },
    "strath": {
        "BAD": Line((("head", -2),), "with no dog", by_drove=True),  # Bran runs off first
        "HARD": Line((("flesh", -1),)),
        "GOOD": Line((("wear", -1),), "a barn"),
    },
    "lowroad": {
        "BAD": Line((("flesh", -2),), by_drove=True),  # SHOD: see SHOD_LOWROAD
        "HARD": Line((("flesh", -1),), by_drove=True),
        "GOOD": Line((("meal", +1),)),
    },
    "kyle": {
        "BAD": Line((("head", -4), ("wear", +1)), "a string breaks"),
        "HARD": Line((("head", -1),)),
        "GOOD": NOTHING,
    },
    "ford": {
        "BAD": Line((("head", -6), ("meal", -2), ("wear", +1)), "a string swept off"),
        "HARD": Line((("head", -1), ("meal", -1))),
        "GOOD": NOTHING,
    },
}
SHOD_LOWROAD = {
    "BAD": Line((("flesh", -1),), "shod"),
    "HARD": Line((), "shod"),
}


@dataclass(frozen=True)
class Rulings:
    """Readings of the card's doubtful sentences (docs/rulings.md (DROVER'S AUTUMN, Part 1)). `RULED` is the
    one cardgm plays; the others exist so the search can check each against the card's claim
    "96 is the best line this tape allows" (tests/cattle_trail/test_search.py)."""

    bran_bad_same_day: bool = False  # Q1: strath BAD with Bran: he goes, no HEAD lost that day
    toll_march_from_119: bool = True  # Q2: the toll's march counts its full miles from 119
    tryst_days_read: bool = True  # Q3: each early day at the tryst is a full REST day
    bag_caps_every_change: bool = True  # Q8: MEAL never above 12, a gift past it is lost
    pace_then_band: bool = True  # Q13: the pace's FLESH and WEAR land (clamped) before the band
    band_on_cut_march: bool = True  # Q14: a march cut short at a landmark still bands


RULED = Rulings()


# -- small questions about the state -----------------------------------------------------------


@cache  # a march asks this every day; the road never changes
def next_landmark(mile: int) -> tuple[int, str]:
    """The next landmark beyond `mile`: (its mile, its name). A march stops there."""
    for m in sorted(LANDMARKS):
        if m > mile:
            return m, LANDMARKS[m][0]
    raise ValueError(f"no landmark lies beyond mile {mile}")


def sky(raw: int) -> str:
    """SKY from the raw value: 1–2 STORM, 3–5 RAIN, 6–20 FAIR."""
    return "STORM" if raw <= 2 else "RAIN" if raw <= 5 else "FAIR"


@cache  # 21 days x 20 values
def day_read(day: int, raw: int) -> DayRead:
    """Value n read on day n, with its SKY, as its DayRead record."""
    return shared.day_read(day, raw, sky(raw))


def band(adjusted: int) -> str:
    """1–4 BAD, 5–9 HARD, 10–15 FAIR, 16–20 GOOD (on a value already clamped 1–20)."""
    return "BAD" if adjusted <= 4 else "HARD" if adjusted <= 9 else "FAIR" if adjusted <= 15 else "GOOD"


def clamp_value(value: int) -> int:
    return max(1, min(20, value))


def per_ten(head: int) -> int:
    """1 silver per 10 head or part (the toll, SHOE)."""
    return -(-head // 10)


def toll(state: Drove) -> int:
    return per_ten(state.head)


def crew_needed(head: int) -> int:
    """The herd needs one on their feet per 20 head or part."""
    return -(-head // 20)


def river(spate: int) -> str:
    """SPATE: LOW at 0, UP at 1, HIGH at 2–3."""
    return "LOW" if spate == 0 else "UP" if spate == 1 else "HIGH"


def ford_shift(state: Drove, at_bridge: bool = False) -> int:
    """FORD: −3 per SPATE as the Ledger stood at dawn; at the bridge a further −2."""
    return FORD_SHIFT_PER_SPATE * state.spate + (BRIDGE_FORD_SHIFT if at_bridge else 0)


def legal_orders(state: Drove) -> tuple[str, ...]:
    """The day's orders the card allows here, as the state stands (TOLL and boats need silver)."""
    if state.end is not None:
        return ()
    if state.mile in CROSSING_ORDERS:
        return crossing_orders(state.mile, state.silver, toll(state))
    return PLAIN_ORDERS


@cache  # 3 crossings x the silver a drove carries x the few tolls
def crossing_orders(mile: int, silver: int, price_of_toll: int) -> tuple[str, ...]:
    """A crossing's orders that `silver` pays for: the boats' prices, the toll's."""
    return tuple(
        order
        for order in CROSSING_ORDERS[mile]
        if not (order in BOATS and silver < BOATS[order][0]) and not (order == "TOLL" and silver < price_of_toll)
    )


def legal_business(state: Drove) -> tuple[str, ...]:
    """The errands this morning's store offers ("any morning you start at one"); () elsewhere."""
    if state.ended:
        return ()
    return STORE_ERRANDS.get(state.mile, ())


def score(state: Drove) -> int:
    """SCORING. Sold: HEAD × (FLESH + 4) ÷ 6 rounded down, −10 per hand laid up, on day 21 FLESH
    one less (not below 0), clamped 1–100. Every other ending scores 0. (The rules score a reply's
    working copy as it ends, with no frozen Drove built for it.)"""
    if state.end != "sold":
        return 0
    flesh = state.flesh - 1 if state.tape == FINAL_DAY else state.flesh
    raw = state.head * (max(0, flesh) + 4) // 6 - 10 * len(state.laid)
    return max(1, min(100, raw))


# -- refusals ---------------------------------------------------------------------------------


def _business_refusal(state: Drove, business: Business, *, with_order: str | None) -> str | None:
    offered = legal_business(state)
    if not offered:
        where = state.landmark or f"mile {state.mile}, on the {state.place} road"
        return f"There is no store at {where}; business is done only on a morning at the inn, the Smiddy or the town."
    asked = [
        name
        for name, on in (
            ("MEAL", business.meal),
            ("ROOF", business.roof),
            ("SHOE", business.shoe),
            ("HIRE", business.hire),
            ("SELL", business.sell),
            ("TRADE", business.trade),
            ("PARK", business.park),
        )
        if on
    ]
    for name in asked:
        if name not in offered:
            return f"{state.landmark.capitalize() if state.landmark else 'This place'} offers {', '.join(offered)}; not {name}."
    if min(business.meal, business.hire, business.sell, business.trade) < 0:
        return "A number of meal, hands or beasts cannot be below 0."
    if business.sell + business.trade > state.head:
        return f"The herd is {state.head} head; you can sell at most {state.head}."
    if business.roof or business.park:
        both = "ROOF and PARK" if business.roof and business.park else "ROOF" if business.roof else "PARK"
        if with_order is None:
            return f"{both} is taken as that day's REST: order REST with it."
        if with_order != REST:
            return f"{both} is taken as that day's REST; it does not go with {with_order}."
    return None


def refusal(state: Drove, action: Any) -> str | None:
    """Why the card does not allow `action` here, in the state's terms; None when it does."""
    if state.end is not None:
        return "The drove is over."
    if isinstance(action, DayOrder):  # the day's order first: every day asks it
        return _order_refusal(state, action)
    if isinstance(action, TurnForHome):
        return None
    if isinstance(action, BusinessOnly):
        if not action.business:
            return "No business was named."
        return _business_refusal(state, action.business, with_order=None)
    return f"Not an order of this card: {action!r}."


def _order_refusal(state: Drove, action: DayOrder) -> str | None:
    order = action.order
    if action.toll_pace is not None and order != "TOLL":
        return "A pace with the toll is only for TOLL at the bridge."
    if state.mile in CROSSING_ORDERS:
        allowed = CROSSING_ORDERS[state.mile]
        if order not in allowed:
            name = LANDMARKS[state.mile][0]
            return f"At {name} the orders are {_or_list(allowed)}."
        if order in BOATS and state.silver < BOATS[order][0]:
            return f"No credit: {order.lower()} is {BOATS[order][0]} silver and you have {state.silver}."
        if order == "TOLL":
            if action.toll_pace is None:
                return "TOLL needs its pace: EASY, STEADY or PUSH up the strath from mile 119, or REST at 119."
            if action.toll_pace not in (*MARCH_PACES, REST):
                return f"{action.toll_pace} is not a pace."
            price = toll(state)
            if state.silver < price:
                return f"No credit: the toll is {price} silver and you have {state.silver}. FORD or REST?"
    elif order not in DAY_ORDERS:
        where = "the township" if place_kind(state.mile) == "township" else state.landmark or f"mile {state.mile}"
        return f"{order} is for a crossing; at {where} the orders are EASY, STEADY, PUSH or REST."
    if action.business is not NO_BUSINESS and action.business:  # most orders share NO_BUSINESS: no `bool()` asked
        return _business_refusal(state, action.business, with_order=order)
    return None


# legal_actions lists SELL and TRADE of up to a dozen beasts (36 silver, six times the dearest
# toll); the rules take any number up to the herd, but a list of every one would be 120 long.
LISTED_SALE = 12


def legal_actions(state: Drove) -> list[Action]:
    """The actions the card allows this morning, each one `refusal` passes, in a bounded list:

    - every order `legal_orders` gives, TOLL once with each pace (EASY, STEADY, PUSH, REST);
    - at a store: REST with ROOF, with PARK, with both, where the store sells them; and each
      errand on its own, before the day's order (BusinessOnly): MEAL 1 up to what the bag holds
      and the silver buys, SHOE, HIRE 1, SELL and TRADE 1 to LISTED_SALE beasts (no more than the
      herd);
    - "turn for home", last.

    Business with a march in one message, two errands at once and larger amounts are allowed by
    the rules (and `refusal` passes them) but not listed: each is the same as listed actions in a
    row, or more of one (a reader builds them from the player's words)."""
    if state.ended:
        return []
    out: list[Action] = []
    for order in legal_orders(state):
        paces = (*MARCH_PACES, REST) if order == "TOLL" else (None,)
        out += [DayOrder(order, toll_pace=pace) for pace in paces]
    offered = legal_business(state)
    if offered:
        if "ROOF" in offered:
            out.append(DayOrder(REST, Business(roof=True)))
        if "PARK" in offered:
            out.append(DayOrder(REST, Business(park=True)))
        if "ROOF" in offered and "PARK" in offered:
            out.append(DayOrder(REST, Business(roof=True, park=True)))
        errands: list[Business] = [Business(meal=n) for n in range(1, min(MEAL_MAX - state.meal, state.silver) + 1)]
        if "SHOE" in offered and not state.shod:
            errands.append(Business(shoe=True))
        if "HIRE" in offered:
            errands.append(Business(hire=1))
        sales = range(1, min(LISTED_SALE, state.head) + 1)
        if "SELL" in offered:
            errands += [Business(sell=n) for n in sales]
        if "TRADE" in offered:
            errands += [Business(trade=n) for n in sales]
        out += [BusinessOnly(b) for b in errands]
    out.append(TurnForHome())
    return [a for a in out if refusal(state, a) is None]


def _or_list(items: tuple[str, ...] | list[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]

# -- the working copy of a day ----------------------------------------------------------------


class _Work(Drove):
    """The drove while one reply's rules run: a `Drove` open to writes, which becomes the reply's
    frozen `Drove` in place when the rules end (`apply` gives it the record's class, as BECALMED's
    `_OpenState` and DEADRECKONING's `_NextDuel` are closed): the numbers are copied in once and
    never copied back out.

    A subclass that adds no slots has the record's own layout, so the class can be changed; its
    `__setattr__` and `__delattr__` are object's again (the frozen record's raise), which also keeps
    each write a plain slot store. The reply's events and rulings travel beside it, as arguments:
    a slot of its own would break the layout."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    # The Drove's fields, open to writes (mypy reads a frozen record's fields as read-only);
    # tests/cattle_trail/test_rules_fast.py holds these to `fields(Drove)`.
    turn: int
    day: int
    mile: int
    head: int
    flesh: int
    meal: int
    silver: int
    wear: int
    spate: int
    shod: bool
    crew: tuple[str, ...]
    laid: tuple[str, ...]
    tape: int
    end: str | None

    def __init__(self, state: Drove) -> None:  # every field copied: nothing of the record's own __init__ is wanted
        self.turn = state.turn
        self.day = state.day
        self.mile = state.mile
        self.head = state.head
        self.flesh = state.flesh
        self.meal = state.meal
        self.silver = state.silver
        self.wear = state.wear
        self.spate = state.spate
        self.shod = state.shod
        self.crew = state.crew
        self.laid = state.laid
        self.tape = state.tape
        self.end = state.end


def _move(w: _Work, events: list[Any], rulings: Rulings, field: str, delta: int, why: str) -> None:
    """Change a number and clamp it to its range at once ("after every change"): `moved`."""
    change = moved(field, getattr(w, field), delta, why, rulings.bag_caps_every_change)
    setattr(w, field, change.after)
    events.append(change)


@cache  # the few crews a drove can have
def hands_in(crew: tuple[str, ...]) -> tuple[str, ...]:
    """The hands on their feet in a crew, in crew order (as `Drove.hands`)."""
    return tuple(c for c in crew if c not in (YOU, DOG))


@cache  # the few crews a drove can have, and each name in them
def crew_less(crew: tuple[str, ...], name: str) -> tuple[str, ...]:
    """The crew with one of them gone (a hand laid up, Bran run off home)."""
    return tuple(c for c in crew if c != name)


# The tops of the clamped ranges (WHAT YOU HAVE); HEAD and SILVER have none.
_CAPS: dict[str, int] = {"flesh": FLESH_MAX, "meal": MEAL_MAX, "wear": WEAR_MAX, "spate": SPATE_MAX}
_CAPS_NO_BAG: dict[str, int] = {"flesh": FLESH_MAX, "wear": WEAR_MAX, "spate": SPATE_MAX}  # Q8's rival


@lru_cache(maxsize=1 << 16)  # several a day; the record shared, like shared.py's
def moved(field: str, before: int, delta: int, why: str, bag_capped: bool = True) -> Moved:
    """A number changed and clamped to its range at once ("after every change"), as its Moved
    record: every number is at least 0; FLESH, MEAL (`bag_capped`: the ruled reading of Q8), WEAR
    and SPATE have a top."""
    after = max(0, before + delta)
    top = (_CAPS if bag_capped else _CAPS_NO_BAG).get(field)
    return Moved(field, before, after if top is None else min(top, after), delta, why)


@cache  # at most 3 skies x 2 x 6 WEAR x 4 SPATE x 13 MEAL x 2 readings
def sky_and_meal(day_sky: str, roof: bool, wear: int, spate: int, meal: int, bag_capped: bool) -> tuple[int, int, int, tuple[Moved, ...]]:
    """THE DAY's steps 5 (sky) and 6 (eat), which every day runs, from the numbers they read:
    (WEAR, SPATE, MEAL after them, and their Moved records in order)."""
    changes: list[Moved] = []

    def move(field: str, before: int, delta: int, why: str) -> int:
        changes.append(moved(field, before, delta, why, bag_capped))
        return changes[-1].after

    # 5) sky
    if day_sky == "STORM":
        if not roof:  # "a STORM does not touch you" under a ROOF: its WEAR +1 is stopped (ruling 18)
            wear = move("wear", wear, +1, "STORM")
        spate = move("spate", spate, +1, "STORM")
    elif day_sky == "RAIN":
        spate = move("spate", spate, +1, "RAIN")
    else:
        spate = move("spate", spate, -1, "FAIR")
    # 6) eat
    if meal > 0:
        meal = move("meal", meal, -1, "eaten")
    else:
        wear = move("wear", wear, +1, "no meal to eat")
    return wear, spate, meal, tuple(changes)


# -- the morning's business -------------------------------------------------------------------


def _business(w: _Work, events: list[Any], rulings: Rulings, b: Business) -> tuple[bool, bool]:
    """STORES, in the order money comes in and then goes out: SELL, TRADE, SHOE, HIRE, ROOF and
    PARK, MEAL (ruling 7). Returns whether ROOF and PARK were bought for this day's REST."""
    if b.sell:
        events.append(Sold(b.sell, SELL_PRICE * b.sell))
        _move(w, events, rulings, "head", -b.sell, "SELL")
        _move(w, events, rulings, "silver", SELL_PRICE * b.sell, "SELL")
    if b.trade:
        # TRADE n: SELL n, then MEAL 3n as far as the bag goes; silver not spent is kept.
        events.append(Sold(b.trade, SELL_PRICE * b.trade, trade=True))
        _move(w, events, rulings, "head", -b.trade, "TRADE")
        _move(w, events, rulings, "silver", SELL_PRICE * b.trade, "TRADE")
        _buy_meal(w, events, rulings, TRADE_MEAL_PER_HEAD * b.trade, trade=True)
    if b.shoe:
        price = per_ten(w.head)
        if w.shod:
            events.append(Refused("SHOE", "The herd is already shod; SHOE is once."))
        elif w.silver < price:
            events.append(Refused("SHOE", f"No credit: shoeing {w.head} head is {price} silver and you have {w.silver}."))
        else:
            events.append(Shod(price))
            _move(w, events, rulings, "silver", -price, "SHOE")
            w.shod = True
    for _ in range(b.hire):
        hands = hands_in(w.crew)
        left = [h for h in HIRES if h not in w.crew and h not in w.laid]
        if len(hands) >= MAX_HANDS:
            events.append(Refused("HIRE", f"At most two hands on their feet, and {' and '.join(hands)} are on theirs; no charge."))
        elif not left:
            events.append(Refused("HIRE", "Hector and Morag are both hired; there is no one else to hire; no charge."))
        elif w.silver < HIRE_PRICE:
            events.append(Refused("HIRE", f"No credit: a hand is {HIRE_PRICE} silver and you have {w.silver}."))
        else:
            events.append(Hired(left[0], HIRE_PRICE))
            _move(w, events, rulings, "silver", -HIRE_PRICE, "HIRE")
            w.crew = (*w.crew, left[0])
    lodged = _lodging(w, events, rulings, b.roof, b.park)
    if b.meal:
        _buy_meal(w, events, rulings, b.meal)
    return lodged


NO_LODGING = (False, False)  # a day with no ROOF or PARK bought: (roof, park)


def _lodging(w: _Work, events: list[Any], rulings: Rulings, roof: bool, park: bool) -> tuple[bool, bool]:
    """ROOF 2, PARK 3, both 5. "A ROOF or PARK refused leaves a plain REST; with silver for one,
    ROOF." """
    silver = w.silver
    if roof and park:
        if silver >= ROOF_AND_PARK_PRICE:
            got = (True, True, ROOF_AND_PARK_PRICE)
        elif silver >= ROOF_PRICE:
            events.append(Refused("PARK", f"No credit: ROOF and PARK are {ROOF_AND_PARK_PRICE} silver and you have {silver}; with silver for one, ROOF."))
            got = (True, False, ROOF_PRICE)
        else:
            events.append(Refused("ROOF and PARK", f"No credit: a ROOF is {ROOF_PRICE} silver and you have {silver}; a plain REST."))
            return NO_LODGING
    elif roof:
        if silver < ROOF_PRICE:
            events.append(Refused("ROOF", f"No credit: a ROOF is {ROOF_PRICE} silver and you have {silver}; a plain REST."))
            return NO_LODGING
        got = (True, False, ROOF_PRICE)
    elif park:
        if silver < PARK_PRICE:
            events.append(Refused("PARK", f"No credit: the PARK is {PARK_PRICE} silver and you have {silver}; a plain REST."))
            return NO_LODGING
        got = (False, True, PARK_PRICE)
    else:
        return NO_LODGING
    events.append(Lodged(got[0], got[1], got[2]))
    _move(w, events, rulings, "silver", -got[2], "ROOF and PARK" if got[0] and got[1] else "ROOF" if got[0] else "PARK")
    return got[0], got[1]


def _buy_meal(w: _Work, events: list[Any], rulings: Rulings, asked: int, trade: bool = False) -> None:
    """MEAL at 1 silver each, as far as the bag and silver go."""
    room = max(0, MEAL_MAX - w.meal)
    got = min(asked, room, w.silver // MEAL_PRICE)
    limit = "" if got == asked else "bag" if room <= w.silver // MEAL_PRICE else "silver"
    events.append(Bought(asked, got, got * MEAL_PRICE, trade=trade, limit=limit))
    if got:
        _move(w, events, rulings, "silver", -got * MEAL_PRICE, "TRADE" if trade else "MEAL")
        _move(w, events, rulings, "meal", got, "TRADE" if trade else "MEAL")


# -- THE DAY ------------------------------------------------------------------------------------


def _drove_line(w: _Work, events: list[Any], rulings: Rulings, read: Banded, line: Line) -> Line:
    """A `by_drove` line as the drove meets it: the low road's when SHOD, the strath's BAD while
    Bran is with the drove (he runs off home first); else the table's own `line`."""
    if read.table == "lowroad":
        return SHOD_LOWROAD[read.band] if w.shod else line
    if DOG not in w.crew:
        return line
    events.append(BranRanOff())
    w.crew = crew_less(w.crew, DOG)
    if not rulings.bran_bad_same_day:
        return Line((), "Bran runs off home")
    return Line((("head", -2),), "Bran runs off home; with no dog")


@cache  # 20 values x the few shifts and tables: each day's arithmetic worked out once
def band_read(raw: int, shift: int, shift_why: str, table: str) -> Banded:
    """The day's value with its shift, clamped 1–20, and its band on `table`, as its Banded record."""
    adjusted = clamp_value(raw + shift)
    return shared.banded(raw, shift, shift_why, adjusted, band(adjusted), table)


@cache  # a band and a table line's words: a few dozen
def line_why(band_name: str, words: str) -> str:
    """Why a table line moves a number, as its Moved record says: "BAD: a fall", "HARD"."""
    return band_name + (f": {words}" if words else "")


@cache  # the tables' bands: a few dozen
def table_line(table: str, band_name: str) -> tuple[Line, str]:
    """A table's line for a band as the card prints it (FAIR does nothing) and its `line_why`."""
    line = NOTHING if band_name == "FAIR" else TABLES[table][band_name]
    return line, line_why(band_name, line.words)


def _band_and_table(w: _Work, events: list[Any], rulings: Rulings, read: Banded, lined: tuple[Line, str], pending: dict[str, int] | None = None) -> None:
    """The day's value banded on its table (`read`), and the table's line (`lined`: the line and
    its why, `table_line`) moving the drove's numbers."""
    events.append(read)
    line, why = lined
    if line.by_drove:
        line = _drove_line(w, events, rulings, read, line)
        why = line_why(read.band, line.words)
    if pending:  # the rival reading of Q13: pace and band netted, then clamped once
        net = dict(pending)
        for field, delta in line.effects:
            net[field] = net.get(field, 0) + delta
        for field, delta in net.items():
            _move(w, events, rulings, field, delta, why if field not in pending else f"pace and band, netted ({why})")
        return
    capped = rulings.bag_caps_every_change
    for field, delta in line.effects:  # `_move`, written out: most days' one or two numbers
        change = moved(field, getattr(w, field), delta, why, capped)
        setattr(w, field, change.after)
        events.append(change)


@cache  # 3 paces x the miles a march starts from (and the toll's two ways of counting)
def route(pace: str, start: int, count_from: int) -> Marched:
    """Where a march at `pace` from `start` stops: the pace's miles counted from `count_from`, or
    the next landmark first (cut); on the leg `start` lies on. As its Marched record."""
    stop_at, _ = next_landmark(start)
    miles = PACES[pace][0]
    stop = min(count_from + miles, stop_at)
    return shared.marched(pace, start, stop, leg_at(start), stop < count_from + miles)


@cache  # 3 paces x FLESH 0-6 x WEAR 0-5
def pace_toll(pace: str, flesh: int, wear: int) -> tuple[int, int, tuple[Moved, ...]]:
    """What the pace itself does to the drove (PACE: EASY FLESH +1, PUSH FLESH -1 and WEAR +1):
    FLESH and WEAR after it, and their records in order."""
    _, _, flesh_delta, wear_delta = PACES[pace]
    changes = []
    if flesh_delta:
        changes.append(moved("flesh", flesh, flesh_delta, pace))
        flesh = changes[-1].after
    if wear_delta:
        changes.append(moved("wear", wear, wear_delta, pace))
        wear = changes[-1].after
    return flesh, wear, tuple(changes)


@cache  # 3 paces x the miles a march starts from x 20 values (and the toll's two ways of counting)
def march_read(pace: str, start: int, count_from: int, raw: int) -> tuple[Marched, Banded, tuple[Line, str]]:
    """What a march reads off the road alone: where it stops (`route`), the day's value with the
    pace's shift banded on the leg's table (`band_read`), and that table's line with its why
    (`table_line`)."""
    marched = route(pace, start, count_from)
    read = band_read(raw, PACES[pace][1], pace, marched.leg)
    return marched, read, table_line(marched.leg, read.band)


def _march(w: _Work, events: list[Any], rulings: Rulings, pace: str, raw: int, count_from: int) -> None:
    """A march at `pace` from where the drove stands, its miles counted from `count_from`."""
    marched, read, lined = march_read(pace, w.mile, count_from, raw)
    events.append(marched)
    w.mile = marched.stop
    pending: dict[str, int] | None = None
    if rulings.pace_then_band:  # Q13, ruled: the pace's FLESH and WEAR land (clamped) before the band
        w.flesh, w.wear, paced = pace_toll(pace, w.flesh, w.wear)
        events += paced
    else:
        _, _, flesh, wear = PACES[pace]
        pending = {field: delta for field, delta in (("flesh", flesh), ("wear", wear)) if delta}
    if marched.cut and not rulings.band_on_cut_march:
        for field, delta in pending.items() if pending else ():  # Q13's rival: the pace's numbers still land
            _move(w, events, rulings, field, delta, pace)
        return
    _band_and_table(w, events, rulings, read, lined, pending)


@cache  # the miles a drove rests at x ROOF, PARK x FLESH 0-6 x WEAR 0-5
def rest_day(mile: int, roof: bool, park: bool, flesh: int, wear: int) -> tuple[int, int, tuple[Any, ...]]:
    """A REST's work (THE DAY, step 4) from the numbers it reads: FLESH +1 (+2 with PARK), WEAR -1
    (-2 under a ROOF). Returns FLESH and WEAR after it and its records, in order."""
    fed = moved("flesh", flesh, 2 if park else 1, "PARK" if park else REST)
    eased = moved("wear", wear, -2 if roof else -1, "ROOF" if roof else REST)
    return fed.after, eased.after, (shared.rested(mile, roof, park), fed, eased)


def _rest(w: _Work, events: list[Any], roof: bool, park: bool) -> None:
    w.flesh, w.wear, done = rest_day(w.mile, roof, park, w.flesh, w.wear)
    events += done


def _crossing(w: _Work, events: list[Any], rulings: Rulings, order: str, raw: int) -> None:
    """A boat over the kyle, or FORD at the ford or the bridge. Called before step 4 has moved
    anything, so `w.spate` is SPATE as the Ledger stood at dawn."""
    mile = w.mile
    if order in BOATS:
        price, shift = BOATS[order]
        events.append(shared.paid(order, price))
        _move(w, events, rulings, "silver", -price, order)
        events.append(shared.crossed(order, "kyle", mile, FAR_SIDE[mile]))
        w.mile = FAR_SIDE[mile]
        read = band_read(raw, shift, order, "kyle")
        _band_and_table(w, events, rulings, read, table_line("kyle", read.band))
        return
    # FORD, at the ford or the bridge: −3 per SPATE as the Ledger stood at dawn (−2 more at the bridge).
    dawn_spate = w.spate
    at_bridge = mile == 118
    shift = FORD_SHIFT_PER_SPATE * dawn_spate + (BRIDGE_FORD_SHIFT if at_bridge else 0)
    why = f"FORD: SPATE {dawn_spate} at dawn × −3" + (", and −2 at the bridge" if at_bridge else "")
    events.append(shared.crossed("FORD", "bridge" if at_bridge else "ford", mile, FAR_SIDE[mile]))
    w.mile = FAR_SIDE[mile]
    read = band_read(raw, shift, why, "ford")
    _band_and_table(w, events, rulings, read, table_line("ford", read.band))


def _day(w: _Work, events: list[Any], rulings: Rulings, tape: tuple[int, ...], order: DayOrder, lodged: tuple[bool, bool]) -> None:
    """THE DAY, steps 2–9 (step 1, the business, is done by the caller; `lodged`: the ROOF and
    PARK it bought for a REST). A crossing reads SPATE and HEAD "as the Ledger stood at dawn":
    nothing before step 4 moves them (THE DAY's business never moves SPATE or HEAD at a crossing)."""
    roof, park = lodged
    n = w.day
    raw = tape[n - 1]  # 3) read value n; one value a day, never a second
    w.tape = n
    read = day_read(n, raw)
    day_sky = read.sky
    events.append(read)

    # 4) the work
    kind = order.order
    if kind == REST:
        _rest(w, events, roof, park)
    elif kind in PACES:
        _march(w, events, rulings, kind, raw, w.mile)
    elif kind == "TOLL":
        price = per_ten(w.head)  # HEAD at dawn
        events.append(shared.paid("TOLL", price))
        _move(w, events, rulings, "silver", -price, "TOLL")
        events.append(shared.crossed("TOLL", "bridge", 118, 119))
        w.mile = 119
        if order.toll_pace == REST or order.toll_pace is None:
            _rest(w, events, roof, park)
        else:
            _march(w, events, rulings, order.toll_pace, raw, 119 if rulings.toll_march_from_119 else 118)
    else:
        _crossing(w, events, rulings, kind, raw)  # SPATE at dawn

    # 5) sky and 6) eat
    w.wear, w.spate, w.meal, changes = sky_and_meal(day_sky, roof, w.wear, w.spate, w.meal, rulings.bag_caps_every_change)
    events += changes

    w.day = n + 1  # the Ledger now shows the next morning ("after day n, day:n+1 tape:n")

    # 7) the party
    if w.wear >= WEAR_MAX:
        hands = hands_in(w.crew)
        if hands:
            first = hands[0]
            w.crew = crew_less(w.crew, first)
            w.laid = (*w.laid, first)
            events.append(shared.laid_up(first))
            _move(w, events, rulings, "wear", 3 - w.wear, "a hand laid up")
        else:
            _end(w, events, "laid-up")
            return

    # 8) strays: a herd of more than 20 head for each on their feet is short of crew (the same as
    # crew_needed(head) > on_feet and head > 0, with no division on the days it is not)
    on_feet = len(w.crew)
    if w.head > 20 * on_feet:
        need = crew_needed(w.head)
        events.append(shared.strayed(need - on_feet, need, on_feet))
        _move(w, events, rulings, "head", on_feet - need, "strays")

    # 9) the tryst and the ends
    if w.head == 0:
        _end(w, events, "scattered")
    elif w.mile == TRYST_MILE and n >= LAST_DAY:
        _end(w, events, "sold")
    elif n >= FINAL_DAY:
        _end(w, events, "missed")


def _end(w: _Work, events: list[Any], end: str) -> None:
    w.end = end
    events.append(shared.ended(end, score(w)))


def apply(
    state: Drove,
    action: Action,
    tape: tuple[int, ...],
    rulings: Rulings = RULED,
    *,
    checked: bool = True,
    events: bool = True,
) -> tuple[Drove, tuple[Any, ...]]:
    """Run one action by the card. Raises GameError (with the reason) if it is not allowed here.
    (`checked=False` skips that check, for a search that only ever builds legal actions;
    `events=False` returns no events, for a search that reads only the state: the same rules run
    and the same state comes back.)"""
    why = refusal(state, action) if checked else None
    if why is not None:
        raise GameError(why)
    w = _Work(state)
    happened: list[Any] = []
    if isinstance(action, DayOrder):
        # most orders share NO_BUSINESS; an empty Business of its own does nothing in `_business` either
        lodged = NO_LODGING if action.business is NO_BUSINESS else _business(w, happened, rulings, action.business)
        _day(w, happened, rulings, tape, action, lodged)
        if w.mile == TRYST_MILE:
            _tryst(w, happened, rulings, tape)
    elif isinstance(action, TurnForHome):
        _end(w, happened, "turned-home")
    else:  # BusinessOnly (`refusal` passes nothing else): done at once, no value read
        _business(w, happened, rulings, action.business)
    after: Drove = w
    after.__class__ = Drove  # the working copy closed into the reply's frozen Drove, in place
    return after, tuple(happened) if events else ()


def _tryst(w: _Work, events: list[Any], rulings: Rulings, tape: tuple[int, ...]) -> None:
    """Reach the tryst sooner: each day until day 20 is a REST there, in the same reply."""
    while w.end is None and w.mile == TRYST_MILE:
        if not rulings.tryst_days_read:
            w.day = LAST_DAY  # the rival reading: the days pass, nothing read or moved
            events.append(TrystRest(LAST_DAY))
            w.day = LAST_DAY + 1
            _end(w, events, "sold")
            break
        events.append(TrystRest(w.day))
        _day(w, events, rulings, tape, DayOrder(REST), NO_LODGING)
