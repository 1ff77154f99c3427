"""What the DROVER'S AUTUMN rules did, as small frozen records in order (the voice reads them)."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import TypeVar

from cardgm.game import Event

_E = TypeVar("_E")


def _quick(cls: type[_E]) -> type[_E]:
    """Give a frozen event record an `__init__` that fills its fields with one dict update.

    A frozen dataclass's own `__init__` sets each field through `object.__setattr__`, which is
    most of the cost of the half-dozen records a day builds (a third of a day in random play).
    The record is the same: the same fields, defaults, order, equality, hash and repr, and it stays
    frozen (assigning to a field still raises). Only records whose fields are plain values with
    plain defaults use it (tests/cattle_trail/test_rules_fast.py checks every one)."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}  # type: ignore[arg-type]
    params = ", ".join(f"{n}=_default_{n}" if n in defaults else n for n in names)
    body = ", ".join(f"{n}={n}" for n in names)
    src = f"def __init__(self, {params}):\n    self.__dict__.update({body})\n" if names else "def __init__(self):\n    pass\n"
    scope: dict[str, object] = {f"_default_{n}": v for n, v in defaults.items()}
    exec(src, scope)  # the way dataclasses builds its own __init__
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    return cls

# -- morning business ---------------------------------------------------------------------------


@_quick
@dataclass(frozen=True)
class Sold(Event):
    head: int  # beasts sold
    silver: int  # silver taken (3 a beast)
    trade: bool = False  # the SELL half of a TRADE


@_quick
@dataclass(frozen=True)
class Bought(Event):
    asked: int  # MEAL asked for
    got: int  # MEAL bought
    cost: int
    trade: bool = False  # the MEAL half of a TRADE
    limit: str = ""  # "bag" or "silver" when fewer were bought than asked


@_quick
@dataclass(frozen=True)
class Shod(Event):
    cost: int


@_quick
@dataclass(frozen=True)
class Hired(Event):
    name: str
    cost: int


@_quick
@dataclass(frozen=True)
class Lodged(Event):
    """ROOF and/or PARK paid for, as this day's REST."""

    roof: bool
    park: bool
    cost: int


@_quick
@dataclass(frozen=True)
class Refused(Event):
    """An errand the card does not allow here or now; nothing is charged for it."""

    errand: str
    reason: str


# -- the day ------------------------------------------------------------------------------------


@_quick
@dataclass(frozen=True)
class DayRead(Event):
    day: int
    raw: int
    sky: str  # STORM, RAIN, FAIR


@_quick
@dataclass(frozen=True)
class Paid(Event):
    """A crossing's price: ONE BOAT, TWO BOATS, TOLL."""

    what: str
    cost: int


@_quick
@dataclass(frozen=True)
class Marched(Event):
    pace: str
    start: int
    stop: int
    leg: str
    cut: bool  # stopped at a landmark short of the pace's miles


@_quick
@dataclass(frozen=True)
class Crossed(Event):
    order: str  # ONE BOAT, TWO BOATS, FORD, TOLL
    crossing: str  # kyle, ford, bridge
    start: int
    stop: int


@_quick
@dataclass(frozen=True)
class Rested(Event):
    mile: int
    roof: bool
    park: bool


@_quick
@dataclass(frozen=True)
class Banded(Event):
    """The day's arithmetic: raw + shift, clamped 1–20, and its band on a leg or crossing table."""

    raw: int
    shift: int
    shift_why: str
    adjusted: int
    band: str  # BAD, HARD, FAIR, GOOD
    table: str  # a leg token (island, shore, …) or a crossing (kyle, ford)


@_quick
@dataclass(frozen=True)
class Moved(Event):
    """A number that the card moved: before, after (clamped), the change asked, and why."""

    field: str
    before: int
    after: int
    delta: int
    why: str


@_quick
@dataclass(frozen=True)
class BranRanOff(Event):
    pass


@_quick
@dataclass(frozen=True)
class LaidUp(Event):
    name: str


@_quick
@dataclass(frozen=True)
class Strayed(Event):
    count: int
    need: int  # crew the herd needs: one per 20 head or part
    on_feet: int


@_quick
@dataclass(frozen=True)
class TrystRest(Event):
    """An early arrival's day at the tryst ground: a REST there (THE DAY step 9)."""

    day: int


@_quick
@dataclass(frozen=True)
class Ended(Event):
    end: str  # sold, missed, laid-up, scattered, turned-home
    score: int
