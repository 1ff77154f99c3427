"""What a DEADRECKONING message can order: one salvo, or striking the colours."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Salvo:
    """Fire on one cell ("D4"): rule 4, one shot is one grid cell."""

    cell: str


@dataclass(frozen=True, slots=True)
class StrikeColours:
    """"I strike my colours": give up (rule 7)."""


Action = Salvo | StrikeColours
