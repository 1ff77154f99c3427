"""Benchmark: the rules engine in random play (target: 100,000 days a second on one core).

    python bench/bench_engine.py [--seconds 5] [--cpu]

`--cpu` counts CPU seconds (time.process_time) instead of wall seconds: on a busy machine the wall
figures halve at random, the CPU figures hold (docs/performance.md compares trees that way).

Pinned to one core. Beside each figure it measures the fixed reference loop of
bench/baseline.py just before, and prints the ratio (days per reference unit) and the load
average, so that a figure taken on another machine, or under load, can be compared by its ratio.

Two figures per game: `apply` alone (a day's calls or order chosen from a fixed list, so the
count is the rules' own cost) and random legal play as par plays it (the legal moves listed by the
rules each day, one chosen uniformly). A BECALMED day is one set of calls with its dusk answer; a
DROVER'S AUTUMN day is one order; a DEADRECKONING salvo is one new cell fired.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/baseline.py

import argparse
import random
import time

from cardgm.card import load_card

clock = time.perf_counter  # --cpu: time.process_time


def becalmed(seconds: float, listed: bool) -> float:
    from cardgm.games.becalmed import rules as R
    from cardgm.games.becalmed.state import State

    tape = load_card("becalmed").tape
    rng = random.Random(1)
    fixed = [R.Calls(i, c, h) for i in ("FULL", "SHORT", "DRY") for c in ("SAIL", "DOWN") for h in ("WATCH", "BAIL")]
    days, t0 = 0, clock()
    while clock() - t0 < seconds:
        s = State()
        while s.end is None:
            if s.phase != "calls":
                a = rng.choice(R.legal_actions(s))
            elif listed:
                a = rng.choice(R.legal_calls(s))
            else:
                a = rng.choice(fixed)
                a = R.Calls(a.issue, a.canvas if s.canvas != "lost" else None, a.hands if "hands" in R.needs(s) else None)
            s, _ = R.apply(s, a, tape)
            days += s.phase == "calls" or s.end is not None
    return days / (clock() - t0)


def cattle(seconds: float, listed: bool) -> float:
    from cardgm.games.cattle_trail import rules as R
    from cardgm.games.cattle_trail.actions import DayOrder
    from cardgm.games.cattle_trail.state import Drove

    tape = load_card("cattle-trail").tape
    rng = random.Random(1)
    days, t0 = 0, clock()
    while clock() - t0 < seconds:
        s = Drove()
        while not s.ended:
            orders = R.legal_orders(s) if listed else R.legal_orders(s)
            o = rng.choice(orders)
            s, _ = R.apply(s, DayOrder(o, toll_pace="STEADY" if o == "TOLL" else None), tape)
            days += 1
    return days / (clock() - t0)


def deadreckoning(seconds: float) -> float:
    """Salvos a second: random new cells fired at the card's berth until the sea is clear."""
    from cardgm.games.deadreckoning import rules as R
    from cardgm.games.deadreckoning.seal import draw_berth
    from cardgm.games.deadreckoning.state import Duel

    rng = random.Random(1)
    cells = [f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH"]
    berths = [draw_berth(rng) for _ in range(64)]
    salvos, t0 = 0, clock()
    while clock() - t0 < seconds:
        berth = rng.choice(berths)
        order = rng.sample(cells, 64)
        s = Duel()
        for cell in order:
            s, _ = R.apply(s, R.Salvo(cell), berth)
            salvos += 1
            if R.ending(s) is not None:
                break
    return salvos / (clock() - t0)


def main() -> None:
    import baseline

    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--cpu", action="store_true", help="count CPU seconds, not wall seconds")
    args = ap.parse_args()
    global clock
    if args.cpu:
        clock = time.process_time
    baseline.one_core()
    print(baseline.load())
    print(f"{'':32} {'figure':>10} {'':8} {'reference':>10} {'ratio':>7}")
    rows = (
        ("becalmed      apply only", "days/s", lambda: becalmed(args.seconds, False)),
        ("becalmed      random legal play", "days/s", lambda: becalmed(args.seconds, True)),
        ("cattle-trail  random legal play", "days/s", lambda: cattle(args.seconds, True)),
        ("deadreckoning random salvos", "salvos/s", lambda: deadreckoning(args.seconds)),
    )
    for name, unit, measure in rows:
        ref = baseline.reference_rate(min(2.0, args.seconds))  # just before: the load it meets is the figure's
        figure = measure()
        print(f"{name:32} {figure:>10,.0f} {unit:8} {ref:>10,.0f} {figure / ref:7.2f}", flush=True)
    print(baseline.load())
    print("reference: units/s of bench/baseline.py's fixed loop, measured just before each figure; ratio = figure / reference")
    if args.cpu:
        print("figures in CPU seconds (--cpu); the reference in wall seconds on the pinned core")


if __name__ == "__main__":
    main()
