"""A fingerprint of DROVER'S AUTUMN's rules, for work on their speed: random drives on the printed
tape and 30 derived ones, hashing every state, event, legal order and errand list, score,
refusal and error message met on the way (orders and business tried at every morning, legal or
not, under the ruled reading and each rival one).

    python bench/fingerprint_cattle_trail.py [--per-tape 60]   # prints: drives, sha256

A change meant to leave behaviour alone must leave the hash alone (see docs/performance-solve.md
for the hash since a5933d2). tests/test_fingerprints.py pins a smaller run of the same code.
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
from cardgm.games.cattle_trail import rules as R
from cardgm.games.cattle_trail.actions import Business, BusinessOnly, DayOrder, TurnForHome
from cardgm.games.cattle_trail.state import Drove
from cardgm.tape import derive

ORDERS = ("EASY", "STEADY", "PUSH", "REST", "ONE BOAT", "TWO BOATS", "FORD", "TOLL")
TOLL_PACES = (None, "EASY", "STEADY", "PUSH", "REST", "GALLOP")
RIVALS = (
    R.RULED,
    replace(R.RULED, bran_bad_same_day=True),
    replace(R.RULED, toll_march_from_119=False),
    replace(R.RULED, tryst_days_read=False),
    replace(R.RULED, bag_caps_every_change=False),
    replace(R.RULED, pace_then_band=False),
    replace(R.RULED, band_on_cut_march=False),
)


def business(rng: random.Random) -> Business:
    return Business(
        meal=rng.choice([0, 0, 1, 3, 12, 20, -1]),
        roof=rng.random() < 0.2,
        shoe=rng.random() < 0.2,
        hire=rng.choice([0, 0, 0, 1, 2]),
        sell=rng.choice([0, 0, 0, 1, 5, 70]),
        trade=rng.choice([0, 0, 0, 1, 2]),
        park=rng.random() < 0.2,
    )


def fingerprint(per_tape: int = 60) -> tuple[int, str]:
    """(drives played, the hash) over the printed tape and 30 derived ones, `per_tape` drives each."""
    h = hashlib.sha256()

    def put(x: object) -> None:
        h.update(repr(x).encode())
        h.update(b"\n")

    def attempt(s: Drove, action: object, tape: tuple[int, ...], rulings: R.Rulings) -> tuple[Drove, tuple] | None:
        put(R.refusal(s, action))
        try:
            out = R.apply(s, action, tape, rulings)
        except GameError as e:
            put(("E", str(e)))
            return None
        put(out)
        return out

    card = load_card("cattle-trail")
    tapes = [card.tape] + [derive(f"cattle-trail:{card.version}:{i}", 40) for i in range(30)]
    rng = random.Random(7)
    drives = 0
    for tape in tapes:
        for _ in range(per_tape):
            rulings = rng.choice(RIVALS)
            s = Drove()
            while not s.ended:
                put(s)
                put((s.bran, s.hands, s.hired, s.place, s.landmark, R.legal_orders(s), R.legal_business(s), R.score(s)))
                for _ in range(3):  # orders and business, legal or not: refusals, errors, events
                    attempt(s, DayOrder(rng.choice(ORDERS), business(rng), rng.choice(TOLL_PACES)), tape, rulings)  # type: ignore[arg-type]
                    attempt(s, BusinessOnly(business(rng)), tape, rulings)
                if rng.random() < 0.01:
                    attempt(s, TurnForHome(), tape, rulings)
                legal = [DayOrder(o, toll_pace=rng.choice(R.MARCH_PACES + (R.REST,)) if o == "TOLL" else None) for o in R.legal_orders(s)]
                if R.legal_business(s):
                    legal += [DayOrder(o.order, business(rng), o.toll_pace) for o in legal] + [BusinessOnly(business(rng))]
                legal = [a for a in legal if R.refusal(s, a) is None] or legal
                out = attempt(s, rng.choice(legal), tape, rulings)
                if out is not None:
                    s = out[0]
                    put(R.score(s))
            drives += 1
    return drives, h.hexdigest()


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--per-tape", type=int, default=60)
    print(*fingerprint(ap.parse_args().per_tape))


if __name__ == "__main__":
    main()
