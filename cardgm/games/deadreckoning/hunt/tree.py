"""The tree strategies (density, entropy, lookahead), evaluated exactly over every berth as a
decision tree, level by level.

Every berth still afloat sits at the node of everything seen so far; the strategy's shot at a
node is a function of the berths there (the consistent set); the shot splits them by outcome. A
node of one berth needs no more search: the density hunter then fires at its unfired hull cells,
a hit each.

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
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from cardgm.games.deadreckoning.hunt.space import Space

U64 = np.uint64
ONE = U64(1)
CHUNK = 1 << 25  # table entries (node x cell) worked at once: keeps memory near 300 MB


def _popcount(x: np.ndarray) -> np.ndarray:
    return np.bitwise_count(x)



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

