"""The coach's odds: the hit probability of every open cell over the legal berths that fit what
the player has seen (the shot grid and the sunk list, never the berth).

`coach()` is what `cardgm play deadreckoning --coach` answers "hint" with.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cardgm.games.deadreckoning.hunt.space import Sea, Space, space
from cardgm.games.deadreckoning.state import COLUMNS, HIT, MISS, UNFIRED

__all__ = ["hit_odds", "heatmap", "rollout_shot", "advice", "coach"]

U64 = np.uint64


def _consistent(grid_state: str, sunk: Sequence[str], sp: Space) -> np.ndarray:
    """The entries of the space consistent with this shot grid and sunk list (see `hit_odds`)."""
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
    return rows


def hit_odds(grid_state: str, sunk: Sequence[str], sp: Space | None = None) -> tuple[np.ndarray, int]:
    """For every cell, the share of legal berths consistent with this shot grid and sunk list
    that put a hull there; and how many named berths are consistent. Fired cells get 0.

    Consistent: every `x` on a hull, every `o` on open water, and the ships whose every cell is
    `x` are exactly the sunk ones. The LEDGER holds the grid and who is sunk, not the order of the
    shots, so this conditions on that (a hunter that remembers when each SUNK came can know a
    little more)."""
    sp = sp if sp is not None else space()
    sea = sp.sea
    rows = _consistent(grid_state, sunk, sp)
    counts = np.bincount(sp.cells[rows].astype(np.int64).ravel(), minlength=sea.cells).astype(np.float64)
    odds = counts / len(rows)
    odds[[i for i, m in enumerate(grid_state) if m != UNFIRED]] = 0.0
    # every consistent cell set keeps the same number of namings, so shares are exact
    named = len(rows) * _namings(sea, sunk) if not sp.named else len(rows)
    return odds, named


def rollout_shot(grid_state: str, sunk: Sequence[str], sp: Space | None = None, width: int = 3) -> tuple[int, int] | None:
    """The rollout hunter's shot from what the player has seen, and density's: (rollout's cell,
    density's cell), or None where more than tree.ROLLOUT_LIMIT cell sets fit (the play-outs would
    take too long for a hint). The consistent berths make one node; each of the `width` densest cells
    is fired first and density played to the end over all of them; the cell with the fewest
    shots in all wins, ties to the denser (the `rollout` strategy's shot, from the grid)."""
    from cardgm.games.deadreckoning.hunt.tree import ROLLOUT_LIMIT, Level, rollout_choice

    sp = sp if sp is not None else space()
    n = sp.sea.cells
    rows = _consistent(grid_state, sunk, sp)
    if len(rows) > ROLLOUT_LIMIT:  # the rollout hunter fires density's shot there too
        return None
    hits = np.array([m == HIT for m in grid_state] + [False], dtype=bool)
    cells = np.ascontiguousarray(sp.cells[rows].T)  # (hull cells, berths)
    cells[hits[cells]] = n  # a struck cell reads as past the sea, as in the tree
    fired = sum(1 << i for i, m in enumerate(grid_state) if m != UNFIRED)
    level = Level(np.arange(len(rows), dtype=np.int32), np.zeros(len(rows), dtype=np.int64), 1, cells,
                  (cells < n).sum(axis=0).astype(np.uint8), np.array([fired], dtype=U64))
    counts = np.bincount(cells.ravel(), minlength=n + 1)[:n]
    return int(rollout_choice(width)(sp, level)[0]), int(np.argmax(counts))


def advice(grid_state: str, sunk: Sequence[str], sp: Space | None = None) -> str:
    """The coach's last line: where the rollout hunter would fire from here, and why, or "" where
    it fires the likeliest cell unworked (too many berths still fit for a play-out in a hint)."""
    sp = sp if sp is not None else space()
    shot = rollout_shot(grid_state, sunk, sp)
    if shot is None:
        return ""
    mine, likeliest = (sp.sea.name(c) for c in shot)
    if mine == likeliest:
        return f"The hunter, playing every fitting berth out to the end, fires at {mine} too."
    return (f"The hunter fires at {mine}, not {likeliest}: played out over every fitting berth, "
            f"{mine} first clears the sea in fewer shots on average.")


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


def coach() -> Callable[[Any], str]:
    """The coach of `cardgm play deadreckoning --coach`: a callable that answers "hint" for a
    duel state with the heat map of its shot grid and sunk list. It reads those two public
    fields and nothing else (a `Duel` holds no berth), so it can tell nothing hidden. The berth
    space is built at the first hint (about a second, with a status line on stderr), then kept."""
    from cardgm.progress import task

    built: list[Space] = []

    def hint(state: Any) -> str:
        if not built:
            with task("Counting every legal berth for the odds"):
                built.append(space())
        text = "Hit odds for every open cell, in percent, from every berth still possible:\n\n" + heatmap(
            state.grid, state.sunk, built[0]
        )
        line = advice(state.grid, state.sunk, built[0])
        return f"{text}\n{line}" if line else text

    return hint
