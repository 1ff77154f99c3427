"""What the DROVER'S AUTUMN rules did, as small frozen records in order (the voice reads them)."""

from __future__ import annotations

from dataclasses import dataclass

from cardgm.game import Event

# -- morning business ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sold(Event):
    head: int  # beasts sold
    silver: int  # silver taken (3 a beast)
    trade: bool = False  # the SELL half of a TRADE


@dataclass(frozen=True, slots=True)
class Bought(Event):
    asked: int  # MEAL asked for
    got: int  # MEAL bought
    cost: int
    trade: bool = False  # the MEAL half of a TRADE
    limit: str = ""  # "bag" or "silver" when fewer were bought than asked


@dataclass(frozen=True, slots=True)
class Shod(Event):
    cost: int


@dataclass(frozen=True, slots=True)
class Hired(Event):
    name: str
    cost: int


@dataclass(frozen=True, slots=True)
class Lodged(Event):
    """ROOF and/or PARK paid for, as this day's REST."""

    roof: bool
    park: bool
    cost: int


@dataclass(frozen=True, slots=True)
class Refused(Event):
    """An errand the card does not allow here or now; nothing is charged for it."""

    errand: str
    reason: str


# -- the day ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DayRead(Event):
    day: int
    raw: int
    sky: str  # STORM, RAIN, FAIR


@dataclass(frozen=True, slots=True)
class Paid(Event):
    """A crossing's price: ONE BOAT, TWO BOATS, TOLL."""

    what: str
    cost: int


@dataclass(frozen=True, slots=True)
class Marched(Event):
    pace: str
    start: int
    stop: int
    leg: str
    cut: bool  # stopped at a landmark short of the pace's miles


@dataclass(frozen=True, slots=True)
class Crossed(Event):
    order: str  # ONE BOAT, TWO BOATS, FORD, TOLL
    crossing: str  # kyle, ford, bridge
    start: int
    stop: int


@dataclass(frozen=True, slots=True)
class Rested(Event):
    mile: int
    roof: bool
    park: bool


@dataclass(frozen=True, slots=True)
class Banded(Event):
    """The day's arithmetic: raw + shift, clamped 1–20, and its band on a leg or crossing table."""

    raw: int
    shift: int
    shift_why: str
    adjusted: int
    band: str  # BAD, HARD, FAIR, GOOD
    table: str  # a leg token (island, shore, …) or a crossing (kyle, ford)


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A number that the card moved: before, after (clamped), the change asked, and why."""

    field: str
    before: int
    after: int
    delta: int
    why: str


@dataclass(frozen=True, slots=True)
class BranRanOff(Event):
    pass


@dataclass(frozen=True, slots=True)
class LaidUp(Event):
    name: str


@dataclass(frozen=True, slots=True)
class Strayed(Event):
    count: int
    need: int  # crew the herd needs: one per 20 head or part
    on_feet: int


@dataclass(frozen=True, slots=True)
class TrystRest(Event):
    """An early arrival's day at the tryst ground: a REST there (THE DAY step 9)."""

    day: int


@dataclass(frozen=True, slots=True)
class Ended(Event):
    end: str  # sold, missed, laid-up, scattered, turned-home
    score: int
