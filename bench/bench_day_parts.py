"""Where a random-play day goes: a DROVER'S AUTUMN day and a BECALMED day split into their parts,
in this checkout and, with `--against DIR`, in another tree (DIR holds its `cardgm` package:
`git archive 3317ed4 cardgm | tar -x -C /tmp/base3317`), each tree in its own process, the trees
taking turns, CPU time.

    python bench/bench_day_parts.py [--against DIR] [--rounds 3] [--steps 20000] [--passes 15]

The days are recorded once from bench_engine.py's random legal play on the printed tape (seed 1,
20,000 steps); each part is then timed over all of them, the best of 15 passes, in CPU µs a day:

- driver: the benchmark's own work a day (the legal moves listed, one drawn);
- refusal: the rules' check of the day's order or calls;
- working copy: the day's mutable copy made (DROVER'S `_Work`, BECALMED `_Dusk`);
- state record: the day's state built (DROVER'S from its working copy: in this tree the copy's
  class changed to `Drove` in place, in 3317ed4 a new Drove built from it; BECALMED from the day's
  values, by keyword);
- apply: the whole step, refusal included;
- the rules' own work: apply less refusal, working copy and state record.

A tree's best day is driver + apply; the ratio of two trees' days is what bench_engine.py
--against measures, part by part.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# a worker's sizes, from the command line (the workers are this script again)
STEPS = int(sys.argv[sys.argv.index("--steps") + 1]) if "--steps" in sys.argv else 20_000
PASSES = int(sys.argv[sys.argv.index("--passes") + 1]) if "--passes" in sys.argv else 15
sys.path.insert(0, sys.argv[sys.argv.index("--tree") + 1] if "--tree" in sys.argv else str(HERE.parent))
sys.path.insert(1, str(HERE))  # bench/baseline.py

PARTS = ("driver", "refusal", "working copy", "state record", "apply")


def _best(pass_: Callable[[], object], n: int) -> float:
    out = float("inf")
    for _ in range(PASSES):
        t0 = time.process_time()
        pass_()
        out = min(out, time.process_time() - t0)
    return out / n * 1e6


def cattle() -> dict[str, float]:
    from cardgm.card import load_card
    from cardgm.games.cattle_trail import rules as R
    from cardgm.games.cattle_trail.actions import DayOrder
    from cardgm.games.cattle_trail.state import Drove

    tape = load_card("cattle-trail").tape
    rng = random.Random(1)
    orders = {o: DayOrder(o, toll_pace="STEADY" if o == "TOLL" else None) for o in ("EASY", "STEADY", "PUSH", "REST", "ONE BOAT", "TWO BOATS", "FORD", "TOLL")}
    days: list[tuple[Drove, DayOrder]] = []
    while len(days) < STEPS:
        s = Drove()
        while not s.ended:
            a = orders[rng.choice(R.legal_orders(s))]
            days.append((s, a))
            s, _ = R.apply(s, a, tape)
    # This tree's working copy becomes the day's Drove in place (its class changed when the rules
    # end); 3317ed4's was a separate object copied back into a new Drove (`freeze`).
    in_place = not hasattr(R._Work, "freeze")

    def copy(s: Drove) -> Any:
        return R._Work(s) if in_place else R._Work(s, R.RULED, True)

    copies = [copy(s) for s, _ in days]

    def driver() -> None:
        for s, _ in days:
            orders[rng.choice(R.legal_orders(s))]
            s.ended  # noqa: B018 - the benchmark asks it every day

    def refusal() -> None:
        for s, a in days:
            R.refusal(s, a)

    def working_copy() -> None:
        for s, _ in days:
            copy(s)

    def state_record() -> None:
        if not in_place:
            for w in copies:
                w.freeze()
            return
        for w in copies:
            w.__class__ = Drove
        for w in copies:  # opened again for the next pass: a second class change, counted as a day's
            object.__setattr__(w, "__class__", R._Work)  # a frozen Drove refuses `w.__class__ = `

    def apply() -> None:
        for s, a in days:
            R.apply(s, a, tape)

    parts = {name: _best(f, len(days)) for name, f in zip(PARTS, (driver, refusal, working_copy, state_record, apply))}
    if in_place:
        parts["state record"] /= 2  # each copy closed and opened again: two class changes a day
    return parts


def becalmed() -> dict[str, float]:
    from cardgm.card import load_card
    from cardgm.games.becalmed import rules as R
    from cardgm.games.becalmed.state import State

    tape = load_card("becalmed").tape
    rng = random.Random(1)
    days: list[tuple[State, Any]] = []
    while len(days) < STEPS:
        s = State()
        while s.end is None:
            a = rng.choice(R.legal_actions(s)) if s.phase != "calls" else rng.choice(R.legal_calls(s))
            if s.phase == "calls":
                days.append((s, a))
            s, _ = R.apply(s, a, tape)
    opened = getattr(R, "_OpenState", None)  # this tree's open State, else its builder or the record's own __init__
    build = getattr(R, "build_state", State)

    def driver() -> None:
        for s, _ in days:
            rng.choice(R.legal_calls(s))

    def refusal() -> None:
        for s, a in days:
            R._calls_refusal(s, a, R.needs(s))

    def working_copy() -> None:
        for s, a in days:
            R._Dusk(s, tape, a.issue, a.canvas or "DOWN", a.hands or "NONE")

    def state_record() -> None:
        if opened is not None:  # written open and closed in place, as the rules do
            new = object.__new__
            for s, _ in days:
                o = new(opened)
                o.turn, o.day, o.westing, o.water, o.thirst, o.crew, o.canvas = s.turn, s.day, s.westing, s.water, s.thirst, s.crew, s.canvas
                o.flares, o.tape, o.seams, o.sharks, o.butchering, o.in_lane = s.flares, s.tape, s.seams, s.sharks, s.butchering, s.in_lane
                o.passed_ship, o.phase, o.today, o.end, o.ship_answered = s.passed_ship, s.phase, None, s.end, s.ship_answered
                o.deaths_plain, o.stop_day = s.deaths_plain, s.stop_day
                o.__class__ = State
            return
        for s, _ in days:
            build(
                turn=s.turn, day=s.day, westing=s.westing, water=s.water, thirst=s.thirst, crew=s.crew, canvas=s.canvas,
                flares=s.flares, tape=s.tape, seams=s.seams, sharks=s.sharks, butchering=s.butchering, in_lane=s.in_lane,
                passed_ship=s.passed_ship, phase=s.phase, today=None, end=s.end, ship_answered=s.ship_answered,
                deaths_plain=s.deaths_plain, stop_day=s.stop_day,
            )  # fmt: skip

    def apply() -> None:
        for s, a in days:
            R.apply(s, a, tape)

    return {name: _best(f, len(days)) for name, f in zip(PARTS, (driver, refusal, working_copy, state_record, apply))}


GAMES: dict[str, Callable[[], dict[str, float]]] = {"cattle-trail": cattle, "becalmed": becalmed}


def _print(game: str, trees: dict[str, list[dict[str, float]]]) -> None:
    best = {t: {p: min(r[p] for r in runs) for p in PARTS} for t, runs in trees.items()}
    for parts in best.values():
        parts["the rules' own work"] = parts["apply"] - parts["refusal"] - parts["working copy"] - parts["state record"]
        parts["a day (driver + apply)"] = parts["driver"] + parts["apply"]
    names = list(trees)
    print(f"\n{game} (CPU µs a day, best of all passes)")
    print(f"{'':26}" + "".join(f"{t:>12}" for t in names) + (f"{'ratio':>8}" if len(names) == 2 else ""))
    for part in best[names[0]]:
        row = f"{part:26}" + "".join(f"{best[t][part]:>12.2f}" for t in names)
        if len(names) == 2 and best["this"][part] > 0:
            row += f"{best['base'][part] / best['this'][part]:>8.2f}"
        print(row)


def main() -> None:
    import baseline

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", metavar="DIR", help="another tree's cardgm package, timed alternately in its own processes")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--steps", type=int, default=20_000, help="days recorded from random play")
    ap.add_argument("--passes", type=int, default=15, help="passes over them per part (the best is kept)")
    ap.add_argument("--one", help=argparse.SUPPRESS)  # a worker: one game's parts as JSON
    ap.add_argument("--tree", help=argparse.SUPPRESS)
    args = ap.parse_args()
    baseline.one_core()
    if args.one:
        print(json.dumps(GAMES[args.one]()))
        return
    print(baseline.load(), flush=True)
    trees = {"this": str(HERE.parent)} | ({"base": str(Path(args.against).resolve())} if args.against else {})
    for game in GAMES:
        runs: dict[str, list[dict[str, float]]] = {t: [] for t in trees}
        for r in range(args.rounds):
            for tree in list(trees) if r % 2 == 0 else list(trees)[::-1]:
                command = [sys.executable, __file__, "--one", game, "--tree", trees[tree], "--steps", str(args.steps), "--passes", str(args.passes)]
                out = subprocess.run(command, capture_output=True, text=True, check=True)
                runs[tree].append(json.loads(out.stdout))
        _print(game, runs)
    print(baseline.load())
    print("ratio: the other tree's µs over this tree's (above 1: this tree is faster)")


if __name__ == "__main__":
    main()
