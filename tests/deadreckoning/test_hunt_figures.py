"""The hunter's figures, pinned: every strategy's shots over every berth of the 6x6 sea, a fixed
uniform sample of the card's sea, and the card's own berth, as they were before the hunter was
made fast. A change meant to make it faster must leave every one alone; over the card's whole
sea the same is checked by `python bench/fingerprint_hunt.py` (the lines in its docstring).

`sum` is the shots summed over named berths, so the mean is sum / berths; `sha` the first 16 hex
digits of the SHA-256 of the shots of every cell set, in the space's order, as int64."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from cardgm.card import load_card
from cardgm.games.deadreckoning.hunt import space as berths
from cardgm.games.deadreckoning.hunt import strategies
from cardgm.games.deadreckoning.notation import card_berth

# strategy: (sum, median, min, max, sha) over the 179,984 named berths of the 6x6 sea
SIX = {
    "random": (6_054_416, 34.0, 16, 36, "6f2ab94519de5adc"),
    "hunt-target": (4_677_268, 26.0, 11, 36, "aab121e79118b7d3"),
    "parity": (4_262_112, 24.0, 11, 32, "28965aeef19d3859"),
    "density": (3_138_816, 18.0, 10, 23, "44c2bd11b1bd732b"),
    "entropy": (3_158_324, 18.0, 10, 26, "a643b16d1b70d544"),
    "lookahead": (3_133_392, 18.0, 10, 23, "a9a1503ed6184342"),
}

# strategy: (sum over cell sets, median, min, max, sha) over 4,096 cell sets of the card's sea
# drawn uniformly with seed 11
CARD_SAMPLE = {
    "random": (242_422, 61.0, 28, 64, "432a916651200210"),
    "hunt-target": (169_668, 41.0, 12, 64, "637c4990a0e818a6"),
    "parity": (143_026, 36.0, 14, 46, "2e8f2f2f232dc676"),
    # the tree strategies: taken from the tree walked from the root without a book (the whole
    # tree's shots), and checked here through the opening book a sample reads
    "density": (111_662, 27.0, 12, 42, "9fa3c938a423fd66"),
    "entropy": (111_782, 27.0, 14, 42, "dd79c0460e3bae74"),
    "lookahead": (111_811, 27.0, 13, 39, "c1e5c57fcb3926ca"),
}

# strategy: its shots against the card's berth (GM-ONLY: THE FLEET), in order
CARD_BERTH = {
    "random": "G6 F6 F3 A1 C3 H3 B1 C2 D4 F1 D8 A3 E7 H8 A6 F4 E2 B2 G5 C4 C7 G7 G1 E5 A2 E3 F7 G2 A7 F8 "
              "F2 H4 G4 B8 D2 D6 A8 H5 H6 G3 G8 D7 C1 C8 H1 A5 E8 H2 B3 B5 E6 B7 D1 F5 H7 E1 D5 A4 E4 C5",
    "hunt-target": "G6 F6 F3 F2 F1 F4 A1 C3 H3 B1 C2 C1 B2 D4 D8 A3 E7 H8 A6 E2 G5 C4 C7 G7 G1 E5 A2 E3 F7 G2 "
                   "A7 F8 H4 G4 B8 D2 D6 A8 H5 H6 H7 G3 G8 D7 C8 H1 A5 E8 H2 B3 B5 B4 C5 D5",
    "parity": "F6 A1 C3 D4 D8 A3 E7 H8 F4 F3 F2 B2 B1 A2 C2 G5 C7 G7 G1 E5 E3 A7 F8 H4 B8 D2 D6 H6 H5 G6 "
              "H7 G3 C1 A5 H2 E1 C5 C4 B5 D5",
    "density": "C1 B2 C2 A6 B5 B6 C5 A5 D5 F7 F3 F2 F1 F4 G6 B7 D7 H7 H6",
    "entropy": "C1 B2 C2 A6 B5 B6 A5 C5 F7 F3 F2 F1 G6 B7 D7 H7 H6 F4 D5",
    "lookahead": "C1 A3 F1 B2 C2 G2 H3 A6 E3 C4 B5 B6 A5 C5 D5 F4 G4 F3 F2 F7 G6 B7 D7 H7 H6",
}


def _sha(shots: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(shots, dtype=np.int64).tobytes()).hexdigest()[:16]


@pytest.mark.parametrize("strategy", list(SIX))
def test_every_berth_of_the_six_sea_takes_the_pinned_shots(strategy):
    sp = berths.space(berths.Sea(6, 6))
    ev = strategies.evaluate(strategy, sp)
    total, median, low, high, sha = SIX[strategy]
    assert (int(ev.shots.sum()) * sp.per_entry, ev.median(), ev.min(), ev.max()) == (total, median, low, high)
    assert _sha(ev.shots) == sha


@pytest.mark.parametrize("strategy", list(CARD_SAMPLE))
def test_a_fixed_sample_of_the_card_sea_takes_the_pinned_shots(strategy):
    ev = strategies.evaluate(strategy, berths.space(), sample=4096, seed=11)
    total, median, low, high, sha = CARD_SAMPLE[strategy]
    assert (int(ev.shots.sum()), ev.median(), ev.min(), ev.max()) == (total, median, low, high)
    assert _sha(ev.shots) == sha


@pytest.mark.parametrize("strategy", list(CARD_BERTH))
def test_the_card_berth_takes_the_pinned_shots(strategy):
    berth = card_berth(load_card("deadreckoning").section("GM-ONLY"))
    assert " ".join(strategies.play(strategy, berth)) == CARD_BERTH[strategy]
