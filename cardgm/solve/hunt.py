"""The DEADRECKONING hunter: every legal berth as bitmasks, hunting strategies, and their exact
evaluation over every berth.

A berth here is a set of hull cells held as a 64-bit mask (cell i = row * cols + column, A1 = 0,
H1 = 7, A2 = 8 … as the LEDGER reads the grid), with one mask per ship beside it.

What is exploited, and why it is exact:

* **Names.** The card names its hulls (Cutter 2, Sloop 3, Brigantine 3, Frigate 2) and a SUNK
  announcement names the ship, so a berth is a *named* placement: 16,368,544 of them. Hulls never
  touch, so each set of ten hull cells splits into its four hulls one way only, and is exactly
  4 named berths (the two 2s swapped, the two 3s swapped). Every strategy here decides from hit
  and miss marks and from SUNK announcements; in a named duel an announcement says "the Cutter"
  where the unnamed one says "a hull of 2". Swapping the names of two same-length hulls maps the
  named duels under "Cutter sunk" one to one onto those under "Frigate sunk" with the same
  marks, so at every point of play each consistent cell set keeps the same number of consistent
  namings (2 per length with no ship of it sunk yet, else 1). Counts over named berths are those
  over cell sets times one factor: every argmax, every ratio, every shot is the same. So the
  evaluation runs over the 4,092,136 cell sets with outcomes MISS / HIT / SUNK-a-2 / SUNK-a-3 and
  weighs each by 4. `test_names_change_no_shot` checks this against a named enumeration.
* **Nothing else.** The sea's eight symmetries are *not* used: a tie-break by lowest cell index
  is not symmetric, so folding mirror images together would change the shots.

The density hunter and its rivals are evaluated as a decision tree, level by level: every berth
still afloat sits at the node of everything seen so far; the strategy's shot at a node is a
function of the berths there (the consistent set); the shot splits them by outcome. A node of one
berth needs no more search: the density hunter then fires at its unfired hull cells, a hit each.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from cardgm.games.deadreckoning.state import COLUMNS, FLEET, HIT, MISS, PAR, UNFIRED, Berth

__all__ = [
    "Sea",
    "Space",
    "STRATEGIES",
    "Evaluation",
    "card_sea",
    "space",
    "evaluate",
    "play",
    "heatmap",
    "hit_odds",
    "card_score",
]

U64 = np.uint64
ONE = U64(1)
CHUNK = 1 << 25  # table entries (node x cell) worked at once: keeps memory near 300 MB


# -- the sea and its berths ----------------------------------------------------------------------


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
    """Every legal berth of a sea. `ships[i, j]` is the mask of ship j of berth i; `cells[i]` its
    hull cells as indices. With `named` False (the default) ships of one length are not told
    apart: each entry is one cell set and stands for `per_entry` named berths; `ship_class[j]` is
    the length class a SUNK announcement reveals. With `named` True every ship is its own class."""

    sea: Sea
    ships: np.ndarray  # (N, k) uint64
    cells: np.ndarray  # (N, hull_cells) uint8
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
        """How many named berths the space holds: the count cardgm.seal reports for the card."""
        return len(self) * self.per_entry

    def find(self, berth: Berth) -> int:
        """The entry holding this berth's hull cells."""
        mask = 0
        for ship in berth.ships:
            for c in ship.cells:
                mask |= 1 << self.sea.index(c)
        if self.named:
            want = []
            for ship in berth.ships:
                m = 0
                for c in ship.cells:
                    m |= 1 << self.sea.index(c)
                want.append(m)
            hit = np.nonzero(np.all(self.ships == np.array(want, dtype=U64), axis=1))[0]
        else:
            hit = np.nonzero(self.hull == U64(mask))[0]
        if len(hit) != 1:
            raise ValueError("that berth is not one of this sea's legal berths")
        return int(hit[0])

    def berth_cells(self, i: int) -> list[list[str]]:
        """Entry i's ships as cell names (ship order of the space)."""
        return [[self.sea.name(b) for b in range(self.sea.cells) if int(m) >> b & 1] for m in self.ships[i]]


def enumerate_space(sea: Sea, named: bool = False) -> Space:
    """Every legal berth of `sea`, built ship by ship as numpy arrays. Unnamed, ships of one
    length are taken in rising placement order so each cell set appears once."""
    lengths = [k for _, k in sea.fleet]
    order = sorted(range(len(lengths)), key=lambda j: (lengths.index(lengths[j]), j))  # group by length
    distinct = list(dict.fromkeys(lengths))
    ship_class = tuple(j if named else distinct.index(lengths[order[j]]) for j in range(len(order)))
    masks = np.zeros((1, 0), dtype=U64)
    cells = np.zeros((1, 0), dtype=np.uint8)
    halo = np.zeros(1, dtype=U64)
    last = np.full(1, -1, dtype=np.int64)
    for pos, j in enumerate(order):
        places = sea.placements(lengths[j])
        pm = np.array([sum(1 << i for i in p) for p in places], dtype=U64)
        ph = np.array([sea.halo(p) for p in places], dtype=U64)
        same = pos > 0 and not named and ship_class[pos] == ship_class[pos - 1]
        parts_m, parts_c, parts_h, parts_l = [], [], [], []
        for p in range(len(places)):
            ok = (halo & pm[p]) == 0
            if same:
                ok &= last < p
            rows = np.nonzero(ok)[0]
            if len(rows) == 0:
                continue
            parts_m.append(np.column_stack([masks[rows], np.full(len(rows), pm[p], dtype=U64)]))
            parts_c.append(np.column_stack([cells[rows], np.tile(np.array(places[p], dtype=np.uint8), (len(rows), 1))]))
            parts_h.append(halo[rows] | ph[p])
            parts_l.append(np.full(len(rows), p, dtype=np.int64))
        if not parts_m:
            masks = np.zeros((0, pos + 1), dtype=U64)
            cells = np.zeros((0, cells.shape[1] + lengths[j]), dtype=np.uint8)
            halo = np.zeros(0, dtype=U64)
            last = np.zeros(0, dtype=np.int64)
            break
        masks, cells = np.concatenate(parts_m), np.concatenate(parts_c)
        halo, last = np.concatenate(parts_h), np.concatenate(parts_l)
    per_entry = 1 if named else math.prod(math.factorial(lengths.count(k)) for k in distinct)
    hull = np.bitwise_or.reduce(masks, axis=1) if masks.shape[1] else np.zeros(len(masks), dtype=U64)
    return Space(
        sea=sea,
        ships=np.ascontiguousarray(masks),
        cells=np.ascontiguousarray(cells),
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


def card_score(shots: np.ndarray | int, par: int = PAR) -> np.ndarray | int:
    """SCORING 2 for a cleared sea: 100 - (shots - 10), clamped to 0-100."""
    return np.clip(100 - (np.asarray(shots) - par), 0, 100) if isinstance(shots, np.ndarray) else max(0, min(100, 100 - (shots - par)))


# -- what a strategy sees, and the tree ----------------------------------------------------------


def _popcount(x: np.ndarray) -> np.ndarray:
    return np.bitwise_count(x)


def _bit_index(x: np.ndarray) -> np.ndarray:
    """The index of the one set bit of each (nonzero, single-bit) mask."""
    return np.log2(x.astype(np.float64)).astype(np.int64)


@dataclass
class Level:
    """Berths still afloat at one depth of the tree, grouped by node (everything seen so far).
    `cells[:, i]`: berth i's hull cells, ship by ship as the space lists them, each struck one
    replaced by the sea's cell count (a bin past the sea, so counting skips it); stored one hull
    cell per row so that each row is one contiguous vector. `fired[i]`: the cells fired on."""

    idx: np.ndarray  # (n,) int64 into the space
    node: np.ndarray  # (n,) int64, dense 0..nodes-1
    nodes: int
    cells: np.ndarray  # (hull_cells, n) uint8
    fired: np.ndarray  # (n,) uint64

    @classmethod
    def root(cls, sp: Space) -> Level:
        n = len(sp)
        return cls(np.arange(n, dtype=np.int64), np.zeros(n, dtype=np.int64), 1 if n else 0, np.ascontiguousarray(sp.cells.T),
                   np.zeros(n, dtype=U64))

    def fire(self, shot: np.ndarray, sea_cells: int) -> None:
        """Fire `shot[i]` at berth i: strike it off its hull cells."""
        self.fired |= ONE << shot.astype(U64)
        s8 = shot.astype(np.uint8)
        for row in self.cells:
            row[row == s8] = sea_cells

    def keep(self, mask: np.ndarray, node: np.ndarray | None = None, nodes: int | None = None) -> Level:
        """The berths where `mask` holds (with `node` as their new node keys, out of `nodes`),
        node ids renumbered densely in order."""
        node = self.node if node is None else node
        nodes = self.nodes if nodes is None else nodes
        if not mask.all():
            node = node[mask]
            idx, cells, fired = self.idx[mask], self.cells[:, mask], self.fired[mask]
        else:
            idx, cells, fired = self.idx, self.cells, self.fired
        present = np.zeros(nodes, dtype=bool)
        present[node] = True
        new = np.cumsum(present) - 1
        return Level(idx, new[node], int(present.sum()), cells, fired)


Chooser = Callable[[Space, "Level"], np.ndarray]  # -> the shot (cell index) for every node


def _node_fired(lv: Level, cells: int) -> np.ndarray:
    """(nodes, cells) bool: the cells each node has fired on (all its berths agree)."""
    f = np.zeros(lv.nodes, dtype=U64)
    f[lv.node] = lv.fired
    return ((f[:, None] >> np.arange(cells, dtype=U64)) & ONE).astype(bool)


def _rows(lv: Level, lo: int, hi: int) -> np.ndarray | slice:
    return slice(None) if lo == 0 and hi == lv.nodes else np.nonzero((lv.node >= lo) & (lv.node < hi))[0]


_SCRATCH: list[np.ndarray] = [np.empty(0, dtype=np.int64)]


def _scratch(shape: tuple[int, ...]) -> np.ndarray:
    """An int64 work array of this shape, carved from one buffer kept between calls."""
    size = math.prod(shape)
    if _SCRATCH[0].size < size:
        _SCRATCH[0] = np.empty(size, dtype=np.int64)
    return _SCRATCH[0][:size].reshape(shape)


def _hull_counts(sp: Space, lv: Level, lo: int, hi: int, exclude: np.ndarray | None = None,
                 outcome: np.ndarray | None = None, k: int = 1) -> np.ndarray:
    """For nodes lo..hi-1 (and, with `outcome`, each of k outcomes): how many berths there put an
    unstruck hull cell on each cell. `exclude[i]`: a cell berth i leaves out (just fired)."""
    rows = _rows(lv, lo, hi)
    n = sp.sea.cells
    cells = lv.cells[:, rows]
    if exclude is not None:
        cells = np.where(cells == exclude[rows].astype(np.uint8)[None, :], n, cells)
    key = lv.node[rows] - lo if lo else lv.node[rows]
    if outcome is not None:
        key = key * k + outcome[rows]
    keys = _scratch(cells.shape)
    np.add((key * (n + 1))[None, :], cells, out=keys)  # into a reused buffer: far quicker than a new one
    counts = np.bincount(keys.ravel(), minlength=(hi - lo) * k * (n + 1))
    shape = (hi - lo, k, n + 1) if outcome is not None else (hi - lo, n + 1)
    return counts.reshape(shape)[..., :n]


def _blocks(nodes: int, width: int) -> list[tuple[int, int]]:
    step = max(1, CHUNK // width)
    return [(a, min(nodes, a + step)) for a in range(0, nodes, step)]


def density_choice(sp: Space, lv: Level) -> np.ndarray:
    """Probability density: the cell that the most consistent berths put a hull on; ties to the
    lowest cell index (A1, B1 … H1, A2 …). Only unfired hull cells are counted, so the shot is
    never a repeat."""
    out = np.empty(lv.nodes, dtype=np.int64)
    for lo, hi in _blocks(lv.nodes, sp.sea.cells + 1):
        out[lo:hi] = np.argmax(_hull_counts(sp, lv, lo, hi), axis=1)
    return out


def _ship_slices(sp: Space) -> list[slice]:
    lengths = [int(_popcount(m)) for m in sp.ships[0]] if len(sp) else []
    ends = np.cumsum([0] + lengths)
    return [slice(int(a), int(b)) for a, b in zip(ends[:-1], ends[1:])]


def _outcome(sp: Space, lv: Level, shot_of_berth: np.ndarray, rows: np.ndarray | slice = slice(None)) -> np.ndarray:
    """What firing `shot_of_berth` answers for each berth: 0 MISS, 1 HIT, 2 + class SUNK."""
    n = sp.sea.cells
    cells = lv.cells[:, rows]
    s8 = shot_of_berth.astype(np.uint8)
    out = np.zeros(cells.shape[1], dtype=np.int64)
    for sl, c in zip(_ship_slices(sp), sp.ship_class):
        struck = np.zeros(cells.shape[1], dtype=bool)
        gone = np.ones(cells.shape[1], dtype=bool)
        for row in cells[sl]:
            eq = row == s8
            struck |= eq
            gone &= eq | (row == n)
        out[struck] = 1
        out[struck & gone] = 2 + c
    return out


def entropy_choice(sp: Space, lv: Level) -> np.ndarray:
    """Information gain: the unfired cell whose answer is most uncertain over the consistent
    berths, in bits; ties to the higher density, then the lowest index. The answer is MISS, HIT,
    or SUNK with the sunk hull's length: which of two same-length names it was tells nothing of
    where any hull lies, so it is not counted as information."""
    n = sp.sea.cells
    lengths = sorted(set(sp.class_length))
    k = 2 + len(lengths)
    out = np.empty(lv.nodes, dtype=np.int64)
    sizes = np.bincount(lv.node, minlength=lv.nodes)
    fired = _node_fired(lv, n)
    for lo, hi in _blocks(lv.nodes, (n + 1) * k):
        hull = _hull_counts(sp, lv, lo, hi).astype(np.float64)
        rows = np.nonzero((lv.node >= lo) & (lv.node < hi))[0] if (lo, hi) != (0, lv.nodes) else np.arange(len(lv.node))
        sinking = np.zeros((hi - lo, len(lengths), n))
        for sl, c in zip(_ship_slices(sp), sp.ship_class):
            sc = lv.cells[sl][:, rows]
            one = (sc < n).sum(axis=0) == 1
            last = rows[one]
            cell = sc[:, one].min(axis=0).astype(np.int64)  # the one unstruck cell; struck ones read n
            sinking[:, lengths.index(sp.class_length[c]), :] += np.bincount((lv.node[last] - lo) * n + cell, minlength=(hi - lo) * n).reshape(hi - lo, n)
        size = sizes[lo:hi, None].astype(np.float64)
        probs = [size - hull, hull - sinking.sum(axis=1)] + [sinking[:, c, :] for c in range(len(lengths))]
        h = np.zeros_like(hull)
        for p in probs:
            q = p / size
            with np.errstate(divide="ignore", invalid="ignore"):
                h -= np.where(q > 0, q * np.log2(np.where(q > 0, q, 1)), 0.0)
        h = np.round(h, 9)  # equal splits give equal entropies to the last bit; rounding makes sure
        h[fired[lo:hi]] = -1.0
        top = h == h.max(axis=1, keepdims=True)
        out[lo:hi] = np.argmax(np.where(top, hull, -1.0), axis=1)  # then density, then lowest index
    return out


def lookahead_choice(width: int = 4) -> Chooser:
    """One-step lookahead over the `width` densest cells: fire where the expected hits of this
    shot and the best next shot (density, after seeing this one's answer) are most. Ties to the
    denser cell. With width 1 it is the density hunter."""

    def choose(sp: Space, lv: Level) -> np.ndarray:
        n = sp.sea.cells
        k = 2 + sp.classes
        out = np.empty(lv.nodes, dtype=np.int64)
        for lo, hi in _blocks(lv.nodes, (n + 1) * k):
            hull = _hull_counts(sp, lv, lo, hi)
            # densest first, ties to the lowest index (a stable sort on -count)
            top = np.argsort(-hull, axis=1, kind="stable")[:, :width]
            rows = np.nonzero((lv.node >= lo) & (lv.node < hi))[0] if (lo, hi) != (0, lv.nodes) else np.arange(len(lv.node))
            local = lv.node[rows] - lo
            best = np.full(hi - lo, -1.0)
            pick = top[:, 0].copy()
            for r in range(top.shape[1]):
                cand = top[:, r]
                shot = cand[local]
                outcome = np.zeros(len(lv.node), dtype=np.int64)
                outcome[rows] = _outcome(sp, lv, shot, rows)
                excl = np.full(len(lv.node), -1, dtype=np.int64)
                excl[rows] = shot
                child = _hull_counts(sp, lv, lo, hi, exclude=excl, outcome=outcome, k=k)
                value = hull[np.arange(hi - lo), cand] + child.max(axis=2).sum(axis=1)
                valid = hull[np.arange(hi - lo), cand] > 0 if r else np.ones(hi - lo, dtype=bool)
                better = valid & (value > best)
                pick[better] = cand[better]
                best[better] = value[better]
            out[lo:hi] = pick
        return out

    return choose


@dataclass(frozen=True)
class TreeStats:
    levels: int
    nodes: int  # nodes of two or more berths searched


def run_tree(sp: Space, choose: Chooser, only: np.ndarray | None = None) -> tuple[np.ndarray, TreeStats]:
    """Shots to clear the sea for every entry of the space, with `choose` deciding at every node
    of the tree. A node with one berth left is finished at once: a density-driven hunter fires
    at its unfired hull cells, each a hit. With `only` (entry indices), follow only the nodes
    that hold one of them (every berth at such a node still counts in the choice); the shots of
    the others are -1."""
    n_all, n = len(sp), sp.sea.cells
    shots = np.full(n_all, -1, dtype=np.int64)
    lv = Level.root(sp)
    want = None
    if only is not None:
        want = np.zeros(n_all, dtype=bool)
        want[only] = True
    k = 2 + sp.classes
    depth = searched = 0
    while len(lv.idx):
        sizes = np.bincount(lv.node, minlength=lv.nodes)
        alone = sizes[lv.node] == 1
        if want is not None:  # drop nodes no wanted berth reaches
            reach = np.zeros(lv.nodes, dtype=bool)
            reach[lv.node[want[lv.idx]]] = True
            alone &= reach[lv.node]
            drop = ~reach[lv.node]
        else:
            drop = None
        if alone.any():  # the hunter knows the berth: each remaining shot is a hit
            shots[lv.idx[alone]] = depth + (lv.cells[:, alone] < n).sum(axis=0)
            drop = alone if drop is None else drop | alone
        if drop is not None and drop.any():
            lv = lv.keep(~drop)
            if not len(lv.idx):
                break
        searched += lv.nodes
        shot = choose(sp, lv)[lv.node]
        outcome = _outcome(sp, lv, shot)
        lv.fire(shot, n)
        depth += 1
        done = outcome >= 2
        if done.any():
            done[done] = (lv.cells[:, done] == n).all(axis=0)
            shots[lv.idx[done]] = depth
        lv = lv.keep(~done, lv.node * k + outcome, lv.nodes * k)
    return shots, TreeStats(depth, searched)


# -- the hunt-and-target family, played in batches ------------------------------------------------


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
    that sank a ship are that ship, since hulls never touch."""
    sea = sp.sea
    n = len(games)
    if strategy == "random":  # it clears the sea on its last hull cell: count the cells up to that one
        keys = _order_keys(sea, games, seed)
        last = keys[np.arange(n)[:, None], sp.cells[games]].max(axis=1)
        return (keys <= last[:, None]).sum(axis=1).astype(np.int64)
    order = hunting_order(sea, games, seed, parity=strategy == "parity")
    if strategy not in ("hunt-target", "parity"):
        raise ValueError(f"no batch strategy {strategy!r}")
    ships = sp.ships[games]
    hull = sp.hull[games]
    fired = np.zeros(n, dtype=U64)
    sunk = np.zeros(n, dtype=U64)
    ptr = np.zeros(n, dtype=np.int64)
    shots = np.zeros(n, dtype=np.int64)
    live = np.arange(n)
    while len(live):
        f, hl = fired[live], hull[live]
        cand = targets(sea, f & hl, sunk[live], f)
        shot = np.empty(len(live), dtype=np.int64)
        aim = cand != 0
        shot[aim] = _bit_index(cand[aim] & (~cand[aim] + ONE))  # the lowest candidate cell
        hunt = np.nonzero(~aim)[0]
        while len(hunt):  # next unfired cell in the game's order
            g = live[hunt]
            cell = order[g, ptr[g]].astype(U64)
            seen = ((fired[g] >> cell) & ONE) == 1
            shot[hunt[~seen]] = cell[~seen]
            ptr[g[seen]] += 1
            hunt = hunt[seen]
        bit = ONE << shot.astype(U64)
        fired[live] |= bit
        done_ships = (ships[live] & ~fired[live][:, None]) == 0
        sunk[live] = np.bitwise_or.reduce(np.where(done_ships, ships[live], U64(0)), axis=1)
        shots[live] += 1
        live = live[(hull[live] & ~fired[live]) != 0]
    return shots


# -- strategies, evaluated -----------------------------------------------------------------------


@dataclass(frozen=True)
class Strategy:
    name: str
    about: str
    tree: Chooser | None = None  # decided at each node of the decision tree (deterministic)
    sample: int | None = None  # evaluated on this many uniformly drawn berths, not all


STRATEGIES: dict[str, Strategy] = {
    s.name: s
    for s in (
        Strategy("random", "fires at the unfired cells in a random order (seeded per game)"),
        Strategy("hunt-target", "hunts in a random order; after a hit, fires beside it until that ship sinks"),
        Strategy("parity", "hunt-target, hunting one colour of the checkerboard first"),
        Strategy("density", "fires where the most consistent berths put a hull (ties: lowest cell)", density_choice),
        Strategy("entropy", "fires where the answer is most uncertain (information gain; ties: density)", entropy_choice),
        Strategy("lookahead", "one-step lookahead over the 4 densest cells: this hit plus the best next", lookahead_choice(4)),
    )
}


@dataclass(frozen=True)
class Evaluation:
    strategy: str
    shots: np.ndarray  # per evaluated entry (each standing for `per_entry` named berths)
    entries: np.ndarray  # which entries were evaluated
    per_entry: int
    sampled: bool
    seconds: float
    nodes: int = 0

    @property
    def berths(self) -> int:
        return len(self.entries) * self.per_entry

    def mean(self) -> float:
        return float(self.shots.mean())

    def median(self) -> float:
        return float(np.median(self.shots))

    def max(self) -> int:
        return int(self.shots.max())

    def min(self) -> int:
        return int(self.shots.min())

    def shot_counts(self) -> dict[int, int]:
        """shots -> named berths taking that many."""
        v, c = np.unique(self.shots, return_counts=True)
        return {int(a): int(b) * self.per_entry for a, b in zip(v, c)}

    def score_counts(self, par: int = PAR) -> dict[int, int]:
        """the card's score -> named berths earning it."""
        v, c = np.unique(card_score(self.shots, par), return_counts=True)
        return {int(a): int(b) * self.per_entry for a, b in zip(v, c)}


def evaluate(strategy: str, sp: Space | None = None, seed: int = 0, sample: int | None = None,
             batch: int = 1 << 18) -> Evaluation:
    """`strategy` over every entry of the space (the card's, by default), or over `sample`
    entries drawn uniformly (seeded) without replacement."""
    import time

    sp = sp if sp is not None else space()
    st = STRATEGIES[strategy]
    sample = sample if sample is not None else st.sample
    t0 = time.perf_counter()
    if sample is not None and sample < len(sp):
        entries = np.sort(np.random.default_rng(seed).choice(len(sp), size=sample, replace=False))
    else:
        entries, sample = np.arange(len(sp)), None
    nodes = 0
    if st.tree is not None:
        shots, stats = run_tree(sp, st.tree, only=entries if sample is not None else None)
        shots, nodes = shots[entries], stats.nodes
    else:
        shots = np.concatenate([play_batch(sp, entries[a : a + batch], strategy, seed) for a in range(0, len(entries), batch)]) \
            if len(entries) else np.zeros(0, dtype=np.int64)
    return Evaluation(strategy, shots, entries, sp.per_entry, sample is not None, time.perf_counter() - t0, nodes)


# -- one game, shot by shot ---------------------------------------------------------------------


def play(strategy: str, berth: Berth | int, sp: Space | None = None, seed: int = 0) -> list[str]:
    """The cells `strategy` fires on, in order, against one berth (a Berth, or an entry of the
    space), until the sea is clear. Tree strategies replay the tree's path: at each shot the
    consistent set is every berth that would have answered alike so far."""
    sp = sp if sp is not None else space()
    target = berth if isinstance(berth, int) else sp.find(berth)
    st = STRATEGIES[strategy]
    if st.tree is None:
        return _play_batch_cells(sp, target, strategy, seed)
    lv = Level.root(sp)
    cells: list[str] = []
    while True:
        me = int(np.nonzero(lv.idx == target)[0][0])
        if (lv.cells[:, me] == sp.sea.cells).all():
            return cells
        shot = int(st.tree(sp, lv)[0])
        cells.append(sp.sea.name(shot))
        outcome = _outcome(sp, lv, np.full(len(lv.idx), shot))
        lv.fire(np.full(len(lv.idx), shot), sp.sea.cells)
        lv = lv.keep(outcome == outcome[me], np.zeros(len(lv.idx), dtype=np.int64), 1)


def _play_batch_cells(sp: Space, target: int, strategy: str, seed: int) -> list[str]:
    """The batch players' shots for one game, in order (replayed cell by cell)."""
    sea = sp.sea
    order = hunting_order(sea, np.array([target]), seed, parity=strategy == "parity")[0]
    hull = int(sp.hull[target])
    ships = [int(m) for m in sp.ships[target]]
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


# -- the coach's hint -----------------------------------------------------------------------------


def hit_odds(grid_state: str, sunk: Sequence[str], sp: Space | None = None) -> tuple[np.ndarray, int]:
    """For every cell, the share of legal berths consistent with this shot grid and sunk list
    that put a hull there; and how many named berths are consistent. Fired cells get 0.

    Consistent: every `x` on a hull, every `o` on open water, and the ships whose every cell is
    `x` are exactly the sunk ones. The LEDGER holds the grid and who is sunk, not the order of the
    shots, so this conditions on that (a hunter that remembers when each SUNK came can know a
    little more)."""
    sp = sp if sp is not None else space()
    sea = sp.sea
    if len(grid_state) != sea.cells or set(grid_state) - set(UNFIRED + MISS + HIT):
        raise ValueError(f"a grid-state is {sea.cells} marks of '{UNFIRED}', '{MISS}', '{HIT}'")
    names = [n for n, _ in sea.fleet]
    length = dict(sea.fleet)
    for n in sunk:
        if n not in length:
            raise ValueError(f"no ship called {n!r} in this fleet ({', '.join(names)})")
    hits = sum(1 << i for i, m in enumerate(grid_state) if m == HIT)
    misses = sum(1 << i for i, m in enumerate(grid_state) if m == MISS)
    ok = ((sp.hull & U64(misses)) == 0) & ((sp.hull & U64(hits)) == U64(hits))
    full = (sp.ships & ~U64(hits)) == 0  # (N, k): ships all struck
    if sp.named:
        want = np.array([n in sunk for n in names])
        lengths = [k for _, k in sea.fleet]
        order = sorted(range(len(lengths)), key=lambda j: (lengths.index(lengths[j]), j))
        ok &= np.all(full == want[order], axis=1)
    else:
        distinct = list(dict.fromkeys(k for _, k in sea.fleet))
        for c, k in enumerate(distinct):
            cols = [j for j, cc in enumerate(sp.ship_class) if cc == c]
            ok &= full[:, cols].sum(axis=1) == sum(1 for n in sunk if length[n] == k)
    rows = np.nonzero(ok)[0]
    if len(rows) == 0:
        raise ValueError("no legal berth fits this grid and sunk list")
    counts = np.bincount(sp.cells[rows].astype(np.int64).ravel(), minlength=sea.cells).astype(np.float64)
    odds = counts / len(rows)
    odds[[i for i, m in enumerate(grid_state) if m != UNFIRED]] = 0.0
    # every consistent cell set keeps the same number of namings, so shares are exact
    named = len(rows) * _namings(sea, sunk) if not sp.named else len(rows)
    return odds, named


def _namings(sea: Sea, sunk: Sequence[str]) -> int:
    """How many namings of one consistent cell set fit the sunk list: per length, the sunk names
    go round the struck hulls and the other names round the rest."""
    length = dict(sea.fleet)
    out = 1
    for k in set(length.values()):
        m = sum(1 for v in length.values() if v == k)
        s = sum(1 for n in sunk if length[n] == k)
        out *= math.factorial(s) * math.factorial(m - s)
    return out


def heatmap(grid_state: str, sunk: Sequence[str], sp: Space | None = None) -> str:
    """The coach's hint: the hit probability of every open cell, in percent, on the shot grid.

    Fired cells keep their marks (`o`, `x`); an open cell that no consistent berth holds shows
    `-`, a certain hull `100`; the densest open cell is named below.

    >>> print(heatmap("." * 9, [], space(Sea(3, 3, (("Sloop", 2), ("Gig", 1))))).splitlines()[1])
      1  42  33  42
    """
    sp = sp if sp is not None else space()
    sea = sp.sea
    odds, named = hit_odds(grid_state, sunk, sp)
    head = "   " + "".join(f"{COLUMNS[c]:>4}" for c in range(sea.cols))
    lines = [head]
    for r in range(sea.rows):
        row = []
        for c in range(sea.cols):
            i = r * sea.cols + c
            mark = grid_state[i]
            if mark != UNFIRED:
                row.append(f"{mark:>4}")
            elif odds[i] == 0:
                row.append(f"{'-':>4}")
            else:
                pct = 100 if odds[i] == 1 else min(99, max(1, round(odds[i] * 100)))
                row.append(f"{pct:>4}")
        lines.append(f"{r + 1:>3}" + "".join(row))
    best = int(np.argmax(odds))
    if odds[best] > 0:
        lines.append("")
        lines.append(
            f"Hit odds in percent over the {named:,} berths that fit what you have seen; "
            f"the likeliest open cell is {sea.name(best)} ({odds[best] * 100:.0f}%)."
        )
    return "\n".join(lines)


# -- the analysis --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Analysis:
    evals: tuple[Evaluation, ...]
    card_shots: dict[str, int]  # strategy -> shots against the card's berth
    named_berths: int
    cell_sets: int
    seconds: float


def analyze(strategies: Sequence[str], sp: Space | None = None, berth: Berth | None = None, seed: int = 0,
            samples: dict[str, int] | None = None, progress: Callable[[str], None] | None = None) -> Analysis:
    """Each strategy over every berth of the space (or over `samples[name]` berths drawn
    uniformly), and the shots each takes against `berth` (the card's)."""
    import time

    t0 = time.perf_counter()
    sp = sp if sp is not None else space()
    samples = samples or {}
    target = sp.find(berth) if berth is not None else None
    evals, card_shots = [], {}
    for name in strategies:
        if progress:
            progress(name)
        n = samples.get(name)
        ev = evaluate(name, sp, seed=seed, sample=n)
        if target is not None:
            hit = np.nonzero(ev.entries == target)[0]
            card_shots[name] = int(ev.shots[hit[0]]) if len(hit) else len(play(name, target, sp, seed))
        evals.append(ev)
    return Analysis(tuple(evals), card_shots, sp.named_berths, len(sp), time.perf_counter() - t0)


def report(a: Analysis, par: int = PAR) -> str:
    """The analysis as a terminal table: shots (mean, median, max), the card's score, the shots
    against the card's berth, and how each was evaluated."""
    lines = [
        f"legal berths: {a.named_berths:,} named ({a.cell_sets:,} cell sets, each 4 namings)",
        "",
        f"{'strategy':<12} {'berths':>11} {'mean':>7} {'median':>6} {'min':>4} {'max':>4} {'score':>6} {'card':>5}  seconds",
    ]
    for e in a.evals:
        mean_score = float(np.mean(card_score(e.shots, par)))
        card = a.card_shots.get(e.strategy)
        lines.append(
            f"{e.strategy:<12} {e.berths:>11,} {e.mean():>7.3f} {e.median():>6.1f} {e.min():>4} {e.max():>4} "
            f"{mean_score:>6.2f} {card if card is not None else '-':>5}  {e.seconds:>6.1f}"
            + ("  (uniform sample)" if e.sampled else "")
        )
    lines += ["", "score: the card's SCORING, 100 - (shots - 10), mean over the berths; card: shots against the card's berth.",
              "", "the card's score, share of berths (score bands of 5):"]
    bands = list(range(100, 40, -5))
    lines.append(f"{'strategy':<12} " + " ".join(f"{b:>5}" for b in bands))
    for e in a.evals:
        sc = card_score(e.shots, par)
        row = []
        for b in bands:  # band b holds scores b..b+4 (100 alone)
            hi = 100 if b == 100 else b + 4
            row.append(f"{np.mean((sc >= b) & (sc <= hi)) * 100:>4.1f}%")
        lines.append(f"{e.strategy:<12} " + " ".join(row))
    return "\n".join(lines)


DEFAULT_SAMPLES: dict[str, int] = {}  # every strategy runs over every berth by default (about 4 min in all)


def run_analysis(out_dir: str, strategies: Sequence[str] | None = None, sample: int | None = None,
                 seed: int = 0, plot: bool = True, echo: Callable[[str], None] = print) -> int:
    """`cardgm analyze deadreckoning`: each strategy over every legal berth (or, with `sample`,
    over that many cell sets drawn uniformly), a table, the shots against the card's berth, and
    a plot (PNG and SVG) in `out_dir`. Returns the exit status."""
    from cardgm import seal
    from cardgm.card import load_card
    from cardgm.games.deadreckoning.notation import card_berth

    names = list(strategies) if strategies else list(STRATEGIES)
    unknown = [s for s in names if s not in STRATEGIES]
    if unknown:
        echo(f"no strategy {', '.join(unknown)}; there are: {', '.join(STRATEGIES)}")
        return 2
    card = load_card("deadreckoning")
    berth = card_berth(card.section("GM-ONLY"))
    sp = space()
    counted = len(seal.all_berths())
    echo(f"{card.title}: enumerating every legal berth … {sp.named_berths:,} named berths "
         f"({'equal to' if counted == sp.named_berths else 'NOT equal to'} cardgm.seal's count, {counted:,}).")
    samples = {s: sample for s in names} if sample else {s: n for s, n in DEFAULT_SAMPLES.items() if s in names}
    for s in names:
        echo(f"  {s}: {STRATEGIES[s].about}" + (f" [uniform sample of {samples[s]:,} cell sets, seed {seed}]" if s in samples else ""))
    a = analyze(names, sp, berth, seed=seed, samples=samples)
    echo("")
    echo(report(a))
    echo("")
    echo("the card's berth (GM-ONLY: THE FLEET), shot by shot:")
    for s in names:
        echo(f"  {s:<12} {a.card_shots[s]:>2} shots: {' '.join(play(s, berth, sp, seed))}")
    if plot:
        from cardgm.solve.plot import shots_plot

        echo("")
        try:
            paths = shots_plot(a.evals, out_dir, a.card_shots)
        except ImportError:
            echo("plots skipped: matplotlib is not installed (pip install matplotlib)")
        else:
            echo("plots: " + ", ".join(str(p) for p in paths))
    return 0 if counted == sp.named_berths else 1
