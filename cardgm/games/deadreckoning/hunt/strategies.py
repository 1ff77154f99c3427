"""The hunting strategies, by name, and their exact evaluation over every berth of a sea (or a
uniform sample of it); one game played shot by shot."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from cardgm.games.deadreckoning.hunt import book as books
from cardgm.games.deadreckoning.hunt.batch import _play_batch_cells, play_batch
from cardgm.games.deadreckoning.hunt.space import Space, space
from cardgm.games.deadreckoning.hunt.tree import Book, Chooser, density_choice, entropy_choice, lookahead_choice, rollout_choice, run_tree
from cardgm.games.deadreckoning.state import PAR, Berth

__all__ = ["Strategy", "STRATEGIES", "DEFAULT", "Evaluation", "evaluate", "opening", "play", "card_score"]


def card_score(shots: np.ndarray | int, par: int = PAR) -> np.ndarray | int:
    """SCORING 2 for a cleared sea: 100 - (shots - 10), clamped to 0-100."""
    return np.clip(100 - (np.asarray(shots) - par), 0, 100) if isinstance(shots, np.ndarray) else max(0, min(100, 100 - (shots - par)))


@dataclass(frozen=True)
class Strategy:
    name: str
    about: str
    tree: Chooser | None = None  # decided at each node of the decision tree (deterministic)
    sample: int | None = None  # evaluated on this many uniformly drawn berths, not all
    default: bool = True  # run by `cardgm analyze` when no strategy is named (rollout takes minutes: asked for by name)


STRATEGIES: dict[str, Strategy] = {
    s.name: s
    for s in (
        Strategy("random", "fires at the unfired cells in a random order (seeded per game)"),
        Strategy("hunt-target", "hunts in a random order; after a hit, fires beside it until that ship sinks"),
        Strategy("parity", "hunt-target, hunting one colour of the checkerboard first"),
        Strategy("density", "fires where the most consistent berths put a hull (ties: lowest cell)", density_choice),
        Strategy("entropy", "fires where the answer is most uncertain (information gain; ties: density)", entropy_choice),
        Strategy("lookahead", "one-step lookahead over the 4 densest cells: this hit plus the best next", lookahead_choice(4)),
        Strategy("rollout", "density, improved by one step of rollout where at most 100,000 cell sets fit: "
                 "of the 3 densest cells, the one density then clears the sea soonest from", rollout_choice(3), default=False),
    )
}

DEFAULT = tuple(name for name, s in STRATEGIES.items() if s.default)  # what `cardgm analyze` runs unasked


@dataclass(frozen=True)
class Evaluation:
    strategy: str
    shots: np.ndarray  # per evaluated entry (each standing for `per_entry` named berths)
    entries: np.ndarray | range  # which entries were evaluated (a range: all of them)
    per_entry: int
    sampled: bool
    seconds: float
    nodes: int = 0
    followed: tuple[str, ...] = ()  # the cells fired against the entry `evaluate` was asked to follow

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


def opening(strategy: str, sp: Space) -> Book | None:
    """The strategy's shipped opening book for this space (`book.py`), if it has a current one."""
    st = STRATEGIES[strategy]
    return books.load(strategy, st.about, sp) if st.tree is not None else None


def evaluate(strategy: str, sp: Space | None = None, seed: int = 0, sample: int | None = None,
             batch: int = 1 << 16, *, follow: int | None = None,
             progress: Callable[[int], None] | None = None, book: Book | bool = True) -> Evaluation:
    """`strategy` over every entry of the space (the card's, by default), or over `sample`
    entries drawn uniformly (seeded) without replacement. With `follow` (an entry), the cells
    fired against it are kept, in order (`Evaluation.followed`). `progress(n)` is told each time
    n more entries are done.

    A sample of a tree strategy reads the shots at the top of the tree from its opening book
    (`book`: True, the shipped one if current; a `Book`; False, none), so that it costs in
    proportion to the sample; every shot is the same as the whole tree's."""
    import time

    sp = sp if sp is not None else space()
    st = STRATEGIES[strategy]
    sample = sample if sample is not None else st.sample
    t0 = time.perf_counter()
    entries: np.ndarray | range
    if sample is not None and sample < len(sp):
        entries = np.sort(np.random.default_rng(seed).choice(len(sp), size=sample, replace=False))
    else:
        entries, sample = range(len(sp)), None  # every entry: a range, not 33 MB of indices
    nodes = 0
    followed: list[int] = []
    if st.tree is not None:
        only = entries if isinstance(entries, np.ndarray) else None  # an array exactly when sampled
        if only is not None and follow is not None:
            only = np.union1d(only, [follow])
        known = (opening(strategy, sp) if book is True else book or None) if only is not None else None
        shots, stats = run_tree(sp, st.tree, only=only, follow=follow, path=followed, done=_counting(progress, entries, only),
                                book=known)
        shots, nodes = shots if sample is None else shots[entries], stats.nodes
    else:
        parts = []
        for a in range(0, len(entries), batch):
            parts.append(play_batch(sp, np.asarray(entries[a : a + batch]), strategy, seed))
            if progress is not None:
                progress(len(parts[-1]))
        shots = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        if follow is not None:
            followed = [sp.sea.index(c) for c in _play_batch_cells(sp, follow, strategy, seed)]
    return Evaluation(strategy, shots, entries, sp.per_entry, sample is not None, time.perf_counter() - t0, nodes,
                      tuple(sp.sea.name(c) for c in followed))


def _counting(progress: Callable[[int], None] | None, entries: np.ndarray | range,
              only: np.ndarray | None) -> Callable[[int], None] | None:
    """The tree tells how many berths it finishes; with an entry followed beside a sample, one
    more than the sample: the count stops at the sample's size."""
    if progress is None:
        return None
    left = [len(entries)]

    def done(n: int) -> None:
        n = min(n, left[0])
        left[0] -= n
        if n:
            progress(n)

    return done


# -- one game, shot by shot ---------------------------------------------------------------------


def play(strategy: str, berth: Berth | int, sp: Space | None = None, seed: int = 0) -> list[str]:
    """The cells `strategy` fires on, in order, against one berth (a Berth, or an entry of the
    space), until the sea is clear. Tree strategies replay the tree's path: at each shot the
    consistent set is every berth that would have answered alike so far (the shots at the top
    read from the strategy's opening book, when it has one)."""
    sp = sp if sp is not None else space()
    target = berth if isinstance(berth, int) else sp.find(berth)
    st = STRATEGIES[strategy]
    if st.tree is None:
        return _play_batch_cells(sp, target, strategy, seed)
    path: list[int] = []
    run_tree(sp, st.tree, only=np.array([target]), follow=target, path=path, book=opening(strategy, sp))
    return [sp.sea.name(c) for c in path]
