"""COINFLIP's state: the tosses made, the right calls, the tape read."""

from __future__ import annotations

from dataclasses import dataclass

TOSSES = 5


@dataclass(frozen=True, slots=True)
class Table:
    turn: int = 1  # replies so far (the Run counts them)
    toss: int = 0  # tosses made
    right: int = 0  # right calls
    tape: int = 0  # tape values read

    @property
    def over(self) -> bool:
        return self.toss >= TOSSES
