"""What COINFLIP's rules did."""

from __future__ import annotations

from dataclasses import dataclass

from cardgm.game import Event


@dataclass(frozen=True, slots=True)
class Tossed(Event):
    position: int  # the tape position read
    value: int
    side: str  # what the coin shows
    called: str
    right: bool


@dataclass(frozen=True, slots=True)
class Done(Event):
    right: int
