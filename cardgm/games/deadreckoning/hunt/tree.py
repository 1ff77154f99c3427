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

A uniform sample of the berths (`only`) follows only the nodes its games reach, but near the root
every node is reached, so the first dozen levels cost what the whole table costs. With an
opening book (`Book`: the strategy's shot at every node of more than a dozen berths, worked
out once over the whole table) the sample reads those shots instead, follows its games down
through the book's nodes all together, a shot a step, their berths as bitsets kept only in the
words that hold one (`_descend`), and counts berths only at the small nodes its games reach: work
in proportion to the sample, every shot the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from cardgm.games.deadreckoning.hunt.space import Sea, Space

__all__ = ["Level", "Book", "opening_book", "Chooser", "density_choice", "entropy_choice", "lookahead_choice", "ROLLOUT_LIMIT",
           "rollout_choice", "play_out", "run_tree", "TreeStats"]

U64 = np.uint64
ONE = U64(1)
BLOCK = 1 << 22  # table entries (node x cell) counted at once: each table stays near 32 MB
LIMIT = 1 << 16  # berths in one part of a level: small enough for the work to stay in the cache
STRIDE = 1 << 18  # berths counted at once


@dataclass
class Level:
    """Berths still afloat at one depth of the tree, grouped by node (everything seen so far).
    `cells[:, i]`: berth i's hull cells, ship by ship as the space lists them, each struck one
    replaced by the sea's cell count (a bin past the sea, so counting skips it); stored one hull
    cell per row so that each row is one contiguous vector. `left[i]`: how many are unstruck.
    `fired[j]`: the cells node j has fired on (every berth of a node has seen the same shots).
    `answers[j]`, kept only when asked for (an opening book's key): node j's answers so far, one
    base-k digit each (k = 2 + classes) after a leading 1; 0 once too deep for 64 bits."""

    idx: np.ndarray  # (n,) int32 into the space
    node: np.ndarray  # (n,) int64, dense 0..nodes-1
    nodes: int
    cells: np.ndarray  # (hull_cells, n) uint8
    left: np.ndarray  # (n,) uint8
    fired: np.ndarray  # (nodes,) uint64
    answers: np.ndarray | None = None  # (nodes,) uint64, or None when not kept

    @classmethod
    def root(cls, sp: Space, answers: bool = False) -> Level:
        n = len(sp)
        return cls(np.arange(n, dtype=np.int32), np.zeros(n, dtype=np.int64), 1 if n else 0, np.ascontiguousarray(sp.cells.T),
                   np.full(n, sp.sea.hull_cells, dtype=np.uint8), np.zeros(1 if n else 0, dtype=U64),
                   np.ones(1 if n else 0, dtype=U64) if answers else None)

    def keep(self, mask: np.ndarray | None, key: np.ndarray | None = None, fired: np.ndarray | None = None,
             answers: np.ndarray | None = None) -> Level:
        """The berths where `mask` holds (None: all), at new nodes `key` (berth -> index into
        `fired`, the cells fired at each, and `answers`; by default the nodes they are at),
        numbered densely in the order of `key`."""
        if key is None:
            key, fired, answers = self.node, self.fired, self.answers
        assert fired is not None
        if mask is not None:
            rows = np.flatnonzero(mask)
            key, idx, left = key[rows], self.idx[rows], self.left[rows]
            cells = _take(self.cells, rows)
        else:
            idx, cells, left = self.idx, self.cells, self.left
        present = np.zeros(len(fired), dtype=bool)
        present[key] = True
        new = np.cumsum(present) - 1
        return Level(idx, new[key], int(new[-1]) + 1 if len(new) else 0, cells, left, fired[present],
                     None if answers is None else answers[present])


def _take(cells: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """cells[:, rows], row by row: a 2-D take is several times slower."""
    out = np.empty((len(cells), len(rows)), dtype=cells.dtype)
    for j, row in enumerate(cells):
        np.take(row, rows, out=out[j])
    return out


Chooser = Callable[[Space, Level], np.ndarray]  # -> the shot (cell index) for every node


def _fired_cells(fired: np.ndarray, cells: int) -> np.ndarray:
    """(len(fired), cells) bool: the cells in each mask."""
    return ((fired[:, None] >> np.arange(cells, dtype=U64)) & ONE).astype(bool)


def _rows(lv: Level, lo: int, hi: int) -> np.ndarray | slice:
    return slice(None) if lo == 0 and hi == lv.nodes else np.nonzero((lv.node >= lo) & (lv.node < hi))[0]


_SCRATCH: list[np.ndarray] = [np.empty(0, dtype=np.int64)]


def _scratch(shape: tuple[int, ...]) -> np.ndarray:
    """An int64 work array of this shape, carved from one buffer kept between calls."""
    size = math.prod(shape)
    if _SCRATCH[0].size < size:
        _SCRATCH[0] = np.empty(size, dtype=np.int64)
    return _SCRATCH[0][:size].reshape(shape)


def _tally(base: np.ndarray, cells: np.ndarray, bins: int) -> np.ndarray:
    """np.bincount of every `base[i] + cells[j, i]` (bins past `bins` dropped), a stride of
    berths at a time, the keys written into one reused buffer: a fresh one each time would cost
    more than the counting."""
    counts = np.zeros(bins, dtype=np.int64)
    for a in range(0, len(base), STRIDE):
        keys = _scratch((len(cells), min(STRIDE, len(base) - a)))
        np.add(base[a : a + STRIDE][None, :], cells[:, a : a + STRIDE], out=keys)
        counts += np.bincount(keys.ravel(), minlength=bins)[:bins]
    return counts


def _hull_counts(sp: Space, lv: Level, lo: int, hi: int) -> np.ndarray:
    """(hi - lo, cells): for nodes lo..hi-1, how many berths there put an unstruck hull cell on
    each cell (a fired cell counts 0)."""
    rows = _rows(lv, lo, hi)
    n = sp.sea.cells
    node = lv.node[rows] - lo if lo else lv.node[rows]
    cells = lv.cells if isinstance(rows, slice) else _take(lv.cells, rows)
    return _tally(node * (n + 1), cells, (hi - lo) * (n + 1)).reshape(hi - lo, n + 1)[:, :n]


def _blocks(nodes: int, width: int) -> list[tuple[int, int]]:
    step = max(1, BLOCK // width)
    return [(a, min(nodes, a + step)) for a in range(0, nodes, step)]


def density_choice(sp: Space, lv: Level) -> np.ndarray:
    """Probability density: the cell that the most consistent berths put a hull on; ties to the
    lowest cell index (A1, B1 … H1, A2 …). Only unfired hull cells are counted, so the shot is
    never a repeat."""
    out = np.empty(lv.nodes, dtype=np.int64)
    for lo, hi in _blocks(lv.nodes, sp.sea.cells + 1):
        out[lo:hi] = np.argmax(_hull_counts(sp, lv, lo, hi), axis=1)
    return out


def _afloat(sp: Space, cells: np.ndarray) -> list[np.ndarray]:
    """For each ship, berth by berth, what striking it answers: 1 HIT, or 2 + its class SUNK
    where only one of its cells is unstruck (uint8)."""
    n = sp.sea.cells
    return [1 + (_count(cells[sl] < n) == 1).view(np.uint8) * np.uint8(1 + c) for sl, c in zip(sp.ship_slices, sp.ship_class)]


def _answers(sp: Space, cells: np.ndarray, shot: np.ndarray, afloat: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """What firing `shot[i]` answers for the berth of column i of `cells` (struck cells read as
    the sea's cell count; `afloat` from `_afloat`): 0 MISS, 1 HIT, 2 + class SUNK (uint8); and
    where it strikes (`cells == shot`). Rows are combined one by one: numpy's reductions over a
    short first axis are far slower."""
    eq = cells == shot.astype(np.uint8, copy=False)[None, :]
    out = np.zeros(cells.shape[1], dtype=np.uint8)
    for sl, answer in zip(sp.ship_slices, afloat):
        out += _any(eq[sl]).view(np.uint8) * answer  # a shot strikes one ship at most
    return out, eq


def _any(rows: np.ndarray) -> np.ndarray:
    out = rows[0].copy()
    for r in rows[1:]:
        out |= r
    return out


def _all(rows: np.ndarray) -> np.ndarray:
    out = rows[0].copy()
    for r in rows[1:]:
        out &= r
    return out


def _least(rows: np.ndarray) -> np.ndarray:
    out = rows[0].copy()
    for r in rows[1:]:
        np.minimum(out, r, out=out)
    return out


def _count(rows: np.ndarray) -> np.ndarray:
    """How many of the rows hold, column by column (uint8)."""
    out = rows[0].astype(np.uint8)
    for r in rows[1:]:
        out += r
    return out


def entropy_choice(sp: Space, lv: Level) -> np.ndarray:
    """Information gain: the unfired cell whose answer is most uncertain over the consistent
    berths, in bits; ties to the higher density, then the lowest index. The answer is MISS, HIT,
    or SUNK with the sunk hull's length: which of two same-length names it was tells nothing of
    where any hull lies, so it is not counted as information.

    Worked out only where a berth puts a hull (elsewhere the answer is a sure MISS: 0 bits)."""
    n = sp.sea.cells
    lengths = sorted(set(sp.class_length))
    nl = len(lengths)
    k = 2 + nl
    out = np.empty(lv.nodes, dtype=np.int64)
    sizes = np.bincount(lv.node, minlength=lv.nodes)
    fired = _fired_cells(lv.fired, n)
    # the berths one cell short of sinking a ship: their node, and (length, that cell)
    sink_node, sink_at = [], []
    for sl, c, answer in zip(sp.ship_slices, sp.ship_class, _afloat(sp, lv.cells)):
        sc = lv.cells[sl]
        one = np.flatnonzero(answer > 1)
        if len(one):
            sink_node.append(lv.node[one])
            sink_at.append(lengths.index(sp.class_length[c]) * n + _least(sc)[one])  # struck cells read n
    sink_node_all = np.concatenate(sink_node) if sink_node else np.zeros(0, dtype=np.int64)
    sink_at_all = np.concatenate(sink_at).astype(np.int64) if sink_at else np.zeros(0, dtype=np.int64)
    for lo, hi in _blocks(lv.nodes, (n + 1) * k):
        hull_int = _hull_counts(sp, lv, lo, hi)
        nz = np.nonzero(hull_int)
        if (lo, hi) == (0, lv.nodes):
            sink_key = sink_node_all * (nl * n) + sink_at_all
        else:
            sel = (sink_node_all >= lo) & (sink_node_all < hi)
            sink_key = (sink_node_all[sel] - lo) * (nl * n) + sink_at_all[sel]
        sinking = np.bincount(sink_key, minlength=(hi - lo) * nl * n).reshape(hi - lo, nl, n)
        hull = hull_int[nz].astype(np.float64)
        sink = sinking[nz[0], :, nz[1]].astype(np.float64)  # (pairs, lengths)
        size = sizes[lo:hi][nz[0]].astype(np.float64)
        probs = [size - hull, hull - sink.sum(axis=1)] + [sink[:, c] for c in range(nl)]
        h = np.zeros_like(hull)
        for p in probs:
            q = p / size
            with np.errstate(divide="ignore", invalid="ignore"):
                h -= np.where(q > 0, q * np.log2(np.where(q > 0, q, 1)), 0.0)
        bits = np.zeros(hull_int.shape)
        bits[nz] = np.round(h, 9)  # equal splits give equal entropies to the last bit; rounding makes sure
        bits[fired[lo:hi]] = -1.0
        top = bits == bits.max(axis=1, keepdims=True)
        out[lo:hi] = np.argmax(np.where(top, hull_int, -1), axis=1)  # then density, then lowest index
    return out


def lookahead_choice(width: int = 4) -> Chooser:
    """One-step lookahead over the `width` densest cells: fire where the expected hits of this
    shot and the best next shot (density, after seeing this one's answer) are most. Ties to the
    denser cell. With width 1 it is the density hunter.

    Counted without a table per answer: the berths that MISS a candidate are those without it,
    so their counts are the node's less those of the berths holding it; the berths it would
    SINK a ship of are few, counted apart, and the rest of its holders are its HITs."""

    def choose(sp: Space, lv: Level) -> np.ndarray:
        n = sp.sea.cells
        sinks = sp.classes  # a SUNK answer for each class
        out = np.empty(lv.nodes, dtype=np.int64)
        afloat = _afloat(sp, lv.cells)
        for lo, hi in _blocks(lv.nodes, (n + 1) * width):
            nodes = hi - lo
            hull = _hull_counts(sp, lv, lo, hi)
            # densest first, ties to the lowest index (a stable sort on -count)
            top = np.argsort(-hull, axis=1, kind="stable")[:, :width]
            w = top.shape[1]
            rows = _rows(lv, lo, hi)
            if isinstance(rows, slice):
                rows = np.arange(len(lv.node))
            holding = np.zeros((nodes, w, n + 1), dtype=np.int64)  # berths holding each candidate, by cell
            sunk_group, sunk_cells = [], []
            for a in range(0, len(rows), STRIDE):  # a stride of berths at a time: the temporaries stay small
                part = rows[a : a + STRIDE]
                local = lv.node[part] - lo
                cells = _take(lv.cells, part)
                left = [f[part] for f in afloat]
                for r in range(w):
                    cand = top[local, r]
                    answer = _answers(sp, cells, cand, left)[0]
                    holds = np.flatnonzero(answer)
                    held = _take(cells, holds)
                    # the candidate itself is struck now: out of the count
                    np.maximum(held, np.multiply(held == cand[holds].astype(np.uint8)[None, :], np.uint8(n), dtype=np.uint8), out=held)
                    holding[:, r, :] += _tally(local[holds] * (n + 1), held, nodes * (n + 1)).reshape(nodes, n + 1)
                    sunk = np.flatnonzero(answer[holds] >= 2)
                    if len(sunk):
                        sunk_group.append((local[holds[sunk]] * w + r) * sinks + answer[holds[sunk]] - 2)
                        sunk_cells.append(held[:, sunk])
            counts = holding[..., :n]
            hits = counts.copy()  # the HIT answers: the holders less those it sinks a ship of
            best_next = np.zeros((nodes, w), dtype=np.int64)
            if sunk_group:
                # the SUNK answers, counted over the (node, candidate, class) that have any
                group = np.concatenate(sunk_group)
                present = np.zeros(nodes * w * sinks, dtype=bool)
                present[group] = True
                dense = np.cumsum(present) - 1
                groups = np.flatnonzero(present)
                sunk_counts = _tally(dense[group] * (n + 1), np.concatenate(sunk_cells, axis=1), len(groups) * (n + 1))
                sunk_counts = sunk_counts.reshape(len(groups), n + 1)[:, :n]
                # groups rise, so the classes of one (node, candidate) lie side by side: sum them there
                owner = groups // sinks
                starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
                hits.reshape(-1, n)[owner[starts]] -= np.add.reduceat(sunk_counts, starts, axis=0)
                best_next.reshape(-1)[owner[starts]] += np.add.reduceat(sunk_counts.max(axis=1), starts)
            best_next += hits.max(axis=2)
            miss = hull[:, None, :] - counts  # the berths without the candidate
            miss[np.arange(nodes)[:, None], np.arange(w)[None, :], top] = 0
            best_next += miss.max(axis=2)
            at = np.take_along_axis(hull, top, axis=1)
            value = at + best_next
            best = np.full(nodes, -1)
            pick = top[:, 0].copy()
            for r in range(w):
                valid = at[:, r] > 0 if r else np.ones(nodes, dtype=bool)
                better = valid & (value[:, r] > best)
                pick[better] = top[better, r]
                best[better] = value[better, r]
            out[lo:hi] = pick
        return out

    return choose


# The rollout hunter plays out its candidates at nodes of at most this many cell sets: about a
# second for the coach's hint on a loaded two-core machine (docs/performance-hunt.md); density
# fires above it.
ROLLOUT_LIMIT = 100_000


def rollout_choice(width: int = 3, limit: int | None = ROLLOUT_LIMIT) -> Chooser:
    """Density with one step of policy rollout: for each of the `width` densest cells, play the
    density hunter to the end over every consistent berth after firing that cell first, and
    fire the cell whose total is least; ties to the denser cell (the density hunter's own shot
    first). With `limit`, only at nodes of at most `limit` berths; larger ones fire density's
    shot (the coach's hint: a play-out over millions of berths takes too long for a player).

    Never worse than density, evaluated exactly: wherever it leaves density's shot, the shot it
    takes does better from there on density's own play, and so, by induction from the last
    shots up, does every node above it.

    Exact, not sampled: each candidate's play-out runs density's tree over the node's berths."""

    def choose(sp: Space, lv: Level) -> np.ndarray:
        nodes = lv.nodes
        hull = np.concatenate([_hull_counts(sp, lv, lo, hi) for lo, hi in _blocks(nodes, sp.sea.cells + 1)])
        top = np.argsort(-hull, axis=1, kind="stable")[:, :width]  # densest first, ties to the lowest index
        out = top[:, 0].copy()  # density's shot
        small = np.ones(nodes, dtype=bool) if limit is None else np.bincount(lv.node, minlength=nodes) <= limit
        if not small.any():
            return out
        part = lv if small.all() else lv.keep(small[lv.node])  # its nodes: those of `small`, in order
        top, hull = top[small], hull[small]
        cost = np.full(top.shape, np.inf)
        for r in range(top.shape[1]):
            first = top[:, r]
            valid = hull[np.arange(len(top)), first] > 0  # a cell no berth holds is a sure miss: never better
            if not valid.any():
                continue
            shots = play_out(sp, part, density_choice, first)
            cost[valid, r] = np.bincount(part.node, weights=shots, minlength=part.nodes)[valid]
        out[small] = top[np.arange(len(top)), np.argmin(cost, axis=1)]  # argmin takes the first of equals
        return out

    return choose


def play_out(sp: Space, lv: Level, choose: Chooser, first: np.ndarray) -> np.ndarray:
    """Shots from here to a clear sea for every berth of `lv` (in its order), when each node
    fires `first[node]` and then plays by `choose`. `lv` is left as it was."""
    start = Level(np.arange(len(lv.idx), dtype=np.int32), lv.node, lv.nodes, lv.cells.copy(), lv.left.copy(), lv.fired)
    shots, _ = run_tree(sp, choose, start=start, first=first)
    return shots


@dataclass(frozen=True, eq=False)
class Book:
    """A tree strategy's opening book: its shot at every node of more than `over` berths (cell
    sets), keyed by the node's answers so far (`Level.answers`). Near the root a node holds
    millions of berths and every game passes through it, so a sample of a few thousand games
    still counts nearly the whole table there; those nodes are few (the first answers are mostly
    misses), and with their shots read from the book a sample counts only the nodes of at most
    `over` berths that its games reach. Below the book every shot is worked out from the node's
    berths as ever, so every shot is the strategy's own (`opening_book` builds it by running the
    tree)."""

    keys: np.ndarray  # (entries,) uint64, ascending
    shots: np.ndarray  # (entries,) uint8, the shot at each key's node
    sizes: np.ndarray  # (entries,) uint32, the cell sets at each key's node
    over: int

    def __len__(self) -> int:
        return len(self.keys)

    def shots_at(self, answers: np.ndarray) -> np.ndarray:
        """The book's shot at each node of these answers (int64); -1 where it has none."""
        if not len(self.keys):
            return np.full(len(answers), -1, dtype=np.int64)
        at = np.minimum(np.searchsorted(self.keys, answers), len(self.keys) - 1)
        return np.where(self.keys[at] == answers, self.shots[at].astype(np.int64), -1)

    def sizes_at(self, answers: np.ndarray) -> np.ndarray:
        """The cell sets at each node of these answers (int64); 0 where the book has none."""
        if not len(self.keys):
            return np.zeros(len(answers), dtype=np.int64)
        at = np.minimum(np.searchsorted(self.keys, answers), len(self.keys) - 1)
        return np.where(self.keys[at] == answers, self.sizes[at].astype(np.int64), 0)


def opening_book(sp: Space, choose: Chooser, over: int) -> Book:
    """The shots `choose` takes at every node of more than `over` berths: the tree run down to
    those nodes only (the smaller ones are not played). A node too deep for its answers to fit a
    64-bit key is left out (a sample works its shot out there, as below the book)."""
    keys: list[np.ndarray] = []
    shots: list[np.ndarray] = []
    sizes: list[np.ndarray] = []

    def record(sp: Space, lv: Level) -> np.ndarray:
        out = choose(sp, lv)
        assert lv.answers is not None
        keys.append(lv.answers.copy())  # every node here is over `over`: run_tree stops below
        shots.append(out.astype(np.uint8))
        sizes.append(np.bincount(lv.node, minlength=lv.nodes).astype(np.uint32))
        return out

    run_tree(sp, record, answers=True, stop=over)
    if not keys:
        return Book(np.zeros(0, dtype=U64), np.zeros(0, dtype=np.uint8), np.zeros(0, dtype=np.uint32), over)
    k = np.concatenate(keys)
    kept = np.flatnonzero(k)  # a node too deep for a 64-bit key is left out: a sample works its shot out
    order = kept[np.argsort(k[kept])]
    return Book(k[order], np.concatenate(shots)[order], np.concatenate(sizes)[order], over)


# A sample's games are followed down from the root through the book's nodes of more than SWITCH
# cell sets without the berths' rows: the berths of every node they reach as bitsets over the
# whole table, kept only in their words that hold one (`_descend`); `run_tree` takes over below.
SWITCH = 0


@cache
def _cell_bits(sp: Space) -> np.ndarray:
    """(cells + 1, words) uint64: bit i of row c says entry i puts a hull on cell c; the last
    row, a cell past the sea, is empty (32 MB for the card's sea, made once)."""
    n, words = len(sp), (len(sp) + 63) // 64
    out = np.zeros((sp.sea.cells + 1, words * 8), dtype=np.uint8)
    step = 1 << 18  # entries at a time: a multiple of 64, so each part fills whole words
    for a in range(0, n, step):
        part = np.unpackbits(sp.hull[a : a + step].view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
        part = np.ascontiguousarray(part[:, : sp.sea.cells].T)  # packed along its rows: twice as fast as down its columns
        out[: sp.sea.cells, a // 8 : a // 8 + (part.shape[1] + 7) // 8] = np.packbits(part, axis=1, bitorder="little")
    return out.view(U64)


def _across(masks: np.ndarray, sea: Sea) -> np.ndarray:
    """The cells beside a cell of each mask in its row (not round the sea's edge)."""
    first = U64(sum(1 << (r * sea.cols) for r in range(sea.rows)))
    last = first << U64(sea.cols - 1)
    return ((masks << ONE) & ~first) | ((masks >> ONE) & ~last)


def _down(masks: np.ndarray, sea: Sea) -> np.ndarray:
    """The cells above or below a cell of each mask."""
    rows = U64(sea.cols)
    return ((masks << rows) | (masks >> rows)) & U64((1 << sea.cells) - 1)


def _lowest(masks: np.ndarray, past: int) -> np.ndarray:
    """The lowest cell of each mask; `past` where it is empty."""
    low = np.where(masks == 0, ONE, masks & (~masks + ONE))
    return np.where(masks == 0, past, np.log2(low.astype(np.float64)).astype(np.int64))  # a power of two: exact


def _sinking(sp: Space, hits: np.ndarray, fired: np.ndarray, shot: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For nodes with these hits and cells fired, each firing `shot`: the cells a berth must
    leave empty for the shot to sink the ship it hits (as up to four cells, the sea's cell count
    where fewer), and the class it sinks. Hulls never touch, not even at a corner, so the ship
    the shot hits holds the run of hits joined to its cell across or down, and is that run
    exactly when the cells just past its ends, or around a lone cell, hold no hull: those not yet
    fired (a fired one is a miss)."""
    sea = sp.sea
    run = ONE << shot.astype(U64)
    for _ in range(max(sp.class_length) - 1):
        run |= (_across(run, sea) | _down(run, sea)) & hits
    lying = (_across(run, sea) & run) != 0  # a run across
    standing = (_down(run, sea) & run) != 0
    ends = np.where(lying, _across(run, sea), np.where(standing, _down(run, sea), _across(run, sea) | _down(run, sea)))
    ends &= ~run & ~fired
    empty = np.empty((4, len(shot)), dtype=np.int64)
    for i in range(4):
        empty[i] = _lowest(ends, sea.cells)
        ends &= ends - ONE
    length = np.zeros(len(shot), dtype=np.int64)
    while (run != 0).any():
        length += run != 0
        run &= run - ONE
    klass = np.zeros(2 * max(sp.class_length), dtype=np.int64)  # a run past a ship's length: a shot no berth holds
    for c, n in enumerate(sp.class_length):
        klass[n] = c
    return empty, klass[length]


def _descend(sp: Space, book: Book, want: np.ndarray, follow: int | None,
             path: list[int] | None) -> list[tuple[Level, int]]:
    """The nodes where the games of the entries `want` leave the book's big nodes (the first of
    at most `SWITCH` cell sets, or the first the book has no shot for), each with every berth
    there, as levels by depth: where `run_tree` picks up. From the root down, every node a game
    reaches a step at a time, its berths as a bitset over the whole table kept only in the words
    that hold one of them: a miss keeps the words' berths without a hull on the shot, a hit those
    with one, and of those a SUNK answer those that hold no hull where the ship would go on
    (`_sinking`); a child is followed when it holds a wanted berth. The cells fired against
    `follow` on the way are appended to `path`. Only for cell sets (`Space.named` False): there a
    SUNK answer's class is its length."""
    k = 2 + sp.classes
    deepest = U64((1 << 63) // k)  # a node's children have keys only below this (`_next_answers`)
    bits = _cell_bits(sp)
    width = bits.shape[1]
    flat = bits.ravel()
    wanted = np.zeros(width * 64, dtype=bool)
    wanted[want] = True
    wanted = np.packbits(wanted, bitorder="little").view(U64)
    word = np.arange(width, dtype=np.int64)  # the words of each node's bitset that hold a berth of it ...
    value = np.zeros(width, dtype=U64)  # ... and those words: at the root, every entry
    value[: len(sp) // 64] = ~U64(0)
    if len(sp) % 64:
        value[len(sp) // 64] = (ONE << U64(len(sp) % 64)) - ONE
    node = np.zeros(width, dtype=np.int64)
    key, fired, hits, depth = (np.ones(1, dtype=U64), np.zeros(1, dtype=U64), np.zeros(1, dtype=U64),
                               np.zeros(1, dtype=np.int64))
    answered = np.array([0, 1] + [1] * sp.classes, dtype=U64)  # which answers are hits
    found: list[tuple[np.ndarray, ...]] = []  # (word, value, node, and each node's key, fired, depth)
    while len(word):
        at = np.minimum(np.searchsorted(book.keys, key), len(book.keys) - 1)
        stop = (book.keys[at] != key) | (book.sizes[at] <= SWITCH) | (key >= deepest)
        if stop.any():
            there = stop[node]
            found.append((word[there], value[there], (np.cumsum(stop) - 1)[node[there]], key[stop], fired[stop], depth[stop]))
            go, rest = ~stop, ~there
            word, value, node = word[rest], value[rest], (np.cumsum(go) - 1)[node[rest]]
            key, fired, hits, depth, at = key[go], fired[go], hits[go], depth[go], at[go]
            if not len(word):
                break
        shot = book.shots[at].astype(np.int64)
        if path is not None and follow is not None:
            mine = np.flatnonzero((word == follow >> 6) & ((value >> U64(follow & 63)) & ONE).astype(bool))
            if len(mine):
                path.append(int(shot[node[mine[0]]]))
        empty, sinks = _sinking(sp, hits, fired, shot)
        hit = value & flat[(shot * width)[node] + word]
        some = np.flatnonzero(hit)
        at, where = node[some], word[some]
        sunk = hit[some]
        for cells in empty[: int(np.count_nonzero(empty < sp.sea.cells, axis=0).max(initial=0))]:
            sunk &= ~flat[(cells * width)[at] + where]
        sank = np.flatnonzero(sunk)
        child = np.concatenate([node * k, at * k + 1, at[sank] * k + 2 + sinks[at[sank]]])
        word = np.concatenate([word, where, where[sank]])
        value = np.concatenate([value ^ hit, hit[some] ^ sunk, sunk[sank]])
        reached = np.zeros(len(key) * k, dtype=bool)
        reached[child[(value & wanted[word]) != 0]] = True
        keep = np.flatnonzero((value != 0) & reached[child])
        child = child[keep]
        present = np.zeros(len(key) * k, dtype=bool)
        present[child] = True
        word, value, node = word[keep], value[keep], (np.cumsum(present) - 1)[child]
        bit = ONE << shot.astype(U64)
        key = (key[:, None] * U64(k) + np.arange(k, dtype=U64)[None, :]).ravel()[present]
        depth = np.repeat(depth + 1, k)[present]
        fired = np.repeat(fired | bit, k)[present]
        hits = (np.repeat(hits, k) | np.tile(answered, len(bit)) * np.repeat(bit, k))[present]
    if not found:
        return []
    counted = np.cumsum([0] + [len(f[3]) for f in found])[:-1]  # the nodes found before each part
    word, value = np.concatenate([f[0] for f in found]), np.concatenate([f[1] for f in found])
    node = np.concatenate([f[2] + c for f, c in zip(found, counted)])
    berths = np.unpackbits(value.view(np.uint8), bitorder="little").reshape(len(value), 64)
    row, bit_at = np.nonzero(berths)
    return _levels(sp, word[row] * 64 + bit_at, node[row], *(np.concatenate([f[i] for f in found]) for i in (3, 4, 5)))


def _levels(sp: Space, idx: np.ndarray, node: np.ndarray, key_of: np.ndarray, fired_of: np.ndarray,
            depth_of: np.ndarray) -> list[tuple[Level, int]]:
    """The berths `idx` at nodes `node` (of these keys, cells fired and depths) as levels, one
    for each depth, each berth's struck cells reading the sea's cell count."""
    cells = sp.sea.cells
    levels = []
    for d in np.unique(depth_of):
        rows = np.flatnonzero(depth_of[node] == d)
        mine = np.flatnonzero(depth_of == d)  # the nodes of this depth, renumbered in order
        renumber = np.cumsum(depth_of == d) - 1
        at = idx[rows]
        lv_cells = np.ascontiguousarray(sp.cells[at].T)
        fired_here = fired_of[node[rows]]
        left = np.full(len(at), sp.sea.hull_cells, dtype=np.uint8)
        for row in lv_cells:  # a row at a time: the struck cells read the sea's cell count
            struck = ((fired_here >> row.astype(U64)) & ONE).astype(bool)
            row[struck] = cells
            left -= struck
        levels.append((Level(at.astype(np.int32), renumber[node[rows]].astype(np.int64), len(mine), lv_cells, left,
                             fired_of[mine], key_of[mine]), int(d)))
    return levels


def _booked(choose: Chooser, book: Book) -> Chooser:
    """`choose`, with the shots of the nodes in `book` read from it."""

    def pick(sp: Space, lv: Level) -> np.ndarray:
        assert lv.answers is not None
        out = book.shots_at(lv.answers)
        todo = out < 0
        if todo.all():
            return choose(sp, lv)
        if todo.any():
            out[todo] = choose(sp, lv.keep(todo[lv.node]))  # those nodes, in order
        return out

    return pick


def _next_answers(answers: np.ndarray, k: int) -> np.ndarray:
    """The keys of each node's k children (node * k + answer, as `run_tree` numbers them); 0
    (no key) below a node without one, or where the key would need more than 64 bits."""
    out = answers[:, None] * U64(k) + np.arange(k, dtype=U64)[None, :]
    out[(answers == 0) | (answers >= U64((1 << 63) // k))] = 0
    return out.ravel()


@dataclass(frozen=True)
class TreeStats:
    levels: int
    nodes: int  # nodes of two or more berths searched


def run_tree(sp: Space, choose: Chooser, only: np.ndarray | None = None, *, follow: int | None = None,
             path: list[int] | None = None, limit: int = LIMIT,
             done: Callable[[int], None] | None = None, start: Level | None = None,
             first: np.ndarray | None = None, book: Book | None = None, answers: bool = False,
             stop: int = 0) -> tuple[np.ndarray, TreeStats]:
    """Shots to clear the sea for every entry of the space, with `choose` deciding at every node
    of the tree. A node with one berth left is finished at once: a density-driven hunter fires
    at its unfired hull cells, each a hit, lowest cell first. With `only` (entry indices), follow
    only the nodes that hold one of them (every berth at such a node still counts in the choice);
    the shots of the others are -1. With `follow` and `path`, the cells fired against that entry
    are appended to `path` in order. `done(n)` is told each time n more berths are finished.

    Depth first over subtrees: once no node of a level holds more than half of `limit` berths,
    the level is cut into parts of whole nodes, at most `limit` berths each, each played to the
    end before the next. A node's shot
    depends on its own berths only, so this changes no shot; it keeps the work in the cache.

    With `start` (a level whose `idx` numbers its berths 0..n-1) the play begins there instead of
    at the root, its nodes' first shots `first` (a rollout's play-out); the shots counted are
    those from there on.

    With `book`, the shots of its nodes are read from it (`Book`); `answers` keeps each node's
    answers (`Level.answers`, for a book's keys) even without one. With `stop`, the berths at
    nodes of at most `stop` berths are left unplayed (their shots -1)."""
    if book is not None:
        choose, answers = _booked(choose, book), True
    n_all, n = (len(sp), sp.sea.cells) if start is None else (len(start.idx), sp.sea.cells)
    shots = np.full(n_all, -1, dtype=np.int64)
    want = None
    if only is not None:
        want = np.zeros(n_all, dtype=bool)
        want[only] = True
    k = 2 + sp.classes
    levels = searched = 0

    def settle(lv: Level, key: np.ndarray, keys: int, over: np.ndarray | None, depth: int) -> np.ndarray | None:
        """Finish the berths alone at their new node (`key`, out of `keys`), and those `over`;
        the berths to keep searching (None: all)."""
        gone = over
        sizes = np.bincount(key if over is None else np.where(over, keys, key), minlength=keys + 1)
        alone = sizes[key] == 1
        if over is not None:
            alone &= ~over
        if stop:  # too small to play: left at -1
            small = sizes[key] <= stop
            alone &= ~small
            gone = small if gone is None else gone | small
        if want is not None:  # drop nodes no wanted berth reaches
            reach = np.zeros(keys + 1, dtype=bool)
            reach[key[want[lv.idx]]] = True
            alone &= reach[key]
            gone = ~reach[key] if gone is None else gone | ~reach[key]
        if alone.any():  # the hunter knows the berth: each remaining shot is a hit
            rows = np.flatnonzero(alone)
            shots[lv.idx[rows]] = depth + lv.left[rows]
            if path is not None and follow in lv.idx[rows]:
                mine = lv.cells[:, rows[lv.idx[rows] == follow][0]]
                path.extend(sorted(int(c) for c in mine if c < n))
            if done is not None:
                done(len(rows))  # each alone at a reached node: wanted
            gone = alone if gone is None else gone | alone
        return None if gone is None or not gone.any() else ~gone

    if start is None and book is not None and want is not None and len(book) and not sp.named:  # named: `_descend`'s SUNK is a length
        stack = []
        for lv, depth in reversed(_descend(sp, book, np.flatnonzero(want), follow, path)):
            keep = settle(lv, lv.node, lv.nodes, None, depth)
            stack.append((lv.keep(keep) if keep is not None else lv, depth))
    elif start is None:
        root = Level.root(sp, answers)
        keep = settle(root, root.node, root.nodes, None, 0)
        stack = [(root.keep(keep) if keep is not None else root, 0)]
        del root, keep
    else:
        stack = [(start, 0)]
    while stack:
        lv, depth = stack.pop()
        while len(lv.idx):
            if first is None and len(lv.idx) > limit and lv.nodes > 1 and np.bincount(lv.node).max() <= limit // 2:
                parts = _split(lv, limit // 2)
                stack.extend((p, depth) for p in reversed(parts[1:]))
                lv = parts[0]
            searched += lv.nodes
            shot_of_node, first = (choose(sp, lv), None) if first is None else (first, None)
            shot = shot_of_node.astype(np.uint8)[lv.node]
            if path is not None:
                at = np.flatnonzero(lv.idx == follow)
                if len(at):
                    path.append(int(shot[at[0]]))
            outcome, struck = _answers(sp, lv.cells, shot, _afloat(sp, lv.cells))
            # strike the hits: a struck cell reads n; the max of two arrays is far quicker than a masked write
            np.maximum(lv.cells, np.multiply(struck.view(np.uint8), np.uint8(n)), out=lv.cells)
            del struck, shot  # big at the top of the tree: let them go before the next level is built
            lv.left -= outcome > 0
            depth += 1
            levels = max(levels, depth)
            over = lv.left == 0  # the last hull sunk: the sea is clear
            if over.any():
                shots[lv.idx[over]] = depth
                if done is not None:
                    done(int(np.count_nonzero(over if want is None else over & want[lv.idx])))
            else:
                over = None
            key = lv.node * k + outcome
            del outcome
            keep = settle(lv, key, lv.nodes * k, over, depth)
            del over
            after = None if lv.answers is None else _next_answers(lv.answers, k)
            lv = lv.keep(keep, key, np.repeat(lv.fired | (ONE << shot_of_node.astype(U64)), k), after)
            del key, keep
    return shots, TreeStats(levels, searched)


def _split(lv: Level, step: int) -> list[Level]:
    """The level cut into parts of whole nodes (runs of node ids): a node goes to part i when
    the berths before it number i * step to (i + 1) * step - 1, so with no node over `step`,
    no part is over twice `step`."""
    sizes = np.bincount(lv.node, minlength=lv.nodes)
    group = (np.cumsum(sizes) - sizes) // step  # by the berths before each node
    of_berth = group[lv.node].astype(np.uint16 if group[-1] < 1 << 16 else np.int64)  # small: a radix sort
    order = np.argsort(of_berth, kind="stable")
    ends = np.cumsum(np.bincount(of_berth, minlength=int(group[-1]) + 1))
    parts = []
    for g, (a, b) in enumerate(zip(np.concatenate([[0], ends[:-1]]), ends)):
        if a == b:
            continue
        rows = order[a:b]
        first, last = np.searchsorted(group, [g, g + 1])
        parts.append(Level(lv.idx[rows], lv.node[rows] - first, int(last - first), _take(lv.cells, rows), lv.left[rows],
                           lv.fired[first:last], None if lv.answers is None else lv.answers[first:last]))
    return parts
