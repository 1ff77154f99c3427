"""Benchmark: each exhaustive solve of a printed tape (target: under 5 s on one core).

    python bench/bench_solve.py            # the printed tapes, best line and best per end
    python bench/bench_solve.py --seeds 5  # also the tapes derived from {id}:{version}:0 … 4

Single-threaded: the search is plain Python on one core. Prints one line per solve.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import argparse
import time

from cardgm.card import load_card
from cardgm.solve import becalmed, cattle_trail
from cardgm.tape import derive

SOLVERS = {"becalmed": becalmed, "cattle-trail": cattle_trail}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=0)
    ap.add_argument("--no-ends", action="store_true")
    args = ap.parse_args()
    for game_id, S in SOLVERS.items():
        card = load_card(game_id)
        tapes = [("printed", card.tape)] + [
            (f"{game_id}:{card.version}:{i}", derive(f"{game_id}:{card.version}:{i}", 40)) for i in range(args.seeds)
        ]
        for name, tape in tapes:
            t0 = time.perf_counter()
            sol = S.solve(tape)
            t1 = time.perf_counter()
            print(f"{game_id:13} {name:22} best {sol.score:3} end:{sol.end:12} {sol.searched:>9,} states {t1 - t0:7.2f} s", flush=True)
            if not args.no_ends and name == "printed":
                for end in S.ENDS:
                    e = S.solve(tape, end=end)
                    print(f"{'':13} {'  end:' + end:22} best {e.score:3} {'':17} {e.searched:>9,} states {e.seconds:7.2f} s", flush=True)


if __name__ == "__main__":
    main()
