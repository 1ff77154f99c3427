"""The hunt-and-target family (random, hunt-target, parity), played on 64-bit masks, every game
of a batch at once."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cardgm.games.deadreckoning.hunt.space import Sea, Space

U64 = np.uint64
ONE = U64(1)


def _bit_index(x: np.ndarray) -> np.ndarray:
    """The index of the one set bit of each (nonzero, single-bit) mask."""
    return np.log2(x.astype(np.float64)).astype(np.int64)



def _mix(x: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser: a counter-based random number for each (seed, game, cell), so a
    game's hunting order does not depend on which batch it is played in."""
    x = x.copy()
    x ^= x >> U64(30)
    x *= U64(0xBF58476D1CE4E5B9)
    x ^= x >> U64(27)
    x *= U64(0x94D049BB133111EB)
    x ^= x >> U64(31)
    return x


def _order_keys(sea: Sea, games: np.ndarray, seed: int, parity: bool = False) -> np.ndarray:
    """(n, cells) uint64: each game's random key for each cell, drawn from (seed, game, cell).
    With `parity` the cells of one colour (A1's, where column + row is even) get the lower keys:
    a hull of two or more always covers one of them."""
    n = sea.cells
    g = games.astype(U64)[:, None] * U64(n) + np.arange(n, dtype=U64)[None, :]
    with np.errstate(over="ignore"):
        keys = _mix(g + U64(seed) * U64(0x9E3779B97F4A7C15) + U64(0x632BE59BD9B4E019))
    if parity:
        r, c = np.divmod(np.arange(n), sea.cols)
        off = ((r + c) % 2).astype(U64) << U64(63)
        keys = (keys >> ONE) | off[None, :]
    return keys


def hunting_order(sea: Sea, games: np.ndarray, seed: int, parity: bool = False) -> np.ndarray:
    """(n, cells) uint8: each game's hunting order, the cells by rising key (a permutation drawn
    from (seed, game), so a game's order does not depend on the batch it is played in)."""
    return np.argsort(_order_keys(sea, games, seed, parity), axis=1, kind="stable").astype(np.uint8)


def _shifts(sea: Sea) -> tuple[Callable[[np.ndarray], np.ndarray], ...]:
    """Moves of a whole mask one cell west, east, north, south, dropping what leaves the sea."""
    cols, n = sea.cols, sea.cells
    full = U64((1 << n) - 1) if n < 64 else U64(0xFFFFFFFFFFFFFFFF)
    not_first = U64(sum(1 << i for i in range(n) if i % cols != 0))
    not_last = U64(sum(1 << i for i in range(n) if i % cols != cols - 1))
    c = U64(cols)

    def west(m: np.ndarray) -> np.ndarray:  # the cell to the west of each set cell
        return (m & not_first) >> ONE

    def east(m: np.ndarray) -> np.ndarray:
        return ((m & not_last) << ONE) & full

    def north(m: np.ndarray) -> np.ndarray:
        return m >> c

    def south(m: np.ndarray) -> np.ndarray:
        return (m << c) & full

    return west, east, north, south


def targets(sea: Sea, hits: np.ndarray, sunk: np.ndarray, fired: np.ndarray) -> np.ndarray:
    """Target mode: unfired cells beside the hits of ships not yet sunk; where two such hits lie
    side by side the hull runs that way, so only the ends of that line."""
    west, east, north, south = _shifts(sea)
    live = hits & ~sunk
    across = live & (west(live) | east(live))
    down = live & (north(live) | south(live))
    lone = live & ~across & ~down
    cand = west(across | lone) | east(across | lone) | north(down | lone) | south(down | lone)
    return cand & ~fired


def play_batch(sp: Space, games: np.ndarray, strategy: str, seed: int = 0) -> np.ndarray:
    """Shots to clear the sea for the given entries, by `random`, `hunt-target` or `parity`.

    random: fire in the game's random order. hunt-target: hunt in the game's random order; after
    a hit, target (lowest cell first) until that ship is sunk. parity: the same, hunting one
    colour of the checkerboard first. SUNK tells which hits are done: the hits touching the shot
    that sank a ship are that ship, since hulls never touch.

    Played a ship at a time, not a shot at a time: hulls never touch, so a target shot beside a
    ship's hits is that ship's or open water, never another ship's, and the ship is sunk before
    the hunt goes on. Each ship is found by the hunt at its first cell in the hunting order, the
    ships in the order of those cells; when the hunt reaches a ship, every cell before it in the
    order has been fired (by the hunt, or by targeting earlier ships), and nothing else but
    earlier targeting has. So only the targeting is played shot by shot; the hunt between is a
    prefix of the order. `_play_batch_cells` plays the same games shot by shot, and the tests hold
    the two to the same shots."""
    sea = sp.sea
    n = len(games)
    if strategy not in ("random", "hunt-target", "parity"):
        raise ValueError(f"no batch strategy {strategy!r}")
    keys = _order_keys(sea, games, seed, parity=strategy == "parity")
    cells = sp.cells[games].astype(np.intp)
    cell_keys = np.take_along_axis(keys, cells, axis=1)  # (n, hull cells): each hull cell's key
    if strategy == "random":  # it clears the sea on its last hull cell: count the cells up to that one
        return (keys <= cell_keys.max(axis=1)[:, None]).sum(axis=1).astype(np.int64)
    ships = sp.ship_masks(games)
    hull = sp.hull[games]
    rows = np.arange(n)
    # each ship's first cell in the hunting order, and the order the hunt finds the ships in
    first_key = np.empty(ships.shape, dtype=U64)
    first_cell = np.empty(ships.shape, dtype=np.intp)
    for j, sl in enumerate(sp.ship_slices):
        at = np.argmin(cell_keys[:, sl], axis=1)
        first_key[:, j] = cell_keys[rows, sl.start + at]
        first_cell[:, j] = cells[rows, sl.start + at]
    found = np.argsort(first_key, axis=1, kind="stable")
    fired = np.zeros(n, dtype=U64)
    sunk = np.zeros(n, dtype=U64)
    for e in range(ships.shape[1]):
        order = found[:, e]  # each berth's e-th ship found
        ship = ships[rows, order]
        # the hunt fires every cell before this ship's first, then that cell: a hit
        before = _pack(keys < first_key[rows, order][:, None])
        fired |= before | (ONE << first_cell[rows, order].astype(U64))
        live = rows[(ship & ~fired) != 0]  # a ship of one cell would be sunk by the hunt's hit
        while len(live):  # target: beside this ship's hits, lowest cell first, until it sinks
            f = fired[live]
            cand = targets(sea, f & hull[live], sunk[live], f)
            f |= cand & (~cand + ONE)
            fired[live] = f
            live = live[(ship[live] & ~f) != 0]
        sunk |= ship
    return np.bitwise_count(fired).astype(np.int64)


def _pack(flags: np.ndarray) -> np.ndarray:
    """(n, cells) bool -> (n,) uint64 masks, cell i as bit i."""
    if flags.shape[1] < 64:  # a smaller sea: pad to the 64 bits of a mask
        flags = np.concatenate([flags, np.zeros((len(flags), 64 - flags.shape[1]), dtype=bool)], axis=1)
    return np.packbits(flags, axis=1, bitorder="little").view("<u8")[:, 0].astype(U64)


def _play_batch_cells(sp: Space, target: int, strategy: str, seed: int) -> list[str]:
    """The batch players' shots for one game, in order (replayed cell by cell)."""
    sea = sp.sea
    order = hunting_order(sea, np.array([target]), seed, parity=strategy == "parity")[0]
    hull = int(sp.hull[target])
    ships = [int(m) for m in sp.ship_masks(np.array([target]))[0]]
    fired = sunk = 0
    out: list[str] = []
    ptr = 0
    while hull & ~fired:
        cand = 0
        if strategy != "random":
            cand = int(targets(sea, np.array([fired & hull], dtype=U64), np.array([sunk], dtype=U64),
                               np.array([fired], dtype=U64))[0])
        if cand:
            shot = (cand & -cand).bit_length() - 1
        else:
            while fired >> int(order[ptr]) & 1:
                ptr += 1
            shot = int(order[ptr])
        fired |= 1 << shot
        sunk = 0
        for m in ships:
            if m & ~fired == 0:
                sunk |= m
        out.append(sea.name(shot))
    return out

