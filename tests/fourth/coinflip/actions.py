"""What a COINFLIP message can order: one call of the coin."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Side = Literal["HEADS", "TAILS"]


@dataclass(frozen=True, slots=True)
class Call:
    side: Side


Action = Call
