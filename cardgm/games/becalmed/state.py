"""BECALMED's state and the names the card uses for it.

Everything here is plain data: the boat as the LEDGER shows it, plus what the Run needs between
replies (the phase of the day, the day's calls while a dusk waits on the player, the stated
limits). Rules live in rules.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

DAYS = 14
BEACH = 30  # WESTING — 0 to 30 leagues. Thirty is the beach.
START_WATER = 26
MAX_THIRST = 7
START_FLARES = 2
LANE = (14, 24)  # both ends inside: "the lane ends at 24, so a ceiling of 94" (ruling 16)

# FIVE SOULS, in thirst's printed order: Pruett, Carrick, Ockle, Nance, you.
SOULS = ("P", "C", "O", "N", "Y")
NAMES = {"P": "Pruett", "C": "Carrick", "O": "Ockle", "N": "Nance", "Y": "you"}
NANCE = 3

# Crew suffixes, exactly as the LEDGER writes them.
UP, DOWN, S2, S1, DEAD = ".", "!", "s2", "s1", "x"
STATUSES = (UP, DOWN, S2, S1, DEAD)

Issue = Literal["FULL", "SHORT", "DRY"]
CanvasCall = Literal["SAIL", "AWNING", "DOWN"]
Hands = Literal["ROW", "FISH", "BAIL", "MEND", "WATCH"]
ISSUES: tuple[Issue, ...] = ("FULL", "SHORT", "DRY")
CANVAS_CALLS: tuple[CanvasCall, ...] = ("SAIL", "AWNING", "DOWN")
HANDS: tuple[Hands, ...] = ("ROW", "FISH", "BAIL", "MEND", "WATCH")
BUTCHER = "BUTCHER"  # not a call: the day's hands spent on yesterday's turtle
NO_HANDS = "NONE"  # not a call: nobody on his feet to work (ruling 27)

MEASURES = {"FULL": 4, "SHORT": 2, "DRY": 0}
RELIEF = {"FULL": 2, "SHORT": 1, "DRY": 0}

Canvas = Literal["sail", "awning", "down", "lost"]
CANVASES = ("sail", "awning", "down", "lost")

Phase = Literal["calls", "turtle", "signal", "over"]


@dataclass(frozen=True, slots=True)
class Today:
    """The day's calls, held while the dusk waits on the player's turtle or signal."""

    called: str  # the issue as called
    issue: str  # the issue as poured (a FULL falls to SHORT on a low breaker)
    measures: int  # what actually left the breaker at the call
    canvas: str  # SAIL, AWNING or DOWN (DOWN whenever the canvas is LOST)
    hands: str  # a HANDS call, BUTCHER or NONE


@dataclass(frozen=True, slots=True)
class State:
    turn: int = 1
    day: int = 1
    westing: int = 0
    water: int = START_WATER
    thirst: int = 0
    crew: tuple[str, ...] = (UP,) * 5
    canvas: str = "down"
    flares: int = START_FLARES
    tape: int = 1  # values read; the opening reads the day-one dawn
    seams: bool = False
    sharks: int = 0  # SHARKS-{n}; 0 means no flag
    butchering: bool = False
    in_lane: bool = False
    passed_ship: bool = False
    phase: str = "calls"
    today: Today | None = None
    end: str | None = None
    ship_answered: bool = False
    # Stated limits: options of the run, not of the card; never in the SAVE block (ruling 31).
    deaths_plain: bool = False
    stop_day: int | None = None

    # -- the crew, by the card's definitions ------------------------------------------------

    def on_feet(self) -> tuple[int, ...]:
        return on_feet(self.crew)

    def next_on_feet(self) -> int | None:
        """The next soul thirst takes: earliest in the printed order carrying `.`."""
        return next((i for i, c in enumerate(self.crew) if c == UP), None)

    def longest_down(self) -> int | None:
        """THE SOUL LONGEST DOWN: the soul earliest in the printed order carrying `!`."""
        return next((i for i, c in enumerate(self.crew) if c == DOWN), None)

    def souls(self) -> int:
        """A SOUL is alive and not salt-poisoned; s2 and s1 do not count."""
        return count_souls(self.crew)

    def living(self) -> tuple[int, ...]:
        return tuple(i for i, c in enumerate(self.crew) if c != DEAD)

    def flag_list(self) -> list[str]:
        """FLAGS in the card's own listing order."""
        out = []
        if self.seams:
            out.append("SEAMS")
        if self.sharks > 0:
            out.append(f"SHARKS-{self.sharks}")
        if self.butchering:
            out.append("BUTCHERING")
        if self.in_lane:
            out.append("IN-THE-LANE")
        if self.passed_ship:
            out.append("PASSED-A-SHIP")
        return out


@cache  # asked many times a morning (every call's legality); at most 5**5 crews
def on_feet(crew: tuple[str, ...]) -> tuple[int, ...]:
    """The souls carrying `.`, by their place in the printed order."""
    return tuple(i for i, c in enumerate(crew) if c == UP)


def crew_string(crew: tuple[str, ...]) -> str:
    """`P.C.O.N.Y.`: each letter, then its suffix, run together."""
    return "".join(letter + status for letter, status in zip(SOULS, crew))


def count_souls(crew: tuple[str, ...]) -> int:
    """The SOULS in a crew: `.` and `!` (the rules count a crew before its State is built)."""
    return crew.count(UP) + crew.count(DOWN)
