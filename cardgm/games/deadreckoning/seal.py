"""Sealed DEADRECKONING berths: draw one fairly, write it to a reveal file, commit to that file
with SHA-256, and check the commitment afterwards. Pure functions; randomness is passed in.

The CLI wires these to `cardgm seal` (through `game.draw_secret`), `cardgm verify seal
REVEAL COMMITMENT` (verify, parse_reveal) and `cardgm play deadreckoning --sealed REVEAL`.

A berth is a *named* placement: the card names its hulls (Cutter 2, Sloop 3, Brigantine 3,
Frigate 2) and a sinking shot names the ship, so Cutter on B2-C2 with Frigate on H6-H7 is a
different berth from the two swapped. There are 16,368,544 legal berths; as unlabelled sets of
ten hull cells, 4,092,136 (each set is four berths: the two 2s swapped, the two 3s swapped).

>>> import random
>>> berth = draw_berth(random.Random(7))
>>> berth.is_legal()
True
>>> text = write_reveal(berth, "0123456789abcdef")
>>> parse_reveal(text) == berth
True
>>> verify(text, commitment(text)[:16])
True
"""

from __future__ import annotations

import hashlib
import random
import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import accumulate
from typing import overload

from .notation import parse_reveal, write_reveal
from .state import FLEET, SIZE, Berth, Ship, cell_index, cell_name

__all__ = [
    "Berth",
    "Ship",
    "all_berths",
    "check",
    "commitment",
    "draw_berth",
    "parse_reveal",
    "verify",
    "write_reveal",
]

NAMED_BERTHS = 16_368_544  # len(all_berths()), counted by `BerthSpace`, checked by the tests
UNLABELLED_BERTHS = NAMED_BERTHS // 4
MIN_PREFIX = 16  # the card prints a 16-hex-digit prefix of its commitment


# -- placements: where one hull of a given length can lie ---------------------------------------


@cache
def placements(length: int, size: int = SIZE) -> tuple[tuple[int, ...], ...]:
    """Every straight run of `length` cells as grid indices: rows across first, then columns down."""
    across = [tuple(r * size + c + k for k in range(length)) for r in range(size) for c in range(size - length + 1)]
    down = [tuple((r + k) * size + c for k in range(length)) for c in range(size) for r in range(size - length + 1)]
    return tuple(across + down)


def _masks(length: int, size: int) -> tuple[list[int], list[int]]:
    """For each placement: its cells as a bitmask, and its cells with their eight neighbours."""
    cells, halos = [], []
    for p in placements(length, size):
        m = h = 0
        for i in p:
            m |= 1 << i
            r, c = divmod(i, size)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if 0 <= r + dr < size and 0 <= c + dc < size:
                        h |= 1 << ((r + dr) * size + c + dc)
        cells.append(m)
        halos.append(h)
    return cells, halos


class BerthSpace(Sequence[Berth]):
    """Every legal berth, in a fixed order (Cutter's placement, then Sloop's, Brigantine's,
    Frigate's), as a lazy read-only sequence: sixteen million Berth objects would not fit in
    memory as a tuple, but any one of them can be had by its index, and its index by it.

    The counting is done with compatibility bitsets: for a Cutter, Sloop and Brigantine that do
    not touch, the Frigates that touch none of them are the bits common to three sets."""

    def __init__(self, size: int = SIZE) -> None:
        if not 4 <= size <= SIZE:  # smaller seas are for cross-checking the count by brute force
            raise ValueError(f"a sea of {size}x{size}: the berth space is counted on 4x4 up to 8x8")
        self.size = size
        lengths = [k for _, k in FLEET]
        self._places = [placements(k, size) for k in lengths]
        masks = [_masks(k, size) for k in lengths]
        # compat[a][b][i] = bitset over placements of ship b that do not touch placement i of ship a
        self._compat = [
            [
                [sum(1 << j for j, mj in enumerate(masks[b][0]) if not mj & hi) for hi in masks[a][1]]
                for b in range(4)
            ]
            for a in range(4)
        ]
        c3 = self._compat
        # For every Cutter c: its Sloops s, and for each (c, s) its Brigantines b with how many
        # Frigates each leaves room for; prefix sums make indexing a bisect.
        self._tree: list[list[tuple[int, list[int], list[int]]]] = []
        self._cum_c: list[int] = []
        self._cum_cs: list[list[int]] = []
        total = 0
        for c in range(len(self._places[0])):
            rows: list[tuple[int, list[int], list[int]]] = []
            cum_s: list[int] = []
            for s in _bits(c3[0][1][c]):
                bs = _bits(c3[0][2][c] & c3[1][2][s])
                f_room = c3[0][3][c] & c3[1][3][s]
                counts = [(f_room & c3[2][3][b]).bit_count() for b in bs]
                cum = list(accumulate(counts))
                if cum and cum[-1]:
                    rows.append((s, bs, cum))
                    total += cum[-1]
                    cum_s.append(total)
            self._tree.append(rows)
            self._cum_cs.append(cum_s)
            self._cum_c.append(total)
        self._len = total

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Berth: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Berth]: ...
    def __getitem__(self, index: int | slice) -> Berth | Sequence[Berth]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._len)))
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("berth index out of range")
        c = bisect_right(self._cum_c, index)
        k = bisect_right(self._cum_cs[c], index)
        s, bs, cum = self._tree[c][k]
        before = self._cum_cs[c][k] - cum[-1]
        j = bisect_right(cum, index - before)
        b = bs[j]
        r = index - before - (cum[j - 1] if j else 0)
        c3 = self._compat
        f = _bits(c3[0][3][c] & c3[1][3][s] & c3[2][3][b])[r]
        return self._berth((c, s, b, f))

    def __iter__(self) -> Iterator[Berth]:
        c3 = self._compat
        for c, rows in enumerate(self._tree):
            for s, bs, _ in rows:
                room = c3[0][3][c] & c3[1][3][s]
                for b in bs:
                    for f in _bits(room & c3[2][3][b]):
                        yield self._berth((c, s, b, f))

    def __contains__(self, berth: object) -> bool:
        return (
            isinstance(berth, Berth)
            and berth.is_legal()
            and all("ABCDEFGH".index(c[0]) < self.size and int(c[1:]) <= self.size for c in berth.hull_cells)
        )

    def index(self, berth: Berth, start: int = 0, stop: int | None = None) -> int:
        """The position of a legal berth in this order (the inverse of indexing)."""
        if berth not in self:
            raise ValueError("not a legal berth")
        which = []
        for ship, places in zip(berth.ships, self._places):
            which.append(places.index(tuple(sorted(_index(x, self.size) for x in ship.cells))))
        c, s, b, f = which
        k = next(i for i, row in enumerate(self._tree[c]) if row[0] == s)
        s_, bs, cum = self._tree[c][k]
        j = bs.index(b)
        base = self._cum_cs[c][k] - cum[-1] + (cum[j - 1] if j else 0)
        c3 = self._compat
        return base + _bits(c3[0][3][c] & c3[1][3][s] & c3[2][3][b]).index(f)

    def cutter_counts(self) -> list[int]:
        """How many berths put the Cutter on each of its placements (`placements(2)` order): the
        exact marginal a uniform draw must follow."""
        return [hi - lo for lo, hi in zip([0] + self._cum_c[:-1], self._cum_c)]

    def _berth(self, which: tuple[int, int, int, int]) -> Berth:
        return Berth(
            tuple(
                Ship(name, length, tuple(_cell(i, self.size) for i in places[w]))
                for (name, length), places, w in zip(FLEET, self._places, which)
            )
        )


def _bits(x: int) -> list[int]:
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


def _index(cell: str, size: int) -> int:
    return cell_index(cell) if size == SIZE else (int(cell[1:]) - 1) * size + "ABCDEFGH".index(cell[0])


def _cell(i: int, size: int) -> str:
    return cell_name(i) if size == SIZE else f"{'ABCDEFGH'[i % size]}{i // size + 1}"


@cache
def all_berths() -> BerthSpace:
    """Every legal berth: four straight hulls of 2, 3, 3 and 2 cells (Cutter, Sloop, Brigantine,
    Frigate) on the 8x8 sea, no two touching, not even at a corner. A lazy, indexable, read-only
    sequence of `Berth` (len 16,368,544); built once (about a second) and cached."""
    return BerthSpace()


def draw_berth(rng: random.Random) -> Berth:
    """A berth drawn uniformly from all legal berths, with randomness from `rng` (the CLI passes
    `secrets.SystemRandom()`).

    Each ship's placement is drawn uniformly and independently; the draw is kept if the four
    hulls do not touch, else drawn again. Every legal berth is one outcome of the independent
    draw with the same probability, and rejection keeps exactly the legal ones, so the result is
    uniform over them. About one draw in seven is kept."""
    return _draw(rng, SIZE)


@cache
def _tables(size: int) -> tuple[list[tuple[tuple[int, ...], ...]], list[list[int]], list[list[int]]]:
    places = [placements(k, size) for _, k in FLEET]
    masks = [_masks(k, size) for _, k in FLEET]
    return places, [m for m, _ in masks], [h for _, h in masks]


def _draw(rng: random.Random, size: int) -> Berth:
    places, cells, halos = _tables(size)
    while True:
        picks = [rng.randrange(len(p)) for p in places]
        taken = 0
        for k, i in enumerate(picks):
            if halos[k][i] & taken:  # touches (or overlaps) a hull already placed
                break
            taken |= cells[k][i]
        else:
            return Berth(
                tuple(
                    Ship(name, length, tuple(_cell(i, size) for i in p[pick]))
                    for (name, length), p, pick in zip(FLEET, places, picks)
                )
            )


# -- the commitment ----------------------------------------------------------------------------


def commitment(reveal_text: str | bytes) -> str:
    """The SHA-256 of the reveal file's bytes (text is taken as UTF-8), as 64 lowercase hex digits.
    Read the file as bytes (or with newline="") so its line endings are hashed as they are."""
    data = reveal_text.encode("utf-8") if isinstance(reveal_text, str) else reveal_text
    return hashlib.sha256(data).hexdigest()


_HEX = re.compile(r"[0-9a-f]+")


def verify(reveal_text: str | bytes, claimed: str) -> bool:
    """Does the reveal file hash to the claimed commitment? `claimed` is the full 64 hex digits
    or a prefix of at least 16 (as the card prints one, "8f2a9039494ba4ae…"); case, a trailing
    ellipsis and a "sha256:" label are ignored. Raises ValueError for a claim that is not hex or
    is shorter than 16 digits. It checks the hash only: `parse_reveal` reads the berth."""
    key = claimed.strip().lower().removeprefix("sha256:").rstrip("…").rstrip(".").strip()
    if not _HEX.fullmatch(key or "-"):
        raise ValueError(f"a commitment is hexadecimal digits (0-9, a-f); '{claimed}' is not")
    if len(key) < MIN_PREFIX:
        raise ValueError(f"a commitment needs at least {MIN_PREFIX} hex digits to check; '{claimed}' has {len(key)}")
    if len(key) > 64:
        raise ValueError(f"a SHA-256 commitment has 64 hex digits; '{claimed}' has {len(key)}")
    return commitment(reveal_text).startswith(key)


def check(raw: bytes, claimed: str) -> tuple[bool, list[str]]:
    """A reveal file's bytes against a published commitment, as `cardgm verify seal` and the
    site's /verify report it: the lines to print, and whether the file is the one sealed and holds
    a legal berth. Raises ValueError for a claim that is not a commitment (see `verify`)."""
    ok = verify(raw, claimed)
    lines = [f"sha256   {commitment(raw)}", f"claimed  {claimed.strip().lower()}"]
    if not ok:
        return False, lines + ["MISMATCH: this reveal file is not the one that was sealed."]
    try:
        berth = parse_reveal(raw.decode("utf-8", errors="replace"))
    except ValueError as exc:
        return False, lines + [f"the hash matches, but the file holds no readable berth: {exc}"]
    if not berth.is_legal():
        return False, lines + ["the hash matches, but the berth in it is not legal (hulls touch or are misplaced)."]
    return True, lines + ["MATCH: the berth in this file is the one that was sealed, and it is legal."]
