"""A fingerprint of the DEADRECKONING hunter, for work on its speed: every strategy's shots on
every cell set of a sea, hashed, with the figures the analysis prints (mean, median, min, max,
mean score, shots on the card's berth).

    python bench/fingerprint_hunt.py                 # the card's sea, every berth (minutes)
    python bench/fingerprint_hunt.py --sea 6         # the 6x6 sea with the card's fleet (seconds)
    python bench/fingerprint_hunt.py density random  # only these strategies

A change meant to leave the hunter's play alone must leave every line alone. The lines of the
card's sea, as first taken (before the hunter was split and made fast):

    random        16,368,544 sum 967,237,444 median 61.0 min 18 max 64 score 50.91 card 60 sha 89ed946fd86779f8
    hunt-target   16,368,544 sum 676,620,884 median 41.0 min 10 max 64 score 68.66 card 54 sha f1d4f6dd882b7095
    parity        16,368,544 sum 571,643,004 median 36.0 min 11 max 48 score 75.08 card 40 sha 2ec93c301e416996
    density       16,368,544 sum 447,561,644 median 27.0 min 10 max 44 score 82.66 card 19 sha c3c181b59e1149bf
    entropy       16,368,544 sum 448,164,752 median 27.0 min 10 max 44 score 82.62 card 19 sha 1d6e1f71994b4468
    lookahead     16,368,544 sum 448,579,916 median 27.0 min 10 max 42 score 82.60 card 25 sha 4291c06f9782c5ef

And of the 6x6 sea (`--sea 6`), pinned in tests/deadreckoning/test_hunt_figures.py:

    random           179,984 sum 6,054,416 median 34.0 min 16 max 36 score 76.36 sha 6f2ab94519de5adc
    hunt-target      179,984 sum 4,677,268 median 26.0 min 11 max 36 score 84.01 sha aab121e79118b7d3
    parity           179,984 sum 4,262,112 median 24.0 min 11 max 32 score 86.32 sha 28965aeef19d3859
    density          179,984 sum 3,138,816 median 18.0 min 10 max 23 score 92.56 sha 44c2bd11b1bd732b
    entropy          179,984 sum 3,158,324 median 18.0 min 10 max 26 score 92.45 sha a643b16d1b70d544
    lookahead        179,984 sum 3,133,392 median 18.0 min 10 max 23 score 92.59 sha a9a1503ed6184342
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import hashlib
import time


def main(argv: list[str]) -> None:
    if "-h" in argv or "--help" in argv:
        print(__doc__)
        return
    import numpy as np

    from cardgm.games.deadreckoning.hunt import space as berths
    from cardgm.games.deadreckoning.hunt import strategies as hunt

    size = int(argv[argv.index("--sea") + 1]) if "--sea" in argv else 8
    names = [a for a in argv if a in hunt.STRATEGIES] or list(hunt.DEFAULT)
    sea = berths.Sea(size, size)
    sp = berths.space(sea)
    card = None
    if size == 8:
        from cardgm.card import load_card
        from cardgm.games.deadreckoning.notation import card_berth

        card = sp.find(card_berth(load_card("deadreckoning").section("GM-ONLY")))
    for name in names:
        t0 = time.perf_counter()
        ev = hunt.evaluate(name, sp)
        shots = np.ascontiguousarray(ev.shots, dtype=np.int64)
        sha = hashlib.sha256(shots.tobytes()).hexdigest()[:16]
        score = float(np.mean(hunt.card_score(shots, sea.par)))
        on_card = f" card {int(shots[card])}" if card is not None else ""
        print(f"{name:<12} {ev.berths:>11,} sum {int(shots.sum()) * sp.per_entry:,} median {ev.median():.1f} "
              f"min {ev.min()} max {ev.max()} score {score:.2f}{on_card} sha {sha}  ({time.perf_counter() - t0:.1f} s)",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
