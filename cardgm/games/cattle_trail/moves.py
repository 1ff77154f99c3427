"""DROVER'S AUTUMN's moves as structured data: what a program can play each morning, in words the
reader takes back, and as JSON.

- `legal(game, state)`: the day's orders (`rules.legal_orders`; TOLL once per pace), a REST
  under a ROOF, a PARK or both where the store has them and the purse holds them, each errand the
  morning's store allows on its own (MEAL n, SHOE, HIRE, SELL n, TRADE n: done at once, no day
  used), and "turn for home".
- `say(action)`: the words a player types; `reader.read` reads them back as exactly that move.
  An errand on its own and "turn for home" are read as a confirm line ("…? (yes/no)"), as ORDERS
  rule 4 asks; a bare "yes" then runs that very move.
- `to_json` / `from_json` / `schema()`: one flat JSON object per move, e.g.
  `{"move": "order", "order": "TOLL", "pace": "EASY"}`, `{"move": "business", "meal": 5}`.
- `universe(game)`: every move `legal` can list on any morning (46), fixed, for a `Discrete` space.

The bound. `legal` lists each morning's business one errand at a time, so that the list stays
short while every outcome of a morning stays reachable: the rules run a morning's errands in a
fixed order (SELL, TRADE, SHOE, HIRE, ROOF/PARK, MEAL), and the same errands given one by one in
that order, each with the count the combined order would have bought, leave the drove exactly
where the combined order leaves it. It leaves out what the rules would refuse or what changes
nothing (a HIRE past two hands on their feet or with no one left to hire, a SHOE on a shod herd
or without its silver, MEAL past the bag's room or the purse, a ROOF or PARK without its
silver), and bounds the counts: MEAL 1-12 (the bag holds 12), TRADE 1-4 (3 meal a beast fills
the bag at 4), SELL 1-13 (39 silver: more than a morning and the toll ahead can spend from an
empty purse: MEAL 12, SHOE 6, HIRE 8, ROOF and PARK 5, the toll 6); HIRE is one hand at a time.
`from_json` and the schema take the same counts, and an order that carries business with it
("MEAL 5, STEADY"), as the reader does.

>>> say(from_json({"move": "order", "order": "TOLL", "pace": "PUSH"}))
'TOLL, PUSH'
>>> say(from_json({"move": "business", "sell": 3}))
'SELL 3 beasts'
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from . import rules
from .actions import Business, BusinessOnly, DayOrder, TurnForHome
from .state import HIRES, MAX_HANDS, MEAL_MAX, Drove

Action = DayOrder | BusinessOnly | TurnForHome

ORDERS: tuple[str, ...] = ("EASY", "STEADY", "PUSH", "REST", "ONE BOAT", "TWO BOATS", "FORD", "TOLL")
TOLL_PACES: tuple[str, ...] = ("EASY", "STEADY", "PUSH", "REST")
MEAL_COUNTS = range(1, MEAL_MAX + 1)
TRADE_COUNTS = range(1, MEAL_MAX // rules.TRADE_MEAL_PER_HEAD + 1)
SELL_COUNTS = range(1, 14)
HIRE_COUNTS = range(1, MAX_HANDS + 1)
_COUNTS = {"meal": MEAL_COUNTS, "sell": SELL_COUNTS, "trade": TRADE_COUNTS, "hire": HIRE_COUNTS}
_FLAGS = ("roof", "shoe", "park")
_BUSINESS = tuple(f.name for f in fields(Business))  # meal, roof, shoe, hire, sell, trade, park
HOME_WORDS = "turn for home"


def legal(game: Any, state: Drove) -> list[Action]:
    """Every legal move of this morning, bounded as the module says (none once the drove ends)."""
    if state.ended:
        return []
    out: list[Action] = []
    for order in rules.legal_orders(state):
        if order == "TOLL":
            out += [DayOrder("TOLL", toll_pace=pace) for pace in TOLL_PACES]
        else:
            out.append(DayOrder(order))
    offered = rules.legal_business(state)
    silver = state.silver
    if "ROOF" in offered and silver >= rules.ROOF_PRICE:
        out.append(DayOrder("REST", Business(roof=True)))
    if "PARK" in offered and silver >= rules.PARK_PRICE:
        out.append(DayOrder("REST", Business(park=True)))
    if "PARK" in offered and silver >= rules.ROOF_AND_PARK_PRICE:
        out.append(DayOrder("REST", Business(roof=True, park=True)))
    if "MEAL" in offered:
        room = min(MEAL_MAX - state.meal, silver // rules.MEAL_PRICE)
        out += [BusinessOnly(Business(meal=n)) for n in MEAL_COUNTS if n <= room]
    if "SHOE" in offered and not state.shod and silver >= rules.per_ten(state.head):
        out.append(BusinessOnly(Business(shoe=True)))
    if "HIRE" in offered and len(state.hands) < MAX_HANDS and len(state.hired) < len(HIRES) and silver >= rules.HIRE_PRICE:
        out.append(BusinessOnly(Business(hire=1)))
    if "SELL" in offered:
        out += [BusinessOnly(Business(sell=n)) for n in SELL_COUNTS if n <= state.head]
    if "TRADE" in offered:
        out += [BusinessOnly(Business(trade=n)) for n in TRADE_COUNTS if n <= state.head]
    out.append(TurnForHome())
    return out


# -- words -------------------------------------------------------------------------------------


def _errands(b: Business) -> list[str]:
    """The business as ORDERS reads it, in the order the rules run it."""
    out = []
    if b.sell:
        out.append(f"SELL {b.sell} {'beast' if b.sell == 1 else 'beasts'}")
    if b.trade:
        out.append(f"TRADE {b.trade}")
    if b.shoe:
        out.append("SHOE")
    if b.hire:
        out.append("HIRE" if b.hire == 1 else f"HIRE {b.hire}")
    if b.roof:
        out.append("ROOF")
    if b.park:
        out.append("PARK")
    if b.meal:
        out.append(f"MEAL {b.meal}")
    return out


def say(action: Action) -> str:
    """The words a player types for `action`: business first, then the order in capitals
    (ORDERS rule 2: capitals name an order, and business before it is passed over)."""
    if isinstance(action, TurnForHome):
        return HOME_WORDS
    if isinstance(action, BusinessOnly):
        return ", ".join(_errands(action.business))
    if isinstance(action, DayOrder):
        order = f"TOLL, {action.toll_pace}" if action.order == "TOLL" else action.order
        errands = _errands(action.business)
        return f"{', '.join(errands)}. {order}." if errands else order
    raise TypeError(f"not a DROVER'S AUTUMN move: {action!r}")


# -- JSON --------------------------------------------------------------------------------------


def _business_json(b: Business) -> dict[str, Any]:
    return {name: getattr(b, name) for name in _BUSINESS if getattr(b, name)}


def to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, TurnForHome):
        return {"move": HOME_WORDS}
    if isinstance(action, BusinessOnly):
        return {"move": "business", **_business_json(action.business)}
    if isinstance(action, DayOrder):
        out: dict[str, Any] = {"move": "order", "order": action.order}
        if action.toll_pace is not None:
            out["pace"] = action.toll_pace
        return {**out, **_business_json(action.business)}
    raise TypeError(f"not a DROVER'S AUTUMN move: {action!r}")


def _business_from(data: dict[str, Any]) -> Business:
    values: dict[str, Any] = {}
    for name in _BUSINESS:
        if name not in data:
            continue
        value = data[name]
        if name in _FLAGS:
            if not isinstance(value, bool):
                raise ValueError(f"'{name}' is true or false")
        elif isinstance(value, bool) or value not in _COUNTS[name]:
            top = _COUNTS[name]
            raise ValueError(f"'{name}' is a count from {top.start} to {top.stop - 1}; not {value!r}")
        values[name] = value
    return Business(**values)


def from_json(data: dict[str, Any]) -> Action:
    """The move a JSON object describes. Raises ValueError saying what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError("a move is a JSON object with a 'move' field")
    kind = data.get("move")
    if kind == HOME_WORDS:
        if set(data) != {"move"}:
            raise ValueError(f"a turn for home move has no field {', '.join(sorted(set(data) - {'move'}))}")
        return TurnForHome()
    allowed = {"move", *_BUSINESS} | ({"order", "pace"} if kind == "order" else set())
    extra = set(data) - allowed
    if extra:
        raise ValueError(f"a {kind} move has no field {', '.join(sorted(extra))}")
    business = _business_from(data)
    if kind == "business":
        if not business:
            raise ValueError("a business move names at least one errand: meal, roof, shoe, hire, sell, trade or park")
        return BusinessOnly(business)
    if kind == "order":
        order, pace = data.get("order"), data.get("pace")
        if order not in ORDERS:
            raise ValueError(f"'order' is one of {', '.join(ORDERS)}; not {order!r}")
        if order == "TOLL":
            if pace not in TOLL_PACES:
                raise ValueError(f"TOLL takes 'pace': one of {', '.join(TOLL_PACES)}")
        elif pace is not None:
            raise ValueError("only TOLL takes a 'pace'")
        return DayOrder(order, business, pace)
    raise ValueError(f"'move' is one of order, business, turn for home; not {kind!r}")


def schema() -> dict[str, Any]:
    """The JSON schema of a move: every order and pace by name, every errand's counts."""
    errands = {
        "meal": {"enum": list(MEAL_COUNTS), "description": "MEAL n: 1 silver each, as far as the bag (12) and silver go"},
        "roof": {"type": "boolean", "description": "ROOF, as that day's REST: 2 silver"},
        "shoe": {"type": "boolean", "description": "SHOE (the Smiddy): 1 silver per 10 head or part, once"},
        "hire": {"enum": list(HIRE_COUNTS), "description": "HIRE (the Smiddy, the town): 4 silver a hand"},
        "sell": {"enum": list(SELL_COUNTS), "description": "SELL n beasts (the Smiddy, the town): 3 silver a beast"},
        "trade": {"enum": list(TRADE_COUNTS), "description": "TRADE n: SELL n, then MEAL 3n as far as the bag goes"},
        "park": {"type": "boolean", "description": "PARK (the town), as that day's REST: 3 silver; ROOF and PARK 5"},
    }
    return {
        "title": "A DROVER'S AUTUMN move",
        "description": (
            "The day's order (a pace, or a crossing's own order; TOLL with the pace up the strath, "
            "or REST at 119), with any of the morning's business at a store; business alone (done "
            "at once, no day used); or turn for home (end:turned-home, score 0)."
        ),
        "oneOf": [
            {
                "type": "object",
                "properties": {
                    "move": {"const": "order"},
                    "order": {"enum": list(ORDERS)},
                    "pace": {"enum": list(TOLL_PACES), "description": "TOLL only: the pace up the strath, or REST at 119"},
                    **errands,
                },
                "required": ["move", "order"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"move": {"const": "business"}, **errands},
                "required": ["move"],
                "minProperties": 2,
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"move": {"const": HOME_WORDS}},
                "required": ["move"],
                "additionalProperties": False,
            },
        ],
    }


_UNIVERSE: tuple[Action, ...] = (
    *(DayOrder(o) for o in ORDERS if o != "TOLL"),
    *(DayOrder("TOLL", toll_pace=p) for p in TOLL_PACES),
    DayOrder("REST", Business(roof=True)),
    DayOrder("REST", Business(park=True)),
    DayOrder("REST", Business(roof=True, park=True)),
    *(BusinessOnly(Business(meal=n)) for n in MEAL_COUNTS),
    BusinessOnly(Business(shoe=True)),
    BusinessOnly(Business(hire=1)),
    *(BusinessOnly(Business(sell=n)) for n in SELL_COUNTS),
    *(BusinessOnly(Business(trade=n)) for n in TRADE_COUNTS),
    TurnForHome(),
)


def universe(game: Any) -> tuple[Action, ...]:
    """Every move `legal` can list, in a fixed order: 7 orders, TOLL with 4 paces, 3 lodgings, MEAL
    1-12, SHOE, HIRE, SELL 1-13, TRADE 1-4, turn for home."""
    return _UNIVERSE


# -- the structured observation (cardgm.env's obs="structured") --------------------------------------
# Each part: ("box", shape, high) of numbers from 0, ("discrete", n), or ("binary", n) flags.


def features(game: Any) -> dict[str, tuple[Any, ...]]:
    """The LEDGER's numbers (day, mile, head, flesh, meal, silver, wear, spate, tape, turn, those
    on their feet, hands laid up) and its flags (shod, Bran with the drove)."""
    return {"numbers": ("box", (12,), 10_000.0), "flags": ("binary", 2)}


def observe(game: Any, state: Drove) -> dict[str, Any]:
    return {
        "numbers": [
            state.day, state.mile, state.head, state.flesh, state.meal, state.silver, state.wear,
            state.spate, state.tape, state.turn, len(state.crew), len(state.laid),
        ],
        "flags": [int(state.shod), int(state.bran)],
    }


def progress(game: Any, state: Drove) -> float:
    """The miles walked toward the tryst at 179: the shaped reward's potential."""
    return min(1.0, state.mile / 179)
