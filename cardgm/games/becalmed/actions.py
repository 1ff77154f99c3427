"""What a BECALMED message can order: the contract between reader.py and rules.py.

The reader turns words into these; the rules run them. A morning's calls may come over several
messages: the reader holds a partial `Calls` until the rest come.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Calls:
    """The day's three calls; the reader holds a partial one until the rest come."""

    issue: str | None = None
    canvas: str | None = None
    hands: str | None = None
    day: int = 0  # the day they were given for: a held partial never crosses a dawn

    def merged(self, newer: Calls) -> Calls:
        """The held calls with the newer message's calls laid over them (the newer wins)."""
        return Calls(
            newer.issue or self.issue,
            newer.canvas or self.canvas,
            newer.hands or self.hands,
            newer.day or self.day,
        )

    def given(self) -> list[str]:
        return [c for c in (self.issue, self.canvas, self.hands) if c]


@dataclass(frozen=True, slots=True)
class Turtle:
    take: bool


@dataclass(frozen=True, slots=True)
class Signal:
    burn: int  # flares burnt: 0 lets her go


@dataclass(frozen=True, slots=True)
class GiveOver:
    """"let her drive", or a stated day limit reached: end:given-over where it stands."""


@dataclass(frozen=True, slots=True)
class SetLimit:
    deaths_plain: bool | None = None
    stop_day: int | None = None


Action = Calls | Turtle | Signal | GiveOver | SetLimit
