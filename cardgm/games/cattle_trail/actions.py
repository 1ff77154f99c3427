"""What a DROVER'S AUTUMN message can order: the contract between reader.py and rules.py.

The reader turns words into these; the rules apply them. Neither side adds fields without the
other knowing. Landmarks are here too because both sides must agree where the drove stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Pace = Literal["EASY", "STEADY", "PUSH", "REST"]
# What the day's order can be: a pace, or a crossing's own order at the Kyle, the ford, the bridge.
OrderName = Literal["EASY", "STEADY", "PUSH", "REST", "ONE BOAT", "TWO BOATS", "FORD", "TOLL"]

PlaceKind = Literal["township", "kyle", "ford", "bridge", "store", "tryst", "leg"]

# mile -> (name, kind); THE ROAD's numbered places. Far banks (13, 58, 119) are not landmarks.
LANDMARKS: dict[int, tuple[str, PlaceKind]] = {
    0: ("the township", "township"),
    12: ("the Kyle", "kyle"),
    33: ("the inn", "store"),
    57: ("the ford", "ford"),
    90: ("the Smiddy", "store"),
    118: ("the bridge", "bridge"),
    143: ("the town", "store"),
    179: ("the tryst ground", "tryst"),
}


def place_kind(mile: int) -> PlaceKind:
    """What stands at this mile: a landmark's kind, or "leg" between them."""
    return LANDMARKS[mile][1] if mile in LANDMARKS else "leg"


@dataclass(frozen=True, slots=True)  # built for every order a search tries
class Business:
    """A morning's errands at a store (STORES). Zero/False means not asked for."""

    meal: int = 0  # MEAL n
    roof: bool = False  # ROOF (as that day's REST)
    shoe: bool = False  # SHOE (Smiddy)
    hire: int = 0  # HIRE (count of HIRE asked: 1, rarely 2)
    sell: int = 0  # SELL n beasts
    trade: int = 0  # TRADE n
    park: bool = False  # PARK (Town, as that day's REST)

    def __bool__(self) -> bool:
        return bool(self.meal or self.roof or self.shoe or self.hire or self.sell or self.trade or self.park)


NO_BUSINESS = Business()  # every order without errands shares it: the rules ask `is`, not `bool()`


@dataclass(frozen=True, slots=True)  # built for every order a search tries
class DayOrder:
    """One day's order: business first (if any), then the order, which reads value n.

    `order` is the pace or crossing order. `toll_pace` is the pace named with TOLL at the
    bridge (EASY/STEADY/PUSH, or REST to stay at 119)."""

    order: str  # an OrderName: the reader and the searches build it from the words and tables
    business: Business = NO_BUSINESS
    toll_pace: str | None = None  # a Pace


@dataclass(frozen=True, slots=True)
class BusinessOnly:
    """Business confirmed on its own: done at once; no value read, no day used."""

    business: Business


@dataclass(frozen=True, slots=True)
class TurnForHome:
    """"turn for home", confirmed: end:turned-home."""


Action = DayOrder | BusinessOnly | TurnForHome
