"""A fingerprint of DEADRECKONING's rules and notation: random duels on the card's berth and on
drawn ones, hashing every state, event, score, end, LEDGER, SAVE and error message met on the way
(salvos at fired cells, cells off the sea and struck colours tried at every shot).

    python bench/fingerprint_deadreckoning.py [--duels 400]   # prints: duels, sha256

A change meant to leave behaviour alone must leave the hash alone. tests/test_fingerprints.py
pins a smaller run of the same code.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import hashlib
import random
from dataclasses import replace

from cardgm.card import load_card
from cardgm.game import GameError
from cardgm.games.deadreckoning import notation
from cardgm.games.deadreckoning import rules as R
from cardgm.games.deadreckoning.seal import draw_berth
from cardgm.games.deadreckoning.state import Berth, Duel

CELLS = [f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH"]
OFF_SEA = ["I1", "A9", "", "D44", "?", "Z0"]


def fingerprint(duels: int = 400) -> tuple[int, str]:
    """(duels played, the hash): every tenth duel on the card's berth, the rest on drawn ones."""
    h = hashlib.sha256()

    def put(x: object) -> None:
        h.update(repr(x).encode())
        h.update(b"\n")

    def attempt(s: Duel, action: object, berth: Berth) -> None:
        try:
            put(R.apply(s, action, berth))  # type: ignore[arg-type]
        except GameError as e:
            put(("E", str(e)))

    card_berth = notation.card_berth(load_card("deadreckoning").section("GM-ONLY"))
    rng = random.Random(7)
    for n in range(duels):
        berth = card_berth if n % 10 == 0 else draw_berth(rng)
        s = Duel()
        while not s.over:
            put(s)
            put((s.shots, s.hits, s.cleared, R.score(s), R.ending(s), R.sunk_on(s.grid, berth), R.true_of(s, berth)))
            put(notation.ledger(s))
            put(notation.save(s))
            attempt(s, R.Salvo(rng.choice(CELLS).lower() if rng.random() < 0.2 else rng.choice(CELLS)), berth)
            attempt(s, R.Salvo(rng.choice(OFF_SEA)), berth)
            if rng.random() < 0.01:
                action: object = R.StrikeColours()
            else:
                open_cells = [c for c in CELLS if s.mark(c) == "."]
                action = R.Salvo(rng.choice(open_cells))
            s, events = R.apply(s, action, berth)  # type: ignore[arg-type]
            put(events)
            s = replace(s, turn=s.turn + 1)
        put(s)
        put((R.score(s), R.ending(s), R.reveal_grid(s, berth), notation.ledger(s), notation.result(s, *_end(s))))
        attempt(s, R.Salvo("A1"), berth)  # the duel is over
    return duels, h.hexdigest()


def _end(s: Duel) -> tuple[str, int]:
    end = R.ending(s)
    assert end is not None
    return end.end, end.score


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--duels", type=int, default=400)
    print(*fingerprint(ap.parse_args().duels))


if __name__ == "__main__":
    main()
