"""DEADRECKONING's shared records: a frozen event with few possible values is built once per
value and handed out again (`functools.cache` on its class): a salvo costs a dictionary look-up
for its record instead of a new object. Being frozen, a shared record is the same as a new one in
every way a reader can tell. docs/performance.md gives the idiom every game follows."""

from __future__ import annotations

from functools import cache

from .events import AlreadyFired, Fired, FleetCleared, Sunk

fired = cache(Fired)  # (cell, hit): 128
already_fired = cache(AlreadyFired)  # (cell): 64
sunk = cache(Sunk)  # (ship, length): 4
fleet_cleared = cache(FleetCleared)  # (shots): 10 to 64
