"""DROVER'S AUTUMN: the drove between days, as the LEDGER shows it.

A `Drove` is always a morning (or the dusk an end fired at): `day` is the day whose order is
awaited, `tape` the values read so far. Between days `tape == day - 1` (ONE VALUE A DAY; "after
day n, day:n+1 tape:n").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from cardgm.games.cattle_trail.actions import LANDMARKS

# WHAT YOU HAVE: the ranges that "Clamp to each range after every change" keeps.
FLESH_MAX = 6
MEAL_MAX = 12  # "the bag holds 12"
WEAR_MAX = 5
SPATE_MAX = 3
HEAD_START = 60
LAST_DAY = 20  # the buyers want the herd by day 20
FINAL_DAY = 21  # "day 21 still sells, one FLESH down"
TRYST_MILE = 179

YOU = "you"
DOG = "Bran"
HANDS = ("Ewan", "Calum")  # the township's two hands, in crew order
HIRES = ("Hector", "Morag")  # "HIRE … Hector, then Morag"
MAX_HANDS = 2  # "at most two hands on their feet"

# THE ROAD's legs: (first mile, last mile, Ledger token). A march from mile m walks the leg with
# first <= m < last; far banks (13, 58, 119) start their legs.
LEGS: tuple[tuple[int, int, str], ...] = (
    (0, 12, "island"),
    (13, 33, "shore"),
    (33, 57, "glen"),
    (58, 90, "pass"),
    (90, 118, "moss"),
    (119, 143, "strath"),
    (143, 179, "lowroad"),
)

# The Ledger's @place for each landmark: "township at 0; kyle, ford, bridge only at 12, 57, 118;
# a store or the tryst at its mile".
PLACE_TOKENS = {0: "township", 12: "kyle", 33: "inn", 57: "ford", 90: "smiddy", 118: "bridge", 143: "town", 179: "tryst"}


@cache  # a march asks this every day; the road never changes
def leg_at(mile: int) -> str:
    """The leg a march from `mile` walks (the Ledger's token: island, shore, glen, …)."""
    for first, last, token in LEGS:
        if first <= mile < last:
            return token
    raise ValueError(f"no leg starts a march from mile {mile}")


def place_token(mile: int) -> str:
    """The Ledger's @place: a landmark's token, else the leg the mile lies on."""
    if mile in PLACE_TOKENS:
        return PLACE_TOKENS[mile]
    for first, last, token in LEGS:
        if first <= mile < last:
            return token
    raise ValueError(f"mile {mile} is off the road (0–{TRYST_MILE})")


@dataclass(frozen=True, slots=True)  # built every day, hundreds of thousands of times in a search
class Drove:
    """The drove on a morning (or at the dusk an end fired). Field names are the Ledger's."""

    turn: int = 1
    day: int = 1
    mile: int = 0
    head: int = HEAD_START
    flesh: int = 6
    meal: int = 8
    silver: int = 20
    wear: int = 0
    spate: int = 1
    shod: bool = False
    # Those on their feet, in Ledger order: you first, then the hands, Bran, and hires at the end.
    crew: tuple[str, ...] = (YOU, *HANDS, DOG)
    laid: tuple[str, ...] = ()  # hands taken in at a farm to mend, in the order laid up
    tape: int = 0  # values read
    end: str | None = None  # sold, missed, laid-up, scattered, turned-home

    @property
    def ended(self) -> bool:
        return self.end is not None

    @property
    def bran(self) -> bool:
        """Is the dog with the drove."""
        return DOG in self.crew

    @property
    def hands(self) -> tuple[str, ...]:
        """The hands on their feet, in crew order (the first is the first laid up)."""
        return tuple(c for c in self.crew if c not in (YOU, DOG))

    @property
    def hired(self) -> tuple[str, ...]:
        """Names hired so far, on their feet or laid up, in hiring order."""
        return tuple(h for h in HIRES if h in self.crew or h in self.laid)

    @property
    def place(self) -> str:
        """The Ledger's @place token."""
        return place_token(self.mile)

    @property
    def landmark(self) -> str | None:
        """The landmark's name if the drove stands on one ("the Kyle"), else None."""
        return LANDMARKS[self.mile][0] if self.mile in LANDMARKS else None
