"""The reachable mornings a SAVE block is checked against: how many, and what they cost.

    python bench/bench_reach.py            # time the search per day for every shipped card, from scratch
    python bench/bench_reach.py --write    # and write the printed tapes' sets into the package
    python bench/bench_reach.py --late 40  # DROVER'S AUTUMN after its held days: the search toward a block
    python bench/bench_reach.py --smiddy   # DROVER'S late blocks after selling the herd at the Smiddy (--old: and without the silver bound)
    python bench/bench_reach.py --agree 30 # tampered blocks of days 9-14: the same verdict with and without the silver bound
    python bench/bench_reach.py --played 200  # DROVER'S days 9-21: 200 random-play mornings (reachable), the spread and the slowest

Prints, per card and day, the mornings play reaches, the seconds the search took to get there from
the day before, and the time to check one block once the set is held, each against a reference
loop (a million additions in pure Python) timed in the same run.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from importlib import import_module
from typing import Any

from cardgm.card import load_card


def reference() -> float:
    t = time.perf_counter()
    n = 0
    for i in range(1_000_000):
        n += i
    return time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="write the printed tapes' sets into the package")
    parser.add_argument("--card", action="append", help="only this card (repeatable)")
    parser.add_argument("--days", type=int, help="stop after this day (the whole search by default; --write needs it whole)")
    parser.add_argument("--late", type=int, metavar="N", help="DROVER'S AUTUMN days 9-21: N random-play mornings and their tampers, timed")
    parser.add_argument("--plain-day-10", action="store_true", help="with --late: also day 10 state by state (many minutes)")
    parser.add_argument("--limit", type=int, default=120, help="with --late: seconds one check may take before it is counted as over and left")
    parser.add_argument("--smiddy", action="store_true", help="DROVER'S AUTUMN: late blocks at the Smiddy after selling the herd, timed")
    parser.add_argument("--old", action="store_true", help="with --smiddy: also the search without the silver bound (minutes a block)")
    parser.add_argument("--agree", type=int, metavar="N", help="DROVER'S AUTUMN days 9-14: N mornings and their tampers, with and without the silver bound")
    parser.add_argument("--played", type=int, metavar="N", help="DROVER'S AUTUMN days 9-21: N random-play mornings (as a player pastes them), timed")
    args = parser.parse_args()
    ref = reference()
    print(f"reference loop: {ref * 1000:.1f} ms")
    if args.late:
        late(args.late, ref, args.plain_day_10, args.limit)
        return
    if args.smiddy:
        smiddy(ref, args.old)
        return
    if args.agree:
        agree(args.agree, ref)
        return
    if args.played:
        played(args.played, ref, args.limit)
        return
    for card_id in args.card or ["becalmed", "cattle-trail"]:
        package = card_id.replace("-", "_")
        reach = import_module(f"cardgm.games.{package}.reach")
        card = load_card(card_id)
        tape = card.tape
        days = [reach.opening()]
        started = time.perf_counter()
        print(f"{card_id}: day 1: {len(days[0])} morning")
        last = min(reach.LAST_MORNING, args.days or reach.LAST_MORNING)
        while days[-1].day < last:
            t = time.perf_counter()
            days.append(reach.next_day(days[-1], tape))
            took = time.perf_counter() - t
            print(f"{card_id}: day {days[-1].day}: {len(days[-1]):,} mornings, {took:.2f} s ({took / ref:.1f} × reference)", flush=True)
        total = time.perf_counter() - started
        print(f"{card_id}: every day: {sum(len(d) for d in days):,} mornings, {total:.1f} s ({total / ref:.0f} × reference)")
        if args.write and last == reach.LAST_MORNING:
            kept = reach._kept(tape, reach.rules.RULED)
            reach.SHIPPED.mkdir(exist_ok=True)
            for old in reach.SHIPPED.glob("*.json.gz"):
                old.unlink()
            path = reach.SHIPPED / kept.file
            with gzip.open(path, "wt", encoding="utf-8") as f:
                json.dump(reach._encode(days), f, separators=(",", ":"))
            print(f"{card_id}: wrote {path} ({path.stat().st_size:,} bytes)")


def late(n: int, ref: float, plain_10: bool, limit: int) -> None:
    """DROVER'S AUTUMN after reach.EXACT_DAYS: days 9 and 10 worked out whole (grouped, and state
    by state on day 9, or 10 too), tampered blocks of them judged through the loader against those
    sets, then `n` mornings of random play on days 9-21 and a tamper of each, every check timed."""
    import random
    import signal
    import sys
    from dataclasses import replace
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from cardgm.game import SaveError
    from cardgm.games import make_game
    from cardgm.games.cattle_trail import notation, reach
    from tests.hostile import test_reach_late as t

    card = load_card("cattle-trail")
    game, tape = make_game(card), card.tape
    day8 = reach.mornings(tape, 8)
    assert day8 is not None
    sets: dict[int, frozenset[reach.Key]] = {}
    layer, day = reach.layer_of(day8), 8
    for day in (9, 10):
        t0 = time.perf_counter()
        layer = reach.next_layer(layer, day - 1, tape)
        took = time.perf_counter() - t0
        sets[day] = reach.mornings_of(layer, day).keys
        print(f"day {day}: {len(sets[day]):,} mornings in {len(layer):,} groups, grouped search {took:.1f} s ({took / ref:.0f} × reference)", flush=True)
    t0 = time.perf_counter()
    plain9 = t.plain_next_day(set(day8.keys), 8)
    took = time.perf_counter() - t0
    print(f"day 9 state by state: {len(plain9):,} mornings, {took:.1f} s ({took / ref:.0f} ×); equal to the grouped: {plain9 == sets[9]}", flush=True)
    if plain_10:
        t0 = time.perf_counter()
        plain10 = t.plain_next_day(plain9, 9)
        took = time.perf_counter() - t0
        print(f"day 10 state by state: {len(plain10):,} mornings, {took:.1f} s ({took / ref:.0f} ×); equal: {plain10 == sets[10]}", flush=True)
    rng = random.Random(19)
    for day in (9, 10):
        tally = {"reached": 0, "unreached": 0, "wrong": 0}
        worst = 0.0
        for key in rng.sample(sorted(sets[day], key=repr), 25):
            s = reach.drove(key, day)
            for change in t.CHANGES.values():
                m = replace(s, turn=30, **change(s, rng))
                inside = reach.key_of(m) in sets[day]
                t0 = time.perf_counter()
                try:
                    game.load(notation.save(m))
                    ok = inside
                except SaveError:
                    ok = not inside
                worst = max(worst, time.perf_counter() - t0)
                tally["reached" if inside else "unreached"] += 1
                tally["wrong"] += not ok
        print(f"day {day} tampered blocks against the whole set: {tally}, slowest check {worst:.2f} s", flush=True)
    mornings = [s for line in t.lines(max(200, n)) for s in line if s.day > reach.EXACT_DAYS]
    times: dict[str, list[tuple[float, int, bool]]] = {"reached": [], "tampered": []}
    over = {"reached": 0, "tampered": 0}
    for s in rng.sample(mornings, n):
        for kind, m in (("reached", s), ("tampered", replace(s, **rng.choice(list(t.CHANGES.values()))(s, rng)))):
            t0 = time.perf_counter()
            signal.signal(signal.SIGALRM, _over)
            signal.alarm(limit)
            try:
                found = reach.toward(m, tape)
            except Over:
                print(f"  {kind:8} day {m.day:2} mile {m.mile:3}: over {limit} s, left", flush=True)
                over[kind] += 1
                continue
            finally:
                signal.alarm(0)
            took = time.perf_counter() - t0
            if kind == "reached":
                assert found.reached, notation.save(m)
            times[kind].append((took, m.day, found.reached))
            said = "reached" if found.reached else "refused"
            print(f"  {kind:8} day {m.day:2} mile {m.mile:3}: {said} in {took:.2f} s, {found.searched:,} groups", flush=True)
    for kind, rows in times.items():
        secs = sorted(r[0] for r in rows) or [0.0]
        refused = [r for r in rows if not r[2]]
        print(
            f"{kind}: {len(rows)} checks, median {secs[len(secs) // 2]:.2f} s ({secs[len(secs) // 2] / ref:.0f} × reference), "
            f"90th {secs[len(secs) * 9 // 10]:.2f} s ({secs[len(secs) * 9 // 10] / ref:.0f} ×), slowest {secs[-1]:.2f} s ({secs[-1] / ref:.0f} × reference)"
            + (f"; {len(refused)} refused, slowest refusal {max(r[0] for r in refused):.2f} s" if refused else "")
            + f"; {over[kind]} over {limit} s",
            flush=True,
        )


def _smiddy_blocks() -> list[Any]:
    from itertools import product

    from cardgm.games.cattle_trail.state import Drove

    crews = {"hired": (("you", "Calum", "Bran", "Hector"), ("Ewan",)), "own": (("you", "Ewan", "Calum", "Bran"), ())}
    out = []
    for day, head, crew, silver, meal in product((13, 17, 21), (1, 4), crews.values(), (140, 163, 170, 183), (12, 4)):
        out.append(Drove(turn=37, day=day, mile=90, head=head, flesh=6, meal=meal, silver=silver, wear=1, spate=0, crew=crew[0], laid=crew[1], tape=day - 1))
    return out


def smiddy(ref: float, old: bool) -> None:
    """Blocks at the Smiddy (mile 90) after selling most of the herd there (the slow family of
    docs/hostile-input.md): days 13, 17 and 21, one or four head, Hector hired with Ewan laid up or
    the township's crew, 140, 163, 170 or 183 silver, a full bag or four meal; each checked by
    reach.toward, timed against the reference loop; with `old`, also without the silver bound
    (reach.toward(spends=False), minutes a block), the verdicts compared."""
    from cardgm.games.cattle_trail import notation, reach

    tape = load_card("cattle-trail").tape
    reach.mornings(tape, 8)
    took: list[float] = []
    for s in _smiddy_blocks():
        t0 = time.perf_counter()
        found = reach.toward(s, tape).reached
        took.append(time.perf_counter() - t0)
        said = f"{'resumed' if found else 'refused'} in {took[-1]:.2f} s ({took[-1] / ref:.0f} × reference)"
        if old:
            t0 = time.perf_counter()
            before = reach.toward(s, tape, spends=False).reached
            was = time.perf_counter() - t0
            said += f"; without the silver bound {'resumed' if before else 'refused'} in {was:.2f} s ({was / ref:.0f} ×)"
            assert before == found, notation.save(s)
        print(f"  day {s.day} head {s.head} {','.join(s.crew)} silver {s.silver} meal {s.meal}: {said}", flush=True)
    took.sort()
    median = took[len(took) // 2]
    print(f"{len(took)} blocks: median {median:.2f} s ({median / ref:.0f} × reference), slowest {took[-1]:.2f} s ({took[-1] / ref:.0f} ×)")


def agree(n: int, ref: float) -> None:
    """`n` mornings of random play on days 9-14 and a tamper of each (as the tests make them):
    reach.toward with and without the silver bound, every verdict the same."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from cardgm.games.cattle_trail import notation, reach
    from tests.hostile import test_reach_late as t

    tape = load_card("cattle-trail").tape
    tally = {"resumed": 0, "refused": 0, "differ": 0}
    times = {True: 0.0, False: 0.0}
    for s in t._late_blocks(range(9, 15), n, 47):
        t0 = time.perf_counter()
        found = reach.toward(s, tape).reached
        times[True] += time.perf_counter() - t0
        t0 = time.perf_counter()
        before = reach.toward(s, tape, spends=False).reached
        times[False] += time.perf_counter() - t0
        tally["resumed" if found else "refused"] += 1
        if before != found:
            tally["differ"] += 1
            print(f"  differ: {notation.save(s)!r}", flush=True)
    print(
        f"{2 * n} blocks of days 9-14: {tally}; with the silver bound {times[True]:.1f} s ({times[True] / ref:.0f} ×), "
        f"without {times[False]:.1f} s ({times[False] / ref:.0f} ×)"
    )


def played(n: int, ref: float, limit: int) -> None:
    """`n` mornings of random play on days 9-21, as a player would paste them (each reachable):
    every check timed (one past `limit` seconds counted as `limit` and left), then the median, 90th
    and slowest against the reference loop, and the ten slowest blocks with the groups each searched."""
    import random
    import signal
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from cardgm.games.cattle_trail import notation, reach
    from tests.hostile import test_reach_late as t

    tape = load_card("cattle-trail").tape
    reach.mornings(tape, 8)
    late = [s for line in t.lines() for s in line if s.day > reach.EXACT_DAYS]
    rows: list[tuple[float, int, Any]] = []
    for s in random.Random(53).sample(late, n):
        t0 = time.perf_counter()
        signal.signal(signal.SIGALRM, _over)
        signal.alarm(limit)
        try:
            found = reach.toward(s, tape)
        except Over:
            rows.append((float(limit), -1, s))
            print(f"  day {s.day:2} mile {s.mile:3} head {s.head:2} silver {s.silver:3}: over {limit} s, left", flush=True)
            continue
        finally:
            signal.alarm(0)
        took = time.perf_counter() - t0
        assert found.reached, notation.save(s)
        rows.append((took, found.searched, s))
        print(f"  day {s.day:2} mile {s.mile:3} head {s.head:2} silver {s.silver:3}: {took:.2f} s ({took / ref:.0f} ×), {found.searched:,} groups", flush=True)
    rows.sort(key=lambda r: r[0])
    secs = [r[0] for r in rows]
    pick = {"median": secs[len(secs) // 2], "90th": secs[len(secs) * 9 // 10], "slowest": secs[-1]}
    print(f"{n} reachable blocks: " + ", ".join(f"{k} {v:.2f} s ({v / ref:.1f} ×)" for k, v in pick.items()) + f"; total {sum(secs):.1f} s")
    for took, searched, s in rows[-10:]:
        print(f"  {took:.2f} s ({took / ref:.0f} ×), {searched:,} groups: {' '.join(notation.save(s).split()[2:-3])}")


class Over(Exception):
    """A check past --limit."""


def _over(signum: int, frame: object) -> None:
    raise Over


if __name__ == "__main__":
    main()
