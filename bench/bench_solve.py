"""Benchmark: each exhaustive solve of a printed tape (target: under 5 s on one core).

    python bench/bench_solve.py            # the printed tapes, best line and best per end
    python bench/bench_solve.py --seeds 5  # also the tapes derived from {id}:{version}:0 … 4

Single-threaded: the search is plain Python on one core, and the benchmark pins itself to one.
Prints one line per solve, each beside the seconds the fixed reference loop of bench/baseline.py
takes just before it (20,000 units) and the ratio of the two, with the load average: a figure
from another machine, or under load, compares by its ratio.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/baseline.py

import argparse
import time

from cardgm.card import load_card
from cardgm.games.becalmed import solve as becalmed
from cardgm.games.cattle_trail import solve as cattle_trail
from cardgm.tape import derive

SOLVERS = {"becalmed": becalmed, "cattle-trail": cattle_trail}


def main() -> None:
    import baseline

    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=0)
    ap.add_argument("--no-ends", action="store_true")
    ap.add_argument("--card", action="append", choices=sorted(SOLVERS), help="solve this card only (repeatable; default: both)")
    args = ap.parse_args()
    baseline.one_core()
    print(baseline.load())
    print(f"{'':80} {'solve':>7} {'reference':>9} {'ratio':>6}")

    def timed(solve):
        ref = baseline.reference_seconds()  # just before: the load it meets is the solve's
        t0 = time.perf_counter()
        sol = solve()
        took = time.perf_counter() - t0
        return sol, f"{sol.searched:>9,} states {took:7.2f} s {ref:7.2f} s {took / ref:6.2f}"

    for game_id, S in SOLVERS.items():
        if args.card and game_id not in args.card:
            continue
        card = load_card(game_id)
        tapes = [("printed", card.tape)] + [
            (f"{game_id}:{card.version}:{i}", derive(f"{game_id}:{card.version}:{i}", 40)) for i in range(args.seeds)
        ]
        for name, tape in tapes:
            sol, figures = timed(lambda S=S, tape=tape: S.solve(tape))
            print(f"{game_id:13} {name:22} best {sol.score:3} end:{sol.end:12} {figures}", flush=True)
            if not args.no_ends and name == "printed":
                for end in S.ENDS:
                    e, figures = timed(lambda S=S, tape=tape, end=end: S.solve(tape, end=end))
                    print(f"{'':13} {'  end:' + end:22} best {e.score:3} {'':16} {figures}", flush=True)
    print(baseline.load())
    print("reference: seconds for 20,000 units of bench/baseline.py's fixed loop, just before each solve; ratio = solve / reference")


if __name__ == "__main__":
    main()
