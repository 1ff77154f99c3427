"""Benchmark: the density hunter evaluated over every legal DEADRECKONING berth.

    python3 bench/bench_hunt.py            # the density strategy (target: under 30 s on one core)
    python3 bench/bench_hunt.py --all      # every strategy

Pinned to one core. Prints, per strategy: wall and CPU seconds, berths, mean shots; and the
seconds to enumerate the berths (counted apart: the analysis builds them once for all).
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core
    from cardgm.games.deadreckoning.hunt import space as berths
    from cardgm.games.deadreckoning.hunt import strategies

    names = list(strategies.STRATEGIES) if "--all" in sys.argv else ["density"]
    w, c = time.perf_counter(), time.process_time()
    sp = berths.space()
    print(f"enumerate   {time.perf_counter() - w:6.2f} s wall {time.process_time() - c:6.2f} s cpu  "
          f"{sp.named_berths:,} named berths ({len(sp):,} cell sets)")
    for name in names:
        w, c = time.perf_counter(), time.process_time()
        ev = strategies.evaluate(name, sp)
        wall, cpu = time.perf_counter() - w, time.process_time() - c
        print(f"{name:<11} {wall:6.2f} s wall {cpu:6.2f} s cpu  {ev.berths:,} berths  mean {ev.mean():.4f} shots  max {ev.max()}")


if __name__ == "__main__":
    main()
