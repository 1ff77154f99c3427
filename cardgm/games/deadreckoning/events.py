"""What DEADRECKONING's rules did, in order (the voice reads them; none names an unstruck cell)."""

from __future__ import annotations

from dataclasses import dataclass

from cardgm.game import Event


@dataclass(frozen=True, slots=True)
class AlreadyFired(Event):
    """RESOLUTION 1: a repeat; no shot counted."""

    cell: str


@dataclass(frozen=True, slots=True)
class Fired(Event):
    """RESOLUTION 2: a new cell marked; `hit` True for `x`."""

    cell: str
    hit: bool


@dataclass(frozen=True, slots=True)
class Sunk(Event):
    """RESOLUTION 3: the hit completed a ship."""

    ship: str
    length: int


@dataclass(frozen=True, slots=True)
class FleetCleared(Event):
    """RESOLUTION 4: all four ships sunk (hits = 10)."""

    shots: int


@dataclass(frozen=True, slots=True)
class ColoursStruck(Event):
    """The player gave up."""
