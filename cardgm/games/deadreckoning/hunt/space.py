"""The berth space of DEADRECKONING: every legal berth of a sea as bitmask arrays.

A berth here is a set of hull cells held as a 64-bit mask (cell i = row * cols + column, A1 = 0,
H1 = 7, A2 = 8 … as the LEDGER reads the grid), with one mask per ship beside it. The card names
its hulls, but hulls never touch, so each set of ten hull cells splits into its four hulls one way
only and stands for exactly 4 named berths (the two 2s swapped, the two 3s swapped): the space
holds the 4,092,136 cell sets and counts each as 4 (`per_entry`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property

import numpy as np

from cardgm.games.deadreckoning.state import COLUMNS, FLEET, Berth

__all__ = ["Sea", "Space", "card_sea", "enumerate_space", "space"]

U64 = np.uint64


@dataclass(frozen=True)
class Sea:
    """A sea of `rows` x `cols` cells and a fleet of named straight hulls (the card: 8x8, FLEET).
    Smaller seas and fleets are for counting by hand and cross-checking."""

    rows: int = 8
    cols: int = 8
    fleet: tuple[tuple[str, int], ...] = FLEET

    def __post_init__(self) -> None:
        if not (1 <= self.rows and 1 <= self.cols and self.rows * self.cols <= 64):
            raise ValueError("a sea of at most 64 cells: each berth is one 64-bit mask")

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def hull_cells(self) -> int:
        return sum(k for _, k in self.fleet)

    @property
    def par(self) -> int:
        return self.hull_cells

    def name(self, i: int) -> str:
        return f"{COLUMNS[i % self.cols]}{i // self.cols + 1}"

    def index(self, cell: str) -> int:
        c, r = COLUMNS.index(cell[0].upper()), int(cell[1:]) - 1
        if not (0 <= c < self.cols and 0 <= r < self.rows):
            raise ValueError(f"{cell} is not on this sea")
        return r * self.cols + c

    def placements(self, length: int) -> list[tuple[int, ...]]:
        """Every straight run of `length` cells: across first (row by row), then down."""
        across = [
            tuple(r * self.cols + c + k for k in range(length))
            for r in range(self.rows)
            for c in range(self.cols - length + 1)
        ]
        down = [
            tuple((r + k) * self.cols + c for k in range(length))
            for c in range(self.cols)
            for r in range(self.rows - length + 1)
        ]
        return across if length == 1 else across + down

    def halo(self, cells: Sequence[int]) -> int:
        """The cells and their eight neighbours: where no other hull may lie ("no two touching,
        not even at a corner")."""
        h = 0
        for i in cells:
            r, c = divmod(i, self.cols)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols:
                        h |= 1 << ((r + dr) * self.cols + c + dc)
        return h


def card_sea() -> Sea:
    return Sea()


@dataclass(frozen=True, eq=False)
class Space:
    """Every legal berth of a sea. `cells[i]` holds berth i's hull cells as indices, ship by ship;
    `hull[i]` all of them as one mask, and `ships[i, j]` ship j's mask (worked out when first asked
    for). With `named` False (the default) ships of one length are not told
    apart: each entry is one cell set and stands for `per_entry` named berths; `ship_class[j]` is
    the length class a SUNK announcement reveals. With `named` True every ship is its own class."""

    sea: Sea
    cells: np.ndarray  # (N, hull_cells) uint8, ship by ship
    ship_class: tuple[int, ...]
    classes: int
    class_length: tuple[int, ...]  # the hull length of each class
    per_entry: int
    named: bool
    hull: np.ndarray = field(repr=False)  # (N,) uint64

    def __len__(self) -> int:
        return len(self.hull)

    @property
    def named_berths(self) -> int:
        """How many named berths the space holds: the count the seal module reports for the card."""
        return len(self) * self.per_entry

    @cached_property
    def ship_slices(self) -> tuple[slice, ...]:
        """Where each ship's cells lie in a row of `cells`."""
        ends = np.cumsum([0] + [self.class_length[c] for c in self.ship_class])
        return tuple(slice(int(a), int(b)) for a, b in zip(ends[:-1], ends[1:]))

    def ship_masks(self, rows: np.ndarray | slice = slice(None)) -> np.ndarray:
        """(len(rows), ships) uint64: each ship of these entries as a mask."""
        cells = self.cells[rows]
        out = np.zeros((len(cells), len(self.ship_class)), dtype=U64)
        for j, sl in enumerate(self.ship_slices):
            for c in range(sl.start, sl.stop):
                out[:, j] |= U64(1) << cells[:, c].astype(U64)
        return out

    @cached_property
    def ships(self) -> np.ndarray:
        """(N, ships) uint64: `ships[i, j]` is the mask of ship j of berth i (built when first
        asked for: the evaluation never needs it whole)."""
        return self.ship_masks()

    def find(self, berth: Berth) -> int:
        """The entry holding this berth's hull cells."""
        mask = 0
        for ship in berth.ships:
            for c in ship.cells:
                mask |= 1 << self.sea.index(c)
        hit = np.nonzero(self.hull == U64(mask))[0]
        if self.named:
            want = []
            for ship in berth.ships:
                m = 0
                for c in ship.cells:
                    m |= 1 << self.sea.index(c)
                want.append(m)
            hit = hit[np.all(self.ship_masks(hit) == np.array(want, dtype=U64), axis=1)]
        if len(hit) != 1:
            raise ValueError("that berth is not one of this sea's legal berths")
        return int(hit[0])

    def berth_cells(self, i: int) -> list[list[str]]:
        """Entry i's ships as cell names (ship order of the space)."""
        return [[self.sea.name(int(c)) for c in sorted(self.cells[i, sl])] for sl in self.ship_slices]


def enumerate_space(sea: Sea, named: bool = False) -> Space:
    """Every legal berth of `sea`, built ship by ship as numpy arrays. Unnamed, ships of one
    length are taken in rising placement order so each cell set appears once. Each ship's rows
    are found first and the next arrays filled in place, so the build needs little more memory
    than the space it returns."""
    lengths = [k for _, k in sea.fleet]
    order = sorted(range(len(lengths)), key=lambda j: (lengths.index(lengths[j]), j))  # group by length
    distinct = list(dict.fromkeys(lengths))
    ship_class = tuple(j if named else distinct.index(lengths[order[j]]) for j in range(len(order)))
    cells = np.zeros((1, 0), dtype=np.uint8)
    hull = np.zeros(1, dtype=U64)
    halo = np.zeros(1, dtype=U64)
    last = np.full(1, -1, dtype=np.int64)
    for pos, j in enumerate(order):
        final = pos == len(order) - 1  # the last ship: no halo or order needed after it
        places = sea.placements(lengths[j])
        pm = np.array([sum(1 << i for i in p) for p in places], dtype=U64)
        ph = np.array([sea.halo(p) for p in places], dtype=U64)
        same = pos > 0 and not named and ship_class[pos] == ship_class[pos - 1]
        found = []
        for p in range(len(places)):
            ok = (halo & pm[p]) == 0
            if same:
                ok &= last < p
            found.append(np.flatnonzero(ok).astype(np.int32))
        total = sum(len(f) for f in found)
        width = cells.shape[1]
        next_cells = np.empty((total, width + lengths[j]), dtype=np.uint8)
        next_hull = np.empty(total, dtype=U64)
        next_halo = None if final else np.empty(total, dtype=U64)
        next_last = None if final else np.empty(total, dtype=np.int64)
        at = 0
        for p, rows in enumerate(found):
            end = at + len(rows)
            next_cells[at:end, :width] = cells[rows]
            next_cells[at:end, width:] = np.array(places[p], dtype=np.uint8)
            next_hull[at:end] = hull[rows] | pm[p]
            if next_halo is not None and next_last is not None:  # None on the final ship
                next_halo[at:end] = halo[rows] | ph[p]
                next_last[at:end] = p
            at = end
        del found
        cells, hull = next_cells, next_hull
        if next_halo is not None and next_last is not None:
            halo, last = next_halo, next_last
    per_entry = 1 if named else math.prod(math.factorial(lengths.count(k)) for k in distinct)
    return Space(
        sea=sea,
        cells=cells,
        ship_class=ship_class,
        classes=len(order) if named else len(distinct),
        class_length=tuple(lengths[j] for j in order) if named else tuple(distinct),
        per_entry=per_entry,
        named=named,
        hull=hull,
    )


@cache
def space(sea: Sea = Sea(), named: bool = False) -> Space:
    """The berth space of a sea, built once (the card's: about a second) and cached."""
    return enumerate_space(sea, named)

