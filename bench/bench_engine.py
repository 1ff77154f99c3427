"""Benchmark: the rules engine in random play (target: 100,000 days a second on one core).

    python bench/bench_engine.py [--seconds 5] [--cpu]
    python bench/bench_engine.py --against DIR [--rounds 5] [--seconds 1]
    python bench/bench_engine.py --records      # what building each state record costs beside one step

`--cpu` counts CPU seconds (time.process_time), for the figure and for the reference loop alike:
on a busy machine wall figures halve at random, CPU figures hold far better.

Pinned to one core. Beside each figure it measures the fixed reference loop of bench/baseline.py
just before, on the same clock, and prints the ratio (days per reference unit) and the load
average, so that a figure taken on another machine, or under load, can be compared by its ratio.

`--against DIR` compares this checkout's engines with another tree's (DIR holds its `cardgm`
package: `git archive 3317ed4 cardgm | tar -x -C /tmp/base`), on the same workloads and the same
core: each round runs every workload once per tree, each in a fresh process, the two trees taking
turns to go first; CPU seconds throughout. It prints each tree's best and mean and the ratios
(this tree over DIR), with the load before and after.

Two figures per game: `apply` alone (a day's calls or order chosen from a fixed list, so the
count is the rules' own cost) and random legal play as par plays it (the legal moves listed by the
rules each day, one chosen uniformly). A BECALMED day is one set of calls with its dusk answer; a
DROVER'S AUTUMN day is one order (each order built once); a DEADRECKONING salvo is one new cell fired, its sixty-four
salvos built once and each duel's order and berth drawn before the clock starts (so the count is
the rules', not the random generator's). A last row, "the record alone", runs the same driver
with the rules replaced by building the next Duel: the floor under any salvo while the state is a
frozen dataclass (its rate over the baseline tree's salvos is the most any rules could gain);
"record + new grid" builds it as fast as the tree can (as its salvo does), with the salvo's one new mark in the grid
(a new 64-character string where `Duel` holds the grid as one, as 3317ed4's did; a bit set where it
holds two masks): the ceiling of any `apply` that keeps `Duel`'s fields, printed over the baseline's
salvos.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# a worker timing another checkout (--tree DIR) puts that tree's cardgm first; else this checkout's
sys.path.insert(0, sys.argv[sys.argv.index("--tree") + 1] if "--tree" in sys.argv else str(HERE.parent))
sys.path.insert(1, str(HERE))  # bench/baseline.py

clock = time.perf_counter  # --cpu: time.process_time


def becalmed(seconds: float, listed: bool) -> float:
    from cardgm.card import load_card
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


def cattle(seconds: float) -> float:
    from cardgm.card import load_card
    from cardgm.games.cattle_trail import rules as R
    from cardgm.games.cattle_trail.actions import DayOrder
    from cardgm.games.cattle_trail.state import Drove

    tape = load_card("cattle-trail").tape
    rng = random.Random(1)
    orders = {o: DayOrder(o, toll_pace="STEADY" if o == "TOLL" else None) for o in ("EASY", "STEADY", "PUSH", "REST", "ONE BOAT", "TWO BOATS", "FORD", "TOLL")}
    days, t0 = 0, clock()
    while clock() - t0 < seconds:
        s = Drove()
        while not s.ended:
            s, _ = R.apply(s, orders[rng.choice(R.legal_orders(s))], tape)
            days += 1
    return days / (clock() - t0)


def deadreckoning(seconds: float) -> float:
    """Salvos a second: random new cells fired at a drawn berth until the sea is clear."""
    from cardgm.games.deadreckoning import rules as R

    return _salvos_a_second(R.apply, seconds)


def deadreckoning_record(seconds: float) -> float:
    """The floor under a salvo while a Duel is a frozen dataclass: the same driver, with the rules
    replaced by the one thing a salvo must do, building the next Duel (64 salvos a duel). Its
    rate over the baseline tree's salvos is the most any `apply` could reach."""
    from cardgm.games.deadreckoning.state import Duel

    if hasattr(Duel, "hull_hits"):  # the grid held as two masks

        def apply(s: Any, salvo: object, berth: object) -> tuple[Any, tuple[()]]:
            return Duel(s.turn, s.fired, s.hull_hits, s.sunk, s.struck), ()

    else:  # the grid held as its 64-character string (3317ed4)

        def apply(s: Any, salvo: object, berth: object) -> tuple[Any, tuple[()]]:
            return Duel(s.turn, s.grid, s.sunk, s.struck), ()

    return _salvos_a_second(apply, seconds)


def deadreckoning_grid(seconds: float) -> float:
    """The floor under any salvo keeping the tree's `Duel`: the same driver, each salvo building
    the next Duel with its one new mark (a new 64-character grid string where the Duel holds one,
    as 3317ed4's did; a bit set in a mask where it holds masks), the fastest way the tree builds
    one (written open and closed in place where the rules have `_NextDuel`; else
    `cardgm.game.builder` where it exists; else the record's own `__init__`). No rules at all: its
    rate over the baseline tree's random salvos is the most any `apply` keeping the record's
    fields could reach."""
    from cardgm.games.deadreckoning import rules as R
    from cardgm.games.deadreckoning.state import CELLS, Duel

    at = {cell: i for i, cell in enumerate(CELLS)}
    opened = getattr(R, "_NextDuel", None)
    if opened is not None:  # the salvo's own way: an open Duel written field by field, then closed
        bits = {cell: 1 << i for cell, i in at.items()}
        new = object.__new__

        def apply(s: Any, salvo: Any, berth: object) -> tuple[Any, tuple[()]]:
            o = new(opened)
            o.turn = s.turn
            o.fired = s.fired | bits[salvo.cell]
            o.hull_hits = s.hull_hits
            o.sunk = s.sunk
            o.struck = False
            o.__class__ = Duel
            return o, ()

        return _salvos_a_second(apply, seconds)
    try:
        from cardgm.game import builder

        build: Callable[..., Any] = builder(Duel)
    except ImportError:  # 3317ed4 had none
        build = Duel
    if hasattr(Duel, "hull_hits"):  # the grid held as two masks
        bits = {cell: 1 << i for cell, i in at.items()}

        def apply(s: Any, salvo: Any, berth: object) -> tuple[Any, tuple[()]]:
            return build(s.turn, s.fired | bits[salvo.cell], s.hull_hits, s.sunk, False), ()

    else:

        def apply(s: Any, salvo: Any, berth: object) -> tuple[Any, tuple[()]]:
            i, grid = at[salvo.cell], s.grid
            return build(s.turn, f"{grid[:i]}o{grid[i + 1:]}", s.sunk, False), ()

    return _salvos_a_second(apply, seconds)


def _salvos_a_second(apply: Callable[[Any, Any, Any], tuple[Any, Any]], seconds: float) -> float:
    """The one DEADRECKONING driver both rows time: the same drawn berths and firing orders, so
    the rules and the record alone are measured on identical duels."""
    from cardgm.games.deadreckoning import rules as R
    from cardgm.games.deadreckoning.seal import draw_berth
    from cardgm.games.deadreckoning.state import Duel

    rng = random.Random(1)
    salvos = [R.Salvo(f"{c}{r}") for r in range(1, 9) for c in "ABCDEFGH"]
    berths = [draw_berth(rng) for _ in range(64)]
    duels = [(rng.choice(berths), rng.sample(salvos, 64)) for _ in range(2048)]
    ending = R.ending
    fired, t0, n = 0, clock(), 0
    while clock() - t0 < seconds:
        berth, order = duels[n % len(duels)]
        n += 1
        s = Duel()
        for salvo in order:
            s, _ = apply(s, salvo, berth)
            fired += 1
            if ending(s) is not None:
                break
    return fired / (clock() - t0)


ROWS: dict[str, tuple[str, Callable[[float], float]]] = {
    "becalmed      apply only": ("days/s", lambda s: becalmed(s, False)),
    "becalmed      random legal play": ("days/s", lambda s: becalmed(s, True)),
    "cattle-trail  random legal play": ("days/s", cattle),
    "deadreckoning random salvos": ("salvos/s", deadreckoning),
    "deadreckoning the record alone": ("salvos/s", deadreckoning_record),
    "deadreckoning record + new grid": ("salvos/s", deadreckoning_grid),
}


def records() -> None:
    """What building each game's state record costs beside one step of its rules (CPU, the best
    of five passes): the part of a step no rules code can save while the state is a frozen
    dataclass, built by its own `__init__`."""
    from dataclasses import fields

    from cardgm.card import load_card
    from cardgm.games.becalmed import rules as B
    from cardgm.games.becalmed.state import State
    from cardgm.games.cattle_trail import rules as C
    from cardgm.games.cattle_trail.actions import DayOrder
    from cardgm.games.cattle_trail.state import Drove
    from cardgm.games.deadreckoning import rules as D
    from cardgm.games.deadreckoning.seal import draw_berth
    from cardgm.games.deadreckoning.state import Duel

    def best(f: Callable[[], object], n: int = 20_000) -> float:
        out = float("inf")
        for _ in range(5):
            t0 = time.process_time()
            for _ in range(n):
                f()
            out = min(out, (time.process_time() - t0) / n)
        return out * 1e6

    becalmed_tape, cattle_tape = load_card("becalmed").tape, load_card("cattle-trail").tape
    first_calls = B.legal_calls(State())[0]
    berth = draw_berth(random.Random(1))
    water = next(f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH" if f"{c}{r}" not in berth.hull_cells)
    duel, drove, state = Duel(), Drove(), State()
    rows = (
        ("becalmed      State", State, lambda: State(**{f.name: getattr(state, f.name) for f in fields(State)}),
         lambda: B.apply(state, first_calls, becalmed_tape)),
        ("cattle-trail  Drove", Drove, lambda: Drove(**{f.name: getattr(drove, f.name) for f in fields(Drove)}),
         lambda: C.apply(drove, DayOrder("STEADY"), cattle_tape)),
        ("deadreckoning Duel", Duel, lambda: Duel(duel.turn, duel.fired, duel.hull_hits, duel.sunk, duel.struck),
         lambda: D.apply(duel, D.Salvo(water), berth)),
    )
    print(f"{'':22} {'fields':>6} {'build (µs)':>11} {'one step (µs)':>14} {'share':>6}")
    for name, cls, build, step in rows:
        kwargs_cost = best(lambda: {f.name: getattr(state, f.name) for f in fields(State)}) if cls is State else (
            best(lambda: {f.name: getattr(drove, f.name) for f in fields(Drove)}) if cls is Drove else 0.0)
        b, a = best(build) - kwargs_cost, best(step)
        print(f"{name:22} {len(fields(cls)):>6} {b:>11.2f} {a:>14.2f} {b / a:>6.0%}")
    print("build: the record by its own __init__ (the keyword dictionary's own cost taken off); one step: a day's "
          "calls or order from the opening, a salvo at open water")


def against(other: str, rounds: int, seconds: float) -> None:
    """Alternating rounds, each workload in a fresh process per tree, CPU seconds."""
    import baseline

    trees = {"this": str(HERE.parent), "base": str(Path(other).resolve())}
    print(baseline.load(), flush=True)
    print(f"this tree: {trees['this']}\nbaseline:  {trees['base']}\n{rounds} rounds of {seconds:g} CPU-s per workload and tree")
    rates: dict[tuple[str, str], list[float]] = {}
    for r in range(rounds):
        order = ("base", "this") if r % 2 == 0 else ("this", "base")
        for name in ROWS:
            for tree in order:
                out = subprocess.run(
                    [sys.executable, __file__, "--one", name, "--tree", trees[tree], "--seconds", str(seconds)],
                    capture_output=True, text=True, check=True,
                )
                rates.setdefault((name, tree), []).append(json.loads(out.stdout)["rate"])
        print(f"round {r + 1}: " + ", ".join(f"{n.split()[0]} {rates[(n, 'this')][-1] / rates[(n, 'base')][-1]:.2f}" for n in ROWS), flush=True)
    print(f"\n{'':32} {'baseline best':>14} {'this best':>12} {'ratio of bests':>15} {'of means':>9} {'rounds min-max':>15}")
    for name, (unit, _) in ROWS.items():
        b, t = rates[(name, "base")], rates[(name, "this")]
        each = [x / y for x, y in zip(t, b)]
        print(f"{name:32} {max(b):>14,.0f} {max(t):>12,.0f} {max(t) / max(b):>15.2f} {statistics.mean(t) / statistics.mean(b):>9.2f} "
              f"{min(each):>7.2f}-{max(each):.2f}  {unit}")
    floor, salvos = rates[("deadreckoning record + new grid", "this")], rates[("deadreckoning random salvos", "base")]
    print(f"DEADRECKONING's ceiling within Duel's fields: this tree's record + new grid, no rules at all, over the baseline's "
          f"random salvos = {max(floor) / max(salvos):.2f} (best) / {statistics.mean(floor) / statistics.mean(salvos):.2f} (means)")
    print(baseline.load())


def main() -> None:
    import baseline

    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--cpu", action="store_true", help="count CPU seconds, not wall seconds (figure and reference alike)")
    ap.add_argument("--against", metavar="DIR", help="compare with the cardgm package in DIR, alternating rounds, CPU seconds")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--records", action="store_true", help="what building each state record costs beside one step")
    ap.add_argument("--one", help=argparse.SUPPRESS)  # a worker: one workload, its rate as JSON
    ap.add_argument("--tree", help=argparse.SUPPRESS)
    args = ap.parse_args()
    global clock
    baseline.one_core()
    if args.against:
        return against(args.against, args.rounds, args.seconds)
    if args.records:
        print(baseline.load())
        return records()
    if args.cpu or args.one:
        clock = time.process_time
    if args.one:
        print(json.dumps({"rate": ROWS[args.one][1](args.seconds), "pid": os.getpid()}))
        return
    print(baseline.load())
    print(f"{'':32} {'figure':>10} {'':8} {'reference':>10} {'ratio':>7}")
    for name, (unit, measure) in ROWS.items():
        ref = baseline.reference_rate(min(2.0, args.seconds), clock)  # just before, on the same clock
        figure = measure(args.seconds)
        print(f"{name:32} {figure:>10,.0f} {unit:8} {ref:>10,.0f} {figure / ref:7.2f}", flush=True)
    print(baseline.load())
    print("reference: units/s of bench/baseline.py's fixed loop, measured just before each figure; ratio = figure / reference")
    print(f"figures and reference in {'CPU' if args.cpu else 'wall'} seconds")


if __name__ == "__main__":
    main()
