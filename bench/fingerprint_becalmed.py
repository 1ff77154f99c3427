"""A fingerprint of BECALMED's rules, for work on their speed: random games on the printed tape
and 30 derived ones, hashing every state, event, needs/legal list, refusal, ignored call, missing
call and error message met on the way (illegal calls, turtles and signals tried at every step).

    python bench/fingerprint_becalmed.py [--per-tape 120]   # prints: games, sha256

A change meant to leave behaviour alone must leave the hash alone (120 games a tape:
8af4db5c…ee16 since a5933d2). tests/test_fingerprints.py pins a smaller run of the same code.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import hashlib
import random

from cardgm.card import load_card
from cardgm.game import GameError
from cardgm.games.becalmed import rules as R
from cardgm.games.becalmed.state import HANDS, State
from cardgm.tape import derive


def fingerprint(per_tape: int = 120) -> tuple[int, str]:
    """(games played, the hash) over the printed tape and 30 derived ones, `per_tape` games each."""
    h = hashlib.sha256()

    def put(x: object) -> None:
        h.update(repr(x).encode())
        h.update(b"\n")

    def attempt(s: State, action: object, tape: tuple[int, ...]) -> None:
        try:
            put(R.apply(s, action, tape))
        except GameError as e:
            put(("E", str(e)))

    card = load_card("becalmed")
    tapes = [card.tape] + [derive(f"becalmed:{card.version}:{i}", 40) for i in range(30)]
    rng = random.Random(7)
    issues, canvases, hands = ("FULL", "SHORT", "DRY", None), ("SAIL", "AWNING", "DOWN", None), (*HANDS, None)
    games = 0
    for tape in tapes:
        for _ in range(per_tape):
            s = State(stop_day=rng.choice([None, None, 14, 9]), deaths_plain=rng.random() < 0.1)
            while s.end is None:
                put(s)
                put(R.needs(s))
                put(R.legal_actions(s))
                put(R.legal_calls(s))
                for derived in (s.on_feet(), s.next_on_feet(), s.longest_down(), s.souls(), s.living(), s.flag_list(), R.score(s), R.ending(s)):
                    put(derived)
                for _ in range(3):
                    c = R.Calls(rng.choice(issues), rng.choice(canvases), rng.choice(hands), rng.choice([0, 0, s.day, s.day + 1]))
                    put(R.refusals(s, c))
                    put(R.ignored(s, c))
                    put(R.missing(s, c))
                    attempt(s, c, tape)
                for a in (R.Turtle(True), R.Signal(rng.randint(0, 3)), R.SetLimit(stop_day=rng.randint(0, 15))):
                    attempt(s, a, tape)
                action = R.GiveOver() if rng.random() < 0.003 else rng.choice(R.legal_actions(s))
                s, events = R.apply(s, action, tape)
                put(events)
            put(s)
            put(R.score(s))
            put(R.ending(s))
            games += 1
            try:
                R.apply(s, R.GiveOver(), tape)
            except GameError as e:  # the voyage is over
                put(str(e))
    return games, h.hexdigest()


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--per-tape", type=int, default=120)
    print(*fingerprint(ap.parse_args().per_tape))


if __name__ == "__main__":
    main()
