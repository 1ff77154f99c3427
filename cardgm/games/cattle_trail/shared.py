"""DROVER'S AUTUMN's shared records: a frozen event with few possible values is built once per
value and handed out again (`functools.cache` on its class), so a day costs a dictionary look-up
per record instead of a new object (a number's `Moved` record is shared by `rules.moved`, which
clamps it too).
Being frozen, a shared record is the same as a new one in every way a reader can tell (equality,
hash, repr). The rules call these where a day builds the record every time; docs/performance.md
gives the idiom every game follows."""

from __future__ import annotations

from functools import cache

from .events import Banded, Crossed, DayRead, Ended, LaidUp, Marched, Paid, Rested, Strayed

day_read = cache(DayRead)  # (day, raw, sky): 21 x 20
banded = cache(Banded)  # (raw, shift, why, adjusted, band, table)
marched = cache(Marched)  # (pace, start, stop, leg, cut)
rested = cache(Rested)  # (mile, roof, park)
paid = cache(Paid)  # (what, cost)
crossed = cache(Crossed)  # (order, crossing, start, stop)
laid_up = cache(LaidUp)  # (name): the two hands and two hires
strayed = cache(Strayed)  # (count, need, on_feet)
ended = cache(Ended)  # (end, score): 5 ends x 0-100
