"""Benchmark: how long the DEADRECKONING coach takes to answer "hint" (target: about a second).

    python bench/bench_coach.py [--games 3] [--sea 8]

Plays the rollout hunter against berths drawn at random (seeded) and, before every shot, asks the
coach what `cardgm play deadreckoning --coach` asks: the heat map and the rollout hunter's shot,
from the grid and the sunk list alone. Prints, by how many cell sets still fit, the hints asked,
the CPU seconds of the slowest and the median, and how often the rollout's shot was worked out
(above tree.ROLLOUT_LIMIT cell sets the hint names the likeliest cell without a play-out). CPU
seconds, beside the reference loop of bench/baseline.py on the same clock, and the load.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/baseline.py

import argparse
import random
import statistics
import time


def main() -> None:
    import baseline

    from cardgm.games.deadreckoning.hunt import odds, strategies
    from cardgm.games.deadreckoning.hunt.space import Sea, space
    from cardgm.games.deadreckoning.state import FLEET

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--sea", type=int, default=8)
    args = ap.parse_args()
    baseline.one_core()
    print(baseline.load())
    sp = space(Sea(args.sea, args.sea, FLEET if args.sea >= 6 else (("Cutter", 2), ("Sloop", 3), ("Frigate", 2))))
    odds.hit_odds("." * sp.sea.cells, [], sp)  # the ship masks, built once (as the coach's first hint does)
    rng = random.Random(5)
    bands: dict[str, list[tuple[float, bool]]] = {}
    for _ in range(args.games):
        entry = rng.randrange(len(sp))
        ships = [{sp.sea.name(int(c)) for c in sp.cells[entry, sl]} for sl in sp.ship_slices]
        unnamed = {2: ["Cutter", "Frigate"], 3: ["Sloop", "Brigantine"]}
        grid, sunk = ["."] * sp.sea.cells, []
        for cell in strategies.play("rollout", entry, sp):
            fits = len(odds._consistent("".join(grid), sunk, sp))
            t0 = time.process_time()
            odds.heatmap("".join(grid), sunk, sp)
            worked = odds.advice("".join(grid), sunk, sp) != ""
            took = time.process_time() - t0
            band = next(b for b, top in (("≤ 1,000", 1_000), ("≤ 10,000", 10_000), ("≤ 100,000", 100_000), ("> 100,000", 1 << 62)) if fits <= top)
            bands.setdefault(band, []).append((took, worked))
            grid[sp.sea.index(cell)] = "x" if any(cell in s for s in ships) else "o"
            for s in ships:
                if cell in s and all(grid[sp.sea.index(c)] == "x" for c in s):
                    sunk.append(unnamed[len(s)].pop(0))
    ref = baseline.reference_rate(1.0, time.process_time)
    print(f"{'cell sets that fit':>20} {'hints':>6} {'slowest':>9} {'median':>8} {'rollout worked':>15}")
    for band in ("> 100,000", "≤ 100,000", "≤ 10,000", "≤ 1,000"):
        if band in bands:
            times = [t for t, _ in bands[band]]
            print(f"{band:>20} {len(times):>6} {max(times):>8.2f}s {statistics.median(times):>7.2f}s {sum(w for _, w in bands[band]):>15}")
    print(f"reference loop {ref:,.0f} units per CPU-second; {baseline.load()}")


if __name__ == "__main__":
    main()
