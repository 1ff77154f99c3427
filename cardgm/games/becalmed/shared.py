"""BECALMED's shared records: a frozen event with few possible values is built once per value
and handed out again (`functools.cache` on its class), so a day costs a dictionary look-up per
record instead of a new object. Being frozen, a shared record is the same as a new one in every
way a reader can tell (equality, hash, repr). The rules call these instead of the classes where a
day builds the record every time; docs/performance.md gives the idiom every game follows."""

from __future__ import annotations

from functools import cache

from .events import CallsTaken, Dawn, Flag, Poured, SeaRead, Thirst, Water, Westing

poured = cache(Poured)  # (called, issue, measures, water): a few hundred
calls_taken = cache(CallsTaken)  # (canvas, hands): 21
westing = cache(Westing)  # (parts, gain, westing, in_lane): a few hundred
sea_read = cache(SeaRead)  # (position, value, name): 28 x 20
water = cache(Water)  # (item, amount, water): a few thousand at most
flag = cache(Flag)  # (flag, action): a dozen
thirst = cache(Thirst)  # (before, parts, after): the parts come from a few thousand terms
dawn = cache(Dawn)  # (day, position, value, name): 14 x 20
