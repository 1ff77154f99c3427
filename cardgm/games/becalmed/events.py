"""What BECALMED's rules did, as small frozen records in order (the voice reads them, the audit
explains a LEDGER from them)."""

from __future__ import annotations

from dataclasses import dataclass

from cardgm.game import Event


@dataclass(frozen=True, slots=True)
class Poured(Event):
    called: str
    issue: str
    measures: int
    water: int  # what is left in the breaker


@dataclass(frozen=True, slots=True)
class CallsTaken(Event):
    canvas: str
    hands: str


@dataclass(frozen=True, slots=True)
class Westing(Event):
    parts: tuple[tuple[str, int], ...]  # ("set", 1), ("sail", 3), ("hard weather", 5), ("oars", 1)
    gain: int
    westing: int
    in_lane: bool


@dataclass(frozen=True, slots=True)
class CarriedAway(Event):
    canvas: str  # SAIL or AWNING


@dataclass(frozen=True, slots=True)
class SeaRead(Event):
    position: int
    value: int
    name: str


@dataclass(frozen=True, slots=True)
class Water(Event):
    item: str  # spoiled, rain-catch, dew, flotsam, turtle, fish, bled
    amount: int  # signed, as it actually moved the breaker
    water: int


@dataclass(frozen=True, slots=True)
class Flag(Event):
    flag: str
    action: str  # set, stands, closed, counted, cleared


@dataclass(frozen=True, slots=True)
class Torn(Event):
    """Today's fish, torn off the line by the sharks."""


@dataclass(frozen=True, slots=True)
class Birds(Event):
    westing: int


@dataclass(frozen=True, slots=True)
class Asked(Event):
    question: str  # turtle or signal
    value: int


@dataclass(frozen=True, slots=True)
class TurtleCall(Event):
    take: bool


@dataclass(frozen=True, slots=True)
class Ship(Event):
    value: int
    in_lane: bool
    burnt: int
    answered: bool
    lacked: bool  # too few flares to answer her: no question was asked


@dataclass(frozen=True, slots=True)
class Thirst(Event):
    before: int
    parts: tuple[tuple[str, int], ...]
    after: int


@dataclass(frozen=True, slots=True)
class Salt(Event):
    soul: str
    to: str  # s1 or x


@dataclass(frozen=True, slots=True)
class GoesDown(Event):
    soul: str


@dataclass(frozen=True, slots=True)
class Dies(Event):
    soul: str


@dataclass(frozen=True, slots=True)
class OverSide(Event):
    soul: str
    lost: bool  # SHARKS stood: he does not come back


@dataclass(frozen=True, slots=True)
class Raised(Event):
    soul: str


@dataclass(frozen=True, slots=True)
class Mended(Event):
    pass


@dataclass(frozen=True, slots=True)
class Ended(Event):
    end: str


@dataclass(frozen=True, slots=True)
class Dawn(Event):
    day: int
    position: int
    value: int
    name: str


@dataclass(frozen=True, slots=True)
class GivenOver(Event):
    pass


@dataclass(frozen=True, slots=True)
class LimitSet(Event):
    deaths_plain: bool | None
    stop_day: int | None
